/* SPDX-License-Identifier: GPL-2.0-only */
/* linux/types.h - what fs/nls needs of it, in userspace (tests/bench/names) */
#ifndef BENCH_NLS_TYPES_H
#define BENCH_NLS_TYPES_H
typedef unsigned char u8;
typedef unsigned short u16;
typedef unsigned int u32;
typedef unsigned long long u64;
typedef __SIZE_TYPE__ size_t;
#define NULL ((void *)0)
#define likely(x)	__builtin_expect(!!(x), 1)
#define unlikely(x)	__builtin_expect(!!(x), 0)
#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))
#endif
