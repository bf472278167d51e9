#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# Issue 30: detect --json/--brief/-0 and escaped names, "whatenc SUB:"
# prefixes, iconv's names (CP932, CP936, CP949, CP950, ...) accepted by
# the CLI, and the bash completion checked against every --help. Each
# check failed before the fix. The bytes are Python's codecs' (shift_jis,
# gbk, cp949, big5, cp1251), written here by hand.
. "$(dirname "$0")/testlib"

hex() { od -An -v -tx1 "$@" | tr -s ' \n' '  ' | sed 's/^ //; s/ $//'; }
cd "$T" || exit 2

# --- iconv's names ------------------------------------------------------------------
# テスト in Shift_JIS / GBK ("测试") / CP949 ("테스트") / Big5 ("測試")
for c in 'cp932:\203e\203X\203g:e3 83 86 e3 82 b9 e3 83 88' \
	 'CP936:\262\342\312\324:e6 b5 8b e8 af 95' \
	 'cp949:\305\327\275\272\306\256:ed 85 8c ec 8a a4 ed 8a b8' \
	 'CP950:\264\372\270\325:e6 b8 ac e8 a9 a6' \
	 'MS-CYRL:\317\360\350:d0 9f d1 80 d0 b8' \
	 'eucjp:\245\306\245\271\245\310:e3 83 86 e3 82 b9 e3 83 88'; do
	label=${c%%:*} rest=${c#*:}
	bytes=${rest%%:*} want=${rest#*:}
	printf "$bytes" | we -f "$label" >out 2>err
	status "-f $label: accepted" 0 $?
	check "-f $label: decodes" [ "$(hex out)" = "$want" ]
done
printf '\346\265\213' | we -t cp936 >out 2>err
check "-t CP936: encodes as GBK" [ "$(hex out)" = "b2 e2" ]
check "--label=CP932: Shift_JIS" [ "$(we --label=CP932)" = Shift_JIS ]
we -f ms936 </dev/null >out 2>err
status "a name that is neither: still refused" 2 $?
contains "a name that is neither: did you mean" err "did you mean gbk?"
contains "man page: the iconv names listed" "$REPO/userspace-tool/whatenc.1" "CP932"

# --- "whatenc SUB:" prefixes -------------------------------------------------------
for sub in detect check names; do
	"$WHATENC" $sub --bogus-option x >out 2>err
	contains "$sub: getopt's message has the prefix" err "whatenc $sub: unrecognized option"
done

# --- detect --json, --brief, -0, escaped names -----------------------------------------
printf 'caf\303\251\n' >u.txt
printf '\317\360\350\342\345\362! \335\362\356 \352\356\360\356\362\352\356\345 \357\350\361\374\354\356 \356 \357\356\343\356\344\345.\n' >r.txt
"$WHATENC" detect --brief u.txt >out 2>err
check "detect --brief: the name only" [ "$(cat out)" = UTF-8 ]
"$WHATENC" detect --json u.txt r.txt >out 2>err
status "detect --json: exit 0" 0 $?
check "detect --json: one object per file" [ "$(grep -c '^{"file":' out)" -eq 2 ]
contains "detect --json: fields" out '{"file":"u.txt","encoding":"UTF-8","source":"validity","confidence":"tentative"}'
contains "detect --json: a content guess" out '{"file":"r.txt","encoding":"windows-1251","source":"content","confidence":"tentative","percent":'
nl=$(printf 'a\nb.txt')
esc=$(printf 'e\033[2J.txt')
cp u.txt "$nl"
cp u.txt "$esc"
"$WHATENC" detect "$nl" "$esc" >out 2>err
check "detect: a newline in a name does not make a line" [ "$(wc -l <out)" -eq 2 ]
contains "detect: the newline escaped" out 'a\x0ab.txt: UTF-8'
check "detect: no ESC byte" [ "$(tr -dc '\033' <out | wc -c)" -eq 0 ]
"$WHATENC" detect -0 "$nl" >out 2>err
check "detect -0: the raw name, then NUL" [ "$(hex out)" = "$(printf 'a\nb.txt' | hex) 00 $(printf 'UTF-8 (validity, tentative)\n' | hex)" ]
"$WHATENC" check "$(printf 'x\033.html')" >out 2>err
check "check: no ESC byte in messages" [ "$(tr -dc '\033' <err | wc -c)" -eq 0 ]

# --- conversion messages escape names too --------------------------------------------
bad=$(printf 'x\033[2J\nforged.txt')
printf 'a\377b' >"$bad"
we "$bad" >out 2>err
check "convert: no ESC byte in messages" [ "$(tr -dc '\033' <err | wc -c)" -eq 0 ]
check "convert: one message line" [ "$(wc -l <err)" -eq 1 ]
contains "convert: the name escaped" err 'x\x1b[2J\x0aforged.txt: 1 malformed sequence'
we -o "$bad.d/out" "$bad" >out 2>err
check "-o: no ESC byte in messages" [ "$(tr -dc '\033' <err | wc -c)" -eq 0 ]
we "$bad.missing" >out 2>err
check "a missing input: no ESC byte in the message" [ "$(tr -dc '\033' <err | wc -c)" -eq 0 ]

# --- the bash completion knows every option of every --help ----------------------------
# (each subcommand's list is one line: _whatenc_opts_SUB='...'; both ways)
COMP=$REPO/userspace-tool/whatenc.bash-completion
for sub in convert detect check names; do
	s=$sub
	[ "$sub" = convert ] && s=
	"$WHATENC" $s --help >help
	grep -o -- '--[a-z][a-z0-9-]*' help | sort -u >help.opts
	sed -n "s/^_whatenc_opts_$sub='\(.*\)'\$/\1/p" "$COMP" | tr ' ' '\n' |
		sed -n 's/^\(--[a-z0-9-]*\)=\{0,1\}$/\1/p' | sort -u >comp.opts
	check "completion: a list for $sub" [ -s comp.opts ]
	for o in $(cat help.opts); do
		check "completion: $sub $o" grep -qx -- "$o" comp.opts
	done
	for o in $(cat comp.opts); do
		check "completion: $sub $o is in --help" grep -qx -- "$o" help.opts
	done
done
contains "completion: the subcommands" "$COMP" "'detect check names'"

finish
