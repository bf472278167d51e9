#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# Never lose or silently alter data (issue 17): one check (or a few) per
# defect found by trying whatenc as a new user would. Each of them failed
# before the fix.
. "$(dirname "$0")/testlib"

hex() { od -An -v -tx1 "$@" | tr -s ' \n' '  ' | sed 's/^ //; s/ $//'; }

printf 'h\303\251llo' >"$T/a.txt"

# --- -o must not be truncated before the inputs are open ---------------------
printf precious >"$T/o"
we -o "$T/o" "$T/nope.txt" 2>"$T/err"
status "-o, missing input: exit" 2 $?
check "-o, missing input: old file untouched" [ "$(cat "$T/o")" = precious ]
contains "-o, missing input: message" "$T/err" "$T/nope.txt: No such file or directory"
# a conversion error does not replace the file either
printf 'ab\342\202\254' >"$T/euro.txt"
we -t latin2 -o "$T/o" "$T/euro.txt" 2>"$T/err"
status "-o, unmappable: exit" 1 $?
check "-o, unmappable: old file untouched" [ "$(cat "$T/o")" = precious ]
contains "-o, unmappable: says so" "$T/err" "$T/o: left unchanged"
check "-o, failure: no temporary file left" [ "$(ls "$T" | grep -c '^\.o\.')" -eq 0 ]
# success replaces it, keeping its permission bits
chmod 640 "$T/o"
we -t latin1 -o "$T/o" "$T/a.txt"
status "-o, success: exit" 0 $?
check "-o, success: converted" [ "$(hex "$T/o")" = "68 e9 6c 6c 6f" ]
check "-o, success: mode kept" [ "$(stat -c %a "$T/o")" = 640 ]
check "-o, success: no temporary file left" [ "$(ls -a "$T" | grep -c '^\.o\.')" -eq 0 ]
# -o through a symbolic link replaces the file it points to, not the link
printf old >"$T/target"
ln -s target "$T/link"
we -o "$T/link" "$T/a.txt"
check "-o symlink: the link stays a link" [ -L "$T/link" ]
same "-o symlink: the target is written" "$T/a.txt" "$T/target"
# -o to something that is not a regular file is written in place
we -o /dev/null "$T/a.txt"
status "-o /dev/null" 0 $?

# --- standard input and output are checked too (st_dev/st_ino) ----------------
printf 'caf\351' >"$T/h"
we -f latin1 -o "$T/h" <"$T/h" 2>"$T/err"
status "-o = standard input: exit" 2 $?
check "-o = standard input: file untouched" [ "$(hex "$T/h")" = "63 61 66 e9" ]
contains "-o = standard input: message" "$T/err" "standard input is also the output file"
we -f latin1 <"$T/h" >>"$T/h" 2>"$T/err"
status "stdout = stdin: exit" 2 $?
check "stdout = stdin: file untouched" [ "$(hex "$T/h")" = "63 61 66 e9" ]
# a named pipe opened as standard input and named as the output
if mkfifo "$T/p" 2>/dev/null && command -v timeout >/dev/null; then
	timeout 10 "$WHATENC" --engine="$WT_ENGINE" -o "$T/p" 0<>"$T/p" 2>"$T/err"
	status "-o = the pipe on standard input: exit" 2 $?
	contains "-o = the pipe on standard input: message" "$T/err" "standard input is also the output file"
else
	skip "no mkfifo or timeout"
fi

# --- -i / --in-place ----------------------------------------------------------
printf 'caf\351' >"$T/i1"
printf 'na\357ve' >"$T/i2"
chmod 600 "$T/i1"
we -f latin1 -i "$T/i1" "$T/i2"
status "-i exit" 0 $?
check "-i converts the first file" [ "$(hex "$T/i1")" = "63 61 66 c3 a9" ]
check "-i converts the second file" [ "$(hex "$T/i2")" = "6e 61 c3 af 76 65" ]
check "-i keeps the mode" [ "$(stat -c %a "$T/i1")" = 600 ]
cp "$T/euro.txt" "$T/i3"
printf 'ok' >"$T/i4"
we --in-place -t latin2 "$T/i3" "$T/i4" 2>"$T/err"
status "--in-place, one file fails: exit" 1 $?
same "--in-place, failed file untouched" "$T/euro.txt" "$T/i3"
check "--in-place, the other file converted" [ "$(cat "$T/i4")" = ok ]
we -i </dev/null 2>"$T/err"
status "-i without files: usage error" 2 $?
we -i -o "$T/x" "$T/i4" 2>"$T/err"
status "-i with -o: usage error" 2 $?

# --- -t utf-16le/utf-16be write UTF-16; -t replacement is refused -------------
check "-t utf-16le writes UTF-16LE" [ "$(printf 'x\351' | we -f latin1 -t utf-16le | hex)" = "78 00 e9 00" ]
check "-t utf-16be writes UTF-16BE" [ "$(printf 'x\351' | we -f latin1 -t utf-16be | hex)" = "00 78 00 e9" ]
check "-t utf-16 (a UTF-16LE label)" [ "$(printf 'x' | we -t utf-16 | hex)" = "78 00" ]
printf 'x\351' | we -f latin1 -t iso-2022-kr >"$T/out" 2>"$T/err"
status "-t iso-2022-kr: exit" 2 $?
check "-t iso-2022-kr: no output" [ ! -s "$T/out" ]
contains "-t iso-2022-kr: message" "$T/err" "cannot encode"

# --- WTF-8 <-> potentially ill-formed UTF-16, both ways ------------------------
check "--wtf8: WTF-8 lone surrogate -> UTF-16LE" [ "$(printf '\355\257\277' | we -f utf-8 -t utf-16le --wtf8 | hex)" = "ff db" ]
check "--wtf8: WTF-8 lone surrogate -> UTF-16BE" [ "$(printf 'a\355\240\200' | we -t utf-16be --wtf8 | hex)" = "00 61 d8 00" ]
check "--wtf8: a UTF-8 BOM is removed" [ "$(printf '\357\273\277\355\240\200' | we -t utf-16le --wtf8 | hex)" = "00 d8" ]
check "without --wtf8: the surrogate is malformed UTF-8" [ "$(printf '\355\240\200' | we -s -t utf-16le | hex)" = "fd ff fd ff fd ff" ]
if need_data wtf8; then
	bad=0 n=0
	for name in $(cat "$WT_DATA/wtf8/list"); do
		d=$WT_DATA/wtf8/$name
		for o in le be; do
			n=$((n + 1))
			we -f utf-16$o --wtf8 "$d.16$o" >"$T/w" 2>"$T/err" &&
				cmp -s "$T/w" "$d.wtf8" ||
				{ bad=$((bad + 1)); echo "UTF-16${o} -> WTF-8 differs: $name"; }
			we -t utf-16$o --wtf8 "$d.wtf8" >"$T/u" 2>"$T/err" &&
				cmp -s "$T/u" "$d.16$o" ||
				{ bad=$((bad + 1)); echo "WTF-8 -> UTF-16${o} differs: $name"; }
		done
	done
	check "--wtf8: $n sequences of 16-bit units round-trip both ways" [ "$bad" -eq 0 ]
else
	skip "--wtf8 round trips: no test data (make cli-data)"
fi

# --- a BOM that overrides the named encoding is reported ---------------------
printf '\377\376a\000' >"$T/bom16"
we -f latin1 "$T/bom16" >"$T/out" 2>"$T/err"
check "BOM override: still the spec's decode" [ "$(cat "$T/out")" = a ]
contains "BOM override: reported on stderr" "$T/err" "UTF-16LE byte order mark overrides"
we -f windows-1252 --bom=keep "$T/bom16" >"$T/out" 2>"$T/err"
check "--bom=keep: not reported" [ ! -s "$T/err" ]
contains "man page: BOM override" userspace-tool/whatenc.1 "byte order mark overrides"

# --- labels that mean windows-1252 --------------------------------------------
for l in ascii us-ascii latin1 iso-8859-1; do
	printf 'x' | we -t "$l" >"$T/out" 2>"$T/err"
	contains "-t $l warns that it is windows-1252" "$T/err" "'$l' is windows-1252"
done
printf 'x' | we -f ascii >"$T/out" 2>"$T/err"
contains "-f ascii warns too" "$T/err" "'ascii' is windows-1252"
printf 'x' | we -s -t ascii >"$T/out" 2>"$T/err"
check "-s silences the warning" [ ! -s "$T/err" ]
printf 'x' | we -t windows-1252 >"$T/out" 2>"$T/err"
check "-t windows-1252: no warning" [ ! -s "$T/err" ]

# --- replacements are counted; --error-on-replace -----------------------------
printf 'a\377b\376c' >"$T/dam.txt"
we "$T/dam.txt" >"$T/out" 2>"$T/err"
status "damaged file: exit 0 by default" 0 $?
contains "damaged file: counted" "$T/err" "dam.txt: 2 malformed sequences replaced by U+FFFD (first at byte 1"
we -v "$T/dam.txt" >"$T/out" 2>"$T/err"
contains "-v: replacement count" "$T/err" "2 replaced"
we --error-on-replace "$T/dam.txt" "$T/a.txt" >"$T/out" 2>"$T/err"
status "--error-on-replace: exit 1" 1 $?
check "--error-on-replace: output still written" [ "$(hex "$T/out")" = "61 ef bf bd 62 ef bf bd 63 68 c3 a9 6c 6c 6f" ]
we --error-on-replace "$T/a.txt" >"$T/out" 2>"$T/err"
status "--error-on-replace, clean file: exit 0" 0 $?

# --- U+FFFD from malformed input: the message names the real cause ------------
printf 'x\377y' | we -t gbk >"$T/out" 2>"$T/err"
status "GBK: exit" 1 $?
contains "GBK: names the invalid byte" "$T/err" "byte 1: invalid UTF-8 sequence FF"

# --- a directory argument is reported and skipped -----------------------------
we "$T" "$T/a.txt" >"$T/out" 2>"$T/err"
status "directory: exit 2" 2 $?
contains "directory: message" "$T/err" "$T: Is a directory"
same "directory: the other file converted" "$T/a.txt" "$T/out"

finish
