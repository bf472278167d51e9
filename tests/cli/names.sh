#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# `whatenc names`: a tree with Shift_JIS, GBK and windows-1251 names (the
# bytes made by Python's codecs; the UTF-8 form is the name's text): dry
# run (nothing renamed), --apply (renamed), a second run (nothing to
# do); a collision is reported and nothing overwritten. About 0.1 s.
. "$(dirname "$0")/testlib"

cd "$T" || exit 2
if ! "$WHATENC" names --help >/dev/null 2>&1; then
	skip "no 'whatenc names' in $WHATENC"
	finish
fi
mkdir -p tree/ja tree/zh tree/ru
n=0
# mkf DIR BYTES TEXT: a file with a legacy name, its UTF-8 form expected
mkf() {
	printf x >"tree/$1/$(printf "$2")"
	printf 'tree/%s/%s\n' "$1" "$3" >>want
	n=$((n + 1))
}
# mkd BYTES TEXT: a directory with a legacy name, holding a legacy name
mkd() {
	mkdir "tree/$(printf "$1")"
	printf x >"tree/$(printf "$1")/$(printf "$COLL")"
	printf 'tree/%s\ntree/%s/Письмо.txt\n' "$2" "$2" >>want
	n=$((n + 2))
}
: >want
COLL='\317\350\361\374\354\356\056\164\170\164'
mkf ja '\225\361\215\220\217\221\056\164\170\164' '報告書.txt'
mkf ja '\211\357\213\143\202\314\213\143\216\226\230\136\056\144\157\143' '会議の議事録.doc'
mkf ja '\216\312\220\136\203\164\203\110\203\213\203\137\210\352\227\227\056\164\170\164' '写真フォルダ一覧.txt'
mkf zh '\271\244\327\367\261\250\270\346\056\164\170\164' '工作报告.txt'
mkf zh '\273\341\322\351\274\307\302\274\056\144\157\143' '会议记录.doc'
mkf zh '\325\325\306\254\304\277\302\274\056\164\170\164' '照片目录.txt'
mkf ru '\316\362\367\270\362\040\347\340\040\343\356\344\056\164\170\164' 'Отчёт за год.txt'
mkf ru '\317\360\356\362\356\352\356\353\040\361\356\341\360\340\355\350\377\056\144\157\143' 'Протокол собрания.doc'
mkf ru '\324\356\362\356\343\360\340\364\350\350\056\164\170\164' 'Фотографии.txt'
mkd '\300\360\365\350\342' 'Архив'
printf x >tree/utf8-имя.txt
printf 'tree/utf8-имя.txt\n' >>want

find tree -type f -o -type d | sort >before
"$WHATENC" names tree >out 2>err
status "dry run: exit 0" 0 $?
check "dry run: one line per legacy name" [ "$(grep -c ' -> ' out)" -eq "$n" ]
contains "dry run: Shift_JIS" out "-> 報告書.txt (Shift_JIS, content,"
contains "dry run: GBK" out "-> 工作报告.txt (GBK, content,"
contains "dry run: windows-1251" out "-> Отчёт за год.txt (windows-1251, content,"
contains "dry run: says so" out "(dry run: --apply renames)"
find tree -type f -o -type d | sort >after
same "dry run: nothing renamed" before after

"$WHATENC" names --apply tree >out 2>err
status "--apply: exit 0" 0 $?
check "--apply: every name renamed" [ "$(grep -c ': renamed$' out)" -eq "$n" ]
find tree -type f | sort >got
sort want | grep -v '^tree/Архив$' >want.sorted
same "--apply: the UTF-8 names" got want.sorted

"$WHATENC" names tree >out 2>err
status "second run: exit 0" 0 $?
contains "second run: nothing to do" out "nothing to do"

# a collision: the converted name exists; nothing is overwritten
printf old >tree/ru/Фотографии.txt.keep
printf new >"tree/ru/$(printf "$COLL")"
printf kept >tree/ru/Письмо.txt
"$WHATENC" names tree >out 2>err
status "collision, dry run: exit 1" 1 $?
contains "collision, dry run: reported" out "collision: the new name exists"
"$WHATENC" names --apply tree >out 2>err
status "collision: exit 1" 1 $?
contains "collision: reported" out "NOT renamed: the new name exists (collision)"
check "collision: existing file kept" [ "$(cat tree/ru/Письмо.txt)" = kept ]
check "collision: legacy file kept" [ "$(cat "tree/ru/$(printf "$COLL")")" = new ]

# bad usage
"$WHATENC" names >out 2>err
status "no DIR: exit 2" 2 $?
"$WHATENC" names missing-dir >out 2>err
status "missing DIR: exit 2" 2 $?
"$WHATENC" names -f bogus tree >out 2>err
status "unknown label: exit 2" 2 $?
finish
