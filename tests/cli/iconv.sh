#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# iconv's habits: -c, -s, //IGNORE, //TRANSLIT (refused), --unmappable,
# line:column in messages, "did you mean" for other tools' labels.
. "$(dirname "$0")/testlib"

hex() { od -An -v -tx1 "$@" | tr -s ' \n' '  ' | sed 's/^ //; s/ $//'; }

# a, U+20AC (not in ISO-8859-2), b, FF (malformed), c
printf 'a\342\202\254b\377c' >"$T/in"

# --- -c and //IGNORE: omit malformed input and unmappable characters ---------
check "-c" [ "$(we -s -c -t latin2 "$T/in")" = abc ]
we -c -t latin2 "$T/in" >"$T/out" 2>"$T/err"
status "-c exit" 0 $?
contains "-c: omissions reported" "$T/err" "1 malformed sequence omitted"
check "-t X//IGNORE" [ "$(we -s -t latin2//IGNORE "$T/in")" = abc ]
check "-t X//ignore (any case)" [ "$(we -s -t latin2//ignore "$T/in")" = abc ]
we -t latin2//TRANSLIT "$T/in" >"$T/out" 2>"$T/err"
status "//TRANSLIT refused: exit" 2 $?
contains "//TRANSLIT refused: message" "$T/err" "//TRANSLIT is not supported"
check "//TRANSLIT refused: no output" [ ! -s "$T/out" ]
we -t latin2//FOO "$T/in" >"$T/out" 2>"$T/err"
status "unknown suffix: exit" 2 $?

# --- --unmappable ------------------------------------------------------------
check "--unmappable=skip" [ "$(printf 'a\342\202\254b' | we -t latin2 --unmappable=skip)" = ab ]
check "--unmappable=html" [ "$(printf 'a\342\202\254b' | we -t latin2 --unmappable=html)" = 'a&#8364;b' ]
check "--unmappable='?'" [ "$(printf 'a\342\202\254b' | we -t latin2 --unmappable='?')" = 'a?b' ]
check "--unmappable=STRING" [ "$(printf 'a\342\202\254b' | we -t latin2 --unmappable='<?>')" = 'a<?>b' ]
printf 'a\342\202\254b' | we -t latin2 --unmappable=fail >"$T/out" 2>"$T/err"
status "--unmappable=fail: exit" 1 $?
# the substitute goes through the encoder: ISO-2022-JP's state stays right
check "--unmappable=CHAR in ISO-2022-JP" [ "$(printf '\343\201\202\342\202\254\343\201\202' | we -t iso-2022-jp --unmappable='?' | hex)" = "1b 24 42 24 22 1b 28 42 3f 1b 24 42 24 22 1b 28 42" ]
printf 'x' | we -t latin2 --unmappable="$(printf '\342\202\254')" >"$T/out" 2>"$T/err"
status "--unmappable: substitute TO cannot encode: exit" 2 $?
we -v -t latin2 --unmappable=skip "$T/in" >"$T/out" 2>"$T/err"
contains "-v counts unmappable omissions (U+20AC, and the U+FFFD for FF)" "$T/err" "1 replaced, 2 unmappable omitted"
printf 'a\342\202\254b' | we -t latin2 --unmappable=skip --error-on-replace >"$T/out" 2>"$T/err"
status "--error-on-replace counts skipped characters" 1 $?

# --- -s ------------------------------------------------------------------------
printf 'a\377' | we -s >"$T/out" 2>"$T/err"
check "-s: no replacement warning" [ ! -s "$T/err" ]
printf 'a\377' | we -s --fatal >"$T/out" 2>"$T/err"
contains "-s: errors are still reported" "$T/err" "invalid UTF-8 sequence FF"

# --- line and column ------------------------------------------------------------
printf 'one\ntw\303\266\nthr\342\202\254e\n' >"$T/lc"
we -t latin2 "$T/lc" >"$T/out" 2>"$T/err"
contains "unmappable: line and column" "$T/err" "byte 12: U+20AC cannot be encoded in ISO-8859-2 (line 3, column 4)"
printf 'ab\ncd\n\n\303\251\377' | we --fatal >"$T/out" 2>"$T/err"
contains "malformed: line and column" "$T/err" "byte 9: invalid UTF-8 sequence FF (line 4, column 2)"
printf 'ab\ncd\377' | we >"$T/out" 2>"$T/err"
contains "replacement warning: line and column" "$T/err" "first at byte 5, line 2, column 3"

# --- did you mean ---------------------------------------------------------------
# (issue 30: iconv's cp936 and cp949 are now accepted, tests/cli/
# consistency.sh; names that are neither still get the suggestion)
for pair in ms936:gbk; do
	we -f "${pair%%:*}" </dev/null >"$T/out" 2>"$T/err"
	status "-f ${pair%%:*}: exit" 2 $?
	contains "-f ${pair%%:*}: did you mean ${pair#*:}" "$T/err" "did you mean ${pair#*:}?"
done
we -t utf-32 </dev/null >"$T/out" 2>"$T/err"
contains "-t utf-32: not supported" "$T/err" "UTF-32 is not supported"
contains "unknown label: still the old message" "$T/err" "unknown encoding label 'utf-32'"

finish
