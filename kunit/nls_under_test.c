// SPDX-License-Identifier: GPL-2.0-only
/*
 * nls_under_test.c - whatenc_nls.ko's conversions, built into the tests
 *
 * test_nls.c calls the functions behind the NLS tables directly (on the
 * host, and in kernels without CONFIG_NLS, where whatenc_nls.ko is not
 * built). Like session_under_test.c, the test compiles the same sources
 * itself rather than have whatenc_nls.ko export them: they use only
 * whatenc.ko's public API, and nothing in them is exported.
 */
#include "nls_conv.c"
#include "nls_case.c"
