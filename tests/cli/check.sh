#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# `whatenc check`: every rule with a file that breaks it and one that keeps
# it. The files are written here by hand from the wording of seed 004
# ("Character encodings by format", ids such as [html5:12]) and, for CSS,
# CSS Syntax Level 3 section 3.2; the expected offsets are counted by hand
# from the bytes below. kunit/test_rules.c tests the same rules in the core.
. "$(dirname "$0")/testlib"

if ! "$WHATENC" check --help >"$T/help" 2>&1 ||
   ! grep -q '^Usage: whatenc check' "$T/help"; then
	skip "'whatenc check' is not available in $WHATENC"
	finish
fi

cd "$T" || exit 2

# mk FILE PRINTF-FORMAT: write bytes
mk() {
	printf "$2" >"$1"
}

# breaks RULE OFFSET FILE [OPTION...]: checking FILE reports RULE at
# OFFSET, and exits 1
breaks() {
	_r=$1 _o=$2 _f=$3
	shift 3
	"$WHATENC" check "$@" "$_f" >"$T/out" 2>"$T/err"
	_rc=$?
	if grep -qE "^$_f:$_o: $_r: (error|warning): " "$T/out" &&
	   [ "$_rc" = 1 ]; then
		pass "$_r: $_f breaks it"
	else
		fail "$_r: $_f $*: expected '$_f:$_o: $_r:' and exit 1, got exit $_rc: $(cat "$T/out" "$T/err")"
	fi
}

# keeps RULE FILE [OPTION...]: checking FILE does not report RULE
keeps() {
	_r=$1 _f=$2
	shift 2
	"$WHATENC" check "$@" "$_f" >"$T/out" 2>"$T/err"
	if grep -q ": $_r: " "$T/out" || [ -s "$T/err" ]; then
		fail "$_r: $_f $* should keep it: $(cat "$T/out" "$T/err")"
	else
		pass "$_r: $_f keeps it"
	fi
}

# clean RULE FILE [OPTION...]: FILE keeps every rule (exit 0, no finding)
clean() {
	_r=$1 _f=$2
	shift 2
	"$WHATENC" check "$@" "$_f" >"$T/out" 2>"$T/err"
	_rc=$?
	if [ "$_rc" = 0 ] && ! grep -qE ': (error|warning): ' "$T/out"; then
		pass "$_r: $_f keeps every rule"
	else
		fail "$_r: $_f $* should be clean, exit $_rc: $(cat "$T/out" "$T/err")"
	fi
}

# pad FILE N: an HTML comment of exactly N bytes (N >= 7)
pad() {
	{ printf '<!--'; i=7; while [ $i -lt "$2" ]; do printf a; i=$((i + 1)); done
	  printf '%s' '-->'; } >"$1"
}

# --- files that keep every rule ------------------------------------------------
mk ok.html '<meta charset="utf-8"><p>caf\303\251</p>'
mk ok.xhtml '<html xmlns="http://www.w3.org/1999/xhtml"><head><meta charset="UTF-8"/></head><body>caf\303\251</body></html>'
mk ok.xml '<?xml version="1.0" encoding="UTF-8"?><r>caf\303\251</r>'
mk ok.css '@charset "utf-8";\na{content:"\303\251"}'

# --- labels -------------------------------------------------------------------
# [html5:10] a valid character encoding name; '<meta charset="' is 15 bytes
mk unknown.html '<meta charset="foo">'
breaks label-unknown 15 unknown.html
clean label-unknown ok.html
mk unknown.xml '<?xml version="1.0" encoding="x-foo"?><r/>'
breaks label-unknown 30 unknown.xml
clean label-unknown ok.xml
# [html5:10] the preferred MIME name: "utf8" and "latin1" are labels only
mk utf8.html '<meta charset="utf8">'
breaks label-not-name 15 utf8.html
mk mime.html '<meta charset="ISO-8859-1">'
keeps label-not-name mime.html
mk ascii.html '<p>ascii</p>'
breaks label-not-name 0 ascii.html --transport=latin1
keeps label-not-name ascii.html --transport=Windows-1252
# [html5:11] no character references or escapes
mk escaped.html '<meta charset="&#x75;tf-8">'
breaks label-escaped 15 escaped.html
clean label-escaped ok.html

# --- encodings ------------------------------------------------------------------
# [html5:18] [html5:28] must not use CESU-8, UTF-7, BOCU-1, SCSU
mk utf7.html '<meta charset="utf-7">'
breaks encoding-forbidden 15 utf7.html
mk utf7.css '@charset "UTF-7";'
breaks encoding-forbidden 10 utf7.css
clean encoding-forbidden ok.html
# [html5:18] [html5:29] should not use ISO-2022 ..., UTF-32
mk jis.html '<meta charset="iso-2022-jp">'
breaks encoding-unsafe 15 jis.html
mk u32.html '\377\376\000\000<\000\000\000p\000\000\000>\000\000\000'
breaks encoding-unsafe 0 u32.html
mk hz.css '@charset "HZ-GB-2312";'
breaks encoding-unsafe 10 hz.css
clean encoding-unsafe ok.html
# [html5:17] authors are encouraged to use UTF-8
mk legacy.html '<meta charset="windows-1252"><p>caf\351</p>'
breaks encoding-legacy 15 legacy.html
clean encoding-legacy ok.html
mk u16.html '\377\376<\000p\000>\000'
clean encoding-legacy u16.html

# --- declarations against each other and the bytes --------------------------------
# [html5:9] the name of the encoding used; BOM at 0, meta at 3
mk bomkoi.html '\357\273\277<meta charset="koi8-r">'
breaks decl-conflict 3 bomkoi.html
mk bomutf8.html '\357\273\277<meta charset="utf-8">'
clean decl-conflict bomutf8.html
breaks decl-conflict 0 ok.html --transport=koi8-r
clean decl-conflict ok.html --transport=utf-8
# XHTML: meta vs the XML declaration ([xhtml:3] the XML declaration wins);
# the declaration is 38 bytes, <html><head> 12 more: the meta at 50
mk xdecl.xhtml '<?xml version="1.0" encoding="UTF-8"?><html><head><meta charset="ISO-8859-5"/></head></html>'
breaks decl-conflict 50 xdecl.xhtml
# [html5:9] the bytes must be the declared encoding: C3 28 at 25 is not UTF-8
mk badutf8.html '<meta charset="utf-8">caf\303(</p>'
breaks decode-error 25 badutf8.html
clean decode-error ok.html
# [html5:9] the content detector: French in UTF-8 declared windows-1252
# decodes without an error but to other text (C3 B4 is "Ã´", not "ô"),
# from the first block of 32 bytes on; the same text in windows-1252
# keeps the rule
mk moj.html '<meta charset="windows-1252"><p>Le c\303\264t\303\251 fran\303\247ais de la for\303\252t, o\303\271 l\303\251t\303\251 dure, \303\240 la fen\303\252tre.</p>'
breaks content-mismatch 32 moj.html
keeps content-mismatch moj.html --no-content
mk fr.html '<meta charset="windows-1252"><p>Le c\364t\351 fran\347ais de la for\352t, o\371 l\351t\351 dure, \340 la fen\352tre.</p>'
keeps content-mismatch fr.html
mk fr8.html '<meta charset="utf-8"><p>Le c\303\264t\303\251 fran\303\247ais de la for\303\252t, o\303\271 l\303\251t\303\251 dure, \303\240 la fen\303\252tre.</p>'
clean content-mismatch fr8.html
# windows-1253 has no character for AA
mk w1253.html '<meta charset="windows-1253">\252'
breaks decode-error 29 w1253.html

# --- HTML -----------------------------------------------------------------------
# [html5:21] no XML declaration in HTML
mk xml.html '<?xml version="1.0" encoding="utf-8"?><!DOCTYPE html><meta charset="utf-8">'
breaks html-xml-declaration 0 xml.html
mk bomxml.html '\357\273\277<?xml version="1.0"?><!DOCTYPE html>'
breaks html-xml-declaration 3 bomxml.html
clean html-xml-declaration ok.html
# [html5:14] non-ASCII without BOM, transport or meta: first byte >= 80 at 6
mk undecl.html '<p>caf\303\251</p>'
breaks html-undeclared 6 undecl.html
clean html-undeclared ascii.html
clean html-undeclared undecl.html --transport=utf-8
mk bomundecl.html '\357\273\277<p>caf\303\251</p>'
clean html-undeclared bomundecl.html
# [html5:3] [html5:7] [html5:13] one meta declaration; the second at 22
mk two.html '<meta charset="utf-8"><meta charset="utf-8">'
breaks meta-multiple 22 two.html
mk both.html '<meta charset="utf-8"><meta http-equiv="Content-Type" content="text/html; charset=utf-8">'
breaks meta-multiple 22 both.html
clean meta-multiple ok.html
# [html5:4] exactly one of name, http-equiv, charset
mk attrs.html '<meta name="x" charset="utf-8">'
breaks meta-attributes 0 attrs.html
clean meta-attributes ok.html
# [html5:12] completely within the first 1024 bytes: a 22-byte meta at 1002
# ends at 1024 (keeps), at 1003 ends at 1025 (breaks)
pad late.html 1003
printf '<meta charset="utf-8">' >>late.html
breaks meta-late 1003 late.html
pad intime.html 1002
printf '<meta charset="utf-8">' >>intime.html
clean meta-late intime.html
# [html5:6] "text/html;", spaces, "charset=", the name
mk pragma.html '<meta http-equiv="Content-Type" content="text/html; charset=utf-8">'
keeps meta-pragma-content pragma.html
mk pragma2.html '<meta http-equiv="content-type" content="TEXT/HTML;charset=utf-8">'
keeps meta-pragma-content pragma2.html
mk notext.html '<meta http-equiv="Content-Type" content="charset=utf-8">'
breaks meta-pragma-content 0 notext.html
mk plain.html '<meta http-equiv="Content-Type" content="text/plain; charset=utf-8">'
breaks meta-pragma-content 0 plain.html
mk trail.html '<meta http-equiv="Content-Type" content="text/html; charset=utf-8; x=y">'
breaks meta-pragma-content 0 trail.html
# [html5:0] the charset attribute is preferred
breaks meta-pragma 0 pragma.html
clean meta-pragma ok.html
# [html5:14] [html5:16] ASCII-compatible only
mk m16.html '<meta charset="utf-16">'
breaks meta-not-ascii-compatible 0 m16.html
clean meta-not-ascii-compatible ok.html
# [html5:16] so no meta in a UTF-16 page: UTF-16LE BOM, "<meta" at 2
mk in16.html '\377\376<\000m\000e\000t\000a\000 \000c\000h\000a\000r\000s\000e\000t\000=\000u\000t\000f\000-\0001\0006\000>\000'
breaks meta-in-utf16 2 in16.html
clean meta-in-utf16 u16.html

# --- XHTML served as XML ---------------------------------------------------------
# [html5:8] no pragma in XML documents; the start tag of html is 43 bytes,
# <head> 6 more: the meta at 49
mk pragma.xhtml '<html xmlns="http://www.w3.org/1999/xhtml"><head><meta http-equiv="Content-Type" content="text/html; charset=utf-8"/></head></html>'
breaks xhtml-meta-pragma 49 pragma.xhtml
clean xhtml-meta-pragma ok.xhtml
# the same bytes served as text/html: a pragma is fine in HTML
keeps xhtml-meta-pragma pragma.xhtml --media-type=text/html
# [html5:1] only "UTF-8", in UTF-8 documents; the declaration is 43
# bytes, <html><head> 12 more: the meta at 55
mk l1.xhtml '<?xml version="1.0" encoding="ISO-8859-1"?><html><head><meta charset="ISO-8859-1"/></head></html>'
breaks xhtml-meta-not-utf8 55 l1.xhtml
clean xhtml-meta-not-utf8 ok.xhtml

# --- XML --------------------------------------------------------------------------
# [xml:5] no BOM and no declaration: UTF-8; E9 at 6 is not
mk undecl.xml '<r>caf\351</r>'
breaks xml-undeclared 6 undecl.xml
mk decl1252.xml '<?xml version="1.0" encoding="windows-1252"?><r>caf\351</r>'
keeps xml-undeclared decl1252.xml
mk utf8.xml '<r>caf\303\251</r>'
clean xml-undeclared utf8.xml
# [xml:1] UTF-16 entities must begin with a BOM
mk nobom.xml '<\000?\000x\000m\000l\000 \000v\000e\000r\000s\000i\000o\000n\000=\000"\0001\000.\0000\000"\000 \000e\000n\000c\000o\000d\000i\000n\000g\000=\000"\000U\000T\000F\000-\0001\0006\000"\000?\000>\000<\000r\000/\000>\000'
breaks xml-utf16-no-bom 0 nobom.xml
{ printf '\377\376'; cat nobom.xml; } >bom16.xml
clean xml-utf16-no-bom bom16.xml

# --- CSS (CSS Syntax Level 3, 3.2) -------------------------------------------------
mk sq.css "@charset 'utf-8';"
breaks css-charset-ignored 0 sq.css
mk upper.css '@CHARSET "utf-8";'
breaks css-charset-ignored 0 upper.css
mk later.css 'a{}\n@charset "utf-8";'
breaks css-charset-ignored 4 later.css
clean css-charset-ignored ok.css
mk bom.css '\357\273\277@charset "utf-8";\na{}'
breaks css-bom-charset 3 bom.css
clean css-bom-charset ok.css
mk undecl.css 'a{content:"\303\251"}'
breaks css-undeclared 11 undecl.css
clean css-undeclared ok.css
mk bomundecl.css '\357\273\277a{content:"\303\251"}'
clean css-undeclared bomundecl.css

# --- output, options, exit status -------------------------------------------------------
"$WHATENC" check legacy.html >"$T/out" 2>"$T/err"
contains "declaration line" "$T/out" 'legacy.html:0: declaration: meta-charset "windows-1252" (windows-1252, used)'
"$WHATENC" check bomutf8.html >"$T/out" 2>"$T/err"
contains "bom declaration" "$T/out" 'bomutf8.html:0: declaration: bom (UTF-8, used)'
contains "meta after a bom: not used" "$T/out" 'bomutf8.html:3: declaration: meta-charset "utf-8" (UTF-8)'
"$WHATENC" check --transport=koi8-r ok.html >"$T/out" 2>"$T/err"
contains "transport declaration" "$T/out" 'ok.html:0: declaration: transport "koi8-r" (KOI8-R, used)'
"$WHATENC" check --json --no-content badutf8.html >"$T/out" 2>"$T/err"
status "--json exit" 1 $?
check "--json: one line per finding" [ "$(wc -l <"$T/out")" -eq 1 ]
contains "--json object" "$T/out" '{"file":"badutf8.html","offset":25,"rule":"decode-error","severity":"error","message":"'
"$WHATENC" check --quiet legacy.html >"$T/out" 2>&1
status "--quiet exit" 1 $?
check "--quiet prints nothing" [ ! -s "$T/out" ]
"$WHATENC" check -q ok.html ok.css ok.xml ok.xhtml >"$T/out" 2>&1
status "clean files exit 0" 0 $?
"$WHATENC" check ok.html legacy.html >/dev/null 2>&1
status "one file with findings: exit 1" 1 $?
mk page.txt '<p>caf\303\251</p>'
"$WHATENC" check page.txt >/dev/null 2>"$T/err"
status "unknown format: exit 2" 2 $?
contains "unknown format message" "$T/err" "page.txt"
breaks html-undeclared 6 page.txt --format=html
breaks html-undeclared 6 page.txt --media-type=text/html
clean html-undeclared page.txt --media-type='text/html; charset=UTF-8'
"$WHATENC" check --format=xml --media-type=text/html ok.html >/dev/null 2>&1
status "--format contradicts --media-type: exit 2" 2 $?
"$WHATENC" check --media-type=image/png ok.html >/dev/null 2>&1
status "unknown media type: exit 2" 2 $?
"$WHATENC" check --format=pdf ok.html >/dev/null 2>&1
status "unknown --format: exit 2" 2 $?
"$WHATENC" check >/dev/null 2>&1
status "no file: exit 2" 2 $?
"$WHATENC" check missing.html >/dev/null 2>"$T/err"
status "missing file: exit 2" 2 $?
"$WHATENC" check - <undecl.html >/dev/null 2>&1
status "stdin without --format: exit 2" 2 $?
"$WHATENC" check --format=html - <undecl.html >"$T/out" 2>&1
contains "stdin with --format" "$T/out" '-:6: html-undeclared: error: '
: >empty.html
clean "empty file" empty.html
# every rule of the core is in the man page's rule table
ids=$(sed -n 's/^[[:space:]]*\[WHATENC_RULE_[A-Z0-9_]*\] = { "\([a-z0-9-]*\)".*/\1/p' \
	"$REPO/module/detect/rules.c")
check "rule ids found in rules.c" [ "$(echo "$ids" | wc -w)" -ge 20 ]
for r in $ids; do
	contains "man page lists $r" "$REPO/userspace-tool/whatenc.1" \
		".BR $(echo "$r" | sed 's/-/\\-/g') \""
done
for o in --format --transport --media-type --no-content --quiet --json \
	 'Exit status'; do
	contains "help mentions $o" "$T/help" "$o"
done

finish
