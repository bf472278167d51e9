// SPDX-License-Identifier: GPL-2.0-only
/*
 * rules.c - the encoding-declaration rules: whatenc_check()
 *
 * The rules are the W3C Internationalization article "Character encodings
 * by format" (the seed of this feature), which sums up per format how
 * encoding declarations must be used and quotes the specification text
 * under ids such as [html5:12]; every rule below names the ids it
 * enforces. CSS is not in the article: its rules come from CSS Syntax
 * Level 3, 3.2 ("determine the fallback encoding": the exact bytes
 * `@charset "NAME";` at the very start) and the Encoding Standard's
 * "decode" (a BOM wins over everything).
 *
 * Finding the declarations reuses detection: whatenc_detect() gives the
 * encoding in use and what decided it, detect.c's prescan (whatenc_det_next_meta())
 * lists every <meta>, and whatenc_detect() on the bytes after a BOM finds
 * an XML declaration the BOM hides. Nothing is allocated; the state is a
 * few hundred bytes on the stack.
 */
#include "text.h"
#include "infra.h"
#include "prescan.h"
#include "whatenc_rules.h"

#define WR_META_MAX	1024	/* [html5:12] the first 1024 bytes */
#define WR_CMP_IN	8	/* wr_same_text(): input bytes per step */
#define WR_CMP_OUT	(3 * WR_CMP_IN + 16)	/* output room per step */

#define E true		/* error: the rule says "must" */
#define W false		/* warning: "should", or advice */

static const struct whatenc_rule_info wr_rules[WHATENC_NR_RULES] = {
	[WHATENC_RULE_LABEL_UNKNOWN] = { "label-unknown", E,
		"the declared name is not the name of an encoding",
		"html5:10 html5:32 xml:7" },
	[WHATENC_RULE_LABEL_NOT_NAME] = { "label-not-name", E,
		"the declared name is not the encoding's preferred name",
		"html5:10 html5:32" },
	[WHATENC_RULE_LABEL_ESCAPED] = { "label-escaped", E,
		"the declared name uses character references or escapes",
		"html5:11" },
	[WHATENC_RULE_ENCODING_FORBIDDEN] = { "encoding-forbidden", E,
		"UTF-7, CESU-8, BOCU-1 and SCSU must not be used",
		"html5:18 html5:28" },
	[WHATENC_RULE_ENCODING_UNSAFE] = { "encoding-unsafe", W,
		"this encoding should not be used",
		"html5:18 html5:29 html4:5" },
	[WHATENC_RULE_ENCODING_LEGACY] = { "encoding-legacy", W,
		"a legacy encoding is in use; UTF-8 is advised",
		"html5:17 html5:19" },
	[WHATENC_RULE_DECL_CONFLICT] = { "decl-conflict", E,
		"declarations name different encodings",
		"html5:9 html5:22 html5:24 xhtml:3" },
	[WHATENC_RULE_DECODE_ERROR] = { "decode-error", E,
		"the bytes are not valid in the declared encoding",
		"html5:9 xml:5 xml:7" },
	[WHATENC_RULE_CONTENT_MISMATCH] = { "content-mismatch", W,
		"the content looks like another encoding than the declared one",
		"html5:9" },
	[WHATENC_RULE_HTML_XML_DECL] = { "html-xml-declaration", E,
		"an XML declaration in an HTML document",
		"html5:21 poly:0" },
	[WHATENC_RULE_HTML_UNDECLARED] = { "html-undeclared", E,
		"non-ASCII document without a BOM, transport or meta declaration",
		"html5:14" },
	[WHATENC_RULE_META_MULTIPLE] = { "meta-multiple", E,
		"more than one meta declaration",
		"html5:3 html5:7 html5:13" },
	[WHATENC_RULE_META_ATTRIBUTES] = { "meta-attributes", E,
		"meta with charset and http-equiv or name",
		"html5:4" },
	[WHATENC_RULE_META_LATE] = { "meta-late", E,
		"meta declaration not within the first 1024 bytes",
		"html5:12 html5:23" },
	[WHATENC_RULE_META_PRAGMA_CONTENT] = { "meta-pragma-content", E,
		"pragma content is not \"text/html; charset=NAME\"",
		"html5:6" },
	[WHATENC_RULE_META_PRAGMA] = { "meta-pragma", W,
		"the charset attribute is preferred to the pragma",
		"html5:0" },
	[WHATENC_RULE_META_NOT_ASCII] = { "meta-not-ascii-compatible", E,
		"meta declares an encoding that is not ASCII-compatible",
		"html5:14 html5:16 html5:31 html4:9" },
	[WHATENC_RULE_META_IN_UTF16] = { "meta-in-utf16", E,
		"meta declaration in a UTF-16 document",
		"html5:16" },
	[WHATENC_RULE_XHTML_META_PRAGMA] = { "xhtml-meta-pragma", E,
		"pragma in a document served as XML",
		"html5:8" },
	[WHATENC_RULE_XHTML_META_NOT_UTF8] = { "xhtml-meta-not-utf8", E,
		"meta charset in XML only as UTF-8, for UTF-8 documents",
		"html5:1 html5:2" },
	[WHATENC_RULE_XML_UNDECLARED] = { "xml-undeclared", E,
		"no BOM or encoding declaration, and not UTF-8",
		"xml:3 xml:5 xhtml:0" },
	[WHATENC_RULE_XML_UTF16_NO_BOM] = { "xml-utf16-no-bom", E,
		"UTF-16 XML without a byte order mark",
		"xml:1" },
	[WHATENC_RULE_CSS_CHARSET_IGNORED] = { "css-charset-ignored", E,
		"@charset not exactly `@charset \"NAME\";` at the start: ignored",
		"css-syntax-3:3.2" },
	[WHATENC_RULE_CSS_BOM_CHARSET] = { "css-bom-charset", W,
		"BOM and @charset: the BOM wins, the @charset is dead weight",
		"css-syntax-3:3.2 encoding:decode" },
	[WHATENC_RULE_CSS_UNDECLARED] = { "css-undeclared", W,
		"non-ASCII style sheet without a BOM, transport or @charset",
		"css-syntax-3:3.2" },
};

#undef E
#undef W

/* The state of one check. */
struct wr {
	const struct whatenc_check_opts *o;
	const u8 *b;
	size_t n;
	struct whatenc_detection det;	/* the encoding in use */
	size_t bom_len;
	int stop;			/* a callback's non-zero return */
	int nfind;
	int nmeta;			/* meta declarations seen */
	const struct whatenc_decl *used; /* the declaration in use, or NULL */
	struct whatenc_decl tr, bom, xml, css, meta_used;
	bool has_tr, has_bom, has_xml, has_css;
	u8 xlabel[64];			/* a UTF-16 XML declaration's label */
};

/* @p[0..len) starts with @lit, ASCII case-insensitively. */
static bool wr_istarts(const u8 *p, size_t len, const char *lit)
{
	size_t i;

	for (i = 0; lit[i]; i++)
		if (i >= len || tolower(p[i]) != tolower(lit[i]))
			return false;
	return true;
}

static bool wr_utf16(int enc)
{
	return enc == WHATENC_UTF_16BE || enc == WHATENC_UTF_16LE;
}

static int wr_emit(struct wr *w, struct whatenc_finding *f)
{
	if (w->stop)
		return w->stop;
	if (w->nfind < (int)(~0u >> 1))
		w->nfind++;
	if (w->o->on_finding)
		w->stop = w->o->on_finding(w->o->ctx, f);
	return w->stop;
}

/* A finding about @d (or none) at @off. */
static void wr_find(struct wr *w, enum whatenc_rule rule, size_t off,
		    const struct whatenc_decl *d)
{
	struct whatenc_finding f = {
		.rule = rule, .off = off, .decl = d, .enc = -1, .guess = -1,
	};

	wr_emit(w, &f);
}

static void wr_decl(struct wr *w, const struct whatenc_decl *d)
{
	if (!w->stop && w->o->on_decl)
		w->stop = w->o->on_decl(w->o->ctx, d);
}

/* ---- names ------------------------------------------------------------ */

/* [html5:18] [html5:28]: must not be used. IANA names and aliases. */
static const char *const wr_forbidden[] = {
	"utf-7", "csutf7", "unicode-1-1-utf-7", "cesu-8", "cscesu8",
	"cscesu-8", "scsu", "csscsu", "bocu-1", "csbocu1", "csbocu-1",
};

/*
 * [html5:18] [html5:29] [html4:5]: should not be used: UTF-32, the
 * JIS X 0208/0212 character sets as encodings, JOHAB, HZ, EBCDIC, UTF-1
 * (ISO-2022-* by prefix below, and the Encoding Standard's ISO-2022-JP
 * and replacement encodings by their encoding).
 */
static const char *const wr_unsafe[] = {
	"utf-32", "utf-32le", "utf-32be", "csutf32", "csutf32le", "csutf32be",
	"ucs-4", "iso-10646-ucs-4", "csucs4", "johab", "jis_c6226-1983",
	"iso-ir-87", "x0208", "jis_x0208-1983", "csiso87jisx0208",
	"jis_x0212-1990", "x0212", "iso-ir-159", "csiso159jisx02121990",
	"hz-gb-2312", "utf-1", "iso-10646-utf-1", "csiso10646utf1",
	"ibm037", "cp037", "ibm500", "cp500", "ibm1047", "cp1047", "ibm1026",
	"cp1026", "ibm273", "ibm277", "ibm278", "ibm280", "ibm284", "ibm285",
	"ibm297", "ibm871",
};

static const char *const wr_unsafe_prefix[] = {
	"iso-2022-", "csiso2022", "ebcdic",
};

/*
 * [html5:10]: the name must match the preferred MIME name. The Encoding
 * Standard's names are the IANA preferred MIME names of its encodings;
 * these IANA preferred MIME names are labels of an encoding with another
 * name (the Encoding Standard reads them as that encoding).
 */
static const struct {
	const char *name;
	u8 enc;
} wr_mime_names[] = {
	{ "US-ASCII", WHATENC_WINDOWS_1252 },
	{ "ISO-8859-1", WHATENC_WINDOWS_1252 },
	{ "ISO-8859-9", WHATENC_WINDOWS_1254 },
	{ "TIS-620", WHATENC_WINDOWS_874 },
	{ "GB2312", WHATENC_GBK },
	{ "UTF-16", WHATENC_UTF_16LE },
};

static bool wr_in(const u8 *p, size_t len, const char *const *list,
		  size_t n, bool prefix)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (prefix ? wr_istarts(p, len, list[i]) :
			     we_ascii_ieq(p, len, list[i]))
			return true;
	return false;
}

static bool wr_preferred(const u8 *p, size_t len, int enc)
{
	size_t i;

	if (we_ascii_ieq(p, len, whatenc_encoding_name(enc)))
		return true;
	for (i = 0; i < ARRAY_SIZE(wr_mime_names); i++)
		if (wr_mime_names[i].enc == enc &&
		    we_ascii_ieq(p, len, wr_mime_names[i].name))
			return true;
	return false;
}

/*
 * The rules on the name a declaration gives. @names: HTML's rule that
 * the name be the preferred one applies.
 */
static void wr_label(struct wr *w, const struct whatenc_decl *d, bool names)
{
	const u8 *p = d->label;
	size_t len = d->label_len, i;

	if (!p)
		return;
	for (i = 0; i < len; i++) {
		if (p[i] == '&' || p[i] == '\\') {
			wr_find(w, WHATENC_RULE_LABEL_ESCAPED, d->label_off, d);
			return;
		}
	}
	/* get an encoding: ASCII whitespace around the label is removed */
	while (len && we_ascii_ws(p[0])) {
		p++;
		len--;
	}
	while (len && we_ascii_ws(p[len - 1]))
		len--;
	if (wr_in(p, len, wr_forbidden, ARRAY_SIZE(wr_forbidden), false)) {
		wr_find(w, WHATENC_RULE_ENCODING_FORBIDDEN, d->label_off, d);
		return;
	}
	if (wr_in(p, len, wr_unsafe, ARRAY_SIZE(wr_unsafe), false) ||
	    wr_in(p, len, wr_unsafe_prefix, ARRAY_SIZE(wr_unsafe_prefix),
		  true) ||
	    d->enc == WHATENC_ISO_2022_JP || d->enc == WHATENC_REPLACEMENT)
		wr_find(w, WHATENC_RULE_ENCODING_UNSAFE, d->label_off, d);
	if (d->enc < 0) {
		if (!wr_in(p, len, wr_unsafe, ARRAY_SIZE(wr_unsafe), false) &&
		    !wr_in(p, len, wr_unsafe_prefix,
			   ARRAY_SIZE(wr_unsafe_prefix), true))
			wr_find(w, WHATENC_RULE_LABEL_UNKNOWN, d->label_off, d);
		return;
	}
	if (names && !wr_preferred(d->label, d->label_len, d->enc))
		wr_find(w, WHATENC_RULE_LABEL_NOT_NAME, d->label_off, d);
}

static int wr_get(const u8 *p, size_t len)
{
	int e = whatenc_get_encoding((const char *)p, len);

	return e >= 0 && e < WHATENC_NR_ENCODINGS ? e : -1;
}

/* @d disagrees with the declaration in use. */
static void wr_conflict(struct wr *w, const struct whatenc_decl *d)
{
	const struct whatenc_decl *u = w->used;
	struct whatenc_finding f = {
		.rule = WHATENC_RULE_DECL_CONFLICT, .off = d->off, .decl = d,
		.other = u, .enc = -1, .guess = -1,
	};

	if (!u || d->used || d->enc < 0 || u->enc < 0 || d->enc == u->enc ||
	    (wr_utf16(d->enc) && wr_utf16(u->enc)))
		return;
	wr_emit(w, &f);
}

/* ---- BOM, transport, XML declaration, @charset ------------------------ */

static void wr_set_decl(struct whatenc_decl *d, enum whatenc_decl_kind kind,
			size_t off, size_t end, const u8 *label,
			size_t label_len, size_t label_off)
{
	d->kind = kind;
	d->off = off;
	d->end = end;
	d->label = label;
	d->label_len = label_len;
	d->label_off = label_off;
	d->enc = label ? wr_get(label, label_len) : -1;
	d->used = false;
}

static noinline void wr_find_bom(struct wr *w)
{
	const struct whatenc_detection *det = &w->det;
	const char *name;

	if (!det->bom_len)
		return;
	w->bom_len = det->bom_len;
	if (det->unsupported == WHATENC_UNSUP_UTF32LE)
		name = "UTF-32LE";
	else if (det->unsupported == WHATENC_UNSUP_UTF32BE)
		name = "UTF-32BE";
	else
		name = whatenc_encoding_name(det->enc);
	wr_set_decl(&w->bom, WHATENC_DECL_BOM, 0, det->bom_len,
		    (const u8 *)name, strlen(name), 0);
	if (det->unsupported)
		w->bom.enc = -1;
	w->has_bom = true;
}

/* Unit @i of the bytes after the BOM, in width @uw (1 or 2). */
static int wr_unit(const struct wr *w, size_t i, unsigned int uw, bool be)
{
	const u8 *p = w->b + w->bom_len + i * uw;

	if (w->bom_len + i * uw + uw > w->n)
		return -1;
	if (uw == 1)
		return p[0];
	return be ? (p[0] << 8 | p[1]) : (p[1] << 8 | p[0]);
}

/*
 * An XML declaration at the start (after a BOM): "<?xml" and XML's S, in
 * single bytes or UTF-16 (XML 1.0 Appendix F).
 */
static noinline void wr_find_xml(struct wr *w)
{
	static const char lit[] = "<?xml";
	struct whatenc_detection x;
	unsigned int uw = 1;
	bool be = false;
	size_t i, k;
	int c;

	if (w->bom_len == 2 || (w->n - w->bom_len >= 2 &&
				!(w->b[w->bom_len] && w->b[w->bom_len + 1]))) {
		uw = 2;
		be = w->bom_len == 2 ? w->det.enc == WHATENC_UTF_16BE :
				       !w->b[w->bom_len];
	}
	for (i = 0; i < 5; i++)
		if (wr_unit(w, i, uw, be) != lit[i])
			return;
	c = wr_unit(w, 5, uw, be);
	if (c != ' ' && c != '\t' && c != '\r' && c != '\n')
		return;
	for (i = 6; (c = wr_unit(w, i, uw, be)) >= 0 && c != '>'; i++)
		;
	wr_set_decl(&w->xml, WHATENC_DECL_XML, w->bom_len,
		    w->bom_len + (c < 0 ? w->n - w->bom_len : (i + 1) * uw),
		    NULL, 0, 0);
	w->has_xml = true;
	/* its encoding, by XML's own rules: detect.c on the bytes after it */
	if (whatenc_detect(WHATENC_FORMAT_XML, w->b + w->bom_len,
			   w->n - w->bom_len, true, NULL, &x) ||
	    x.source != WHATENC_SRC_XML_DECL || !x.label_len)
		return;
	if (uw == 1) {
		wr_set_decl(&w->xml, WHATENC_DECL_XML, w->xml.off, w->xml.end,
			    w->b + w->bom_len + x.label_off, x.label_len,
			    w->bom_len + x.label_off);
		return;
	}
	/* a UTF-16 declaration: its (ASCII) label, one byte per unit */
	for (k = 0; k < x.label_len / 2 && k < sizeof(w->xlabel); k++)
		w->xlabel[k] = wr_unit(w, x.label_off / 2 + k, 2, be);
	wr_set_decl(&w->xml, WHATENC_DECL_XML, w->xml.off, w->xml.end,
		    w->xlabel, k, w->bom_len + x.label_off);
}

/* CSS: exactly `@charset "NAME";` at the start (CSS Syntax 3, 3.2). */
static noinline void wr_find_css(struct wr *w)
{
	static const char at[] = "@charset \"";
	const u8 *p = w->b + w->bom_len;
	size_t n = w->n - w->bom_len, i;

	if (n < 10 || memcmp(p, at, 10))
		return;
	for (i = 10; i < n && p[i] != '"' && p[i] != ';'; i++)
		;
	if (i + 1 >= n || p[i] != '"' || p[i + 1] != ';')
		return;
	wr_set_decl(&w->css, WHATENC_DECL_CSS_CHARSET, w->bom_len,
		    w->bom_len + i + 2, p + 10, i - 10, w->bom_len + 10);
	w->has_css = true;
}

/* ---- <meta> ------------------------------------------------------------ */

static bool wr_meta_decl(const struct wd_meta *m)
{
	return (m->flags & (WD_META_CHARSET | WD_META_PRAGMA));
}

static void wr_meta_to_decl(struct wr *w, const struct wd_meta *m,
			    struct whatenc_decl *d)
{
	if (m->flags & WD_META_CHARSET)
		wr_set_decl(d, WHATENC_DECL_META_CHARSET, m->start, m->end,
			    w->b + m->charset, m->charset_len, m->charset);
	else if (m->flags & WD_META_CLABEL)
		wr_set_decl(d, WHATENC_DECL_META_PRAGMA, m->start, m->end,
			    w->b + m->clabel, m->clabel_len, m->clabel);
	else
		wr_set_decl(d, WHATENC_DECL_META_PRAGMA, m->start, m->end,
			    NULL, 0, 0);
}

/*
 * [html5:6]: content is, ASCII case-insensitively, "text/html;", any
 * number of space characters, "charset=" and the encoding's name.
 */
static bool wr_pragma_ok(const struct wr *w, const struct wd_meta *m)
{
	const u8 *p = w->b + m->content;
	size_t len = m->content_len, i = 10;

	if (!(m->flags & WD_META_CONTENT) || !(m->flags & WD_META_CLABEL) ||
	    !wr_istarts(p, len, "text/html;"))
		return false;
	while (i < len && we_ascii_ws(p[i]))
		i++;
	return wr_istarts(p + i, len - i, "charset=") &&
	       m->content + i + 8 == m->clabel &&
	       m->clabel + m->clabel_len == m->content + len;
}

/* The declaration the prescan decided by (source meta). */
static noinline void wr_find_used_meta(struct wr *w)
{
	size_t n = w->n < WR_META_MAX ? w->n : WR_META_MAX, pos = 0;
	struct wd_meta m;

	while (whatenc_det_next_meta(w->b, n, pos, &m)) {
		pos = m.end;
		if (!wr_meta_decl(&m))
			continue;
		wr_meta_to_decl(w, &m, &w->meta_used);
		if (w->meta_used.label_off == w->det.label_off &&
		    w->meta_used.label_len == w->det.label_len) {
			w->meta_used.used = true;
			w->used = &w->meta_used;
			return;
		}
	}
}

static void wr_check_meta(struct wr *w, const struct wd_meta *m)
{
	bool html = w->o->fmt == WHATENC_CHECK_HTML;
	struct whatenc_decl d;
	int e;

	wr_meta_to_decl(w, m, &d);
	d.used = w->used == &w->meta_used && w->meta_used.off == d.off;
	wr_decl(w, &d);
	if (w->nmeta++)
		wr_find(w, WHATENC_RULE_META_MULTIPLE, d.off, &d);
	if ((m->flags & WD_META_CHARSET) &&
	    (m->flags & (WD_META_HE | WD_META_NAME)))
		wr_find(w, WHATENC_RULE_META_ATTRIBUTES, d.off, &d);
	if (d.end > WR_META_MAX)
		wr_find(w, WHATENC_RULE_META_LATE, d.off, &d);
	if (d.kind == WHATENC_DECL_META_PRAGMA) {
		if (!wr_pragma_ok(w, m))
			wr_find(w, WHATENC_RULE_META_PRAGMA_CONTENT, d.off, &d);
		wr_find(w, html ? WHATENC_RULE_META_PRAGMA :
			WHATENC_RULE_XHTML_META_PRAGMA, d.off, &d);
	}
	wr_label(w, &d, true);
	e = d.enc;
	if (html && (wr_utf16(e) || e == WHATENC_ISO_2022_JP ||
		     e == WHATENC_REPLACEMENT))
		wr_find(w, WHATENC_RULE_META_NOT_ASCII, d.off, &d);
	if (!html && d.kind == WHATENC_DECL_META_CHARSET &&
	    (!we_ascii_ieq(d.label, d.label_len, "utf-8") ||
	     w->det.enc != WHATENC_UTF_8))
		wr_find(w, WHATENC_RULE_XHTML_META_NOT_UTF8, d.off, &d);
	if (wr_utf16(w->det.enc) && !w->det.unsupported)
		wr_find(w, WHATENC_RULE_META_IN_UTF16, d.off, &d);
	wr_conflict(w, &d);
}

/* "<meta" and a space or '/', in UTF-16 units (after a UTF-16 BOM). */
static void wr_metas_utf16(struct wr *w)
{
	bool be = w->det.enc == WHATENC_UTF_16BE;
	size_t i, k;
	int c;

	for (i = 0; (c = wr_unit(w, i, 2, be)) >= 0; i++) {
		if (c != '<')
			continue;
		for (k = 0; k < 4; k++)
			if (tolower(wr_unit(w, i + 1 + k, 2, be) & 0xff) !=
			    (u8)"meta"[k] || wr_unit(w, i + 1 + k, 2, be) > 0x7f)
				break;
		c = wr_unit(w, i + 5, 2, be);
		if (k == 4 && (c == ' ' || c == '\t' || c == '\n' ||
			       c == '\f' || c == '\r' || c == '/'))
			wr_find(w, WHATENC_RULE_META_IN_UTF16,
				w->bom_len + i * 2, NULL);
	}
}

/* not inlined: its struct wd_meta would add to whatenc_check()'s frame */
static noinline void wr_metas(struct wr *w)
{
	size_t pos = 0;
	struct wd_meta m;

	if (w->has_bom && wr_utf16(w->det.enc)) {
		wr_metas_utf16(w);
		return;
	}
	while (!w->stop && whatenc_det_next_meta(w->b, w->n, pos, &m)) {
		pos = m.end;
		if (wr_meta_decl(&m))
			wr_check_meta(w, &m);
	}
}

/* ---- the bytes ---------------------------------------------------------- */

/* Offset of the first byte >= 0x80, or the length if there is none. */
static size_t wr_non_ascii(const struct wr *w)
{
	size_t i;

	for (i = 0; i < w->n; i++)
		if (w->b[i] & 0x80)
			break;
	return i;
}

/*
 * Decode the document with @enc in fatal mode (a BOM is sniffed and
 * removed, as the Encoding Standard's "decode" does). Returns true and
 * fills @f's offset and bytes at the first malformed sequence.
 */
static bool wr_decode(const struct wr *w, int enc, struct whatenc_finding *f)
{
	struct whatenc_decoder d;
	u8 out[128];
	struct whatenc_buf b = {
		.in = w->b, .in_size = w->n, .out = out,
		.out_size = sizeof(out),
	};
	enum whatenc_ret r;

	if (whatenc_decoder_init(&d, enc, WHATENC_DEC_FATAL |
				 WHATENC_BOM_SNIFF))
		return false;
	do {
		b.out_pos = 0;
		r = whatenc_decode(&d, &b, true);
	} while (r == WHATENC_OUTPUT_FULL);
	if (r != WHATENC_MALFORMED)
		return false;
	f->off = d.err.offset;
	f->len = d.err.len;
	memcpy(f->bytes, d.err.bytes, sizeof(f->bytes));
	return true;
}

/*
 * Decode @len (at most WR_CMP_IN) bytes at @in with @d into @out, which
 * has room for WR_CMP_OUT bytes: 3 per input byte (U+FFFD and every BMP
 * character take at most 3; 4-byte characters come from 4 input bytes)
 * and what a coder may hold back. Returns the bytes written, or -1 if
 * the input did not all go in (which the bound rules out).
 */
static noinline long wr_decode_some(struct whatenc_decoder *d, const u8 *in,
				    size_t len, bool last, u8 *out)
{
	struct whatenc_buf b = {
		.in = in, .in_size = len, .out = out, .out_size = WR_CMP_OUT,
	};

	if (whatenc_decode(d, &b, last) != WHATENC_INPUT_EMPTY ||
	    b.in_pos != len)
		return -1;
	return b.out_pos;
}

/*
 * Whether encodings @a and @b decode the document to the same text
 * (replacement mode, a BOM sniffed as "decode" does), so that a guess of
 * @b says nothing against a declaration of @a (windows-1252 and
 * ISO-8859-15 agree on most bytes). If not, *@off is the offset of the
 * WR_CMP_IN-byte block in which the texts part.
 */
static bool wr_same_text(const struct wr *w, int a, int b, size_t *off)
{
	struct whatenc_decoder da, db;
	u8 oa[2 * WR_CMP_OUT], ob[2 * WR_CMP_OUT];
	size_t la = 0, lb = 0, pos = 0, n, k;
	long ra, rb;
	bool last;

	if (a == b || whatenc_decoder_init(&da, a, WHATENC_BOM_SNIFF) ||
	    whatenc_decoder_init(&db, b, WHATENC_BOM_SNIFF))
		return true;
	do {
		n = w->n - pos < WR_CMP_IN ? w->n - pos : WR_CMP_IN;
		last = pos + n == w->n;
		ra = wr_decode_some(&da, w->b + pos, n, last, oa + la);
		rb = wr_decode_some(&db, w->b + pos, n, last, ob + lb);
		if (ra < 0 || rb < 0)
			return true;	/* cannot tell: no finding */
		la += ra;
		lb += rb;
		k = la < lb ? la : lb;
		*off = pos;
		/* the same text is never a block's output or more apart */
		if (memcmp(oa, ob, k) || la - k > WR_CMP_OUT ||
		    lb - k > WR_CMP_OUT)
			return false;
		memmove(oa, oa + k, la - k);
		memmove(ob, ob + k, lb - k);
		la -= k;
		lb -= k;
		pos += n;
	} while (!last);
	return !la && !lb;
}

static bool wr_declared(const struct whatenc_detection *det)
{
	return det->source == WHATENC_SRC_BOM ||
	       det->source == WHATENC_SRC_TRANSPORT ||
	       det->source == WHATENC_SRC_META ||
	       det->source == WHATENC_SRC_XML_DECL ||
	       det->source == WHATENC_SRC_CSS_CHARSET;
}

/* not inlined: its finding would add to whatenc_check()'s frame */
static noinline void wr_bytes(struct wr *w)
{
	const struct whatenc_detection *det = &w->det;
	bool xml = w->o->fmt == WHATENC_CHECK_XML ||
		   w->o->fmt == WHATENC_CHECK_XHTML;
	struct whatenc_finding f = {
		.decl = w->used, .enc = det->enc, .guess = -1,
	};
	int g;

	if (det->unsupported)
		return;
	if (wr_declared(det)) {
		if (det->enc != WHATENC_UTF_8 && !wr_utf16(det->enc)) {
			f.rule = WHATENC_RULE_ENCODING_LEGACY;
			f.off = w->used ? (w->used->label ? w->used->label_off :
					   w->used->off) : 0;
			wr_emit(w, &f);
		}
		f.rule = WHATENC_RULE_DECODE_ERROR;
		if (wr_decode(w, det->enc, &f))
			wr_emit(w, &f);
		f.len = 0;
		if (w->o->guess) {
			g = w->o->guess(w->o->ctx, w->b, w->n);
			if (g >= 0 && g < WHATENC_NR_ENCODINGS &&
			    !wr_same_text(w, det->enc, g, &f.off)) {
				f.rule = WHATENC_RULE_CONTENT_MISMATCH;
				f.guess = g;
				wr_emit(w, &f);
			}
		}
		return;
	}
	if (xml) {
		/* [xml:5]: neither BOM nor declaration: UTF-8 */
		f.rule = WHATENC_RULE_XML_UNDECLARED;
		f.enc = WHATENC_UTF_8;
		if (wr_decode(w, WHATENC_UTF_8, &f))
			wr_emit(w, &f);
	}
}

/* Non-ASCII bytes and no declaration: HTML [html5:14], CSS. */
static noinline void wr_undeclared(struct wr *w)
{
	enum whatenc_detect_source src = w->det.source;
	bool html = w->o->fmt == WHATENC_CHECK_HTML;
	size_t na;

	/* HTML: a BOM, the transport or a meta; an XML declaration is none */
	if (html && (src == WHATENC_SRC_BOM || src == WHATENC_SRC_TRANSPORT ||
		     w->nmeta))
		return;
	if (!html && (w->o->fmt != WHATENC_CHECK_CSS || wr_declared(&w->det)))
		return;
	na = wr_non_ascii(w);
	if (na < w->n)
		wr_find(w, html ? WHATENC_RULE_HTML_UNDECLARED :
			WHATENC_RULE_CSS_UNDECLARED, na, NULL);
}

/* ---- per format ----------------------------------------------------------- */

static noinline void wr_css(struct wr *w)
{
	size_t i;

	if (w->has_css) {
		wr_decl(w, &w->css);
		wr_label(w, &w->css, false);
		wr_conflict(w, &w->css);
		if (w->has_bom)
			wr_find(w, WHATENC_RULE_CSS_BOM_CHARSET, w->css.off,
				&w->css);
	}
	/* any other @charset is ignored (only the exact bytes at 0 count) */
	for (i = 0; i + 8 <= w->n && !w->stop; i++)
		if (w->b[i] == '@' && we_ascii_ieq(w->b + i, 8, "@charset") &&
		    !(w->has_css && i == w->css.off))
			wr_find(w, WHATENC_RULE_CSS_CHARSET_IGNORED, i, NULL);
}

static noinline void wr_xml(struct wr *w)
{
	const struct whatenc_detection *det = &w->det;

	if (w->has_xml) {
		wr_decl(w, &w->xml);
		wr_label(w, &w->xml, false);
		if (w->o->fmt == WHATENC_CHECK_HTML) {
			wr_find(w, WHATENC_RULE_HTML_XML_DECL, w->xml.off,
				&w->xml);
		} else if (det->source == WHATENC_SRC_XML_DECL &&
			   (det->flags & WHATENC_DETECTED_CONFLICT) &&
			   w->xml.enc >= 0) {
			/*
			 * Its own bytes say otherwise: "UTF-16" in single
			 * bytes (read as UTF-8), or another name in UTF-16
			 */
			struct whatenc_finding f = {
				.rule = WHATENC_RULE_DECL_CONFLICT,
				.off = w->xml.off, .decl = &w->xml,
				.enc = det->enc, .guess = -1,
			};

			wr_emit(w, &f);
		}
		wr_conflict(w, &w->xml);
	}
	if (w->o->fmt != WHATENC_CHECK_HTML && !w->has_bom &&
	    det->source == WHATENC_SRC_XML_DECL && wr_utf16(det->enc))
		wr_find(w, WHATENC_RULE_XML_UTF16_NO_BOM, 0, w->used);
	/* XML 1.0 Appendix F: UCS-4 and EBCDIC byte patterns */
	if (!w->has_bom && det->unsupported &&
	    det->unsupported != WHATENC_UNSUP_LABEL)
		wr_find(w, WHATENC_RULE_ENCODING_UNSAFE, 0, NULL);
}

/* The declaration that decided, among those found. */
static void wr_pick_used(struct wr *w)
{
	struct whatenc_decl *u = NULL;

	switch (w->det.source) {
	case WHATENC_SRC_BOM:
		u = w->has_bom ? &w->bom : NULL;
		break;
	case WHATENC_SRC_TRANSPORT:
		u = w->has_tr ? &w->tr : NULL;
		break;
	case WHATENC_SRC_XML_DECL:
		u = w->has_xml ? &w->xml : NULL;
		break;
	case WHATENC_SRC_CSS_CHARSET:
		u = w->has_css ? &w->css : NULL;
		break;
	case WHATENC_SRC_META:
		wr_find_used_meta(w);
		return;
	default:
		break;
	}
	if (u) {
		u->used = true;
		w->used = u;
	}
}

static enum whatenc_format wr_detect_format(enum whatenc_check_format f)
{
	return f == WHATENC_CHECK_HTML ? WHATENC_FORMAT_HTML :
	       f == WHATENC_CHECK_CSS ? WHATENC_FORMAT_CSS : WHATENC_FORMAT_XML;
}

/**
 * whatenc_check() - hold a document to the encoding-declaration rules
 * @opts: the format, the transport's label, the callbacks
 * @buf:  the whole document (may be NULL if @len is 0)
 * @len:  its length
 *
 * Finds every encoding declaration of the document and every rule of
 * enum whatenc_rule it breaks, and reports each to @opts->on_decl and
 * @opts->on_finding (see the DOC section "encoding-declaration rules" in
 * whatenc_rules.h). Declarations come in document order, the transport
 * first; a declaration's findings follow it; findings about the bytes
 * (decoding errors, undeclared non-ASCII bytes, legacy encodings) come
 * last. The time taken is linear in @len: the document is decoded once.
 *
 * Context: any; does not sleep or allocate.
 * Return: the number of findings (0: the document keeps every rule), a
 * callback's non-zero return value if one stopped the check, or -EINVAL
 * for a NULL @opts, an unknown format, or a NULL @buf or transport with a
 * non-zero length.
 */
int whatenc_check(const struct whatenc_check_opts *opts, const u8 *buf,
		  size_t len)
{
	struct whatenc_detect_opts dopts = { 0 };
	struct wr w;
	int e;

	if (!opts || (unsigned int)opts->fmt > WHATENC_CHECK_CSS ||
	    (!buf && len) || (!opts->transport && opts->transport_len))
		return -EINVAL;
	memset(&w, 0, sizeof(w));
	w.o = opts;
	w.b = buf ? buf : (const u8 *)"";
	w.n = len;

	if (opts->transport) {
		wr_set_decl(&w.tr, WHATENC_DECL_TRANSPORT, 0, 0,
			    opts->transport, opts->transport_len, 0);
		w.has_tr = true;
		/* "if the transport layer specifies a supported encoding" */
		e = w.tr.enc;
		if (e >= 0) {
			dopts.flags |= WHATENC_DETECT_TRANSPORT;
			dopts.transport = e;
		}
	}
	if (whatenc_detect(wr_detect_format(opts->fmt), w.b, w.n, true,
			   &dopts, &w.det))
		return -EINVAL;	/* cannot happen: the arguments are checked */
	wr_find_bom(&w);
	if (opts->fmt != WHATENC_CHECK_CSS)
		wr_find_xml(&w);
	else
		wr_find_css(&w);
	wr_pick_used(&w);

	if (w.has_tr) {
		wr_decl(&w, &w.tr);
		wr_label(&w, &w.tr, opts->fmt <= WHATENC_CHECK_XHTML);
		wr_conflict(&w, &w.tr);
	}
	if (w.has_bom) {
		wr_decl(&w, &w.bom);
		if (w.det.unsupported)
			wr_find(&w, WHATENC_RULE_ENCODING_UNSAFE, 0, &w.bom);
		wr_conflict(&w, &w.bom);
	}
	if (opts->fmt == WHATENC_CHECK_CSS) {
		wr_css(&w);
	} else {
		wr_xml(&w);
		wr_metas(&w);
	}
	wr_bytes(&w);
	wr_undeclared(&w);
	return w.stop ? w.stop : w.nfind;
}

/**
 * whatenc_rule_info() - a rule's id, severity, message and sources
 * @rule: the rule
 *
 * Context: any.
 * Return: the rule's description (static), or NULL for an unknown @rule.
 */
const struct whatenc_rule_info *whatenc_rule_info(enum whatenc_rule rule)
{
	if ((unsigned int)rule >= WHATENC_NR_RULES)
		return NULL;
	return &wr_rules[rule];
}
