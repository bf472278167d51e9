// SPDX-License-Identifier: GPL-2.0-only
/*
 * test_detect.c - whatenc_detect(): encoding detection by format
 *
 * Every expected value comes from the text of the standard the case
 * cites, not from whatenc's output:
 *   [ENC]   Encoding Standard: "BOM sniff", "get an encoding" (labels)
 *   [HTML]  HTML Standard 13.2.3.2 "Determining the character encoding":
 *           sniff-N = encoding sniffing algorithm step N, prescan-N =
 *           "prescan a byte stream to determine its encoding" step N,
 *           attr-N = "get an attribute" step N, xmlenc-N = "get an XML
 *           encoding" step N, extract-N = "algorithm for extracting a
 *           character encoding from a meta element" step N
 *   [XML]   XML 1.0 4.3.3 and Appendix F.1; [RFC7303] section 3
 *   [CSS]   CSS Syntax Level 3, 3.2 "determine the fallback encoding"
 *   [W]     whatenc's documented extensions (UTF-32, look-ahead limits)
 */
#include "whatenc.h"
#include "whatenc_detect.h"
#include "wt_test.h"

#define F_TEXT	WHATENC_FORMAT_TEXT
#define F_HTML	WHATENC_FORMAT_HTML
#define F_XML	WHATENC_FORMAT_XML
#define F_CSS	WHATENC_FORMAT_CSS

#define S_BOM	WHATENC_SRC_BOM
#define S_TR	WHATENC_SRC_TRANSPORT
#define S_META	WHATENC_SRC_META
#define S_XML	WHATENC_SRC_XML_DECL
#define S_CSS	WHATENC_SRC_CSS_CHARSET
#define S_VAL	WHATENC_SRC_VALIDITY
#define S_REF	WHATENC_SRC_REFERRER
#define S_FB	WHATENC_SRC_FALLBACK

#define CERT	true
#define TENT	false
#define NONE	(-1)	/* no transport/referrer/fallback option */

struct det_case {
	const char *name;
	int fmt;
	const char *in;
	size_t len;
	int transport, referrer, fallback;
	unsigned int flags;	/* extra WHATENC_DETECT_* flags */
	int enc;		/* expected; WHATENC_NR_ENCODINGS if unsupported */
	int unsup;
	int src;
	bool certain;
};

/* A case on a string literal (NUL bytes allowed), detected at EOF. */
#define C(nm, f, s, e, sr, ce) \
	{ nm, f, s, sizeof(s) - 1, NONE, NONE, NONE, 0, e, 0, sr, ce }
/* The same with options. */
#define CO(nm, f, s, tr, rf, fb, fl, e, sr, ce) \
	{ nm, f, s, sizeof(s) - 1, tr, rf, fb, fl, e, 0, sr, ce }
/* Unsupported documents. */
#define CU(nm, f, s, fl, un, sr) \
	{ nm, f, s, sizeof(s) - 1, NONE, NONE, NONE, fl, \
	  WHATENC_NR_ENCODINGS, un, sr, CERT }

#define W1252	WHATENC_WINDOWS_1252
#define KOI8R	WHATENC_KOI8_R
#define I88592	WHATENC_ISO_8859_2
#define I88595	WHATENC_ISO_8859_5

static const struct det_case cases[] = {
	/* ---- BOM sniff, all formats ------------------------------------ */
	/* [ENC] BOM sniff: EF BB BF, FE FF, FF FE; [HTML] sniff-1 certain */
	C("html utf-8 bom", F_HTML, "\xef\xbb\xbf<p>", WHATENC_UTF_8, S_BOM, CERT),
	C("html utf-16be bom", F_HTML, "\xfe\xff\0<", WHATENC_UTF_16BE, S_BOM, CERT),
	C("html utf-16le bom", F_HTML, "\xff\xfe<\0", WHATENC_UTF_16LE, S_BOM, CERT),
	/* [HTML] sniff-1 comes before the prescan (sniff-5) */
	C("bom beats meta", F_HTML, "\xef\xbb\xbf<meta charset=koi8-r>",
	  WHATENC_UTF_8, S_BOM, CERT),
	/* [HTML] sniff-1 comes before the transport layer (sniff-4) */
	CO("bom beats transport", F_HTML, "\xfe\xff\0<", I88592, NONE, NONE, 0,
	   WHATENC_UTF_16BE, S_BOM, CERT),
	/* [W] UTF-32 BOMs (seed charsets primer: FF FE 00 00 / 00 00 FE FF) */
	CU("utf-32le bom html", F_HTML, "\xff\xfe\0\0<\0\0\0", 0,
	   WHATENC_UNSUP_UTF32LE, S_BOM),
	CU("utf-32be bom html", F_HTML, "\0\0\xfe\xff\0\0\0<", 0,
	   WHATENC_UNSUP_UTF32BE, S_BOM),
	CU("utf-32le bom text", F_TEXT, "\xff\xfe\0\0a\0\0\0", 0,
	   WHATENC_UNSUP_UTF32LE, S_BOM),
	CU("utf-32le bom css", F_CSS, "\xff\xfe\0\0", 0,
	   WHATENC_UNSUP_UTF32LE, S_BOM),
	CU("utf-32be bom xml", F_XML, "\0\0\xfe\xff\0\0\0<", 0,
	   WHATENC_UNSUP_UTF32BE, S_BOM),
	/* [ENC] without the extension, FF FE 00 00 is a UTF-16LE BOM ... */
	CO("no_utf32: ff fe 00 00 is utf-16le", F_TEXT, "\xff\xfe\0\0", NONE,
	   NONE, NONE, WHATENC_DETECT_NO_UTF32, WHATENC_UTF_16LE, S_BOM, CERT),
	/* ... and 00 00 FE FF no BOM at all ([HTML] sniff-9 default) */
	CO("no_utf32: 00 00 fe ff is no bom", F_HTML, "\0\0\xfe\xff", NONE,
	   NONE, NONE, WHATENC_DETECT_NO_UTF32, W1252, S_FB, TENT),
	/* [ENC] FF FE 00 followed by a non-zero byte: UTF-16LE */
	C("ff fe 00 41", F_TEXT, "\xff\xfe\0A", WHATENC_UTF_16LE, S_BOM, CERT),
	/* at the end of the stream, a prefix of a UTF-32 BOM is not one */
	C("ff fe 00 at eof", F_TEXT, "\xff\xfe\0", WHATENC_UTF_16LE, S_BOM, CERT),

	/* ---- HTML: transport, prescan ------------------------------------- */
	/* [HTML] sniff-4: transport, certain, before the prescan */
	CO("transport beats meta", F_HTML, "<meta charset=koi8-r>", I88592, NONE,
	   NONE, 0, I88592, S_TR, CERT),
	/* [HTML] prescan <meta charset>, tentative (sniff-5) */
	C("meta charset", F_HTML, "<meta charset=\"ISO-8859-5\">", I88595,
	  S_META, TENT),
	C("meta charset single quotes", F_HTML, "<meta charset='koi8-r'>", KOI8R,
	  S_META, TENT),
	C("meta uppercase", F_HTML, "<META CHARSET=KOI8-R>", KOI8R, S_META, TENT),
	/* [ENC] get an encoding: labels, whitespace trimmed */
	C("meta label latin1", F_HTML, "<meta charset=\" latin1 \">", W1252,
	  S_META, TENT),
	/* [HTML] attr-11: '/' is part of an unquoted value: "koi8-r/" */
	C("meta unquoted value with /", F_HTML, "<meta charset=koi8-r/>", W1252,
	  S_FB, TENT),
	/* [HTML] prescan: '<meta' + '/' is a meta */
	C("meta slash", F_HTML, "<meta/charset=koi8-r>", KOI8R, S_META, TENT),
	/* '<metacharset' is not "<meta" + space or slash: another tag */
	C("metacharset", F_HTML, "<metacharset=koi8-r>", W1252, S_FB, TENT),
	/* [HTML] html4:8 / prescan: http-equiv pragma */
	C("http-equiv", F_HTML,
	  "<meta http-equiv=\"Content-Type\" content=\"text/html; charset=EUC-JP\">",
	  WHATENC_EUC_JP, S_META, TENT),
	C("http-equiv after content", F_HTML,
	  "<meta content=\"text/html; charset=EUC-JP\" http-equiv=\"Content-Type\">",
	  WHATENC_EUC_JP, S_META, TENT),
	/* [HTML] prescan-12: need pragma but no pragma */
	C("content without http-equiv", F_HTML,
	  "<meta content=\"text/html; charset=koi8-r\">", W1252, S_FB, TENT),
	C("http-equiv other value", F_HTML,
	  "<meta http-equiv=refresh content=\"text/html; charset=koi8-r\">",
	  W1252, S_FB, TENT),
	/* the http-equiv value must be "content-type" exactly */
	C("http-equiv value with space", F_HTML,
	  "<meta http-equiv=\" content-type\" content=\"charset=koi8-r\">",
	  W1252, S_FB, TENT),
	/* [HTML] extract-2: content without "charset" returns nothing */
	C("content without charset", F_HTML,
	  "<meta http-equiv=content-type content=\"text/html\">", W1252, S_FB,
	  TENT),
	/* [HTML] extract-6: charset value in quotes inside content */
	C("content charset in double quotes", F_HTML,
	  "<meta http-equiv=content-type content='text/html; charset=\"koi8-r\"'>",
	  KOI8R, S_META, TENT),
	C("content charset in single quotes", F_HTML,
	  "<meta http-equiv=content-type content=\"text/html; charset='koi8-r'\">",
	  KOI8R, S_META, TENT),
	/* [HTML] extract-6: an unmatched quote returns nothing */
	C("content unmatched quote", F_HTML,
	  "<meta http-equiv=content-type content=\"charset='koi8-r\">", W1252,
	  S_FB, TENT),
	/* [HTML] extract-6 otherwise: up to whitespace or ';' */
	C("content charset then semicolon", F_HTML,
	  "<meta http-equiv=content-type content=\"text/html;charset=koi8-r;x\">",
	  KOI8R, S_META, TENT),
	/* [HTML] extract-3/5: whitespace around '=' */
	C("content spaces around =", F_HTML,
	  "<meta http-equiv=content-type content=\"CHARSET = koi8-r\">",
	  KOI8R, S_META, TENT),
	/* [HTML] extract-4: "charset" without '=' goes on searching */
	C("content charset without =", F_HTML,
	  "<meta http-equiv=content-type content=\"charset; charset=koi8-r\">",
	  KOI8R, S_META, TENT),
	/* [HTML] extract-6: "charset=" at the end: nothing */
	C("content charset= at end", F_HTML,
	  "<meta http-equiv=content-type content=\"text/html; charset=\">",
	  W1252, S_FB, TENT),
	/* [HTML] prescan-14: UTF-16 from a meta becomes UTF-8 */
	C("meta utf-16", F_HTML, "<meta charset=utf-16>", WHATENC_UTF_8, S_META,
	  TENT),
	C("meta utf-16be", F_HTML, "<meta charset=UTF-16BE>", WHATENC_UTF_8,
	  S_META, TENT),
	C("http-equiv utf-16le", F_HTML,
	  "<meta http-equiv=content-type content=\"charset=utf-16le\">",
	  WHATENC_UTF_8, S_META, TENT),
	/* [HTML] prescan-15: x-user-defined becomes windows-1252 */
	C("meta x-user-defined", F_HTML, "<meta charset=x-user-defined>", W1252,
	  S_META, TENT),
	/* [ENC] replacement labels resolve; the prescan returns them */
	C("meta replacement label", F_HTML, "<meta charset=iso-2022-kr>",
	  WHATENC_REPLACEMENT, S_META, TENT),
	/* [HTML] prescan-7: a repeated attribute is ignored */
	C("duplicate charset", F_HTML,
	  "<meta charset=koi8-r charset=iso-8859-5>", KOI8R, S_META, TENT),
	C("duplicate charset uppercase", F_HTML,
	  "<meta charset=koi8-r CHARSET=iso-8859-5>", KOI8R, S_META, TENT),
	C("duplicate content", F_HTML,
	  "<meta http-equiv=content-type content=\"charset=koi8-r\" content=\"charset=iso-8859-5\">",
	  KOI8R, S_META, TENT),
	C("duplicate http-equiv", F_HTML,
	  "<meta http-equiv=refresh http-equiv=content-type content=\"charset=koi8-r\">",
	  W1252, S_FB, TENT),
	/* [HTML] prescan-9 "charset" sets charset even after "content" */
	C("charset after content", F_HTML,
	  "<meta http-equiv=content-type content=\"charset=koi8-r\" charset=iso-8859-5>",
	  I88595, S_META, TENT),
	/* [HTML] prescan-9/13: an unknown charset is failure, not null: a
	 * later content does not replace it and the meta is skipped
	 */
	C("bogus charset then content", F_HTML,
	  "<meta charset=bogus http-equiv=content-type content=\"charset=koi8-r\">",
	  W1252, S_FB, TENT),
	C("bogus charset then next meta", F_HTML,
	  "<meta charset=bogus><meta charset=koi8-r>", KOI8R, S_META, TENT),
	/* [HTML] prescan comment rule: a meta in a comment is skipped */
	C("meta in comment", F_HTML,
	  "<!-- <meta charset=koi8-r> --><meta charset=iso-8859-5>", I88595,
	  S_META, TENT),
	/* the two dashes of "-->" may be those of "<!--" */
	C("comment <!-->", F_HTML, "<!--><meta charset=koi8-r>", KOI8R, S_META,
	  TENT),
	C("comment <!--->", F_HTML, "<!---><meta charset=koi8-r>-->", KOI8R,
	  S_META, TENT),
	C("unterminated comment", F_HTML, "<!-- <meta charset=koi8-r>", W1252,
	  S_FB, TENT),
	/* [HTML] prescan tag rule: attributes of other tags are skipped */
	C("meta inside attribute", F_HTML,
	  "<p title=\"<meta charset=koi8-r>\"><meta charset=iso-8859-5>", I88595,
	  S_META, TENT),
	/* the prescan is no tokenizer: script content is scanned */
	C("meta in script text", F_HTML,
	  "<script>\"<meta charset=koi8-r>\"</script>", KOI8R, S_META, TENT),
	/* '</' + letter: an end tag, its "attributes" skipped */
	C("end tag meta", F_HTML, "</meta charset=koi8-r>", W1252, S_FB, TENT),
	/* '<?' and '<!' skip to the first '>' */
	C("processing instruction", F_HTML,
	  "<?php <meta charset=koi8-r> ?>", W1252, S_FB, TENT),
	C("doctype then meta", F_HTML,
	  "<!DOCTYPE html><html><head><meta charset=koi8-r>", KOI8R, S_META,
	  TENT),
	/* [HTML] attr-4: '=' first in a name is part of the name */
	C("attribute name starting with =", F_HTML,
	  "<meta =charset=koi8-r>", W1252, S_FB, TENT),
	/* [HTML] attr-6/7: spaces before '=' */
	C("spaces around attribute =", F_HTML, "<meta charset = koi8-r >",
	  KOI8R, S_META, TENT),
	/* [HTML] attr-10 '>': empty value; then the next attribute */
	C("empty value", F_HTML, "<meta charset=><meta charset=koi8-r>", KOI8R,
	  S_META, TENT),
	/* unterminated attribute value: the prescan runs out of bytes */
	C("unterminated value", F_HTML, "<meta charset=\"koi8-r>", W1252, S_FB,
	  TENT),
	C("unterminated tag", F_HTML, "<meta charset=koi8-r", W1252, S_FB, TENT),
	/* [HTML] prescan-2: UTF-16 '<?x' without BOM, returned as is */
	C("utf-16le <?x", F_HTML, "<\0?\0x\0m\0l\0", WHATENC_UTF_16LE, S_XML,
	  TENT),
	C("utf-16be <?x", F_HTML, "\0<\0?\0x\0m\0l", WHATENC_UTF_16BE, S_XML,
	  TENT),
	/* [HTML] get an XML encoding after an aborted prescan */
	C("html xml decl", F_HTML,
	  "<?xml version=\"1.0\" encoding=\"windows-1251\"?><p>",
	  WHATENC_WINDOWS_1251, S_XML, TENT),
	/* the prescan runs first: a meta wins over the XML declaration */
	C("html xml decl and meta", F_HTML,
	  "<?xml version=\"1.0\" encoding=\"windows-1251\"?>\n<meta charset=\"windows-1253\">",
	  WHATENC_WINDOWS_1253, S_META, TENT),
	/* '<?' skips to the first '>': the meta is inside the declaration */
	C("meta inside xml decl", F_HTML,
	  "<?xml version=\"1.0\" <meta encoding=\"windows-1251\" charset=\"windows-1253\"?>",
	  WHATENC_WINDOWS_1251, S_XML, TENT),
	/* xmlenc-6/9 (bytes <= 0x20) and xmlenc-11 (either quote) */
	C("xml decl spaces and single quotes", F_HTML,
	  "<?xml encoding = 'koi8-r' ?>", KOI8R, S_XML, TENT),
	/* xmlenc-15: a byte <= 0x20 in the name: failure */
	C("xml decl space in name", F_HTML,
	  "<?xml version=\"1.0\" encoding=\"koi8-r \"?>", W1252, S_FB, TENT),
	/* xmlenc-2: `<?xml` is case-sensitive */
	C("xml decl uppercase", F_HTML, "<?XML encoding=\"koi8-r\"?>", W1252,
	  S_FB, TENT),
	/* xmlenc-17: UTF-16 becomes UTF-8 */
	C("xml decl utf-16", F_HTML, "<?xml version=\"1.0\" encoding=\"utf-16\"?>",
	  WHATENC_UTF_8, S_XML, TENT),
	/* [HTML] sniff-6: the container document, unless UTF-16BE/LE */
	CO("referrer", F_HTML, "<p>", NONE, I88592, NONE, 0, I88592, S_REF, TENT),
	CO("referrer utf-16le ignored", F_HTML, "<p>", NONE, WHATENC_UTF_16LE,
	   NONE, 0, W1252, S_FB, TENT),
	CO("meta beats referrer", F_HTML, "<meta charset=koi8-r>", NONE, I88592,
	   NONE, 0, KOI8R, S_META, TENT),
	/* [HTML] sniff-9: the default, windows-1252 or the caller's */
	C("default", F_HTML, "<p>caf\xe9</p>", W1252, S_FB, TENT),
	CO("caller's default", F_HTML, "<p>", NONE, NONE, WHATENC_SHIFT_JIS, 0,
	   WHATENC_SHIFT_JIS, S_FB, TENT),
	/* [HTML] sniff-8: UTF-8 detection, only when asked */
	CO("utf-8 sniff", F_HTML, "<p>caf\xc3\xa9</p>", NONE, NONE, NONE,
	   WHATENC_DETECT_UTF8_SNIFF, WHATENC_UTF_8, S_VAL, TENT),
	C("no utf-8 sniff by default", F_HTML, "<p>caf\xc3\xa9</p>", W1252, S_FB,
	  TENT),
	CO("utf-8 sniff: ascii is no evidence", F_HTML, "<p>cafe</p>", NONE,
	   NONE, NONE, WHATENC_DETECT_UTF8_SNIFF, W1252, S_FB, TENT),
	CO("utf-8 sniff: invalid", F_HTML, "<p>caf\xe9</p>", NONE, NONE, NONE,
	   WHATENC_DETECT_UTF8_SNIFF, W1252, S_FB, TENT),

	/* ---- XML ---------------------------------------------------------- */
	/* [XML] F.1 3C 3F 78 6D: the declaration's encoding */
	C("xml decl", F_XML,
	  "<?xml version=\"1.0\" encoding=\"ISO-8859-2\"?><r/>", I88592, S_XML,
	  CERT),
	C("xml decl single quotes", F_XML,
	  "<?xml version='1.0' encoding='koi8-r'?><r/>", KOI8R, S_XML, CERT),
	C("xml decl with spaces", F_XML,
	  "<?xml version = \"1.0\"\n\tencoding = \"koi8-r\" standalone=\"yes\" ?>",
	  KOI8R, S_XML, CERT),
	/* [XML] 4.3.1 text declaration: version is optional */
	C("xml text decl", F_XML, "<?xml encoding=\"koi8-r\"?>", KOI8R, S_XML,
	  CERT),
	/* [XML] 4.3.3: no BOM and no encoding declaration: UTF-8 */
	C("xml decl without encoding", F_XML, "<?xml version=\"1.0\"?><r/>",
	  WHATENC_UTF_8, S_FB, CERT),
	C("xml without decl", F_XML, "<r>caf\xe9</r>", WHATENC_UTF_8, S_FB,
	  CERT),
	C("xml-stylesheet is no decl", F_XML,
	  "<?xml-stylesheet href=\"a\" encoding=\"koi8-r\"?>", WHATENC_UTF_8,
	  S_FB, CERT),
	/* [XML] F.1: the BOM decides (a conflicting declaration is an error) */
	C("xml bom beats decl", F_XML,
	  "\xef\xbb\xbf<?xml version=\"1.0\" encoding=\"ISO-8859-2\"?>",
	  WHATENC_UTF_8, S_BOM, CERT),
	/* [RFC7303] 3: the charset parameter beats the declaration */
	CO("xml transport beats decl", F_XML,
	   "<?xml version=\"1.0\" encoding=\"ISO-8859-2\"?>", KOI8R, NONE, NONE,
	   0, KOI8R, S_TR, CERT),
	/* [XML] F.1 00 3C 00 3F / 3C 00 3F 00 without BOM: 16-bit family,
	 * the declaration (read as UTF-16) says which
	 */
	C("xml utf-16le decl", F_XML,
	  "<\0?\0x\0m\0l\0 \0v\0e\0r\0s\0i\0o\0n\0=\0\"\0001\0.\0000\0\"\0 \0"
	  "e\0n\0c\0o\0d\0i\0n\0g\0=\0\"\0U\0T\0F\0-\0001\0006\0\"\0?\0>\0",
	  WHATENC_UTF_16LE, S_XML, CERT),
	C("xml utf-16be decl", F_XML,
	  "\0<\0?\0x\0m\0l\0 \0e\0n\0c\0o\0d\0i\0n\0g\0=\0'\0U\0T\0F\0-\0001\0006\0'\0?\0>",
	  WHATENC_UTF_16BE, S_XML, CERT),
	/* no encoding declaration in a 16-bit document: an error, tentative */
	C("xml utf-16be no encoding", F_XML,
	  "\0<\0?\0x\0m\0l\0 \0v\0e\0r\0s\0i\0o\0n\0=\0'\0001\0.\0000\0'\0?\0>",
	  WHATENC_UTF_16BE, S_XML, TENT),
	C("xml utf-16le wrong encoding", F_XML,
	  "<\0?\0x\0m\0l\0 \0e\0n\0c\0o\0d\0i\0n\0g\0=\0\"\0k\0o\0i\0008\0\"\0?\0>\0",
	  WHATENC_UTF_16LE, S_XML, TENT),
	/* an ASCII declaration cannot be UTF-16: UTF-8 (as HTML xmlenc-17) */
	C("xml ascii decl says utf-16", F_XML,
	  "<?xml version=\"1.0\" encoding=\"UTF-16\"?>", WHATENC_UTF_8, S_XML,
	  CERT),
	/* [XML] F.1 UCS-4 and EBCDIC patterns */
	CU("xml ucs-4 be", F_XML, "\0\0\0<\0\0\0?", 0, WHATENC_UNSUP_UTF32BE,
	   S_XML),
	CU("xml ucs-4 le", F_XML, "<\0\0\0?\0\0\0", 0, WHATENC_UNSUP_UTF32LE,
	   S_XML),
	CU("xml ebcdic", F_XML, "\x4c\x6f\xa7\x94\x93\x40", 0,
	   WHATENC_UNSUP_EBCDIC, S_XML),
	/* [XML] 4.3.3: an encoding the processor cannot read */
	CU("xml unknown label", F_XML,
	   "<?xml version=\"1.0\" encoding=\"x-foo\"?>", 0, WHATENC_UNSUP_LABEL,
	   S_XML),
	/* [XML] [81] EncName must start with a letter */
	CU("xml bad encname", F_XML, "<?xml encoding=\" utf-8\"?>", 0,
	   WHATENC_UNSUP_LABEL, S_XML),

	/* ---- CSS ---------------------------------------------------------- */
	/* [CSS] step 2: exactly 40 63 68 61 72 73 65 74 20 22 XX* 22 3B */
	C("@charset", F_CSS, "@charset \"koi8-r\";\nbody{}", KOI8R, S_CSS, CERT),
	C("@charset label trimmed", F_CSS, "@charset \" koi8-r \";", KOI8R,
	  S_CSS, CERT),
	C("@charset single quotes", F_CSS, "@charset 'koi8-r';", WHATENC_UTF_8,
	  S_FB, TENT),
	C("@charset two spaces", F_CSS, "@charset  \"koi8-r\";", WHATENC_UTF_8,
	  S_FB, TENT),
	C("@charset no space", F_CSS, "@charset\"koi8-r\";", WHATENC_UTF_8,
	  S_FB, TENT),
	C("@charset space before ;", F_CSS, "@charset \"koi8-r\" ;",
	  WHATENC_UTF_8, S_FB, TENT),
	C("@charset uppercase", F_CSS, "@CHARSET \"koi8-r\";", WHATENC_UTF_8,
	  S_FB, TENT),
	C("@charset not at start", F_CSS, " @charset \"koi8-r\";",
	  WHATENC_UTF_8, S_FB, TENT),
	C("@charset ; inside", F_CSS, "@charset \"koi;8-r\";", WHATENC_UTF_8,
	  S_FB, TENT),
	C("@charset empty", F_CSS, "@charset \"\";", WHATENC_UTF_8, S_FB, TENT),
	/* [CSS] step 2: utf-16be/le become utf-8, anything else is kept */
	C("@charset utf-16", F_CSS, "@charset \"utf-16\";", WHATENC_UTF_8, S_CSS,
	  CERT),
	C("@charset utf-16be", F_CSS, "@charset \"UTF-16BE\";", WHATENC_UTF_8,
	  S_CSS, CERT),
	C("@charset x-user-defined kept", F_CSS, "@charset \"x-user-defined\";",
	  WHATENC_X_USER_DEFINED, S_CSS, CERT),
	/* [CSS] step 1 before step 2; the BOM (decode) before both */
	CO("css transport beats @charset", F_CSS, "@charset \"koi8-r\";", I88592,
	   NONE, NONE, 0, I88592, S_TR, CERT),
	C("css bom beats @charset", F_CSS, "\xef\xbb\xbf@charset \"koi8-r\";",
	  WHATENC_UTF_8, S_BOM, CERT),
	/* [CSS] step 3: the referring document; step 4: utf-8 */
	CO("css referrer", F_CSS, "body{}", NONE, I88592, NONE, 0, I88592, S_REF,
	   TENT),
	CO("css bogus @charset then referrer", F_CSS, "@charset \"bogus\";",
	   NONE, WHATENC_UTF_16LE, NONE, 0, WHATENC_UTF_16LE, S_REF, TENT),
	CO("@charset beats referrer", F_CSS, "@charset \"koi8-r\";", NONE,
	   I88592, NONE, 0, KOI8R, S_CSS, CERT),
	C("css default", F_CSS, "body{}", WHATENC_UTF_8, S_FB, TENT),

	/* ---- text --------------------------------------------------------- */
	C("text ascii", F_TEXT, "hello", WHATENC_UTF_8, S_VAL, TENT),
	C("text empty", F_TEXT, "", WHATENC_UTF_8, S_VAL, TENT),
	C("text utf-8", F_TEXT, "caf\xc3\xa9 \xf0\x9f\x98\x80", WHATENC_UTF_8,
	  S_VAL, TENT),
	C("text latin1", F_TEXT, "caf\xe9", W1252, S_FB, TENT),
	CO("text fallback", F_TEXT, "caf\xe9", NONE, NONE, I88592, 0, I88592,
	   S_FB, TENT),
	/* [ENC] UTF-8 decoder: surrogates, overlongs, > U+10FFFF are errors */
	C("text surrogate", F_TEXT, "a\xed\xa0\x80", W1252, S_FB, TENT),
	C("text overlong", F_TEXT, "a\xc0\xaf", W1252, S_FB, TENT),
	C("text above 10ffff", F_TEXT, "a\xf4\x90\x80\x80", W1252, S_FB, TENT),
	C("text truncated at eof", F_TEXT, "a\xe2\x82", W1252, S_FB, TENT),
	C("text bom", F_TEXT, "\xef\xbb\xbf\x63\x61\x66\xe9", WHATENC_UTF_8, S_BOM,
	  CERT),
	CO("text transport given", F_TEXT, "caf\xc3\xa9", I88592, NONE, NONE, 0,
	   I88592, S_TR, CERT),
};

static int run(const struct det_case *c, const u8 *buf, size_t len,
	       bool at_eof, struct whatenc_detection *out)
{
	struct whatenc_detect_opts o = { .flags = c->flags };

	if (c->transport != NONE) {
		o.flags |= WHATENC_DETECT_TRANSPORT;
		o.transport = c->transport;
	}
	if (c->referrer != NONE) {
		o.flags |= WHATENC_DETECT_REFERRER;
		o.referrer = c->referrer;
	}
	if (c->fallback != NONE) {
		o.flags |= WHATENC_DETECT_FALLBACK;
		o.fallback = c->fallback;
	}
	return whatenc_detect(c->fmt, buf, len, at_eof, &o, out);
}

#define DET_GOT	"enc=%d unsup=%d src=%d certain=%d"

static void check_case(struct wt_ctx *wt, const struct det_case *c)
{
	struct whatenc_detection d;
	int r = run(c, (const u8 *)c->in, c->len, true, &d);

	if (r || (int)d.enc != c->enc || (int)d.unsupported != c->unsup ||
	    (int)d.source != c->src || d.certain != c->certain)
		WT_FAIL("%s: r=%d " DET_GOT ", expected " DET_GOT,
			c->name, r, d.enc, d.unsupported, d.source, d.certain,
			c->enc, c->unsup, c->src, c->certain);
}

WT_CASE(detect_table)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(cases); i++)
		check_case(wt, &cases[i]);
	WT_NOTE("%zu detection cases", ARRAY_SIZE(cases));
}

/*
 * Streaming: for every case and every prefix, !at_eof gives either
 * -EAGAIN or the final answer (HTML, XML and CSS look only at a bounded
 * prefix; text and the UTF-8 sniff look at the caller's buffer, so for
 * them only the BOM part is checked: the answer may change).
 */
WT_CASE(detect_prefixes)
{
	size_t i, k;
	int bad = 0;

	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		const struct det_case *c = &cases[i];
		struct whatenc_detection full, part;
		int r;

		if (c->fmt == F_TEXT || (c->flags & WHATENC_DETECT_UTF8_SNIFF))
			continue;
		if (run(c, (const u8 *)c->in, c->len, true, &full))
			continue;	/* reported by detect_table */
		for (k = 0; k < c->len; k++) {
			r = run(c, (const u8 *)c->in, k, false, &part);
			if (r == -EAGAIN)
				continue;
			if (r || memcmp(&part, &full, sizeof(full))) {
				if (bad++ < 10)
					WT_FAIL("%s[:%zu]: r=%d enc=%d src=%d, full enc=%d src=%d",
						c->name, k, r, part.enc,
						part.source, full.enc,
						full.source);
			}
		}
		/* the whole document, not known to be complete: HTML
		 * (< 1024 bytes, no decision) may still wait
		 */
		r = run(c, (const u8 *)c->in, c->len, false, &part);
		WT_EXPECT_TRUE(r == -EAGAIN ||
			       (!r && !memcmp(&part, &full, sizeof(full))));
	}
	WT_EXPECT_EQ(bad, 0);
}

/* -EAGAIN exactly where more bytes could change the answer. */
WT_CASE(detect_eagain)
{
	struct whatenc_detection d;
	static const u8 *nb;

	/* nothing yet */
	WT_EXPECT_EQ(whatenc_detect(F_TEXT, nb, 0, false, NULL, &d), -EAGAIN);
	/* prefixes of BOMs (UTF-8; UTF-16LE or UTF-32LE; UTF-32BE) */
	WT_EXPECT_EQ(whatenc_detect(F_TEXT, (const u8 *)"\xef\xbb", 2, false,
				    NULL, &d), -EAGAIN);
	WT_EXPECT_EQ(whatenc_detect(F_TEXT, (const u8 *)"\xff\xfe\0", 3, false,
				    NULL, &d), -EAGAIN);
	WT_EXPECT_EQ(whatenc_detect(F_CSS, (const u8 *)"\0\0\xfe", 3, false,
				    NULL, &d), -EAGAIN);
	/* not a BOM prefix: text decides on the bytes it has */
	WT_EXPECT_EQ(whatenc_detect(F_TEXT, (const u8 *)"\xef\x41", 2, false,
				    NULL, &d), 0);
	WT_EXPECT_EQ(d.enc, W1252);
	/* a UTF-8 sequence cut by the buffer end is not an error yet */
	WT_EXPECT_EQ(whatenc_detect(F_TEXT, (const u8 *)"a\xe2\x82", 3, false,
				    NULL, &d), 0);
	WT_EXPECT_EQ(d.enc, WHATENC_UTF_8);
	WT_EXPECT_EQ(d.source, S_VAL);
	/* HTML: the prescan has not seen 1024 bytes */
	WT_EXPECT_EQ(whatenc_detect(F_HTML, (const u8 *)"<p>hello", 8, false,
				    NULL, &d), -EAGAIN);
	/* ... unless the transport layer decides */
	{
		struct whatenc_detect_opts o = {
			.flags = WHATENC_DETECT_TRANSPORT,
			.transport = KOI8R,
		};

		WT_EXPECT_EQ(whatenc_detect(F_HTML, (const u8 *)"<p>", 3,
					    false, &o, &d), 0);
		WT_EXPECT_EQ(d.enc, KOI8R);
	}
	/* XML: inside the declaration; "<r" cannot start one */
	WT_EXPECT_EQ(whatenc_detect(F_XML, (const u8 *)"<?xml version=\"1.0\" enc",
				    23, false, NULL, &d), -EAGAIN);
	WT_EXPECT_EQ(whatenc_detect(F_XML, (const u8 *)"<?", 2, false, NULL,
				    &d), -EAGAIN);
	WT_EXPECT_EQ(whatenc_detect(F_XML, (const u8 *)"<r", 2, false, NULL,
				    &d), 0);
	WT_EXPECT_EQ(d.enc, WHATENC_UTF_8);
	/* CSS: a prefix of the @charset pattern */
	WT_EXPECT_EQ(whatenc_detect(F_CSS, (const u8 *)"@ch", 3, false, NULL,
				    &d), -EAGAIN);
	WT_EXPECT_EQ(whatenc_detect(F_CSS, (const u8 *)"@charset \"koi", 13,
				    false, NULL, &d), -EAGAIN);
	WT_EXPECT_EQ(whatenc_detect(F_CSS, (const u8 *)"@charset \"koi8-r\"", 17,
				    false, NULL, &d), -EAGAIN);
	WT_EXPECT_EQ(whatenc_detect(F_CSS, (const u8 *)"body{}", 6, false, NULL,
				    &d), 0);
	WT_EXPECT_EQ(d.source, S_FB);
}

/* [HTML] sniff-3/5: the prescan's end condition is 1024 bytes. */
WT_CASE(detect_html_1024)
{
	static const char meta[] = "<meta charset=koi8-r>";
	const size_t ml = sizeof(meta) - 1;
	struct whatenc_detection d;
	u8 *b = WT_ALLOC(2048);
	size_t at;

	WT_ASSERT_TRUE(b);
	/* the meta ends with byte 1024 (its '>' at offset 1023): found */
	at = 1024 - ml;
	memset(b, ' ', 2048);
	memcpy(b + at, meta, ml);
	WT_EXPECT_EQ(whatenc_detect(F_HTML, b, 2048, true, NULL, &d), 0);
	WT_EXPECT_EQ(d.enc, KOI8R);
	WT_EXPECT_EQ(d.source, S_META);
	WT_EXPECT_EQ(d.label_off, at + 14);
	WT_EXPECT_EQ(d.label_len, 6);
	/* and with exactly 1024 bytes, not at EOF: final */
	WT_EXPECT_EQ(whatenc_detect(F_HTML, b, 1024, false, NULL, &d), 0);
	WT_EXPECT_EQ(d.enc, KOI8R);
	/* one byte later it straddles the end condition: not found */
	memset(b, ' ', 2048);
	memcpy(b + at + 1, meta, ml);
	WT_EXPECT_EQ(whatenc_detect(F_HTML, b, 2048, true, NULL, &d), 0);
	WT_EXPECT_EQ(d.enc, W1252);
	WT_EXPECT_EQ(d.source, S_FB);
	/* after 1024 bytes: not found; no -EAGAIN with 1024 bytes in hand */
	memset(b, 'a', 2048);
	memcpy(b + 1100, meta, ml);
	WT_EXPECT_EQ(whatenc_detect(F_HTML, b, 2048, true, NULL, &d), 0);
	WT_EXPECT_EQ(d.enc, W1252);
	WT_EXPECT_EQ(whatenc_detect(F_HTML, b, 1024, false, NULL, &d), 0);
	WT_EXPECT_EQ(d.enc, W1252);
	WT_EXPECT_EQ(whatenc_detect(F_HTML, b, 1023, false, NULL, &d), -EAGAIN);
}

/* [CSS] step 2: the whole pattern within the first 1024 bytes. */
WT_CASE(detect_css_1024)
{
	struct whatenc_detection d;
	u8 *b = WT_ALLOC(1100);
	size_t k;

	WT_ASSERT_TRUE(b);
	/* 10 + k spaces + "koi8-r" + 2: k = 1006 ends at byte 1024 */
	for (k = 1006; k <= 1007; k++) {
		memcpy(b, "@charset \"", 10);
		memset(b + 10, ' ', k);
		memcpy(b + 10 + k, "koi8-r\";", 8);
		WT_EXPECT_EQ(whatenc_detect(F_CSS, b, 10 + k + 8, true, NULL,
					    &d), 0);
		WT_EXPECT_EQ(d.enc, k == 1006 ? KOI8R : WHATENC_UTF_8);
		WT_EXPECT_EQ(d.source, k == 1006 ? S_CSS : S_FB);
	}
}

/* Result details: BOM lengths, label slices, flags. */
WT_CASE(detect_details)
{
	struct whatenc_detection d;
	static const char x[] = "<?xml version=\"1.0\" encoding=\"x-foo\"?>";
	static const char h[] =
		"<meta http-equiv=content-type content=\"text/html; charset=koi8-r\">";

	WT_EXPECT_EQ(whatenc_detect(F_TEXT, (const u8 *)"\xef\xbb\xbfx", 4, true,
				    NULL, &d), 0);
	WT_EXPECT_EQ(d.bom_len, 3);
	WT_EXPECT_EQ(whatenc_detect(F_TEXT, (const u8 *)"\xfe\xff", 2, true,
				    NULL, &d), 0);
	WT_EXPECT_EQ(d.bom_len, 2);
	WT_EXPECT_EQ(whatenc_detect(F_TEXT, (const u8 *)"\xff\xfe\0\0", 4, true,
				    NULL, &d), 0);
	WT_EXPECT_EQ(d.bom_len, 4);
	WT_EXPECT_EQ(d.enc, WHATENC_NR_ENCODINGS);
	WT_EXPECT_EQ(whatenc_detect(F_XML, (const u8 *)x, sizeof(x) - 1, true,
				    NULL, &d), 0);
	WT_EXPECT_EQ(d.unsupported, WHATENC_UNSUP_LABEL);
	WT_EXPECT_EQ(d.label_off, 30);
	WT_EXPECT_EQ(d.label_len, 5);
	WT_EXPECT_EQ(whatenc_detect(F_HTML, (const u8 *)h, sizeof(h) - 1, true,
				    NULL, &d), 0);
	WT_EXPECT_EQ(d.label_off, 58);
	WT_EXPECT_EQ(d.label_len, 6);
	WT_EXPECT_EQ(whatenc_detect(F_TEXT, (const u8 *)"abc", 3, true, NULL,
				    &d), 0);
	WT_EXPECT_EQ(d.flags, WHATENC_DETECTED_ASCII);
	WT_EXPECT_EQ(whatenc_detect(F_TEXT, (const u8 *)"\xc3\xa9", 2, true,
				    NULL, &d), 0);
	WT_EXPECT_EQ(d.flags, 0);
	WT_EXPECT_EQ(whatenc_detect(F_XML,
				    (const u8 *)"<?xml encoding='utf-16'?>", 25,
				    true, NULL, &d), 0);
	WT_EXPECT_EQ(d.flags, WHATENC_DETECTED_CONFLICT);
}

WT_CASE(detect_args)
{
	struct whatenc_detection d;
	struct whatenc_detect_opts o = { 0 };
	const u8 *p = (const u8 *)"x";

	WT_EXPECT_EQ(whatenc_detect(WHATENC_FORMAT_CSS + 1, p, 1, true, NULL,
				    &d), -EINVAL);
	WT_EXPECT_EQ(whatenc_detect(F_TEXT, p, 1, true, NULL, NULL), -EINVAL);
	WT_EXPECT_EQ(whatenc_detect(F_TEXT, NULL, 1, true, NULL, &d), -EINVAL);
	WT_EXPECT_EQ(whatenc_detect(F_TEXT, NULL, 0, true, NULL, &d), 0);
	o.flags = 0x100;
	WT_EXPECT_EQ(whatenc_detect(F_TEXT, p, 1, true, &o, &d), -EINVAL);
	o.flags = WHATENC_DETECT_TRANSPORT;
	o.transport = WHATENC_NR_ENCODINGS;
	WT_EXPECT_EQ(whatenc_detect(F_TEXT, p, 1, true, &o, &d), -EINVAL);
	/* fields without their flag are ignored: a zeroed struct is safe */
	o.flags = 0;
	WT_EXPECT_EQ(whatenc_detect(F_TEXT, p, 1, true, &o, &d), 0);
	WT_EXPECT_EQ(d.source, S_VAL);
	WT_EXPECT_EQ(strcmp(whatenc_detect_source_name(S_BOM), "bom"), 0);
	WT_EXPECT_EQ(strcmp(whatenc_detect_source_name(S_CSS), "@charset"), 0);
	WT_EXPECT_EQ(strcmp(whatenc_detect_source_name(S_FB), "fallback"), 0);
	WT_EXPECT_TRUE(!whatenc_detect_source_name(S_FB + 1));
}

WT_SUITE(detect,
	 WT_RUN(detect_table),
	 WT_RUN(detect_prefixes),
	 WT_RUN(detect_eagain),
	 WT_RUN(detect_html_1024),
	 WT_RUN(detect_css_1024),
	 WT_RUN(detect_details),
	 WT_RUN(detect_args));
