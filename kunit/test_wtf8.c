// SPDX-License-Identifier: GPL-2.0-only
/*
 * test_wtf8.c - WTF-8 (wtf8.c) and the core's WTF-8 extension flags
 *
 * Expected values come from "The WTF-8 encoding" (seed 001): its table
 * of well-formed generalized UTF-8 byte sequences, its bit distribution,
 * its surrogate byte sequence ranges, and its concatenation formula
 * 0x10000 + ((lead - 0xD800) << 10) + (trail - 0xDC00). The random
 * round-trip tests compare against a reference model written here from
 * the spec's algorithms, and against the identity (the conversions are
 * lossless). The PRNG is a fixed-seed xorshift32, so runs are repeatable.
 */
#include "whatenc.h"
#include "whatenc_names.h"
#include "wt_test.h"
#include "wt_ref.h"

#define MAXU	48		/* code units per random string */

static u32 rng_next(u32 *s)
{
	u32 x = *s;

	x ^= x << 13;
	x ^= x >> 17;
	x ^= x << 5;
	*s = x;
	return x;
}

/* A random code unit: ASCII, other BMP, lead, trail, '/', NUL. */
static u16 rnd_unit(u32 *s)
{
	u32 r = rng_next(s);

	switch (r % 8) {
	case 0:
	case 1:
		return 0x20 + (r >> 8) % 0x5f;
	case 2:
		return 0x80 + (r >> 8) % (0xd800 - 0x80);
	case 3:
		return 0xe000 + (r >> 8) % 0x2000;
	case 4:
	case 5:
		return 0xd800 + (r >> 8) % 0x400;
	case 6:
		return 0xdc00 + (r >> 8) % 0x400;
	default:
		return (r >> 8) & 1 ? 0 : 0xffff;
	}
}

/*
 * Spec: decode potentially ill-formed UTF-16 to code points (a lead
 * followed by a trail is one code point, consuming the trail), then
 * encode each to generalized UTF-8. @lossy: surrogates become U+FFFD.
 */
static size_t ref_wtf16_to_wtf8(const u16 *u, size_t n, u8 *out, bool lossy)
{
	size_t i, o = 0;

	for (i = 0; i < n; i++) {
		u32 c = u[i];

		if (c >= 0xd800 && c <= 0xdbff && i + 1 < n &&
		    u[i + 1] >= 0xdc00 && u[i + 1] <= 0xdfff) {
			c = 0x10000 + ((c - 0xd800) << 10) + (u[i + 1] - 0xdc00);
			i++;
		} else if (lossy && c >= 0xd800 && c <= 0xdfff) {
			c = 0xfffd;
		}
		o += wt_utf8(out + o, c);
	}
	return o;
}

static void fill_random(u32 *s, u16 *u, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		u[i] = rnd_unit(s);
}

static void to_le(const u16 *u, size_t n, u8 *b)
{
	size_t i;

	for (i = 0; i < n; i++) {
		b[2 * i] = u[i] & 0xff;
		b[2 * i + 1] = u[i] >> 8;
	}
}

static void to_be(const u16 *u, size_t n, u8 *b)
{
	size_t i;

	for (i = 0; i < n; i++) {
		b[2 * i] = u[i] >> 8;
		b[2 * i + 1] = u[i] & 0xff;
	}
}

/* ---- spec tables and examples -------------------------------------------- */

struct seq_case {
	u8 b[4];
	u8 n;
	u32 cp;
};

/* Table 3 (well-formed generalized UTF-8): first and last of each row. */
static const struct seq_case table3[] = {
	{ { 0x00 }, 1, 0x0000 },
	{ { 0x7f }, 1, 0x007f },
	{ { 0xc2, 0x80 }, 2, 0x0080 },
	{ { 0xdf, 0xbf }, 2, 0x07ff },
	{ { 0xe0, 0xa0, 0x80 }, 3, 0x0800 },
	{ { 0xe0, 0xbf, 0xbf }, 3, 0x0fff },
	{ { 0xe1, 0x80, 0x80 }, 3, 0x1000 },
	{ { 0xef, 0xbf, 0xbf }, 3, 0xffff },
	{ { 0xf0, 0x90, 0x80, 0x80 }, 4, 0x10000 },
	{ { 0xf0, 0xbf, 0xbf, 0xbf }, 4, 0x3ffff },
	{ { 0xf1, 0x80, 0x80, 0x80 }, 4, 0x40000 },
	{ { 0xf3, 0xbf, 0xbf, 0xbf }, 4, 0xfffff },
	{ { 0xf4, 0x80, 0x80, 0x80 }, 4, 0x100000 },
	{ { 0xf4, 0x8f, 0xbf, 0xbf }, 4, 0x10ffff },
	/* surrogates: the E1..EF row includes ED A0..BF */
	{ { 0xed, 0xa0, 0x80 }, 3, 0xd800 },
	{ { 0xed, 0xaf, 0xbf }, 3, 0xdbff },
	{ { 0xed, 0xb0, 0x80 }, 3, 0xdc00 },
	{ { 0xed, 0xbf, 0xbf }, 3, 0xdfff },
};

/* Outside Table 3, or truncated. */
static const struct { u8 b[4]; u8 n; } ill[] = {
	{ { 0x80 }, 1 }, { { 0xbf }, 1 }, { { 0xc0, 0x80 }, 2 },
	{ { 0xc1, 0xbf }, 2 }, { { 0xe0, 0x9f, 0xbf }, 3 },
	{ { 0xf0, 0x8f, 0xbf, 0xbf }, 4 }, { { 0xf4, 0x90, 0x80, 0x80 }, 4 },
	{ { 0xf5, 0x80, 0x80, 0x80 }, 4 }, { { 0xff }, 1 },
	{ { 0xc2 }, 1 }, { { 0xe1, 0x80 }, 2 }, { { 0xf1, 0x80, 0x80 }, 3 },
	{ { 0xed, 0xc0, 0x80 }, 3 }, { { 0xe1, 0x80, 0x7f }, 3 },
};

WT_CASE(wtf8_table3)
{
	size_t i;
	u32 cp;

	for (i = 0; i < ARRAY_SIZE(table3); i++) {
		cp = 0xdeadbeef;
		WT_EXPECT_EQ(whatenc_wtf8_next(table3[i].b, table3[i].n, &cp),
			     table3[i].n);
		WT_EXPECT_EQ(cp, table3[i].cp);
		WT_EXPECT_EQ(whatenc_wtf8_check(table3[i].b, table3[i].n),
			     table3[i].cp >= 0xd800 && table3[i].cp <= 0xdfff);
	}
	for (i = 0; i < ARRAY_SIZE(ill); i++) {
		WT_EXPECT_EQ(whatenc_wtf8_next(ill[i].b, ill[i].n, &cp),
			     -EILSEQ);
		WT_EXPECT_EQ(whatenc_wtf8_check(ill[i].b, ill[i].n), -EILSEQ);
	}
	WT_EXPECT_EQ(whatenc_wtf8_next(table3[0].b, 0, &cp), -EINVAL);
	WT_EXPECT_EQ(whatenc_wtf8_check(NULL, 0), 0);
	WT_EXPECT_EQ(whatenc_wtf8_check(NULL, 1), -EINVAL);
}

/* A surrogate pair byte sequence is ill-formed WTF-8; other orders are not. */
WT_CASE(wtf8_surrogate_pair_bytes)
{
	static const u8 pair[] = { 0xed, 0xa0, 0xbd, 0xed, 0xb8, 0x80 };
	static const u8 tl[] = { 0xed, 0xb8, 0x80, 0xed, 0xa0, 0xbd };
	static const u8 ll[] = { 0xed, 0xa0, 0xbd, 0xed, 0xa0, 0xbd };
	static const u8 tt[] = { 0xed, 0xb8, 0x80, 0xed, 0xb8, 0x80 };
	static const u8 apair[] = { 'a', 0xed, 0xaf, 0xbf, 0xed, 0xb0, 0x80 };
	u16 u[4];
	u8 o[8];
	u32 cp;

	WT_EXPECT_EQ(whatenc_wtf8_check(pair, sizeof(pair)), -EILSEQ);
	WT_EXPECT_EQ(whatenc_wtf8_check(apair, sizeof(apair)), -EILSEQ);
	WT_EXPECT_EQ(whatenc_wtf8_next(pair, sizeof(pair), &cp), -EILSEQ);
	WT_EXPECT_EQ(whatenc_wtf8_to_wtf16(pair, sizeof(pair), u, 4), -EILSEQ);
	WT_EXPECT_EQ(whatenc_wtf8_to_utf8_lossy(pair, 6, o, 8), -EILSEQ);
	WT_EXPECT_EQ(whatenc_wtf8_check(tl, sizeof(tl)), 1);
	WT_EXPECT_EQ(whatenc_wtf8_check(ll, sizeof(ll)), 1);
	WT_EXPECT_EQ(whatenc_wtf8_check(tt, sizeof(tt)), 1);
	WT_EXPECT_EQ(whatenc_wtf8_to_wtf16(tl, sizeof(tl), u, 4), 2);
	WT_EXPECT_EQ(u[0], 0xde00);
	WT_EXPECT_EQ(u[1], 0xd83d);
}

/* UTF-16 -> WTF-8, and the "consume the next item" rule for pairs. */
WT_CASE(wtf8_from_utf16_examples)
{
	static const u16 pair[] = { 0xd83d, 0xde00 };
	static const u8 pair8[] = { 0xf0, 0x9f, 0x98, 0x80 };
	static const u16 lone[] = { 0xd83d };
	static const u8 lone8[] = { 0xed, 0xa0, 0xbd };
	static const u16 rev[] = { 0xde00, 0xd83d };
	static const u8 rev8[] = { 0xed, 0xb8, 0x80, 0xed, 0xa0, 0xbd };
	/* D800 DC00 pair, then a lone DC00: the trail was consumed once */
	static const u16 ldd[] = { 0xd800, 0xdc00, 0xdc00 };
	static const u8 ldd8[] = { 0xf0, 0x90, 0x80, 0x80, 0xed, 0xb0, 0x80 };
	static const u16 dbff[] = { 0xdbff, 0xdfff, 'a' };
	static const u8 dbff8[] = { 0xf4, 0x8f, 0xbf, 0xbf, 'a' };
	u8 o[16], le[8], be[8];
	u16 back[8];

	WT_EXPECT_EQ(whatenc_wtf16_to_wtf8(pair, 2, o, sizeof(o)), 4);
	WT_EXPECT_MEMEQ(o, pair8, 4);
	WT_EXPECT_EQ(whatenc_wtf16_to_wtf8(lone, 1, o, sizeof(o)), 3);
	WT_EXPECT_MEMEQ(o, lone8, 3);
	WT_EXPECT_EQ(whatenc_wtf16_to_wtf8(rev, 2, o, sizeof(o)), 6);
	WT_EXPECT_MEMEQ(o, rev8, 6);
	WT_EXPECT_EQ(whatenc_wtf16_to_wtf8(ldd, 3, o, sizeof(o)), 7);
	WT_EXPECT_MEMEQ(o, ldd8, 7);
	WT_EXPECT_EQ(whatenc_wtf16_to_wtf8(dbff, 3, o, sizeof(o)), 5);
	WT_EXPECT_MEMEQ(o, dbff8, 5);

	to_le(ldd, 3, le);
	to_be(ldd, 3, be);
	WT_EXPECT_EQ(whatenc_wtf16le_to_wtf8(le, 6, o, sizeof(o)), 7);
	WT_EXPECT_MEMEQ(o, ldd8, 7);
	WT_EXPECT_EQ(whatenc_wtf16be_to_wtf8(be, 6, o, sizeof(o)), 7);
	WT_EXPECT_MEMEQ(o, ldd8, 7);
	WT_EXPECT_EQ(whatenc_wtf16le_to_wtf8(le, 5, o, sizeof(o)), -EILSEQ);
	WT_EXPECT_EQ(whatenc_wtf16be_to_wtf8(be, 1, o, sizeof(o)), -EILSEQ);

	WT_EXPECT_EQ(whatenc_wtf8_to_wtf16(ldd8, 7, back, 8), 3);
	WT_EXPECT_MEMEQ(back, ldd, sizeof(ldd));
	WT_EXPECT_EQ(whatenc_wtf8_to_wtf16le(ldd8, 7, o, sizeof(o)), 6);
	WT_EXPECT_MEMEQ(o, le, 6);
	WT_EXPECT_EQ(whatenc_wtf8_to_wtf16be(ldd8, 7, o, sizeof(o)), 6);
	WT_EXPECT_MEMEQ(o, be, 6);
}

/* Lossy: each surrogate byte sequence -> EF BF BD; strict: failure. */
WT_CASE(wtf8_to_utf8)
{
	static const u8 in[] = { 'a', 0xed, 0xa0, 0xbd, 'b', 0xed, 0xbf, 0xbf,
				 0xf0, 0x9f, 0x98, 0x80 };
	static const u8 lossy[] = { 'a', 0xef, 0xbf, 0xbd, 'b', 0xef, 0xbf,
				    0xbd, 0xf0, 0x9f, 0x98, 0x80 };
	static const u8 utf8[] = { 'x', 0xc3, 0xa9, 0xe2, 0x82, 0xac,
				   0xf4, 0x8f, 0xbf, 0xbf };
	u8 o[16], inplace[sizeof(in)];

	WT_EXPECT_EQ(whatenc_wtf8_to_utf8_lossy(in, sizeof(in), o, sizeof(o)),
		     sizeof(in));
	WT_EXPECT_MEMEQ(o, lossy, sizeof(lossy));
	memcpy(inplace, in, sizeof(in));
	WT_EXPECT_EQ(whatenc_wtf8_to_utf8_lossy(inplace, sizeof(in), inplace,
						sizeof(inplace)), sizeof(in));
	WT_EXPECT_MEMEQ(inplace, lossy, sizeof(lossy));
	WT_EXPECT_EQ(whatenc_wtf8_to_utf8_strict(in, sizeof(in), o, sizeof(o)),
		     -EILSEQ);
	WT_EXPECT_EQ(whatenc_wtf8_to_utf8_strict(utf8, sizeof(utf8), o,
						 sizeof(o)), sizeof(utf8));
	WT_EXPECT_MEMEQ(o, utf8, sizeof(utf8));
	WT_EXPECT_EQ(whatenc_wtf8_check(utf8, sizeof(utf8)), 0);
	/* the output is as long as the input: exactly full, one short */
	WT_EXPECT_EQ(whatenc_wtf8_to_utf8_lossy(in, sizeof(in), o, sizeof(in)),
		     sizeof(in));
	WT_EXPECT_EQ(whatenc_wtf8_to_utf8_lossy(in, sizeof(in), o,
						sizeof(in) - 1), -ENOSPC);
	WT_EXPECT_EQ(whatenc_wtf8_to_utf8_strict(utf8, sizeof(utf8), o,
						 sizeof(utf8) - 1), -ENOSPC);
	WT_EXPECT_EQ(whatenc_wtf8_to_utf8_lossy(NULL, 1, o, 1), -EINVAL);
	WT_EXPECT_EQ(whatenc_wtf8_to_utf8_lossy(NULL, 0, NULL, 0), 0);
}

/* Concatenation, spec formula: D83D + DE00 -> U+1F600 (F0 9F 98 80). */
WT_CASE(wtf8_concat)
{
	static const u8 l[] = { 'a', 0xed, 0xa0, 0xbd };
	static const u8 r[] = { 0xed, 0xb8, 0x80, 'b' };
	static const u8 joined[] = { 'a', 0xf0, 0x9f, 0x98, 0x80, 'b' };
	static const u8 plain[] = { 'a', 0xed, 0xa0, 0xbd, 'a', 0xed, 0xa0,
				    0xbd };
	static const u8 r2[] = { 0xed, 0xb8, 0x80, 'b', 0xed, 0xb8, 0x80 };
	static const u8 joined2[] = { 0xed, 0xb8, 0x80, 'b', 'a', 0xf0, 0x9f,
				      0x98, 0x80, 'b', 0xed, 0xb8, 0x80 };
	u8 buf[16];

	memcpy(buf, l, 4);
	WT_EXPECT_EQ(whatenc_wtf8_concat(buf, 4, sizeof(buf), r, 4), 6);
	WT_EXPECT_MEMEQ(buf, joined, 6);
	WT_EXPECT_EQ(whatenc_wtf8_check(buf, 6), 0);
	/* exactly full, and one byte short (buffer left unchanged) */
	memcpy(buf, l, 4);
	WT_EXPECT_EQ(whatenc_wtf8_concat(buf, 4, 6, r, 4), 6);
	WT_EXPECT_MEMEQ(buf, joined, 6);
	memcpy(buf, l, 4);
	WT_EXPECT_EQ(whatenc_wtf8_concat(buf, 4, 5, r, 4), -ENOSPC);
	WT_EXPECT_MEMEQ(buf, l, 4);
	/* lead + lead: no join */
	memcpy(buf, l, 4);
	WT_EXPECT_EQ(whatenc_wtf8_concat(buf, 4, sizeof(buf), l, 4), 8);
	WT_EXPECT_MEMEQ(buf, plain, 8);
	WT_EXPECT_EQ(whatenc_wtf8_concat(buf, 4, 7, l, 4), -ENOSPC);
	/* trail first on the left, lead last: join only at the seam */
	memcpy(buf, r, 4);
	memcpy(buf + 4, l, 4);
	WT_EXPECT_EQ(whatenc_wtf8_concat(buf, 8, sizeof(buf), r2, 7), 13);
	WT_EXPECT_MEMEQ(buf, joined2, 13);
	/* empty sides */
	WT_EXPECT_EQ(whatenc_wtf8_concat(buf, 0, sizeof(buf), r, 4), 4);
	WT_EXPECT_MEMEQ(buf, r, 4);
	WT_EXPECT_EQ(whatenc_wtf8_concat(buf, 4, 4, NULL, 0), 4);
	WT_EXPECT_EQ(whatenc_wtf8_concat(buf, 5, 4, r, 1), -EINVAL);
	WT_EXPECT_EQ(whatenc_wtf8_concat(buf, 0, 4, NULL, 1), -EINVAL);
}

/*
 * Sizes above INT_MAX are treated as INT_MAX (whatenc_names.h), so a
 * source length above INT_MAX never fits: -ENOSPC and @buf unchanged, on
 * the joining path as on the plain one. Here a negative errno passed as
 * a size: the left string is long enough that len + src_len - 2 wrapped
 * to a small number, and the join once copied src_len - 3 (about 2^64)
 * bytes.
 */
WT_CASE(wtf8_concat_huge_src_len)
{
	static const u8 r[] = { 0xed, 0xb8, 0x80, 'b' };
	u8 buf[64], want[64];
	size_t len = 40;

	memset(buf, 'a', sizeof(buf));
	buf[len - 3] = 0xed;	/* ends with the lead surrogate U+D83D */
	buf[len - 2] = 0xa0;
	buf[len - 1] = 0xbd;
	memcpy(want, buf, sizeof(buf));
	WT_EXPECT_EQ(whatenc_wtf8_concat(buf, len, sizeof(buf), r,
					 (size_t)-ENOSPC), -ENOSPC);
	WT_EXPECT_EQ(whatenc_wtf8_concat(buf, len, sizeof(buf), r,
					 (size_t)-1), -ENOSPC);
	WT_EXPECT_EQ(whatenc_wtf8_concat(buf, len, sizeof(buf), r,
					 (size_t)0x80000000), -ENOSPC); /* INT_MAX + 1 */
	WT_EXPECT_MEMEQ(buf, want, sizeof(buf));
	/* the plain path (no join: the left string ends with 'a') */
	WT_EXPECT_EQ(whatenc_wtf8_concat(buf, len - 3, sizeof(buf), r,
					 (size_t)-ENOSPC), -ENOSPC);
	WT_EXPECT_MEMEQ(buf, want, sizeof(buf));
	/* an unbounded @size (INT_MAX) and an empty left string */
	WT_EXPECT_EQ(whatenc_wtf8_concat(buf, 0, (size_t)-1, r,
					 (size_t)0x80000000), -ENOSPC);
	WT_EXPECT_MEMEQ(buf, want, sizeof(buf));
}

/* Every BMP unit alone, every supplementary code point as a pair. */
WT_CASE(wtf8_exhaustive_code_points)
{
	u8 o[8], want[8];
	u16 u[2], back[2];
	u32 c;
	int n, bad = 0;

	for (c = 0; c < 0x110000 && bad < 10; c++) {
		unsigned int wn = wt_utf8(want, c);

		if (!(c & 0xfff))
			WT_YIELD();
		if (c < 0x10000) {
			u[0] = c;
			n = whatenc_wtf16_to_wtf8(u, 1, o, sizeof(o));
		} else {
			u[0] = 0xd800 + ((c - 0x10000) >> 10);
			u[1] = 0xdc00 + ((c - 0x10000) & 0x3ff);
			n = whatenc_wtf16_to_wtf8(u, 2, o, sizeof(o));
		}
		if (n != (int)wn || memcmp(o, want, wn)) {
			WT_FAIL("U+%04X: to WTF-8 gave %d", (unsigned int)c, n);
			bad++;
			continue;
		}
		n = whatenc_wtf8_to_wtf16(o, wn, back, 2);
		if (n != (c < 0x10000 ? 1 : 2) ||
		    memcmp(back, u, n * sizeof(u16))) {
			WT_FAIL("U+%04X: back to UTF-16 gave %d",
				(unsigned int)c, n);
			bad++;
		}
		if (whatenc_wtf8_check(o, wn) != (c >= 0xd800 && c <= 0xdfff)) {
			WT_FAIL("U+%04X: check", (unsigned int)c);
			bad++;
		}
	}
}

/*
 * Random ill-formed UTF-16 through WTF-8 and back (host order, LE, BE),
 * against the reference model; lossy/strict against the lossy model.
 */
WT_CASE(wtf8_random_round_trip)
{
	u16 *u = WT_ALLOC(MAXU * sizeof(u16));
	u16 *back = WT_ALLOC(MAXU * sizeof(u16));
	u8 *o = WT_ALLOC(3 * MAXU), *want = WT_ALLOC(3 * MAXU);
	u8 *le = WT_ALLOC(2 * MAXU), *b2 = WT_ALLOC(3 * MAXU);
	u32 seed = 0x2545f491;
	int iter, bad = 0;

	WT_ASSERT_TRUE(u && back && o && want && le && b2);
	for (iter = 0; iter < 3000 && bad < 10; iter++) {
		size_t n = rng_next(&seed) % (MAXU + 1), wn;
		int r, chk;

		fill_random(&seed, u, n);
		wn = ref_wtf16_to_wtf8(u, n, want, false);
		r = whatenc_wtf16_to_wtf8(u, n, o, 3 * MAXU);
		if (r != (int)wn || memcmp(o, want, wn)) {
			WT_FAIL("iter %d: wtf16_to_wtf8 %d != %zu", iter, r, wn);
			bad++;
			continue;
		}
		chk = whatenc_wtf8_check(o, wn);
		WT_EXPECT_TRUE(chk == 0 || chk == 1);
		r = whatenc_wtf8_to_wtf16(o, wn, back, MAXU);
		if (r != (int)n || memcmp(back, u, n * sizeof(u16))) {
			WT_FAIL("iter %d: round trip %d != %zu", iter, r, n);
			bad++;
		}
		to_le(u, n, le);
		r = whatenc_wtf16le_to_wtf8(le, 2 * n, b2, 3 * MAXU);
		WT_EXPECT_TRUE(r == (int)wn && !memcmp(b2, want, wn));
		r = whatenc_wtf8_to_wtf16le(o, wn, b2, 2 * MAXU);
		WT_EXPECT_TRUE(r == (int)(2 * n) && !memcmp(b2, le, 2 * n));
		to_be(u, n, le);
		r = whatenc_wtf16be_to_wtf8(le, 2 * n, b2, 3 * MAXU);
		WT_EXPECT_TRUE(r == (int)wn && !memcmp(b2, want, wn));
		r = whatenc_wtf8_to_wtf16be(o, wn, b2, 2 * MAXU);
		WT_EXPECT_TRUE(r == (int)(2 * n) && !memcmp(b2, le, 2 * n));

		/* lossy = the model with surrogates as U+FFFD (same length) */
		wn = ref_wtf16_to_wtf8(u, n, want, true);
		r = whatenc_wtf8_to_utf8_lossy(o, wn, b2, 3 * MAXU);
		WT_EXPECT_TRUE(r == (int)wn && !memcmp(b2, want, wn));
		WT_EXPECT_EQ(whatenc_wtf8_check(b2, wn), 0);
		r = whatenc_wtf8_to_utf8_strict(o, wn, b2, 3 * MAXU);
		WT_EXPECT_EQ(r, chk ? -EILSEQ : (int)wn);
	}
}

/* A lone lead or trail inserted at every position of a string. */
WT_CASE(wtf8_every_lone_surrogate_position)
{
	static const u16 base[] = { 'a', 0xe9, 0xd83d, 0xde00, 0x20ac, 'b',
				    0xdbff, 0xdfff };
	static const u16 lone[] = { 0xd800, 0xdbff, 0xdc00, 0xdfff };
	u16 u[ARRAY_SIZE(base) + 1], back[ARRAY_SIZE(base) + 1];
	u8 o[64], want[64];
	size_t pos, k, n = ARRAY_SIZE(base) + 1, wn;
	int r;

	for (k = 0; k < ARRAY_SIZE(lone); k++) {
		for (pos = 0; pos < n; pos++) {
			memcpy(u, base, pos * sizeof(u16));
			u[pos] = lone[k];
			memcpy(u + pos + 1, base + pos,
			       (n - 1 - pos) * sizeof(u16));
			wn = ref_wtf16_to_wtf8(u, n, want, false);
			r = whatenc_wtf16_to_wtf8(u, n, o, sizeof(o));
			WT_EXPECT_EQ(r, wn);
			WT_EXPECT_MEMEQ(o, want, wn);
			WT_EXPECT_TRUE(whatenc_wtf8_check(o, wn) >= 0);
			r = whatenc_wtf8_to_wtf16(o, wn, back, n);
			WT_EXPECT_EQ(r, n);
			WT_EXPECT_MEMEQ(back, u, n * sizeof(u16));
			/* exactly full, then one byte / one unit short */
			WT_EXPECT_EQ(whatenc_wtf16_to_wtf8(u, n, o, wn), wn);
			WT_EXPECT_EQ(whatenc_wtf16_to_wtf8(u, n, o, wn - 1),
				     -ENOSPC);
			WT_EXPECT_EQ(whatenc_wtf8_to_wtf16(want, wn, back,
							   n - 1), -ENOSPC);
			WT_EXPECT_EQ(whatenc_wtf8_to_wtf16le(want, wn, o,
							     2 * n - 1),
				     -ENOSPC);
		}
	}
}

/*
 * Split a random string at every position, convert the halves apart and
 * concatenate: the same as converting it whole (pairs split across the
 * two calls are joined, as the spec's note on concatenation says).
 */
WT_CASE(wtf8_split_concat)
{
	u16 *u = WT_ALLOC(MAXU * sizeof(u16));
	u8 *whole = WT_ALLOC(3 * MAXU), *buf = WT_ALLOC(3 * MAXU);
	u8 *right = WT_ALLOC(3 * MAXU);
	u32 seed = 0x9e3779b9;
	int iter, bad = 0;

	WT_ASSERT_TRUE(u && whole && buf && right);
	for (iter = 0; iter < 300 && bad < 10; iter++) {
		size_t n = 1 + rng_next(&seed) % MAXU, k;
		int wn, ln, rn;

		fill_random(&seed, u, n);
		wn = whatenc_wtf16_to_wtf8(u, n, whole, 3 * MAXU);
		for (k = 0; k <= n; k++) {
			ln = whatenc_wtf16_to_wtf8(u, k, buf, 3 * MAXU);
			rn = whatenc_wtf16_to_wtf8(u + k, n - k, right,
						   3 * MAXU);
			if (ln < 0 || rn < 0 ||
			    whatenc_wtf8_concat(buf, ln, 3 * MAXU, right,
						rn) != wn ||
			    memcmp(buf, whole, wn)) {
				WT_FAIL("iter %d split %zu", iter, k);
				bad++;
			}
		}
	}
}

WT_CASE(wtf8_args)
{
	u16 u[2] = { 'a', 'b' };
	u8 o[8];

	WT_EXPECT_EQ(whatenc_wtf16_to_wtf8(NULL, 1, o, 8), -EINVAL);
	WT_EXPECT_EQ(whatenc_wtf16_to_wtf8(u, 2, NULL, 8), -EINVAL);
	WT_EXPECT_EQ(whatenc_wtf16_to_wtf8(u, 0, NULL, 0), 0);
	WT_EXPECT_EQ(whatenc_wtf16_to_wtf8(u, 2, o, 2), 2);
	WT_EXPECT_EQ(whatenc_wtf16_to_wtf8(u, 2, o, 1), -ENOSPC);
	WT_EXPECT_EQ(whatenc_wtf16le_to_wtf8(NULL, 2, o, 8), -EINVAL);
	WT_EXPECT_EQ(whatenc_wtf16be_to_wtf8(o, 2, NULL, 8), -EINVAL);
	WT_EXPECT_EQ(whatenc_wtf8_to_wtf16(NULL, 2, u, 2), -EINVAL);
	WT_EXPECT_EQ(whatenc_wtf8_to_wtf16le(o, 2, NULL, 2), -EINVAL);
	WT_EXPECT_EQ(whatenc_wtf8_to_wtf16be(NULL, 2, o, 2), -EINVAL);
	WT_EXPECT_EQ(whatenc_wtf8_to_utf8_strict(o, 2, NULL, 2), -EINVAL);
	WT_EXPECT_EQ(whatenc_wtf8_next(NULL, 1, NULL), -EINVAL);
	/* a 4-byte sequence needs 2 units: 1 unit of room is too little */
	o[0] = 0xf0;
	o[1] = 0x9f;
	o[2] = 0x98;
	o[3] = 0x80;
	WT_EXPECT_EQ(whatenc_wtf8_to_wtf16(o, 4, u, 1), -ENOSPC);
	WT_EXPECT_EQ(whatenc_wtf8_to_wtf16(o, 4, u, 2), 2);
	WT_EXPECT_EQ(whatenc_wtf8_to_wtf16be(o, 4, o + 4, 3), -ENOSPC);
}

/* ---- the core's extension flags (module/codec/utf16.c) --------------------- */

/* Decode @in (UTF-16LE or BE) in chunks of @chunk bytes. */
static int dec_chunked(enum whatenc_encoding enc, unsigned int flags,
		       const u8 *in, size_t len, size_t chunk, u8 *out,
		       size_t out_size)
{
	struct whatenc_decoder d;
	struct whatenc_buf b = { .out = out, .out_size = out_size };
	size_t pos = 0;

	if (whatenc_decoder_init(&d, enc, flags))
		return -EINVAL;
	do {
		size_t n = len - pos < chunk ? len - pos : chunk;
		bool last = pos + n == len;

		b.in = in + pos;
		b.in_pos = 0;
		b.in_size = n;
		if (whatenc_decode(&d, &b, last) != WHATENC_INPUT_EMPTY)
			return -EILSEQ;
		pos += n;
	} while (pos < len);
	return (int)b.out_pos;
}

/* WHATENC_DEC_WTF8: lone surrogates come out as WTF-8, at any chunking. */
WT_CASE(wtf8_core_decode_flag)
{
	u16 *u = WT_ALLOC(MAXU * sizeof(u16));
	u8 *in = WT_ALLOC(2 * MAXU), *want = WT_ALLOC(3 * MAXU);
	u8 *o = WT_ALLOC(4 * MAXU + 16);
	static const u8 lone_le[] = { 0x3d, 0xd8, 'a', 0 };
	static const u8 lone_wtf8[] = { 0xed, 0xa0, 0xbd, 'a' };
	static const u8 lone_fffd[] = { 0xef, 0xbf, 0xbd, 'a' };
	struct whatenc_decoder d;
	u32 seed = 0x1234567;
	int iter, bad = 0;

	WT_ASSERT_TRUE(u && in && want && o);
	/* spec behaviour without the flag: U+FFFD */
	WT_EXPECT_EQ(dec_chunked(WHATENC_UTF_16LE, WHATENC_BOM_KEEP, lone_le,
				 4, 4, o, 16), 4);
	WT_EXPECT_MEMEQ(o, lone_fffd, 4);
	WT_EXPECT_EQ(dec_chunked(WHATENC_UTF_16LE,
				 WHATENC_BOM_KEEP | WHATENC_DEC_WTF8, lone_le,
				 4, 4, o, 16), 4);
	WT_EXPECT_MEMEQ(o, lone_wtf8, 4);
	WT_EXPECT_EQ(whatenc_decoder_init(&d, WHATENC_UTF_8, WHATENC_DEC_WTF8),
		     -EINVAL);

	for (iter = 0; iter < 200 && bad < 10; iter++) {
		size_t n = rng_next(&seed) % (MAXU + 1), chunk;
		int wn, r;
		bool be = iter & 1;

		fill_random(&seed, u, n);
		wn = ref_wtf16_to_wtf8(u, n, want, false);
		if (be)
			to_be(u, n, in);
		else
			to_le(u, n, in);
		for (chunk = 1; chunk <= 2 * n + 1; chunk += 1 + chunk / 4) {
			r = dec_chunked(be ? WHATENC_UTF_16BE :
					WHATENC_UTF_16LE,
					WHATENC_BOM_KEEP | WHATENC_DEC_WTF8,
					in, 2 * n, chunk, o, 4 * MAXU + 16);
			if (r != wn || memcmp(o, want, wn)) {
				WT_FAIL("iter %d chunk %zu: %d != %d", iter,
					chunk, r, wn);
				bad++;
				break;
			}
		}
	}
}

/* WHATENC_ENC_UTF16: WTF-8 -> UTF-16LE/BE through the encoder. */
WT_CASE(wtf8_core_encode_flag)
{
	u16 *u = WT_ALLOC(MAXU * sizeof(u16));
	u8 *w = WT_ALLOC(3 * MAXU), *want = WT_ALLOC(2 * MAXU);
	u8 *o = WT_ALLOC(2 * MAXU + 16);
	u32 seed = 0x7654321;
	int iter, bad = 0;

	WT_ASSERT_TRUE(u && w && want && o);
	for (iter = 0; iter < 200 && bad < 10; iter++) {
		struct whatenc_encoder e;
		struct whatenc_buf b = { 0 };
		size_t n = rng_next(&seed) % (MAXU + 1), pos = 0, chunk;
		bool be = iter & 1;
		int wn;

		fill_random(&seed, u, n);
		wn = whatenc_wtf16_to_wtf8(u, n, w, 3 * MAXU);
		if (be)
			to_be(u, n, want);
		else
			to_le(u, n, want);
		chunk = 1 + rng_next(&seed) % 7;
		WT_ASSERT_EQ(whatenc_encoder_init(&e, be ? WHATENC_UTF_16BE :
						  WHATENC_UTF_16LE,
						  WHATENC_ENC_UTF16), 0);
		b.out = o;
		b.out_size = 2 * MAXU + 16;
		do {
			size_t k = wn - pos < chunk ? wn - pos : chunk;
			enum whatenc_ret ret;

			b.in = w + pos;
			b.in_pos = 0;
			b.in_size = k;
			ret = whatenc_encode(&e, &b, pos + k == (size_t)wn);
			if (ret != WHATENC_INPUT_EMPTY) {
				WT_FAIL("iter %d: ret %d", iter, ret);
				bad++;
				break;
			}
			pos += k;
		} while (pos < (size_t)wn);
		if (b.out_pos != 2 * n || memcmp(o, want, 2 * n)) {
			WT_FAIL("iter %d: %zu bytes, want %zu", iter, b.out_pos,
				2 * n);
			bad++;
		}
	}
}

WT_SUITE(wtf8,
	 WT_RUN(wtf8_table3),
	 WT_RUN(wtf8_surrogate_pair_bytes),
	 WT_RUN(wtf8_from_utf16_examples),
	 WT_RUN(wtf8_to_utf8),
	 WT_RUN(wtf8_concat),
	 WT_RUN(wtf8_concat_huge_src_len),
	 WT_RUN(wtf8_exhaustive_code_points),
	 WT_RUN(wtf8_random_round_trip),
	 WT_RUN(wtf8_every_lone_surrogate_position),
	 WT_RUN(wtf8_split_concat),
	 WT_RUN(wtf8_args),
	 WT_RUN(wtf8_core_decode_flag),
	 WT_RUN(wtf8_core_encode_flag));
