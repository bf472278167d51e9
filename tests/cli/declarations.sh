#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# Issue 30: converting HTML, XML or CSS into a file rewrites its encoding
# declarations to the output encoding, so that `whatenc check` finds no
# conflict afterwards; where a declaration cannot follow (UTF-16 output),
# the file is not converted. Each check failed before the fix. The text
# bytes are Python's codecs' (shift_jis, koi8_r, cp1251, utf-8, utf-16le),
# written here by hand.
. "$(dirname "$0")/testlib"

if ! "$WHATENC" check --help >/dev/null 2>&1; then
	skip "'whatenc check' is not available in $WHATENC"
	finish
fi
cd "$T" || exit 2

sj='\203e\203X\203g'			# テスト in Shift_JIS
u8='\343\203\206\343\202\271\343\203\210'	# テスト in UTF-8
koi='\363\337\305\333\330'		# Съешь in KOI8-R
ru8='\320\241\321\212\320\265\321\210\321\214'	# Съешь in UTF-8
ru1251='\321\372\345\370\374'		# Съешь in windows-1251

# clean FILE: `whatenc check` exits 0 and reports nothing wrong
clean() {
	"$WHATENC" check "$1" >check.out 2>&1
	_rc=$?
	if [ "$_rc" = 0 ] && ! grep -qE ': (error|warning): ' check.out; then
		pass "check $1 is clean"
	else
		fail "check $1 should be clean, exit $_rc: $(cat check.out)"
	fi
}
# noconflict FILE: `whatenc check` finds no error (warnings may remain)
noconflict() {
	"$WHATENC" check "$1" >check.out 2>&1
	if grep -qE ': error: ' check.out; then
		fail "check $1: $(cat check.out)"
	else
		pass "check $1: no error"
	fi
}

# follows FILE BYTES WANT: FILE holds BYTES; -i -f auto makes it WANT (both
# printf formats), and `whatenc check` finds it clean
follows() {
	printf "$2" >"$1"
	we -i -f auto "$1" 2>err
	status "-i -f auto $1: exit 0" 0 $?
	printf "$3" >"$1.want"
	same "-i -f auto $1: the declaration follows" "$1.want" "$1"
	clean "$1"
}

# --- HTML <meta charset> -------------------------------------------------------
follows sj.html \
	'<!DOCTYPE html><html><head><meta charset="shift_jis"><title>t</title></head><body>'"$sj"'</body></html>\n' \
	'<!DOCTYPE html><html><head><meta charset="UTF-8"><title>t</title></head><body>'"$u8"'</body></html>\n'
contains "-i -f auto: the rewrite is said" err 'rewritten'

# --- HTML pragma, to a legacy encoding ---------------------------------------------
printf '<html><head><meta http-equiv="Content-Type" content="text/html; charset=utf-8"></head><body>'"$ru8"'</body></html>\n' >p.html
we -t windows-1251 -o p1251.html p.html 2>err
status "-o -t windows-1251 p.html: exit 0" 0 $?
printf '<html><head><meta http-equiv="Content-Type" content="text/html; charset=windows-1251"></head><body>'"$ru1251"'</body></html>\n' >p.want
same "-t windows-1251: the pragma's charset follows" p.want p1251.html
noconflict p1251.html
# to standard output the bytes are converted as they are
we -t windows-1251 p.html >p.stdout 2>err
contains "standard output: declaration kept" p.stdout 'charset=utf-8'

# --- XML declaration ---------------------------------------------------------------
follows sj.xml '<?xml version="1.0" encoding="Shift_JIS"?>\n<a>'"$sj"'</a>\n' \
	'<?xml version="1.0" encoding="UTF-8"?>\n<a>'"$u8"'</a>\n'
# a UTF-16LE document with a BOM
follows u16.xml '\377\376<\000?\000x\000m\000l\000 \000v\000e\000r\000s\000i\000o\000n\000=\000"\0001\000.\0000\000"\000 \000e\000n\000c\000o\000d\000i\000n\000g\000=\000"\000U\000T\000F\000-\0001\0006\000"\000?\000>\000<\000a\000>\000\3060\2710\3100<\000/\000a\000>\000' \
	'<?xml version="1.0" encoding="UTF-8"?><a>'"$u8"'</a>'

# --- CSS @charset --------------------------------------------------------------------
follows k.css '@charset "koi8-r";\nbody::before { content: "'"$koi"'"; }\n' \
	'@charset "UTF-8";\nbody::before { content: "'"$ru8"'"; }\n'
# an explicit FROM that matches
printf '@charset "koi8-r";\nb { content: "'"$koi"'"; }\n' >k2.css
we -i -f koi8-r k2.css 2>err
status "-i -f koi8-r k2.css: exit 0" 0 $?
clean k2.css

# --- messages name the file's byte offsets, not the rewritten ones --------------------
# <meta charset="shift_jis"> (label at 15, 9 bytes; "UTF-8" is 5), then
# a lone lead byte 0x81 at byte 29 (counted by hand: 15 + 9 + 2 + 3)
printf '<meta charset="shift_jis"><p>\201' >off.html
we -i -f auto off.html 2>err
status "malformed input after a rewritten label: exit 1" 1 $?
contains "the offset is the file's" err "byte 29: invalid Shift_JIS sequence"
we -i -f auto --allow-replace off.html 2>err
contains "--allow-replace: the count names the file's offset" err "(first at byte 29,"

# --- where the declaration cannot follow: not converted --------------------------
printf '<meta charset="utf-8"><p>'"$u8" >u.html
cp u.html u.orig
we -i -t utf-16le u.html 2>err
status "-i -t utf-16le on HTML with <meta>: exit 1" 1 $?
same "-i -t utf-16le on HTML with <meta>: left unchanged" u.orig u.html
contains "-i -t utf-16le: says why" err "cannot follow"
we -i -t utf-16le --keep-declarations u.html 2>err
status "--keep-declarations: converted anyway" 0 $?
# a label already naming the output encoding is not touched
printf '<meta charset="utf8"><p>'"$u8" >same.html
cp same.html same.orig
we -i -f auto same.html 2>err
same "a label of the output encoding stays as written" same.orig same.html

finish
