// SPDX-License-Identifier: GPL-2.0-only
/*
 * session_under_test.c - the session layer, built into whatenc_kunit.ko
 *
 * test_session.c drives the session layer (session.c) directly, without
 * the device. Rather than export session.c's functions from whatenc.ko
 * for the test alone, the test module compiles the same source file
 * itself: whatenc.ko exports nothing but its public API, and the copy
 * here calls that API (the converter, detection) like any module. The
 * two copies never meet: nothing in session.c is exported, and sessions
 * made by the test never reach the device (nor the device's per-user
 * memory counts: the tests pass their own struct we_mem).
 */
#include "session.c"
