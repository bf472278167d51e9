/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * whatenc_types.h - the kernel's vocabulary of the conversion core
 *
 * The conversion core is plain C that uses only what this header gives:
 * fixed-width types, bool, size_t, errno values, likely()/unlikely(),
 * memcpy()/memset(), tolower(), strncasecmp(), bsearch(),
 * get_unaligned_le32() and put_unaligned_be16()/le32(), __ffs()/__ffs64()
 * and fls64(), EXPORT_SYMBOL_GPL(), WARN_ON_ONCE(), READ_ONCE() and
 * WRITE_ONCE(), static keys, hweight32(), and the vector paths' CPU checks (below).
 * In the kernel all of it comes from the kernel's own headers. The
 * userspace build maps the same names to C99 and the C library in
 * whatenc_user.h (userspace-lib/, on the host build's include path
 * only), as lib/xz keeps its userspace mapping (xz_config.h) apart from
 * xz_private.h. No other core file tests __KERNEL__.
 */
#ifndef WHATENC_TYPES_H
#define WHATENC_TYPES_H

#ifndef __KERNEL__
#include "whatenc_user.h"
#else
#include <linux/types.h>
#include <linux/errno.h>
#include <linux/compiler.h>
#include <linux/string.h>
#include <linux/limits.h>
#include <linux/export.h>
#include <linux/build_bug.h>
#include <linux/bug.h>
#include <linux/bitops.h>	/* hweight32(): POPCNT through alternatives */
#include <linux/ctype.h>
#include <linux/bsearch.h>
#include <asm/unaligned.h>
#include <linux/jump_label.h>	/* the vector level: codec/vec.c */
/* the kernel sets the vector level from module init (codec/vec.c) */
#define we_user_init(fn)
#if defined(CONFIG_X86_64) && !defined(CONFIG_UML)
#include <linux/cpufeature.h>
#include <asm/fpu/api.h>
#endif
/* hweight32() is POPCNT or a call, patched in place: no test to hoist */
#define we_popcnt_usable()	true

/*
 * Vector paths (codec/vec.c): whether the CPU and the OS offer AVX2 (and
 * POPCNT, which gcc's avx2 target emits for __builtin_popcount(): every
 * AVX2 CPU has it, a hypervisor may still hide it), and the bracket
 * around vector code. In the kernel, only where the FPU is usable
 * (irq_fpu_usable()); we_fpu_begin() returns false otherwise and the
 * caller stays scalar. WE_VEC_MIN: the shortest input worth it.
 */
#if defined(CONFIG_X86_64) && !defined(CONFIG_UML)
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
#else
#define we_cpu_has_avx2()	false
#define we_fpu_begin()		false
#define we_fpu_end()		do { } while (0)
#define WE_VEC_MIN	256
#endif

#endif /* __KERNEL__ */

#endif /* WHATENC_TYPES_H */
