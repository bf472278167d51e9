// SPDX-License-Identifier: GPL-2.0-only
/*
 * test_cjk_enc_short.c - the CJK encoders' one-shot entry and its lane
 * for short inputs (we_enc_short(), WE_CJK_STEP_FAMILY() in steps.h):
 * names of ASCII, two- and three-byte UTF-8 characters shorter and
 * longer than the lane's bound, through whatenc_name_encode() (the
 * family's entry with a function for what the lane leaves) and
 * whatenc_encode_once() (without one), at every vector level: every
 * output size (output full at every position), and malformed input and
 * unmappable code points at every position (each kind of stop of the
 * lane: a byte that begins no sequence, a surrogate's three-byte form,
 * a truncated sequence, a four-byte character, a code point without a
 * two-byte form), and the empty name.
 *
 * Expected values come from the index files (build/vectors/
 * names_index.h: the code points at the pointers below, and which
 * code points the indexes lack), the bytes from the pointers by the
 * Encoding Standard's arithmetic (Shift_JIS: lead pointer / 188 + 0x81,
 * trail pointer % 188 + 0x40 or 0x41; EUC-JP: row and column + 0xA1;
 * gb18030 and EUC-KR: pointer / 190 + 0x81 and pointer % 190 + 0x40 or
 * 0x41; Big5: pointer / 157 + 0x81 and pointer % 157 + 0x40 or 0x62),
 * GBK's U+20AC (0x80) and gb18030's four-byte form of U+1F600 (pointer
 * 189000 + cp - 0x10000) from the gb18030 encoder's steps, UTF-8 from
 * its definition. What a call returns follows from the documented order
 * of the problems: the first of the bad input and the byte that does
 * not fit, in output order.
 */
#include "whatenc.h"
#include "whatenc_names.h"
#include "wt_test.h"
#include "names_index.h"
#include "wt_ref.h"

#define SE_MAX		128	/* bytes of a name, either form */
#define SE_UNITS	80	/* units of a name */

/*
 * An encoding: 'C' a three-byte UTF-8 character, 'T' a two-byte one,
 * 'E' U+20AC, 'F' U+1F600, with their bytes (@e_n, @f_n 0: unmappable)
 */
struct se_enc {
	enum whatenc_encoding enc;
	long c_cp, t_cp, e_cp;
	u8 c[2], t[2], e[2], f[4];
	u8 e_n, f_n;
};

/* a name: UTF-8 (@u), the expected bytes (@x), where units begin */
struct se_name {
	u8 u[SE_MAX], x[SE_MAX];
	size_t u_len, x_len;
	size_t u_at[SE_UNITS + 1], x_at[SE_UNITS + 1];
	unsigned int units;
	int bad;		/* the first bad unit, or -1 */
	enum whatenc_ret why;	/* its kind */
};

/*
 * gb18030's four bytes of @cp from U+10000 (the encoder's steps 5-10:
 * the pointer in bases 12,600, 1,260, 10 and 1, from 0x81, 0x30, 0x81
 * and 0x30)
 */
static void se_gb4(u8 *p, u32 cp)
{
	static const u32 unit[4] = { 10 * 126 * 10, 10 * 126, 10, 1 };
	static const u8 from[4] = { 0x81, 0x30, 0x81, 0x30 };
	u32 ptr = 189000 + cp - 0x10000;
	unsigned int i;

	for (i = 0; i < 4; i++) {
		p[i] = ptr / unit[i] + from[i];
		ptr %= unit[i];
	}
}

/* One unit @k of pattern char @c: its UTF-8, its bytes or its error. */
static void se_unit(struct se_name *nm, const struct se_enc *e, char c)
{
	const u8 *x = NULL;
	unsigned int xn = 0, un;
	u8 *u = nm->u + nm->u_len;
	enum whatenc_ret why = WHATENC_INPUT_EMPTY;

	switch (c) {
	case 'C':
		un = wt_utf8(u, e->c_cp);
		x = e->c;
		xn = 2;
		break;
	case 'T':
		un = wt_utf8(u, e->t_cp);
		x = e->t;
		xn = 2;
		break;
	case 'E':
		un = wt_utf8(u, e->e_cp);
		x = e->e;
		xn = e->e_n;
		if (!xn)
			why = WHATENC_UNMAPPABLE;
		break;
	case 'F':
		un = wt_utf8(u, 0x1f600);
		x = e->f;
		xn = e->f_n;
		if (!xn)
			why = WHATENC_UNMAPPABLE;
		break;
	case 'X':	/* a byte that begins no UTF-8 sequence */
		u[0] = 0xff;
		un = 1;
		why = WHATENC_MALFORMED;
		break;
	case 'S':	/* U+D800's three-byte form: ED, then A0 is bad */
		un = wt_utf8(u, 0xd800);
		why = WHATENC_MALFORMED;
		break;
	case 'P':	/* the first two bytes of a three-byte character */
		un = wt_utf8(u, e->c_cp) - 1;
		why = WHATENC_MALFORMED;
		break;
	default:	/* ASCII as itself */
		u[0] = c;
		un = 1;
		x = u;
		xn = 1;
		break;
	}
	if (why != WHATENC_INPUT_EMPTY && nm->bad < 0) {
		nm->bad = nm->units;
		nm->why = why;
	}
	if (why == WHATENC_INPUT_EMPTY)
		memcpy(nm->x + nm->x_len, x, xn);
	else
		xn = 0;
	nm->u_len += un;
	nm->x_len += xn;
	nm->units++;
	nm->u_at[nm->units] = nm->u_len;
	nm->x_at[nm->units] = nm->x_len;
}

/* @pat @reps times, with @ins (0: none) before unit @at */
static void se_build(struct se_name *nm, const struct se_enc *e,
		     const char *pat, unsigned int reps, char ins,
		     unsigned int at)
{
	unsigned int r, k;

	nm->u_len = 0;
	nm->x_len = 0;
	nm->units = 0;
	nm->u_at[0] = 0;
	nm->x_at[0] = 0;
	nm->bad = -1;
	nm->why = WHATENC_INPUT_EMPTY;
	for (r = 0; r < reps; r++) {
		for (k = 0; pat[k]; k++) {
			if (ins && nm->units == at)
				se_unit(nm, e, ins);
			se_unit(nm, e, pat[k]);
		}
	}
	if (ins && nm->units == at)
		se_unit(nm, e, ins);
}

/*
 * Stale bytes where the entry's frames will be (as in
 * test_names_exits.c): nothing may read them.
 */
static noinline void se_poison(void)
{
	u8 junk[448];

	memset(junk, 0xa5, sizeof(junk));
	__asm__ volatile("" : : "r"(junk) : "memory");
}

static int se_name_enc(enum whatenc_encoding enc, const struct se_name *nm,
		       u8 *out, size_t size)
{
	se_poison();
	memset(out, 0x5a, SE_MAX);
	return whatenc_name_encode(enc, nm->u, nm->u_len, out, size, 0);
}

/* whatenc_encode_once() into @size bytes: its result, *@pos the output's */
static enum whatenc_ret se_once(enum whatenc_encoding enc,
				const struct se_name *nm, u8 *out,
				size_t size, size_t *pos)
{
	struct whatenc_encoder e;
	struct whatenc_buf b = {
		.in = nm->u, .in_size = nm->u_len,
		.out = out, .out_size = size,
	};
	enum whatenc_ret ret;

	se_poison();
	memset(out, 0x5a, SE_MAX);
	ret = whatenc_encode_once(&e, enc, 0, &b);
	*pos = b.out_pos;
	return ret;
}

/* The output of whole units that fits in @size bytes. */
static size_t se_fit(const struct se_name *nm, size_t size)
{
	unsigned int k = nm->units;

	while (nm->x_at[k] > size)
		k--;
	return nm->x_at[k];
}

/* A good name: every output size, both entries. */
static unsigned int se_good(const struct se_enc *e, const struct se_name *nm,
			    u8 *out)
{
	unsigned int fails = 0;
	size_t size, pos;
	int r, want;

	for (size = 0; size <= nm->x_len + 2; size++) {
		want = nm->x_len > size ? -ENAMETOOLONG : (int)nm->x_len;
		r = se_name_enc(e->enc, nm, out, size);
		if (r != want || (r >= 0 && memcmp(out, nm->x, r)))
			fails++;
		/* whole units up to the one that does not fit, no more */
		if (se_once(e->enc, nm, out, size, &pos) !=
		    (nm->x_len > size ? WHATENC_OUTPUT_FULL :
					WHATENC_INPUT_EMPTY) ||
		    pos != se_fit(nm, size) || memcmp(out, nm->x, pos))
			fails++;
	}
	return fails;
}

/*
 * A name with a bad unit: the output before it fits (-EILSEQ, the
 * output before it written by whatenc_encode_once()) or does not
 * (-ENAMETOOLONG). An output of exactly the bytes before it is left out
 * (the order of the two problems is the same there).
 */
static unsigned int se_bad(const struct se_enc *e, const struct se_name *nm,
			   u8 *out)
{
	size_t before = nm->x_at[nm->bad], pos;
	unsigned int fails = 0;

	if (se_name_enc(e->enc, nm, out, before + 1) != -EILSEQ ||
	    se_name_enc(e->enc, nm, out, SE_MAX) != -EILSEQ ||
	    (before && se_name_enc(e->enc, nm, out, before - 1) !=
	     -ENAMETOOLONG))
		fails++;
	if (se_once(e->enc, nm, out, SE_MAX, &pos) != nm->why ||
	    pos != before || memcmp(out, nm->x, before))
		fails++;
	return fails;
}

/*
 * The names of @pat: once to three times, and the repetitions whose
 * UTF-8 is 56..72 bytes (the lane's bound, WE_ENC_SHORT, is 64); each
 * whole, and with each bad unit before each of its units
 */
static unsigned int se_pattern(struct wt_ctx *wt, const struct se_enc *e,
			       const char *pat, struct se_name *nm, u8 *out)
{
	static const char bads[] = "XSPEF";
	unsigned int fails = 0, reps, at, i;

	for (reps = 1; reps <= 24; reps++) {
		se_build(nm, e, pat, reps, 0, 0);
		if (nm->u_len > 72)
			break;
		if (reps > 3 && nm->u_len < 56)
			continue;
		WT_YIELD();
		if (nm->bad >= 0) {
			WT_FAIL("%s: pattern %s is not good",
				whatenc_encoding_name(e->enc), pat);
			return 1;
		}
		fails += se_good(e, nm, out);
		for (at = 0; at <= nm->units; at++) {
			for (i = 0; bads[i]; i++) {
				se_build(nm, e, pat, reps, bads[i], at);
				if (nm->u_len > SE_MAX - 4)
					continue;
				if (nm->bad < 0)	/* mappable here */
					fails += se_good(e, nm, out);
				else
					fails += se_bad(e, nm, out);
			}
		}
	}
	if (fails)
		WT_FAIL("%s: pattern %s: %u calls wrong",
			whatenc_encoding_name(e->enc), pat, fails);
	return fails;
}

/*
 * Every exit at vector level @level. One case a level: under QEMU TCG on
 * the debug kernel the three levels took 60 s in one case (2026-11-27),
 * the debug kernel's hung-task check.
 */
static void se_level(struct wt_ctx *wt, int level)
{
	struct se_enc encs[] = {
		/* jis0208 283, 87: 82 A0, 81 98 and A4 A2, A1 F8 */
		{ WHATENC_SHIFT_JIS, NI_JIS0208_283, NI_JIS0208_87, 0x20ac,
		  { 0x82, 0xa0 }, { 0x81, 0x98 }, .e_n = 0 },
		{ WHATENC_EUC_JP, NI_JIS0208_283, NI_JIS0208_87, 0x20ac,
		  { 0xa4, 0xa2 }, { 0xa1, 0xf8 }, .e_n = 0 },
		/* gb18030 9026, 6179, 6432: B0 A1, A1 A4, A2 E3 */
		{ WHATENC_GBK, NI_GB18030_9026, NI_GB18030_6179,
		  NI_GB18030_6432, { 0xb0, 0xa1 }, { 0xa1, 0xa4 }, { 0x80 },
		  .e_n = 1 },
		{ WHATENC_GB18030, NI_GB18030_9026, NI_GB18030_6179,
		  NI_GB18030_6432, { 0xb0, 0xa1 }, { 0xa1, 0xa4 },
		  { 0xa2, 0xe3 }, .e_n = 2, .f_n = 4 },
		/* big5 5495, 5040, 5465: A4 40, A1 50, A3 E1 */
		{ WHATENC_BIG5, NI_BIG5_5495, NI_BIG5_5040, NI_BIG5_5465,
		  { 0xa4, 0x40 }, { 0xa1, 0x50 }, { 0xa3, 0xe1 }, .e_n = 2 },
		/* euc-kr 9026, 6179, 6435: B0 A1, A1 A4, A2 E6 */
		{ WHATENC_EUC_KR, NI_EUC_KR_9026, NI_EUC_KR_6179,
		  NI_EUC_KR_6435, { 0xb0, 0xa1 }, { 0xa1, 0xa4 },
		  { 0xa2, 0xe6 }, .e_n = 2 },
	};
	/*
	 * ASCII and the characters mixed, alone and in runs; names of one
	 * character (shorter than a word), ending in 1-3 ASCII bytes after
	 * a character, ending in a character
	 */
	static const char *const pats[] = {
		"C", "T", "a", "aC", "Ca", "Cab", "Cabc", "CT", "TC", "aT",
		"Ta", "ab.CTCx", "CCCCCCCC", "Cabcdefghij",
	};
	struct se_name *nm = WT_ALLOC(sizeof(*nm));
	struct se_name *empty = WT_ALLOC(sizeof(*empty));
	u8 *out = WT_ALLOC(SE_MAX + 8);
	unsigned int fails = 0, i, p;

	if (!NAMES_INDEX_PRESENT)
		WT_SKIP("no index files: SHARED missing");
	WT_ASSERT_TRUE(nm && empty && out);
	empty->bad = -1;
	/* the unmappable ones: none of these indexes has them */
	WT_ASSERT_TRUE(!NI_HAS_JIS0208_20AC && !NI_HAS_JIS0208_1F600 &&
		       !NI_HAS_GB18030_1F600 && !NI_HAS_BIG5_1F600 &&
		       !NI_HAS_EUC_KR_1F600);
	se_gb4(encs[3].f, 0x1f600);
	if (whatenc_vec_set_level(level) != level) {
		whatenc_vec_set_level(WHATENC_VEC_AUTO);
		WT_SKIP("vector level %d not on this CPU", level);
	}
	for (i = 0; i < ARRAY_SIZE(encs) && fails < 10; i++) {
		/* the empty name; the empty input */
		size_t pos = 1;

		if (se_name_enc(encs[i].enc, empty, out, 0) != 0 ||
		    se_once(encs[i].enc, empty, out, 0, &pos) !=
		    WHATENC_INPUT_EMPTY || pos)
			fails++;
		for (p = 0; p < ARRAY_SIZE(pats); p++)
			fails += se_pattern(wt, &encs[i], pats[p], nm, out);
	}
	whatenc_vec_set_level(WHATENC_VEC_AUTO);
	WT_NOTE("CJK encoders' short lane: vector level %d", level);
	WT_EXPECT_EQ(fails, 0);
}

WT_CASE(cjk_enc_short_scalar)
{
	se_level(wt, WHATENC_VEC_SCALAR);
}

WT_CASE(cjk_enc_short_sse2)
{
	se_level(wt, WHATENC_VEC_SSE2);
}

WT_CASE(cjk_enc_short_avx2)
{
	se_level(wt, WHATENC_VEC_AVX2);
}

/*
 * Every surrogate's three-byte form, alone and between characters, is
 * malformed (the lane reads them as code points and relies on the
 * lookups having none; the index files have no surrogates).
 */
WT_CASE(cjk_enc_short_surrogates)
{
	static const enum whatenc_encoding encs[] = {
		WHATENC_SHIFT_JIS, WHATENC_EUC_JP, WHATENC_GBK,
		WHATENC_GB18030, WHATENC_BIG5, WHATENC_EUC_KR,
	};
	unsigned int fails = 0, i;
	u8 in[8], out[16];
	u32 cp;

	for (i = 0; i < ARRAY_SIZE(encs); i++) {
		WT_YIELD();
		for (cp = 0xd800; cp <= 0xdfff; cp++) {
			in[0] = 'a';
			wt_utf8(in + 1, cp);
			in[4] = 'b';
			if (whatenc_name_encode(encs[i], in + 1, 3, out,
						sizeof(out), 0) != -EILSEQ ||
			    whatenc_name_encode(encs[i], in, 5, out,
						sizeof(out), 0) != -EILSEQ)
				fails++;
		}
	}
	WT_EXPECT_EQ(fails, 0);
}

WT_SUITE(cjk_enc_short,
	 WT_RUN(cjk_enc_short_scalar),
	 WT_RUN(cjk_enc_short_sse2),
	 WT_RUN(cjk_enc_short_avx2),
	 WT_RUN(cjk_enc_short_surrogates));
