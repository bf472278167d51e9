/* SPDX-License-Identifier: GPL-2.0-only */
/* linux/string.h - what fs/nls needs of it, in userspace (tests/bench/names) */
#include <linux/types.h>
int strcmp(const char *a, const char *b);
