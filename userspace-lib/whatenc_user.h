/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * whatenc_user.h - the conversion core's kernel vocabulary in userspace
 *
 * module/include/whatenc_types.h includes this header when __KERNEL__ is
 * not defined (the library, the CLI, the host tests, the fuzz and bench
 * builds): the names the core uses, as the kernel has them, mapped to
 * C99, the C library and the compiler's builtins. Kept apart from the
 * kernel's headers (lib/xz's xz_config.h is the model): the kernel build
 * has neither this folder on its include path nor a reason to read it.
 * tolower() and strncasecmp() are ASCII-only here, as in the C locale
 * whatever locale the program set (the C library's fold the Turkish
 * dotted I differently, for one); the kernel's fold Latin-1 letters too,
 * which every caller compares with ASCII only: the same results.
 */
#ifndef WHATENC_USER_H
#define WHATENC_USER_H

#ifdef __KERNEL__
#error "whatenc_user.h is the userspace build's; the kernel has its own"
#endif

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <errno.h>
#include <ctype.h>	/* before tolower() below */
#include <strings.h>	/* before strncasecmp() below */
#include <stdlib.h>	/* bsearch() */
#include <sys/cdefs.h>	/* __always_inline */

typedef uint8_t u8;
typedef uint16_t u16;
typedef uint32_t u32;
typedef uint64_t u64;
typedef int8_t s8;
typedef int16_t s16;
typedef int32_t s32;
typedef int64_t s64;

#ifndef likely
#define likely(x)	__builtin_expect(!!(x), 1)
#define unlikely(x)	__builtin_expect(!!(x), 0)
#endif
#define EXPORT_SYMBOL_GPL(sym)
#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))
#define static_assert(expr, ...)	_Static_assert(expr, #expr)
#define fallthrough	__attribute__((__fallthrough__))
#define noinline	__attribute_noinline__	/* sys/cdefs.h */
/*
 * __aligned() as the kernel's compiler_attributes.h has it, through a
 * helper: checkpatch asks for __aligned() at the definition too
 */
#define WE_ATTRIBUTE(a)	__attribute__((a))
#define __aligned(x)	WE_ATTRIBUTE(__aligned__(x))
/* as compiler_attributes.h: every call in the function inlined */
#define __flatten	WE_ATTRIBUTE(__flatten__)
/* as the kernel's compiler_attributes.h: no -ftrivial-auto-var-init store */
#if __has_attribute(__uninitialized__)
#define __uninitialized	__attribute__((__uninitialized__))
#else
#define __uninitialized
#endif
#define READ_ONCE(x)	__atomic_load_n(&(x), __ATOMIC_RELAXED)
#define WRITE_ONCE(x, v)	__atomic_store_n(&(x), (v), __ATOMIC_RELAXED)
/* userspace: API misuse is reported by the result alone */
#define WARN_ON_ONCE(cond)	(!!(cond))
/*
 * Static keys (the vector level, codec/vec.c): a flag read at each test;
 * the kernel sets them from module init, userspace from a constructor.
 */
struct static_key_true { bool enabled; };
struct static_key_false { bool enabled; };
#define DEFINE_STATIC_KEY_TRUE(k)	struct static_key_true k = { true }
#define DEFINE_STATIC_KEY_FALSE(k)	struct static_key_false k = { false }
#define DECLARE_STATIC_KEY_TRUE(k)	extern struct static_key_true k
#define DECLARE_STATIC_KEY_FALSE(k)	extern struct static_key_false k
#define static_branch_likely(k)		likely(READ_ONCE((k)->enabled))
#define static_branch_unlikely(k)	unlikely(READ_ONCE((k)->enabled))
#define static_branch_enable(k)		WRITE_ONCE((k)->enabled, true)
#define static_branch_disable(k)	WRITE_ONCE((k)->enabled, false)
#define we_user_init(fn)	\
	static void __attribute__((__constructor__)) fn##_user(void) { fn(); }

/*
 * Whether hweight32() below is the POPCNT instruction. Not inlined and
 * const (the CPU does not change): the compiler takes the first call in
 * a function for the ones it leads to, so a loop that tests it once on
 * entry has the bare instruction inside, no test of the CPU's flags at
 * each count (the kernel's hweight32() patches its call site through
 * alternatives: true there).
 */
#if !defined(__POPCNT__) && (defined(__x86_64__) || defined(__i386__))
static noinline __attribute_const__ WE_ATTRIBUTE(__unused__) bool
we_popcnt_usable(void)
{
	return __builtin_cpu_supports("popcnt");
}
#else
#define we_popcnt_usable()	true
#endif

/*
 * Bits set in @w: the POPCNT instruction where the CPU has it (one
 * predicted test of libgcc's CPU flags, as the kernel's hweight32()
 * patches its call site through alternatives), else bit arithmetic.
 */
static inline unsigned int hweight32(unsigned int w)
{
#if defined(__POPCNT__)
	return __builtin_popcount(w);
#else
#if defined(__x86_64__) || defined(__i386__)
	if (likely(we_popcnt_usable())) {
		unsigned int r;

		__asm__("popcntl %1, %0" : "=r"(r) : "rm"(w));
		return r;
	}
#endif
	w = w - ((w >> 1) & 0x55555555u);
	w = (w & 0x33333333u) + ((w >> 2) & 0x33333333u);
	w = (w + (w >> 4)) & 0x0f0f0f0fu;
	return (w * 0x01010101u) >> 24;
#endif
}

/* <linux/ctype.h>, <linux/string.h>: ASCII only (see above) */
static inline int we_user_tolower(int c)
{
	return c >= 'A' && c <= 'Z' ? c + ('a' - 'A') : c;
}

static inline int we_user_strncasecmp(const char *s1, const char *s2,
				      size_t len)
{
	int c1 = 0, c2 = 0;

	while (len--) {
		c1 = we_user_tolower((unsigned char)*s1++);
		c2 = we_user_tolower((unsigned char)*s2++);
		if (!c1 || c1 != c2)
			break;
	}
	return c1 - c2;
}

#undef tolower
#define tolower(c)	we_user_tolower(c)
#undef strncasecmp
#define strncasecmp(s1, s2, len)	we_user_strncasecmp(s1, s2, len)

/* <asm/unaligned.h>: one load or store, bytes swapped where needed */
#define WE_USER_GET_LE(bits)						\
static inline u##bits get_unaligned_le##bits(const void *p)		\
{									\
	u##bits w;							\
									\
	memcpy(&w, p, sizeof(w));					\
	if (__BYTE_ORDER__ == __ORDER_BIG_ENDIAN__)			\
		w = __builtin_bswap##bits(w);				\
	return w;							\
}
WE_USER_GET_LE(32)
WE_USER_GET_LE(64)

static inline void put_unaligned_be32(u32 v, void *p)
{
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	v = __builtin_bswap32(v);
#endif
	memcpy(p, &v, 4);
}

static inline void put_unaligned_be16(u16 v, void *p)
{
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	v = __builtin_bswap16(v);
#endif
	memcpy(p, &v, 2);
}

#define WE_USER_PUT_LE(bits)						\
static inline void put_unaligned_le##bits(u##bits v, void *p)		\
{									\
	if (__BYTE_ORDER__ == __ORDER_BIG_ENDIAN__)			\
		v = __builtin_bswap##bits(v);				\
	memcpy(p, &v, sizeof(v));					\
}
WE_USER_PUT_LE(32)
WE_USER_PUT_LE(64)

/* <linux/bitops.h>: the first set bit (@w not 0), the last one (1-based) */
static inline unsigned long __ffs(unsigned long w)
{
	return __builtin_ctzl(w);
}

static inline unsigned long __ffs64(u64 w)
{
	return __builtin_ctzll(w);
}

static inline int fls64(u64 w)
{
	return w ? 64 - __builtin_clzll(w) : 0;
}

/*
 * Vector paths (codec/vec.c): whether the CPU and the OS offer AVX2 (and
 * POPCNT, which gcc's avx2 target emits for __builtin_popcount(): every
 * AVX2 CPU has it, a hypervisor may still hide it), and the bracket
 * around vector code. In the kernel, only where the FPU is usable
 * (irq_fpu_usable()); we_fpu_begin() returns false otherwise and the
 * caller stays scalar. WE_VEC_MIN: the shortest input worth it.
 */
#if defined(__x86_64__)
#define we_cpu_has_avx2()	(__builtin_cpu_supports("avx2") && \
				 __builtin_cpu_supports("popcnt"))
#else
#define we_cpu_has_avx2()	false
#endif
#define we_fpu_begin()		true
#define we_fpu_end()		do { } while (0)
#define WE_VEC_MIN	64

#endif /* WHATENC_USER_H */
