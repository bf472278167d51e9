// SPDX-License-Identifier: GPL-2.0-only
/*
 * test_single_byte.c - the 28 legacy single-byte encodings,
 * x-user-defined and replacement, exhaustively
 *
 * Expected values come from $(SHARED)/whatwg/index-*.txt through
 * build/vectors/sb_vectors.h (scripts/vectors/single_byte.py), which is
 * independent of the generated tables in module/: every byte decodes to
 * the index's code point (U+FFFD / an error where it has none), and
 * every scalar value encodes to its first pointer + 0x80 or is an error
 * (html mode: "&#N;"). The host build checks all of U+0000..U+10FFFF;
 * KUnit checks the BMP and every 97th supplementary code point.
 */
#include "whatenc.h"
#include "wt_test.h"
#include "wt_util.h"
#include "sb_vectors.h"

#define SUPP_STEP (WT_HEAVY ? 1 : 97)

/* Expected decode of byte @b in index @ix: code point or WTV_NONE. */
static u32 sb_expect(const struct wtv_index *ix, unsigned int b)
{
	return b < 0x80 ? b : sb_cps[ix->off + b - 0x80];
}

WT_CASE(sb_decode_all_bytes)
{
	struct wt_run *r = WT_ALLOC(sizeof(*r));
	u8 in[256], *exp = WT_ALLOC(1024);
	int i, k, nerr, bytes = 0;

	if (!SB_PRESENT)
		WT_SKIP("index files missing (SHARED not found at build time)");
	WT_EXPECT_EQ(SB_N_INDEXES, WHATENC_LAST_SINGLE_BYTE -
				   WHATENC_FIRST_SINGLE_BYTE + 1);
	r->out_cap = 1024;
	r->out = WT_ALLOC(1024);
	for (k = 0; k < 256; k++)
		in[k] = k;
	for (i = 0; i < SB_N_INDEXES; i++) {
		const struct wtv_index *ix = &sb_indexes[i];
		size_t m = 0;

		nerr = 0;
		for (k = 0; k < 256; k++) {
			u32 cp = sb_expect(ix, k);

			m += wt_utf8(exp + m, cp == WTV_NONE ? 0xfffd : cp);
			nerr += cp == WTV_NONE;
		}
		wt_decode_once(ix->enc, WHATENC_BOM_KEEP, in, 256, r);
		if (r->out_len != m || memcmp(r->out, exp, m))
			WT_FAIL("%s: decoding bytes 00..FF differs", ix->name);
		/* fatal: an error exactly at each byte without a code point */
		wt_decode_once(ix->enc, WHATENC_BOM_KEEP | WHATENC_DEC_FATAL, in,
			       256, r);
		WT_EXPECT_EQ(r->nerr, nerr);
		for (k = 0; k < r->nerr && k < WT_MAX_ERRS; k++)
			if (sb_expect(ix, r->errs[k].offset) != WTV_NONE ||
			    r->errs[k].len != 1 ||
			    r->errs[k].bytes[0] != r->errs[k].offset)
				WT_FAIL("%s: error at byte %02llx", ix->name,
					(unsigned long long)r->errs[k].offset);
		bytes += 256;
	}
	WT_NOTE("single-byte decode: %d bytes checked (28 encodings x 256)",
		bytes);
}

/*
 * Long inputs (sb_long.c takes inputs of 512 bytes or more): bytes in
 * an order that mixes ASCII runs, 2- and 3-byte characters (all bytes,
 * or only the mapped ones), at every alignment 0-7, with all the
 * output room or 700 bytes a call; compared with the index as above.
 */
static bool sb_long_one(struct wt_ctx *wt, const struct wtv_index *ix,
			u8 *in, size_t len, bool mapped_only, size_t room,
			u8 *exp, struct wt_run *r)
{
	struct whatenc_decoder d;
	size_t n = 0, m = 0, j;

	for (j = 0; n < len; j++) {
		unsigned int b = (j * 167 + len) & 0xff;
		u32 cp;

		if (j % 11 < 4)
			b &= 0x7f;	/* ASCII runs */
		cp = ix ? sb_expect(ix, b) : b < 0x80 ? b : 0xf780 + b - 0x80;
		if (mapped_only && cp == WTV_NONE)
			continue;
		in[n++] = b;
		m += wt_utf8(exp + m, cp == WTV_NONE ? 0xfffd : cp);
	}
	whatenc_decoder_init(&d, ix ? ix->enc : WHATENC_X_USER_DEFINED,
			     WHATENC_BOM_KEEP);
	wt_decode_run(&d, in, len, NULL, 0, room, false, r);
	return !r->overflow && r->out_len == m && !memcmp(r->out, exp, m);
}

WT_CASE(sb_decode_long)
{
	static const size_t lens[] = { 511, 512, 513, 1100, 2600 };
	struct wt_run *r = WT_ALLOC(sizeof(*r));
	u8 *in = WT_ALLOC(2600 + 8), *exp = WT_ALLOC(3 * 2600);
	unsigned int l, a, runs = 0;
	int i, fails = 0;

	if (!SB_PRESENT)
		WT_SKIP("index files missing (SHARED not found at build time)");
	r->out_cap = 3 * 2600;
	r->out = WT_ALLOC(3 * 2600);
	for (i = -1; i < SB_N_INDEXES && fails < 10; i++)
		for (l = 0; l < ARRAY_SIZE(lens); l++)
			for (a = 0; a < 16; a++) {
				const struct wtv_index *ix = i < 0 ? NULL : &sb_indexes[i];
				bool ok = sb_long_one(wt, ix, in + a % 8, lens[l],
						      a >= 8, a & 1 ? 700 : 0,
						      exp, r);

				if (!ok)
					WT_FAIL("%s: %zu bytes at %u differ",
						ix ? ix->name : "x-user-defined",
						lens[l], a);
				fails += !ok;
				runs++;
			}
	WT_NOTE("single-byte decode, long inputs: %u runs", runs);
	WT_EXPECT_EQ(fails, 0);
}

/*
 * The vector path (vec_sb_x86.c: inputs of 512 bytes or more, 32-byte
 * blocks, 4 KiB chunks) at every level, for every single-byte encoding
 * and x-user-defined: inputs dense in high bytes (the lookup) or sparse
 * (1-6 a block: the patch), mapped only, or with one unmapped byte at a
 * block's or a chunk's edges or inside; replacement and fatal mode (the
 * error exactly there); output room from 1 byte a call up. Expected
 * values from the index, as above.
 */
struct sbv_case {
	const struct wtv_index *ix;	/* NULL: x-user-defined */
	size_t len;
	int kind;	/* 0 dense, 1 sparse */
	size_t bad;	/* position of the unmapped byte; len: none */
	int hole;	/* an unmapped byte of the encoding, or -1 */
};

static u32 sbv_cp(const struct wtv_index *ix, unsigned int b)
{
	return ix ? sb_expect(ix, b) : b < 0x80 ? b : 0xf780 + b - 0x80;
}

/* The input of @c at @in, its expected output at @exp; returns its size. */
static size_t sbv_input(const struct sbv_case *c, u8 *in, u8 *exp)
{
	size_t j, m = 0;
	unsigned int b, k = 0;

	for (j = 0; j < c->len; j++) {
		if (c->kind == 1 ? (j * 37 + c->len) % 32 >= 1 + j / 32 % 6 :
				   j % 9 == 4) {
			b = 'a' + j % 26;
		} else {
			do	/* the next mapped high byte */
				b = 0x80 + (k++ * 53 + c->len) % 128;
			while (sbv_cp(c->ix, b) == WTV_NONE);
		}
		if (j == c->bad)
			b = c->hole;
		in[j] = b;
		m += wt_utf8(exp + m, sbv_cp(c->ix, b) == WTV_NONE ? 0xfffd :
				      sbv_cp(c->ix, b));
	}
	return m;
}

/* @c at every room of @rooms in replacement and fatal mode */
static int sbv_check(struct wt_ctx *wt, const struct sbv_case *c,
		     const size_t *rooms, int nrooms, u8 *in, u8 *exp,
		     struct wt_run *r, int level)
{
	struct whatenc_decoder d;
	enum whatenc_encoding enc = c->ix ? c->ix->enc : WHATENC_X_USER_DEFINED;
	size_t m = sbv_input(c, in, exp);
	bool bad = c->bad < c->len;
	int k, fails = 0;

	for (k = 0; k < nrooms; k++) {
		whatenc_decoder_init(&d, enc, WHATENC_BOM_KEEP);
		wt_decode_run(&d, in, c->len, NULL, 0, rooms[k], false, r);
		if (r->overflow || r->out_len != m || memcmp(r->out, exp, m)) {
			WT_FAIL("level %d %s: %zu bytes (kind %d, unmapped at %zu), room %zu differ",
				level, c->ix ? c->ix->name : "x-user-defined",
				c->len, c->kind, c->bad, rooms[k]);
			fails++;
		}
	}
	whatenc_decoder_init(&d, enc, WHATENC_BOM_KEEP | WHATENC_DEC_FATAL);
	wt_decode_run(&d, in, c->len, NULL, 0, 0, false, r);
	if (r->nerr != bad || (bad && (r->errs[0].offset != c->bad ||
				       r->errs[0].len != 1 ||
				       r->errs[0].bytes[0] != c->hole))) {
		WT_FAIL("level %d %s: %zu bytes, unmapped at %zu: %d errors",
			level, c->ix ? c->ix->name : "x-user-defined", c->len,
			c->bad, r->nerr);
		fails++;
	}
	return fails;
}

WT_CASE(sb_decode_vec_levels)
{
	static const size_t lens[] = { 512, 543, 600, 4096 + 33, 8192 + 97 };
	static const size_t bads[] = { 0, 31, 32, 33, 63, 64, 300, 4095, 4096,
				       4097 };
	size_t *rooms = WT_ALLOC(200 * sizeof(*rooms));
	struct wt_run *r = WT_ALLOC(sizeof(*r));
	u8 *in = WT_ALLOC(8192 + 97), *exp = WT_ALLOC(3 * (8192 + 97));
	unsigned int l, kb, runs = 0;
	int i, level, hole, nrooms = 0, fails = 0;
	size_t k;

	if (!SB_PRESENT)
		WT_SKIP("index files missing (SHARED not found at build time)");
	r->out_cap = 3 * (8192 + 97);
	r->out = WT_ALLOC(r->out_cap);
	/* rooms: all (0), every size a call from 3 (a character) to past 128 (a block) */
	rooms[nrooms++] = 0;
	for (k = 3; k <= 160; k += WT_HEAVY ? 1 : 7)
		rooms[nrooms++] = k;
	rooms[nrooms++] = 255;
	rooms[nrooms++] = 513;
	rooms[nrooms++] = 3 * 4096 + 40;
	for (level = WHATENC_VEC_SCALAR; level <= WHATENC_VEC_AVX2; level++) {
		if (whatenc_vec_set_level(level) != level)
			continue;
		for (i = -1; i < SB_N_INDEXES && fails < 10; i++) {
			const struct wtv_index *ix = i < 0 ? NULL : &sb_indexes[i];
			struct sbv_case c = { .ix = ix };

			WT_YIELD();
			for (hole = 0x80; ix && hole < 0x100 &&
			     sb_expect(ix, hole) != WTV_NONE; hole++)
				;
			c.hole = hole < 0x100 && ix ? hole : -1;
			for (l = 0; l < ARRAY_SIZE(lens); l++) {
				c.len = lens[l];
				for (c.kind = 0; c.kind < 2; c.kind++) {
					c.bad = c.len;
					/* every room on the first length */
					fails += sbv_check(wt, &c, rooms,
							   l ? 1 : nrooms, in,
							   exp, r, level);
					runs++;
					for (kb = 0; c.hole >= 0 &&
					     kb < ARRAY_SIZE(bads); kb++) {
						c.bad = bads[kb] < c.len ?
							bads[kb] : c.len - 1;
						fails += sbv_check(wt, &c, rooms, 1,
								   in, exp, r,
								   level);
						runs++;
					}
				}
			}
		}
	}
	whatenc_vec_set_level(WHATENC_VEC_AUTO);
	WT_NOTE("single-byte decode, vector levels: %u inputs", runs);
	WT_EXPECT_EQ(fails, 0);
}

#if defined(__KERNEL__) && defined(CONFIG_X86_64)
#include <asm/fpu/api.h>
#define SB_FPU_HELD	1
#else
#define SB_FPU_HELD	0
#define kernel_fpu_begin()	do { } while (0)
#define kernel_fpu_end()	do { } while (0)
#define irq_fpu_usable()	0
#endif

/*
 * The same inputs while this case holds the FPU (irq_fpu_usable() false
 * inside kernel_fpu_begin()): the vector path must fall back to the
 * scalar code. Nothing in the section sleeps; checked after it. Kernel
 * only (userspace has no FPU to hold).
 */
WT_CASE(sb_decode_vec_fpu_held)
{
	static const size_t lens[] = { 512, 4096 + 33 };
	struct wt_run *r = WT_ALLOC(sizeof(*r));
	u8 *in = WT_ALLOC(4096 + 33), *exp = WT_ALLOC(3 * (4096 + 33));
	struct whatenc_decoder d;
	int i, level, fails = 0;
	unsigned int l;
	size_t m;
	int usable;

	if (!SB_FPU_HELD)
		WT_SKIP("kernel only: no FPU to hold here");
	if (!SB_PRESENT)
		WT_SKIP("index files missing (SHARED not found at build time)");
	r->out_cap = 3 * (4096 + 33);
	r->out = WT_ALLOC(r->out_cap);
	for (level = WHATENC_VEC_SCALAR; level <= WHATENC_VEC_AVX2; level++) {
		if (whatenc_vec_set_level(level) != level)
			continue;
		for (i = -1; i < SB_N_INDEXES; i++)
			for (l = 0; l < ARRAY_SIZE(lens); l++) {
				struct sbv_case c = {
					.ix = i < 0 ? NULL : &sb_indexes[i],
					.len = lens[l], .bad = lens[l],
				};

				m = sbv_input(&c, in, exp);
				whatenc_decoder_init(&d, c.ix ? c.ix->enc :
						     WHATENC_X_USER_DEFINED,
						     WHATENC_BOM_KEEP);
				kernel_fpu_begin();
				usable = irq_fpu_usable();
				wt_decode_run(&d, in, c.len, NULL, 0, 0, false, r);
				kernel_fpu_end();
				WT_EXPECT_EQ(usable, 0);
				if (r->overflow || r->out_len != m ||
				    memcmp(r->out, exp, m)) {
					WT_FAIL("level %d, FPU held: %s, %zu bytes differ",
						level, c.ix ? c.ix->name :
						"x-user-defined", c.len);
					fails++;
				}
			}
	}
	whatenc_vec_set_level(WHATENC_VEC_AUTO);
	WT_EXPECT_EQ(fails, 0);
}

/*
 * Encode code points [@lo, @hi) step @step in html and fatal mode and
 * compare with @rev (BMP: 0 = unmappable, else 0x100 | byte).
 */
static int enc_range(struct wt_ctx *wt, int enc, const u16 *rev, u32 lo, u32 hi,
		     u32 step, u8 *in, u8 *exp, u8 *out, size_t cap)
{
	struct whatenc_encoder e;
	struct whatenc_buf b;
	size_t n = 0, m = 0, off = 0;
	u32 cp, unm = 0, seen = 0;
	enum whatenc_ret ret;
	int bad = 0;

	(void)wt;

	for (cp = lo; cp < hi; cp += step) {
		u32 byte;

		if (cp >= 0xd800 && cp <= 0xdfff)
			continue;
		n += wt_utf8(in + n, cp);
		byte = cp < 0x80 ? 0x100 | cp : cp < 0x10000 ? rev[cp] : 0;
		if (byte)
			exp[m++] = byte & 0xff;
		else
			m += wt_ncr(exp + m, cp);
	}
	whatenc_encoder_init(&e, enc, WHATENC_ENC_HTML);
	b = (struct whatenc_buf){ .in = in, .in_size = n, .out = out,
				  .out_size = cap };
	ret = whatenc_encode(&e, &b, true);
	if (ret != WHATENC_INPUT_EMPTY || b.out_pos != m ||
	    memcmp(out, exp, m))
		bad++;
	/* fatal: each unmappable code point, in order, at its offset */
	whatenc_encoder_init(&e, enc, 0);
	b = (struct whatenc_buf){ .in = in, .in_size = n, .out = out,
				  .out_size = cap };
	for (cp = lo; cp < hi; cp += step) {
		if (cp >= 0xd800 && cp <= 0xdfff)
			continue;
		if (!(cp < 0x80 || (cp < 0x10000 && rev[cp]))) {
			ret = whatenc_encode(&e, &b, true);
			if (ret != WHATENC_UNMAPPABLE || e.err.cp != cp ||
			    e.err.offset != off) {
				bad++;
				break;
			}
			unm++;
		}
		off += cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
		seen++;
	}
	if (!bad && whatenc_encode(&e, &b, true) != WHATENC_INPUT_EMPTY)
		bad++;
	return bad;
}

WT_CASE(sb_encode_all_scalars)
{
	size_t cap = 16 * 0x10000;
	u8 *in = WT_ALLOC(4 * 0x10000), *exp = WT_ALLOC(cap);
	u8 *out = WT_ALLOC(cap);
	u16 *rev = WT_ALLOC(2 * 0x10000);
	int i, k;
	u32 plane, checked = 0;

	if (!SB_PRESENT)
		WT_SKIP("index files missing (SHARED not found at build time)");
	for (i = 0; i < SB_N_INDEXES; i++) {
		const struct wtv_index *ix = &sb_indexes[i];
		int bad = 0;

		WT_YIELD();
		memset(rev, 0, 2 * 0x10000);
		/* the index pointer: the first pointer of a code point */
		for (k = 127; k >= 0; k--) {
			u32 cp = sb_cps[ix->off + k];

			if (cp != WTV_NONE && cp < 0x10000)
				rev[cp] = 0x100 | (0x80 + k);
		}
		bad += enc_range(wt, ix->enc, rev, 0, 0x10000, 1, in, exp, out,
				 cap);
		checked += 0x10000 - 0x800;
		for (plane = 1; plane <= 16; plane++) {
			WT_YIELD();
			bad += enc_range(wt, ix->enc, rev, plane << 16,
					 (plane + 1) << 16, SUPP_STEP, in, exp,
					 out, cap);
			checked += 0x10000 / SUPP_STEP;
		}
		if (bad)
			WT_FAIL("%s: %d encode ranges differ", ix->name, bad);
	}
	WT_NOTE("single-byte encode: %u scalar values checked per mode (28 encodings)",
		checked);
}

WT_CASE(xud_all)
{
	struct wt_run *r = WT_ALLOC(sizeof(*r));
	u8 in[256], *exp = WT_ALLOC(1024);
	u8 *ein = WT_ALLOC(4 * 0x10000), *eout = WT_ALLOC(16 * 0x10000);
	u16 *rev = WT_ALLOC(2 * 0x10000);
	size_t m = 0;
	u32 cp;
	int k;

	r->out_cap = 1024;
	r->out = WT_ALLOC(1024);
	/* x-user-defined: 0x80..0xFF <-> U+F780..U+F7FF */
	for (k = 0; k < 256; k++) {
		in[k] = k;
		m += wt_utf8(exp + m, k < 0x80 ? k : 0xf780 + k - 0x80);
	}
	wt_decode_once(WHATENC_X_USER_DEFINED, WHATENC_BOM_KEEP |
		       WHATENC_DEC_FATAL, in, 256, r);
	WT_EXPECT_EQ(r->nerr, 0);
	WT_EXPECT_TRUE(r->out_len == m && !memcmp(r->out, exp, m));
	for (cp = 0xf780; cp <= 0xf7ff; cp++)
		rev[cp] = 0x100 | (cp - 0xf780 + 0x80);
	WT_EXPECT_EQ(enc_range(wt, WHATENC_X_USER_DEFINED, rev, 0, 0x10000, 1,
			       ein, eout, eout + 8 * 0x10000, 8 * 0x10000), 0);
	WT_EXPECT_EQ(enc_range(wt, WHATENC_X_USER_DEFINED, rev, 0x10000,
			       0x110000, 997, ein, eout, eout + 8 * 0x10000,
			       8 * 0x10000), 0);
}

WT_CASE(replacement_decoder)
{
	struct wt_run *r = WT_ALLOC(sizeof(*r));
	struct whatenc_decoder d;
	size_t cut = 1;

	r->out_cap = 64;
	r->out = WT_ALLOC(64);
	wt_decode_once(WHATENC_REPLACEMENT, WHATENC_BOM_KEEP, NULL, 0, r);
	WT_EXPECT_EQ(r->out_len, 0);
	wt_decode_once(WHATENC_REPLACEMENT, WHATENC_BOM_KEEP,
		       (const u8 *)"abc\xff", 4, r);
	WT_EXPECT_EQ(r->out_len, 3);
	WT_EXPECT_MEMEQ(r->out, "\xef\xbf\xbd", 3);
	/* one error for the whole stream, however it is cut */
	whatenc_decoder_init(&d, WHATENC_REPLACEMENT, WHATENC_BOM_STRIP);
	wt_decode_run(&d, (const u8 *)"abc", 3, &cut, 1, 64, true, r);
	WT_EXPECT_EQ(r->out_len, 3);
	/* fatal: one error at offset 0; a new stream errs again */
	whatenc_decoder_init(&d, WHATENC_REPLACEMENT,
			     WHATENC_BOM_STRIP | WHATENC_DEC_FATAL);
	wt_decode_run(&d, (const u8 *)"abc", 3, &cut, 1, 64, false, r);
	WT_EXPECT_EQ(r->out_len, 0);
	WT_ASSERT_EQ(r->nerr, 1);
	WT_EXPECT_EQ(r->errs[0].offset, 0);
	WT_EXPECT_EQ(r->errs[0].len, 1);
	WT_EXPECT_EQ(r->errs[0].bytes[0], 'a');
	wt_decode_run(&d, (const u8 *)"xy", 2, NULL, 0, 64, false, r);
	WT_EXPECT_EQ(r->nerr, 1);
	WT_EXPECT_EQ(r->errs[0].offset, 0);
}

WT_SUITE(single_byte,
	 WT_RUN(sb_decode_all_bytes),
	 WT_RUN(sb_decode_long),
	 WT_RUN(sb_decode_vec_levels),
	 WT_RUN(sb_decode_vec_fpu_held),
	 WT_RUN(sb_encode_all_scalars),
	 WT_RUN(xud_all),
	 WT_RUN(replacement_decoder));
