#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# Every option of whatenc(1), error messages and exit statuses.
. "$(dirname "$0")/testlib"

hex() { od -An -v -tx1 "$@" | tr -s ' \n' '  ' | sed 's/^ //; s/ $//'; }

# --- help, version, list, label -------------------------------------------
we --help >"$T/help" 2>"$T/err"
status "help exit" 0 $?
for o in --from-code --to-code --output --fatal --html --bom= --wtf8 \
	 --engine= --list --label --verbose --progress --help --version \
	 'Exit status'; do
	contains "help mentions $o" "$T/help" "$o"
done
we --version >"$T/out"
status "version exit" 0 $?
contains "version" "$T/out" "whatenc"

we -l >"$T/list"
status "list exit" 0 $?
check "list has 40 encodings" [ "$(wc -l <"$T/list")" -eq 40 ]
check "list has 228 labels" \
	[ "$(sed 's/^[^:]*://' "$T/list" | wc -w)" -eq 228 ]
contains "list windows-1252" "$T/list" "windows-1252: ansi_x3.4-1968"
we --list >"$T/list2"
same "--list = -l" "$T/list" "$T/list2"
# Every listed label resolves to the encoding it is listed under.
bad=0
while IFS=: read -r name labels; do
	for l in $labels; do
		got=$(we --label "$l")
		[ "$got" = "$name" ] || { bad=$((bad + 1)); echo "label $l: $got, expected $name"; }
	done
done <"$T/list"
check "every listed label resolves to its encoding" [ "$bad" -eq 0 ]
check "--label latin1" [ "$(we --label latin1)" = windows-1252 ]
check "--label trims whitespace, ignores case" [ "$(we --label '  SJIS ')" = Shift_JIS ]
check "--label=replacement label" [ "$(we --label=iso-2022-kr)" = replacement ]
we --label bogus >"$T/out" 2>"$T/err"
status "--label unknown exit" 2 $?
contains "--label unknown message" "$T/err" "whatenc: unknown encoding label 'bogus'"
check "--label unknown prints nothing" [ ! -s "$T/out" ]
printf abc | we -f bogus >"$T/out" 2>"$T/err"
status "-f unknown exit" 2 $?
contains "-f unknown message" "$T/err" "unknown encoding label 'bogus'"
printf abc | we -t 'utf-7' >"$T/out" 2>"$T/err"
status "-t unknown exit" 2 $?
we --no-such-option </dev/null >"$T/out" 2>"$T/err"
status "unknown option exit" 2 $?
we --bom=foo </dev/null >"$T/out" 2>"$T/err"
status "--bom=foo exit" 2 $?
contains "--bom=foo message" "$T/err" "unknown BOM mode 'foo'"
"$WHATENC" --engine=foo </dev/null >"$T/out" 2>"$T/err"
status "--engine=foo exit" 2 $?

# --- basic conversion, stdin, files, -o -------------------------------------
printf 'h\303\251llo' >"$T/a.txt"
printf '' | we >"$T/out"
status "empty input exit" 0 $?
check "empty input, empty output" [ ! -s "$T/out" ]
we <"$T/a.txt" >"$T/out"
same "stdin utf-8 -> utf-8" "$T/a.txt" "$T/out"
we - <"$T/a.txt" >"$T/out"
same "- is stdin" "$T/a.txt" "$T/out"
we -t latin1 "$T/a.txt" >"$T/out"
check "utf-8 -> windows-1252" [ "$(hex "$T/out")" = "68 e9 6c 6c 6f" ]
we -f latin1 "$T/out" >"$T/out2"
same "windows-1252 -> utf-8" "$T/a.txt" "$T/out2"
we -t iso-8859-2 -o "$T/o.txt" "$T/a.txt"
status "-o exit" 0 $?
check "-o writes the file" [ "$(hex "$T/o.txt")" = "68 e9 6c 6c 6f" ]
we --output="$T/o2.txt" --to-code=latin2 --from-code=utf8 "$T/a.txt"
same "long options" "$T/o.txt" "$T/o2.txt"
cp "$T/a.txt" "$T/self.txt"
we -o "$T/self.txt" "$T/self.txt" 2>"$T/err"
status "-o = input exit" 2 $?
contains "-o = input message" "$T/err" "input file is also the output file"
same "-o = input leaves the file alone" "$T/a.txt" "$T/self.txt"
we "$T/self.txt" >>"$T/self.txt" 2>"$T/err"
status "stdout = input exit" 2 $?

# missing file: message, exit 2, the other files are still converted
we "$T/nonexistent" "$T/a.txt" >"$T/out" 2>"$T/err"
status "missing file exit" 2 $?
contains "missing file message" "$T/err" "whatenc: $T/nonexistent: No such file or directory"
same "missing file: other files converted" "$T/a.txt" "$T/out"
we "$T" >"$T/out" 2>"$T/err"
status "directory exit" 2 $?
contains "directory message" "$T/err" "whatenc: $T: Is a directory"

# --- replacement, --fatal, error messages -------------------------------------
printf 'a\377b' | we >"$T/out"
check "malformed -> U+FFFD" [ "$(hex "$T/out")" = "61 ef bf bd 62" ]
printf 'ab\377cd' >"$T/bad.txt"
we --fatal "$T/bad.txt" >"$T/out" 2>"$T/err"
status "--fatal exit" 1 $?
check "--fatal: output before the error" [ "$(cat "$T/out")" = ab ]
contains "--fatal message" "$T/err" "whatenc: $T/bad.txt: byte 2: invalid UTF-8 sequence FF"
printf 'ab\342\202' | we --fatal >"$T/out" 2>"$T/err"
status "--fatal truncated exit" 1 $?
contains "--fatal truncated message" "$T/err" "standard input: byte 2: invalid UTF-8 sequence E2 82"
printf 'abc\202\040' | we -f sjis --fatal >"$T/out" 2>"$T/err"
status "--fatal Shift_JIS exit" 1 $?
contains "--fatal Shift_JIS message" "$T/err" "byte 3: invalid Shift_JIS sequence 82"
printf 'abc\342\202\254' | we -t latin2 >"$T/out" 2>"$T/err"
status "unmappable exit" 1 $?
check "unmappable: output before the error" [ "$(cat "$T/out")" = abc ]
contains "unmappable message" "$T/err" "whatenc: standard input: byte 3: U+20AC cannot be encoded in ISO-8859-2"
# offsets are the input file's bytes; the UTF-8 offset is given as well
printf 'x\351\200' | we -f windows-1252 -t iso-8859-2 >"$T/out" 2>"$T/err"
status "unmappable from windows-1252 exit" 1 $?
contains "unmappable from windows-1252 offset" "$T/err" "byte 2 (UTF-8 byte 3): U+20AC cannot be encoded in ISO-8859-2"
printf '\357\273\277ab\342\202\254' | we -t latin2 >"$T/out" 2>"$T/err"
contains "unmappable after a BOM" "$T/err" "byte 5 (UTF-8 byte 2): U+20AC"
# far into a file: output up to the error is written, offsets are exact
head -c 300000 /dev/zero | tr '\0' a >"$T/big.txt"
printf '\342\202\254z' >>"$T/big.txt"
we -t latin2 "$T/big.txt" >"$T/out" 2>"$T/err"
status "unmappable at 300000 exit" 1 $?
check "unmappable at 300000: output" [ "$(wc -c <"$T/out")" -eq 300000 ]
contains "unmappable at 300000: message" "$T/err" "big.txt: byte 300000: U+20AC"
head -c 300000 /dev/zero | tr '\0' a >"$T/big2.txt"
printf '\377' >>"$T/big2.txt"
we --fatal -t latin2 "$T/big2.txt" >"$T/out" 2>"$T/err"
status "malformed at 300000 exit" 1 $?
check "malformed at 300000: output" [ "$(wc -c <"$T/out")" -eq 300000 ]
contains "malformed at 300000: message" "$T/err" "big2.txt: byte 300000: invalid UTF-8 sequence FF"
printf 'a\377b\342\202\254' | we -t latin2 >"$T/out" 2>"$T/err"
contains "U+FFFD from replacement: the message names the malformed input" "$T/err" "byte 1: invalid UTF-8 sequence FF, and ISO-8859-2 cannot encode the U+FFFD that replaces it"
# Input other than UTF-8 goes through the decoder, which replaces and
# counts (whatenc_decoder_replacements()); a replay finds where. Shift_JIS
# A0, FD, FE and FF are errors (the spec's Shift_JIS decoder: not a lead
# byte, nor ASCII, 0x80 or katakana): 4, the first at byte 1.
printf 'a\240b\375\376\377c' | we -f shift_jis >"$T/out" 2>"$T/err"
status "Shift_JIS errors: exit" 0 $?
check "Shift_JIS errors: output" [ "$(cat "$T/out")" = "$(printf 'a\357\277\275b\357\277\275\357\277\275\357\277\275c')" ]
contains "Shift_JIS errors: count and first" "$T/err" "4 malformed sequences replaced by U+FFFD (first at byte 1, line 1, column 2)"
# UTF-16LE: a U+FFFD the input encodes (FD FF) is no replacement; the
# lone lead surrogate (00 D8) at byte 2 is one, its U+FFFD the second
# character
printf '\375\377\000\330A\000' | we -f utf-16le -t windows-1252 >"$T/out" 2>"$T/err"
status "U+FFFD from the input: exit" 1 $?
contains "U+FFFD from the input: the message names the character" "$T/err" "byte 0: U+FFFD cannot be encoded in windows-1252 (line 1, column 1)"
printf 'A\000\000\330A\000' | we -f utf-16le -t windows-1252 >"$T/out" 2>"$T/err"
status "U+FFFD from replacement (UTF-16LE): exit" 1 $?
contains "U+FFFD from replacement (UTF-16LE): the message names the malformed input" "$T/err" "byte 2: invalid UTF-16LE sequence 00 D8, and windows-1252 cannot encode the U+FFFD that replaces it (line 1, column 2;"
printf '\375\377\000\330A\000' | we -f utf-16le -t windows-1252 --html >"$T/out" 2>"$T/err"
check "U+FFFD from the input and from replacement: --html" [ "$(cat "$T/out")" = '&#65533;&#65533;A' ]
contains "U+FFFD from the input and from replacement: one counted" "$T/err" "1 malformed sequence replaced by U+FFFD (first at byte 2, line 1, column 2)"

# --- --html ------------------------------------------------------------------
printf 'a\342\202\254b\360\237\230\200' | we -t latin2 --html >"$T/out"
status "--html exit" 0 $?
check "--html NCRs" [ "$(cat "$T/out")" = 'a&#8364;b&#128512;' ]

# --- --bom ---------------------------------------------------------------------
printf '\357\273\277x' >"$T/bom8"
check "--bom=sniff: BOM overrides the label" [ "$(we -f latin1 "$T/bom8")" = x ]
check "default is sniff" [ "$(we -f latin1 --bom=sniff "$T/bom8")" = x ]
check "--bom=strip: other BOM kept" [ "$(we -f latin1 --bom=strip "$T/bom8" | hex)" = "c3 af c2 bb c2 bf 78" ]
check "--bom=strip: own BOM stripped" [ "$(we --bom=strip "$T/bom8")" = x ]
check "--bom=keep" [ "$(we --bom=keep "$T/bom8" | hex)" = "ef bb bf 78" ]
printf '\377\376a\000' >"$T/bom16"
check "--bom=sniff: UTF-16LE BOM" [ "$(we "$T/bom16")" = a ]
we -v "$T/bom16" >"$T/out" 2>"$T/err"
contains "-v reports a BOM override" "$T/err" "BOM overrides label: UTF-16LE"

# --- each file is its own stream -------------------------------------------------
printf '\357\273\277a' >"$T/f1"
printf '\357\273\277b' >"$T/f2"
check "BOM handled per file" [ "$(we "$T/f1" "$T/f2")" = ab ]
printf 'x\342\202' >"$T/f3"
printf '\254y' >"$T/f4"
check "partial character does not cross files" [ "$(we "$T/f3" "$T/f4" | hex)" = "78 ef bf bd ef bf bd 79" ]
check "same file twice" [ "$(we "$T/f1" - "$T/f1" <"$T/f2")" = aba ]

# --- --wtf8 ------------------------------------------------------------------------
printf '\000\330a\000' >"$T/lone"
check "UTF-16 lone surrogate -> U+FFFD" [ "$(we -f utf-16le "$T/lone" | hex)" = "ef bf bd 61" ]
check "--wtf8: lone surrogate -> WTF-8" [ "$(we -f utf-16le --wtf8 "$T/lone" | hex)" = "ed a0 80 61" ]
check "--wtf8: UTF-16LE round trip" [ "$(we -f utf-16le -t utf-16le --wtf8 "$T/lone" | hex)" = "00 d8 61 00" ]
check "--wtf8 -t utf-16be" [ "$(printf 'x\351' | we -f latin1 -t utf-16be --wtf8 | hex)" = "00 78 00 e9" ]
check "-t utf-16le without --wtf8 is UTF-16LE too" [ "$(printf 'x\351' | we -f latin1 -t utf-16le | hex)" = "78 00 e9 00" ]
check "-f replacement" [ "$(printf 'abc' | we -f iso-2022-kr | hex)" = "ef bf bd" ]
printf abc | we -f iso-2022-kr --fatal >"$T/out" 2>"$T/err"
status "-f replacement --fatal exit" 1 $?

# --- -f auto, --format, detect ---------------------------------------------------
printf '<meta charset="shift_jis">\202\240' >"$T/sj.html"
check "-f auto: HTML <meta>" [ "$(we -f auto "$T/sj.html" | hex)" = "$(printf '<meta charset="shift_jis">' | hex) e3 81 82" ]
we -f auto -v "$T/sj.html" >"$T/out" 2>"$T/err"
contains "-f auto -v names the detected encoding" "$T/err" "Shift_JIS (detected)"
check "-f auto --no-content: text that is not UTF-8 -> windows-1252" [ "$(printf '\351t\351' | we -f auto --no-content | hex)" = "c3 a9 74 c3 a9" ]
check "-f auto: UTF-8 text" [ "$(printf '\303\251' | we -f auto | hex)" = "c3 a9" ]
check "-f auto --format=html on stdin" [ "$(we -f auto --format=html <"$T/sj.html" | hex)" = "$(printf '<meta charset="shift_jis">' | hex) e3 81 82" ]
check "-f auto: BOM" [ "$(printf '\376\377\000a' | we -f auto)" = a ]
printf '\377\376\000\000' | we -f auto >"$T/out" 2>"$T/err"
status "-f auto: UTF-32 is unsupported" 1 $?
contains "-f auto: UTF-32 message" "$T/err" "UTF-32LE (unsupported)"
we --format=bogus </dev/null >"$T/out" 2>"$T/err"
status "--format=bogus exit" 2 $?
"$WHATENC" detect "$T/sj.html" >"$T/out" 2>"$T/err"
status "detect exit" 0 $?
contains "detect subcommand" "$T/out" "sj.html: Shift_JIS (meta"

# --- -v, --engine ----------------------------------------------------------------
we -v -t latin2 "$T/a.txt" >"$T/out" 2>"$T/err"
contains "-v names the engine" "$T/err" "$WT_ENGINE engine"
contains "-v names the encodings" "$T/err" "UTF-8 -> UTF-8 -> ISO-8859-2"
WHATENC_DEVICE=$T/nodev "$WHATENC" --engine=kernel "$T/a.txt" >"$T/out" 2>"$T/err"
status "--engine=kernel without device exit" 2 $?
contains "--engine=kernel without device message" "$T/err" "$T/nodev: No such file or directory"
WHATENC_DEVICE=$T/nodev "$WHATENC" -v "$T/a.txt" >"$T/out" 2>"$T/err"
status "--engine=auto without device exit" 0 $?
contains "--engine=auto without device uses user" "$T/err" "user engine"
"$WHATENC" --engine=user -v "$T/a.txt" >"$T/out" 2>"$T/err"
contains "--engine=user" "$T/err" "user engine"

# --- --progress (stderr not a terminal: silent) -----------------------------------
we --progress "$T/a.txt" >"$T/out" 2>"$T/err"
status "--progress exit" 0 $?
check "--progress silent without a terminal" [ ! -s "$T/err" ]
if command -v script >/dev/null 2>&1 && script -q -c true /dev/null >/dev/null 2>&1; then
	head -c 4000000 /dev/zero | tr '\0' a >"$T/4m.txt"
	# script(1) gives the command a terminal as stdout and stderr
	script -q -c "'$WHATENC' --engine=$WT_ENGINE --progress -o '$T/out' '$T/4m.txt'" /dev/null >"$T/tty" 2>&1
	contains "--progress on a terminal" "$T/tty" "MiB in,"
	contains "--progress final count" "$T/tty" "3.8 MiB in, 3.8 MiB out"
	# issue 30: the file, its number, and an ETA where the size is known
	cp "$T/4m.txt" "$T/4m-b.txt"
	script -q -c "'$WHATENC' --engine=$WT_ENGINE --progress -o '$T/out' '$T/4m.txt' '$T/4m-b.txt'" /dev/null >"$T/tty" 2>&1
	contains "--progress: file count and name" "$T/tty" "[2/2] $T/4m-b.txt: "
	contains "--progress: of the total" "$T/tty" "7.6 MiB in, 7.6 MiB out (of 7.6 MiB)"
	contains "--progress: ETA" "$T/tty" ", ETA "
	mkdir -p "$T/ptree"
	cp "$T/4m.txt" "$T/ptree/a.txt"
	script -q -c "'$WHATENC' --engine=$WT_ENGINE --progress -r --dry-run '$T/ptree'" /dev/null >"$T/tty" 2>&1
	contains "-r --progress: files and bytes" "$T/tty" "[1/1] $T/ptree/a.txt: 3.8 MiB in (of 3.8 MiB)"
else
	skip "--progress on a terminal: no script(1)"
fi

# --- broken pipe, full disk ----------------------------------------------------------
head -c 2000000 /dev/zero | tr '\0' a >"$T/2m.txt"
( we -t windows-1252 "$T/2m.txt" 2>"$T/err"; echo $? >"$T/rc" ) | head -c 10 >"$T/out"
status "EPIPE exit status 141" 141 "$(cat "$T/rc")"
check "EPIPE is quiet" [ ! -s "$T/err" ]
check "EPIPE: head got its bytes" [ "$(cat "$T/out")" = aaaaaaaaaa ]
if [ -w /dev/full ]; then
	we "$T/a.txt" >/dev/full 2>"$T/err"
	status "ENOSPC exit" 2 $?
	contains "ENOSPC message" "$T/err" "write error: No space left on device"
else
	skip "no /dev/full"
fi

finish
