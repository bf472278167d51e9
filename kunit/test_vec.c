// SPDX-License-Identifier: GPL-2.0-only
/*
 * test_vec.c - the vector paths (ASCII runs, UTF-8 to UTF-16, UTF-16 to
 * UTF-8) at every level the CPU has
 *
 * Expected values come from the Encoding Standard's definitions, not
 * from the code: x-user-defined maps byte 0x80 + k to U+F780 + k (UTF-8
 * EF 9E/9F ..), ASCII to UTF-16 is the byte and a zero byte, a BMP
 * character is one code unit, and back (the shared UTF-16 decoder: a
 * surrogate pair is one code point, a lone surrogate U+FFFD; UTF-8 by
 * its definition, wt_utf8()). Inputs are ASCII runs and runs of 2- and
 * 3-byte sequences (and ASCII mixed in) of every length 0-130, from
 * WE_VEC_MIN to WE_VEC_MIN + 130 and around the 4 KiB chunks, at every
 * alignment 0-31, ended by a non-ASCII character (or a malformed one),
 * with room for all of the output or for part of it. UTF-8 validation
 * has its own case in test_utf8.c.
 */
#include "whatenc.h"
#include "wt_test.h"
#include "wt_util.h"

#define VEC_CAP	(4096 + 200)

/* the run lengths: 0-130, WE_VEC_MIN - 1 on, 4096 - 8 on */
static size_t vec_len(unsigned int i)
{
	if (i < 131)
		return i;
	if (i < 131 + 132)
		return WE_VEC_MIN - 1 + (i - 131);
	return 4096 - 8 + (i - 131 - 132);
}

#define VEC_LENS	(131 + 132 + 17)

/* x-user-defined: @len ASCII bytes, then 0x80 + @len % 128, both ways */
static bool xud_one(struct wt_ctx *wt, u8 *in, size_t len, u8 *exp,
		    struct wt_run *r, size_t room)
{
	struct whatenc_decoder d;
	struct whatenc_encoder e;
	size_t i;
	u8 hi = 0x80 + len % 128;

	for (i = 0; i < len; i++)
		in[i] = 'a' + (i * 7 + len) % 26;
	in[len] = hi;
	in[len + 1] = 'z';
	memcpy(exp, in, len);
	exp[len] = 0xef;
	exp[len + 1] = 0x9c + (hi >> 6);
	exp[len + 2] = 0x80 | (hi & 0x3f);
	exp[len + 3] = 'z';
	whatenc_decoder_init(&d, WHATENC_X_USER_DEFINED, 0);
	wt_decode_run(&d, in, len + 2, NULL, 0, room, false, r);
	if (r->overflow || r->out_len != len + 4 || memcmp(r->out, exp, len + 4))
		return false;
	whatenc_encoder_init(&e, WHATENC_X_USER_DEFINED, 0);
	wt_encode_run(&e, exp, len + 4, NULL, 0, room, false, r);
	return !r->overflow && r->out_len == len + 2 &&
	       !memcmp(r->out, in, len + 2);
}

/* UTF-16: @len ASCII bytes, then U+00E9 and 'z', as LE (@be: BE) */
static bool utf16_one(struct wt_ctx *wt, u8 *in, size_t len, u8 *exp,
		      struct wt_run *r, size_t room, bool be)
{
	struct whatenc_encoder e;
	size_t i;

	for (i = 0; i < len; i++)
		in[i] = 'A' + (i * 5 + len) % 26;
	memcpy(in + len, "\xc3\xa9z", 3);
	for (i = 0; i < len + 2; i++) {
		u8 c = i < len ? in[i] : i == len ? 0xe9 : 'z';

		exp[2 * i + be] = c;
		exp[2 * i + !be] = 0;
	}
	whatenc_encoder_init(&e, be ? WHATENC_UTF_16BE : WHATENC_UTF_16LE,
			     WHATENC_ENC_UTF16);
	wt_encode_run(&e, in, len + 3, NULL, 0, room, false, r);
	return !r->overflow && r->out_len == 2 * (len + 2) &&
	       !memcmp(r->out, exp, 2 * (len + 2));
}

/* the endings of a run of 3-byte sequences, and their code units */
static const struct {
	struct wt_str utf8;
	u16 units[3];
	int n;
} run3_end[] = {
	{ WT_S("z"), { 'z' }, 1 },
	{ WT_S("\xc3\xa9"), { 0xe9 }, 1 },
	{ WT_S("\xed\xa0\x80"), { 0xd800 }, 1 },	/* WTF-8: a lone surrogate */
	{ WT_S("\xe0\x9f\xbf"), { 0xfffd, 0xfffd, 0xfffd }, 3 },	/* overlong */
	{ WT_S("\xc1\xbf"), { 0xfffd, 0xfffd }, 2 },	/* overlong */
	{ WT_S("\xf0\x90\x80\x80"), { 0xd800, 0xdc00 }, 2 },
	{ WT_S("\xe3\x81"), { 0xfffd }, 1 },	/* cut short */
};

/* the code points at the edges of the UTF-16 decoders' vector classes */
static const u16 narrow_edge[] = { 0x7f, 0x80, 0x7ff, 0x800, 0xd7ff, 0xe000,
				   0xffff };

/*
 * Character @i of a run of @len of @kind (0: U+3000.., 3 bytes of UTF-8
 * each; 1: U+0400.., 2 bytes; 2: ASCII and 3-byte ones mixed; 3: all
 * three mixed, with the edges above; 4: ASCII)
 */
static u16 run_cp(size_t i, size_t len, int kind)
{
	return kind == 1 ? 0x400 + (i * 7 + len) % 0x400 :
	       kind == 2 && i % 5 < 2 ? 'a' + (i + len) % 26 :
	       kind == 3 && i % 4 == 1 ? 'a' + (i + len) % 26 :
	       kind == 3 && i % 4 == 2 ? 0x80 + (i * 11) % 0x780 :
	       kind == 3 && i % 4 == 3 ?
			narrow_edge[(i / 4 + len) % ARRAY_SIZE(narrow_edge)] :
	       kind == 4 ? ' ' + (i * 3 + len) % 95 :
	       0x3000 + (i * 37 + len) % 0x5000;
}

/* code unit @cu at @p, big-endian if @be */
static void put_unit(u8 *p, u16 cu, bool be)
{
	p[be] = cu & 0xff;
	p[!be] = cu >> 8;
}

/*
 * UTF-16 (@be: BE) of @len characters of @kind (run_cp(), 0-3), the
 * ending @k, 5 more characters
 */
static bool run3_one(struct wt_ctx *wt, u8 *in, size_t len, u8 *exp,
		     struct wt_run *r, size_t room, bool be, unsigned int k,
		     int kind)
{
	struct whatenc_encoder e;
	size_t i, n = 0, o = 0;
	int j;

	for (i = 0; i < len + 6; i++) {
		u16 cp = run_cp(i, len, kind);

		if (i == len) {	/* the ending, then 5 more */
			memcpy(in + n, run3_end[k].utf8.p, run3_end[k].utf8.n);
			n += run3_end[k].utf8.n;
			for (j = 0; j < run3_end[k].n; j++) {
				put_unit(exp + o, run3_end[k].units[j], be);
				o += 2;
			}
			continue;
		}
		n += wt_utf8(in + n, cp);
		put_unit(exp + o, cp, be);
		o += 2;
	}
	whatenc_encoder_init(&e, be ? WHATENC_UTF_16BE : WHATENC_UTF_16LE,
			     WHATENC_ENC_UTF16 | WHATENC_ENC_HTML);
	wt_encode_run(&e, in, n, NULL, 0, room, false, r);
	return !r->overflow && r->out_len == o && !memcmp(r->out, exp, o);
}

/* one run of a kind, length, ending, room and byte order: as expected? */
typedef bool (*vec_run_fn)(struct wt_ctx *wt, u8 *in, size_t len, u8 *exp,
			   struct wt_run *r, size_t room, bool be,
			   unsigned int k, int kind);

/* a converter's runs: @one, its @ends endings and @kinds kinds */
struct vec_runs {
	vec_run_fn one;
	unsigned int ends;
	int kinds;
	const char *what;
	size_t in_cap, out_cap;
};

/* every room, ending and kind for a run of @len at @in: the failures */
static unsigned int runs_all(struct wt_ctx *wt, const struct vec_runs *v,
			     u8 *in, size_t len, unsigned int align, u8 *exp,
			     struct wt_run *r, int level, unsigned int *n)
{
	static const size_t rooms[] = { 0, 61, 300 };
	unsigned int fails = 0, k, m;
	int kind;

	for (k = 0; k < ARRAY_SIZE(rooms); k++)
		for (m = 0; m < v->ends; m++) {
			if ((k && (align & 7)) || (m && align > 1))
				continue;
			for (kind = 0; kind < v->kinds; kind++) {
				bool ok = v->one(wt, in, len, exp, r, rooms[k],
						 false, m, kind) &&
					  v->one(wt, in, len, exp, r, rooms[k],
						 true, m, kind);

				if (!ok)
					WT_FAIL("level %d %s: run %d of %zu at %u room %zu end %u",
						level, v->what, kind, len, align,
						rooms[k], m);
				fails += !ok;
				(*n)++;
			}
		}
	return fails;
}

/* @v's runs of every length, at every alignment 0-15, at every level */
static void runs_check(struct wt_ctx *wt, const struct vec_runs *v,
		       int first, int last)
{
	u8 *buf = WT_ALLOC(v->in_cap), *exp = WT_ALLOC(v->out_cap);
	struct wt_run *r = WT_ALLOC(sizeof(*r));
	unsigned int fails = 0, n = 0, i, align;
	int level;

	WT_ASSERT_TRUE(buf && exp && r);
	r->out = WT_ALLOC(v->out_cap);
	WT_ASSERT_TRUE(r->out);
	r->out_cap = v->out_cap;
	for (level = first; level <= last; level++) {
		if (whatenc_vec_set_level(level) != level) {
			WT_NOTE("vec: level %d not on this CPU", level);
			continue;
		}
		for (i = 0; i < VEC_LENS && fails < 10; i++) {
			WT_YIELD();
			for (align = 0; align < 16; align++)
				fails += runs_all(wt, v, buf + align, vec_len(i),
						  align, exp, r, level, &n);
		}
		WT_NOTE("vec: level %d ran", level);
	}
	whatenc_vec_set_level(WHATENC_VEC_AUTO);
	WT_NOTE("vec: %u runs of %s checked", n, v->what);
	WT_EXPECT_EQ(fails, 0);
}

static const struct vec_runs run3_runs = {
	run3_one, ARRAY_SIZE(run3_end), 4, "1-3 byte sequences to UTF-16",
	3 * VEC_CAP + 64, 2 * VEC_CAP + 32,
};

/*
 * One case a level, here and for the UTF-16 decoder below: all three
 * took 40 s (this) and 53 s (below) of a free core in the debug kernel
 * (KASAN; 8d3e52a, 2026-11-26), too close to its 60 s hung-task check
 * on a busy machine.
 */
WT_CASE(vec_utf16_runs_scalar)
{
	runs_check(wt, &run3_runs, WHATENC_VEC_SCALAR, WHATENC_VEC_SCALAR);
}

WT_CASE(vec_utf16_runs_sse2)
{
	runs_check(wt, &run3_runs, WHATENC_VEC_SSE2, WHATENC_VEC_SSE2);
}

WT_CASE(vec_utf16_runs_avx2)
{
	runs_check(wt, &run3_runs, WHATENC_VEC_AVX2, WHATENC_VEC_AVX2);
}

WT_CASE(vec_ascii_runs)
{
	static const size_t rooms[] = { 0, 61, 300 };
	u8 *buf = WT_ALLOC(VEC_CAP + 32), *exp = WT_ALLOC(2 * VEC_CAP);
	struct wt_run *r = WT_ALLOC(sizeof(*r));
	unsigned int fails = 0, n = 0, i, align, k;
	int level;

	r->out = WT_ALLOC(2 * VEC_CAP);
	r->out_cap = 2 * VEC_CAP;
	for (level = WHATENC_VEC_SCALAR; level <= WHATENC_VEC_AVX2; level++) {
		if (whatenc_vec_set_level(level) != level) {
			WT_NOTE("vec: level %d not on this CPU", level);
			continue;
		}
		for (i = 0; i < VEC_LENS && fails < 10; i++) {
			size_t len = vec_len(i);

			WT_YIELD();
			for (align = 0; align < 32; align++)
				for (k = 0; k < ARRAY_SIZE(rooms); k++) {
					u8 *in = buf + align;
					bool ok;

					if (k && (align & 7))
						continue;
					ok = xud_one(wt, in, len, exp, r, rooms[k]) &&
					     utf16_one(wt, in, len, exp, r, rooms[k], false) &&
					     utf16_one(wt, in, len, exp, r, rooms[k], true);
					if (!ok)
						WT_FAIL("vec level %d: run of %zu at %u, room %zu",
							level, len, align, rooms[k]);
					fails += !ok;
					n++;
				}
		}
		WT_NOTE("vec: level %d ran", level);
	}
	whatenc_vec_set_level(WHATENC_VEC_AUTO);
	WT_NOTE("vec: %u runs checked", n);
	WT_EXPECT_EQ(fails, 0);
}

/* the endings of a run of UTF-16 code units, and their code points */
static const struct {
	u16 units[3];
	int nu;
	u32 cps[3];
	int nc;
} narrow_end[] = {
	{ { 'z' }, 1, { 'z' }, 1 },
	{ { 0x7ff, 0x800, 0x80 }, 3, { 0x7ff, 0x800, 0x80 }, 3 },
	{ { 0xffff, 0xe000, 0xd7ff }, 3, { 0xffff, 0xe000, 0xd7ff }, 3 },
	{ { 0xd83d, 0xde00 }, 2, { 0x1f600 }, 1 },	/* a pair */
	{ { 0xd800, 'a' }, 2, { 0xfffd, 'a' }, 2 },	/* a lone lead */
	{ { 0xdfff }, 1, { 0xfffd }, 1 },		/* a lone trail */
	{ { 0xdbff, 0xdbff, 0xdc00 }, 3, { 0xfffd, 0x10fc00 }, 2 },
};

/*
 * UTF-16 (@be: BE) of @len code units of @kind (run_cp()), the ending
 * @k, 13 more units (so that the ending is inside a 16-byte block),
 * decoded to UTF-8
 */
static bool narrow_one(struct wt_ctx *wt, u8 *in, size_t len, u8 *exp,
		       struct wt_run *r, size_t room, bool be, unsigned int k,
		       int kind)
{
	struct whatenc_decoder d;
	size_t i, n = 0, o = 0;
	int j;

	for (i = 0; i < len + 14; i++) {
		u16 cp = run_cp(i, len, kind);

		if (i == len) {	/* the ending, then 13 more */
			for (j = 0; j < narrow_end[k].nu; j++) {
				put_unit(in + n, narrow_end[k].units[j], be);
				n += 2;
			}
			for (j = 0; j < narrow_end[k].nc; j++)
				o += wt_utf8(exp + o, narrow_end[k].cps[j]);
			continue;
		}
		put_unit(in + n, cp, be);
		n += 2;
		o += wt_utf8(exp + o, cp);
	}
	whatenc_decoder_init(&d, be ? WHATENC_UTF_16BE : WHATENC_UTF_16LE,
			     WHATENC_BOM_KEEP);
	wt_decode_run(&d, in, n, NULL, 0, room, false, r);
	return !r->overflow && r->out_len == o && !memcmp(r->out, exp, o);
}

/*
 * UTF-16 to UTF-8 (the decoders' vector path), both byte orders: runs of
 * 3-byte, 2-byte, ASCII and mixed characters with the classes' edges
 */
static const struct vec_runs narrow_runs = {
	narrow_one, ARRAY_SIZE(narrow_end), 5, "UTF-16 code units to UTF-8",
	2 * VEC_CAP + 64, 3 * (VEC_CAP + 16),
};

WT_CASE(vec_utf16_decode_runs_scalar)
{
	runs_check(wt, &narrow_runs, WHATENC_VEC_SCALAR, WHATENC_VEC_SCALAR);
}

WT_CASE(vec_utf16_decode_runs_sse2)
{
	runs_check(wt, &narrow_runs, WHATENC_VEC_SSE2, WHATENC_VEC_SSE2);
}

WT_CASE(vec_utf16_decode_runs_avx2)
{
	runs_check(wt, &narrow_runs, WHATENC_VEC_AVX2, WHATENC_VEC_AVX2);
}

#if defined(__KERNEL__) && defined(CONFIG_X86_64) && !defined(CONFIG_UML)
#include <asm/fpu/api.h>

/* @len / 2 characters of 3-byte UTF-8 (U+3000..) decode to themselves */
static bool utf8_same(u8 *in, size_t len, struct wt_run *r)
{
	struct whatenc_decoder d;
	size_t i, n = 0;

	for (i = 0; i < len / 2; i++)
		n += wt_utf8(in + n, 0x3000 + (i * 37 + len) % 0x5000);
	whatenc_decoder_init(&d, WHATENC_UTF_8, WHATENC_BOM_KEEP);
	wt_decode_run(&d, in, n, NULL, 0, 0, false, r);
	return !r->overflow && r->out_len == n && !memcmp(r->out, in, n);
}

/*
 * In the kernel (x86-64; not UML, which has no kernel FPU sections: the
 * vector code never runs there) the vector code runs only where
 * irq_fpu_usable(): the cases above take that path (a KUnit case runs in
 * a kthread, where the FPU is usable). Here the same inputs, long enough
 * for it, are converted while this case holds the FPU itself
 * (kernel_fpu_begin(): irq_fpu_usable() is false inside), so every level
 * must fall back to the scalar code and still give the expected bytes.
 * Nothing in the section sleeps: the results are checked after
 * kernel_fpu_end().
 */
WT_CASE(vec_fpu_held)
{
	static const size_t lens[] = { WE_VEC_MIN, WE_VEC_MIN + 77, 4096 + 8 };
	u8 *buf = WT_ALLOC(3 * VEC_CAP + 64), *exp = WT_ALLOC(2 * VEC_CAP + 32);
	struct wt_run *r = WT_ALLOC(sizeof(*r));
	unsigned int fails = 0, i;
	int level, usable;
	bool ok[5];

	WT_ASSERT_TRUE(buf && exp && r);
	r->out = WT_ALLOC(2 * VEC_CAP + 32);
	WT_ASSERT_TRUE(r->out);
	r->out_cap = 2 * VEC_CAP + 32;
	usable = irq_fpu_usable();
	WT_NOTE("vec: irq_fpu_usable() %d here, best level %d", usable,
		whatenc_vec_set_level(WHATENC_VEC_AUTO));
	for (level = WHATENC_VEC_SCALAR; level <= WHATENC_VEC_AVX2; level++) {
		if (whatenc_vec_set_level(level) != level)
			continue;
		for (i = 0; i < ARRAY_SIZE(lens); i++) {
			kernel_fpu_begin();
			usable = irq_fpu_usable();
			ok[0] = xud_one(wt, buf, lens[i], exp, r, 0);
			ok[1] = utf16_one(wt, buf, lens[i], exp, r, 0, false);
			ok[2] = run3_one(wt, buf, lens[i], exp, r, 0, true, 1, 0);
			ok[3] = utf8_same(buf, lens[i], r);
			ok[4] = narrow_one(wt, buf, lens[i], exp, r, 0, false, 3, 1);
			kernel_fpu_end();
			WT_EXPECT_EQ(usable, 0);
			if (!ok[0] || !ok[1] || !ok[2] || !ok[3] || !ok[4]) {
				WT_FAIL("vec level %d, FPU held: %zu: %d %d %d %d %d",
					level, lens[i], ok[0], ok[1], ok[2], ok[3],
					ok[4]);
				fails++;
			}
		}
	}
	whatenc_vec_set_level(WHATENC_VEC_AUTO);
	WT_EXPECT_EQ(fails, 0);
}

WT_SUITE(vec,
	 WT_RUN(vec_ascii_runs),
	 WT_RUN(vec_utf16_runs_scalar),
	 WT_RUN(vec_utf16_runs_sse2),
	 WT_RUN(vec_utf16_runs_avx2),
	 WT_RUN(vec_utf16_decode_runs_scalar),
	 WT_RUN(vec_utf16_decode_runs_sse2),
	 WT_RUN(vec_utf16_decode_runs_avx2),
	 WT_RUN(vec_fpu_held));
#else
WT_SUITE(vec,
	 WT_RUN(vec_ascii_runs),
	 WT_RUN(vec_utf16_runs_scalar),
	 WT_RUN(vec_utf16_runs_sse2),
	 WT_RUN(vec_utf16_runs_avx2),
	 WT_RUN(vec_utf16_decode_runs_scalar),
	 WT_RUN(vec_utf16_decode_runs_sse2),
	 WT_RUN(vec_utf16_decode_runs_avx2));
#endif
