// SPDX-License-Identifier: GPL-2.0-only
/*
 * test_vec.c - the vector paths (ASCII runs, UTF-8 to UTF-16) at every
 * level the CPU has
 *
 * Expected values come from the Encoding Standard's definitions, not
 * from the code: x-user-defined maps byte 0x80 + k to U+F780 + k (UTF-8
 * EF 9E/9F ..), ASCII to UTF-16 is the byte and a zero byte, a BMP
 * character is one code unit. Inputs are ASCII runs and runs of 2- and
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

/*
 * UTF-16 (@be: BE) of @len characters of @kind (0: U+3000.., 3 bytes of
 * UTF-8 each; 1: U+0400.., 2 bytes; 2: ASCII and 3-byte ones mixed),
 * the ending @k, 5 more characters
 */
static bool run3_one(struct wt_ctx *wt, u8 *in, size_t len, u8 *exp,
		     struct wt_run *r, size_t room, bool be, unsigned int k,
		     int kind)
{
	struct whatenc_encoder e;
	size_t i, n = 0, o = 0;
	int j;

	for (i = 0; i < len + 6; i++) {
		u16 cp = kind == 1 ? 0x400 + (i * 7 + len) % 0x400 :
			 kind == 2 && i % 5 < 2 ? 'a' + (i + len) % 26 :
			 0x3000 + (i * 37 + len) % 0x5000;

		if (i == len) {	/* the ending, then 5 more */
			memcpy(in + n, run3_end[k].utf8.p, run3_end[k].utf8.n);
			n += run3_end[k].utf8.n;
			for (j = 0; j < run3_end[k].n; j++) {
				exp[o + be] = run3_end[k].units[j] & 0xff;
				exp[o + !be] = run3_end[k].units[j] >> 8;
				o += 2;
			}
			continue;
		}
		n += wt_utf8(in + n, cp);
		exp[o + be] = cp & 0xff;
		exp[o + !be] = cp >> 8;
		o += 2;
	}
	whatenc_encoder_init(&e, be ? WHATENC_UTF_16BE : WHATENC_UTF_16LE,
			     WHATENC_ENC_UTF16 | WHATENC_ENC_HTML);
	wt_encode_run(&e, in, n, NULL, 0, room, false, r);
	return !r->overflow && r->out_len == o && !memcmp(r->out, exp, o);
}

/* every room, ending and kind for a run of @len at @in: the failures */
static unsigned int utf16_all(struct wt_ctx *wt, u8 *in, size_t len,
			      unsigned int align, u8 *exp, struct wt_run *r,
			      int level, unsigned int *n)
{
	static const size_t rooms[] = { 0, 61, 300 };
	unsigned int fails = 0, k, m;
	int kind;

	for (k = 0; k < ARRAY_SIZE(rooms); k++)
		for (m = 0; m < ARRAY_SIZE(run3_end); m++) {
			if ((k && (align & 7)) || (m && align > 1))
				continue;
			for (kind = 0; kind < 3; kind++) {
				bool ok = run3_one(wt, in, len, exp, r, rooms[k],
						   false, m, kind) &&
					  run3_one(wt, in, len, exp, r, rooms[k],
						   true, m, kind);

				if (!ok)
					WT_FAIL("vec level %d: run %d of %zu at %u, room %zu, end %u",
						level, kind, len, align, rooms[k], m);
				fails += !ok;
				(*n)++;
			}
		}
	return fails;
}

WT_CASE(vec_utf16_runs)
{
	u8 *buf = WT_ALLOC(3 * VEC_CAP + 64), *exp = WT_ALLOC(2 * VEC_CAP + 32);
	struct wt_run *r = WT_ALLOC(sizeof(*r));
	unsigned int fails = 0, n = 0, i, align;
	int level;

	r->out = WT_ALLOC(2 * VEC_CAP + 32);
	r->out_cap = 2 * VEC_CAP + 32;
	for (level = WHATENC_VEC_SCALAR; level <= WHATENC_VEC_AVX2; level++) {
		if (whatenc_vec_set_level(level) != level) {
			WT_NOTE("vec: level %d not on this CPU", level);
			continue;
		}
		for (i = 0; i < VEC_LENS && fails < 10; i++)
			for (align = 0; align < 16; align++)
				fails += utf16_all(wt, buf + align, vec_len(i),
						   align, exp, r, level, &n);
		WT_NOTE("vec: level %d ran", level);
	}
	whatenc_vec_set_level(WHATENC_VEC_AUTO);
	WT_NOTE("vec: %u runs of 1-3 byte sequences to UTF-16 checked", n);
	WT_EXPECT_EQ(fails, 0);
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

#if defined(__KERNEL__) && defined(CONFIG_X86_64)
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
 * In the kernel the vector code runs only where irq_fpu_usable(): the
 * cases above take that path (a KUnit case runs in a kthread, where the
 * FPU is usable). Here the same inputs, long enough for it, are
 * converted while this case holds the FPU itself (kernel_fpu_begin():
 * irq_fpu_usable() is false inside), so every level must fall back to
 * the scalar code and still give the expected bytes. Nothing in the
 * section sleeps: the results are checked after kernel_fpu_end().
 */
WT_CASE(vec_fpu_held)
{
	static const size_t lens[] = { WE_VEC_MIN, WE_VEC_MIN + 77, 4096 + 8 };
	u8 *buf = WT_ALLOC(3 * VEC_CAP + 64), *exp = WT_ALLOC(2 * VEC_CAP + 32);
	struct wt_run *r = WT_ALLOC(sizeof(*r));
	unsigned int fails = 0, i;
	int level, usable;
	bool ok[4];

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
			kernel_fpu_end();
			WT_EXPECT_EQ(usable, 0);
			if (!ok[0] || !ok[1] || !ok[2] || !ok[3]) {
				WT_FAIL("vec level %d, FPU held: %zu: %d %d %d %d",
					level, lens[i], ok[0], ok[1], ok[2], ok[3]);
				fails++;
			}
		}
	}
	whatenc_vec_set_level(WHATENC_VEC_AUTO);
	WT_EXPECT_EQ(fails, 0);
}

WT_SUITE(vec,
	 WT_RUN(vec_ascii_runs),
	 WT_RUN(vec_utf16_runs),
	 WT_RUN(vec_fpu_held));
#else
WT_SUITE(vec,
	 WT_RUN(vec_ascii_runs),
	 WT_RUN(vec_utf16_runs));
#endif
