#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# tests/vm/nls_kunit.sh - run inside the test VM (scripts/vm-run; on the
# debug kernel under KASAN, UBSAN and kmemleak): load
# kunit/nls/whatenc_nls_kunit.ko, the suite whatenc_nls (kunit/test_nls.c:
# whatenc_nls.ko's char2uni/uni2char and case tables, every table over its
# whole index), and judge its results from debugfs: any failed case, or no
# passed case, fails; a skipped case is not a pass. Kernel reports fail
# the run in scripts/vm-run.
# vm-timeout: 900
ko=${WHATENC_KO_DIR:-/lib/modules/whatenc}/whatenc_nls_kunit.ko
[ -f "$ko" ] || { echo "SKIP: no $ko (no CONFIG_KUNIT)"; exit 77; }
[ -d /sys/kernel/debug/kunit ] || mount -t debugfs none /sys/kernel/debug
insmod "$ko" || { echo "insmod failed"; exit 1; }
res=/sys/kernel/debug/kunit/whatenc_nls/results
[ -f "$res" ] || { echo "FAIL: no $res"; exit 1; }
cat "$res"
# case lines are indented, the suite's own line is not
set -- $(awk '/^[ \t]+ok [0-9]+ / { if (/# SKIP/) s++; else p++ }
	/^[ \t]+not ok [0-9]+ / { f++ }
	END { print p + 0, f + 0, s + 0 }' "$res")
rmmod whatenc_nls_kunit
echo "$1 passed, $2 failed, $3 skipped"
[ "$2" -eq 0 ] && [ "$1" -gt 0 ]
