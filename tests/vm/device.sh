#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# tests/vm/device.sh - /dev/whatenc end to end, inside the test VM
# (scripts/vm-run tests/vm/device.sh). whatenc-devtest (tests/devtest/)
# checks the ioctls, read/write/poll semantics, faults, signals, threads,
# 1000 sessions and the output against the userspace core for all 40
# encodings. whatenc-devtest32 runs the same checks as a 32-bit program
# (compat_ioctl) where the kernel can run one (IA32 emulation).
# Prints "N passed, N failed"; exit 0 only if nothing failed.
pass=0
fail=0
tally() {
	# add the "N passed, N failed" line of a run
	line=$(grep -E '^[0-9]+ passed, [0-9]+ failed$' "$1" | tail -n 1)
	if [ -z "$line" ]; then
		fail=$((fail + 1))
		echo "FAIL: $2 printed no tally"
		return
	fi
	p=${line%% passed*}
	f=${line#*passed, }
	f=${f%% failed}
	pass=$((pass + p))
	fail=$((fail + f))
}

if [ ! -c /dev/whatenc ]; then
	echo "FAIL: no /dev/whatenc"
	echo "0 passed, 1 failed"
	exit 1
fi
out=/tmp/devtest.$$
whatenc-devtest >"$out" 2>&1
rc=$?
cat "$out"
tally "$out" whatenc-devtest
[ $rc -eq 0 ] || [ "$fail" -gt 0 ] || fail=$((fail + 1))

whatenc-devtest32 >"$out" 2>&1
rc=$?
if grep -q '^# whatenc-devtest (32-bit)' "$out"; then
	sed 's/^/[32] /' "$out"
	tally "$out" whatenc-devtest32
else
	echo "SKIP: whatenc-devtest32 cannot run here (rc $rc: no IA32 emulation in this kernel)"
fi
rm -f "$out"
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
