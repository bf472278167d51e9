// SPDX-License-Identifier: GPL-2.0-only
/*
 * test_rules.c - whatenc_check(): the encoding-declaration rules
 *
 * Every rule has a document that breaks it (the finding and its offset
 * expected) and one that keeps it. Documents and offsets are written by
 * hand from the wording of seed 004, "Character encodings by format"
 * (ids such as [html5:12]), and for CSS from CSS Syntax Level 3, 3.2;
 * never from whatenc's output.
 */
#include "whatenc_rules.h"
#include "wt_test.h"

#define HTML	WHATENC_CHECK_HTML
#define XHTML	WHATENC_CHECK_XHTML
#define XML	WHATENC_CHECK_XML
#define CSS	WHATENC_CHECK_CSS

#define R(x)	WHATENC_RULE_##x
#define ABSENT	((size_t)-1)

struct rule_case {
	const char *name;
	int fmt;
	const char *in;
	size_t len;
	const char *transport;
	int rule;
	size_t off;	/* expected offset, or ABSENT: the rule is kept */
};

/* The document breaks @r at @o. */
#define B(nm, f, s, r, o)	{ nm, f, s, sizeof(s) - 1, NULL, R(r), o }
/* The document keeps @r. */
#define K(nm, f, s, r)		{ nm, f, s, sizeof(s) - 1, NULL, R(r), ABSENT }
/* The same with a transport label. */
#define BT(nm, f, s, t, r, o)	{ nm, f, s, sizeof(s) - 1, t, R(r), o }
#define KT(nm, f, s, t, r)	{ nm, f, s, sizeof(s) - 1, t, R(r), ABSENT }

#define OK_HTML	"<meta charset=\"utf-8\"><p>caf\xc3\xa9</p>"
#define OK_XHTML "<html xmlns=\"http://www.w3.org/1999/xhtml\"><head>" \
		 "<meta charset=\"UTF-8\"/></head><body>caf\xc3\xa9</body></html>"
#define OK_XML	"<?xml version=\"1.0\" encoding=\"UTF-8\"?><r>caf\xc3\xa9</r>"
#define OK_CSS	"@charset \"utf-8\";\na{content:\"\xc3\xa9\"}"
#define META16 \
	"<\0m\0e\0t\0a\0 \0c\0h\0a\0r\0s\0e\0t\0=\0u\0t\0f\0-\0001\0006\0>\0"
#define XML16 \
	"<\0?\0x\0m\0l\0 \0v\0e\0r\0s\0i\0o\0n\0=\0\"\0001\0.\0000\0\"\0 \0" \
	"e\0n\0c\0o\0d\0i\0n\0g\0=\0\"\0U\0T\0F\0-\0001\0006\0\"\0?\0>\0<\0r\0/\0>\0"

static const struct rule_case cases[] = {
	/* [html5:10]: '<meta charset="' is 15 bytes */
	B("unknown", HTML, "<meta charset=\"foo\">", LABEL_UNKNOWN, 15),
	K("known", HTML, OK_HTML, LABEL_UNKNOWN),
	/* '<?xml version="1.0" encoding="' is 30 bytes */
	B("xml unknown", XML,
	  "<?xml version=\"1.0\" encoding=\"x-foo\"?><r/>",
	  LABEL_UNKNOWN, 30),
	B("utf8", HTML, "<meta charset=\"utf8\">", LABEL_NOT_NAME, 15),
	K("UTF-8", HTML, "<meta charset=\"UTF-8\">", LABEL_NOT_NAME),
	K("ISO-8859-1 (IANA preferred MIME name)", HTML,
	  "<meta charset=\"ISO-8859-1\">",
	  LABEL_NOT_NAME),
	BT("transport latin1", HTML, "<p>", "latin1", LABEL_NOT_NAME, 0),
	KT("transport windows-1252", HTML,
	   "<p>",
	   "Windows-1252", LABEL_NOT_NAME),
	/* CSS and XML have no preferred-name rule */
	K("css latin1", CSS, "@charset \"latin1\";", LABEL_NOT_NAME),
	/* [html5:11] */
	B("escaped", HTML, "<meta charset=\"&#x75;tf-8\">", LABEL_ESCAPED, 15),
	K("not escaped", HTML, OK_HTML, LABEL_ESCAPED),
	/* [html5:18] [html5:28] */
	B("utf-7", HTML, "<meta charset=\"utf-7\">", ENCODING_FORBIDDEN, 15),
	B("css cesu-8", CSS, "@charset \"CESU-8\";", ENCODING_FORBIDDEN, 10),
	K("utf-8 allowed", HTML, OK_HTML, ENCODING_FORBIDDEN),
	/* [html5:18] [html5:29] */
	B("iso-2022-jp", HTML,
	  "<meta charset=\"iso-2022-jp\">",
	  ENCODING_UNSAFE, 15),
	B("hz (replacement)", CSS,
	  "@charset \"HZ-GB-2312\";",
	  ENCODING_UNSAFE, 10),
	B("utf-32 label", XML,
	  "<?xml version=\"1.0\" encoding=\"UTF-32\"?>",
	  ENCODING_UNSAFE, 30),
	B("utf-32 bom", HTML, "\xff\xfe\0\0<\0\0\0", ENCODING_UNSAFE, 0),
	B("xml ebcdic pattern", XML, "\x4c\x6f\xa7\x94", ENCODING_UNSAFE, 0),
	K("utf-8 safe", HTML, OK_HTML, ENCODING_UNSAFE),
	/* [html5:17] */
	B("legacy", HTML,
	  "<meta charset=\"windows-1252\"><p>caf\xe9",
	  ENCODING_LEGACY, 15),
	K("utf-16 is not legacy", HTML, "\xff\xfe<\0p\0>\0", ENCODING_LEGACY),
	K("undeclared: html-undeclared instead", HTML,
	  "<p>caf\xe9",
	  ENCODING_LEGACY),
	/* [html5:9] */
	B("bom vs meta", HTML,
	  "\xef\xbb\xbf<meta charset=\"koi8-r\">",
	  DECL_CONFLICT, 3),
	K("bom and meta agree", HTML,
	  "\xef\xbb\xbf<meta charset=\"utf-8\">",
	  DECL_CONFLICT),
	BT("transport vs meta", HTML, OK_HTML, "koi8-r", DECL_CONFLICT, 0),
	KT("transport and meta agree", HTML, OK_HTML, "UTF-8", DECL_CONFLICT),
	K("latin1 and windows-1252 are one encoding", HTML,
	  "<meta charset=\"windows-1252\"><meta charset=\"latin1\">",
	  DECL_CONFLICT),
	/* the declaration is 38 bytes, <html><head> 12 more */
	B("xml declaration vs meta", XHTML,
	  "<?xml version=\"1.0\" encoding=\"UTF-8\"?><html><head><meta charset=\"ISO-8859-5\"/></head></html>",
	  DECL_CONFLICT, 50),
	B("utf-16 declared in single bytes", XML,
	  "<?xml version=\"1.0\" encoding=\"UTF-16\"?><r/>",
	  DECL_CONFLICT, 0),
	B("koi8-r declared in utf-16", XML,
	  "\xff\xfe<\0?\0x\0m\0l\0 \0e\0n\0c\0o\0d\0i\0n\0g\0=\0'\0k\0o\0i\08\0-\0r\0'\0?\0>\0",
	  DECL_CONFLICT, 2),
	B("koi8-r declared in utf-16 without bom", XML,
	  "<\0?\0x\0m\0l\0 \0e\0n\0c\0o\0d\0i\0n\0g\0=\0'\0k\0o\0i\08\0-\0r\0'\0?\0>\0",
	  DECL_CONFLICT, 0),
	/* [html5:9] [xml:7]: C3 28 is not UTF-8; windows-1253 lacks AA */
	B("not utf-8", HTML,
	  "<meta charset=\"utf-8\">caf\xc3(",
	  DECODE_ERROR, 25),
	B("not windows-1253", HTML,
	  "<meta charset=\"windows-1253\">\xaa",
	  DECODE_ERROR, 29),
	B("bom: offsets count it", HTML, "\xef\xbb\xbf\x80", DECODE_ERROR, 3),
	B("replacement decodes nothing", HTML,
	  "<meta charset=\"iso-2022-kr\">",
	  DECODE_ERROR, 0),
	K("valid utf-8", HTML, OK_HTML, DECODE_ERROR),
	/* [html5:21] */
	B("xml declaration in html", HTML,
	  "<?xml version=\"1.0\"?><p>",
	  HTML_XML_DECL, 0),
	B("after a bom", HTML,
	  "\xef\xbb\xbf<?xml version=\"1.0\"?>",
	  HTML_XML_DECL, 3),
	K("xml-stylesheet is no declaration", HTML,
	  "<?xml-stylesheet?><p>",
	  HTML_XML_DECL),
	K("in xml", XML, OK_XML, HTML_XML_DECL),
	/* [html5:14] */
	B("undeclared", HTML, "<p>caf\xc3\xa9</p>", HTML_UNDECLARED, 6),
	/* '<?xml version="1.0" encoding="utf-8"?>' is 38 bytes, '<p>caf' 6 */
	B("an xml declaration declares nothing in html", HTML,
	  "<?xml version=\"1.0\" encoding=\"utf-8\"?><p>caf\xc3\xa9",
	  HTML_UNDECLARED, 44),
	K("ascii needs none", HTML, "<p>cafe</p>", HTML_UNDECLARED),
	K("a bom declares", HTML,
	  "\xef\xbb\xbf<p>caf\xc3\xa9",
	  HTML_UNDECLARED),
	KT("the transport declares", HTML,
	   "<p>caf\xc3\xa9",
	   "utf-8", HTML_UNDECLARED),
	/* [html5:3] [html5:7] [html5:13] */
	B("two metas", HTML,
	  "<meta charset=\"utf-8\"><meta charset=\"utf-8\">",
	  META_MULTIPLE, 22),
	B("charset and pragma", HTML,
	  "<meta charset=\"utf-8\"><meta http-equiv=\"Content-Type\" content=\"text/html; charset=utf-8\">",
	  META_MULTIPLE, 22),
	K("one meta", HTML, OK_HTML, META_MULTIPLE),
	K("a meta in a comment is none", HTML,
	  "<!--<meta charset=\"utf-8\">--><meta charset=\"utf-8\">",
	  META_MULTIPLE),
	/* [html5:4] */
	B("name and charset", HTML,
	  "<meta name=\"x\" charset=\"utf-8\">",
	  META_ATTRIBUTES, 0),
	K("charset alone", HTML, OK_HTML, META_ATTRIBUTES),
	/* [html5:6] */
	K("pragma", HTML,
	  "<meta http-equiv=\"Content-Type\" content=\"text/html; charset=utf-8\">",
	  META_PRAGMA_CONTENT),
	K("pragma, no space, upper case", HTML,
	  "<meta http-equiv=content-type content=\"TEXT/HTML;charset=utf-8\">",
	  META_PRAGMA_CONTENT),
	B("pragma without text/html", HTML,
	  "<meta http-equiv=\"Content-Type\" content=\"charset=utf-8\">",
	  META_PRAGMA_CONTENT, 0),
	B("pragma text/plain", HTML,
	  "<meta http-equiv=\"Content-Type\" content=\"text/plain; charset=utf-8\">",
	  META_PRAGMA_CONTENT, 0),
	B("pragma without charset", HTML,
	  "<meta http-equiv=\"Content-Type\" content=\"text/html\">",
	  META_PRAGMA_CONTENT, 0),
	/* [html5:0] */
	B("pragma, not charset", HTML,
	  "<meta http-equiv=\"Content-Type\" content=\"text/html; charset=utf-8\">",
	  META_PRAGMA, 0),
	K("charset", HTML, OK_HTML, META_PRAGMA),
	/* [html5:14] [html5:16] */
	B("meta utf-16", HTML, "<meta charset=\"utf-16\">", META_NOT_ASCII, 0),
	K("meta utf-8", HTML, OK_HTML, META_NOT_ASCII),
	/* [html5:16]: UTF-16LE BOM, then <meta */
	B("meta in utf-16", HTML, "\xff\xfe" META16, META_IN_UTF16, 2),
	K("utf-16 without meta", HTML, "\xff\xfe<\0p\0>\0", META_IN_UTF16),
	/* [html5:8]: the html start tag is 43 bytes, <head> 6 more */
	B("pragma in xhtml", XHTML,
	  "<html xmlns=\"http://www.w3.org/1999/xhtml\"><head><meta http-equiv=\"Content-Type\" content=\"text/html; charset=utf-8\"/></head></html>",
	  XHTML_META_PRAGMA, 49),
	K("charset in xhtml", XHTML, OK_XHTML, XHTML_META_PRAGMA),
	/* [html5:1]: the declaration is 43 bytes, <html><head> 12 more */
	B("xhtml meta iso-8859-1", XHTML,
	  "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><html><head><meta charset=\"ISO-8859-1\"/></head></html>",
	  XHTML_META_NOT_UTF8, 55),
	B("xhtml meta utf-8 in a koi8-r document", XHTML,
	  "<?xml version=\"1.0\" encoding=\"koi8-r\"?><meta charset=\"utf-8\"/>",
	  XHTML_META_NOT_UTF8, 39),
	K("xhtml meta utf-8", XHTML, OK_XHTML, XHTML_META_NOT_UTF8),
	/* [xml:5] */
	B("xml not utf-8", XML, "<r>caf\xe9</r>", XML_UNDECLARED, 6),
	K("xml declared", XML,
	  "<?xml version=\"1.0\" encoding=\"windows-1252\"?><r>caf\xe9</r>",
	  XML_UNDECLARED),
	K("xml utf-8", XML, "<r>caf\xc3\xa9</r>", XML_UNDECLARED),
	/* [xml:1] */
	B("utf-16 xml without bom", XML, XML16, XML_UTF16_NO_BOM, 0),
	K("utf-16 xml with bom", XML, "\xff\xfe" XML16, XML_UTF16_NO_BOM),
	/* CSS Syntax 3, 3.2 */
	B("@charset single quotes", CSS,
	  "@charset 'utf-8';",
	  CSS_CHARSET_IGNORED, 0),
	B("@CHARSET", CSS, "@CHARSET \"utf-8\";", CSS_CHARSET_IGNORED, 0),
	B("@charset later", CSS,
	  "a{}\n@charset \"utf-8\";",
	  CSS_CHARSET_IGNORED, 4),
	K("@charset exact", CSS, OK_CSS, CSS_CHARSET_IGNORED),
	B("bom and @charset", CSS,
	  "\xef\xbb\xbf@charset \"utf-8\";",
	  CSS_BOM_CHARSET, 3),
	K("@charset alone", CSS, OK_CSS, CSS_BOM_CHARSET),
	B("css undeclared", CSS, "a{content:\"\xc3\xa9\"}", CSS_UNDECLARED, 11),
	K("css bom", CSS,
	  "\xef\xbb\xbf\x61{content:\"\xc3\xa9\"}",
	  CSS_UNDECLARED),
};

#define MAXF	32
#define MAXD	8

struct got {
	int nf, nd;
	int rule[MAXF];
	size_t off[MAXF];
	struct whatenc_decl decl[MAXD];
	int stop_after;		/* return non-zero from this finding on */
	int guess;		/* for the content hook */
};

static int got_finding(void *ctx, const struct whatenc_finding *f)
{
	struct got *g = ctx;

	if (g->nf < MAXF) {
		g->rule[g->nf] = f->rule;
		g->off[g->nf] = f->off;
	}
	g->nf++;
	return g->stop_after && g->nf >= g->stop_after ? 42 : 0;
}

static int got_decl(void *ctx, const struct whatenc_decl *d)
{
	struct got *g = ctx;

	if (g->nd < MAXD)
		g->decl[g->nd] = *d;
	g->nd++;
	return 0;
}

static int got_guess(void *ctx, const u8 *buf, size_t len)
{
	(void)buf;
	(void)len;
	return ((struct got *)ctx)->guess;
}

static int run(struct got *g, int fmt, const char *in, size_t len,
	       const char *transport)
{
	struct whatenc_check_opts o = {
		.fmt = fmt, .on_decl = got_decl, .on_finding = got_finding,
		.ctx = g,
	};

	if (transport) {
		o.transport = (const u8 *)transport;
		o.transport_len = strlen(transport);
	}
	return whatenc_check(&o, (const u8 *)in, len);
}

/* Index of the first finding of @rule, or -1. */
static int find(const struct got *g, int rule)
{
	int i;

	for (i = 0; i < g->nf && i < MAXF; i++)
		if (g->rule[i] == rule)
			return i;
	return -1;
}

WT_CASE(rules_table)
{
	struct got *g = WT_ALLOC(sizeof(*g));
	size_t i;
	int r, k;

	WT_ASSERT_TRUE(g);
	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		const struct rule_case *c = &cases[i];

		memset(g, 0, sizeof(*g));
		r = run(g, c->fmt, c->in, c->len, c->transport);
		k = find(g, c->rule);
		if (r != g->nf)
			WT_FAIL("%s: returned %d for %d findings", c->name, r,
				g->nf);
		if (c->off == ABSENT && k >= 0)
			WT_FAIL("%s: %s reported at %zu", c->name,
				whatenc_rule_info(c->rule)->id, g->off[k]);
		if (c->off != ABSENT && (k < 0 || g->off[k] != c->off))
			WT_FAIL("%s: %s not reported at %zu (%s)", c->name,
				whatenc_rule_info(c->rule)->id, c->off,
				k < 0 ? "not at all" : "elsewhere");
	}
	WT_NOTE("%zu rule cases", ARRAY_SIZE(cases));
}

/* Every rule has a break case and a keep case above. */
WT_CASE(rules_covered)
{
	bool brk[WHATENC_NR_RULES] = { 0 }, keep[WHATENC_NR_RULES] = { 0 };
	size_t i;
	int r;

	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		if (cases[i].off == ABSENT)
			keep[cases[i].rule] = true;
		else
			brk[cases[i].rule] = true;
	}
	for (r = 0; r < WHATENC_NR_RULES; r++) {
		if (r == WHATENC_RULE_CONTENT_MISMATCH ||
		    r == WHATENC_RULE_META_LATE)
			continue;	/* rules_content_hook, rules_meta_late */
		if (!brk[r] || !keep[r])
			WT_FAIL("rule %s: break case %d, keep case %d",
				whatenc_rule_info(r)->id, brk[r], keep[r]);
	}
}

/*
 * [html5:12]: the element must end within the first 1024 bytes. A comment
 * of @at bytes, then a 22-byte meta: at 1002 it ends at 1024 (kept), at
 * 1003 at 1025 (broken).
 */
static int late_doc(char *b, size_t at, struct got *g)
{
	static const char meta[] = "<meta charset=\"utf-8\">";

	memset(b, 'a', at);
	memcpy(b, "<!--", 4);
	memcpy(b + at - 3, "-->", 3);
	memcpy(b + at, meta, sizeof(meta) - 1);
	memset(g, 0, sizeof(*g));
	return run(g, HTML, b, at + sizeof(meta) - 1, NULL);
}

WT_CASE(rules_meta_late)
{
	struct got *g = WT_ALLOC(sizeof(*g));
	char *b = WT_ALLOC(2048);
	int k;

	WT_ASSERT_TRUE(g && b);
	WT_EXPECT_EQ(late_doc(b, 1002, g), 0);
	late_doc(b, 1003, g);
	k = find(g, WHATENC_RULE_META_LATE);
	WT_ASSERT_TRUE(k >= 0);
	WT_EXPECT_EQ(g->off[k], 1003);
	WT_EXPECT_EQ(g->decl[0].end, 1025);
	/* a meta at 1024 and later is no declaration for the prescan */
	WT_EXPECT_EQ(g->decl[0].used, false);
}

/* Documents that keep every rule. */
WT_CASE(rules_clean)
{
#define OK(f, s)	{ f, s, sizeof(s) - 1 }
	static const struct {
		int fmt;
		const char *in;
		size_t len;
	} ok[] = {
		OK(HTML, OK_HTML), OK(XHTML, OK_XHTML), OK(XML, OK_XML),
		OK(CSS, OK_CSS), OK(HTML, ""), OK(XML, ""), OK(CSS, ""),
		OK(HTML, "<!DOCTYPE html><title>ascii</title>"),
		OK(HTML, "\xfe\xff\0<\0p\0>"),
	};
#undef OK
	struct got *g = WT_ALLOC(sizeof(*g));
	size_t i;
	int r;

	WT_ASSERT_TRUE(g);
	for (i = 0; i < ARRAY_SIZE(ok); i++) {
		memset(g, 0, sizeof(*g));
		r = run(g, ok[i].fmt, ok[i].in, ok[i].len, NULL);
		if (r)
			WT_FAIL("clean document %zu: %d findings, first %s at %zu",
				i, r, whatenc_rule_info(g->rule[0])->id,
				g->off[0]);
	}
}

/* Declarations: kinds, offsets, labels, the one in use. */
#define DECLS_DOC "\xef\xbb\xbf<?xml version=\"1.0\"?><meta charset=\"koi8-r\"><meta http-equiv=\"Content-Type\" content=\"text/html; charset=iso-8859-2\">"
WT_CASE(rules_decls)
{
	static const char doc[] = DECLS_DOC;
	struct got *g = WT_ALLOC(sizeof(*g));

	WT_ASSERT_TRUE(g);
	run(g, HTML, doc, sizeof(doc) - 1, "latin1");
	WT_ASSERT_EQ(g->nd, 5);
	WT_EXPECT_EQ(g->decl[0].kind, WHATENC_DECL_TRANSPORT);
	WT_EXPECT_EQ(g->decl[0].enc, WHATENC_WINDOWS_1252);
	WT_EXPECT_EQ(g->decl[0].used, false);
	WT_EXPECT_EQ(g->decl[1].kind, WHATENC_DECL_BOM);
	WT_EXPECT_EQ(g->decl[1].enc, WHATENC_UTF_8);
	WT_EXPECT_EQ(g->decl[1].used, true);	/* a BOM comes first */
	WT_EXPECT_EQ(g->decl[2].kind, WHATENC_DECL_XML);
	WT_EXPECT_EQ(g->decl[2].off, 3);
	WT_EXPECT_TRUE(!g->decl[2].label);
	/* '<?xml version="1.0"?>' is 21 bytes, '<meta charset="' 15 */
	WT_EXPECT_EQ(g->decl[3].kind, WHATENC_DECL_META_CHARSET);
	WT_EXPECT_EQ(g->decl[3].off, 24);
	WT_EXPECT_EQ(g->decl[3].label_off, 39);
	WT_EXPECT_EQ(g->decl[3].label_len, 6);
	WT_EXPECT_EQ(g->decl[3].enc, WHATENC_KOI8_R);
	WT_EXPECT_EQ(g->decl[3].end, 47);
	WT_EXPECT_EQ(g->decl[4].kind, WHATENC_DECL_META_PRAGMA);
	WT_EXPECT_EQ(g->decl[4].off, 47);
	WT_EXPECT_EQ(g->decl[4].enc, WHATENC_ISO_8859_2);
	WT_EXPECT_EQ(g->decl[4].used, false);

	/* without BOM and transport, the first meta is in use */
	memset(g, 0, sizeof(*g));
	run(g, HTML, doc + 24, sizeof(doc) - 25, NULL);
	WT_ASSERT_EQ(g->nd, 2);
	WT_EXPECT_EQ(g->decl[0].used, true);
	WT_EXPECT_EQ(g->decl[1].used, false);
	WT_EXPECT_TRUE(find(g, WHATENC_RULE_DECL_CONFLICT) >= 0);

	/* a UTF-16 XML declaration's label, one byte per unit */
	memset(g, 0, sizeof(*g));
	run(g, XML, "\xff\xfe" XML16, sizeof("\xff\xfe" XML16) - 1, NULL);
	WT_ASSERT_EQ(g->nd, 2);
	WT_EXPECT_EQ(g->decl[1].kind, WHATENC_DECL_XML);
	WT_EXPECT_EQ(g->decl[1].label_len, 6);
	WT_EXPECT_MEMEQ(g->decl[1].label, "UTF-16", 6);
	WT_EXPECT_EQ(g->decl[1].enc, WHATENC_UTF_16LE);
}

/*
 * The content detector's hook: a confident guess other than the encoding
 * in use is a content-mismatch warning; no guess, or the same, is none.
 */
WT_CASE(rules_content_hook)
{
	static const char doc[] = "<meta charset=\"windows-1252\">\xe9";
	static const char euro[] = "<meta charset=\"windows-1252\"><p>abc\xa4";
	struct got *g = WT_ALLOC(sizeof(*g));
	int k;
	struct whatenc_check_opts o = {
		.fmt = HTML, .on_finding = got_finding, .guess = got_guess,
	};

	WT_ASSERT_TRUE(g);
	o.ctx = g;
	g->guess = WHATENC_KOI8_R;
	whatenc_check(&o, (const u8 *)doc, sizeof(doc) - 1);
	WT_EXPECT_TRUE(find(g, WHATENC_RULE_CONTENT_MISMATCH) >= 0);
	memset(g, 0, sizeof(*g));
	g->guess = WHATENC_WINDOWS_1252;
	whatenc_check(&o, (const u8 *)doc, sizeof(doc) - 1);
	WT_EXPECT_EQ(find(g, WHATENC_RULE_CONTENT_MISMATCH), -1);
	memset(g, 0, sizeof(*g));
	g->guess = -1;
	whatenc_check(&o, (const u8 *)doc, sizeof(doc) - 1);
	WT_EXPECT_EQ(find(g, WHATENC_RULE_CONTENT_MISMATCH), -1);
	/*
	 * Another encoding that decodes the document to the same text is no
	 * mismatch: E9 is U+00E9 in windows-1252 and ISO-8859-15 alike; A4
	 * is U+00A4 in one, U+20AC in the other (the index files). The
	 * texts part in the block of 8 bytes that holds A4 (at 35: 32..39).
	 */
	memset(g, 0, sizeof(*g));
	g->guess = WHATENC_ISO_8859_15;
	whatenc_check(&o, (const u8 *)doc, sizeof(doc) - 1);
	WT_EXPECT_EQ(find(g, WHATENC_RULE_CONTENT_MISMATCH), -1);
	memset(g, 0, sizeof(*g));
	g->guess = WHATENC_ISO_8859_15;
	whatenc_check(&o, (const u8 *)euro, sizeof(euro) - 1);
	k = find(g, WHATENC_RULE_CONTENT_MISMATCH);
	WT_ASSERT_TRUE(k >= 0);
	WT_EXPECT_EQ(g->off[k], 32);
	/* and a document the guess decodes to longer text */
	memset(g, 0, sizeof(*g));
	g->guess = WHATENC_UTF_16LE;
	whatenc_check(&o, (const u8 *)doc, sizeof(doc) - 1);
	WT_EXPECT_TRUE(find(g, WHATENC_RULE_CONTENT_MISMATCH) >= 0);
	/* no hook: never */
	memset(g, 0, sizeof(*g));
	o.guess = NULL;
	whatenc_check(&o, (const u8 *)doc, sizeof(doc) - 1);
	WT_EXPECT_EQ(find(g, WHATENC_RULE_CONTENT_MISMATCH), -1);
}

WT_CASE(rules_args)
{
	static const char two[] = "<meta charset=\"utf8\"><meta charset=\"utf8\">";
	struct whatenc_check_opts o = { .fmt = HTML };
	struct got *g = WT_ALLOC(sizeof(*g));

	WT_ASSERT_TRUE(g);
	WT_EXPECT_EQ(whatenc_check(NULL, (const u8 *)"", 0), -EINVAL);
	WT_EXPECT_EQ(whatenc_check(&o, NULL, 1), -EINVAL);
	WT_EXPECT_EQ(whatenc_check(&o, NULL, 0), 0);
	o.transport_len = 1;
	WT_EXPECT_EQ(whatenc_check(&o, (const u8 *)"", 0), -EINVAL);
	o.transport_len = 0;
	o.fmt = (enum whatenc_check_format)4;
	WT_EXPECT_EQ(whatenc_check(&o, (const u8 *)"", 0), -EINVAL);
	/* no callbacks: the count only (label-not-name twice, meta-multiple) */
	o.fmt = HTML;
	WT_EXPECT_EQ(whatenc_check(&o, (const u8 *)two, sizeof(two) - 1), 3);
	/* a callback's non-zero return stops the check and is returned */
	g->stop_after = 1;
	o.on_finding = got_finding;
	o.ctx = g;
	WT_EXPECT_EQ(whatenc_check(&o, (const u8 *)two, sizeof(two) - 1), 42);
	WT_EXPECT_EQ(g->nf, 1);
}

WT_CASE(rules_info)
{
	const struct whatenc_rule_info *a, *b;
	int i, k;

	for (i = 0; i < WHATENC_NR_RULES; i++) {
		a = whatenc_rule_info(i);
		WT_ASSERT_TRUE(a && a->id && a->message && a->ref);
		for (k = 0; k < i; k++) {
			b = whatenc_rule_info(k);
			if (!strcmp(a->id, b->id))
				WT_FAIL("rules %d and %d share the id %s", k, i,
					a->id);
		}
	}
	WT_EXPECT_TRUE(!whatenc_rule_info(WHATENC_NR_RULES));
	WT_EXPECT_TRUE(!whatenc_rule_info((enum whatenc_rule)-1));
	/* "must" is an error, "should" and advice are warnings */
	WT_EXPECT_EQ(whatenc_rule_info(WHATENC_RULE_META_LATE)->error, true);
	WT_EXPECT_EQ(whatenc_rule_info(WHATENC_RULE_ENCODING_LEGACY)->error,
		     false);
}

WT_SUITE(rules,
	 WT_RUN(rules_table),
	 WT_RUN(rules_covered),
	 WT_RUN(rules_meta_late),
	 WT_RUN(rules_clean),
	 WT_RUN(rules_decls),
	 WT_RUN(rules_content_hook),
	 WT_RUN(rules_args),
	 WT_RUN(rules_info));
