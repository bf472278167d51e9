// SPDX-License-Identifier: GPL-2.0-only
/*
 * session_under_test.c - the session layer, built into whatenc_kunit.ko
 *
 * test_session.c drives the session layer (session.c and the files it
 * is split into, listed in session_impl.h) directly, without the
 * device. Rather than export the layer's functions from whatenc.ko for
 * the test alone, the test module compiles the same source files
 * itself: whatenc.ko exports nothing but its public API, and the copy
 * here calls that API (the converter, detection) like any module. The
 * two copies never meet: nothing in them is exported, and sessions
 * made by the test never reach the device (nor the device's per-user
 * memory counts: the tests pass their own struct we_mem).
 */
#include "session.c"
#include "session_buf.c"
#include "lookahead.c"
#include "convert.c"
