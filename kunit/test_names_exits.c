// SPDX-License-Identifier: GPL-2.0-only
/*
 * test_names_exits.c - every early exit of whatenc_name_decode() and
 * whatenc_name_encode(), at every vector level: the empty name, output
 * full at every size, malformed input at every position.
 *
 * The names are made of ASCII and one character per encoding whose code
 * point comes from the index files (build/vectors/names_index.h); its
 * bytes follow from the pointer by the Encoding Standard's arithmetic
 * (see test_names.c), its UTF-8 form from the definition of UTF-8. The
 * expected result of each call follows from the documented order of the
 * problems: the first of the malformed input and the byte that does not
 * fit, in output order.
 */
#include "whatenc.h"
#include "whatenc_names.h"
#include "wt_test.h"
#include "names_index.h"
#include "wt_ref.h"

#define NX_UNITS	9	/* units of a pattern, at most */
#define NX_MAX		160	/* bytes of a name, either form */

struct nx_enc {
	enum whatenc_encoding enc;
	u8 bytes[2];
	u8 n;
	long cp;
	bool bad_ff;		/* 0xFF is malformed on its own */
};

/* A name: its units in the encoding (@in) and in UTF-8 (@u). */
struct nx_name {
	u8 in[NX_MAX], u[NX_MAX];
	size_t in_len, u_len;
	/* where unit k begins, in either form */
	size_t in_at[NX_UNITS * 8 + 1], u_at[NX_UNITS * 8 + 1];
	unsigned int units;
};

/*
 * @pat, @reps times: one unit per character of @pat, ASCII as itself, 'C'
 * the encoding's character (at most NX_UNITS units)
 */
static void nx_build(struct nx_name *nm, const struct nx_enc *e,
		     const char *pat, unsigned int reps)
{
	u8 cu[4];
	unsigned int cn = wt_utf8(cu, e->cp), r, k, i = 0;

	nm->in_len = 0;
	nm->u_len = 0;
	for (r = 0; r < reps; r++) {
		for (k = 0; pat[k]; k++, i++) {
			nm->in_at[i] = nm->in_len;
			nm->u_at[i] = nm->u_len;
			if (pat[k] != 'C') {
				nm->in[nm->in_len++] = pat[k];
				nm->u[nm->u_len++] = pat[k];
				continue;
			}
			memcpy(nm->in + nm->in_len, e->bytes, e->n);
			memcpy(nm->u + nm->u_len, cu, cn);
			nm->in_len += e->n;
			nm->u_len += cn;
		}
	}
	nm->in_at[i] = nm->in_len;
	nm->u_at[i] = nm->u_len;
	nm->units = i;
}

/* Expected result of a name of @len bytes of output into @size bytes. */
static int nx_fit(size_t len, size_t size, size_t term)
{
	return size < term || len > size - term ? -ENAMETOOLONG : (int)len;
}

/*
 * Stale bytes where the helpers' frames will be: the coder state they
 * set up only where a fast path stops short (the lazy set-up of
 * oneshot.h) must not read any, so every call below comes after this.
 */
static noinline void nx_poison(void)
{
	u8 junk[448];

	memset(junk, 0xa5, sizeof(junk));
	__asm__ volatile("" : : "r"(junk) : "memory");
}

static int nx_dec(enum whatenc_encoding enc, const u8 *src, size_t len,
		  u8 *dst, size_t size, unsigned int flags)
{
	nx_poison();
	return whatenc_name_decode(enc, src, len, dst, size, flags);
}

static int nx_enc(enum whatenc_encoding enc, const u8 *src, size_t len,
		  u8 *dst, size_t size, unsigned int flags)
{
	nx_poison();
	return whatenc_name_encode(enc, src, len, dst, size, flags);
}

/* Both directions, every output size, with and without the NUL. */
static unsigned int nx_sizes(struct wt_ctx *wt, const struct nx_enc *e,
			     const struct nx_name *nm, u8 *out)
{
	unsigned int fails = 0, t;
	size_t size;
	int r, want;

	for (t = 0; t < 2; t++) {
		unsigned int fl = t ? WHATENC_NAME_NUL_TERM : 0;

		for (size = 0; size <= nm->u_len + 2; size++) {
			want = nx_fit(nm->u_len, size, t);
			r = nx_dec(e->enc, nm->in, nm->in_len, out,
				   size, fl);
			if (r != want || (r >= 0 && (memcmp(out, nm->u, r) ||
						     (t && out[r]))))
				fails++;
		}
		for (size = 0; size <= nm->in_len + 2; size++) {
			want = nx_fit(nm->in_len, size, t);
			r = nx_enc(e->enc, nm->u, nm->u_len, out,
				   size, fl);
			if (r != want || (r >= 0 && (memcmp(out, nm->in, r) ||
						     (t && out[r]))))
				fails++;
		}
	}
	/* the empty name */
	if (nx_dec(e->enc, nm->in, 0, out, 0, 0) != 0 ||
	    nx_enc(e->enc, nm->u, 0, out, 0, 0) != 0 ||
	    nx_dec(e->enc, nm->in, 0, out, 0,
		   WHATENC_NAME_NUL_TERM) != -ENAMETOOLONG ||
	    nx_enc(e->enc, nm->u, 0, out, 0,
		   WHATENC_NAME_NUL_TERM) != -ENAMETOOLONG)
		fails++;
	out[0] = 0xaa;
	if (nx_dec(e->enc, nm->in, 0, out, 1,
		   WHATENC_NAME_NUL_TERM) != 0 || out[0])
		fails++;
	if (fails)
		WT_FAIL("names %s: %u sizes wrong", whatenc_encoding_name(e->enc), fails);
	return fails;
}

/*
 * 0xFF inserted at byte @at of @src (@len bytes) into @buf: the decoder's
 * malformed byte, and malformed UTF-8 for the encoder.
 */
static size_t nx_insert(u8 *buf, const u8 *src, size_t len, size_t at)
{
	memcpy(buf, src, at);
	buf[at] = 0xff;
	memcpy(buf + at + 1, src + at, len - at);
	return len + 1;
}

/*
 * 0xFF at every position: what comes before it in output order decides
 * (the output before the error that fits or not). Decoding: at the start
 * of unit k the output before it is u_at[k]; inside a unit (after its
 * first byte) the unit is broken too, and the output before is the same.
 * In replacement mode the 0xFF at a unit boundary is one U+FFFD.
 */
static unsigned int nx_malformed(struct wt_ctx *wt, const struct nx_enc *e,
				 const struct nx_name *nm, u8 *buf, u8 *out)
{
	unsigned int fails = 0, k;
	size_t at, n, before, size;
	int r;

	for (k = 0; k < nm->units; k++) {
		for (at = nm->in_at[k]; at < nm->in_at[k + 1]; at++) {
			n = nx_insert(buf, nm->in, nm->in_len, at);
			before = nm->u_at[k];
			for (size = before ? before - 1 : 0; size <= before + 1;
			     size++) {
				r = nx_dec(e->enc, buf, n, out,
					   size, 0);
				if (r != (before > size ? -ENAMETOOLONG :
							  -EILSEQ))
					fails++;
			}
			if (nx_dec(e->enc, buf, n, out, NX_MAX, 0) !=
			    -EILSEQ)
				fails++;
			if (at != nm->in_at[k])
				continue;
			r = nx_dec(e->enc, buf, n, out, NX_MAX,
				   WHATENC_NAME_REPLACE);
			if (r != (int)nm->u_len + 3 ||
			    memcmp(out, nm->u, before) ||
			    memcmp(out + before, "\xef\xbf\xbd", 3) ||
			    memcmp(out + before + 3, nm->u + before,
				   nm->u_len - before))
				fails++;
		}
		/* encoding: the UTF-8 name with 0xFF in it */
		for (at = nm->u_at[k]; at < nm->u_at[k + 1]; at++) {
			n = nx_insert(buf, nm->u, nm->u_len, at);
			before = nm->in_at[k];
			if (nx_enc(e->enc, buf, n, out, before + 1,
				   0) != -EILSEQ ||
			    nx_enc(e->enc, buf, n, out, NX_MAX,
				   0) != -EILSEQ ||
			    (before &&
			     nx_enc(e->enc, buf, n, out,
				    before - 1, 0) != -ENAMETOOLONG))
				fails++;
		}
	}
	if (fails)
		WT_FAIL("names %s: %u malformed cases wrong",
			whatenc_encoding_name(e->enc), fails);
	return fails;
}

/* @pat once and 8 times: every size, 0xFF at every position */
static unsigned int nx_pattern(struct wt_ctx *wt, const struct nx_enc *e,
			       const char *pat, struct nx_name *nm, u8 *buf,
			       u8 *out)
{
	unsigned int fails = 0, reps;

	for (reps = 1; reps <= 8; reps += 7) {
		nx_build(nm, e, pat, reps);
		fails += nx_sizes(wt, e, nm, out);
		if (e->bad_ff)
			fails += nx_malformed(wt, e, nm, buf, out);
	}
	return fails;
}

WT_CASE(names_early_exits)
{
	/* bytes from the pointers as in test_names.c's names_cjk */
	const struct nx_enc encs[] = {
		{ WHATENC_SHIFT_JIS, { 0x82, 0xa0 }, 2, NI_JIS0208_283, true },
		{ WHATENC_EUC_JP, { 0xa4, 0xa2 }, 2, NI_JIS0208_283, true },
		{ WHATENC_GBK, { 0xb0, 0xa1 }, 2, NI_GB18030_9026, true },
		{ WHATENC_GB18030, { 0xb0, 0xa1 }, 2, NI_GB18030_9026, true },
		{ WHATENC_BIG5, { 0xa4, 0x40 }, 2, NI_BIG5_5495, true },
		{ WHATENC_EUC_KR, { 0xb0, 0xa1 }, 2, NI_EUC_KR_9026, true },
		/* U+00E9 as UTF-8 is its own definition */
		{ WHATENC_UTF_8, { 0xc3, 0xa9 }, 2, 0xe9, true },
		/* every byte is a character: no malformed input */
		{ WHATENC_WINDOWS_1251, { 0xc0 }, 1, NI_WINDOWS_1251_64, false },
		{ WHATENC_KOI8_R, { 0xc1 }, 1, NI_KOI8_R_65, false },
	};
	/*
	 * ASCII and characters mixed; and the ends of the fast paths
	 * (the one-shot path leaves to the steps what they do not take):
	 * a name of one character (shorter than the encoders' 4-byte
	 * word), ending in 1-3 ASCII bytes after a character, ending in a
	 * character; ending in a run of 7 and of 8 ASCII bytes (the word
	 * copy of a run takes 8 readable bytes: gb18030's fast path copies
	 * a shorter one byte by byte)
	 */
	static const char *const pats[] = {
		"abCcCCd", "C", "aC", "Ca", "Cab", "Cabc", "CC", "abcC",
		"Cabcdefg", "Cabcdefgh",
	};
	struct nx_name *nm = WT_ALLOC(sizeof(*nm));
	u8 *buf = WT_ALLOC(NX_MAX + 8), *out = WT_ALLOC(NX_MAX + 8);
	unsigned int fails = 0, i, p, levels = 0;
	int level;

	if (!NAMES_INDEX_PRESENT)
		WT_SKIP("no index files: SHARED missing");
	WT_ASSERT_TRUE(nm && buf && out);
	for (level = WHATENC_VEC_SCALAR; level <= WHATENC_VEC_AVX2; level++) {
		if (whatenc_vec_set_level(level) != level)
			continue;
		levels++;
		for (i = 0; i < ARRAY_SIZE(encs) && fails < 10; i++) {
			WT_YIELD();
			for (p = 0; p < ARRAY_SIZE(pats); p++)
				fails += nx_pattern(wt, &encs[i], pats[p], nm,
						    buf, out);
		}
	}
	whatenc_vec_set_level(WHATENC_VEC_AUTO);
	WT_NOTE("names: early exits at %u vector levels", levels);
	WT_EXPECT_TRUE(levels > 0);
	WT_EXPECT_EQ(fails, 0);
}

WT_SUITE(names_exits,
	 WT_RUN(names_early_exits));
