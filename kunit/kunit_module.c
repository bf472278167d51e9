// SPDX-License-Identifier: GPL-2.0-only
/*
 * kunit_module.c - module information for whatenc_kunit.ko
 *
 * whatenc_kunit.ko is the KUnit suites of kunit/sources.mk; KUnit runs
 * them when the module is loaded (after whatenc.ko, whose exported
 * functions they call; the session layer is compiled in, see
 * session_under_test.c). Kernel-only: the host test binary does not
 * link this file.
 */
#include <linux/module.h>

MODULE_LICENSE("GPL");
MODULE_AUTHOR("whatenc developers");
MODULE_DESCRIPTION("KUnit tests for whatenc");
MODULE_IMPORT_NS(WHATENC);
MODULE_IMPORT_NS(EXPORTED_FOR_KUNIT_TESTING);
