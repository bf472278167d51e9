#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# Issue 30, `whatenc names`: guesses below 90% are not acted on, --apply
# writes an undo log that --undo reverts (never overwriting), every name
# printed is escaped (no terminal escapes, no forged lines), --json, and
# "DIR/" is joined without "//". Each check failed before the fix. Name
# bytes are Python's codecs' (gbk, cp1251), written here by hand.
. "$(dirname "$0")/testlib"

cd "$T" || exit 2
if ! "$WHATENC" names --help >/dev/null 2>&1; then
	skip "no 'whatenc names' in $WHATENC"
	finish
fi

# --- a guess below 90% renames nothing ---------------------------------------------
mkdir -p lone
printf x >"lone/$(printf '\325\325\306\254.jpg')"	# 照片.jpg in GBK, alone
"$WHATENC" names --apply --log=lone.log lone >out 2>err
# whatever it guessed: a name is renamed only on a guess of 90% or more,
# and only to its UTF-8 form
bad=0
for pc in $(sed -n 's/.* -> .*, content, \([0-9]*\)%.*renamed$/\1/p' out); do
	[ "$pc" -ge 90 ] || bad=1
done
check "lone GBK name: no rename below 90%" [ "$bad" = 0 ]
check "lone GBK name: its bytes or its UTF-8 form" [ -e "lone/$(printf '\325\325\306\254.jpg')" ] || [ -e lone/照片.jpg ]
"$WHATENC" names --help >help
contains "--help: the default is 90" help "(default 90)"
"$WHATENC" names --min-confidence=100 lone >out 2>err
contains "below --min-confidence: left alone, with the guess" out "left alone: weak guess"
contains "below --min-confidence: says how to accept it" out "--min-confidence="

# --- names are escaped: no ESC, no forged line -----------------------------------------
mkdir -p esc
# "Отчёт" in windows-1251, then ESC [31m, a newline and a forged line
printf x >"esc/$(printf '\316\362\367\270\362\033[31m\nfake: renamed.txt')"
"$WHATENC" names --min-confidence=0 esc >out 2>err
check "escaped: no ESC byte in the output" [ "$(tr -dc '\033' <out | wc -c)" -eq 0 ]
check "escaped: no forged line" [ "$(grep -c '^fake' out)" -eq 0 ]
contains "escaped: the new name's ESC as \\x1b" out 'Отчёт\x1b[31m\x0afake: renamed.txt (windows-1251'
# -0 and --json keep names apart without escaping lines
"$WHATENC" names --json --min-confidence=0 esc >out 2>err
status "--json: exit 0" 0 $?
check "--json: one object per line" [ "$(grep -c '^{.*}$' out)" -eq 1 ]
contains "--json: the new name, JSON-escaped" out '"new":"Отчёт\u001b[31m\u000afake: renamed.txt"'
contains "--json: the encoding" out '"encoding":"windows-1251"'

# --- DIR/ ------------------------------------------------------------------------------
"$WHATENC" names --min-confidence=0 esc/ >out 2>err
check "DIR/: no //" [ "$(grep -c '//' out)" -eq 0 ]

# --- --apply writes an undo log; --undo reverts, never overwriting ---------------------
mkdir -p u/sub
o1=$(printf '\316\362\367\270\362 \347\340 \343\356\344.txt')	# Отчёт за год.txt
o2=$(printf '\324\356\362\356\343\360\340\364\350\350.txt')	# Фотографии.txt
o3=$(printf '\300\360\365\350\342')				# Архив
printf 1 >"u/$o1"
printf 2 >"u/$o2"
mkdir "u/$o3"
printf 3 >"u/$o3/$o2"
find u | sort >before
"$WHATENC" names --apply --log=undo.log u >out 2>err
status "--apply --log: exit 0" 0 $?
check "--apply: renamed" [ -e "u/Отчёт за год.txt" ] && [ -e "u/Архив/Фотографии.txt" ]
check "--apply: the log exists" [ -s undo.log ]
"$WHATENC" names --apply --log=undo.log u >out 2>err
status "--log: an existing log is not overwritten (exit 2)" 2 $?
"$WHATENC" names --undo undo.log >out 2>err
status "--undo: exit 0" 0 $?
find u | sort >after
same "--undo: every name as before" before after
check "--undo: the contents follow" [ "$(cat "u/$o3/$o2")" = 3 ]
# undo that would overwrite: reported, nothing overwritten
"$WHATENC" names --apply --log=undo2.log u >out 2>err
printf mine >"u/$o1"
"$WHATENC" names --undo undo2.log >out 2>err
status "--undo, old name taken: exit 1" 1 $?
check "--undo, old name taken: not overwritten" [ "$(cat "u/$o1")" = mine ]
check "--undo, old name taken: the renamed file kept" [ "$(cat "u/Отчёт за год.txt")" = 1 ]
contains "--undo, old name taken: reported" out "NOT restored"
"$WHATENC" names --undo missing.log >out 2>err
status "--undo, no such log: exit 2" 2 $?

finish
