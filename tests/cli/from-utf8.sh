#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# UTF-8 input to a legacy encoding: malformed input in each error mode and
# with each unmappable policy, sequences split across read() chunks, BOMs
# and empty input. Expected values follow the Encoding Standard: the UTF-8
# decoder gives one U+FFFD per maximal subpart ("UTF-8 decoder"), a BOM
# is handled as "decode" (sniff), TextDecoder (strip) or ignoreBOM (keep)
# do, and the encoders' bytes come from the WHATWG indexes in
# ../shared/whatwg (pointers quoted below).
. "$(dirname "$0")/testlib"

hex() { od -An -v -tx1 "$@" | tr -s ' \n' '  ' | sed 's/^ //; s/ $//'; }

# Pointers: windows-1251 U+0416 ZHE 70 (C6), U+20AC 8 (88); jis0208
# U+3042 HIRAGANA A 283 (24 22); gb18030 ranges 39394 = U+FFE6, so
# U+FFFD is pointer 39417 = 84 31 A4 37. None of the single-byte indexes
# has U+FFFD, gb18030 has no U+E5E5.
FFFD_GB="84 31 a4 37"

# a E0 80 b F0 90 80 c ED A0 80 d FF e: the maximal subparts are E0 | 80 |
# F0 90 80 | ED | A0 | 80 | FF (E0 needs A0..BF next, ED 80..9F, and F0
# 90 80 ends at c): 7 malformed sequences, the first at byte 1.
printf 'a\340\200b\360\220\200c\355\240\200d\377e' >"$T/bad"
N='&#65533;'
we -t windows-1251 --unmappable=html "$T/bad" >"$T/out" 2>"$T/err"
status "html: exit" 0 $?
check "html: one NCR per maximal subpart" [ "$(cat "$T/out")" = "a$N${N}b${N}c$N$N${N}d${N}e" ]
contains "html: count and first position" "$T/err" "bad: 7 malformed sequences replaced by U+FFFD (first at byte 1, line 1, column 2)"
check "skip" [ "$(we -s -t windows-1251 --unmappable=skip "$T/bad")" = abcde ]
we -v -t windows-1251 --unmappable=skip "$T/bad" >"$T/out" 2>"$T/err"
contains "skip -v: counts" "$T/err" "7 replaced, 7 unmappable omitted"
check "substitute" [ "$(we -s -t windows-1251 --unmappable='?' "$T/bad")" = 'a??b?c???d?e' ]
we -t windows-1251 "$T/bad" >"$T/out" 2>"$T/err"
status "fail: exit" 1 $?
check "fail: output before the error" [ "$(cat "$T/out")" = a ]
contains "fail: names the malformed input" "$T/err" "bad: byte 1: invalid UTF-8 sequence E0, and windows-1251 cannot encode the U+FFFD that replaces it (line 1, column 2;"
we -c -t windows-1251 "$T/bad" >"$T/out" 2>"$T/err"
status "-c: exit" 0 $?
check "-c: omitted" [ "$(cat "$T/out")" = abcde ]
contains "-c: count" "$T/err" "bad: 7 malformed sequences omitted (first at byte 1, line 1, column 2)"
we --fatal -t windows-1251 --unmappable=html "$T/bad" >"$T/out" 2>"$T/err"
status "--fatal: exit" 1 $?
check "--fatal: output before the error" [ "$(cat "$T/out")" = a ]
contains "--fatal: message" "$T/err" "bad: byte 1: invalid UTF-8 sequence E0 (line 1, column 2)"
we --fatal -t windows-1251 --unmappable=html "$T/bad" --error-on-replace >"$T/out" 2>"$T/err"
status "--fatal --error-on-replace: exit" 1 $?
printf 'ok\n\320\226\360\220\200' | we --fatal -t windows-1251 >"$T/out" 2>"$T/err"
contains "--fatal: truncated at the end" "$T/err" "byte 5: invalid UTF-8 sequence F0 90 80 (line 2, column 2)"

# U+FFFD is mappable in gb18030: offsets and positions after replacements
# a b LF E0 80 x EE 97 A5: U+E5E5 is at byte 6, at UTF-8 byte 10 after
# two U+FFFD, on line 2, column 4
printf 'ab\n\340\200x\356\227\245' >"$T/gb"
we -t gb18030 "$T/gb" >"$T/out" 2>"$T/err"
status "gb18030: exit" 1 $?
check "gb18030: U+FFFD encoded" [ "$(hex "$T/out")" = "61 62 0a $FFFD_GB $FFFD_GB 78" ]
contains "gb18030: unmappable after replacements" "$T/err" "gb: byte 6 (UTF-8 byte 10): U+E5E5 cannot be encoded in gb18030 (line 2, column 4)"
we -c -t gb18030 "$T/gb" >"$T/out" 2>"$T/err"
check "gb18030 -c" [ "$(hex "$T/out")" = "61 62 0a 78" ]
contains "gb18030 -c: count" "$T/err" "2 malformed sequences omitted (first at byte 3, line 2, column 1)"

# ISO-2022-JP: -c leaves the encoder in jis0208 state across the omitted
# byte (the encoder sees U+3042 U+3042); replacement switches to ASCII
printf '\343\201\202\377\343\201\202' >"$T/jp"
check "iso-2022-jp -c" [ "$(we -s -c -t iso-2022-jp "$T/jp" | hex)" = "1b 24 42 24 22 24 22 1b 28 42" ]
check "iso-2022-jp html" [ "$(we -s --html -t iso-2022-jp "$T/jp" | hex)" = "1b 24 42 24 22 1b 28 42 26 23 36 35 35 33 33 3b 1b 24 42 24 22 1b 28 42" ]

# --- across read() chunks (64 KiB; the input is a regular file) --------------
# split PREFIX_LEN BYTES...: PREFIX_LEN bytes of 'a', then BYTES (octal)
split() {
	head -c "$1" /dev/zero | tr '\0' a >"$T/split"
	# shellcheck disable=SC2059 # the bytes are given as a format
	printf "$2" >>"$T/split"
}
split 65535 '\342\202\254b'
we -t windows-1251 "$T/split" >"$T/out" 2>"$T/err"
status "split U+20AC: exit" 0 $?
check "split U+20AC: 88" [ "$(tail -c 2 "$T/out" | hex)" = "88 62" ]
check "split U+20AC: length" [ "$(wc -c <"$T/out")" -eq 65537 ]
split 65534 '\360\237\230\200b'
check "split U+1F600: NCR" [ "$(we -s -t windows-1251 --html "$T/split" | tail -c 10)" = '&#128512;b' ]
split 65535 '\342\202b'
we -t windows-1251 --html "$T/split" >"$T/out" 2>"$T/err"
status "split malformed: exit" 0 $?
check "split malformed: one U+FFFD" [ "$(tail -c 9 "$T/out")" = "${N}b" ]
check "split malformed: length" [ "$(wc -c <"$T/out")" -eq $((65535 + 9)) ]
contains "split malformed: position" "$T/err" "split: 1 malformed sequence replaced by U+FFFD (first at byte 65535, line 1, column 65536)"
we --fatal -t windows-1251 "$T/split" >"$T/out" 2>"$T/err"
status "split malformed --fatal: exit" 1 $?
check "split malformed --fatal: output before" [ "$(wc -c <"$T/out")" -eq 65535 ]
contains "split malformed --fatal: message" "$T/err" "split: byte 65535: invalid UTF-8 sequence E2 82 (line 1, column 65536)"
split 65535 '\340\200b'
check "split E0 | 80: two U+FFFD" [ "$(we -s -t windows-1251 --html "$T/split" | tail -c 17)" = "$N${N}b" ]
we -c -t windows-1251 "$T/split" >"$T/out" 2>"$T/err"
contains "split E0 | 80 -c: count" "$T/err" "2 malformed sequences omitted (first at byte 65535, line 1, column 65536)"
split 65535 '\377\342\202\254'
we -t windows-1251 "$T/split" >"$T/out" 2>"$T/err"
status "split: U+FFFD unmappable exit" 1 $?
contains "split: U+FFFD unmappable message" "$T/err" "split: byte 65535: invalid UTF-8 sequence FF, and windows-1251 cannot encode"
# a later character's position counts each U+FFFD as one character: FF FF
# LF 80 x U+E5E5, U+E5E5 at byte 65540, UTF-8 byte 65535 + 6 + 1 + 3 + 1
split 65535 '\377\377\n\200x\356\227\245'
we -t gb18030 "$T/split" >"$T/out" 2>"$T/err"
status "split gb18030: exit" 1 $?
check "split gb18030: output" [ "$(tail -c 14 "$T/out" | hex)" = "$FFFD_GB $FFFD_GB 0a $FFFD_GB 78" ]
contains "split gb18030: position after U+FFFD" "$T/err" "split: byte 65540 (UTF-8 byte 65546): U+E5E5 cannot be encoded in gb18030 (line 2, column 3)"
we -c -t gb18030 "$T/split" >"$T/out" 2>"$T/err"
status "split gb18030 -c: exit" 0 $?
check "split gb18030 -c: output" [ "$(tail -c 3 "$T/out" | hex)" = "61 0a 78" ]
check "split gb18030 -c: length" [ "$(wc -c <"$T/out")" -eq 65537 ]
contains "split gb18030 -c: count" "$T/err" "3 malformed sequences omitted (first at byte 65535, line 1, column 65536)"

# --- BOM ---------------------------------------------------------------------
printf '\357\273\277a\320\226' >"$T/bom"
check "UTF-8 BOM: sniff strips it" [ "$(we -t windows-1251 "$T/bom" | hex)" = "61 c6" ]
check "UTF-8 BOM: strip" [ "$(we --bom=strip -t windows-1251 "$T/bom" | hex)" = "61 c6" ]
check "UTF-8 BOM: keep encodes U+FEFF" [ "$(we --bom=keep --html -t windows-1251 "$T/bom")" = "$(printf '&#65279;a\306')" ]
we --bom=keep -t windows-1251 "$T/bom" >"$T/out" 2>"$T/err"
status "UTF-8 BOM kept, unmappable: exit" 1 $?
contains "UTF-8 BOM kept, unmappable: message" "$T/err" "bom: byte 0: U+FEFF cannot be encoded in windows-1251 (line 1, column 1)"
printf '\357\273\277\377a' >"$T/bomx"
we --fatal -t windows-1251 "$T/bomx" >"$T/out" 2>"$T/err"
contains "BOM then malformed: offset counts the BOM" "$T/err" "bomx: byte 3: invalid UTF-8 sequence FF (line 1, column 1)"
check "BOM then malformed: nothing written" [ ! -s "$T/out" ]
we --html -t windows-1251 "$T/bomx" >"$T/out" 2>"$T/err"
check "BOM then malformed: html" [ "$(cat "$T/out")" = "${N}a" ]
contains "BOM then malformed: first at byte 3" "$T/err" "first at byte 3, line 1, column 1"
printf '\357\273a' >"$T/bom2"
check "EF BB a: one maximal subpart" [ "$(we -s --html -t windows-1251 "$T/bom2")" = "${N}a" ]
printf '\357\273\277' | we -t windows-1251 >"$T/out" 2>"$T/err"
status "BOM only: exit" 0 $?
check "BOM only: no output" [ ! -s "$T/out" ]
check "BOM only: no message" [ ! -s "$T/err" ]
# a UTF-16LE BOM overrides the label (sniff) or is malformed UTF-8 (strip)
printf '\377\376a\000' >"$T/b16"
check "UTF-16LE BOM: sniff" [ "$(we -s -t windows-1251 "$T/b16" | hex)" = "61" ]
check "UTF-16LE BOM: strip" [ "$(we -s --bom=strip --html -t windows-1251 "$T/b16" | hex)" = "$(printf '%sa\000' "$N$N" | hex)" ]

# --- empty input ---------------------------------------------------------------
for mode in "" --fatal --html -c; do
	# shellcheck disable=SC2086 # $mode is one option or none
	: | we $mode -t windows-1251 >"$T/out" 2>"$T/err"
	status "empty $mode: exit" 0 $?
	check "empty $mode: no output" [ ! -s "$T/out" ]
	check "empty $mode: no message" [ ! -s "$T/err" ]
done

finish
