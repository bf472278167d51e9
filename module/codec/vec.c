// SPDX-License-Identifier: GPL-2.0-only
/*
 * vec.c - the vector paths' dispatch: which level runs, and where
 *
 * The level is set once at init (whatenc_vec_init(): module init in the
 * kernel, a constructor in userspace: SSE2 on x86-64, AVX2 when the CPU
 * has it and the OS saves its registers) and can be lowered for tests
 * with whatenc_vec_set_level(), which the kernel exports to KUnit alone.
 * Each dispatcher runs its kernel (vec_x86.c) in chunks of at most
 * WE_VEC_CHUNK bytes between we_fpu_begin() and we_fpu_end() (in the
 * kernel: kernel_fpu_begin()/end() when irq_fpu_usable(), so that
 * preemption stays off for a bounded time), only for inputs of
 * WE_VEC_MIN bytes or more, and leaves the rest to the scalar code.
 * The results are those of the scalar code whatever the level.
 */
#include "text.h"
#include "vec.h"

#define WE_VEC_CHUNK	4096	/* bytes per we_fpu_begin()/end() */

/*
 * The level in use, as static keys (no variable to load and test in the
 * kernel): SSE2 paths run while whatenc_vec_sse2 is on, AVX2 paths while
 * whatenc_vec_avx2 is. Until whatenc_vec_init(): SSE2, x86-64's baseline.
 */
DEFINE_STATIC_KEY_TRUE(whatenc_vec_sse2);
DEFINE_STATIC_KEY_FALSE(whatenc_vec_avx2);

static int vec_detect(void)
{
#if WE_VEC_X86
	return we_cpu_has_avx2() ? WHATENC_VEC_AVX2 : WHATENC_VEC_SSE2;
#else
	return WHATENC_VEC_SCALAR;
#endif
}

static __always_inline int vec_level(void)
{
	if (static_branch_likely(&whatenc_vec_avx2))
		return WHATENC_VEC_AVX2;
	if (static_branch_likely(&whatenc_vec_sse2))
		return WHATENC_VEC_SSE2;
	return WHATENC_VEC_SCALAR;
}

/**
 * whatenc_vec_set_level() - choose the vector paths' level
 * @level: %WHATENC_VEC_SCALAR, %WHATENC_VEC_SSE2, %WHATENC_VEC_AVX2, or
 *	%WHATENC_VEC_AUTO for the best the CPU has
 *
 * For tests and benchmarks: every level gives the same results, only
 * faster or slower. A level the CPU lacks is lowered to the best it has.
 * The setting is global (all coders, all threads): in the kernel only
 * the KUnit suites can call it (exported only with CONFIG_KUNIT,
 * module/kernel/exports.c).
 *
 * Context: process: in the kernel, changing a static key sleeps.
 * Return: the level now in use.
 */
int whatenc_vec_set_level(int level)
{
	int best = vec_detect();

	if (level < 0 || level > best)
		level = best;
	if (level >= WHATENC_VEC_SSE2)
		static_branch_enable(&whatenc_vec_sse2);
	else
		static_branch_disable(&whatenc_vec_sse2);
	if (level >= WHATENC_VEC_AVX2)
		static_branch_enable(&whatenc_vec_avx2);
	else
		static_branch_disable(&whatenc_vec_avx2);
	return level;
}

/*
 * whatenc_vec_init() - the best level the CPU has: from module init in the
 * kernel (process context), before any conversion; in userspace from a
 * constructor (we_user_init(), whatenc_types.h).
 */
void whatenc_vec_init(void)
{
	whatenc_vec_set_level(WHATENC_VEC_AUTO);
}
we_user_init(whatenc_vec_init)

#if WE_VEC_X86

typedef size_t (*we_vec_copy_fn)(u8 *dst, const u8 *src, size_t n);

/*
 * Run @fn over @src[0..@n-1] (and @dst unless NULL) in chunks, while it
 * takes whole chunks. Returns how far it got.
 */
static size_t vec_chunks(we_vec_copy_fn fn, u8 *dst, const u8 *src,
			 size_t n)
{
	size_t i = 0;

	while (n - i >= WE_VEC_MIN) {
		size_t c = n - i < WE_VEC_CHUNK ? n - i : WE_VEC_CHUNK, k;

		if (!we_fpu_begin())
			break;
		k = fn(dst ? dst + i : NULL, src + i, c);
		we_fpu_end();
		i += k;
		if (k < c)
			break;
	}
	return i;
}
#endif

/*
 * whatenc_vec_ascii_copy() - the end of we_ascii_copy_vec() for long runs: the
 * length of the ASCII prefix of @src[0..@n-1], copied to @dst unless
 * NULL; whole blocks in vector code, the rest by we_ascii_copy().
 */
size_t whatenc_vec_ascii_copy(u8 *dst, const u8 *src, size_t n)
{
	size_t i = 0;

#if WE_VEC_X86
	switch (vec_level()) {
	case WHATENC_VEC_AVX2:
		i = vec_chunks(whatenc_avx2_ascii_copy, dst, src, n);
		break;
	case WHATENC_VEC_SSE2:
		i = vec_chunks(whatenc_sse2_ascii_copy, dst, src, n);
		break;
	}
#endif
	return i + we_ascii_copy(dst ? dst + i : NULL, src + i, n - i);
}

/* what vec_convert_chunks() runs: a conversion and its parameters */
struct vec_job {
	int conv;		/* WE_VEC_* */
	bool be;		/* UTF-16 is big-endian */
	const u32 *high;	/* WE_VEC_SB_TO_UTF8's tables (vec.h) */
	const u8 *planes;
	const u8 *pidx;		/* WE_VEC_UTF8_TO_SB's tables (vec.h) */
	const u8 *page;
};

#if WE_VEC_X86

/*
 * Inlined, so that each dispatcher's constant @j->conv picks its kernel
 * at compile time: out of line (once it had four kernels) its switch
 * cost the single-byte decoders 0.01 instructions a byte on 64 KiB
 * (scripts/bench-instr, windows-1252 de 1.51 -> 1.50).
 */
static __always_inline size_t vec_kernel(const struct vec_job *j, u8 *dst,
					 size_t room, const u8 *src, size_t n,
					 size_t *out)
{
	switch (j->conv) {
	case WE_VEC_UTF16_TO_UTF8:
		return whatenc_avx2_utf16_narrow(dst, src, n, out, j->be);
	case WE_VEC_UTF8_TO_UTF16:
		return whatenc_avx2_utf8_widen(dst, src, n, out, j->be);
	case WE_VEC_UTF8_TO_SB:
		return whatenc_avx2_sb_encode(dst, room, src, n, out, j->pidx,
					 j->page);
	default:
		return whatenc_avx2_sb_decode(dst, room, src, n, out, j->high,
					 j->planes);
	}
}

/*
 * A prefix of @src[0..@n-1] converted at @dst (@room bytes) by @j's
 * AVX2 kernel (0 below AVX2), in chunks while it takes whole chunks
 * (but for fewer than @block bytes). Returns the bytes read, *@out the
 * bytes written. Inlined into its callers: one frame less on the stack
 * of every chain that reaches a kernel.
 */
static __always_inline size_t
vec_convert_chunks(const struct vec_job *j, unsigned int block, u8 *dst,
		   size_t room, const u8 *src, size_t n, size_t *out)
{
	size_t i = 0, o = 0;

	if (vec_level() < WHATENC_VEC_AVX2)
		goto done;
	while (n - i >= WE_VEC_MIN) {
		size_t c = n - i < WE_VEC_CHUNK ? n - i : WE_VEC_CHUNK, k, w;

		if (!we_fpu_begin())
			break;
		k = vec_kernel(j, dst + o, room - o, src + i, c, &w);
		we_fpu_end();
		i += k;
		o += w;
		if (k + block <= c || !k)
			break;	/* stopped by what it does not convert */
	}
done:
	*out = o;
	return i;
}
#endif

/*
 * whatenc_vec_convert() - a prefix of @src[0..@n-1] converted at @dst by the
 * AVX2 kernel of @conv (0 below AVX2), in chunks while it takes (nearly)
 * whole chunks:
 * %WE_VEC_UTF8_TO_UTF16: UTF-8 (1-3 byte sequences, valid) to UTF-16,
 *	room for 2 bytes per input byte;
 * %WE_VEC_UTF16_TO_UTF8: UTF-16 (BMP code units, no surrogates) to
 *	UTF-8, room for 3 bytes per 2 input bytes.
 * UTF-16 is big-endian if @be. Returns the bytes read, *@out the bytes
 * written.
 */
size_t whatenc_vec_convert(int conv, u8 *dst, const u8 *src, size_t n,
			   size_t *out, bool be)
{
#if WE_VEC_X86
	struct vec_job j = { .conv = conv, .be = be };

	return vec_convert_chunks(&j, 16, dst, (size_t)-1, src, n, out);
#else
	*out = 0;
	return 0;
#endif
}

/*
 * whatenc_utf8_valid_copy() - length of the longest prefix of @s[0..@n-1]
 * that is complete, valid UTF-8 (whatenc_utf8_valid_scalar()'s result), also
 * copied to @d unless NULL (@d has room for @n bytes, and past the
 * prefix they may be overwritten). The AVX2 kernel checks and copies
 * the blocks up to the first error, or all of them; from where it stops,
 * the scalar validator goes on from the last character boundary (at most
 * 3 bytes back), so that a sequence cut by the end ends the prefix.
 */
size_t whatenc_utf8_valid_copy(u8 *d, const u8 *s, size_t n)
{
	size_t p = 0, b, done;

#if WE_VEC_X86
	if (n >= WE_VEC_MIN && vec_level() >= WHATENC_VEC_AVX2) {
		while (p < n) {
			size_t c = n - p < WE_VEC_CHUNK ? n - p : WE_VEC_CHUNK;
			size_t e;

			if (!we_fpu_begin())
				break;
			e = whatenc_avx2_utf8_scan(d, s, p, p + c);
			we_fpu_end();
			if (e < p + c) {	/* an error in the block at e */
				p = e;
				break;
			}
			p = e;
		}
	}
#endif
	done = p;
	/* [0, p) is valid but for a sequence cut at p: back to its lead */
	b = p;
	while (b > 0 && p - b < 3 && (s[b - 1] & 0xc0) == 0x80)
		b--;
	if (b > 0 && s[b - 1] >= 0xc0)
		b--;
	else
		b = p;
	p = b + whatenc_utf8_valid_scalar(s + b, n - b);
	if (d && p > done)
		memcpy(d + done, s + done, p - done);
	return p;
}

/* The AVX2 kernel of the single-byte job @j in chunks (0 below AVX2). */
static __always_inline size_t vec_sb_chunks(const struct vec_job *j, u8 *dst,
					    size_t room, const u8 *src,
					    size_t n, size_t *out)
{
#if WE_VEC_X86
	return vec_convert_chunks(j, 32, dst, room, src, n, out);
#else
	*out = 0;
	return 0;
#endif
}

/*
 * whatenc_vec_sb_decode() - a prefix of the single-byte text at @src[0..@n-1]
 * decoded to UTF-8 at @dst (@room bytes) by the AVX2 kernel (0 below
 * AVX2), in chunks while it takes whole chunks; @high and @planes: the
 * encoding's bytes 0x80..0xFF as UTF-8 (vec.h). Returns the bytes read,
 * *@out the bytes written.
 */
size_t whatenc_vec_sb_decode(u8 *dst, size_t room, const u8 *src, size_t n,
			     size_t *out, const u32 *high, const u8 *planes)
{
	struct vec_job j = {
		.conv = WE_VEC_SB_TO_UTF8, .high = high, .planes = planes,
	};

	return vec_sb_chunks(&j, dst, room, src, n, out);
}

/*
 * whatenc_vec_sb_encode() - a prefix of the UTF-8 at @src[0..@n-1] encoded at
 * @dst (@room bytes) by the AVX2 kernel (0 below AVX2), in chunks while
 * it takes whole chunks; @pidx and @page: the encoding's page table
 * (vec.h). Returns the bytes read, *@out the bytes written.
 */
size_t whatenc_vec_sb_encode(u8 *dst, size_t room, const u8 *src, size_t n,
			     size_t *out, const u8 *pidx, const u8 *page)
{
	struct vec_job j = {
		.conv = WE_VEC_UTF8_TO_SB, .pidx = pidx, .page = page,
	};

	return vec_sb_chunks(&j, dst, room, src, n, out);
}
