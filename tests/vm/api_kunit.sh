#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# tests/vm/api_kunit.sh - run inside the test VM (scripts/vm-run): load
# kunit/api/whatenc_api_kunit.ko (the in-kernel API tested from a separate
# module, in atomic and hard-IRQ context too) and count its KUnit results
# from debugfs. A skipped case is not a pass; any failed case, or no
# passed case at all, fails. Kernel splats (e.g. "BUG: sleeping function
# called from invalid context") fail the run in scripts/vm-run.
ko=${WHATENC_KO_DIR:-/lib/modules/whatenc}/whatenc_api_kunit.ko
suites="whatenc_api_core whatenc_api_names whatenc_api_atomic"

# not built (Kbuild not wired, or no CONFIG_KUNIT): skipped, exit 77
[ -f "$ko" ] || { echo "SKIP: no $ko"; exit 77; }
[ -d /sys/kernel/debug/kunit ] || mount -t debugfs none /sys/kernel/debug
if ! insmod "$ko"; then
	echo "insmod failed"
	echo "0 passed, 1 failed"
	exit 1
fi

pass=0
fail=0
skip=0
for s in $suites; do
	f=/sys/kernel/debug/kunit/$s/results
	if [ ! -f "$f" ]; then
		echo "FAIL: suite $s: no results"
		fail=$((fail + 1))
		continue
	fi
	cat "$f"
	# case result lines are indented; the suite's own line is not
	p=$(grep -E '^[[:space:]]+ok [0-9]+ ' "$f" | grep -vc '# SKIP')
	k=$(grep -E '^[[:space:]]+ok [0-9]+ ' "$f" | grep -c '# SKIP')
	n=$(grep -cE '^[[:space:]]+not ok [0-9]+ ' "$f")
	pass=$((pass + p))
	skip=$((skip + k))
	fail=$((fail + n))
done
rmmod whatenc_api_kunit

echo "$pass passed, $fail failed, $skip skipped"
[ "$fail" -eq 0 ] && [ "$pass" -gt 0 ]
