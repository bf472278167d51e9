// SPDX-License-Identifier: GPL-2.0-only
/*
 * test_nls.c - the conversions behind whatenc_nls.ko's NLS tables
 * (module/nls/nls_conv.c, nls_case.c), every table over its whole index
 *
 * What each table must do comes from build/vectors/nls_vectors.h, which
 * scripts/vectors/nls_index.py computes from the index files in
 * $(SHARED)/whatwg with the Encoding Standard's decoder and encoder
 * algorithms: the code point of every byte that is a character by
 * itself, every valid multi-byte sequence with its code point, and the
 * bytes of every BMP code point the encoder writes. char2uni() is run on
 * every sequence at every boundlen from 1 to one past its length, on
 * every two-byte sequence of the multi-byte encodings (and all of EUC-JP's
 * three-byte space, a slice of gb18030's four-byte space), uni2char() on
 * every BMP code point at every boundlen up to its length. A NUL or '/'
 * comes out only of a 0x00 or 0x2F byte and goes in only as one: no name
 * grows or loses a separator in either direction.
 */
#include "whatenc.h"
#include "whatenc_nls.h"
#include "wt_test.h"
#include "nls_vectors.h"

#define NEED_VECTORS() do {						\
	if (!NLSV_PRESENT)						\
		WT_SKIP("no index files: SHARED missing");		\
} while (0)

/* Bytes of a packed sequence (big-endian, no 0x00 byte after the first). */
static unsigned int nlsv_len(u32 packed)
{
	return packed > 0xffffff ? 4 : packed > 0xffff ? 3 :
	       packed > 0xff ? 2 : 1;
}

static unsigned int nlsv_bytes(u32 packed, u8 *p)
{
	unsigned int n = nlsv_len(packed), i;

	for (i = 0; i < n; i++)
		p[i] = packed >> (8 * (n - 1 - i));
	return n;
}

/* The index of @packed in @t->dec, or -1. */
static int nlsv_dec_find(const struct nlsv_table *t, u32 packed)
{
	int lo = 0, hi = (int)t->n_dec - 1;

	while (lo <= hi) {
		int mid = lo + (hi - lo) / 2;

		if (t->dec[mid][0] == packed)
			return mid;
		if (t->dec[mid][0] < packed)
			lo = mid + 1;
		else
			hi = mid - 1;
	}
	return -1;
}

static int nlsv_enc(const struct nlsv_table *t)
{
	return whatenc_get_encoding(t->label, strlen(t->label));
}

/* What char2uni must return for a sequence that decodes to @cp. */
static int nlsv_want(u32 cp, unsigned int n)
{
	return cp > 0xffff ? -EINVAL : (int)n;	/* NLSV_PAIR too */
}

/*
 * char2uni(@in, @bl) must return @want and, on success, set @cp; on an
 * error leave *uni alone.
 */
static void check_c2u(struct wt_ctx *wt, const struct nlsv_table *t, int enc,
		      const u8 *in, int bl, int want, u32 cp)
{
	u16 uni = 0xfffe;
	int r = whatenc_nls_char2uni(enc, in, bl, &uni);

	if (r != want)
		WT_FAIL("%s: char2uni(%*ph, %d) = %d, want %d", t->label,
			bl, in, bl, r, want);
	else if (r > 0 && uni != cp)
		WT_FAIL("%s: char2uni(%*ph) = U+%04X, want U+%04X", t->label,
			bl, in, uni, cp);
	else if (r < 0 && uni != 0xfffe)
		WT_FAIL("%s: char2uni(%*ph) failed but wrote U+%04X", t->label,
			bl, in, uni);
}

/* Every table: its name is the contract "whatwg-" + lowercase name. */
WT_CASE(nls_names)
{
#define WHATENC_NLS(id, name, stem)	{ WHATENC_##id, name },
	static const struct {
		int enc;
		const char *name;
	} list[] = {
#include "whatenc_nls_list.h"
	};
#undef WHATENC_NLS
	static const int left_out[] = {
		WHATENC_UTF_8, WHATENC_ISO_2022_JP, WHATENC_UTF_16BE,
		WHATENC_UTF_16LE, WHATENC_REPLACEMENT,
	};
	char want[40];
	unsigned int i, j;
	const char *s;
	u16 uni;
	u8 out[6];

	for (i = 0; i < ARRAY_SIZE(list); i++) {
		s = whatenc_encoding_name(list[i].enc);
		WT_ASSERT_TRUE(s && strlen(s) + 8 < sizeof(want));
		memcpy(want, "whatwg-", 7);
		for (j = 0; s[j]; j++)
			want[7 + j] = s[j] >= 'A' && s[j] <= 'Z' ? s[j] + 32 : s[j];
		want[7 + j] = 0;
		WT_EXPECT_EQ(strcmp(list[i].name, want), 0);
		WT_EXPECT_TRUE(whatenc_nls_supported(list[i].enc));
		WT_EXPECT_TRUE(whatenc_nls_lower(list[i].enc) != NULL);
		WT_EXPECT_TRUE(whatenc_nls_upper(list[i].enc) != NULL);
	}
	/* all 40 encodings but UTF-8, ISO-2022-JP, UTF-16BE/LE, replacement */
	WT_EXPECT_EQ(ARRAY_SIZE(list), WHATENC_NR_ENCODINGS - ARRAY_SIZE(left_out));
	for (i = 0; i < ARRAY_SIZE(left_out); i++) {
		WT_EXPECT_TRUE(!whatenc_nls_supported(left_out[i]));
		WT_EXPECT_EQ(whatenc_nls_char2uni(left_out[i], (const u8 *)"\xa4", 1,
						  &uni), -EINVAL);
		WT_EXPECT_EQ(whatenc_nls_uni2char(left_out[i], 0xe9, out, 6), -EINVAL);
	}
	WT_EXPECT_TRUE(!whatenc_nls_supported(WHATENC_NR_ENCODINGS));
	WT_EXPECT_EQ(NLSV_N_TABLES ? NLSV_N_TABLES : ARRAY_SIZE(list), ARRAY_SIZE(list));
}

/* Every byte alone (boundlen 1), and boundlen 0 and below. */
WT_CASE(nls_char2uni_bytes)
{
	unsigned int i, b;
	u8 in[4];
	u16 uni;

	NEED_VECTORS();

	for (i = 0; i < NLSV_N_TABLES; i++) {
		const struct nlsv_table *t = &nlsv_tables[i];
		int enc = nlsv_enc(t);

		WT_ASSERT_TRUE(enc >= 0 && whatenc_nls_supported(enc));
		for (b = 0; b < 256; b++) {
			u32 cp = t->single[b];

			in[0] = b;
			in[1] = in[2] = in[3] = 'A';
			check_c2u(wt, t, enc, in, 1, cp == NLSV_NONE ? -EINVAL : 1, cp);
			if (cp != NLSV_NONE)
				check_c2u(wt, t, enc, in, 4, 1, cp);
		}
		WT_EXPECT_EQ(whatenc_nls_char2uni(enc, in, 0, &uni), -ENAMETOOLONG);
		WT_EXPECT_EQ(whatenc_nls_char2uni(enc, in, -1, &uni), -ENAMETOOLONG);
	}
}

/* Every multi-byte sequence of every table, at every boundlen. */
WT_CASE(nls_char2uni_index)
{
	unsigned int i, k, n, bl;
	u8 in[8];

	NEED_VECTORS();

	for (i = 0; i < NLSV_N_TABLES; i++) {
		const struct nlsv_table *t = &nlsv_tables[i];
		int enc = nlsv_enc(t);

		for (k = 0; k < t->n_dec; k++) {
			u32 cp = t->dec[k][1];

			n = nlsv_bytes(t->dec[k][0], in);
			in[n] = 'A';
			for (bl = 1; bl < n; bl++)
				check_c2u(wt, t, enc, in, bl, -EINVAL, 0);
			check_c2u(wt, t, enc, in, n, nlsv_want(cp, n), cp);
			/* no multi-byte sequence decodes to U+0000 or U+002F */
			WT_EXPECT_TRUE(cp && cp != '/');
			check_c2u(wt, t, enc, in, n + 1, nlsv_want(cp, n), cp);
			if (!(k & 4095))
				WT_YIELD();
		}
	}
}

/*
 * Malformed input: every two-byte sequence that does not start with a
 * character of its own is a valid pair or -EINVAL (a cut-off longer
 * sequence included); every 0x8F xx yy of EUC-JP; a slice of gb18030's
 * four-byte space.
 */
WT_CASE(nls_char2uni_malformed)
{
	static const u8 gb_first[] = { 0x81, 0x84, 0x85, 0x8f, 0x90, 0xe3, 0xfe };
	static const u8 gb_third[] = { 0x80, 0x81, 0x82, 0xfe, 0xff };
	unsigned int i, b0, b1, b2, b3;
	int at;
	u8 in[4];

	NEED_VECTORS();

	for (i = 0; i < NLSV_N_TABLES; i++) {
		const struct nlsv_table *t = &nlsv_tables[i];
		int enc = nlsv_enc(t);

		if (!t->n_dec)
			continue;
		for (b0 = 0x80; b0 < 256; b0++) {
			if (t->single[b0] != NLSV_NONE)
				continue;
			for (b1 = 0; b1 < 256; b1++) {
				in[0] = b0;
				in[1] = b1;
				at = nlsv_dec_find(t, b0 << 8 | b1);
				check_c2u(wt, t, enc, in, 2, at < 0 ? -EINVAL :
					  nlsv_want(t->dec[at][1], 2),
					  at < 0 ? 0 : t->dec[at][1]);
			}
			WT_YIELD();
		}
		if (!strcmp(t->label, "euc-jp")) {
			for (b1 = 0; b1 < 256; b1++)
				for (b2 = 0; b2 < 256; b2++) {
					in[0] = 0x8f;
					in[1] = b1;
					in[2] = b2;
					at = nlsv_dec_find(t, 0x8f0000 | b1 << 8 | b2);
					check_c2u(wt, t, enc, in, 3, at < 0 ? -EINVAL : 3,
						  at < 0 ? 0 : t->dec[at][1]);
				}
		}
		if (strcmp(t->label, "gb18030") && strcmp(t->label, "gbk"))
			continue;
		for (b0 = 0; b0 < ARRAY_SIZE(gb_first); b0++)
			for (b1 = 0x30; b1 <= 0x39; b1++)
				for (b2 = 0; b2 < ARRAY_SIZE(gb_third); b2++) {
					for (b3 = 0; b3 < 256; b3++) {
						u32 p = (u32)gb_first[b0] << 24 | b1 << 16 |
							gb_third[b2] << 8 | b3;

						nlsv_bytes(p, in);
						at = nlsv_dec_find(t, p);
						check_c2u(wt, t, enc, in, 4, at < 0 ? -EINVAL :
							  nlsv_want(t->dec[at][1], 4),
							  at < 0 ? 0 : t->dec[at][1]);
					}
					WT_YIELD();
				}
	}
}

/* Every BMP code point, at every boundlen up to its length. */
WT_CASE(nls_uni2char_all)
{
	unsigned int i, k, n, bl, cp;
	u8 want[4], out[8];
	int r;

	NEED_VECTORS();

	for (i = 0; i < NLSV_N_TABLES; i++) {
		const struct nlsv_table *t = &nlsv_tables[i];
		int enc = nlsv_enc(t);

		k = 0;
		for (cp = 0; cp <= 0xffff; cp++) {
			if (cp < 0x80) {
				n = 1;
				want[0] = cp;
			} else if (k < t->n_enc && t->enc[k][0] == cp) {
				n = nlsv_bytes(t->enc[k++][1], want);
			} else {
				n = 0;
			}
			memset(out, 0xee, sizeof(out));
			r = whatenc_nls_uni2char(enc, cp, out, 6);
			if (r != (n ? (int)n : -EINVAL) ||
			    (n && memcmp(out, want, n)))
				WT_FAIL("%s: uni2char(U+%04X) = %d %*ph, want %d %*ph",
					t->label, cp, r, 4, out, n ? (int)n : -EINVAL,
					4, want);
			/* only U+0000 and U+002F give a NUL or '/' byte */
			if (r > 0 && cp && cp != '/' &&
			    (memchr(out, 0, r) || memchr(out, '/', r)))
				WT_FAIL("%s: uni2char(U+%04X) wrote a NUL or '/'",
					t->label, cp);
			for (bl = 0; bl < n; bl++) {
				memset(out, 0xee, sizeof(out));
				r = whatenc_nls_uni2char(enc, cp, out, bl);
				if (r != -ENAMETOOLONG || out[0] != 0xee)
					WT_FAIL("%s: uni2char(U+%04X, %u) = %d",
						t->label, cp, bl, r);
			}
			if (!(cp & 4095))
				WT_YIELD();
		}
		WT_EXPECT_EQ(k, t->n_enc);
	}
}

/* The byte of @cp in @t if it is one byte, else -1. */
static int nlsv_byte_of(const struct nlsv_table *t, u32 cp)
{
	unsigned int b;

	for (b = 0; b < 256; b++)
		if (t->single[b] == cp)
			return b;
	return -1;
}

/*
 * charset2lower/upper: nothing folded where a second byte can be an ASCII
 * letter, ASCII only for EUC-JP and x-user-defined; in the single-byte
 * tables these Unicode case pairs fold wherever the table has both.
 */
WT_CASE(nls_case)
{
	static const u16 pairs[][2] = {
		{ 'A', 'a' }, { 'Z', 'z' }, { 0xc9, 0xe9 }, { 0xc0, 0xe0 },
		{ 0xde, 0xfe }, { 0x160, 0x161 }, { 0x17d, 0x17e },
		{ 0x152, 0x153 }, { 0x178, 0xff }, { 0x104, 0x105 },
		{ 0x141, 0x142 }, { 0x11e, 0x11f }, { 0x218, 0x219 },
		{ 0x391, 0x3b1 }, { 0x3a9, 0x3c9 }, { 0x386, 0x3ac },
		{ 0x410, 0x430 }, { 0x42f, 0x44f }, { 0x401, 0x451 },
		{ 0x490, 0x491 }, { 0x404, 0x454 }, { 0x1e02, 0x1e03 },
		{ 0x1ef2, 0x1ef3 }, { 0x100, 0x101 }, { 0x1a0, 0x1a1 },
	};
	unsigned int i, k, b;

	NEED_VECTORS();

	for (i = 0; i < NLSV_N_TABLES; i++) {
		const struct nlsv_table *t = &nlsv_tables[i];
		int enc = nlsv_enc(t);
		const u8 *lo = whatenc_nls_lower(enc), *up = whatenc_nls_upper(enc);
		bool multi = t->n_dec && strcmp(t->label, "euc-jp");
		bool ascii = !strcmp(t->label, "euc-jp") ||
			     !strcmp(t->label, "x-user-defined");

		WT_ASSERT_TRUE(lo && up);
		for (b = 0; b < 256; b++) {
			bool letter = (b | 0x20) >= 'a' && (b | 0x20) <= 'z';

			if (multi || (ascii && !letter)) {
				WT_EXPECT_EQ(lo[b] | up[b], 0);
				continue;
			}
			/* a fold maps a character to another character */
			if (lo[b])
				WT_EXPECT_TRUE(t->single[b] != NLSV_NONE &&
					       t->single[lo[b]] != NLSV_NONE &&
					       lo[b] != b && up[lo[b]]);
			if (up[b])
				WT_EXPECT_TRUE(t->single[b] != NLSV_NONE &&
					       t->single[up[b]] != NLSV_NONE &&
					       up[b] != b && lo[up[b]]);
		}
		if (multi)
			continue;
		for (k = 0; k < ARRAY_SIZE(pairs); k++) {
			int u = nlsv_byte_of(t, pairs[k][0]);
			int l = nlsv_byte_of(t, pairs[k][1]);

			if (u < 0 || l < 0)
				continue;
			if (lo[u] != l || up[l] != u)
				WT_FAIL("%s: U+%04X/U+%04X: lower[%02x] = %02x, upper[%02x] = %02x",
					t->label, pairs[k][0], pairs[k][1], u,
					lo[u], l, up[l]);
		}
	}
}

WT_SUITE(nls, WT_RUN(nls_names), WT_RUN(nls_char2uni_bytes),
	 WT_RUN(nls_char2uni_index), WT_RUN(nls_char2uni_malformed),
	 WT_RUN(nls_uni2char_all), WT_RUN(nls_case));
