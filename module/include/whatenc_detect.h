/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * whatenc_detect.h - detection of a document's encoding by its format
 * (detect.c); the values the /dev/whatenc ABI shares come from the uapi
 * header.
 */
#ifndef WHATENC_DETECT_H
#define WHATENC_DETECT_H

#include "whatenc.h"

/**
 * DOC: encoding detection by format
 *
 * whatenc_detect() finds the encoding of a document the way the standard
 * of its format says: the HTML Standard's "encoding sniffing algorithm"
 * (section 13.2.3.2, with its "prescan a byte stream to determine its
 * encoding"), XML 1.0 Appendix F with RFC 7303's precedence, CSS Syntax
 * Level 3's "determine the fallback encoding", and for plain text a BOM
 * or a UTF-8 validity check. It reads only the caller's bytes, keeps no
 * state, allocates nothing and never sleeps (any context).
 *
 * Look-ahead: what the answer depends on. BOM: the first 4 bytes (UTF-32
 * BOMs are 4 bytes long). HTML: the first WHATENC_DETECT_HTML_MAX (1024)
 * bytes (the prescan's end condition), and with WHATENC_DETECT_UTF8_SNIFF
 * all of @buf. XML: the XML declaration, which must end within the first
 * WHATENC_DETECT_XML_MAX bytes. CSS: the first WHATENC_DETECT_CSS_MAX
 * bytes. Text: all of @buf. A streaming caller that has fewer bytes than
 * that and not the whole document gets -EAGAIN when more bytes could
 * change the answer, and can buffer and call again.
 *
 * UTF-32: the Encoding Standard has no UTF-32 and its BOM sniff reads
 * FF FE 00 00 as a UTF-16LE BOM (followed by U+0000); 00 00 FE FF is no
 * BOM at all. whatenc_detect() instead reports both 4-byte BOMs (and XML's
 * UCS-4 patterns) as an unsupported UTF-32 document, unless
 * WHATENC_DETECT_NO_UTF32 asks for the Encoding Standard's reading.
 */

/**
 * enum whatenc_format - document formats known to whatenc_detect()
 * @WHATENC_FORMAT_TEXT: plain text: BOM, transport, UTF-8 validity,
 *	fallback
 * @WHATENC_FORMAT_HTML: HTML (text/html): BOM, transport, prescan,
 *	referrer, (UTF-8 sniff), fallback
 * @WHATENC_FORMAT_XML:  XML and XHTML served as XML: BOM, transport, XML
 *	declaration, UTF-8
 * @WHATENC_FORMAT_CSS:  CSS: BOM, transport, @charset, referrer, UTF-8
 */
enum whatenc_format {
	WHATENC_FORMAT_TEXT = WHATENC_DETECT_FMT_TEXT,
	WHATENC_FORMAT_HTML = WHATENC_DETECT_FMT_HTML,
	WHATENC_FORMAT_XML = WHATENC_DETECT_FMT_XML,
	WHATENC_FORMAT_CSS = WHATENC_DETECT_FMT_CSS,
};

/* Look-ahead limits, in bytes (see DOC above). */
#define WHATENC_DETECT_BOM_MAX		4
#define WHATENC_DETECT_HTML_MAX		1024
#define WHATENC_DETECT_XML_MAX		1024
#define WHATENC_DETECT_CSS_MAX		1024

/* Flags of struct whatenc_detect_opts. */
#define WHATENC_DETECT_TRANSPORT	0x01	/* ->transport is set */
#define WHATENC_DETECT_REFERRER		0x02	/* ->referrer is set */
#define WHATENC_DETECT_FALLBACK		0x04	/* ->fallback is set */
#define WHATENC_DETECT_UTF8_SNIFF	0x08	/* HTML: UTF-8 autodetection */
#define WHATENC_DETECT_NO_UTF32		0x10	/* BOM sniff exactly as Encoding */
#define WHATENC_DETECT_FLAGS		0x1f

/**
 * struct whatenc_detect_opts - out-of-band information for whatenc_detect()
 * @flags:     WHATENC_DETECT_*; a field below is used only when its flag is
 *	set, so a zeroed struct (or a NULL pointer) means "nothing known"
 * @transport: the encoding the transport layer gives (e.g. from the charset
 *	parameter of Content-Type, through whatenc_get_encoding()); the
 *	caller drops an unknown label ("if it is supported")
 * @referrer:  the encoding of the referring document: HTML's container
 *	document (ignored if it is UTF-16BE/LE, as the HTML Standard says),
 *	CSS's "environment encoding"; not used for XML and text
 * @fallback:  HTML and text: the default when nothing else decides
 *	(default windows-1252, the HTML Standard's default for most
 *	locales); XML and CSS always end with UTF-8
 */
struct whatenc_detect_opts {
	unsigned int flags;
	enum whatenc_encoding transport;
	enum whatenc_encoding referrer;
	enum whatenc_encoding fallback;
};

/**
 * enum whatenc_detect_source - what decided the encoding
 * @WHATENC_SRC_BOM:       a byte order mark
 * @WHATENC_SRC_TRANSPORT: the transport layer (@transport)
 * @WHATENC_SRC_META:      HTML: a <meta charset> or <meta http-equiv> found
 *	by the prescan
 * @WHATENC_SRC_XML_DECL:  an XML declaration (XML, or in HTML the prescan's
 *	UTF-16 "<?x" check and "get an XML encoding"), or XML's UTF-16 and
 *	UCS-4 byte patterns of "<?"
 * @WHATENC_SRC_CSS_CHARSET: CSS: the @charset rule
 * @WHATENC_SRC_VALIDITY:  the bytes are valid UTF-8 (text; HTML with
 *	WHATENC_DETECT_UTF8_SNIFF)
 * @WHATENC_SRC_REFERRER:  the referring document's encoding (@referrer)
 * @WHATENC_SRC_FALLBACK:  the default (@fallback; UTF-8 for XML and CSS)
 */
enum whatenc_detect_source {
	WHATENC_SRC_BOM = WHATENC_DETSRC_BOM,
	WHATENC_SRC_TRANSPORT = WHATENC_DETSRC_TRANSPORT,
	WHATENC_SRC_META = WHATENC_DETSRC_META,
	WHATENC_SRC_XML_DECL = WHATENC_DETSRC_XML_DECL,
	WHATENC_SRC_CSS_CHARSET = WHATENC_DETSRC_CSS_CHARSET,
	WHATENC_SRC_VALIDITY = WHATENC_DETSRC_VALIDITY,
	WHATENC_SRC_REFERRER = WHATENC_DETSRC_REFERRER,
	WHATENC_SRC_FALLBACK = WHATENC_DETSRC_FALLBACK,
};

/**
 * enum whatenc_detect_unsupported - a document whatenc cannot decode
 * @WHATENC_UNSUP_NONE:    none: ->enc is the encoding
 * @WHATENC_UNSUP_UTF32LE: UTF-32LE (BOM FF FE 00 00, or XML's 3C 00 00 00)
 * @WHATENC_UNSUP_UTF32BE: UTF-32BE (BOM 00 00 FE FF, or XML's 00 00 00 3C)
 * @WHATENC_UNSUP_EBCDIC:  XML: the EBCDIC pattern 4C 6F A7 94 ("<?xm")
 * @WHATENC_UNSUP_LABEL:   XML: the declaration names an encoding that is
 *	not an Encoding Standard label (->label_off, ->label_len); any format:
 *	the encoding found is one whose family this build leaves out
 *	(module/Kconfig; ->label_off, ->label_len name its label if any)
 */
enum whatenc_detect_unsupported {
	WHATENC_UNSUP_NONE = WHATENC_DETUNSUP_NONE,
	WHATENC_UNSUP_UTF32LE = WHATENC_DETUNSUP_UTF32LE,
	WHATENC_UNSUP_UTF32BE = WHATENC_DETUNSUP_UTF32BE,
	WHATENC_UNSUP_EBCDIC = WHATENC_DETUNSUP_EBCDIC,
	WHATENC_UNSUP_LABEL = WHATENC_DETUNSUP_LABEL,
};

/* Flags of struct whatenc_detection. */
/* validity: all bytes < 0x80 */
#define WHATENC_DETECTED_ASCII		WHATENC_DETFLAG_ASCII
/* a declaration was overridden */
#define WHATENC_DETECTED_CONFLICT	WHATENC_DETFLAG_CONFLICT

/**
 * struct whatenc_detection - the result of whatenc_detect()
 * @enc:         the encoding (WHATENC_NR_ENCODINGS when @unsupported)
 * @unsupported: WHATENC_UNSUP_NONE, or what kind of document it is
 * @source:      what decided (enum whatenc_detect_source)
 * @certain:     true: confidence "certain"; false: "tentative" (HTML's
 *	terms; a tentative answer may be revised by a later declaration)
 * @flags:       WHATENC_DETECTED_*
 * @bom_len:     length of the byte order mark at the start of the buffer,
 *	0 if none (source WHATENC_SRC_BOM or an unsupported UTF-32 BOM)
 * @label_off:   declarations (meta, XML, @charset): offset in the buffer of
 *	the label that decided, or of the unknown one; else 0
 * @label_len:   its length in bytes (0 if there is none)
 */
struct whatenc_detection {
	enum whatenc_encoding enc;
	enum whatenc_detect_unsupported unsupported;
	enum whatenc_detect_source source;
	bool certain;
	u8 flags;
	u8 bom_len;
	u16 label_off;
	u16 label_len;
};

int whatenc_detect(enum whatenc_format fmt, const u8 *buf, size_t len,
		   bool at_eof, const struct whatenc_detect_opts *opts,
		   struct whatenc_detection *out);
const char *whatenc_detect_source_name(enum whatenc_detect_source src);

#endif /* WHATENC_DETECT_H */
