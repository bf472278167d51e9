// SPDX-License-Identifier: GPL-2.0-only
/*
 * detect.c - encoding detection by document format
 *
 * One entry point, whatenc_detect(), runs the detection algorithm of the
 * document's format over bytes the caller has:
 *
 * HTML: the HTML Standard, 13.2.3.2 "Determining the character encoding"
 *	(the "encoding sniffing algorithm"): 1. BOM sniffing (certain);
 *	4. the transport layer's encoding (certain); 5. "prescan a byte
 *	stream to determine its encoding" over the first 1024 bytes, which
 *	falls back to "get an XML encoding" (tentative); 6. the container
 *	document's encoding unless it is UTF-16BE/LE (tentative); 8.
 *	optionally (WHATENC_DETECT_UTF8_SNIFF) UTF-8 autodetection; 9. the
 *	default (tentative). Note the order: the living standard sniffs the
 *	BOM before it looks at the transport layer (older HTML5 drafts had
 *	the transport first), as the Encoding Standard's "decode" does.
 * XML: XML 1.0 (Fifth Edition) 4.3.3 and Appendix F "Autodetection of
 *	Character Encodings", with the precedence of RFC 7303 section 3
 *	(BOM, then the charset parameter, then the XML declaration): BOM;
 *	transport; the first four bytes (UTF-16 and UCS-4 patterns of "<?",
 *	EBCDIC); the declaration's encoding="..."; UTF-8.
 * CSS: CSS Syntax Level 3, 3.2 "The input byte stream": decoding uses the
 *	Encoding Standard's "decode", so a BOM wins; then "determine the
 *	fallback encoding": transport; the exact bytes `@charset "XX*";` at
 *	the very start (within the first 1024 bytes); the referring
 *	document's "environment encoding"; UTF-8.
 * Text: BOM; transport; UTF-8 validity of the bytes (which includes pure
 *	ASCII, flagged); the fallback.
 *
 * Labels always go through the Encoding Standard's "get an encoding"
 * (whatenc_get_encoding()). Nothing is copied or allocated: attribute
 * names and values of the HTML prescan are (offset, length) slices of the
 * caller's buffer, compared ASCII case-insensitively, which is what the
 * prescan's lowercasing of A-Z amounts to.
 */
#include "text.h"
#include "infra.h"
#include "whatenc_detect.h"
#include "prescan.h"

static bool wd_alpha(u8 c)
{
	return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');
}

/*
 * Labels of encodings whose family is configured out resolve too: the
 * document is in that encoding, which whatenc_detect() then reports
 * unsupported (wd_built()) rather than skipping the declaration.
 */
static int wd_get(const u8 *p, size_t len)
{
	return whatenc_label_lookup((const char *)p, len);
}

/* An encoding configured out (module/Kconfig) is unsupported here. */
static void wd_built(struct whatenc_detection *out)
{
	if (out->unsupported || whatenc_encoding_built(out->enc))
		return;
	out->unsupported = WHATENC_UNSUP_LABEL;
	out->enc = WHATENC_NR_ENCODINGS;
}

static bool wd_utf16(int enc)
{
	return enc == WHATENC_UTF_16BE || enc == WHATENC_UTF_16LE;
}

static void wd_set(struct whatenc_detection *out, int enc,
		   enum whatenc_detect_source src, bool certain)
{
	out->enc = enc;
	out->source = src;
	out->certain = certain;
}

static void wd_label(struct whatenc_detection *out, size_t off, size_t len)
{
	out->label_off = off;
	out->label_len = len;
}

/*
 * BOM sniff. The Encoding Standard's (whatenc_bom_sniff()), preceded
 * unless WHATENC_DETECT_NO_UTF32 by the UTF-32 BOMs FF FE 00 00 and
 * 00 00 FE FF, which are reported as unsupported: the Encoding Standard
 * would decode the first as UTF-16LE and ignore the second.
 * Returns 1 when a BOM decided, 0 when there is none, -EAGAIN when more
 * bytes are needed to tell.
 */
static int wd_bom(const u8 *buf, size_t len, bool at_eof, unsigned int flags,
		  struct whatenc_detection *out)
{
	static const u8 u32le[4] = { 0xff, 0xfe, 0x00, 0x00 };
	static const u8 u32be[4] = { 0x00, 0x00, 0xfe, 0xff };
	size_t bom_len = 0;
	int r;

	if (!len)
		return at_eof ? 0 : -EAGAIN;
	if (!(flags & WHATENC_DETECT_NO_UTF32)) {
		if (len >= 4 && (!memcmp(buf, u32le, 4) ||
				 !memcmp(buf, u32be, 4))) {
			out->unsupported = buf[0] ? WHATENC_UNSUP_UTF32LE :
						    WHATENC_UNSUP_UTF32BE;
			out->enc = WHATENC_NR_ENCODINGS;
			out->source = WHATENC_SRC_BOM;
			out->certain = true;
			out->bom_len = 4;
			return 1;
		}
		if (len < 4 && !at_eof && (!memcmp(buf, u32le, len) ||
					   !memcmp(buf, u32be, len)))
			return -EAGAIN;
	}
	r = whatenc_bom_sniff(buf, len, &bom_len);
	if (r == -EAGAIN)
		return at_eof ? 0 : -EAGAIN;
	if (r < 0)
		return 0;
	wd_set(out, r, WHATENC_SRC_BOM, true);
	out->bom_len = bom_len;
	return 1;
}

/*
 * Whether @buf is valid UTF-8 by the Encoding Standard's UTF-8 decoder.
 * A sequence cut off by the end of @buf is valid unless @at_eof.
 */
static bool wd_utf8_valid(const u8 *buf, size_t len, bool at_eof, bool *ascii)
{
	struct whatenc_utf8_state st;
	struct whatenc_buf b = { .in = buf, .in_size = len };
	u32 cp;

	we_utf8_init(&st);
	*ascii = true;
	for (;;) {
		b.in_pos += we_ascii_copy(NULL, buf + b.in_pos,
					  len - b.in_pos);
		if (b.in_pos == len)
			return true;
		*ascii = false;
		cp = we_utf8_read(&st, &b);
		if (cp == WE_MALFORMED)
			return false;
		if (cp == WE_NEED_MORE)
			return !at_eof;
	}
}

/* ---- HTML ------------------------------------------------------------ */

/* An attribute found by "get an attribute": slices of the buffer. */
struct wd_attr {
	size_t name, name_len;
	size_t val, val_len;
};

/*
 * HTML 13.2.3.2, "get an attribute", steps 1-12, on @b[0..n) from *@ppos.
 * Returns 1 with an attribute, 0 when there is none (*@ppos at the 0x3E
 * byte), -1 when the bytes ran out (which aborts the prescan).
 */
static int wd_get_attr(const u8 *b, size_t n, size_t *ppos,
		       struct wd_attr *a)
{
	size_t pos = *ppos;
	u8 c, q;

	/* 1. skip whitespace and '/' */
	for (;; pos++) {
		if (pos >= n)
			return -1;
		c = b[pos];
		if (!we_ascii_ws(c) && c != '/')
			break;
	}
	/* 2. '>': there is no attribute */
	if (c == '>') {
		*ppos = pos;
		return 0;
	}
	/* 3. the name starts here; 4.-5. name loop */
	a->name = pos;
	a->name_len = 0;
	a->val = pos;
	a->val_len = 0;
	for (;; pos++) {
		if (pos >= n)
			return -1;
		c = b[pos];
		if (c == '=' && a->name_len) {
			pos++;
			goto value;
		}
		if (we_ascii_ws(c))
			break;			/* to "spaces" */
		if (c == '/' || c == '>')
			goto done;		/* empty value */
		a->name_len++;		/* A-Z lowercase: we_ascii_ieq() */
	}
	/* 6. spaces */
	for (;; pos++) {
		if (pos >= n)
			return -1;
		if (!we_ascii_ws(b[pos]))
			break;
	}
	/* 7. not '=': the value is empty */
	if (b[pos] != '=')
		goto done;
	/* 8. past the '=' */
	pos++;
value:
	/* 9. value: skip whitespace */
	for (;; pos++) {
		if (pos >= n)
			return -1;
		if (!we_ascii_ws(b[pos]))
			break;
	}
	/* 10. */
	c = b[pos];
	if (c == '"' || c == '\'') {
		q = c;
		a->val = ++pos;
		for (;; pos++) {		/* quote loop */
			if (pos >= n)
				return -1;
			if (b[pos] == q) {
				a->val_len = pos - a->val;
				pos++;
				goto done;
			}
		}
	}
	if (c == '>')
		goto done;			/* empty value */
	a->val = pos++;
	/* 11.-12. unquoted value up to whitespace or '>' */
	for (;; pos++) {
		if (pos >= n)
			return -1;
		c = b[pos];
		if (we_ascii_ws(c) || c == '>')
			break;
	}
	a->val_len = pos - a->val;
done:
	*ppos = pos;
	return 1;
}

/*
 * HTML 2.6.5 (urls-and-fetching), "algorithm for extracting a character
 * encoding from a meta element", on @s[0..len) (a content attribute).
 * Returns the encoding, or a negative value for "nothing" (including a
 * label that is not an encoding); *@loff and *@llen: the label's slice.
 */
static int wd_meta_extract(const u8 *s, size_t len, size_t *loff,
			   size_t *llen)
{
	size_t pos = 0, i, end;
	u8 q;

	for (;;) {
		/* 2. loop: the next "charset", ASCII case-insensitively */
		for (i = pos; i + 7 <= len; i++)
			if (we_ascii_ieq(s + i, 7, "charset"))
				break;
		if (i + 7 > len)
			return -1;
		pos = i + 7;
		/* 3. skip whitespace */
		while (pos < len && we_ascii_ws(s[pos]))
			pos++;
		/* 4. not '=': go on searching from that character */
		if (pos < len && s[pos] == '=')
			break;
	}
	/* 5. skip whitespace after '=' */
	pos++;
	while (pos < len && we_ascii_ws(s[pos]))
		pos++;
	/* 6. */
	if (pos >= len)
		return -1;			/* no next character */
	q = s[pos];
	if (q == '"' || q == '\'') {
		for (end = pos + 1; end < len && s[end] != q; end++)
			;
		if (end >= len)
			return -1;		/* unmatched quote */
		*loff = pos + 1;
		*llen = end - pos - 1;
	} else {
		for (end = pos; end < len && !we_ascii_ws(s[end]) && s[end] != ';';
		     end++)
			;
		*loff = pos;
		*llen = end - pos;
	}
	return wd_get(s + *loff, *llen);
}

#define WD_NULL		(-2)	/* prescan "charset" is null */
#define WD_FAILURE	(-1)	/* prescan "charset" is failure */
#define WD_SEEN		(-3)	/* whatenc_det_next_meta(): a <meta> was seen */

/* whatenc_det_next_meta(): note an attribute's value in @m (if any). */
static void wd_meta_attr(struct wd_meta *m, unsigned int flag,
			 const struct wd_attr *a)
{
	if (!m)
		return;
	m->flags |= flag;
	if (flag == WD_META_HE) {
		m->he = a->val;
		m->he_len = a->val_len;
	} else if (flag == WD_META_CONTENT) {
		m->content = a->val;
		m->content_len = a->val_len;
	} else {
		m->charset = a->val;
		m->charset_len = a->val_len;
	}
}

/*
 * The <meta ...> branch of the prescan's loop, steps 1-16, with *@ppos at
 * the byte after "<meta". Returns the encoding, WD_NULL to go on with
 * "next byte", or -EAGAIN when the bytes ran out. With @m (whatenc_det_next_meta())
 * the attributes go to @m too and the processing steps are left out:
 * returns WD_SEEN with *@ppos at the element's '>'.
 */
static int wd_prescan_meta(const u8 *b, size_t n, size_t *ppos,
			   struct whatenc_detection *out, struct wd_meta *m)
{
	bool seen_he = false, seen_content = false, seen_charset = false;
	bool got_pragma = false;
	int need_pragma = -1;		/* 4. null */
	int charset = WD_NULL;		/* 5. null */
	size_t loff = 0, llen = 0, o, l;
	struct wd_attr a;
	int r, e;

	for (;;) {
		/* 6. attributes */
		r = wd_get_attr(b, n, ppos, &a);
		if (r < 0)
			return -EAGAIN;
		if (!r)
			break;
		/* 7.-9.: only these three names matter; each counts once */
		if (we_ascii_ieq(b + a.name, a.name_len, "http-equiv")) {
			if (seen_he)
				goto dup;
			seen_he = true;
			if (we_ascii_ieq(b + a.val, a.val_len, "content-type"))
				got_pragma = true;
			wd_meta_attr(m, WD_META_HE, &a);
		} else if (we_ascii_ieq(b + a.name, a.name_len, "content")) {
			if (seen_content)
				goto dup;
			seen_content = true;
			wd_meta_attr(m, WD_META_CONTENT, &a);
			o = SIZE_MAX;
			e = wd_meta_extract(b + a.val, a.val_len, &o, &l);
			if (m && o != SIZE_MAX) {
				m->flags |= WD_META_CLABEL;
				m->clabel = a.val + o;
				m->clabel_len = l;
			}
			if (e >= 0 && charset == WD_NULL) {
				charset = e;
				need_pragma = 1;
				loff = a.val + o;
				llen = l;
			}
		} else if (we_ascii_ieq(b + a.name, a.name_len, "charset")) {
			if (seen_charset)
				goto dup;
			seen_charset = true;
			wd_meta_attr(m, WD_META_CHARSET, &a);
			e = wd_get(b + a.val, a.val_len);
			charset = e >= 0 ? e : WD_FAILURE;
			need_pragma = 0;
			loff = a.val;
			llen = a.val_len;
		} else if (m && we_ascii_ieq(b + a.name, a.name_len, "name")) {
			m->flags |= WD_META_NAME;
		}
		continue;
dup:
		if (m)
			m->flags |= WD_META_DUP;
	}
	if (m) {
		if (got_pragma)
			m->flags |= WD_META_PRAGMA;
		return WD_SEEN;
	}
	/* 11.-13. processing */
	if (need_pragma < 0 || (need_pragma && !got_pragma) || charset < 0)
		return WD_NULL;
	/* 14.-15. */
	if (wd_utf16(charset))
		charset = WHATENC_UTF_8;
	else if (charset == WHATENC_X_USER_DEFINED)
		charset = WHATENC_WINDOWS_1252;
	wd_label(out, loff, llen);
	return charset;
}

/* "starts with" for the prescan: false when the bytes are too few. */
static bool wd_at(const u8 *b, size_t n, size_t pos, const char *lit,
		  size_t litlen)
{
	return n - pos >= litlen && !memcmp(b + pos, lit, litlen);
}

/*
 * HTML 13.2.3.2, "prescan a byte stream to determine its encoding", over
 * @b[0..n) (n is at most the end condition, 1024 bytes). Returns the
 * encoding, or -EAGAIN when the prescan is aborted (the bytes ran out or
 * the end condition was reached: the caller then tries "get an XML
 * encoding"). With @m (whatenc_det_next_meta()), starts at @pos, leaves out step 2
 * and returns WD_SEEN at the first <meta>, described in @m.
 */
static int wd_prescan(const u8 *b, size_t n, size_t pos,
		      struct whatenc_detection *out, struct wd_meta *m)
{
	size_t i, start;
	int r;

	/* 2. UTF-16 XML declarations ('<?x' in UTF-16LE / UTF-16BE) */
	if (!m && wd_at(b, n, 0, "<\0?\0x\0", 6))
		return WHATENC_UTF_16LE;
	if (!m && wd_at(b, n, 0, "\0<\0?\0x", 6))
		return WHATENC_UTF_16BE;

	/* 3. loop; 4. next byte */
	for (;; pos++) {
		if (pos >= n)
			return -EAGAIN;
		if (b[pos] != '<')
			continue;		/* any other byte */
		if (wd_at(b, n, pos, "<!--", 4)) {
			/* to the '>' of the first "-->" after "<!" */
			for (i = pos + 2; i + 2 < n; i++)
				if (b[i] == '-' && b[i + 1] == '-' &&
				    b[i + 2] == '>')
					break;
			if (i + 2 >= n)
				return -EAGAIN;
			pos = i + 2;
			continue;
		}
		if (n - pos >= 6 && we_ascii_ieq(b + pos + 1, 4, "meta") &&
		    (we_ascii_ws(b[pos + 5]) || b[pos + 5] == '/')) {
			start = pos;
			pos += 5;
			r = wd_prescan_meta(b, n, &pos, out, m);
			if (r == WD_SEEN) {
				m->start = start;
				m->end = pos + 1;
			}
			if (r != WD_NULL)
				return r;
			continue;
		}
		if ((n - pos >= 2 && wd_alpha(b[pos + 1])) ||
		    (n - pos >= 3 && b[pos + 1] == '/' &&
		     wd_alpha(b[pos + 2]))) {
			/* a tag: to the next whitespace or '>' ... */
			for (;; pos++) {
				if (pos >= n)
					return -EAGAIN;
				if (we_ascii_ws(b[pos]) || b[pos] == '>')
					break;
			}
			/* ... then skip its attributes */
			do {
				struct wd_attr a;

				r = wd_get_attr(b, n, &pos, &a);
				if (r < 0)
					return -EAGAIN;
			} while (r);
			continue;
		}
		if (n - pos >= 2 && (b[pos + 1] == '!' || b[pos + 1] == '/' ||
				     b[pos + 1] == '?')) {
			for (i = pos + 1; i < n && b[i] != '>'; i++)
				;
			if (i >= n)
				return -EAGAIN;
			pos = i;
		}
	}
}

/**
 * whatenc_det_next_meta() - the prescan's next <meta> element
 * @buf: the document's bytes
 * @len: how many there are (the whole document: no 1024-byte end condition)
 * @pos: where to go on from: 0, or the @m->end of the previous call
 * @m:   the element found
 *
 * Context: any; does not sleep or allocate.
 * Return: true with @m filled in, false when there is none (the bytes ran
 * out, also inside an unfinished element).
 */
bool whatenc_det_next_meta(const u8 *buf, size_t len, size_t pos, struct wd_meta *m)
{
	struct whatenc_detection unused;

	memset(m, 0, sizeof(*m));
	return wd_prescan(buf, len, pos, &unused, m) == WD_SEEN;
}

/*
 * HTML 13.2.3.2, "get an XML encoding", over @b[0..n). Step 4 searches
 * for `encoding` without a stated bound; the declaration ends at the '>'
 * of step 3 (xmlDeclarationEnd, which the steps compute for this), so
 * the search and the steps after it stay before that '>'.
 * Returns the encoding or -1 for failure.
 */
static int wd_get_xml_encoding(const u8 *b, size_t n,
			       struct whatenc_detection *out)
{
	size_t end, p, q;
	u8 quote;
	int e;

	if (!wd_at(b, n, 0, "<?xml", 5))		/* 2. */
		return -1;
	for (end = 5; end < n && b[end] != '>'; end++)	/* 3. */
		;
	if (end >= n)
		return -1;
	for (p = 5; p + 8 <= end; p++)			/* 4. */
		if (!memcmp(b + p, "encoding", 8))
			break;
	if (p + 8 > end)
		return -1;
	p += 8;						/* 5. */
	while (p < end && b[p] <= 0x20)			/* 6. */
		p++;
	if (p >= end || b[p] != '=')			/* 7. */
		return -1;
	p++;						/* 8. */
	while (p < end && b[p] <= 0x20)			/* 9. */
		p++;
	if (p >= end || (b[p] != '"' && b[p] != '\''))	/* 10.-11. */
		return -1;
	quote = b[p++];					/* 12. */
	for (q = p; q < end && b[q] != quote; q++)	/* 13. */
		;
	if (q >= end)
		return -1;
	for (end = p; end < q; end++)			/* 14.-15. */
		if (b[end] <= 0x20)
			return -1;
	e = wd_get(b + p, q - p);			/* 16. */
	if (e < 0)
		return -1;
	wd_label(out, p, q - p);
	return wd_utf16(e) ? WHATENC_UTF_8 : e;		/* 17.-18. */
}

static int wd_html(const u8 *buf, size_t len, bool at_eof,
		   const struct whatenc_detect_opts *o,
		   struct whatenc_detection *out)
{
	size_t n = len < WHATENC_DETECT_HTML_MAX ? len : WHATENC_DETECT_HTML_MAX;
	bool ascii;
	int e;

	/* 4. transport layer */
	if (o->flags & WHATENC_DETECT_TRANSPORT) {
		wd_set(out, o->transport, WHATENC_SRC_TRANSPORT, true);
		return 0;
	}
	/* 5. prescan, end condition: 1024 bytes */
	e = wd_prescan(buf, n, 0, out, NULL);
	if (e >= 0) {
		/* UTF-16 only from step 2, the UTF-16 "<?x" check */
		wd_set(out, e, wd_utf16(e) ? WHATENC_SRC_XML_DECL :
		       WHATENC_SRC_META, false);
		return 0;
	}
	if (len < WHATENC_DETECT_HTML_MAX && !at_eof)
		return -EAGAIN;		/* more bytes could hold a <meta> */
	e = wd_get_xml_encoding(buf, n, out);
	if (e >= 0) {
		wd_set(out, e, WHATENC_SRC_XML_DECL, false);
		return 0;
	}
	/* 6. container document, unless UTF-16BE/LE */
	if ((o->flags & WHATENC_DETECT_REFERRER) && !wd_utf16(o->referrer)) {
		wd_set(out, o->referrer, WHATENC_SRC_REFERRER, false);
		return 0;
	}
	/* 8. autodetection, here only UTF-8's "highly detectable pattern" */
	if ((o->flags & WHATENC_DETECT_UTF8_SNIFF) &&
	    wd_utf8_valid(buf, len, at_eof, &ascii) && !ascii) {
		wd_set(out, WHATENC_UTF_8, WHATENC_SRC_VALIDITY, false);
		return 0;
	}
	/* 9. the default */
	wd_set(out, (o->flags & WHATENC_DETECT_FALLBACK) ? o->fallback :
		    WHATENC_WINDOWS_1252, WHATENC_SRC_FALLBACK, false);
	return 0;
}

/* ---- XML ------------------------------------------------------------- */

/* The XML declaration, read in units of 1 (ASCII) or 2 (UTF-16) bytes. */
struct wd_xml {
	const u8 *b;
	size_t n;
	unsigned int w;
	bool be;
};

/* Character at unit @i: ASCII, 0x100 for others, -1 past the bytes. */
static int wd_xch(const struct wd_xml *x, size_t i)
{
	const u8 *p = x->b + i * x->w;
	unsigned int u;

	if (i * x->w + x->w > x->n)
		return -1;
	if (x->w == 1)
		return p[0] < 0x80 ? p[0] : 0x100;
	u = x->be ? (p[0] << 8 | p[1]) : (p[1] << 8 | p[0]);
	return u < 0x80 ? u : 0x100;
}

/* XML 1.0 [3]: S ::= (#x20 | #x9 | #xD | #xA)+ */
static bool wd_xml_s(int c)
{
	return c == 0x20 || c == 0x9 || c == 0xd || c == 0xa;
}

#define WD_XML_NONE	(-1)	/* no declaration, or no encoding in it */

/*
 * Find EncodingDecl in the XMLDecl/TextDecl at the start of @x:
 *   '<?xml' (S name Eq ('"' value '"' | "'" value "'"))* S? '?>'
 * with Eq ::= S? '=' S? (XML 1.0 [23], [24], [25], [77], [80]).
 * Returns 0 with *@off and *@ulen (in units) the encoding's value,
 * WD_XML_NONE, or -EAGAIN when the bytes ran out.
 */
static int wd_xml_decl(const struct wd_xml *x, size_t *off, size_t *ulen)
{
	size_t i, name, nlen, v;
	int c, q;

	for (i = 0; i < 5; i++) {
		c = wd_xch(x, i);
		if (c < 0)
			return -EAGAIN;
		if (c != "<?xml"[i])
			return WD_XML_NONE;
	}
	c = wd_xch(x, i);
	if (c < 0)
		return -EAGAIN;
	if (!wd_xml_s(c))
		return WD_XML_NONE;	/* e.g. <?xml-stylesheet */
	for (;;) {
		while ((c = wd_xch(x, i)) >= 0 && wd_xml_s(c))
			i++;
		if (c < 0)
			return -EAGAIN;
		if (c == '?')
			return WD_XML_NONE;	/* '?>': no encoding */
		name = i;
		while ((c = wd_xch(x, i)) >= 0 && wd_alpha(c))
			i++;
		nlen = i - name;
		while ((c = wd_xch(x, i)) >= 0 && wd_xml_s(c))
			i++;
		if (c < 0)
			return -EAGAIN;
		if (!nlen || c != '=')
			return WD_XML_NONE;	/* malformed */
		i++;
		while ((c = wd_xch(x, i)) >= 0 && wd_xml_s(c))
			i++;
		if (c < 0)
			return -EAGAIN;
		if (c != '"' && c != '\'')
			return WD_XML_NONE;
		q = c;
		v = ++i;
		while ((c = wd_xch(x, i)) >= 0 && c != q)
			i++;
		if (c < 0)
			return -EAGAIN;
		i++;
		if (nlen == 8) {
			u8 nm[8];
			size_t k;

			for (k = 0; k < 8; k++)
				nm[k] = wd_xch(x, name + k);
			if (!memcmp(nm, "encoding", 8)) {
				*off = v;
				*ulen = i - 1 - v;
				return 0;
			}
		}
	}
}

/*
 * The encoding named by the declaration's value (units @off, @ulen):
 * XML 1.0 [81] EncName ::= [A-Za-z] ([A-Za-z0-9._] | '-')*, then "get an
 * encoding". Returns the encoding or -1.
 */
static int wd_xml_encname(const struct wd_xml *x, size_t off, size_t ulen)
{
	u8 name[64];
	size_t k;
	int c;

	if (!ulen || ulen > sizeof(name))
		return -1;
	for (k = 0; k < ulen; k++) {
		c = wd_xch(x, off + k);
		if (!(wd_alpha(c) || (k && ((c >= '0' && c <= '9') ||
					    c == '.' || c == '_' || c == '-'))))
			return -1;
		name[k] = c;
	}
	return wd_get(name, ulen);
}

static int wd_xml(const u8 *buf, size_t len, bool at_eof,
		  const struct whatenc_detect_opts *o,
		  struct whatenc_detection *out)
{
	/* XML 1.0 Appendix F.1, "without a BOM" */
	static const struct {
		u8 bytes[4];
		u8 unsup;	/* enum whatenc_detect_unsupported */
		u8 w;		/* unit of the declaration, 0: none */
		bool be;
	} pat[] = {
		{ { 0x00, 0x00, 0x00, 0x3c }, WHATENC_UNSUP_UTF32BE, 0, true },
		{ { 0x3c, 0x00, 0x00, 0x00 }, WHATENC_UNSUP_UTF32LE, 0, false },
		{ { 0x00, 0x3c, 0x00, 0x3f }, WHATENC_UNSUP_NONE, 2, true },
		{ { 0x3c, 0x00, 0x3f, 0x00 }, WHATENC_UNSUP_NONE, 2, false },
		{ { 0x3c, 0x3f, 0x78, 0x6d }, WHATENC_UNSUP_NONE, 1, false },
		{ { 0x4c, 0x6f, 0xa7, 0x94 }, WHATENC_UNSUP_EBCDIC, 0, false },
	};
	size_t n = len < WHATENC_DETECT_XML_MAX ? len : WHATENC_DETECT_XML_MAX;
	struct wd_xml x = { .b = buf, .n = n };
	size_t i, off = 0, ulen = 0;
	int r, e, fam;

	if (o->flags & WHATENC_DETECT_TRANSPORT) {
		wd_set(out, o->transport, WHATENC_SRC_TRANSPORT, true);
		return 0;
	}
	for (i = 0; i < ARRAY_SIZE(pat); i++) {
		if (len < 4) {
			if (!at_eof && !memcmp(buf, pat[i].bytes, len))
				return -EAGAIN;
			continue;
		}
		if (!memcmp(buf, pat[i].bytes, 4))
			break;
	}
	if (i == ARRAY_SIZE(pat)) {
		/* 4.3.3: no BOM and no declaration: UTF-8 */
		wd_set(out, WHATENC_UTF_8, WHATENC_SRC_FALLBACK, true);
		return 0;
	}
	if (pat[i].unsup) {
		out->unsupported = pat[i].unsup;
		wd_set(out, WHATENC_NR_ENCODINGS, WHATENC_SRC_XML_DECL, true);
		return 0;
	}
	x.w = pat[i].w;
	x.be = pat[i].be;
	r = wd_xml_decl(&x, &off, &ulen);
	if (r == -EAGAIN) {
		if (len < WHATENC_DETECT_XML_MAX && !at_eof)
			return -EAGAIN;
		r = WD_XML_NONE;	/* no declaration within the limit */
	}
	e = r ? -1 : wd_xml_encname(&x, off, ulen);
	if (!r)
		wd_label(out, off * x.w, ulen * x.w);
	if (x.w == 2) {
		/*
		 * Appendix F.1: 00 3C 00 3F / 3C 00 3F 00 is a 16-bit
		 * big/little-endian encoding with ASCII as ASCII, "the
		 * encoding declaration must be read to determine which": of
		 * the Encoding Standard's, only UTF-16BE / UTF-16LE. The
		 * declaration confirms it (certain) or is missing or names
		 * something else, a fatal error for XML (tentative).
		 */
		fam = x.be ? WHATENC_UTF_16BE : WHATENC_UTF_16LE;
		wd_set(out, fam, WHATENC_SRC_XML_DECL, wd_utf16(e));
		if (!r && !wd_utf16(e))
			out->flags |= WHATENC_DETECTED_CONFLICT;
		return 0;
	}
	if (r) {
		/* a declaration without encoding: UTF-8 (4.3.3) */
		wd_set(out, WHATENC_UTF_8, WHATENC_SRC_FALLBACK, true);
		return 0;
	}
	if (e < 0) {
		out->unsupported = WHATENC_UNSUP_LABEL;
		wd_set(out, WHATENC_NR_ENCODINGS, WHATENC_SRC_XML_DECL, true);
		return 0;
	}
	if (wd_utf16(e)) {
		/*
		 * "<?xm" in single bytes cannot be UTF-16: read it as UTF-8,
		 * as HTML's "get an XML encoding" (step 17) does.
		 */
		e = WHATENC_UTF_8;
		out->flags |= WHATENC_DETECTED_CONFLICT;
	}
	wd_set(out, e, WHATENC_SRC_XML_DECL, true);
	return 0;
}

/* ---- CSS ------------------------------------------------------------- */

static int wd_css(const u8 *buf, size_t len, bool at_eof,
		  const struct whatenc_detect_opts *o,
		  struct whatenc_detection *out)
{
	static const u8 at[10] = "@charset \"";
	size_t n = len < WHATENC_DETECT_CSS_MAX ? len : WHATENC_DETECT_CSS_MAX;
	bool more = len < WHATENC_DETECT_CSS_MAX && !at_eof;
	size_t i;
	int e;

	/* 1. the protocol's encoding label */
	if (o->flags & WHATENC_DETECT_TRANSPORT) {
		wd_set(out, o->transport, WHATENC_SRC_TRANSPORT, true);
		return 0;
	}
	/*
	 * 2. the first 1024 bytes begin with 40 63 68 61 72 73 65 74 20 22
	 * XX* 22 3B, each XX other than 22 and 3B
	 */
	if (!memcmp(buf, at, n < 10 ? n : 10)) {
		for (i = 10; i < n && buf[i] != '"' && buf[i] != ';'; i++)
			;
		if (n < 10 || i >= n || (buf[i] == '"' && i + 1 >= n)) {
			if (more)
				return -EAGAIN;
		} else if (buf[i] == '"' && buf[i + 1] == ';') {
			e = wd_get(buf + 10, i - 10);
			if (e >= 0) {
				wd_label(out, 10, i - 10);
				wd_set(out, wd_utf16(e) ? WHATENC_UTF_8 : e,
				       WHATENC_SRC_CSS_CHARSET, true);
				return 0;
			}
		}
	}
	/* 3. the referring document's environment encoding */
	if (o->flags & WHATENC_DETECT_REFERRER) {
		wd_set(out, o->referrer, WHATENC_SRC_REFERRER, false);
		return 0;
	}
	/* 4. UTF-8 */
	wd_set(out, WHATENC_UTF_8, WHATENC_SRC_FALLBACK, false);
	return 0;
}

/* ---- text ------------------------------------------------------------ */

static int wd_text(const u8 *buf, size_t len, bool at_eof,
		   const struct whatenc_detect_opts *o,
		   struct whatenc_detection *out)
{
	bool ascii;

	if (o->flags & WHATENC_DETECT_TRANSPORT) {
		wd_set(out, o->transport, WHATENC_SRC_TRANSPORT, true);
		return 0;
	}
	if (wd_utf8_valid(buf, len, at_eof, &ascii)) {
		wd_set(out, WHATENC_UTF_8, WHATENC_SRC_VALIDITY, false);
		if (ascii)
			out->flags |= WHATENC_DETECTED_ASCII;
		return 0;
	}
	wd_set(out, (o->flags & WHATENC_DETECT_FALLBACK) ? o->fallback :
		    WHATENC_WINDOWS_1252, WHATENC_SRC_FALLBACK, false);
	return 0;
}

static bool wd_bad_enc(unsigned int flags, unsigned int flag, int enc)
{
	return (flags & flag) && (unsigned int)enc >= WHATENC_NR_ENCODINGS;
}

/**
 * whatenc_detect() - find a document's encoding the way its format says
 * @fmt:    the format (enum whatenc_format)
 * @buf:    the first bytes of the document (may be NULL if @len is 0)
 * @len:    how many there are
 * @at_eof: @buf holds the whole document
 * @opts:   out-of-band information (transport, referrer, fallback,
 *	flags), or NULL for none
 * @out:    the result
 *
 * Runs the format's algorithm (see the DOC section "encoding detection
 * by format" in whatenc.h and the top of detect.c). The result says the
 * encoding, or that the document is in an encoding whatenc cannot decode
 * (@out->unsupported), what decided it and with what confidence. With
 * @at_eof false, the answer is given only when no further bytes within
 * the format's look-ahead could change it; otherwise the function returns
 * -EAGAIN and the caller can call again with more bytes (the same bytes
 * plus more; nothing is kept between calls). The byte order mark, if any,
 * is part of the document: skip @out->bom_len bytes, or decode with
 * WHATENC_BOM_SNIFF, which removes it.
 *
 * Context: any; does not sleep or allocate.
 * An encoding whose family this kernel was built without (module/Kconfig)
 * is reported as @out->unsupported WHATENC_UNSUP_LABEL, with the label
 * that named it (none if it came from @opts).
 *
 * Return: 0 with @out filled in; -EAGAIN when more bytes are needed (only
 * if !@at_eof); -EINVAL for an unknown @fmt or flag, an encoding out of
 * range in @opts, a NULL @out, or a NULL @buf with a non-zero @len.
 */
int whatenc_detect(enum whatenc_format fmt, const u8 *buf, size_t len,
		   bool at_eof, const struct whatenc_detect_opts *opts,
		   struct whatenc_detection *out)
{
	static const struct whatenc_detect_opts none;
	const struct whatenc_detect_opts *o = opts ? opts : &none;
	int r;

	if (!out || (!buf && len) || (o->flags & ~WHATENC_DETECT_FLAGS) ||
	    wd_bad_enc(o->flags, WHATENC_DETECT_TRANSPORT, o->transport) ||
	    wd_bad_enc(o->flags, WHATENC_DETECT_REFERRER, o->referrer) ||
	    wd_bad_enc(o->flags, WHATENC_DETECT_FALLBACK, o->fallback) ||
	    (unsigned int)fmt > WHATENC_FORMAT_CSS)
		return -EINVAL;
	if (!buf)
		buf = (const u8 *)"";
	memset(out, 0, sizeof(*out));

	r = wd_bom(buf, len, at_eof, o->flags, out);
	if (r)
		return r < 0 ? r : 0;
	switch (fmt) {
	case WHATENC_FORMAT_HTML:
		r = wd_html(buf, len, at_eof, o, out);
		break;
	case WHATENC_FORMAT_XML:
		r = wd_xml(buf, len, at_eof, o, out);
		break;
	case WHATENC_FORMAT_CSS:
		r = wd_css(buf, len, at_eof, o, out);
		break;
	default:
		r = wd_text(buf, len, at_eof, o, out);
		break;
	}
	if (r)
		memset(out, 0, sizeof(*out));
	else
		wd_built(out);
	return r;
}

/**
 * whatenc_detect_source_name() - a short name for a detection source
 * @src: the source
 *
 * Return: "bom", "transport", "meta", "xml-declaration", "@charset",
 * "validity", "referrer" or "fallback"; NULL for an unknown @src.
 */
const char *whatenc_detect_source_name(enum whatenc_detect_source src)
{
	static const char *const names[] = {
		[WHATENC_SRC_BOM] = "bom",
		[WHATENC_SRC_TRANSPORT] = "transport",
		[WHATENC_SRC_META] = "meta",
		[WHATENC_SRC_XML_DECL] = "xml-declaration",
		[WHATENC_SRC_CSS_CHARSET] = "@charset",
		[WHATENC_SRC_VALIDITY] = "validity",
		[WHATENC_SRC_REFERRER] = "referrer",
		[WHATENC_SRC_FALLBACK] = "fallback",
	};

	if ((unsigned int)src >= ARRAY_SIZE(names))
		return NULL;
	return names[src];
}
