#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# tests/vm/nls-fs.sh - whatenc_nls.ko under real filesystems, on Debian's
# stock kernel (scripts/vm-run-debian; scripts/check's vm-debian list):
# FAT images made by mtools, ISO 9660 + Joliet by xorriso, HFS by
# hfsutils, mounted with iocharset=whatwg-* (HFS: codepage=whatwg-*) and
# with fs/nls's tables of the same encodings; names listed, created,
# renamed, deleted; bad input; rmmod while mounted and after; UDF (mkudffs)
# with names created through whatwg-* tables and read back through utf8.
#
# The host side, tests/vm/nls-fs.host, makes the images and this VM's plan
# (build/nls-fs/plan.sh) before the VM, and checks after it what the VM
# printed (build/nls-fs/vm.out) and the images it left, from outside with
# mdir, hls and xorriso; scripts/vm-run-debian runs it around the VM.
# Skipped (77) elsewhere: our test kernel has no CONFIG_NLS nor these
# filesystems, and without $SHARED there is no plan.
# vm-timeout: 400
d=build/nls-fs
if [ "${WHATENC_VM_KIND:-}" != debian ]; then
	echo "SKIP: needs Debian's kernel (its fs modules, CONFIG_NLS) and tests/vm/nls-fs.host"
	exit 77
fi
[ -f $d/plan.sh ] || { echo "SKIP: no $d/plan.sh (no index files in \$SHARED)"; exit 77; }
sh $d/plan.sh >$d/vm.out 2>&1
rc=$?
cat $d/vm.out
grep -q '^PLAN-END$' $d/vm.out || { echo "FAIL: the plan stopped (status $rc)"; exit 1; }
exit 0
