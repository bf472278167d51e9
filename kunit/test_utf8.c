// SPDX-License-Identifier: GPL-2.0-only
/*
 * test_utf8.c - the UTF-8 decoder and encoder
 *
 * Expected values come from the Encoding Standard's UTF-8 decoder
 * (bytes needed / lower and upper boundary) and Unicode's "maximal
 * subpart" practice (Unicode 15, section 3.9, table 3-8): each maximal
 * subpart of an ill-formed sequence is one U+FFFD, and a byte that ends
 * a subpart without belonging to it starts the next character. The
 * exhaustive cases compare with wt_ref_utf8(), a second, independent,
 * byte-by-byte transliteration of the spec's algorithm written here.
 */
#include "whatenc.h"
#include "wt_test.h"
#include "wt_util.h"

#define R "\xef\xbf\xbd"	/* U+FFFD */

struct utf8_case {
	struct wt_str in;
	struct wt_str out;		/* replacement mode */
	/* fatal mode: the errors, as (offset, length) pairs */
	unsigned int nerr;
	u8 err[8][2];
};

static const struct utf8_case utf8_cases[] = {
	{ WT_S(""), WT_S(""), 0, { { 0 } } },
	{ WT_S("abc"), WT_S("abc"), 0, { { 0 } } },
	/* 1 byte: lone continuation and never-valid bytes */
	{ WT_S("\x80"), WT_S(R), 1, { { 0, 1 } } },
	{ WT_S("\xbf"), WT_S(R), 1, { { 0, 1 } } },
	{ WT_S("\xc0"), WT_S(R), 1, { { 0, 1 } } },
	{ WT_S("\xc1"), WT_S(R), 1, { { 0, 1 } } },
	{ WT_S("\xf5"), WT_S(R), 1, { { 0, 1 } } },
	{ WT_S("\xfe"), WT_S(R), 1, { { 0, 1 } } },
	{ WT_S("\xff"), WT_S(R), 1, { { 0, 1 } } },
	/* 2 bytes */
	{ WT_S("\xc2\x80"), WT_S("\xc2\x80"), 0, { { 0 } } },
	{ WT_S("\xdf\xbf"), WT_S("\xdf\xbf"), 0, { { 0 } } },
	{ WT_S("\xc0\x80"), WT_S(R R), 2, { { 0, 1 }, { 1, 1 } } },	/* overlong */
	{ WT_S("\xc1\xbf"), WT_S(R R), 2, { { 0, 1 }, { 1, 1 } } },
	{ WT_S("\xc2"), WT_S(R), 1, { { 0, 1 } } },			/* truncated */
	{ WT_S("\xc2\x41"), WT_S(R "A"), 1, { { 0, 1 } } },
	{ WT_S("\xc2\xc2\x80"), WT_S(R "\xc2\x80"), 1, { { 0, 1 } } },
	/* 3 bytes */
	{ WT_S("\xe0\xa0\x80"), WT_S("\xe0\xa0\x80"), 0, { { 0 } } },
	{ WT_S("\xe0\x80\x80"), WT_S(R R R), 3, { { 0, 1 }, { 1, 1 }, { 2, 1 } } },
	{ WT_S("\xe0\x9f\xbf"), WT_S(R R R), 3, { { 0, 1 }, { 1, 1 }, { 2, 1 } } },
	{ WT_S("\xed\x9f\xbf"), WT_S("\xed\x9f\xbf"), 0, { { 0 } } },
	{ WT_S("\xed\xa0\x80"), WT_S(R R R), 3, { { 0, 1 }, { 1, 1 }, { 2, 1 } } },
	{ WT_S("\xed\xbf\xbf"), WT_S(R R R), 3, { { 0, 1 }, { 1, 1 }, { 2, 1 } } },
	{ WT_S("\xee\x80\x80"), WT_S("\xee\x80\x80"), 0, { { 0 } } },
	{ WT_S("\xef\xbf\xbf"), WT_S("\xef\xbf\xbf"), 0, { { 0 } } },
	{ WT_S("\xe0\xa0"), WT_S(R), 1, { { 0, 2 } } },
	{ WT_S("\xe1"), WT_S(R), 1, { { 0, 1 } } },
	{ WT_S("\xe1\x80"), WT_S(R), 1, { { 0, 2 } } },
	{ WT_S("\xe1\x80\x41"), WT_S(R "A"), 1, { { 0, 2 } } },
	{ WT_S("\xe1\x41\x80"), WT_S(R "A" R), 2, { { 0, 1 }, { 2, 1 } } },
	{ WT_S("\xef\xbf\xc2\x80"), WT_S(R "\xc2\x80"), 1, { { 0, 2 } } },
	/* 4 bytes */
	{ WT_S("\xf0\x90\x80\x80"), WT_S("\xf0\x90\x80\x80"), 0, { { 0 } } },
	{ WT_S("\xf4\x8f\xbf\xbf"), WT_S("\xf4\x8f\xbf\xbf"), 0, { { 0 } } },
	{ WT_S("\xf0\x80\x80\x80"), WT_S(R R R R), 4,
	  { { 0, 1 }, { 1, 1 }, { 2, 1 }, { 3, 1 } } },
	{ WT_S("\xf0\x8f\xbf\xbf"), WT_S(R R R R), 4,
	  { { 0, 1 }, { 1, 1 }, { 2, 1 }, { 3, 1 } } },
	{ WT_S("\xf4\x90\x80\x80"), WT_S(R R R R), 4,			/* > U+10FFFF */
	  { { 0, 1 }, { 1, 1 }, { 2, 1 }, { 3, 1 } } },
	{ WT_S("\xf5\x80\x80\x80"), WT_S(R R R R), 4,
	  { { 0, 1 }, { 1, 1 }, { 2, 1 }, { 3, 1 } } },
	{ WT_S("\xf8\x88\x80\x80\x80"), WT_S(R R R R R), 5,		/* 5-byte form */
	  { { 0, 1 }, { 1, 1 }, { 2, 1 }, { 3, 1 }, { 4, 1 } } },
	{ WT_S("\xf0\x90\x80"), WT_S(R), 1, { { 0, 3 } } },
	{ WT_S("\xf0\x90"), WT_S(R), 1, { { 0, 2 } } },
	{ WT_S("\xf0"), WT_S(R), 1, { { 0, 1 } } },
	{ WT_S("\xf0\x90\x80\x41"), WT_S(R "A"), 1, { { 0, 3 } } },
	{ WT_S("\xf0\x90\x41"), WT_S(R "A"), 1, { { 0, 2 } } },
	{ WT_S("\xf0\x41"), WT_S(R "A"), 1, { { 0, 1 } } },
	{ WT_S("\xf1\x80\x80\xc2\x80"), WT_S(R "\xc2\x80"), 1, { { 0, 3 } } },
	{ WT_S("\xf4\x8f\xbf\xf4\x8f\xbf\xbf"), WT_S(R "\xf4\x8f\xbf\xbf"), 1,
	  { { 0, 3 } } },
	/* Unicode 15 table 3-8 */
	{ WT_S("\x61\xf1\x80\x80\xe1\x80\xc2\x62\x80\x63\x80\xbf\x64"),
	  WT_S("a" R R R "b" R "c" R R "d"), 6,
	  { { 1, 3 }, { 4, 2 }, { 6, 1 }, { 8, 1 }, { 10, 1 }, { 11, 1 } } },
	/* errors after ASCII runs longer than a word */
	{ WT_S("0123456789abcdef\x80xyz"), WT_S("0123456789abcdef" R "xyz"), 1,
	  { { 16, 1 } } },
};

static bool same(const struct wt_run *r, const char *exp, unsigned int len)
{
	return !r->overflow && r->out_len == len && !memcmp(r->out, exp, len);
}

static bool same_errs(const struct wt_run *r, const struct utf8_case *c)
{
	unsigned int i;

	if (r->nerr != (int)c->nerr)
		return false;
	for (i = 0; i < c->nerr; i++)
		if (r->errret[i] != WHATENC_MALFORMED ||
		    r->errs[i].offset != c->err[i][0] ||
		    r->errs[i].len != c->err[i][1] ||
		    memcmp(r->errs[i].bytes, c->in.p + c->err[i][0],
			   c->err[i][1]))
			return false;
	return true;
}

static void check_case(struct wt_ctx *wt, const struct utf8_case *c, int idx,
		       struct wt_run *r)
{
	/* decoder, replacement mode */
	wt_decode_once(WHATENC_UTF_8, WHATENC_BOM_KEEP, (const u8 *)c->in.p,
		       c->in.n, r);
	if (!same(r, c->out.p, c->out.n) || r->nerr)
		WT_FAIL("utf8 case %d: decoder output differs", idx);
	/* decoder, fatal mode: the same errors at the same places */
	wt_decode_once(WHATENC_UTF_8, WHATENC_BOM_KEEP | WHATENC_DEC_FATAL,
		       (const u8 *)c->in.p, c->in.n, r);
	if (!same_errs(r, c))
		WT_FAIL("utf8 case %d: decoder errors differ (%d errors, first at %llu len %u)",
			idx, r->nerr, r->nerr ? (unsigned long long)r->errs[0].offset : 0ULL,
			r->nerr ? r->errs[0].len : 0);
	/* UTF-8 encoder: html mode writes U+FFFD itself (UTF-8 has it) */
	wt_encode_once(WHATENC_UTF_8, WHATENC_ENC_HTML, (const u8 *)c->in.p,
		       c->in.n, r);
	if (!same(r, c->out.p, c->out.n) || r->nerr)
		WT_FAIL("utf8 case %d: encoder output differs", idx);
	wt_encode_once(WHATENC_UTF_8, 0, (const u8 *)c->in.p, c->in.n, r);
	if (!same_errs(r, c))
		WT_FAIL("utf8 case %d: encoder errors differ", idx);
}

WT_CASE(utf8_maximal_subparts)
{
	struct wt_run *r = WT_ALLOC(sizeof(*r));
	unsigned int i;

	r->out = WT_ALLOC(256);
	r->out_cap = 256;
	for (i = 0; i < ARRAY_SIZE(utf8_cases); i++)
		check_case(wt, &utf8_cases[i], i, r);
}

/*
 * The reference: the spec's UTF-8 decoder, one byte at a time, written
 * independently of module/ (output UTF-8, U+FFFD for errors).
 */
static size_t wt_ref_utf8(const u8 *in, size_t len, u8 *out)
{
	u32 cp = 0;
	unsigned int needed = 0, seen = 0, lower = 0x80, upper = 0xbf;
	size_t i = 0, o = 0;

	for (;;) {
		u8 byte;

		if (i == len) {
			if (needed)
				o += wt_utf8(out + o, 0xfffd);
			return o;
		}
		byte = in[i++];
		if (!needed) {
			if (byte <= 0x7f) {
				out[o++] = byte;
			} else if (byte >= 0xc2 && byte <= 0xdf) {
				needed = 1;
				cp = byte & 0x1f;
			} else if (byte >= 0xe0 && byte <= 0xef) {
				if (byte == 0xe0)
					lower = 0xa0;
				if (byte == 0xed)
					upper = 0x9f;
				needed = 2;
				cp = byte & 0xf;
			} else if (byte >= 0xf0 && byte <= 0xf4) {
				if (byte == 0xf0)
					lower = 0x90;
				if (byte == 0xf4)
					upper = 0x8f;
				needed = 3;
				cp = byte & 0x7;
			} else {
				o += wt_utf8(out + o, 0xfffd);
			}
			continue;
		}
		if (byte < lower || byte > upper) {
			cp = 0;
			needed = 0;
			seen = 0;
			lower = 0x80;
			upper = 0xbf;
			i--;		/* restore byte */
			o += wt_utf8(out + o, 0xfffd);
			continue;
		}
		lower = 0x80;
		upper = 0xbf;
		cp = (cp << 6) | (byte & 0x3f);
		if (++seen != needed)
			continue;
		o += wt_utf8(out + o, cp);
		cp = 0;
		needed = 0;
		seen = 0;
	}
}

/* Interesting byte values for the 3- and 4-byte sweeps. */
static const u8 probe[] = {
	0x00, 0x41, 0x7f, 0x80, 0x8f, 0x90, 0x9f, 0xa0, 0xbf, 0xc0, 0xc1,
	0xc2, 0xdf, 0xe0, 0xe1, 0xed, 0xef, 0xf0, 0xf1, 0xf4, 0xf5, 0xff,
};

static bool sweep_one(struct wt_ctx *wt, const u8 *in, size_t len, struct wt_run *r,
		      u8 *ref)
{
	size_t n = wt_ref_utf8(in, len, ref), i;
	int nfffd = 0;

	wt_decode_once(WHATENC_UTF_8, WHATENC_BOM_KEEP, in, len, r);
	if (r->out_len != n || memcmp(r->out, ref, n)) {
		WT_FAIL("utf8 sweep: %zu bytes %02x %02x %02x %02x differ",
			len, in[0], len > 1 ? in[1] : 0, len > 2 ? in[2] : 0,
			len > 3 ? in[3] : 0);
		return false;
	}
	/* fatal mode: an error exactly where the reference has U+FFFD */
	for (i = 0; i + 2 < n; i++)
		nfffd += ref[i] == 0xef && ref[i + 1] == 0xbf &&
			 ref[i + 2] == 0xbd;
	wt_decode_once(WHATENC_UTF_8, WHATENC_BOM_KEEP | WHATENC_DEC_FATAL,
		       in, len, r);
	if (r->nerr != nfffd) {
		WT_FAIL("utf8 sweep: %zu bytes %02x %02x %02x %02x: %d errors, expected %d",
			len, in[0], len > 1 ? in[1] : 0, len > 2 ? in[2] : 0,
			len > 3 ? in[3] : 0, r->nerr, nfffd);
		return false;
	}
	return true;
}

WT_CASE(utf8_sweep)
{
	struct wt_run *r = WT_ALLOC(sizeof(*r));
	u8 *ref = WT_ALLOC(64);
	u8 in[5];
	unsigned int a, b, c, d, fails = 0, n = 0;

	r->out = WT_ALLOC(64);
	r->out_cap = 64;
	for (a = 0; a < 256; a++) {
		WT_YIELD();
		in[0] = a;
		fails += !sweep_one(wt, in, 1, r, ref);
		for (b = 0; b < 256 && fails < 10; b++) {
			in[1] = b;
			fails += !sweep_one(wt, in, 2, r, ref);
			n++;
		}
	}
	for (a = 0x80; a < 256; a++)
		for (b = 0; b < ARRAY_SIZE(probe); b++)
			for (c = 0; c < ARRAY_SIZE(probe) && fails < 10; c++) {
				WT_YIELD();
				in[0] = a;
				in[1] = probe[b];
				in[2] = probe[c];
				fails += !sweep_one(wt, in, 3, r, ref);
				for (d = 0; d < ARRAY_SIZE(probe); d++) {
					in[3] = probe[d];
					fails += !sweep_one(wt, in, 4, r, ref);
					n++;
				}
			}
	WT_NOTE("utf8 sweep: %u inputs compared with the reference", n);
	WT_EXPECT_EQ(fails, 0);
}

/* Every scalar value round-trips through the decoder and the encoder. */
WT_CASE(utf8_all_scalars)
{
	size_t cap = 4 * 0x10000;
	u8 *in = WT_ALLOC(cap);
	struct wt_run *r = WT_ALLOC(sizeof(*r));
	u32 plane, cp;

	r->out = WT_ALLOC(cap);
	r->out_cap = cap;
	for (plane = 0; plane <= 0x10; plane++) {
		size_t n = 0;

		WT_YIELD();
		for (cp = plane << 16; cp < (plane + 1) << 16; cp++)
			if (cp < 0xd800 || cp > 0xdfff)
				n += wt_utf8(in + n, cp);
		wt_decode_once(WHATENC_UTF_8,
			       WHATENC_BOM_KEEP | WHATENC_DEC_FATAL, in, n, r);
		WT_EXPECT_EQ(r->nerr, 0);
		WT_EXPECT_TRUE(r->out_len == n && !memcmp(r->out, in, n));
		wt_encode_once(WHATENC_UTF_8, 0, in, n, r);
		WT_EXPECT_EQ(r->nerr, 0);
		WT_EXPECT_TRUE(r->out_len == n && !memcmp(r->out, in, n));
	}
}

/*
 * The vector paths, at every level the CPU has: text of 1-4 byte
 * characters (ASCII only, 3 bytes only, mixed) long enough for them
 * (lengths 0-130, from WE_VEC_MIN on, around the 4 KiB chunks of
 * vec.c and the 16 KiB pieces of utf8.c), at every alignment (0-31),
 * clean and with one malformed byte at each of the last 40 positions
 * (block edges, sequences cut by the end), compared with wt_ref_utf8().
 */
static const char *const vec_text[3][4] = {
	{ "a", "bc", "d", "efg" },
	{ "\xe3\x81\x82", "\xe6\x97\xa5", "\xe3\x80\x82", "\xef\xbd\xa1" },
	{ "ab ", "\xc3\xa9", "\xf0\x9f\x98\x80", "\xe2\x82\xac" },
};

static const u8 vec_bad[] = { 0x80, 0xbf, 0xc1, 0xc3, 0xe0, 0xed, 0xf0, 0xf4, 0xf5 };

static size_t vec_fill(u8 *p, size_t len, int kind)
{
	size_t n = 0;
	unsigned int i = 0;

	while (n < len) {
		const char *u = vec_text[kind][i++ % 4];
		size_t k = strlen(u);

		memcpy(p + n, u, k < len - n ? k : len - n);	/* cut at the end */
		n += k;
	}
	return len;
}

/*
 * Length number @k: 0-130, then from each @from[] on (to +@span[]);
 * (size_t)-1 past the last.
 */
static size_t vec_len_of(unsigned int k, const size_t *from,
			 const unsigned int *span, unsigned int nfrom)
{
	unsigned int j;

	if (k < 131)
		return k;
	k -= 131;
	for (j = 0; j < nfrom; j++) {
		if (k < span[j])
			return from[j] + k;
		k -= span[j];
	}
	return (size_t)-1;
}

static bool vec_one(struct wt_ctx *wt, const u8 *in, size_t len,
		    struct wt_run *r, u8 *ref, int level)
{
	size_t n = wt_ref_utf8(in, len, ref);
	struct whatenc_decoder d;

	whatenc_decoder_init(&d, WHATENC_UTF_8, WHATENC_BOM_KEEP);
	wt_decode_run(&d, in, len, NULL, 0, 0, false, r);
	if (r->overflow || r->out_len != n || memcmp(r->out, ref, n)) {
		WT_FAIL("utf8 vector level %d: %zu bytes differ", level, len);
		return false;
	}
	return true;
}

WT_CASE(utf8_vec_levels)
{
	/* lengths: 0-130, then from each of these on (to +@span[]) */
	static const size_t from[] = { WE_VEC_MIN - 1, 4096 - 8, 16384 - 4 };
	static const unsigned int span[] = { 132, 17, 9 };
	size_t cap = 16384 + 8, len, cap_out = 3 * cap + 64;
	u8 *buf = WT_ALLOC(cap + 32), *ref = WT_ALLOC(cap_out);
	struct wt_run *r = WT_ALLOC(sizeof(*r));
	unsigned int fails = 0, n = 0, i, k, align;
	int level, kind;

	r->out = WT_ALLOC(cap_out);
	r->out_cap = cap_out;
	for (level = WHATENC_VEC_SCALAR; level <= WHATENC_VEC_AVX2; level++) {
		if (whatenc_vec_set_level(level) != level) {
			WT_NOTE("utf8: vector level %d not on this CPU", level);
			continue;
		}
		for (kind = 0; kind < 3; kind++)
			for (i = 0; fails < 10; i++) {
				len = vec_len_of(i, from, span, ARRAY_SIZE(from));
				if (len == (size_t)-1)
					break;
				WT_YIELD();	/* each level 25-40 s under KASAN */
				for (align = 0; align < (len < 512 ? 32 : 2); align++) {
					u8 *in = buf + align;

					vec_fill(in, len, kind);
					fails += !vec_one(wt, in, len, r, ref, level);
					n++;
					if (align)
						continue;
					for (k = 1; k <= 40 && k <= len; k++) {
						vec_fill(in, len, kind);
						in[len - k] = vec_bad[(k + kind) % sizeof(vec_bad)];
						fails += !vec_one(wt, in, len, r,
								  ref, level);
						n++;
					}
				}
			}
		WT_NOTE("utf8: vector level %d ran", level);
	}
	whatenc_vec_set_level(WHATENC_VEC_AUTO);
	WT_NOTE("utf8 vector levels: %u inputs compared with the reference", n);
	WT_EXPECT_EQ(fails, 0);
}

/*
 * The edges of the AVX2 validator's steps (64 bytes, then one block of
 * 32, then the last bytes as the block that ends the input, checked
 * again in part; an all-ASCII step checked only for a sequence cut
 * before it), at every level: the three texts of WE_VEC_MIN + 0..3,
 * 29..35, 61..67, 93..99 and 125..131 bytes with one malformed byte (or
 * a lead cut by what follows) at every position, and 4096 + 100 bytes
 * with one around the 4 KiB chunk edge; and with WE_VEC_MIN + 0..70
 * bytes of output room per call (the output full at every position of
 * the blocks), where nothing may be written past the room. Expected:
 * wt_ref_utf8().
 */
#define EDGE_GUARD	64

static bool vec_room_one(struct wt_ctx *wt, const u8 *in, size_t len,
			 const u8 *ref, size_t n, u8 *out, size_t room,
			 int level)
{
	struct whatenc_decoder d;
	struct whatenc_buf b = { .in = in, .in_size = len };
	size_t o = 0, calls = 0, k;
	enum whatenc_ret ret;

	whatenc_decoder_init(&d, WHATENC_UTF_8, WHATENC_BOM_KEEP);
	do {
		memset(out + o, 0xaa, room + EDGE_GUARD);
		b.out = out + o;
		b.out_size = room;
		b.out_pos = 0;
		ret = whatenc_decode(&d, &b, true);
		for (k = room; k < room + EDGE_GUARD; k++)
			if (out[o + k] != 0xaa) {
				WT_FAIL("utf8 vector level %d: %zu bytes: wrote past the room %zu",
					level, len, room);
				return false;
			}
		o += b.out_pos;
	} while (ret == WHATENC_OUTPUT_FULL && ++calls <= len);
	if (ret != WHATENC_INPUT_EMPTY || o != n || memcmp(out, ref, n)) {
		WT_FAIL("utf8 vector level %d: %zu bytes, room %zu: differ",
			level, len, room);
		return false;
	}
	return true;
}

/*
 * One malformed byte (or a lead cut by what follows) at every position of
 * texts of @kind of WE_VEC_MIN + 0..3, 29..35, 61..67, 93..99 and
 * 125..131 bytes, then around the 4 KiB chunk edge of @cap bytes; the
 * number that failed (*@runs counts the inputs).
 */
static unsigned int vec_edges_bad(struct wt_ctx *wt, u8 *buf, size_t cap,
				  struct wt_run *r, u8 *ref, int level,
				  int kind, unsigned int *runs)
{
	static const u8 tails[] = { 0, 29, 61, 93, 125 };
	unsigned int fails = 0, t, j;
	size_t len, k;

	for (t = 0; t < ARRAY_SIZE(tails); t++) {
		for (j = 0; j < (tails[t] ? 7 : 4); j++) {
			len = WE_VEC_MIN + tails[t] + j;
			WT_YIELD();
			for (k = 0; k < len && fails < 10; k++) {
				vec_fill(buf, len, kind);
				buf[k] = vec_bad[(k + j + kind) % sizeof(vec_bad)];
				fails += !vec_one(wt, buf, len, r, ref, level);
				(*runs)++;
			}
		}
	}
	for (k = 4096 - 40; k < 4096 + 40 && fails < 10; k++) {
		vec_fill(buf, cap, kind);
		buf[k] = vec_bad[(k + kind) % sizeof(vec_bad)];
		fails += !vec_one(wt, buf, cap, r, ref, level);
		(*runs)++;
	}
	return fails;
}

/*
 * A text of @kind, valid and with a lead cut by what follows, with
 * WE_VEC_MIN + 0..70 bytes of output room per call; the number that
 * failed (*@runs counts the inputs).
 */
static unsigned int vec_edges_room(struct wt_ctx *wt, u8 *buf, u8 *ref,
				   u8 *out, int level, int kind,
				   unsigned int *runs)
{
	size_t len = 2 * WE_VEC_MIN + 100, n, room;
	unsigned int fails = 0;

	for (room = WE_VEC_MIN; room <= WE_VEC_MIN + 70 && fails < 10;
	     room++) {
		WT_YIELD();
		vec_fill(buf, len, kind);
		n = wt_ref_utf8(buf, len, ref);
		fails += !vec_room_one(wt, buf, len, ref, n, out, room, level);
		buf[room + 5] = 0xc3;	/* cut by what follows */
		n = wt_ref_utf8(buf, len, ref);
		fails += !vec_room_one(wt, buf, len, ref, n, out, room, level);
		*runs += 2;
	}
	return fails;
}

WT_CASE(utf8_vec_edges)
{
	size_t cap = 4096 + 100, cap_out = 3 * cap + 64;
	u8 *buf = WT_ALLOC(cap), *ref = WT_ALLOC(cap_out);
	u8 *out = WT_ALLOC(cap_out + 3 * WE_VEC_MIN + EDGE_GUARD);
	struct wt_run *r = WT_ALLOC(sizeof(*r));
	unsigned int fails = 0, runs = 0;
	int level, kind;

	WT_ASSERT_TRUE(buf && ref && out && r);
	r->out = WT_ALLOC(cap_out);
	WT_ASSERT_TRUE(r->out);
	r->out_cap = cap_out;
	for (level = WHATENC_VEC_SCALAR; level <= WHATENC_VEC_AVX2; level++) {
		if (whatenc_vec_set_level(level) != level) {
			WT_NOTE("utf8: vector level %d not on this CPU", level);
			continue;
		}
		for (kind = 0; kind < 3 && fails < 10; kind++) {
			fails += vec_edges_bad(wt, buf, cap, r, ref, level,
					       kind, &runs);
			fails += vec_edges_room(wt, buf, ref, out, level, kind,
						&runs);
		}
	}
	whatenc_vec_set_level(WHATENC_VEC_AUTO);
	WT_NOTE("utf8 vector edges: %u inputs compared with the reference", runs);
	WT_EXPECT_EQ(fails, 0);
}

/*
 * The UTF-16 encoder (UTF-8 in, UTF-16 out) over the same texts: its
 * vector path converts 1-3 byte sequences in blocks of 32 bytes. The
 * expected code units are wt_ref_utf8()'s output read back as code
 * points (UTF-16: surrogate pairs above U+FFFF). Lengths as above, and
 * texts of 320 bytes with one malformed byte at every position (no ED:
 * this encoder reads ED A0..BF as WTF-8), in html mode and in fatal
 * mode (the output without the U+FFFDs, one error each), with all the
 * output room or 2 * WE_VEC_MIN + 0..63 bytes per call (output full at
 * every block position), both byte orders.
 */
static const u8 vec16_bad[] = { 0x80, 0xbf, 0xc1, 0xc3, 0xe0, 0xe3, 0xf0,
				0xf4, 0xf5, 0xff };

/* @ref[0..@n-1] (valid UTF-8) as UTF-16 (@be: BE) at @out, without
 * U+FFFD if @fatal; returns the bytes, *@nfffd the U+FFFDs
 */
static size_t vec16_expect(const u8 *ref, size_t n, u8 *out, bool be,
			   bool fatal, unsigned int *nfffd)
{
	size_t i = 0, o = 0;

	*nfffd = 0;
	while (i < n) {
		u32 cp = ref[i];
		unsigned int k = cp < 0x80 ? 1 : cp < 0xe0 ? 2 : cp < 0xf0 ? 3 : 4;
		unsigned int j, u;

		cp &= k == 1 ? 0x7f : k == 2 ? 0x1f : k == 3 ? 0x0f : 0x07;
		for (j = 1; j < k; j++)
			cp = cp << 6 | (ref[i + j] & 0x3f);
		i += k;
		if (cp == 0xfffd) {
			(*nfffd)++;
			if (fatal)
				continue;
		}
		for (j = 0; j < (cp > 0xffff ? 2u : 1u); j++) {
			u = cp <= 0xffff ? cp : j ? 0xdc00 + (cp & 0x3ff) :
			    0xd800 + ((cp - 0x10000) >> 10);
			out[o + be] = u & 0xff;
			out[o + !be] = u >> 8;
			o += 2;
		}
	}
	return o;
}

static bool vec16_one(struct wt_ctx *wt, const u8 *in, size_t len,
		      struct wt_run *r, u8 *ref, u8 *exp, int level,
		      size_t room, bool be, bool fatal)
{
	size_t n = wt_ref_utf8(in, len, ref);
	unsigned int nfffd;
	size_t o = vec16_expect(ref, n, exp, be, fatal, &nfffd);
	struct whatenc_encoder e;

	whatenc_encoder_init(&e, be ? WHATENC_UTF_16BE : WHATENC_UTF_16LE,
			     WHATENC_ENC_UTF16 | (fatal ? 0 : WHATENC_ENC_HTML));
	wt_encode_run(&e, in, len, NULL, 0, room, false, r);
	if (r->overflow || r->out_len != o || memcmp(r->out, exp, o) ||
	    r->nerr != (fatal ? (int)nfffd : 0)) {
		WT_FAIL("utf16 encoder level %d: %zu bytes, room %zu, be %d, fatal %d: differ",
			level, len, room, be, fatal);
		return false;
	}
	return true;
}

WT_CASE(utf8_utf16_vec_levels)
{
	static const size_t from[] = { WE_VEC_MIN - 1, 4096 - 8 };
	static const unsigned int span[] = { 132, 17 };
	size_t cap = 4096 + 32, len, room, cap_out = 3 * cap + 64;
	u8 *buf = WT_ALLOC(cap + 32), *ref = WT_ALLOC(cap_out);
	u8 *exp = WT_ALLOC(2 * cap_out);
	struct wt_run *r = WT_ALLOC(sizeof(*r));
	unsigned int fails = 0, n = 0, i, k, align;
	int level, kind, be;

	WT_ASSERT_TRUE(buf && ref && exp && r);
	r->out = WT_ALLOC(2 * cap_out);
	WT_ASSERT_TRUE(r->out);
	r->out_cap = 2 * cap_out;
	for (level = WHATENC_VEC_SCALAR; level <= WHATENC_VEC_AVX2; level++) {
		if (whatenc_vec_set_level(level) != level) {
			WT_NOTE("utf16: vector level %d not on this CPU", level);
			continue;
		}
		for (kind = 0; kind < 3; kind++) {
			for (i = 0; fails < 10; i++) {
				len = vec_len_of(i, from, span, ARRAY_SIZE(from));
				if (len == (size_t)-1)
					break;
				WT_YIELD();
				for (align = 0; align < 4; align++)
					for (be = 0; be < 2; be++) {
						u8 *in = buf + align;

						vec_fill(in, len, kind);
						fails += !vec16_one(wt, in, len, r, ref,
								    exp, level, 0, be,
								    false);
						n++;
					}
			}
			for (k = 0; k < 320 && fails < 10; k++) {
				u8 *in = buf + k % 32;

				WT_YIELD();
				vec_fill(in, 320, kind);
				in[k] = vec16_bad[(k + kind) % sizeof(vec16_bad)];
				room = k % 2 ? 0 : 2 * WE_VEC_MIN + k % 64;
				for (be = 0; be < 2; be++) {
					fails += !vec16_one(wt, in, 320, r, ref, exp,
							    level, room, be, false);
					fails += !vec16_one(wt, in, 320, r, ref, exp,
							    level, room, be, true);
					n += 2;
				}
			}
		}
		WT_NOTE("utf16: vector level %d ran", level);
	}
	whatenc_vec_set_level(WHATENC_VEC_AUTO);
	WT_NOTE("utf16 encoder vector levels: %u inputs compared with the reference", n);
	WT_EXPECT_EQ(fails, 0);
}

WT_SUITE(utf8,
	 WT_RUN(utf8_maximal_subparts),
	 WT_RUN(utf8_sweep),
	 WT_RUN(utf8_all_scalars),
	 WT_RUN(utf8_vec_levels),
	 WT_RUN(utf8_vec_edges),
	 WT_RUN(utf8_utf16_vec_levels));
