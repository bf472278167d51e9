# SPDX-License-Identifier: GPL-2.0-only
# KUnit suites: built into kunit/whatenc_kunit.ko (when the kernel has
# CONFIG_KUNIT) and, with kunit/host_main.c, into the host test binary
# build/host/wt_host. Add one line per suite file:
#   WHATENC_KUNIT_SRCS += my_suite.c
WHATENC_KUNIT_SRCS :=
WHATENC_KUNIT_SRCS += test_wtf8.c
WHATENC_KUNIT_SRCS += test_euc_jp.c
WHATENC_KUNIT_SRCS += test_shift_jis.c
WHATENC_KUNIT_SRCS += test_utf8.c
WHATENC_KUNIT_SRCS += test_names.c
WHATENC_KUNIT_SRCS += test_gb18030.c
WHATENC_KUNIT_SRCS += test_big5.c
WHATENC_KUNIT_SRCS += test_euc_kr.c

# Kernel-only suites (the session layer is kernel code): built into
# whatenc_kunit.ko only; the host build skips them. session_under_test.c
# compiles session.c into the test module (whatenc.ko exports nothing
# for tests).
WHATENC_KUNIT_KERNEL_SRCS += test_session.c
WHATENC_KUNIT_KERNEL_SRCS += session_under_test.c
WHATENC_KUNIT_SRCS += test_iso_2022_jp.c
WHATENC_KUNIT_SRCS += test_wpt.c
WHATENC_KUNIT_SRCS += test_engine.c
WHATENC_KUNIT_SRCS += test_split.c
WHATENC_KUNIT_SRCS += test_labels.c
WHATENC_KUNIT_SRCS += test_config.c
WHATENC_KUNIT_SRCS += test_utf16.c
WHATENC_KUNIT_SRCS += test_single_byte.c
WHATENC_KUNIT_SRCS += test_detect.c
WHATENC_KUNIT_SRCS += test_fuzz_regress.c
WHATENC_KUNIT_SRCS += test_guess.c
WHATENC_KUNIT_SRCS += test_rules.c
WHATENC_KUNIT_SRCS += test_vec.c
WHATENC_KUNIT_SRCS += test_sb_encode.c
WHATENC_KUNIT_SRCS += test_cjk_fast.c
WHATENC_KUNIT_SRCS += test_cjk_enc_short.c
WHATENC_KUNIT_SRCS += test_oneshot.c
WHATENC_KUNIT_SRCS += test_names_exits.c
WHATENC_KUNIT_SRCS += test_sb_once.c
# test_nls.c: on the host only here; in the kernel it is a module of its
# own, kunit/nls/whatenc_nls_kunit.ko (kunit/nls/Kbuild.inc), which
# tests/vm/nls_kunit.sh runs: its sweeps would push whatenc_kunit.ko's
# run past its time limit. Kbuild sets KERNELRELEASE.
ifeq ($(KERNELRELEASE),)
WHATENC_KUNIT_SRCS += test_nls.c
WHATENC_KUNIT_SRCS += nls_under_test.c
endif
