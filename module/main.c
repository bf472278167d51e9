// SPDX-License-Identifier: GPL-2.0-only
/*
 * main.c - whatenc.ko: module init and exit
 */
#include <linux/module.h>
#include <linux/init.h>

static int __init whatenc_init(void)
{
	return 0;
}

static void __exit whatenc_exit(void)
{
}

module_init(whatenc_init);
module_exit(whatenc_exit);

MODULE_LICENSE("GPL");
MODULE_AUTHOR("whatenc developers");
MODULE_DESCRIPTION("WHATWG Encoding Standard decoders and encoders");
