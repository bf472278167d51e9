/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * vec.h - vector paths: the levels and the kernels behind codec/vec.c
 *
 * The codec calls the dispatchers (vec.c, declared below); they
 * pick the level chosen once at start (SSE2 is the x86-64 baseline,
 * AVX2 where the CPU and the OS offer it), or forced for tests with
 * whatenc_vec_set_level(), and in the kernel run the kernels below only
 * between we_fpu_begin() and we_fpu_end() (whatenc_types.h), in bounded
 * chunks. The kernels (vec_x86.c) never call back into the codec: every
 * one of them stops at anything it does not handle and returns how far
 * it got, and the scalar code, the reference, does the rest.
 */
#ifndef WHATENC_VEC_H
#define WHATENC_VEC_H

#include "whatenc.h"	/* WHATENC_VEC_*, and whatenc_types.h */

/* the best level the CPU has; module init calls it (vec.c) */
void whatenc_vec_init(void);

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define WE_VEC_X86 1
#else
#define WE_VEC_X86 0
#endif

/* ---- the dispatchers (vec.c) ---------------------------------------- */

/* Vector paths (vec.c): the level in use, as static keys */
DECLARE_STATIC_KEY_TRUE(whatenc_vec_sse2);
DECLARE_STATIC_KEY_FALSE(whatenc_vec_avx2);

/* Whether vector paths of @level may run (the dispatchers decide). */
static __always_inline bool we_vec_may(int level)
{
	if (level >= WHATENC_VEC_AVX2)
		return static_branch_likely(&whatenc_vec_avx2);
	return level < WHATENC_VEC_SSE2 || static_branch_likely(&whatenc_vec_sse2);
}

size_t whatenc_vec_ascii_copy(u8 *dst, const u8 *src, size_t n);
#define WE_VEC_UTF8_TO_UTF16	0	/* whatenc_vec_convert()'s conversions */
#define WE_VEC_UTF16_TO_UTF8	1
#define WE_VEC_SB_TO_UTF8	2	/* whatenc_vec_sb_decode() */
#define WE_VEC_UTF8_TO_SB	3	/* whatenc_vec_sb_encode() */
size_t whatenc_vec_convert(int conv, u8 *dst, const u8 *src, size_t n,
			   size_t *out, bool be);
size_t whatenc_vec_sb_decode(u8 *dst, size_t room, const u8 *src, size_t n,
			     size_t *out, const u32 *high, const u8 *planes);
size_t whatenc_vec_sb_encode(u8 *dst, size_t room, const u8 *src, size_t n,
			     size_t *out, const u8 *pidx, const u8 *page);

/* ---- the kernels (vec_x86.c) ----------------------------------------- */

/*
 * The kernels. All return a count of input bytes (a multiple of their
 * block size) that they handled; 0 if they handled nothing.
 */

/* ASCII prefix of @src[0..@n-1], copied to @dst unless NULL. */
size_t whatenc_sse2_ascii_copy(u8 *dst, const u8 *src, size_t n);
size_t whatenc_avx2_ascii_copy(u8 *dst, const u8 *src, size_t n);

/*
 * UTF-8 at @src[0..@n-1] (1-3 byte sequences, valid) as UTF-16 (@be:
 * big-endian) at @dst, room for 2 bytes per input byte (it may write
 * past the *@out bytes it converts, within that room); stops at
 * anything else or fewer than 16 bytes left. Returns the bytes read,
 * *@out the bytes written.
 */
size_t whatenc_avx2_utf8_widen(u8 *dst, const u8 *src, size_t n, size_t *out,
			       bool be);

/*
 * UTF-16 (@be: big-endian) at @src[0..@n-1] as UTF-8 at @dst, room for
 * 3 bytes per 2 input bytes (it may write past the *@out bytes it
 * converts, within that room); BMP code units only, no surrogates; stops
 * at anything else or fewer than 16 bytes left. Returns the bytes read,
 * *@out the bytes written.
 */
size_t whatenc_avx2_utf16_narrow(u8 *dst, const u8 *src, size_t n, size_t *out,
				 bool be);

/*
 * UTF-8 at @s[@i..@n-1] (@i 0 or 32 or more, @n 64 or more; the 3 bytes
 * before @i read as context, none if @i is 0): returns @n if none of
 * these bytes is an error (a sequence cut at @n is not one: the caller
 * checks the end), else the start of a block with an error, the bytes
 * before it valid but for a sequence cut there. With @d non-NULL, copies
 * @s[@i..] to @d at the same offsets: the bytes before the return, and
 * maybe more (the room must be @n bytes).
 */
size_t whatenc_avx2_utf8_scan(u8 *d, const u8 *s, size_t i, size_t n);

/*
 * Single-byte text at @src[0..@n-1] as UTF-8 at @dst (@room bytes; past
 * the bytes written, bytes of the room may be overwritten): @high[] the
 * UTF-8 of bytes 0x80..0xFF (the bytes, their count in the top byte; 0:
 * unmapped), @planes the same bytes as 3 planes of 128 (leads, second,
 * third bytes); stops at an unmapped byte's block, with fewer than 32
 * bytes left or fewer than 128 bytes of room. Returns the bytes read,
 * *@out the bytes written.
 */
size_t whatenc_avx2_sb_decode(u8 *dst, size_t room, const u8 *src, size_t n,
			      size_t *out, const u32 *high, const u8 *planes);

/*
 * UTF-8 at @src[0..@n-1] as single-byte text at @dst (@room bytes; past
 * the bytes written, bytes of the room may be overwritten): ASCII and
 * 2-byte sequences whose byte is in the encoding's page table @pidx,
 * @page (single_byte.c: page pidx[lead - 0xc0] of @page, 64 bytes, by
 * the trail's low 6 bits, 0: unmapped), at most two different leads in
 * each 32-byte block; stops at the block of anything else (a 3-4 byte
 * sequence, malformed UTF-8, an unmapped or overlong sequence, a third
 * lead), with fewer than 32 bytes left or fewer than 40 bytes of room.
 * Returns the bytes read (the end of a sequence), *@out the bytes
 * written.
 */
size_t whatenc_avx2_sb_encode(u8 *dst, size_t room, const u8 *src, size_t n,
			      size_t *out, const u8 *pidx, const u8 *page);

#endif /* WHATENC_VEC_H */
