// SPDX-License-Identifier: GPL-2.0-only
/*
 * nls_kunit_module.c - module information for whatenc_nls_kunit.ko
 *
 * whatenc_nls_kunit.ko is the KUnit suite of kunit/test_nls.c (with the
 * conversions under test compiled in: nls_under_test.c), in a module of
 * its own: every table over its whole index is long under KASAN and TCG,
 * and whatenc_kunit.ko's run has a time limit of its own.
 * tests/vm/nls_kunit.sh loads it; the host test binary runs the same
 * suite.
 */
#include <linux/module.h>

MODULE_LICENSE("GPL");
MODULE_IMPORT_NS(WHATENC);
MODULE_AUTHOR("whatenc developers");
MODULE_DESCRIPTION("KUnit tests for whatenc_nls.ko's conversions");
