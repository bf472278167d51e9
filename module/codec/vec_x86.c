// SPDX-License-Identifier: GPL-2.0-only
/*
 * vec_x86.c - the x86-64 vector kernels (SSE2, AVX2)
 *
 * Written with GCC vector extensions and a few __builtin_ia32_*
 * builtins, without <immintrin.h> (kernel builds have no compiler
 * headers), each function compiled for its level with a target
 * attribute. Only the dispatchers in vec.c call these, after checking
 * the CPU (and, in the kernel, inside kernel_fpu_begin()/end()). Each
 * stops at the first block it does not handle; the scalar code does the
 * rest (see vec.h).
 */
#include "vec_x86.h"
#include "tables_vec.h"

#if WE_VEC_X86

/* ---- ASCII runs ------------------------------------------------------ */

/*
 * The ASCII run at @src (at most @n bytes), copied to @dst unless NULL:
 * four vectors of W bytes a step, then one; the same code for each
 * width W (16: SSE2, 32: AVX2).
 */
#define WE_ASCII_COPY(level, name, W)					\
level size_t name(u8 *dst, const u8 *src, size_t n)			\
{									\
	size_t i = 0;							\
									\
	while (n - i >= 4 * W) {					\
		v##W##u8 a = LD##W(src + i), b = LD##W(src + i + W);	\
		v##W##u8 c = LD##W(src + i + 2 * W);			\
		v##W##u8 d = LD##W(src + i + 3 * W);			\
									\
		if (MASK##W(a | b | c | d))				\
			break;						\
		if (dst) {						\
			ST##W(dst + i, a);				\
			ST##W(dst + i + W, b);				\
			ST##W(dst + i + 2 * W, c);			\
			ST##W(dst + i + 3 * W, d);			\
		}							\
		i += 4 * W;						\
	}								\
	while (n - i >= W) {						\
		v##W##u8 a = LD##W(src + i);				\
									\
		if (MASK##W(a))						\
			break;						\
		if (dst)						\
			ST##W(dst + i, a);				\
		i += W;							\
	}								\
	return i;							\
}

WE_ASCII_COPY(WE_SSE2, whatenc_sse2_ascii_copy, 16)
WE_ASCII_COPY(WE_AVX2, whatenc_avx2_ascii_copy, 32)

/* ---- shared by the UTF-16 kernels ------------------------------------ */

typedef u32 v4u32 __attribute__((vector_size(16)));

/* Store the first @len (< 32) bytes of @t[0..31] at @dst. */
static WE_AVX2 inline void store_prefix(u8 *dst, const u8 *t, unsigned int len)
{
	unsigned int k = 0;

	if (len & 16) {
		__builtin_memcpy(dst, t, 16);
		k = 16;
	}
	if (len & 8) {
		__builtin_memcpy(dst + k, t + k, 8);
		k += 8;
	}
	if (len & 4) {
		__builtin_memcpy(dst + k, t + k, 4);
		k += 4;
	}
	if (len & 2) {
		__builtin_memcpy(dst + k, t + k, 2);
		k += 2;
	}
	if (len & 1)
		dst[k] = t[k];
}

/* The number of trailing 1 bits of @m (@m < 2^16). */
static inline unsigned int ones(unsigned int m)
{
	return __builtin_ctz(~m);
}

/* shifts of 16-bit lanes (the bits crossing bytes are masked off after) */
#define SHL16(v, k)	((v32u8)((v16u16)(v) << (k)))
#define SHR16(v, k)	((v32u8)((v16u16)(v) >> (k)))
/* the builtins' own types: vectors of long long */
#define V4DI(v)		((long long __attribute__((vector_size(32))))(v))
#define V2DI(v)		((long long __attribute__((vector_size(16))))(v))
/* the low 16 bytes of @v at @p */
#define ST16LO(p, v)	({ v32u8 v_ = (v); __builtin_memcpy((p), &v_, 16); })
#define HI128(v)	((v16u8)__builtin_ia32_extract128i256(V4DI(v), 1))
#define INS128(v, h, k)	\
	((v32u8)__builtin_ia32_insert128i256(V4DI(v), V2DI(h), (k)))
/* the bytes of @a and @b interleaved, in each 16-byte half (punpck*bw) */
#ifdef __clang__
#define UNPACKLO8(a, b)	((v32u8)__builtin_shufflevector((a), (b),	\
			 0, 32, 1, 33, 2, 34, 3, 35, 4, 36, 5, 37, 6, 38, 7, 39,	\
			 16, 48, 17, 49, 18, 50, 19, 51, 20, 52, 21, 53, 22, 54, 23, 55))
#define UNPACKHI8(a, b)	((v32u8)__builtin_shufflevector((a), (b),	\
			 8, 40, 9, 41, 10, 42, 11, 43, 12, 44, 13, 45, 14, 46, 15, 47,	\
			 24, 56, 25, 57, 26, 58, 27, 59, 28, 60, 29, 61, 30, 62, 31, 63))
#else
#define UNPACKLO8(a, b)	\
	((v32u8)__builtin_ia32_punpcklbw256(V32I8(a), V32I8(b)))
#define UNPACKHI8(a, b)	\
	((v32u8)__builtin_ia32_punpckhbw256(V32I8(a), V32I8(b)))
#endif
typedef s8 v32s8 __attribute__((vector_size(32)));
typedef u32 v8u32 __attribute__((vector_size(32)));
typedef s32 v8s32 __attribute__((vector_size(32)));
/* one bit per 32-bit lane: its top bit */
#define MASKPS(v)	((unsigned int)__builtin_ia32_movmskps256(	\
				(float __attribute__((vector_size(32))))(v)))
/* zero-extended to twice the width (GCC splits __builtin_convertvector) */
#ifdef __clang__
#define ZX8TO16(v)	__builtin_convertvector((v), v16u16)
#define ZX16TO32(v)	__builtin_convertvector((v), v8u32)
#else
#define ZX8TO16(v)	((v16u16)__builtin_ia32_pmovzxbw256(V16I8(v)))
#define ZX16TO32(v)	((v8u32)__builtin_ia32_pmovzxwd256(		\
				(short __attribute__((vector_size(16))))(v)))
#endif

/* pshufb, 16 bytes of each half of @v by the patterns @a and @b */
static WE_AVX2 inline v32u8 pack2(v32u8 v, const u8 *a, const u8 *b)
{
	v32u8 m = { 0 };

	m = INS128(m, LD16(a), 0);
	m = INS128(m, LD16(b), 1);
	return (v32u8)__builtin_ia32_pshufb256(V32I8(v), V32I8(m));
}

/* ---- UTF-16 to UTF-8 ------------------------------------------------ */

/* pshufb patterns: the bytes of each 16-bit lane swapped; the low bytes */
static const v16u8 swap16 = { 1, 0, 3, 2, 5, 4, 7, 6,
			      9, 8, 11, 10, 13, 12, 15, 14 };
static const v16u8 low_bytes = { 0, 2, 4, 6, 8, 10, 12, 14, 0x80, 0x80,
				 0x80, 0x80, 0x80, 0x80, 0x80, 0x80 };

/*
 * BMP code units that are not surrogates from @src[@i] on, as UTF-8 at
 * @dst, 8 units (16 bytes) a constant step whatever their classes: each
 * unit's 1-3 UTF-8 bytes are put together in a 32-bit lane and packed
 * with we_vec_utf8_pack, 4 units at a time. Stops at a block with a
 * surrogate or fewer than 32 bytes left. Returns where it stopped,
 * *@out the bytes written (up to 28 a block, within 3 per 2 input
 * bytes).
 */
static WE_AVX2 inline size_t narrow_blocks(u8 *dst, const u8 *src, size_t i,
					   size_t n, size_t *out, bool be)
{
	size_t o = 0;

	while (n - i >= 32) {
		v16u8 v = LD16(src + i);
		v8u16 u;
		v8u32 x, l2, l3, low, mid, b0;
		unsigned int m, m3, a, b;

		if (be)
			v = PSHUFB(v, swap16);
		u = (v8u16)v;
		x = ZX16TO32(u);
		if (MASKPS((v8u32)((x & 0xf800) == 0xd800)))
			break;
		l2 = (v8u32)((v8s32)x > 0x7f);	/* 2 bytes or more */
		l3 = (v8u32)((v8s32)x > 0x7ff);	/* 3 bytes */
		m = MASKPS(l2);
		if (!m) {	/* ASCII */
			v16u8 t = PSHUFB(v, low_bytes);

			__builtin_memcpy(dst + o, &t, 8);
			o += 8;
			i += 16;
			continue;
		}
		m3 = MASKPS(l3);
		a = (m & 0x0f) | (m3 & 0x0f) << 4;
		b = m >> 4 | (m3 & 0xf0);
		low = 0x80 | (x & 0x3f);
		mid = 0x80 | ((x >> 6) & 0x3f);
		b0 = (x & ~l2) | ((0xc0 | x >> 6) & l2 & ~l3) |
		     ((0xe0 | x >> 12) & l3);
		x = b0 | ((mid & l3) | (low & ~l3)) << 8 | low << 16;
		x = (v8u32)pack2((v32u8)x, we_vec_utf8_pack[a],
				 we_vec_utf8_pack[b]);
		ST16LO(dst + o, (v32u8)x);
		o += we_vec_utf8_pack_n[a];
		ST16(dst + o, HI128(x));
		o += we_vec_utf8_pack_n[b];
		i += 16;
	}
	*out = o;
	return i;
}

/*
 * UTF-16 to UTF-8, for the UTF-16 decoders' fast path, 8 code units (16
 * bytes) at a time: blocks without a surrogate in constant steps
 * (narrow_blocks()) while 32 bytes are left; then, and in a block with a
 * surrogate, the longest prefix of the block whose code units are all
 * ASCII, or all 2-byte (U+0080..U+07FF), or all 3-byte (U+0800..U+FFFF
 * but not surrogates) is converted; a surrogate ends the call (pairs
 * and lone ones are the scalar code's). In these prefix steps each
 * unit's UTF-8 bytes are put together in its 16-bit lane (a 3-byte one
 * in two lanes) and moved in place with pshufb, and nothing is written
 * past the bytes of the code units converted; the blocks' stores may
 * write past them, within the room of 3 bytes per 2 input bytes.
 */
WE_AVX2 size_t whatenc_avx2_utf16_narrow(u8 *dst, const u8 *src, size_t n,
					 size_t *out, bool be)
{
	/* 3-byte units: bytes 0-15 and 16-23 from lanes ab (the first two
	 * bytes of each) and c (the third, in the low byte)
	 */
	const v16u8 ab_lo = { 0, 1, 0x80, 2, 3, 0x80, 4, 5,
			      0x80, 6, 7, 0x80, 8, 9, 0x80, 10 };
	const v16u8 c_lo = { 0x80, 0x80, 0, 0x80, 0x80, 2, 0x80, 0x80,
			     4, 0x80, 0x80, 6, 0x80, 0x80, 8, 0x80 };
	const v16u8 ab_hi = { 11, 0x80, 12, 13, 0x80, 14, 15, 0x80,
			      0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80 };
	const v16u8 c_hi = { 0x80, 10, 0x80, 0x80, 12, 0x80, 0x80, 14,
			     0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80 };
	size_t i = 0, o = 0, w;

	while (n - i >= 16) {
		v16u8 v = LD16(src + i), t[2];
		v8u16 u, ab, c;
		unsigned int m1, m2, m3, k;

		if (n - i >= 32) {
			size_t e = narrow_blocks(dst + o, src, i, n, &w, be);

			if (e > i) {
				i = e;
				o += w;
				continue;
			}
		}
		if (be)
			v = PSHUFB(v, swap16);
		u = (v8u16)v;
		/*
		 * Two mask bits per code unit: below U+0080, below U+0800,
		 * 3-byte. A block all of one class takes a constant step (a
		 * predicted branch: the next load need not wait for this
		 * block's masks); otherwise the prefix of the first unit's
		 * class is converted.
		 */
		m1 = MASK16((v16u8)(u < 0x80));
		m2 = MASK16((v16u8)(u < 0x800));
		if (m1 & 1) {
			t[0] = PSHUFB(v, low_bytes);
			if (m1 == 0xffff) {
				store_prefix(dst + o, (const u8 *)t, 8);
				i += 16;
				o += 8;
				continue;
			}
			k = ones(m1) / 2;
			store_prefix(dst + o, (const u8 *)t, k);
			i += 2 * k;
			o += k;
			continue;
		}
		if (m2 & 1) {
			t[0] = (v16u8)((0xc0 | u >> 6) | (0x80 | (u & 0x3f)) << 8);
			if (m2 == 0xffff && !m1) {
				ST16(dst + o, t[0]);
				i += 16;
				o += 16;
				continue;
			}
			k = ones(m2 & ~m1) / 2;
			store_prefix(dst + o, (const u8 *)t, 2 * k);
			i += 2 * k;
			o += 2 * k;
			continue;
		}
		m3 = MASK16((v16u8)((u & 0xf800) != 0xd800)) & ~m2;
		if (!(m3 & 1))
			break;	/* a surrogate */
		ab = (0xe0 | u >> 12) | (0x80 | ((u >> 6) & 0x3f)) << 8;
		c = 0x80 | (u & 0x3f);
		t[0] = PSHUFB(ab, ab_lo) | PSHUFB(c, c_lo);
		t[1] = PSHUFB(ab, ab_hi) | PSHUFB(c, c_hi);
		if (m3 == 0xffff) {
			ST16(dst + o, t[0]);
			store_prefix(dst + o + 16, (const u8 *)&t[1], 8);
			i += 16;
			o += 24;
			continue;
		}
		k = ones(m3) / 2;
		store_prefix(dst + o, (const u8 *)t, 3 * k);
		i += 2 * k;
		o += 3 * k;
	}
	*out = o;
	return i;
}

/* ---- UTF-8 validation ------------------------------------------------ */

/*
 * Keiser and Lemire, "Validating UTF-8 in less than one instruction per
 * byte" (2021), the "lookup" algorithm: three 16-entry tables, indexed
 * by the high and low nibble of the previous byte and the high nibble of
 * the current one, each give the errors a pair of bytes may be part of;
 * their AND is the errors the pair is. A continuation byte that must be
 * the third or fourth of a sequence (2 or 3 bytes after an E0..EF or
 * F0..FF lead) is the one case the pair cannot tell: its TWO_CONTS bit
 * is expected there and an error anywhere else.
 */
#define TOO_SHORT	(1 << 0)	/* lead, then not a continuation */
#define TOO_LONG	(1 << 1)	/* ASCII, then a continuation */
#define OVERLONG_3	(1 << 2)	/* E0 80..9F */
#define TOO_LARGE	(1 << 3)	/* F4 90..BF, F5..FF */
#define SURROGATE	(1 << 4)	/* ED A0..BF */
#define OVERLONG_2	(1 << 5)	/* C0, C1 */
#define TOO_LARGE_1000	(1 << 6)	/* F5..FF 80..8F */
#define OVERLONG_4	(1 << 6)	/* F0 80..8F */
#define TWO_CONTS	(1 << 7)	/* two continuation bytes */
#define CARRY		(TOO_SHORT | TOO_LONG | TWO_CONTS)
#define L4		(CARRY | TOO_LARGE | TOO_LARGE_1000)

#define TWICE(...)	{ __VA_ARGS__, __VA_ARGS__ }

static const v32u8 byte_1_high = TWICE(
	/* 0___ ASCII, 10__ continuation */
	TOO_LONG, TOO_LONG, TOO_LONG, TOO_LONG,
	TOO_LONG, TOO_LONG, TOO_LONG, TOO_LONG,
	TWO_CONTS, TWO_CONTS, TWO_CONTS, TWO_CONTS,
	TOO_SHORT | OVERLONG_2,				/* C0..CF */
	TOO_SHORT,					/* D0..DF */
	TOO_SHORT | OVERLONG_3 | SURROGATE,		/* E0..EF */
	TOO_SHORT | TOO_LARGE | TOO_LARGE_1000 | OVERLONG_4);	/* F0..FF */

static const v32u8 byte_1_low = TWICE(
	CARRY | OVERLONG_3 | OVERLONG_2 | OVERLONG_4,	/* _0 */
	CARRY | OVERLONG_2,				/* _1 */
	CARRY, CARRY,
	CARRY | TOO_LARGE,				/* _4 */
	L4, L4, L4, L4, L4, L4, L4, L4,
	L4 | SURROGATE,					/* _D */
	L4, L4);

static const v32u8 byte_2_high = TWICE(
	TOO_SHORT, TOO_SHORT, TOO_SHORT, TOO_SHORT,
	TOO_SHORT, TOO_SHORT, TOO_SHORT, TOO_SHORT,
	TOO_LONG | OVERLONG_2 | TWO_CONTS | OVERLONG_3 | TOO_LARGE_1000 |
	OVERLONG_4,					/* 80..8F */
	TOO_LONG | OVERLONG_2 | TWO_CONTS | OVERLONG_3 | TOO_LARGE, /* 90..9F */
	TOO_LONG | OVERLONG_2 | TWO_CONTS | SURROGATE | TOO_LARGE, /* A0..AF */
	TOO_LONG | OVERLONG_2 | TWO_CONTS | SURROGATE | TOO_LARGE, /* B0..BF */
	TOO_SHORT, TOO_SHORT, TOO_SHORT, TOO_SHORT);

#define SPLAT32(c)	((v32u8){ 0 } + (u8)(c))

static WE_AVX2 inline v32u8 lookup(v32u8 table, v32u8 nibbles)
{
	return (v32u8)__builtin_ia32_pshufb256(V32I8(table), V32I8(nibbles));
}

static WE_AVX2 inline v32u8 high_nibbles(v32u8 v)
{
	return (v32u8)((v16u16)v >> 4) & SPLAT32(0x0f);
}

/* saturating byte subtraction; whether any bit of @v is set (vptest) */
#define SUBUS32(a, b)	((v32u8)__builtin_ia32_psubusb256(V32I8(a), V32I8(b)))
#define ANY32(v)	(!__builtin_ia32_ptestz256(V4DI(v), V4DI(v)))

/*
 * The errors of the 32 bytes @cur, after @p1, @p2, @p3 (@cur shifted
 * back by 1-3): non-zero bytes where a byte is one. A byte must be a
 * second or third continuation (0x80 of must23) 2 bytes after E0..FF
 * (E0..FF less 0x60 is 0x80 or more, and below it less) or 3 after
 * F0..FF.
 */
static WE_AVX2 inline v32u8 utf8_errors(v32u8 cur, v32u8 p1, v32u8 p2,
					v32u8 p3)
{
	v32u8 sc = lookup(byte_1_high, high_nibbles(p1)) &
		   lookup(byte_1_low, p1 & SPLAT32(0x0f)) &
		   lookup(byte_2_high, high_nibbles(cur));
	v32u8 must23 = SUBUS32(p2, SPLAT32(0xe0 - 0x80)) |
		       SUBUS32(p3, SPLAT32(0xf0 - 0x80));

	return sc ^ (must23 & SPLAT32(0x80));
}

/* The errors of the 32 bytes at @s[@i] (@i >= 3: the bytes before read). */
static WE_AVX2 inline v32u8 utf8_errors_at(const u8 *s, size_t i)
{
	return utf8_errors(LD32(s + i), LD32(s + i - 1), LD32(s + i - 2),
			   LD32(s + i - 3));
}

/* Whether the 32 bytes at @cur, after @p1, @p2, @p3 (@cur shifted back by 1-3), hold an error. */
static WE_AVX2 inline bool utf8_block_error(v32u8 cur, v32u8 p1, v32u8 p2,
					    v32u8 p3)
{
	return ANY32(utf8_errors(cur, p1, p2, p3));
}

/*
 * The kernel: 64 bytes a step, copied (every step: the stores of a step
 * with an error are past what the caller takes) and checked. A step all
 * ASCII can only be wrong by a sequence cut before it: the last 3 bytes
 * of the step before (@cut: bytes above cut_max, the most each of them
 * may be if no sequence goes on after it); the ASCII run then goes on
 * 128 bytes a step. Every other step is checked whole, its errors ORed
 * and tested once. Then one block of 32 if left,
 * and the last bytes (fewer than 32) as the block that ends at @n, whose
 * first bytes are checked again.
 */
WE_AVX2 size_t whatenc_avx2_utf8_scan(u8 *d, const u8 *s, size_t i, size_t n)
{
	const v32u8 cut_max = { 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
				0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
				0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
				0xff, 0xff, 0xff, 0xff, 0xff, 0xef, 0xdf, 0xbf };
	v32u8 cut, cur;

	if (!i) {
		/* the start: what precedes is read as ASCII */
		u8 tmp[35] = { 0 };

		__builtin_memcpy(tmp + 3, s, 32);
		cur = LD32(tmp + 3);
		if (ANY32(utf8_errors(cur, LD32(tmp + 2), LD32(tmp + 1),
				      LD32(tmp))))
			return 0;
		if (d)
			ST32(d, cur);
		i = 32;
	}
	cut = SUBUS32(LD32(s + i - 32), cut_max);
	while (n - i >= 64) {
		v32u8 a = LD32(s + i), b = LD32(s + i + 32), e;

		if (d) {
			ST32(d + i, a);
			ST32(d + i + 32, b);
		}
		if (!MASK32(a | b)) {
			if (ANY32(cut))
				return i;
			i += 64;
			/* and on through the ASCII run, 128 bytes a step */
			while (n - i >= 128) {
				v32u8 c = LD32(s + i + 64), f = LD32(s + i + 96);

				a = LD32(s + i);
				b = LD32(s + i + 32);
				if (MASK32(a | b | c | f))
					break;
				if (d) {
					ST32(d + i, a);
					ST32(d + i + 32, b);
					ST32(d + i + 64, c);
					ST32(d + i + 96, f);
				}
				i += 128;
			}
			cut = SPLAT32(0);
			continue;
		}
		e = utf8_errors_at(s, i) | utf8_errors_at(s, i + 32);
		if (ANY32(e))
			return i;
		cut = SUBUS32(b, cut_max);
		i += 64;
	}
	if (n - i >= 32) {
		if (ANY32(utf8_errors_at(s, i)))
			return i;
		if (d)
			ST32(d + i, LD32(s + i));
		i += 32;
	}
	if (i < n) {
		if (ANY32(utf8_errors_at(s, n - 32)))
			return i;
		if (d)
			ST32(d + n - 32, LD32(s + n - 32));
		i = n;
	}
	return i;
}

/* ---- UTF-8 to UTF-16 ------------------------------------------------ */

/*
 * UTF-8 to UTF-16, for the UTF-16 encoder's fast path. ASCII is
 * widened 64 bytes a step while it lasts (then 16). Other text goes in
 * blocks of 32 bytes, each a constant step whatever its characters
 * (widen_blocks()): a block is taken if it and the 3 bytes before it
 * are valid UTF-8 (the validator's lookup, utf8_block_error()) with no
 * 4-byte sequence, and each of its characters is converted by the block
 * it ends in. What a block does not take (a 4-byte, malformed or WTF-8
 * surrogate sequence in it) goes 16 bytes at a time: the longest prefix
 * of the 16 that is ASCII, or 3-byte sequences, or 2-byte sequences, is
 * converted, the UTF-8 decoder's rules (no overlong C0/C1 or E0 80..9F,
 * no surrogate ED A0..BF) checked on the code points, so that the call
 * ends at the first byte of anything else. The packed stores of a block
 * may write past the code units converted, within the room of 2 bytes
 * per input byte; the prefix steps write nothing past them.
 */
/* The 16 bytes at @p as code units (zero-extended; @be: byte-swapped). */
static WE_AVX2 inline v16u16 widen16(const u8 *p, bool be)
{
	v16u16 w = ZX8TO16(LD16(p));

	return be ? w << 8 : w;
}

#define ST32U16(p, v)	({ v16u16 v_ = (v); __builtin_memcpy((p), &v_, 32); })

/*
 * The ASCII run at @src (at most @n bytes, whole blocks of 16) widened
 * at @dst: 64 bytes a step, then 16. Returns the bytes read.
 */
static WE_AVX2 inline size_t widen_ascii(u8 *dst, const u8 *src, size_t n,
					 bool be)
{
	size_t i = 0;

	while (n - i >= 64) {
		if (MASK32(LD32(src + i) | LD32(src + i + 32)))
			break;
		ST32U16(dst + 2 * i, widen16(src + i, be));
		ST32U16(dst + 2 * i + 32, widen16(src + i + 16, be));
		ST32U16(dst + 2 * i + 64, widen16(src + i + 32, be));
		ST32U16(dst + 2 * i + 96, widen16(src + i + 48, be));
		i += 64;
	}
	while (n - i >= 16 && !MASK16(LD16(src + i))) {
		ST32U16(dst + 2 * i, widen16(src + i, be));
		i += 16;
	}
	return i;
}

/*
 * 1-3 byte sequences from @src[@i] on (a character boundary; the bytes
 * before @src, if @i < 3, read as ASCII) as code units at @dst, in
 * blocks of 32 bytes at @src[i] while the block and the 3 bytes before
 * it are valid UTF-8 with no 4-byte sequence and not all ASCII. A
 * character is converted by the block it ends in: each byte's code
 * point, as if it ended a character, is put together from it and the 2
 * bytes before (low and high byte of each code unit: ASCII is itself;
 * a continuation gives 6 bits, the byte before 6 more, a 2-byte lead's
 * 5 and its 0 bit or a continuation's 6, and if that one is a
 * continuation, the byte two before, a 3-byte lead, 4 more) and the
 * code units of the bytes that end one (ASCII, or 1 after a 2-byte
 * lead, 2 after a 3-byte one) are packed with we_vec_pack16, 8 at a
 * time. Returns the end of the last character converted, *@out the
 * bytes written (up to 64 bytes a block, within 2 per input byte).
 */
static WE_AVX2 inline size_t widen_blocks(u8 *dst, const u8 *src, size_t i,
					  size_t n, size_t *out, bool be)
{
	size_t end = i, o = 0;

	while (n - i >= 32) {
		v32u8 v = LD32(src + i), v1, v2, v3, nonascii, c1, lo, hi;
		v32u8 r0, r1;
		unsigned int ends, a, b, c, d;

		if (!MASK32(v))
			break;	/* ASCII: widen_ascii()'s */
		if (i >= 3) {
			v1 = LD32(src + i - 1);
			v2 = LD32(src + i - 2);
			v3 = LD32(src + i - 3);
		} else {
			u8 tmp[35] = { 0 };

			__builtin_memcpy(tmp + 3 - i, src, i + 32);
			v1 = LD32(tmp + 2);
			v2 = LD32(tmp + 1);
			v3 = LD32(tmp);
		}
		if (utf8_block_error(v, v1, v2, v3) ||
		    MASK32((v32u8)((v & 0xf0) == 0xf0)))
			break;
		/* non-ASCII bytes, continuations (below C0 as signed) */
		nonascii = (v32u8)((v32s8)v < 0);
		c1 = (v32u8)((v32s8)v1 < -64);
		lo = (v ^ (nonascii & 0x80)) |
		     (SHL16(v1, 6) & nonascii & 0xc0);
		hi = (SHR16(v1, 2) & 0x0f) | (SHL16(v2, 4) & c1 & 0xf0);
		hi &= nonascii;
		/* ASCII, 1 after a 2-byte lead, 2 after a 3-byte one */
		ends = ~MASK32(v) | MASK32((v32u8)(((v1 & 0xe0) == 0xc0) |
						   ((v2 & 0xe0) == 0xe0)));
		if (be) {
			v32u8 t = lo;

			lo = hi;
			hi = t;
		}
		/* code units 0-7 and 16-23, then 8-15 and 24-31 */
		r0 = UNPACKLO8(lo, hi);
		r1 = UNPACKHI8(lo, hi);
		a = ends & 0xff;
		b = (ends >> 8) & 0xff;
		c = (ends >> 16) & 0xff;
		d = ends >> 24;
		r0 = pack2(r0, we_vec_pack16[a], we_vec_pack16[c]);
		r1 = pack2(r1, we_vec_pack16[b], we_vec_pack16[d]);
		ST16LO(dst + o, r0);
		o += 2 * we_vec_pack16_n[a];
		ST16LO(dst + o, r1);
		o += 2 * we_vec_pack16_n[b];
		ST16(dst + o, HI128(r0));
		o += 2 * we_vec_pack16_n[c];
		ST16(dst + o, HI128(r1));
		o += 2 * we_vec_pack16_n[d];
		end = i + 32 - __builtin_clz(ends);
		i += 32;
	}
	*out = o;
	return end;
}

/*
 * On a cache line of its own: the loop's speed then does not depend on
 * the code linked before it (UTF-16LE encode, 64 KiB and 16 MiB, 1.05-1.08x
 * the wall time in the bench's kernel-flags and copy builds of the same
 * instructions; 0.97-1.00x aligned, make bench on 9d58d47, 2026-11-27)
 */
WE_AVX2 __aligned(64) size_t whatenc_avx2_utf8_widen(u8 *dst, const u8 *src, size_t n,
				       size_t *out, bool be)
{
	const v16u8 gather = { 2, 1, 0, 0x80, 5, 4, 3, 0x80,
			       8, 7, 6, 0x80, 11, 10, 9, 0x80 };
	const v16u8 pack_le = { 0, 1, 4, 5, 8, 9, 12, 13,
				0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80 };
	const v16u8 pack_be = { 1, 0, 5, 4, 9, 8, 13, 12,
				0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80 };
	const v16u8 pack = be ? pack_be : pack_le;
	/* ASCII to code units: each byte and a zero byte (0x80: zero) */
	const v16u8 widen_le = { 0, 0x80, 1, 0x80, 2, 0x80, 3, 0x80,
				 4, 0x80, 5, 0x80, 6, 0x80, 7, 0x80 };
	const v16u8 widen_be = { 0x80, 0, 0x80, 1, 0x80, 2, 0x80, 3,
				 0x80, 4, 0x80, 5, 0x80, 6, 0x80, 7 };
	size_t i = 0, o = 0, w;

	while (n - i >= 16) {
		v16u8 v = LD16(src + i), t[2];
		unsigned int ascii = MASK16(v), cont, lead, k, bad;

		if (!ascii) {
			k = widen_ascii(dst + o, src + i, n - i, be);
			i += k;
			o += 2 * k;
			continue;
		}
		if (n - i >= 32) {
			size_t e = widen_blocks(dst + o, src, i, n, &w, be);

			if (e > i) {
				i = e;
				o += w;
				continue;
			}
		}
		if (!(ascii & 1)) {
			/* an ASCII prefix */
			t[0] = PSHUFB(v, be ? widen_be : widen_le);
			t[1] = PSHUFB(v, (be ? widen_be : widen_le) + 8);
			k = __builtin_ctz(ascii);
			store_prefix(dst + o, (const u8 *)t, 2 * k);
			i += k;
			o += 2 * k;
			continue;
		}
		cont = MASK16((v16u8)((v & 0xc0) == 0x80));
		lead = MASK16((v16u8)((v & 0xf0) == 0xe0));
		k = ones((lead & 0x249) | (cont & 0xdb6)) / 3;
		if (k) {
			/* 3-byte sequences, at most 4 */
			v4u32 w = (v4u32)PSHUFB(v, gather);
			v4u32 cp = (w & 0x3f) | ((w >> 2) & 0xfc0) |
				   ((w >> 4) & 0xf000);

			bad = MASK16((v4u32)((cp < 0x800) |
					     ((cp & 0xf800) == 0xd800)));
			t[0] = PSHUFB(cp, pack);
			if (k == 4 && !bad) {	/* a constant step */
				store_prefix(dst + o, (const u8 *)t, 8);
				i += 12;
				o += 8;
				continue;
			}
			if (bad && (unsigned int)__builtin_ctz(bad) / 4 < k)
				k = __builtin_ctz(bad) / 4;
			if (k) {
				store_prefix(dst + o, (const u8 *)t, 2 * k);
				i += 3 * k;
				o += 2 * k;
				continue;
			}
			break;
		}
		lead = MASK16((v16u8)((v & 0xe0) == 0xc0));
		k = ones((lead & 0x5555) | (cont & 0xaaaa)) / 2;
		if (k) {
			/* 2-byte sequences, at most 8 */
			v8u16 w = (v8u16)v;
			v8u16 cp = (w & 0x1f) << 6 | ((w >> 8) & 0x3f);

			bad = MASK16((v8u16)(cp < 0x80));	/* C0, C1 */
			if (be)
				cp = cp << 8 | cp >> 8;
			t[0] = (v16u8)cp;
			if (k == 8 && !bad) {	/* a constant step */
				ST16(dst + o, t[0]);
				i += 16;
				o += 16;
				continue;
			}
			if (bad && (unsigned int)__builtin_ctz(bad) / 2 < k)
				k = __builtin_ctz(bad) / 2;
			if (!k)
				break;
			store_prefix(dst + o, (const u8 *)t, 2 * k);
			i += 2 * k;
			o += 2 * k;
			continue;
		}
		break;
	}
	*out = o;
	return i;
}

#endif /* WE_VEC_X86 */
