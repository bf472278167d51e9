#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# Undeclared text: `whatenc -f auto` and `whatenc detect` guess the
# encoding from the content. The inputs are sentences written for this
# test, encoded by Python's codecs (independent of whatenc; the codec is
# the first word of each case); a guess is right when the output is the
# sentence. Bad input: empty, binary, NULs, a weak guess with
# --fail-weak. About 1 s.
. "$(dirname "$0")/testlib"

cd "$T" || exit 2
if ! we --help 2>/dev/null | grep -q -- '--no-content'; then
	skip "no content detection in $WHATENC"
	finish
fi

# t NAME BYTES TEXT: NAME.txt holds BYTES; -f auto must give TEXT
n=0
t() {
	printf "$2" >"$1.txt"
	printf '%s\n' "$3" >"$1.want"
	we -f auto "$1.txt" >"$1.out" 2>"$1.err"
	status "-f auto $1: exit" 0 $?
	same "-f auto $1: the sentence" "$1.out" "$1.want"
	contains "-f auto $1: names the guess" "$1.err" "(content, tentative,"
	"$WHATENC" detect "$1.txt" >"$1.det" 2>&1
	contains "detect $1: content" "$1.det" "$1.txt: "
	n=$((n + 1))
}

t cp1251 '\317\360\350\342\345\362\041\040\335\362\356\040\352\356\360\356\362\352\356\345\040\357\350\361\374\354\356\040\356\040\357\356\343\356\344\345\072\040\347\340\342\362\360\340\040\341\363\344\345\362\040\344\356\346\344\374\056\012' \
	'Привет! Это короткое письмо о погоде: завтра будет дождь.'
t koi8r '\360\322\311\327\305\324\041\040\374\324\317\040\313\317\322\317\324\313\317\305\040\320\311\323\330\315\317\040\317\040\320\317\307\317\304\305\072\040\332\301\327\324\322\301\040\302\325\304\305\324\040\304\317\326\304\330\056\012' \
	'Привет! Это короткое письмо о погоде: завтра будет дождь.'
t koi8u '\275\301\316\317\313\040\246\040\320\317\304\327\246\322\047\321\040\247\310\316\330\317\307\317\040\302\325\304\311\316\313\325\040\302\325\314\311\040\332\301\323\311\320\301\316\246\040\326\317\327\324\311\315\040\314\311\323\324\321\315\056\012' \
	'Ґанок і подвір'\''я їхнього будинку були засипані жовтим листям.'
t cp866 '\217\340\250\242\245\342\041\040\235\342\256\040\252\256\340\256\342\252\256\245\040\257\250\341\354\254\256\040\256\040\257\256\243\256\244\245\072\040\247\240\242\342\340\240\040\241\343\244\245\342\040\244\256\246\244\354\056\012' \
	'Привет! Это короткое письмо о погоде: завтра будет дождь.'
t maccyr '\217\360\350\342\345\362\041\040\235\362\356\040\352\356\360\356\362\352\356\345\040\357\350\361\374\354\356\040\356\040\357\356\343\356\344\345\072\040\347\340\342\362\360\340\040\341\363\344\345\362\040\344\356\346\344\374\056\012' \
	'Привет! Это короткое письмо о погоде: завтра будет дождь.'
t cp1252 '\104\151\145\040\102\344\165\155\145\040\151\155\040\107\141\162\164\145\156\040\155\374\163\163\145\156\040\147\145\163\143\150\156\151\164\164\145\156\040\167\145\162\144\145\156\054\040\163\141\147\164\145\040\144\151\145\040\107\162\157\337\155\165\164\164\145\162\056\012' \
	'Die Bäume im Garten müssen geschnitten werden, sagte die Großmutter.'
t cp1250 '\132\141\277\363\263\346\040\147\352\234\154\271\040\152\141\237\361\054\040\160\157\167\151\145\144\172\151\141\263\040\156\141\165\143\172\171\143\151\145\154\040\151\040\165\234\155\151\145\143\150\156\271\263\040\163\151\352\056\012' \
	'Zażółć gęślą jaźń, powiedział nauczyciel i uśmiechnął się.'
t latin2 '\120\370\355\154\151\271\040\276\154\165\273\157\165\350\153\375\040\153\371\362\040\372\160\354\154\040\357\341\142\145\154\163\153\351\040\363\144\171\040\156\141\040\154\157\165\143\145\056\012' \
	'Příliš žluťoučký kůň úpěl ďábelské ódy na louce.'
t greek '\307\040\343\361\336\343\357\361\347\040\352\341\366\335\040\341\353\345\360\357\375\040\360\347\344\334\345\351\040\360\334\355\371\040\341\360\374\040\364\357\355\040\364\345\354\360\335\353\347\040\363\352\375\353\357\056\012' \
	'Η γρήγορη καφέ αλεπού πηδάει πάνω από τον τεμπέλη σκύλο.'
t cp1254 '\120\151\152\141\155\141\154\375\040\150\141\163\164\141\040\171\141\360\375\172\040\376\157\146\366\162\145\040\347\141\142\165\143\141\153\040\147\374\166\145\156\144\151\054\040\144\145\144\151\040\366\360\162\145\164\155\145\156\056\012' \
	'Pijamalı hasta yağız şoföre çabucak güvendi, dedi öğretmen.'
t cp1255 '\371\354\345\355\040\354\353\345\354\355\054\040\344\351\345\355\040\360\354\356\343\040\362\354\040\356\346\342\040\344\340\345\345\351\370\040\341\362\351\370\040\344\342\343\345\354\344\056\012' \
	'שלום לכולם, היום נלמד על מזג האוויר בעיר הגדולה.'
t cp1256 '\343\321\315\310\307\040\310\337\343\040\335\355\040\345\320\307\040\307\341\317\321\323\040\307\341\336\325\355\321\040\332\344\040\307\341\330\336\323\040\335\355\040\307\341\343\317\355\344\311\056\012' \
	'مرحبا بكم في هذا الدرس القصير عن الطقس في المدينة.'
t cp874 '\312\307\321\312\264\325\244\303\321\272\040\307\321\271\271\325\351\315\322\241\322\310\264\325\301\322\241\040\340\303\322\250\320\344\273\340\267\325\350\302\307\267\320\340\305\241\321\271\012' \
	'สวัสดีครับ วันนี้อากาศดีมาก เราจะไปเที่ยวทะเลกัน'
t cp1257 '\301\166\141\376\151\141\166\346\163\040\341\040\153\151\145\155\340\054\040\152\151\163\040\160\141\155\141\164\353\040\360\165\156\341\054\040\147\165\154\151\156\164\341\040\160\157\040\340\376\165\157\154\165\056\012' \
	'Įvažiavęs į kiemą, jis pamatė šunį, gulintį po ąžuolu.'
t gbk '\275\361\314\354\314\354\306\370\272\334\272\303\243\254\316\322\303\307\322\273\306\360\310\245\271\253\324\260\311\242\262\275\260\311\241\243\012' \
	'今天天气很好，我们一起去公园散步吧。'
t big5 '\244\265\244\321\244\321\256\360\253\334\246\156\241\101\247\332\255\314\244\100\260\137\245\150\244\275\266\351\264\262\250\102\247\141\241\103\012' \
	'今天天氣很好，我們一起去公園散步吧。'
t sjis '\215\241\223\372\202\315\202\306\202\304\202\340\227\307\202\242\223\126\213\103\202\305\202\267\202\313\201\102\214\366\211\200\202\311\216\125\225\340\202\311\215\163\202\253\202\334\202\265\202\345\202\244\201\102\012' \
	'今日はとても良い天気ですね。公園に散歩に行きましょう。'
t eucjp '\272\243\306\374\244\317\244\310\244\306\244\342\316\311\244\244\305\267\265\244\244\307\244\271\244\315\241\243\270\370\261\340\244\313\273\266\312\342\244\313\271\324\244\255\244\336\244\267\244\347\244\246\241\243\012' \
	'今日はとても良い天気ですね。公園に散歩に行きましょう。'
t jis '\033\044\102\072\043\106\174\044\117\044\110\044\106\044\142\116\111\044\044\105\067\065\044\044\107\044\071\044\115\041\043\070\170\061\140\044\113\073\066\112\142\044\113\071\124\044\055\044\136\044\067\044\147\044\046\041\043\033\050\102\012' \
	'今日はとても良い天気ですね。公園に散歩に行きましょう。'
t euckr '\277\300\264\303\300\272\040\263\257\276\276\260\241\040\301\244\270\273\040\301\301\263\327\277\344\056\040\260\260\300\314\040\260\370\277\370\277\241\040\273\352\303\245\307\317\267\257\040\260\251\275\303\264\331\056\012' \
	'오늘은 날씨가 정말 좋네요. 같이 공원에 산책하러 갑시다.'
t u16le '\104\000\151\000\145\000\040\000\102\000\344\000\165\000\155\000\145\000\040\000\151\000\155\000\040\000\107\000\141\000\162\000\164\000\145\000\156\000\040\000\155\000\374\000\163\000\163\000\145\000\156\000\040\000\147\000\145\000\163\000\143\000\150\000\156\000\151\000\164\000\164\000\145\000\156\000\040\000\167\000\145\000\162\000\144\000\145\000\156\000\056\000\012\000' \
	'Die Bäume im Garten müssen geschnitten werden.'
t u16be '\004\037\004\100\004\070\004\062\004\065\004\102\000\041\000\040\004\055\004\102\004\076\000\040\004\072\004\076\004\100\004\076\004\102\004\072\004\076\004\065\000\040\004\077\004\070\004\101\004\114\004\074\004\076\000\040\004\076\000\040\004\077\004\076\004\063\004\076\004\064\004\065\000\056\000\012' \
	'Привет! Это короткое письмо о погоде.'

check "cases run" [ "$n" -ge 20 ]

# --- declared or ASCII input is not guessed -------------------------------------
printf 'plain ASCII\n' >a.txt
we -f auto a.txt >a.out 2>a.err
status "ascii: exit" 0 $?
check "ascii: no content message" [ ! -s a.err ]

# --- bad input ------------------------------------------------------------------
: >empty.txt
"$WHATENC" detect empty.txt >out 2>err
status "empty: detect exit" 0 $?
check "empty: validity" [ "$(cat out)" = "empty.txt: UTF-8 (validity, tentative)" ]
we -f auto empty.txt >out 2>err
status "empty: -f auto exit" 0 $?
check "empty: no output" [ ! -s out ]

# binary: a fixed pseudo-random byte string (an LCG, 256 bytes) 16 times
rnd='\230\114\124\261\376\032\372\370\076\125\127\306\347\312\005\002'\
'\156\270\225\072\001\220\047\347\215\162\367\216\316\166\155\144'\
'\321\043\325\274\242\032\116\351\234\152\006\340\045\172\150\067'\
'\052\033\106\320\074\226\232\340\245\124\003\204\105\370\175\246'\
'\231\170\211\146\275\037\102\271\305\000\214\204\103\277\353\331'\
'\121\070\024\236\374\360\345\117\140\323\304\021\124\057\010\322'\
'\376\143\213\254\041\106\354\105\176\255\253\134\050\025\250\121'\
'\037\345\046\273\377\071\352\353\055\301\207\175\117\221\165\257'\
'\152\163\015\304\171\245\372\037\343\176\073\114\225\360\124\302'\
'\047\153\273\171\334\003\042\046\330\147\260\107\144\220\303\272'\
'\231\261\133\032\106\114\261\223\152\370\055\156\042\275\073\005'\
'\125\217\052\140\001\331\240\046\200\205\274\045\225\223\213\052'\
'\245\232\327\124\343\101\357\247\341\031\211\025\077\337\100\255'\
'\352\214\341\062\263\074\014\314\236\126\100\007\300\374\374\354'\
'\373\050\373\115\202\202\052\025\154\127\160\314\064\264\336\003'\
'\203\026\150\350\021\250\251\257\005\214\350\024\230\043\335\247'
i=0
while [ $i -lt 16 ]; do printf "$rnd"; i=$((i + 1)); done >bin.dat
check "binary: 4096 bytes" [ "$(wc -c <bin.dat)" -eq 4096 ]
"$WHATENC" detect bin.dat >out 2>err
status "binary: detect exit 1" 1 $?
contains "binary: detect says not text" out "bin.dat: not text (content,"
we -f auto bin.dat >out 2>err
status "binary: -f auto exit 1" 1 $?
check "binary: nothing converted" [ ! -s out ]
contains "binary: message" err "not text (content,"
we -f windows-1252 bin.dat >out 2>err
status "binary with an explicit -f: converted" 0 $?
# NULs are valid UTF-8 but not text
head -c 65536 /dev/zero >zero.dat
"$WHATENC" detect zero.dat >out 2>err
status "NULs: detect exit 1" 1 $?
contains "NULs: not text" out "zero.dat: not text (content,"

# --no-content: the fallback, as before
we -f auto --no-content cp1251.txt >out 2>err
status "--no-content: exit" 0 $?
check "--no-content: windows-1252 decoding" [ "$(head -c 2 out | od -An -tx1 | tr -d ' ')" = "c38f" ]
"$WHATENC" detect --no-content cp1251.txt >out
check "--no-content: detect fallback" [ "$(cat out)" = "cp1251.txt: windows-1252 (fallback, tentative)" ]
# --fail-weak: nothing is certain enough for 101... so use 100 on 2 bytes
printf '\351\n' >weak.txt
we -f auto --fail-weak --min-confidence=100 weak.txt >out 2>err
status "--fail-weak: exit 1" 1 $?
check "--fail-weak: nothing converted" [ ! -s out ]
contains "--fail-weak: message" err "weak guess"
we -f auto --min-confidence=100 weak.txt >out 2>err
status "weak guess: exit 0" 0 $?
contains "weak guess: warning" err "warning: weak guess"
"$WHATENC" detect --fail-weak --min-confidence=100 weak.txt >out 2>err
status "detect --fail-weak: exit 1" 1 $?
contains "detect --fail-weak: the guess" out "weak.txt: "
we -f auto --min-confidence=x weak.txt >out 2>err
status "--min-confidence=x: exit 2" 2 $?
we -f auto --hint=xx weak.txt >out 2>err
status "--hint=xx: exit 2" 2 $?
# a hint is a prior: the same sentence with a wrong hint
we -f auto --hint=ja cp1251.txt >out 2>err
same "--hint=ja does not override Russian text" out cp1251.want
# HTML without a declaration
printf '<p>\317\360\350\342\345\362</p>\n' >h.html
"$WHATENC" detect h.html >out
contains "html without declaration: content" out "h.html: windows-1251 (content, tentative,"

# Issue 33: real text that fits no candidate's statistics well is a
# guess that --min-confidence governs, never "not text". Vietnamese as
# windows-1258 is written (tone marks combining; Python's cp1258 codec
# on the NFD form recomposed but for the tones), and short French.
t vi1258 'Vi\352\362t Nam la\314 qu\364\354c gia\n' \
	"$(printf 'Vi\303\252\314\243t Nam la\314\200 qu\303\264\314\201c gia')"
contains "detect vi1258: windows-1258" vi1258.det "vi1258.txt: windows-1258 (content, tentative,"
printf 'Cliquez o\371 vous\n' >fr.txt
printf 'Cliquez o\303\271 vous\n' >fr.want
"$WHATENC" detect fr.txt >out 2>&1
status "short French: detect exit 0" 0 $?
contains "short French: a guess" out "fr.txt: windows-1252 (content, tentative,"
we -f auto --fail-weak --min-confidence=1 fr.txt >out 2>err
status "short French: --min-confidence=1 converts" 0 $?
same "short French: the sentence" out fr.want
we -f auto --fail-weak --min-confidence=100 fr.txt >out 2>err
status "short French: --min-confidence=100 --fail-weak refuses" 1 $?
contains "short French: weak guess, not 'not text'" err "weak guess windows-1252"
# ISO-8859-15's letters where windows-1252 has symbols: œ (BD) and € (A4)
# (Python's iso8859_15 codec); was Big5 (0xBD75) before.
t latin9 'Le c\275ur de l'\''\275uvre co\373te 15 \244\n' \
	"$(printf 'Le c\305\223ur de l'\''\305\223uvre co\303\273te 15 \342\202\254')"
contains "detect latin9: ISO-8859-15" latin9.det "latin9.txt: ISO-8859-15 (content, tentative,"
mkdir names.d && : >"names.d/$(printf 'Cliquez o\371 vous')"
"$WHATENC" names --min-confidence=1 names.d >out 2>&1
status "short French name: names exit 0" 0 $?
contains "short French name: renamed in the dry run" out "-> Cliquez o$(printf '\303\271') vous (windows-1252, content,"

finish
