#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# Issue 30, data loss: a failed or uncertain run leaves the file as it was
# (bytes, inode and mtime), a label the content contradicts is said, and
# output files are not replaced through other people's links or written
# into FIFOs. Each check failed before its fix. The bytes below are
# Python's codecs' (shift_jis, koi8_r, utf-8), written here by hand.
. "$(dirname "$0")/testlib"

hex() { od -An -v -tx1 "$@" | tr -s ' \n' '  ' | sed 's/^ //; s/ $//'; }
# ident FILE: inode and mtime (nanoseconds)
ident() { stat -c '%i %Y.%y' "$1"; }

# "日本語の文章です。これは切り詰められたファイルの例です。" in Shift_JIS,
# cut in the middle of its last character (a lone lead byte 0x81)
sjis='\223\372\226{\214\352\202\314\225\266\217\315\202\305\202\267\201B\202\261\202\352\202\315\220\330\202\350\213l\202\337\202\347\202\352\202\275\203t\203@\203C\203\213\202\314\227\341\202\305\202\267\201'
printf "$sjis" >"$T/trunc.txt"
cp "$T/trunc.txt" "$T/trunc.orig"
touch -d '2001-02-03 04:05:06' "$T/trunc.txt"
before=$(ident "$T/trunc.txt")

# --- -i -f auto: a weak guess or a replacement leaves the file alone ----------
we -i -f auto "$T/trunc.txt" 2>"$T/err"
status "-i -f auto, truncated Shift_JIS: exit 1" 1 $?
same "-i -f auto, truncated Shift_JIS: bytes kept" "$T/trunc.orig" "$T/trunc.txt"
check "-i -f auto, truncated Shift_JIS: inode and mtime kept" [ "$(ident "$T/trunc.txt")" = "$before" ]
contains "-i -f auto, truncated: says it is left unchanged" "$T/err" "left unchanged"
# a guess below --min-confidence is not acted on when a file is written
# (one byte: no guess is sure of it, content.sh's weak.txt)
printf '\351\n' >"$T/weak.txt"
cp "$T/weak.txt" "$T/weak.orig"
we -i -f auto --min-confidence=100 "$T/weak.txt" 2>"$T/err"
status "-i -f auto, weak guess: exit 1" 1 $?
same "-i -f auto, weak guess: bytes kept" "$T/weak.orig" "$T/weak.txt"
contains "-i -f auto, weak guess: says how to go on" "$T/err" "--min-confidence="
we -o "$T/weak.out" -f auto --min-confidence=100 "$T/weak.txt" 2>"$T/err"
status "-o -f auto, weak guess: exit 1" 1 $?
check "-o -f auto, weak guess: no output file" [ ! -e "$T/weak.out" ]
we -f auto --min-confidence=100 "$T/weak.txt" >"$T/out" 2>"$T/err"
status "-f auto to standard output, weak guess: still exit 0" 0 $?
# ... unless the user lowers the threshold
we -i -f auto --min-confidence=0 "$T/weak.txt" 2>"$T/err"
status "-i -f auto --min-confidence=0: exit 0" 0 $?
check "-i -f auto --min-confidence=0: converted" [ "$(od -An -tx1 "$T/weak.txt" | tr -d " ")" != "$(od -An -tx1 "$T/weak.orig" | tr -d " ")" ]
# a confident guess converts
printf '\363\337\305\333\330 \326\305 \305\335\243 \334\324\311\310 \315\321\307\313\311\310 \302\325\314\317\313\n' >"$T/koi.txt"
we -i -f auto "$T/koi.txt" 2>"$T/err"
status "-i -f auto, KOI8-R: exit 0" 0 $?
check "-i -f auto, KOI8-R: converted" [ "$(cat "$T/koi.txt")" = "Съешь же ещё этих мягких булок" ]
# an explicit FROM with malformed input: -i replaces nothing by default
we -i -f shift_jis "$T/trunc.txt" 2>"$T/err"
status "-i -f shift_jis, malformed input: exit 1" 1 $?
same "-i -f shift_jis, malformed input: bytes kept" "$T/trunc.orig" "$T/trunc.txt"
check "-i -f shift_jis, malformed input: inode and mtime kept" [ "$(ident "$T/trunc.txt")" = "$before" ]
contains "-i -f shift_jis, malformed input: names --allow-replace" "$T/err" "--allow-replace"
we -i -s -f shift_jis --allow-replace "$T/trunc.txt" 2>"$T/err"
status "-i --allow-replace: exit 0" 0 $?
check "-i --allow-replace: the lone lead byte became U+FFFD" [ "$(tail -c 6 "$T/trunc.txt" | hex)" = "e3 81 99 ef bf bd" ]

# --- files that need no change are not rewritten -----------------------------
printf 'caf\303\251\n' >"$T/u8.txt"
: >"$T/empty.txt"
touch -d '2001-02-03 04:05:06' "$T/u8.txt" "$T/empty.txt"
ln "$T/u8.txt" "$T/u8.link"
b1=$(ident "$T/u8.txt") b2=$(ident "$T/empty.txt")
we -i "$T/u8.txt" "$T/empty.txt" 2>"$T/err"
status "-i, already UTF-8 and empty: exit 0" 0 $?
check "-i, already UTF-8: inode and mtime kept" [ "$(ident "$T/u8.txt")" = "$b1" ]
check "-i, already UTF-8: hard link kept" [ "$(stat -c %h "$T/u8.txt")" = 2 ]
check "-i, empty: inode and mtime kept" [ "$(ident "$T/empty.txt")" = "$b2" ]
we -i -f auto -t utf-16le "$T/empty.txt" 2>"$T/err"
check "-i -t utf-16le, empty: inode and mtime kept" [ "$(ident "$T/empty.txt")" = "$b2" ]
# -o onto a file that already holds exactly the output
cp "$T/u8.txt" "$T/u8.copy"
touch -d '2001-02-03 04:05:06' "$T/u8.copy"
b3=$(ident "$T/u8.copy")
we -o "$T/u8.copy" "$T/u8.txt" 2>"$T/err"
status "-o, same bytes: exit 0" 0 $?
check "-o, same bytes: inode and mtime kept" [ "$(ident "$T/u8.copy")" = "$b3" ]

# --- an explicit FROM that the content contradicts ---------------------------
r8='\320\237\321\200\320\270\320\262\320\265\321\202, \320\274\320\270\321\200!\n'
printf "$r8" >"$T/ru8.txt"
cp "$T/ru8.txt" "$T/ru8.orig"
we -i -f windows-1251 "$T/ru8.txt" 2>"$T/err"
contains "-f windows-1251 on valid UTF-8: warning" "$T/err" "warning: the content is valid UTF-8"
cp "$T/ru8.orig" "$T/ru8.txt"
we -i -f windows-1251 --strict "$T/ru8.txt" 2>"$T/err"
status "--strict, -f windows-1251 on valid UTF-8: exit 1" 1 $?
same "--strict, -f windows-1251 on valid UTF-8: file kept" "$T/ru8.orig" "$T/ru8.txt"
printf "$r8" | we -f utf-8 --strict >"$T/out" 2>"$T/err"
status "--strict, -f utf-8 on UTF-8: exit 0" 0 $?
check "--strict, -f utf-8 on UTF-8: no warning" [ ! -s "$T/err" ]
printf 'abc' | we -f windows-1251 --strict >"$T/out" 2>"$T/err"
status "--strict, ASCII: no contradiction" 0 $?
# a BOM of another encoding
printf '\377\376a\000' >"$T/bom.txt"
we -f koi8-r --strict "$T/bom.txt" >"$T/out" 2>"$T/err"
status "--strict, -f koi8-r on a UTF-16LE BOM: exit 1" 1 $?
check "--strict, BOM: nothing written" [ ! -s "$T/out" ]
# a declaration of another encoding
printf '<meta charset="koi8-r"><p>\363\337\305\333\330' >"$T/k.html"
we -f shift_jis "$T/k.html" >"$T/out" 2>"$T/err"
contains "-f shift_jis on <meta charset=koi8-r>: warning" "$T/err" "warning: the document declares KOI8-R"
we -f shift_jis --strict "$T/k.html" >"$T/out" 2>"$T/err"
status "--strict, declaration: exit 1" 1 $?
we -f koi8-r --strict "$T/k.html" >"$T/out" 2>"$T/err"
status "--strict, matching declaration: exit 0" 0 $?

# --- output safety ------------------------------------------------------------
printf 'x' >"$T/src.txt"
# a symbolic link someone else owns is not followed
if [ "$(id -u)" = 0 ]; then
	printf secret >"$T/victim"
	ln -s victim "$T/other-link"
	chown -h 65534:65534 "$T/other-link"
	we -o "$T/other-link" "$T/src.txt" 2>"$T/err"
	status "-o through another user's symlink: exit 2" 2 $?
	check "-o through another user's symlink: target kept" [ "$(cat "$T/victim")" = secret ]
	check "-o through another user's symlink: link kept" [ -L "$T/other-link" ]
	contains "-o through another user's symlink: message" "$T/err" "--follow-symlinks"
	we -o "$T/other-link" --follow-symlinks "$T/src.txt" 2>"$T/err"
	status "--follow-symlinks: exit 0" 0 $?
	check "--follow-symlinks: target written" [ "$(cat "$T/victim")" = x ]
else
	skip "symlink ownership: not root"
fi
# a file the user may not write is not replaced (run as an unprivileged user)
if [ "$(id -u)" = 0 ] && command -v setpriv >/dev/null 2>&1 &&
   setpriv --reuid=65534 --regid=65534 --clear-groups true 2>/dev/null; then
	mkdir "$T/shared"
	chmod 1777 "$T/shared"
	chmod 755 "$T"
	printf ro >"$T/shared/ro"
	chmod 644 "$T/shared/ro"
	chmod 777 "$T/shared"
	setpriv --reuid=65534 --regid=65534 --clear-groups \
		"$WHATENC" --engine="$WT_ENGINE" -o "$T/shared/ro" "$T/src.txt" 2>"$T/err"
	status "-o onto a file the user cannot write: exit 2" 2 $?
	check "-o onto a file the user cannot write: kept" [ "$(cat "$T/shared/ro")" = ro ]
	# setuid/setgid bits are dropped when the owner cannot be kept (with
	# CAP_FSETID, so that the kernel does not drop them at the first write)
	if setpriv --reuid=65534 --regid=65534 --clear-groups \
		--inh-caps=+fsetid --ambient-caps=+fsetid true 2>/dev/null; then
		printf 'caf\351' >"$T/shared/suid"
		chown 65533:65533 "$T/shared/suid"
		chmod 6777 "$T/shared/suid"
		setpriv --reuid=65534 --regid=65534 --clear-groups \
			--inh-caps=+fsetid --ambient-caps=+fsetid \
			"$WHATENC" --engine="$WT_ENGINE" -i -f windows-1252 "$T/shared/suid" 2>"$T/err"
		status "-i, setuid file of another owner: exit 0" 0 $?
		check "-i, setuid file of another owner: converted" [ "$(hex "$T/shared/suid")" = "63 61 66 c3 a9" ]
		check "-i, setuid file of another owner: setuid/setgid dropped" [ "$(stat -c %a "$T/shared/suid")" = 777 ]
	else
		skip "setuid/setgid: setpriv cannot keep CAP_FSETID here"
	fi
	chmod 700 "$T"
else
	skip "unprivileged writes: not root or no setpriv"
fi
# a FIFO target is refused, not waited on
if mkfifo "$T/fifo" 2>/dev/null && command -v timeout >/dev/null; then
	timeout 10 "$WHATENC" --engine="$WT_ENGINE" -o "$T/fifo" "$T/src.txt" 2>"$T/err"
	status "-o FIFO: refused, exit 2" 2 $?
	contains "-o FIFO: message" "$T/err" "not a regular file"
	ln -s fifo "$T/fifo-link"
	timeout 10 "$WHATENC" --engine="$WT_ENGINE" -o "$T/fifo-link" "$T/src.txt" 2>"$T/err"
	status "-o symlink to a FIFO: refused, exit 2" 2 $?
else
	skip "no mkfifo or timeout"
fi
# character devices are written in place
we -o /dev/null "$T/src.txt"
status "-o /dev/null: exit 0" 0 $?

finish
