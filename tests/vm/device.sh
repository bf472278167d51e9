#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# tests/vm/device.sh - /dev/whatenc end to end, inside the test VM
# (scripts/vm-run tests/vm/device.sh). whatenc-devtest (tests/devtest/)
# checks the ioctls, read/write/poll semantics, faults, signals, threads,
# 1000 sessions and the output against the userspace core for all 40
# encodings. whatenc-devtest32 runs the same checks as a 32-bit program
# (compat_ioctl) where the kernel can run one (IA32 emulation).
# whatenc-limits (tests/devtest/limits.c) measures the memory of 10 000
# idle fds, a user at the user_mem_max cap, and a 2 GiB write stopped by
# signals.
# Prints "N passed, N failed"; exit 0 only if nothing failed.
# vm-timeout: 900
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
elif [ "${WHATENC_VM_KIND:-}" = debian ]; then
	# Debian's kernel has IA32 emulation: the compat run is required there
	fail=$((fail + 1))
	echo "FAIL: whatenc-devtest32 did not run on the Debian kernel (rc $rc)"
	sed 's/^/[32] /' "$out"
else
	echo "SKIP: whatenc-devtest32 cannot run here (rc $rc: no IA32 emulation in this kernel)"
fi

# Issue 15: memory per idle fd (10 000 of them; 2000 on the debug
# kernel, where only the figures are printed), the per-user cap, a
# killable 2 GiB write (tests/devtest/limits.c)
idle=10000
[ -e /sys/kernel/debug/kmemleak ] && idle=2000
for mode in "idle ${WHATENC_IDLE_FDS:-$idle}" cap kill; do
	# shellcheck disable=SC2086 # "idle N" is two words
	whatenc-limits $mode >"$out" 2>&1
	rc=$?
	sed "s/^/[limits $mode] /" "$out"
	tally "$out" "whatenc-limits $mode"
	[ $rc -eq 0 ] || [ "$fail" -gt 0 ] || fail=$((fail + 1))
done
rm -f "$out"

# buf_size is validated at load time too (needs a whatenc.ko we may reload)
ko=${WHATENC_DEVTEST_KO:-}
for d in "${WHATENC_KO_DIR:-}" /mods /lib/modules/whatenc; do
	[ -n "$ko" ] && break
	[ -n "$d" ] && [ -f "$d/whatenc.ko" ] && ko=$d/whatenc.ko
done
if [ -n "$ko" ] && rmmod whatenc 2>/dev/null; then
	for v in 100 4095 16777217 abc; do
		if insmod "$ko" buf_size=$v 2>/dev/null; then
			fail=$((fail + 1)); echo "FAIL: insmod buf_size=$v accepted"
			rmmod whatenc
		else
			pass=$((pass + 1))
		fi
	done
	if insmod "$ko" buf_size=4096 &&
		[ "$(cat /sys/module/whatenc/parameters/buf_size)" = 4096 ] &&
		[ -c /dev/whatenc ]; then
		pass=$((pass + 1))
	else
		fail=$((fail + 1)); echo "FAIL: insmod buf_size=4096"
	fi
	rmmod whatenc 2>/dev/null
	if insmod "$ko"; then pass=$((pass + 1)); else
		fail=$((fail + 1)); echo "FAIL: reload $ko"; fi
else
	echo "SKIP: cannot reload whatenc.ko (in use or not found)"
fi
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
