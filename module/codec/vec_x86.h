/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * vec_x86.h - what the x86-64 vector kernels (vec_x86.c, vec_sb_x86.c)
 * share: the target attributes, the vector types, unaligned loads and
 * stores, and the few builtins they use, written with GCC vector
 * extensions (kernel builds have no <immintrin.h>)
 */
#ifndef WHATENC_VEC_X86_H
#define WHATENC_VEC_X86_H

#include "vec.h"

#if WE_VEC_X86

#define WE_SSE2 __attribute__((target("sse2")))
#define WE_AVX2 __attribute__((target("avx2")))

typedef u8 v16u8 __attribute__((vector_size(16)));
typedef u16 v8u16 __attribute__((vector_size(16)));
typedef u8 v32u8 __attribute__((vector_size(32)));
typedef u16 v16u16 __attribute__((vector_size(32)));

/* unaligned loads and stores: one vmovdqu each */
#define LD(type, p)	({ type v_; __builtin_memcpy(&v_, (p), sizeof(v_)); v_; })
#define LD16(p)		LD(v16u8, p)
#define LD32(p)		LD(v32u8, p)
#define ST16(p, v)	({ v16u8 v_ = (v); __builtin_memcpy((p), &v_, 16); })
#define ST32(p, v)	({ v32u8 v_ = (v); __builtin_memcpy((p), &v_, 32); })
/* the builtins' own types: vectors of char */
#define V16I8(v)	((char __attribute__((vector_size(16))))(v))
#define V32I8(v)	((char __attribute__((vector_size(32))))(v))
#define MASK16(v)	((unsigned int)__builtin_ia32_pmovmskb128(V16I8(v)))
#define MASK32(v)	((unsigned int)__builtin_ia32_pmovmskb256(V32I8(v)))
#define PSHUFB(v, m)	((v16u8)__builtin_ia32_pshufb128(V16I8(v), V16I8(m)))

#endif /* WE_VEC_X86 */
#endif /* WHATENC_VEC_X86_H */
