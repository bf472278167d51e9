// SPDX-License-Identifier: GPL-2.0-only
/*
 * core.c - the core as a module of its own: in a kernel tree only
 * (lib/whatenc/, CONFIG_WHATENC; scripts/series), where the device is
 * drivers/misc/whatenc/. Out of the tree whatenc.ko holds both and its
 * init (main.c) does this.
 */
#include <linux/init.h>
#include <linux/module.h>
#include "vec.h"

static int __init whatenc_core_init(void)
{
	whatenc_vec_init();	/* the vector level's static keys */
	return 0;
}

static void __exit whatenc_core_exit(void)
{
}

module_init(whatenc_core_init);
module_exit(whatenc_core_exit);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("WHATWG Encoding Standard decoders and encoders");
