#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# tests/vm/nls-fs.sh - whatenc_nls.ko under real filesystems: FAT images
# made by mtools, ISO 9660 + Joliet by xorriso, HFS by hfsutils, mounted
# with iocharset=whatwg-* (HFS: codepage=whatwg-*) and with fs/nls's
# tables of the same encodings; names listed, created, renamed, deleted;
# bad input; rmmod while mounted and after; UDF (mkudffs) and exFAT
# (mkfs.exfat) with names created through whatwg-* tables and read back
# through utf8.
#
# Two kernels: Debian's stock kernel (scripts/vm-run-debian; scripts/check's
# vm-debian list), whose filesystem, loop and fs/nls modules the runner
# puts in the VM's module tree; and our debug kernel (WHATENC_KERNEL=debug
# scripts/run-vm-tests; scripts/check's vm-debug list), which has them
# built in (scripts/kernel-config-debug.fragment), so that the same plan
# runs under KASAN, UBSAN, lockdep and kmemleak: any report fails the run
# (scripts/vm-run), and kmemleak must find nothing once whatenc_nls.ko is
# unloaded (below, and the VM's init after the command).
#
# The host side, tests/vm/nls-fs.host, makes the images and this VM's plan
# (build/nls-fs/KIND/plan.sh, KIND: the runner's WHATENC_VM_KIND, debian,
# debug or normal: scripts/check runs the kinds concurrently) before the
# VM, and checks after it what the VM printed (build/nls-fs/KIND/vm.out)
# and the images it left, from outside with
# mdir, hls, xorriso and fsck.exfat; the runners run it around the VM
# (scripts/vm-run-host-side). Skipped (77) on a kernel without these
# filesystems (our plain test kernel has no block layer), and without
# $SHARED (no plan).
# vm-timeout: 1500
d=build/nls-fs/${WHATENC_VM_KIND:-normal}
if [ "${WHATENC_VM_KIND:-}" != debian ]; then
	for fs in vfat iso9660 hfs udf exfat; do
		grep -qw "$fs" /proc/filesystems ||
			{ echo "SKIP: this kernel has no $fs (nor, likely, a block layer)"; exit 77; }
	done
	dir=${WHATENC_KO_DIR:-/lib/modules/whatenc}
	[ -f "$dir/whatenc_nls.ko" ] || { echo "SKIP: no $dir/whatenc_nls.ko (no CONFIG_NLS)"; exit 77; }
	# our kernel: filesystems, loop and fs/nls built in; whatenc_nls.ko
	# (and whatenc.ko, already loaded) in a module tree with its aliases,
	# so that mount's request_module("nls_whatwg-...") finds it as on
	# Debian. busybox modprobe matches aliases as written with '_' for '-'.
	lm=/lib/modules/$(uname -r)
	mkdir -p "$lm/extra"
	cp "$dir/whatenc.ko" "$dir/whatenc_nls.ko" "$lm/extra/"
	depmod || { echo "FAIL: depmod"; exit 1; }
	sed -i -e ':a' -e 's/^\(alias [^ -]*\)-/\1_/' -e 'ta' "$lm/modules.alias"
fi
[ -f $d/plan.sh ] || { echo "SKIP: no $d/plan.sh (no index files in \$SHARED)"; exit 77; }
sh $d/plan.sh >$d/vm.out 2>&1
rc=$?
cat $d/vm.out
grep -q '^PLAN-END$' $d/vm.out || { echo "FAIL: the plan stopped (status $rc)"; exit 1; }
# every image is unmounted: whatenc_nls.ko (loaded again by the later
# mounts) unloads, and on the debug kernel kmemleak finds nothing
if grep -q '^whatenc_nls ' /proc/modules; then
	rmmod whatenc_nls || { echo "FAIL: rmmod whatenc_nls after the last umount"; exit 1; }
	echo "rmmod whatenc_nls after the last umount: ok"
fi
tests/vm/kmemleak-scan || exit 1
reports=$(dmesg | grep -cE 'KASAN|UBSAN|WARNING:|BUG:|Oops|ODEBUG:|possible (recursive|circular) locking|inconsistent lock state')
echo "dmesg: $reports kernel reports (KASAN, UBSAN, WARNING, BUG, Oops, lockdep)"
[ "$reports" -eq 0 ] || { dmesg | tail -n 60; exit 1; }
exit 0
