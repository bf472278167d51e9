// SPDX-License-Identifier: GPL-2.0-only
/*
 * main.c - whatenc.ko: module init and exit, module parameters
 */
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/init.h>
#include "session.h"
#include "device.h"
#if !IS_ENABLED(CONFIG_WHATENC)
/* out of a kernel tree the core is part of this module */
#include "vec.h"
#endif

unsigned int whatenc_buf_size = WE_BUF_DEFAULT;

static int whatenc_buf_size_set(const char *val, const struct kernel_param *kp)
{
	unsigned int v;
	int ret = kstrtouint(val, 0, &v);

	if (ret)
		return ret;
	if (v < WE_BUF_MIN || v > WE_BUF_MAX)
		return -EINVAL;
	WRITE_ONCE(*(unsigned int *)kp->arg, v);
	return 0;
}

static const struct kernel_param_ops whatenc_buf_size_ops = {
	.set = whatenc_buf_size_set,
	.get = param_get_uint,
};

module_param_cb(buf_size, &whatenc_buf_size_ops, &whatenc_buf_size, 0644);
MODULE_PARM_DESC(buf_size,
		 "output buffer bytes per /dev/whatenc session, 4096..16777216 (default 65536); applies to new opens");

/*
 * 64 MiB, as pipe-user-pages-soft: 800 busy sessions of the default
 * buf_size; an idle session holds no buffer.
 */
unsigned long whatenc_user_mem_max = 64ul << 20;
module_param_named(user_mem_max, whatenc_user_mem_max, ulong, 0644);
MODULE_PARM_DESC(user_mem_max,
		 "bytes of session buffers one user (a user namespace owner's ids count as the owner's) may hold, 0: no limit (default 67108864); CAP_SYS_RESOURCE/CAP_SYS_ADMIN may pass it");

static int __init whatenc_init(void)
{
#if !IS_ENABLED(CONFIG_WHATENC)
	whatenc_vec_init();	/* in a kernel tree: lib/whatenc's init (core.c) */
#endif
	return whatenc_dev_register();
}

static void __exit whatenc_exit(void)
{
	whatenc_dev_unregister();
}

module_init(whatenc_init);
module_exit(whatenc_exit);

MODULE_LICENSE("GPL");
MODULE_AUTHOR("whatenc developers");
MODULE_DESCRIPTION("WHATWG Encoding Standard decoders and encoders");
#if IS_ENABLED(CONFIG_WHATENC)
MODULE_IMPORT_NS(WHATENC);
#endif
#ifdef WHATENC_VERSION	/* out of a kernel tree (Kbuild) */
MODULE_VERSION(WHATENC_VERSION);
#endif
