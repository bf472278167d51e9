#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# tests/vm/nls_kunit.sh - run inside the test VM (scripts/vm-run; on the
# debug kernel under KASAN, UBSAN and kmemleak): load
# kunit/nls/whatenc_nls_kunit.ko, the suite whatenc_nls (kunit/test_nls.c:
# whatenc_nls.ko's char2uni/uni2char and case tables, every table over its
# whole index) and, with CONFIG_NLS, whatenc_nls_tables (test_nls_tables.c:
# the tables through load_nls(), with whatenc_nls.ko loaded first), and
# judge the results from debugfs: any failed case, or no passed case,
# fails; a skipped case is not a pass. Then whatenc_nls.ko must unload
# (no reference left) and kmemleak find nothing. Kernel reports fail the
# run in scripts/vm-run.
# vm-timeout: 900
dir=${WHATENC_KO_DIR:-/lib/modules/whatenc}
ko=$dir/whatenc_nls_kunit.ko
[ -f "$ko" ] || { echo "SKIP: no $ko (no CONFIG_KUNIT)"; exit 77; }
[ -d /sys/kernel/debug/kunit ] || mount -t debugfs none /sys/kernel/debug
# with CONFIG_NLS: the tables themselves, which whatenc_nls_tables loads
nls=0
if [ -f "$dir/whatenc_nls.ko" ]; then
	insmod "$dir/whatenc_nls.ko" || { echo "insmod whatenc_nls.ko failed"; exit 1; }
	nls=1
fi
insmod "$ko" || { echo "insmod failed"; exit 1; }
res=$(ls /sys/kernel/debug/kunit/whatenc_nls*/results)
cat $res
# case lines are indented, the suite's own line is not
# shellcheck disable=SC2046,SC2086
set -- $(awk '/^[ \t]+ok [0-9]+ / { if (/# SKIP/) s++; else p++ }
	/^[ \t]+not ok [0-9]+ / { f++ }
	END { print p + 0, f + 0, s + 0 }' $res)
rmmod whatenc_nls_kunit
fail=$2
if [ "$nls" = 1 ]; then
	# every reference load_nls() took is gone: the module unloads
	if rmmod whatenc_nls; then
		echo "rmmod whatenc_nls: ok"
	else
		echo "FAIL: rmmod whatenc_nls"
		fail=$((fail + 1))
	fi
fi
tests/vm/kmemleak-scan || fail=$((fail + 1))
echo "$1 passed, $fail failed, $3 skipped"
[ "$fail" -eq 0 ] && [ "$1" -gt 0 ]
