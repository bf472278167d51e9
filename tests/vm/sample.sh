#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# tests/vm/sample.sh - run inside the test VM (scripts/vm-run): load
# samples/whatenc_fs_example.ko with a few charsets and check what it
# prints. Expected names come from the index files: Shift_JIS 83 65 83 58
# 83 67 is jis0208 pointers 413, 400, 415 = U+30C6 U+30B9 U+30C8 (テスト);
# windows-1252 0x83 is pointer 3 = U+0192 (ƒ). -84 is -EILSEQ.
ko=${WHATENC_KO_DIR:-/lib/modules/whatenc}/whatenc_fs_example.ko
pass=0
fail=0

ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }

# expect TEXT: the kernel log since the last load has TEXT
expect() {
	if dmesg | grep -qF "whatenc_fs_example: $1"; then ok; else bad "no \"$1\""; fi
}

load() {
	dmesg -c >/dev/null
	if insmod "$ko" "$@"; then ok; else bad "insmod $*"; return 1; fi
}

# not built (Kbuild not wired, or no CONFIG_KUNIT): skipped, exit 77
[ -f "$ko" ] || { echo "SKIP: no $ko"; exit 77; }

if load; then
	expect "Shift_JIS name: テスト.txt (13 bytes)"
	expect "Shift_JIS round trip: same bytes"
	expect "UTF-16LE name: café😀 (9 bytes)"
	expect "lone surrogate: decode gives -84"
	expect "WTF-8: 78 ed a0 bd 79"
	expect "as UTF-8: x�y"
	dmesg | grep whatenc_fs_example
	rmmod whatenc_fs_example || bad "rmmod"
fi

if load charset=windows-1252; then
	expect "windows-1252 name: ƒeƒXƒg.txt (13 bytes)"
	expect "windows-1252 round trip: same bytes"
	rmmod whatenc_fs_example || bad "rmmod"
fi

# 0x83 is not a UTF-8 lead byte: fatal
if load charset=UTF8; then
	expect "UTF-8 name: error -84"
	rmmod whatenc_fs_example || bad "rmmod"
fi

# an unknown label is refused, like a bad mount option
dmesg -c >/dev/null
if insmod "$ko" charset=no-such-charset 2>/dev/null; then
	bad "unknown charset accepted"
	rmmod whatenc_fs_example
else
	ok
	expect "unknown charset \"no-such-charset\""
fi

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
