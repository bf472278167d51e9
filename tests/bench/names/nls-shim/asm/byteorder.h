/* SPDX-License-Identifier: GPL-2.0-only */
/* asm/byteorder.h (little-endian x86-64) - what fs/nls needs of it, in userspace (tests/bench/names) */
#define __le16_to_cpu(x)	((u16)(x))
#define __cpu_to_le16(x)	((u16)(x))
#define __be16_to_cpu(x)	__builtin_bswap16(x)
#define __cpu_to_be16(x)	__builtin_bswap16(x)
