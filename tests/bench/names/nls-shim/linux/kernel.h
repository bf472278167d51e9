/* SPDX-License-Identifier: GPL-2.0-only */
/* linux/kernel.h - what fs/nls needs of it, in userspace (tests/bench/names) */
#include <linux/types.h>
