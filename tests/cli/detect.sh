#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# `whatenc detect`: encoding detection by format, end to end. Expected
# values come from the standards (see kunit/test_detect.c for the full
# per-rule suite): HTML Standard 13.2.3.2 (encoding sniffing algorithm,
# prescan), XML 1.0 Appendix F, CSS Syntax 3 "determine the fallback
# encoding", Encoding Standard "BOM sniff" and "get an encoding".
# Detection runs in the core in userspace with either engine.
. "$(dirname "$0")/testlib"

if ! "$WHATENC" detect --help >"$T/help" 2>&1 ||
   ! grep -q '^Usage: whatenc detect' "$T/help"; then
	skip "'whatenc detect' is not available in $WHATENC"
	finish
fi

# det NAME EXPECTED-LINE [OPTION...] FILE: the output is exactly that line
det() {
	_n=$1 _want=$2
	shift 2
	_got=$("$WHATENC" detect "$@" 2>"$T/err")
	if [ "$_got" = "$_want" ]; then
		pass "$_n"
	else
		fail "$_n: got '$_got' ($(head -c 200 "$T/err")), expected '$_want'"
	fi
}

# mk FILE PRINTF-FORMAT: write bytes
mk() {
	printf "$2" >"$T/$1"
}

cd "$T" || exit 2

# --- help and usage ---------------------------------------------------------
for o in --format --transport --referrer --fallback --utf8-sniff --no-utf32 \
	 'Exit status'; do
	contains "help mentions $o" "$T/help" "$o"
done
"$WHATENC" detect >/dev/null 2>"$T/err"
status "no file: usage error" 2 $?
"$WHATENC" detect --format=pdf x >/dev/null 2>"$T/err"
status "unknown format" 2 $?
"$WHATENC" detect --transport=bogus x >/dev/null 2>"$T/err"
status "unknown transport label" 2 $?
"$WHATENC" detect missing.html >/dev/null 2>"$T/err"
status "missing file" 2 $?
contains "missing file message" "$T/err" "missing.html"

# --- HTML -------------------------------------------------------------------
mk m.html '<!DOCTYPE html><meta charset="ISO-8859-5"><p>'
det "meta charset" "m.html: ISO-8859-5 (meta, tentative)" m.html
mk he.html '<meta http-equiv="Content-Type" content="text/html; charset=EUC-JP">'
det "http-equiv" "he.html: EUC-JP (meta, tentative)" he.html
mk nope.html '<meta content="text/html; charset=EUC-JP">'
det "content without http-equiv" "nope.html: windows-1252 (fallback, tentative)" nope.html
mk q.html "<meta http-equiv=content-type content='text/html; charset=\"koi8-r\"'>"
det "charset in quotes in content" "q.html: KOI8-R (meta, tentative)" q.html
mk c.html '<!-- <meta charset=koi8-r> --><meta charset=iso-8859-2>'
det "meta in comment skipped" "c.html: ISO-8859-2 (meta, tentative)" c.html
mk u16.html '<meta charset=utf-16le>'
det "utf-16 meta is utf-8" "u16.html: UTF-8 (meta, tentative)" u16.html
mk xud.html '<meta charset=x-user-defined>'
det "x-user-defined meta is windows-1252" "xud.html: windows-1252 (meta, tentative)" xud.html
mk dup.html '<meta charset=koi8-r charset=iso-8859-2>'
det "duplicate attribute" "dup.html: KOI8-R (meta, tentative)" dup.html
mk un.html '<meta charset="koi8-r>'
det "unterminated attribute" "un.html: windows-1252 (fallback, tentative)" un.html
# a meta after the first 1024 bytes is not seen
{ i=0; while [ $i -lt 64 ]; do printf '<!-- padding -->'; i=$((i + 1)); done
  printf '<meta charset=koi8-r>'; } >late.html
det "meta after 1024 bytes" "late.html: windows-1252 (fallback, tentative)" late.html
mk bom.html '\357\273\277<meta charset=koi8-r>'
det "BOM beats meta" "bom.html: UTF-8 (bom, certain)" bom.html
det "transport beats meta" "m.html: KOI8-U (transport, certain)" \
	--transport=koi8-u m.html
det "BOM beats transport" "bom.html: UTF-8 (bom, certain)" \
	--transport=koi8-u bom.html
mk x.html '<?xml version="1.0" encoding="windows-1251"?><p>'
det "xml declaration in html" "x.html: windows-1251 (xml-declaration, tentative)" x.html
mk p.html '<p>caf\303\251</p>'
det "html default (--no-content)" "p.html: windows-1252 (fallback, tentative)" \
	--no-content p.html
# without a declaration the content decides (tests/cli/content.sh)
det "html undeclared utf-8: content" "p.html: UTF-8 (content, tentative, 100%)" p.html
det "html --fallback" "p.html: Shift_JIS (fallback, tentative)" \
	--fallback=sjis p.html
det "html --referrer" "p.html: ISO-8859-2 (referrer, tentative)" \
	--referrer=latin2 p.html
det "html --utf8-sniff" "p.html: UTF-8 (validity, tentative)" --utf8-sniff p.html

# --- BOMs, UTF-32 -------------------------------------------------------------
mk le32.txt '\377\376\000\000a\000\000\000'
det "utf-32le bom" "le32.txt: UTF-32LE (unsupported) (bom, certain)" le32.txt
"$WHATENC" detect le32.txt >/dev/null 2>&1
status "unsupported: exit 1" 1 $?
mk be32.txt '\000\000\376\377\000\000\000a'
det "utf-32be bom" "be32.txt: UTF-32BE (unsupported) (bom, certain)" be32.txt
det "--no-utf32: ff fe 00 00 is utf-16le" \
	"le32.txt: UTF-16LE (bom, certain)" --no-utf32 le32.txt
mk le16.txt '\377\376a\000'
det "utf-16le bom" "le16.txt: UTF-16LE (bom, certain)" le16.txt

# --- XML ----------------------------------------------------------------------
mk d.xml '<?xml version="1.0" encoding="ISO-8859-2"?><r/>'
det "xml declaration" "d.xml: ISO-8859-2 (xml-declaration, certain)" d.xml
mk n.xml '<r/>'
det "xml default utf-8" "n.xml: UTF-8 (fallback, certain)" n.xml
mk u16.xml '<\000?\000x\000m\000l\000 \000e\000n\000c\000o\000d\000i\000n\000g\000=\000"\000u\000t\000f\000-\0001\0006\000"\000?\000>\000'
det "xml utf-16le decl without BOM" "u16.xml: UTF-16LE (xml-declaration, certain)" u16.xml
mk bd.xml '\357\273\277<?xml version="1.0" encoding="ISO-8859-2"?>'
det "xml BOM beats declaration" "bd.xml: UTF-8 (bom, certain)" bd.xml
mk foo.xml '<?xml version="1.0" encoding="x-foo"?>'
det "xml unknown label" "foo.xml: x-foo (unsupported) (xml-declaration, certain)" foo.xml
det "--format=xml on .html" "x.html: windows-1251 (xml-declaration, certain)" \
	--format=xml x.html

# --- CSS ----------------------------------------------------------------------
mk a.css '@charset "koi8-r";\nbody{}'
det "@charset" "a.css: KOI8-R (@charset, certain)" a.css
mk sq.css "@charset 'koi8-r';"
det "@charset single quotes: no match" "sq.css: UTF-8 (fallback, tentative)" sq.css
mk ns.css '@charset"koi8-r";'
det "@charset no space: no match" "ns.css: UTF-8 (fallback, tentative)" ns.css
mk u16.css '@charset "utf-16be";'
det "@charset utf-16 is utf-8" "u16.css: UTF-8 (@charset, certain)" u16.css
det "css referrer" "sq.css: ISO-8859-2 (referrer, tentative)" \
	--referrer=latin2 sq.css

# --- text ---------------------------------------------------------------------
mk a.txt 'hello\n'
det "ascii text" "a.txt: UTF-8 (validity, tentative)" a.txt
mk l.txt 'caf\351\n'
det "invalid utf-8 text: fallback (--no-content)" "l.txt: windows-1252 (fallback, tentative)" \
	--no-content l.txt
det "text --fallback" "l.txt: ISO-8859-2 (fallback, tentative)" \
	--fallback=latin2 l.txt
# invalid UTF-8 far into a file is still seen (text examines all bytes)
{ i=0; while [ $i -lt 600 ]; do printf 'caf\303\251 caf\303\251 '; i=$((i + 1)); done
  printf '\351'; } >late.txt
det "invalid utf-8 after 7 KB" "late.txt: windows-1252 (fallback, tentative)" \
	--no-content late.txt
printf 'caf\303\251' | "$WHATENC" detect - >"$T/out" 2>"$T/err"
status "stdin exit" 0 $?
check "stdin is text" [ "$(cat "$T/out")" = "-: UTF-8 (validity, tentative)" ]

# several files, one line each, in order
"$WHATENC" detect a.txt a.css d.xml >"$T/out" 2>&1
status "several files exit" 0 $?
check "several files: three lines" [ "$(wc -l <"$T/out")" -eq 3 ]
check "several files: order" [ "$(head -n 1 "$T/out")" = "a.txt: UTF-8 (validity, tentative)" ]

# --- whatenc -f auto [--format=F]: decode with the detected encoding -----------
# (KOI8-R C1 C2 = U+0430 U+0431, windows-1252 C1 C2 = U+00C1 U+00C2,
# ISO-8859-2 B1 = U+0105: the Encoding Standard's index files)
if "$WHATENC" --help 2>/dev/null | grep -q -- '--format'; then
	mk k.html '<meta charset=koi8-r>\301\302'
	mk kw.txt '<meta charset=koi8-r>\320\260\320\261'
	"$WHATENC" --engine="$WT_ENGINE" -f auto k.html >"$T/out" 2>"$T/err"
	status "-f auto html exit" 0 $?
	same "-f auto: meta decides" "$T/out" kw.txt
	mk kx.txt '<meta charset=koi8-r>\303\201\303\202'
	"$WHATENC" --engine="$WT_ENGINE" -f auto --format=text --no-content k.html >"$T/out" 2>"$T/err"
	same "-f auto --format=text --no-content: fallback windows-1252" "$T/out" kx.txt
	mk l2.css '@charset "iso-8859-2";\261'
	mk l2u.txt '@charset "iso-8859-2";\304\205'
	"$WHATENC" --engine="$WT_ENGINE" -f auto l2.css >"$T/out" 2>"$T/err"
	same "-f auto css @charset" "$T/out" l2u.txt
	mk u16.txt '\377\376h\000i\000'
	"$WHATENC" --engine="$WT_ENGINE" -f auto u16.txt >"$T/out" 2>"$T/err"
	check "-f auto utf-16le bom" [ "$(cat "$T/out")" = hi ]
	"$WHATENC" --engine="$WT_ENGINE" -f auto le32.txt >"$T/out" 2>"$T/err"
	status "-f auto utf-32: exit 1" 1 $?
	contains "-f auto utf-32 message" "$T/err" "UTF-32LE (unsupported)"
else
	skip "'whatenc -f auto --format' is not wired yet"
fi

finish
