/* SPDX-License-Identifier: GPL-2.0-only */
/* linux/errno.h - what fs/nls needs of it, in userspace (tests/bench/names) */
#define EBUSY		16
#define EINVAL		22
#define ENAMETOOLONG	36
#define EOVERFLOW	75
#define EILSEQ		84
