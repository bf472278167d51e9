/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * whatenc_types.h - the one place that tells the kernel and userspace apart
 *
 * The conversion core is plain C that uses only what this header gives:
 * fixed-width types, bool, size_t, errno values, likely()/unlikely(),
 * memcpy()/memset(), EXPORT_SYMBOL_GPL(), WARN_ON_ONCE(), READ_ONCE() and
 * WRITE_ONCE(), hweight32(), and the vector paths' CPU checks (below). In
 * the kernel these come from the kernel's own headers; in userspace from
 * libc and the small definitions below. No other core file tests __KERNEL__.
 */
#ifndef WHATENC_TYPES_H
#define WHATENC_TYPES_H

#ifdef __KERNEL__
#include <linux/types.h>
#include <linux/errno.h>
#include <linux/compiler.h>
#include <linux/string.h>
#include <linux/limits.h>
#include <linux/export.h>
#include <linux/build_bug.h>
#include <linux/bug.h>
#include <linux/bitops.h>	/* hweight32(): POPCNT through alternatives */
#include <linux/jump_label.h>	/* the vector level: codec/vec.c */
/* the kernel sets the vector level from module init (codec/vec.c) */
#define we_user_init(fn)
#if defined(CONFIG_X86_64) && !defined(CONFIG_UML)
#include <linux/cpufeature.h>
#include <asm/fpu/api.h>
#endif
/* hweight32() is POPCNT or a call, patched in place: no test to hoist */
#define we_popcnt_usable()	true
#else
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <errno.h>
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
#endif

/*
 * Vector paths (codec/vec.c): whether the CPU and the OS offer AVX2 (and
 * POPCNT, which gcc's avx2 target emits for __builtin_popcount(): every
 * AVX2 CPU has it, a hypervisor may still hide it), and the bracket
 * around vector code. In the kernel, only where the FPU is
 * usable (irq_fpu_usable()); we_fpu_begin() returns false otherwise and
 * the caller stays scalar. WE_VEC_MIN: the shortest input worth it.
 */
#if defined(__KERNEL__) && defined(CONFIG_X86_64) && !defined(CONFIG_UML)
static inline bool we_cpu_has_avx2(void)
{
	return boot_cpu_has(X86_FEATURE_AVX2) &&
	       boot_cpu_has(X86_FEATURE_POPCNT) &&
	       cpu_has_xfeatures(XFEATURE_MASK_SSE | XFEATURE_MASK_YMM, NULL);
}

static inline bool we_fpu_begin(void)
{
	if (!irq_fpu_usable())
		return false;
	kernel_fpu_begin();
	return true;
}

static inline void we_fpu_end(void)
{
	kernel_fpu_end();
}

#define WE_VEC_MIN	256
#elif defined(__KERNEL__)
#define we_cpu_has_avx2()	false
#define we_fpu_begin()		false
#define we_fpu_end()		do { } while (0)
#define WE_VEC_MIN	256
#else
#if defined(__x86_64__)
#define we_cpu_has_avx2()	(__builtin_cpu_supports("avx2") && \
				 __builtin_cpu_supports("popcnt"))
#else
#define we_cpu_has_avx2()	false
#endif
#define we_fpu_begin()		true
#define we_fpu_end()		do { } while (0)
#define WE_VEC_MIN	64
#endif

#endif /* WHATENC_TYPES_H */
