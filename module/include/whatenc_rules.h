/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * whatenc_rules.h - holding documents to the encoding-declaration rules
 *
 * The authoring side of detection: whatenc_detect() says which encoding
 * a browser or parser would use; whatenc_check() says what is wrong with
 * how the document declares it. Same conventions as whatenc.h: nothing
 * allocated, no sleeping, no global mutable state of its own (the codecs
 * it calls read the vector level, see whatenc.h).
 */
#ifndef WHATENC_RULES_H
#define WHATENC_RULES_H

#include "whatenc_detect.h"

/**
 * DOC: encoding-declaration rules
 *
 * whatenc_check() reads a whole document and reports, through the
 * caller's callbacks, every encoding declaration it finds (transport,
 * byte order mark, XML declaration, each <meta charset> or <meta
 * http-equiv=content-type>, CSS @charset) and every rule it breaks. The
 * rules are those the W3C's "Character encodings by format" summarises
 * from HTML5, XHTML, XML 1.0 and HTML 4.01 (the seed of this feature),
 * plus CSS Syntax Level 3's @charset rule; enum whatenc_rule lists them
 * and whatenc_rule_info() gives each one's stable id, severity, message
 * and the specification text it enforces. Rules that say "must" are
 * errors; "should" and advice ("authors are encouraged to use UTF-8")
 * are warnings.
 *
 * The document is read as the given format: HTML (text/html), XHTML
 * served as XML (application/xhtml+xml: XML's detection, <meta> allowed
 * only as <meta charset="UTF-8">), other XML, or CSS. The effective
 * encoding is whatenc_detect()'s; the document is then decoded with it in
 * fatal mode to find the first byte that disagrees with the declaration.
 */

/**
 * enum whatenc_check_format - how the document is served
 * @WHATENC_CHECK_HTML:  HTML (text/html)
 * @WHATENC_CHECK_XHTML: XHTML served as XML (application/xhtml+xml)
 * @WHATENC_CHECK_XML:   other XML
 * @WHATENC_CHECK_CSS:   CSS (text/css)
 */
enum whatenc_check_format {
	WHATENC_CHECK_HTML = 0,
	WHATENC_CHECK_XHTML,
	WHATENC_CHECK_XML,
	WHATENC_CHECK_CSS,
};

/**
 * enum whatenc_decl_kind - kinds of encoding declarations
 * @WHATENC_DECL_TRANSPORT:    the charset the transport gives (Content-Type)
 * @WHATENC_DECL_BOM:          a byte order mark
 * @WHATENC_DECL_XML:          an XML declaration (with or without encoding)
 * @WHATENC_DECL_META_CHARSET: <meta charset=...>
 * @WHATENC_DECL_META_PRAGMA:  <meta http-equiv="content-type" content=...>
 * @WHATENC_DECL_CSS_CHARSET:  CSS @charset "...";
 */
enum whatenc_decl_kind {
	WHATENC_DECL_TRANSPORT = 0,
	WHATENC_DECL_BOM,
	WHATENC_DECL_XML,
	WHATENC_DECL_META_CHARSET,
	WHATENC_DECL_META_PRAGMA,
	WHATENC_DECL_CSS_CHARSET,
};

/**
 * struct whatenc_decl - one encoding declaration
 * @kind:      what it is
 * @off:       offset of its first byte in the document (0 for transport)
 * @end:       offset just past it (0 for transport)
 * @label:     the encoding name it gives: in the document, in the
 *	caller's transport string, or for a BOM the encoding's name; NULL
 *	when it names none (an XML declaration without encoding, a pragma
 *	without charset)
 * @label_len: its length in bytes
 * @label_off: offset of @label in the document (0 if it is not there)
 * @enc:       the encoding @label stands for (get an encoding), or -1 for
 *	none or an unknown name; for a UTF-32 BOM -1 and @label "UTF-32LE"
 *	or "UTF-32BE"
 * @used:      this declaration decides the document's encoding
 */
struct whatenc_decl {
	enum whatenc_decl_kind kind;
	size_t off, end;
	const u8 *label;
	size_t label_len;
	size_t label_off;
	int enc;
	bool used;
};

/**
 * enum whatenc_rule - the rules (ids: whatenc_rule_info())
 * @WHATENC_RULE_LABEL_UNKNOWN: a declared name is not an encoding name
 * @WHATENC_RULE_LABEL_NOT_NAME: HTML: a name that is not the encoding's
 *	preferred name (e.g. "utf8", "latin1")
 * @WHATENC_RULE_LABEL_ESCAPED: a name written with character references
 *	or escapes
 * @WHATENC_RULE_ENCODING_FORBIDDEN: UTF-7, CESU-8, BOCU-1 or SCSU
 * @WHATENC_RULE_ENCODING_UNSAFE: UTF-32, ISO-2022-*, HZ, JOHAB, EBCDIC,
 *	JIS X 0208/0212 as such, UTF-1 (warning)
 * @WHATENC_RULE_ENCODING_LEGACY: an encoding other than UTF-8 or UTF-16
 *	is in use (warning)
 * @WHATENC_RULE_DECL_CONFLICT: two declarations name different encodings
 * @WHATENC_RULE_DECODE_ERROR: the bytes are not valid in the encoding in
 *	use (fatal decoding fails)
 * @WHATENC_RULE_CONTENT_MISMATCH: the content detector is confident of
 *	another encoding than the one in use, one that decodes the document
 *	to other text (warning; needs &whatenc_check_opts.guess)
 * @WHATENC_RULE_HTML_XML_DECL: HTML: an XML declaration
 * @WHATENC_RULE_HTML_UNDECLARED: HTML: non-ASCII bytes and no BOM,
 *	transport or <meta> declaration
 * @WHATENC_RULE_META_MULTIPLE: more than one <meta> declaration
 * @WHATENC_RULE_META_ATTRIBUTES: <meta charset> together with http-equiv
 *	or name
 * @WHATENC_RULE_META_LATE: a <meta> declaration that does not end within
 *	the first 1024 bytes
 * @WHATENC_RULE_META_PRAGMA_CONTENT: a pragma whose content is not
 *	"text/html; charset=NAME"
 * @WHATENC_RULE_META_PRAGMA: HTML: a pragma where <meta charset> is
 *	preferred (warning)
 * @WHATENC_RULE_META_NOT_ASCII: HTML: a <meta> declaring an encoding that
 *	is not ASCII-compatible (UTF-16, ISO-2022-JP, replacement)
 * @WHATENC_RULE_META_IN_UTF16: a <meta> in a UTF-16 document
 * @WHATENC_RULE_XHTML_META_PRAGMA: XHTML: a pragma
 * @WHATENC_RULE_XHTML_META_NOT_UTF8: XHTML: <meta charset> other than
 *	"UTF-8", or in a document that is not UTF-8
 * @WHATENC_RULE_XML_UNDECLARED: XML: no BOM, transport or encoding
 *	declaration, and the bytes are not UTF-8
 * @WHATENC_RULE_XML_UTF16_NO_BOM: XML: UTF-16 without a BOM
 * @WHATENC_RULE_CSS_CHARSET_IGNORED: CSS: an @charset that is not exactly
 *	`@charset "NAME";` at the very start, so it is ignored
 * @WHATENC_RULE_CSS_BOM_CHARSET: CSS: a BOM and an @charset (warning)
 * @WHATENC_RULE_CSS_UNDECLARED: CSS: non-ASCII bytes and no BOM,
 *	transport or @charset (warning)
 * @WHATENC_NR_RULES: the number of rules (not a rule)
 *
 * The values and ids are stable; new rules are only appended.
 */
enum whatenc_rule {
	WHATENC_RULE_LABEL_UNKNOWN = 0,
	WHATENC_RULE_LABEL_NOT_NAME,
	WHATENC_RULE_LABEL_ESCAPED,
	WHATENC_RULE_ENCODING_FORBIDDEN,
	WHATENC_RULE_ENCODING_UNSAFE,
	WHATENC_RULE_ENCODING_LEGACY,
	WHATENC_RULE_DECL_CONFLICT,
	WHATENC_RULE_DECODE_ERROR,
	WHATENC_RULE_CONTENT_MISMATCH,
	WHATENC_RULE_HTML_XML_DECL,
	WHATENC_RULE_HTML_UNDECLARED,
	WHATENC_RULE_META_MULTIPLE,
	WHATENC_RULE_META_ATTRIBUTES,
	WHATENC_RULE_META_LATE,
	WHATENC_RULE_META_PRAGMA_CONTENT,
	WHATENC_RULE_META_PRAGMA,
	WHATENC_RULE_META_NOT_ASCII,
	WHATENC_RULE_META_IN_UTF16,
	WHATENC_RULE_XHTML_META_PRAGMA,
	WHATENC_RULE_XHTML_META_NOT_UTF8,
	WHATENC_RULE_XML_UNDECLARED,
	WHATENC_RULE_XML_UTF16_NO_BOM,
	WHATENC_RULE_CSS_CHARSET_IGNORED,
	WHATENC_RULE_CSS_BOM_CHARSET,
	WHATENC_RULE_CSS_UNDECLARED,
	WHATENC_NR_RULES
};

/**
 * struct whatenc_rule_info - what a rule is
 * @id:      stable short id, e.g. "meta-late"
 * @error:   true: an error (a "must"); false: a warning
 * @message: a short message saying what is wrong
 * @ref:     the specification extracts it enforces, in the seed's ids,
 *	e.g. "html5:12 html5:23"
 */
struct whatenc_rule_info {
	const char *id;
	bool error;
	const char *message;
	const char *ref;
};

/**
 * struct whatenc_finding - one broken rule
 * @rule:  which
 * @off:   offset in the document of the byte it is about
 * @decl:  the declaration it is about, or NULL
 * @other: %WHATENC_RULE_DECL_CONFLICT: the declaration in use (or the
 *	first one) that @decl disagrees with; else NULL
 * @enc:   the encoding concerned (decoding errors, legacy and content
 *	findings: the encoding in use), or -1
 * @guess: %WHATENC_RULE_CONTENT_MISMATCH: the content detector's encoding;
 *	else -1
 * @len:   %WHATENC_RULE_DECODE_ERROR, %WHATENC_RULE_XML_UNDECLARED: number
 *	of offending bytes (at most 4); else 0
 * @bytes: those bytes
 *
 * Pointers are valid during the callback only.
 */
struct whatenc_finding {
	enum whatenc_rule rule;
	size_t off;
	const struct whatenc_decl *decl;
	const struct whatenc_decl *other;
	int enc;
	int guess;
	u8 len;
	u8 bytes[4];
};

/**
 * struct whatenc_check_opts - what whatenc_check() is told and whom it tells
 * @fmt:           how the document is served
 * @transport:     the charset label of the transport (e.g. Content-Type),
 *	exactly as given, or NULL for none
 * @transport_len: its length
 * @on_decl:       called for every declaration found, in document order
 *	(transport first), or NULL; a non-zero return stops the check
 * @on_finding:    called for every broken rule, or NULL; a non-zero return
 *	stops the check
 * @guess:         a content detector, or NULL for none: given the
 *	document, returns an encoding it is confident of, or -1 when it is
 *	not confident (`whatenc check` runs whatenc_guess_feed() over the
 *	document; its state is too big for this function's stack). With
 *	NULL the %WHATENC_RULE_CONTENT_MISMATCH rule is not checked.
 * @ctx:           passed to the callbacks
 */
struct whatenc_check_opts {
	enum whatenc_check_format fmt;
	const u8 *transport;
	size_t transport_len;
	int (*on_decl)(void *ctx, const struct whatenc_decl *d);
	int (*on_finding)(void *ctx, const struct whatenc_finding *f);
	int (*guess)(void *ctx, const u8 *buf, size_t len);
	void *ctx;
};

int whatenc_check(const struct whatenc_check_opts *opts, const u8 *buf,
		  size_t len);
const struct whatenc_rule_info *whatenc_rule_info(enum whatenc_rule rule);

#endif /* WHATENC_RULES_H */
