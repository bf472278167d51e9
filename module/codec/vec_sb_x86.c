// SPDX-License-Identifier: GPL-2.0-only
/*
 * vec_sb_x86.c - the single-byte decoders' and encoders' AVX2 kernels
 *
 * The decoder: 32 input bytes a step, three kinds of block:
 * - all ASCII: copied;
 * - a few bytes 0x80..0xFF (Latin prose: up to SB_FEW): the block is
 *   copied, and each high byte in turn is stored as its UTF-8 entry
 *   (sb_long.c's table) and the rest of the block copied after it;
 * - more (Cyrillic, Greek, Arabic, Hebrew, Thai prose): the UTF-8 bytes
 *   of every byte are looked up in the 8 16-byte rows of the encoding's
 *   planes (its 128 leads, second bytes, third bytes) by the byte's low
 *   nibble, one pshufb per row, and picked by its bits 4-6 (a tree of 7
 *   blends, sb_lookup()); the 1-3 bytes of each group of 4 are put in 32-bit
 *   lanes and moved together with one pshufb from we_sb_pack[]
 *   (tables_vec_pack.h), indexed by which of the 4 are high and which
 *   of those 3-byte; the rows' offsets come from pmaddubsw/pmaddwd.
 * An unmapped byte (lead 0) ends the call at its block.
 *
 * The encoder (whatenc_avx2_sb_encode()): 32 bytes of UTF-8 a step, ASCII
 * and 2-byte sequences of at most two different leads (a Cyrillic,
 * Greek, Arabic or Hebrew letter and Latin punctuation, or the Latin
 * letters of C2 and C3): each trail byte is looked up in its lead's
 * 64-byte page of the encoding's page table (4 rows of 16 a page, a
 * pshufb each) and the leads dropped, 8 bytes at a time, by a pshufb
 * from we_sb_keep8[]. gcc's avx2
 * target also emits popcnt for __builtin_popcount() (every AVX2 CPU has
 * it).
 */
#include "vec_x86.h"
#include "tables_vec_pack.h"

#if WE_VEC_X86

/* the output room a block needs (3 bytes a byte, 32 more: sb_patch()) */
#define SB_ROOM	(3 * 32 + 32)

/* high bytes in a block up to which the block is patched, not looked up */
#define SB_FEW	6

#define PSHUFB32(t, i)	((v32u8)__builtin_ia32_pshufb256(V32I8(t), V32I8(i)))
/* vpunpck[lh]bw, vpunpck[lh]wd (gcc and clang) */
#define LO8(a, b)	(__builtin_shufflevector((v32u8)(a), (v32u8)(b), \
	0, 32, 1, 33, 2, 34, 3, 35, 4, 36, 5, 37, 6, 38, 7, 39,		\
	16, 48, 17, 49, 18, 50, 19, 51, 20, 52, 21, 53, 22, 54, 23, 55))
#define HI8(a, b)	(__builtin_shufflevector((v32u8)(a), (v32u8)(b), \
	8, 40, 9, 41, 10, 42, 11, 43, 12, 44, 13, 45, 14, 46, 15, 47,	\
	24, 56, 25, 57, 26, 58, 27, 59, 28, 60, 29, 61, 30, 62, 31, 63))
#define LO16(a, b)	((v32u8)__builtin_shufflevector((v16s16)(a),	\
	(v16s16)(b), 0, 16, 1, 17, 2, 18, 3, 19, 8, 24, 9, 25, 10, 26, 11, 27))
#define HI16(a, b)	((v32u8)__builtin_shufflevector((v16s16)(a),	\
	(v16s16)(b), 4, 20, 5, 21, 6, 22, 7, 23, 12, 28, 13, 29, 14, 30, 15, 31))
/* a 16-byte row in both lanes: gcc folds its builtin into the load */
#ifdef __clang__
#define BCAST(row)	__builtin_shufflevector(row, row, 0, 1, 2, 3, 4, 5, \
				6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 0, 1, 2, 3, \
				4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15)
#else
#define BCAST(row)	__builtin_ia32_vbroadcastsi256(V2I64(row))
#endif
#define BLEND(a, b, m)							\
	((v32u8)__builtin_ia32_pblendvb256(V32I8(a), V32I8(b), V32I8(m)))
#define V2I64(v)	((long long __attribute__((vector_size(16))))(v))
#define TWICE16(...)	{ __VA_ARGS__, __VA_ARGS__ }
typedef s16 v16s16 __attribute__((vector_size(32)));
typedef s32 v8s32 __attribute__((vector_size(32)));
typedef u64 v2u64 __attribute__((vector_size(16)));

/* @c in every byte */
static WE_AVX2 __always_inline v32u8 SPLAT(u8 c)
{
	v32u8 v = { 0 };

	return v + c;
}

/* The lane @k (0, 1) of @v. */
static WE_AVX2 __always_inline v16u8 sb_lane(v32u8 v, unsigned int k)
{
	v16u8 h[2] __uninitialized;

	__builtin_memcpy(h, &v, 32);
	return h[k];
}

/*
 * The block at @s, a few of whose bytes (@m) are high, at @d; returns the
 * bytes read (fewer than 32 at an unmapped byte), *@o advanced. Reads
 * up to 63 bytes, writes up to 32 bytes past the output.
 */
static WE_AVX2 __always_inline unsigned int
sb_patch(u8 *d, const u8 *s, unsigned int m, const u32 *high, size_t *o)
{
	size_t oo = *o;	/* where the block's byte j goes: oo + j */
	unsigned int j;

	ST32(d + oo, LD32(s));
	while (m) {
		u32 e;

		j = __builtin_ctz(m);
		e = high[s[j] & 0x7f];
		if (!e) {
			*o = oo + j;
			return j;
		}
		__builtin_memcpy(d + oo + j, &e, 4);
		oo += (e >> 24) - 1;
		ST32(d + oo + j + 1, LD32(s + j + 1));
		m &= m - 1;
	}
	*o = oo + 32;
	return 32;
}

/*
 * The bytes of @plane (128: one per byte 0x80..0xFF) for the high bytes
 * of @v (any for the others): its 8 rows of 16, each in both lanes,
 * looked up by the low nibble @lo, and one of them picked by bits 4, 5,
 * 6 (the top bits of @b4, @b5, @b6).
 */
static WE_AVX2 __always_inline v32u8
sb_lookup(const u8 *plane, v32u8 lo, v32u8 b4, v32u8 b5, v32u8 b6)
{
	v32u8 r[8] __uninitialized;
	unsigned int k;

#pragma GCC unroll 8
	for (k = 0; k < 8; k++) {
		v16u8 row = LD16(plane + 16 * k);

		r[k] = PSHUFB32(BCAST(row), lo);
	}
	r[0] = BLEND(r[0], r[1], b4);
	r[2] = BLEND(r[2], r[3], b4);
	r[4] = BLEND(r[4], r[5], b4);
	r[6] = BLEND(r[6], r[7], b4);
	r[0] = BLEND(r[0], r[2], b5);
	r[4] = BLEND(r[4], r[6], b5);
	return BLEND(r[0], r[4], b6);
}

WE_AVX2 size_t whatenc_avx2_sb_decode(u8 *dst, size_t room, const u8 *src,
				      size_t n, size_t *out, const u32 *high,
				 const u8 *planes)
{
	/* a group's row of we_sb_pack[]: bits 1 << u (high), 16 << u (3-byte) */
	const v32u8 wb = TWICE16(1, 2, 1, 2, 1, 2, 1, 2, 1, 2, 1, 2, 1, 2, 1, 2);
	const v16s16 ww = { 16, 64, 16, 64, 16, 64, 16, 64,
			   16, 64, 16, 64, 16, 64, 16, 64 };
	size_t i = 0, o = 0;
	unsigned int k;

	while (n - i >= 32 && room - o >= SB_ROOM) {
		v32u8 v = LD32(src + i), lo, b4, b5, b6, l, t, t3 = { 0 }, h, x;
		v32u8 q[4] __uninitialized;
		v8s32 rows;
		u32 r[8] __uninitialized;
		unsigned int am = MASK32(v), g;

		if (!am) {
			ST32(dst + o, v);
			i += 32;
			o += 32;
			continue;
		}
		if (n - i >= 64 && __builtin_popcount(am) <= SB_FEW) {
			k = sb_patch(dst, src + i, am, high, &o);
			i += k;
			if (k < 32)
				break;
			continue;
		}
		lo = v & SPLAT(0x0f);
		b4 = (v32u8)((v16u16)v << 3);
		b5 = (v32u8)((v16u16)v << 2);
		b6 = (v32u8)((v16u16)v << 1);
		l = sb_lookup(planes, lo, b4, b5, b6);
		if (MASK32(l == SPLAT(0)) & am)
			break;	/* an unmapped byte */
		t = sb_lookup(planes + 128, lo, b4, b5, b6);
		/* 3-byte: a lead E0..EF of a high byte (ASCII ones looked up any) */
		h = (v32u8)(v >= SPLAT(0x80));
		x = (v32u8)(l >= SPLAT(0xe0)) & h;
		if (MASK32(x))
			t3 = sb_lookup(planes + 256, lo, b4, b5, b6);
		x = (h & SPLAT(1)) | (x & SPLAT(16));
		rows = __builtin_ia32_pmaddwd256(
			__builtin_ia32_pmaddubsw256(V32I8(x), V32I8(wb)), ww);
		__builtin_memcpy(r, &rows, 32);
		/* ASCII bytes are their own lead */
		l = BLEND(v, l, v);
		x = LO8(l, t);
		t = HI8(l, t);
		q[0] = LO16(x, LO8(t3, t3));
		q[1] = HI16(x, LO8(t3, t3));
		q[2] = LO16(t, HI8(t3, t3));
		q[3] = HI16(t, HI8(t3, t3));
#pragma GCC unroll 8
		for (g = 0; g < 8; g++) {
			const u8 *pack = we_sb_pack + r[g];

			ST16(dst + o, PSHUFB(sb_lane(q[g & 3], g >> 2),
					     LD16(pack)));
			o += pack[15];
		}
		i += 32;
	}
	*out = o;
	return i;
}

/* a block's position j holds its byte j - 1 (position 0: byte 0) */
#define PREV1(v)	__builtin_shufflevector(v, v, 0, 0, 1, 2, 3, 4, 5,	\
	6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22,	\
	23, 24, 25, 26, 27, 28, 29, 30)

/* the encoder's output room a block needs: 32 bytes, 8 more for a store */
#define SB_ENC_ROOM	40

/*
 * The bytes of the 64-byte page @p (single_byte.c's page table) for the
 * trail bytes of @v (any for the others): its 4 rows of 16, each in
 * both lanes, looked up by the low nibble @lo, one picked by bits 4 and
 * 5 (the top bits of @b4, @b5). The rows are loaded again each block:
 * kept in registers, they were spilled to a frame of 320 bytes.
 */
static WE_AVX2 __always_inline v32u8 sb_page(const u8 *p, v32u8 lo,
					     v32u8 b4, v32u8 b5)
{
	v32u8 r[4] __uninitialized;
	unsigned int k;

#pragma GCC unroll 4
	for (k = 0; k < 4; k++)
		r[k] = PSHUFB32(BCAST(LD16(p + 16 * k)), lo);
	return BLEND(BLEND(r[0], r[1], b4), BLEND(r[2], r[3], b4), b5);
}

WE_AVX2 size_t whatenc_avx2_sb_encode(u8 *dst, size_t room, const u8 *src,
				      size_t n, size_t *out, const u8 *pidx,
				 const u8 *page)
{
	size_t i = 0, o = 0;

	while (n - i >= 32 && room - o >= SB_ENC_ROOM) {
		v32u8 v = LD32(src + i), x, lo, b4, b5, e;
		unsigned int high = MASK32(v), lead, trail, other, g, end;
		u8 la, lb;

		if (!high) {
			ST32(dst + o, v);
			i += 32;
			o += 32;
			continue;
		}
		x = v & SPLAT(0xe0);
		lead = MASK32((v32u8)(x == SPLAT(0xc0)));
		trail = high & ~MASK32(v << 1);
		/* 3-4 byte leads, trails not right after a lead */
		if (MASK32((v32u8)(x == SPLAT(0xe0))) || trail != lead << 1 ||
		    !lead)
			break;
		/* the leads: at most two different ones */
		la = src[i + __builtin_ctz(lead)];
		other = lead & ~MASK32((v32u8)(v == SPLAT(la)));
		lb = la;
		if (other) {
			lb = src[i + __builtin_ctz(other)];
			if (other & ~MASK32((v32u8)(v == SPLAT(lb))))
				break;
		}
		/* each trail's byte in its lead's page (bits 0-5), then ASCII */
		lo = v & SPLAT(0x0f);
		b4 = (v32u8)((v16u16)v << 3);
		b5 = (v32u8)((v16u16)v << 2);
		e = sb_page(page + ((size_t)pidx[la - 0xc0] << 6), lo, b4, b5);
		if (lb != la)
			e = BLEND(e, sb_page(page + ((size_t)pidx[lb - 0xc0] << 6),
					     lo, b4, b5),
				  (v32u8)(PREV1(v) == SPLAT(lb)));
		if (MASK32((v32u8)(e == SPLAT(0))) & trail)
			break;	/* unmapped, or C0/C1 (overlong) */
		e = BLEND(v, e, v & ~(v << 1));
		/* a lead at the end: its sequence is the next block's */
		end = lead >> 31 ? 31 : 32;
#pragma GCC unroll 4
		for (g = 0; g < 4; g++) {
			unsigned int m = ~lead >> 8 * g & 0xff;
			v2u64 row = { 0 };
			v16u8 pat;

			__builtin_memcpy(&row, we_sb_keep8 + 8 * m, 8);
			pat = (v16u8)row;
			if (g & 1)
				pat |= 8;
			ST16(dst + o, PSHUFB(sb_lane(e, g >> 1), pat));
			o += __builtin_popcount(m);
		}
		i += end;
	}
	*out = o;
	return i;
}

#endif /* WE_VEC_X86 */
