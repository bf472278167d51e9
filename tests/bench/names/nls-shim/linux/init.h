/* SPDX-License-Identifier: GPL-2.0-only */
/* linux/init.h - what fs/nls needs of it, in userspace (tests/bench/names) */
#include <linux/types.h>
#define __init
#define __exit
