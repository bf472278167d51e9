/* SPDX-License-Identifier: GPL-2.0-only */
/* linux/module.h - what fs/nls needs of it, in userspace (tests/bench/names) */
#include <linux/types.h>
struct module;
#define THIS_MODULE		((struct module *)0)
#define MODULE_LICENSE(x)
#define MODULE_ALIAS(x)
#define EXPORT_SYMBOL(x)
#define try_module_get(m)	1
#define module_put(m)		do { } while (0)
/* the bench calls each table's init itself, in order (euc-jp needs cp932) */
#define module_init(fn)		int bench_##fn(void) { return fn(); }
#define module_exit(fn)		void *bench_##fn(void) { return (void *)fn; }
