#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# Where an unmappable character is said to be: the offset of its first
# input byte (and its UTF-8 offset when that differs), line and column,
# when its bytes straddle a read() chunk (64 KiB; the inputs are regular
# files) or follow a BOM or an escape sequence. Each case runs through
# every path the CLI has for it: UTF-8 input goes to the encoder directly
# (user engine) or through the decoder first (kernel engine, -f auto,
# ISO-2022-JP output); other inputs always go through the decoder.
# Expected offsets are counted from how each input is built.
. "$(dirname "$0")/testlib"

# Code points: U+20AC (UTF-8 E2 82 AC) is in neither index-iso-8859-2
# nor index-jis0208; U+3042 is jis0208 pointer 283, Shift_JIS 82 A0,
# ISO-2022-JP ESC $ B 24 22, and not in ISO-8859-2, nor is U+1F600
# (UTF-16 D83D DE00); windows-1251 A7 is U+00A7 (ISO-8859-2 A7) and C6
# is U+0416, which ISO-8859-2 lacks.

# mk FILE PREFIX_LEN BYTES...: PREFIX_LEN bytes of 'a', then BYTES (octal)
mk() {
	head -c "$2" /dev/zero | tr '\0' a >"$T/$1"
	# shellcheck disable=SC2059 # the bytes are given as a format
	printf "$3" >>"$T/$1"
}

# unmappable NAME FILE MESSAGE ARGS...: exit 1 and MESSAGE, for TO
# ISO-8859-2 with ARGS, then for ISO-2022-JP output (decoder path)
unmappable() {
	_n=$1 _f=$2 _m=$3
	shift 3
	for _to in ISO-8859-2 ISO-2022-JP; do
		we "$@" -t "$_to" "$T/$_f" >"$T/out" 2>"$T/err"
		status "$_n -t $_to: exit" 1 $?
		contains "$_n -t $_to: position" "$T/err" \
			"$_f: $_m cannot be encoded in $_to ("
		we --fatal "$@" -t "$_to" "$T/$_f" >"$T/out" 2>"$T/err"
		contains "$_n -t $_to --fatal: position" "$T/err" \
			"$_f: $_m cannot be encoded in $_to ("
	done
}

# --- UTF-8 across chunks ---------------------------------------------------------
# U+20AC at 65534: E2 82 in the first chunk, AC in the second
mk s2 65534 '\342\202\254b'
M='byte 65534: U+20AC'
unmappable "2+1 split" s2 "$M"
unmappable "2+1 split, -f utf-8" s2 "$M" -f utf-8
unmappable "2+1 split, -f auto" s2 "$M" -f auto
we -t ISO-8859-2 "$T/s2" >/dev/null 2>"$T/err"
contains "2+1 split: line and column" "$T/err" "(line 1, column 65535)"
# at 65535: E2 in the first chunk, 82 AC in the second
mk s1 65535 '\342\202\254'
unmappable "1+2 split" s1 "byte 65535: U+20AC"
unmappable "1+2 split, -f auto" s1 "byte 65535: U+20AC" -f auto
# a line break before it: line 2, column 1
mk nl 65533 '\n\342\202\254'
we -f auto -t ISO-2022-JP "$T/nl" >/dev/null 2>"$T/err"
contains "split after LF: position" "$T/err" "nl: byte 65534: U+20AC cannot be encoded in ISO-2022-JP (line 2, column 1)"
# the second chunk's first character: no split, nothing held
mk s0 65536 '\342\202\254'
unmappable "after the boundary" s0 "byte 65536: U+20AC"
# a malformed sequence held over the boundary: E2 82 at 65535, then 'x';
# its U+FFFD, which ISO-8859-2 lacks, names it
mk bad 65535 '\342\202x'
we -t ISO-8859-2 -f auto "$T/bad" >"$T/out" 2>"$T/err"
status "split malformed: exit" 1 $?
contains "split malformed: position" "$T/err" "bad: byte 65535: invalid UTF-8 sequence E2 82, and ISO-8859-2 cannot encode the U+FFFD that replaces it (line 1, column 65536;"
we -t ISO-2022-JP --html "$T/bad" >"$T/out" 2>"$T/err"
contains "split malformed: first replacement" "$T/err" "bad: 1 malformed sequence replaced by U+FFFD (first at byte 65535, line 1, column 65536)"

# --- BOMs --------------------------------------------------------------------------
# EF BB BF then U+20AC: byte 3, UTF-8 byte 0 (the BOM is not in the text)
printf '\357\273\277\342\202\254' >"$T/bom8"
M='byte 3 (UTF-8 byte 0): U+20AC'
unmappable "UTF-8 BOM" bom8 "$M"
unmappable "UTF-8 BOM, --bom=strip" bom8 "$M" --bom=strip
unmappable "UTF-8 BOM, -f auto" bom8 "$M" -f auto
we -t ISO-8859-2 "$T/bom8" >/dev/null 2>"$T/err"
contains "UTF-8 BOM: line and column" "$T/err" "(line 1, column 1)"
# the BOM and the character arrive in separate reads (a pipe)
{
	printf '\357\273'
	sleep 0.2
	printf '\277\342\202\254'
} | we -t ISO-2022-JP >"$T/out" 2>"$T/err"
contains "UTF-8 BOM in two reads" "$T/err" "standard input: $M cannot be encoded in ISO-2022-JP ("
# FF FE then U+20AC: byte 2
printf '\377\376\254\040' >"$T/bom16"
unmappable "UTF-16LE BOM" bom16 "byte 2 (UTF-8 byte 0): U+20AC" -f UTF-16LE
unmappable "UTF-16LE BOM overriding the label" bom16 \
	"byte 2 (UTF-8 byte 0): U+20AC" -s -f windows-1252

# --- other inputs --------------------------------------------------------------------
# Shift_JIS 82 A0 at 65535: the lead byte in the first chunk
mk sj 65535 '\202\240'
we -f Shift_JIS -t ISO-8859-2 "$T/sj" >"$T/out" 2>"$T/err"
status "Shift_JIS split: exit" 1 $?
contains "Shift_JIS split: position" "$T/err" "sj: byte 65535: U+3042 cannot be encoded in ISO-8859-2 (line 1, column 65536)"
# UTF-16LE: a BOM, 32766 U+0000 (bytes 2..65533), then U+1F600 as the
# surrogates 3D D8 | 00 DE at 65534, across the boundary
{
	printf '\377\376'
	head -c 65532 /dev/zero
	printf '\075\330\000\336'
} >"$T/u16"
we -f UTF-16LE -t ISO-8859-2 "$T/u16" >"$T/out" 2>"$T/err"
status "UTF-16LE split pair: exit" 1 $?
contains "UTF-16LE split pair: position" "$T/err" "u16: byte 65534 (UTF-8 byte 32766): U+1F600 cannot be encoded in ISO-8859-2 (line 1, column 32767)"
# --wtf8: the held lead surrogate is no error at the end of input
we --wtf8 -f UTF-16LE -t ISO-8859-2 "$T/u16" >"$T/out" 2>"$T/err"
contains "UTF-16LE split pair --wtf8: position" "$T/err" "u16: byte 65534 (UTF-8 byte 32766): U+1F600 cannot be encoded in ISO-8859-2 (line 1, column 32767)"
# windows-1251: A7 (2 bytes in UTF-8), 65535 'a', C6 at 65536 (the first
# byte of the second chunk), UTF-8 byte 65537
printf '\247' >"$T/w"
mk w2 65535 '\306'
cat "$T/w2" >>"$T/w"
we -f windows-1251 -t ISO-8859-2 "$T/w" >"$T/out" 2>"$T/err"
status "windows-1251: exit" 1 $?
contains "windows-1251: position" "$T/err" "w: byte 65536 (UTF-8 byte 65537): U+0416 cannot be encoded in ISO-8859-2 (line 1, column 65537)"
check "windows-1251: output before it" [ "$(wc -c <"$T/out")" -eq 65536 ]
# ISO-2022-JP: U+3042's bytes 24 22 follow the escape ESC $ B at 0..2
printf '\033\044B\044\042' >"$T/jp"
we -f ISO-2022-JP -t ISO-8859-2 "$T/jp" >"$T/out" 2>"$T/err"
contains "ISO-2022-JP: after the escape" "$T/err" "jp: byte 3 (UTF-8 byte 0): U+3042 cannot be encoded in ISO-8859-2 (line 1, column 1)"

finish
