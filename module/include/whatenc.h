/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * whatenc - the WHATWG Encoding Standard, for the kernel and userspace
 *
 * This is the one public header of the conversion core. The same header
 * and the same sources build into whatenc.ko (where the functions below
 * are exported for other modules) and into userspace programs.
 *
 * Model: lib/xz and include/linux/xz.h. The caller owns a small
 * fixed-size state struct (on the stack, embedded in its own struct,
 * anywhere) and a struct whatenc_buf that says where input and output
 * are and how far each has been used. One call converts as much as fits
 * and says why it stopped. Nothing is ever allocated, there is no global
 * mutable state, and no function sleeps: every function here may be
 * called in atomic context.
 *
 * Decoders turn bytes in some encoding into UTF-8. Encoders turn UTF-8
 * into bytes in some encoding. Malformed UTF-8 given to an encoder is
 * read with the UTF-8 decoder's rules: each maximal subpart is one
 * U+FFFD, which in html mode is then written as "&#65533;" if the
 * encoding cannot represent U+FFFD; in fatal mode it stops the encoder
 * with WHATENC_MALFORMED.
 */
#ifndef WHATENC_H
#define WHATENC_H

#include "whatenc_types.h"

/**
 * enum whatenc_encoding - stable identifiers of the 40 encodings
 * @WHATENC_UTF_8: UTF-8
 * @WHATENC_IBM866: IBM866
 * @WHATENC_ISO_8859_2: ISO-8859-2
 * @WHATENC_ISO_8859_3: ISO-8859-3
 * @WHATENC_ISO_8859_4: ISO-8859-4
 * @WHATENC_ISO_8859_5: ISO-8859-5
 * @WHATENC_ISO_8859_6: ISO-8859-6
 * @WHATENC_ISO_8859_7: ISO-8859-7
 * @WHATENC_ISO_8859_8: ISO-8859-8
 * @WHATENC_ISO_8859_8_I: ISO-8859-8-I
 * @WHATENC_ISO_8859_10: ISO-8859-10
 * @WHATENC_ISO_8859_13: ISO-8859-13
 * @WHATENC_ISO_8859_14: ISO-8859-14
 * @WHATENC_ISO_8859_15: ISO-8859-15
 * @WHATENC_ISO_8859_16: ISO-8859-16
 * @WHATENC_KOI8_R: KOI8-R
 * @WHATENC_KOI8_U: KOI8-U
 * @WHATENC_MACINTOSH: macintosh
 * @WHATENC_WINDOWS_874: windows-874
 * @WHATENC_WINDOWS_1250: windows-1250
 * @WHATENC_WINDOWS_1251: windows-1251
 * @WHATENC_WINDOWS_1252: windows-1252
 * @WHATENC_WINDOWS_1253: windows-1253
 * @WHATENC_WINDOWS_1254: windows-1254
 * @WHATENC_WINDOWS_1255: windows-1255
 * @WHATENC_WINDOWS_1256: windows-1256
 * @WHATENC_WINDOWS_1257: windows-1257
 * @WHATENC_WINDOWS_1258: windows-1258
 * @WHATENC_X_MAC_CYRILLIC: x-mac-cyrillic
 * @WHATENC_GBK: GBK
 * @WHATENC_GB18030: gb18030
 * @WHATENC_BIG5: Big5
 * @WHATENC_EUC_JP: EUC-JP
 * @WHATENC_ISO_2022_JP: ISO-2022-JP
 * @WHATENC_SHIFT_JIS: Shift_JIS
 * @WHATENC_EUC_KR: EUC-KR
 * @WHATENC_REPLACEMENT: replacement
 * @WHATENC_UTF_16BE: UTF-16BE
 * @WHATENC_UTF_16LE: UTF-16LE
 * @WHATENC_X_USER_DEFINED: x-user-defined
 * @WHATENC_NR_ENCODINGS: the number of encodings (not an encoding)
 *
 * The order is the order of the Encoding Standard's encodings.json and
 * never changes; new values would only ever be appended.
 */
enum whatenc_encoding {
	WHATENC_UTF_8 = 0,
	WHATENC_IBM866,
	WHATENC_ISO_8859_2,
	WHATENC_ISO_8859_3,
	WHATENC_ISO_8859_4,
	WHATENC_ISO_8859_5,
	WHATENC_ISO_8859_6,
	WHATENC_ISO_8859_7,
	WHATENC_ISO_8859_8,
	WHATENC_ISO_8859_8_I,
	WHATENC_ISO_8859_10,
	WHATENC_ISO_8859_13,
	WHATENC_ISO_8859_14,
	WHATENC_ISO_8859_15,
	WHATENC_ISO_8859_16,
	WHATENC_KOI8_R,
	WHATENC_KOI8_U,
	WHATENC_MACINTOSH,
	WHATENC_WINDOWS_874,
	WHATENC_WINDOWS_1250,
	WHATENC_WINDOWS_1251,
	WHATENC_WINDOWS_1252,
	WHATENC_WINDOWS_1253,
	WHATENC_WINDOWS_1254,
	WHATENC_WINDOWS_1255,
	WHATENC_WINDOWS_1256,
	WHATENC_WINDOWS_1257,
	WHATENC_WINDOWS_1258,
	WHATENC_X_MAC_CYRILLIC,
	WHATENC_GBK,
	WHATENC_GB18030,
	WHATENC_BIG5,
	WHATENC_EUC_JP,
	WHATENC_ISO_2022_JP,
	WHATENC_SHIFT_JIS,
	WHATENC_EUC_KR,
	WHATENC_REPLACEMENT,
	WHATENC_UTF_16BE,
	WHATENC_UTF_16LE,
	WHATENC_X_USER_DEFINED,
	WHATENC_NR_ENCODINGS
};

/* The first and last legacy single-byte encodings, in enum order. */
#define WHATENC_FIRST_SINGLE_BYTE	WHATENC_IBM866
#define WHATENC_LAST_SINGLE_BYTE	WHATENC_X_MAC_CYRILLIC

/**
 * struct whatenc_buf - where input and output are, and how far they are used
 * @in:       input bytes
 * @in_pos:   first unread byte of @in; advanced by the call
 * @in_size:  size of @in
 * @out:      output buffer
 * @out_pos:  first free byte of @out; advanced by the call
 * @out_size: size of @out
 *
 * The same shape as struct xz_buf. The caller may change any field
 * between calls (refill input, drain output).
 */
struct whatenc_buf {
	const u8 *in;
	size_t in_pos;
	size_t in_size;
	u8 *out;
	size_t out_pos;
	size_t out_size;
};

/**
 * enum whatenc_ret - why a conversion call returned
 * @WHATENC_INPUT_EMPTY: all input was consumed. If the call was the last
 *	one of a stream, everything pending was flushed too, and the coder
 *	is back in its initial state, ready for a new stream.
 * @WHATENC_OUTPUT_FULL: the next output unit (one character, one
 *	escape sequence, one "&#NNNN;") does not fit in the space left.
 *	Drain output and call again. Output is never split inside a unit,
 *	so every chunk of decoder output ends on a character boundary.
 * @WHATENC_MALFORMED: fatal mode only: malformed input (for an encoder:
 *	malformed UTF-8). The coder's @err says where and what. Output
 *	produced before the error is in the buffer. The caller may go on
 *	calling (conversion resumes after the bad bytes) or reset.
 * @WHATENC_UNMAPPABLE: encoder in fatal mode only: a code point the
 *	encoding cannot represent. @err.cp is the code point.
 */
enum whatenc_ret {
	WHATENC_INPUT_EMPTY = 0,
	WHATENC_OUTPUT_FULL,
	WHATENC_MALFORMED,
	WHATENC_UNMAPPABLE,
};

/* Decoder flags (whatenc_decoder_init()). */
#define WHATENC_DEC_FATAL	0x01	/* error mode fatal, else replacement */
#define WHATENC_BOM_MASK	0x06
#define WHATENC_BOM_SNIFF	0x00	/* spec "decode": a BOM overrides the label */
#define WHATENC_BOM_STRIP	0x02	/* TextDecoder: strip a BOM of the label's own encoding */
#define WHATENC_BOM_KEEP	0x04	/* no BOM handling (TextDecoder ignoreBOM) */
#define WHATENC_DEC_WTF8	0x08	/* extension: UTF-16 lone surrogates -> WTF-8 */
#define WHATENC_DEC_FLAGS	0x0f

/* Encoder flags (whatenc_encoder_init()). */
#define WHATENC_ENC_HTML	0x01	/* error mode html, else fatal */
#define WHATENC_ENC_UTF16	0x02	/* extension: allow UTF-16BE/LE output from (WTF-)8 */
#define WHATENC_ENC_FLAGS	0x03

/**
 * struct whatenc_error - the first byte or code point a fatal call stopped at
 * @offset: stream offset (bytes of input since init/reset/last flush) of
 *	the first byte of the offending input
 * @cp:     encoders: the unmappable code point; decoders: 0
 * @len:    number of offending input bytes, at most 4
 * @bytes:  the offending input bytes (for an unmappable code point, its
 *	UTF-8 form)
 */
struct whatenc_error {
	u64 offset;
	u32 cp;
	u8 len;
	u8 bytes[4];
};

/*
 * Partial UTF-8 sequence, as the UTF-8 decoder keeps it: used by the
 * UTF-8 decoder and by every encoder to read its UTF-8 input.
 */
struct whatenc_utf8_state {
	u32 cp;		/* UTF-8 code point */
	u8 seen;	/* UTF-8 bytes seen */
	u8 needed;	/* UTF-8 bytes needed */
	u8 lower;	/* UTF-8 lower boundary */
	u8 upper;	/* UTF-8 upper boundary */
	u8 seq[4];	/* the bytes seen, for error reports */
};

/* Largest output unit a coder ever holds back (see WHATENC_OUTPUT_FULL). */
#define WHATENC_PEND_MAX	12

/**
 * struct whatenc_decoder - decoder state, owned by the caller
 *
 * Fields are private to the core; initialize with whatenc_decoder_init().
 */
struct whatenc_decoder {
	/* private: fields are private to the core */
	u8 label_enc;		/* encoding given at init */
	u8 enc;			/* encoding in use (after BOM sniffing) */
	u8 flags;		/* WHATENC_DEC_* and WHATENC_BOM_* */
	u8 bom_done;		/* BOM handling finished for this stream */
	u8 bom_len;		/* bytes held in bom[] */
	u8 bom[3];
	u8 replay_len;		/* bytes to process again before new input */
	u8 replay[4];
	u8 pend_len;		/* held output unit (did not fit) */
	u8 pend[WHATENC_PEND_MAX];
	union {
		struct whatenc_utf8_state utf8;
		struct {
			u16 lead_surrogate;	/* 0: none */
			u8 lead_byte;
			u8 have_lead_byte;
		} utf16;
		struct {
			u8 first, second, third;
		} gb18030;
		struct {
			u8 lead;
		} big5, shift_jis, euc_kr;
		struct {
			u8 lead;
			u8 jis0212;
		} euc_jp;
		struct {
			u8 state;
			u8 output_state;
			u8 lead;
			u8 output;
		} iso_2022_jp;
		struct {
			u8 error_returned;
		} replacement;
	} s;
	u64 total_in;		/* input bytes consumed since the stream began */
	struct whatenc_error err;
};

/**
 * struct whatenc_encoder - encoder state, owned by the caller
 *
 * Fields are private to the core; initialize with whatenc_encoder_init().
 */
struct whatenc_encoder {
	/* private: fields are private to the core */
	u8 enc;			/* output encoding */
	u8 flags;		/* WHATENC_ENC_* */
	u8 pend_len;		/* held output unit (did not fit) */
	u8 pend[WHATENC_PEND_MAX];
	u8 err_held;
	struct whatenc_utf8_state in;	/* partial UTF-8 input character */
	union {
		struct {
			u8 state;
		} iso_2022_jp;
		struct {
			u16 lead_surrogate;	/* WTF-8 input to UTF-16 output */
		} utf16;
	} s;
	u64 total_in;
	struct whatenc_error err;
};

/* Labels and encodings (labels.c) */
int whatenc_get_encoding(const char *label, size_t len);
const char *whatenc_name(enum whatenc_encoding enc);
enum whatenc_encoding whatenc_output_encoding(enum whatenc_encoding enc);
int whatenc_label_count(enum whatenc_encoding enc);
const char *whatenc_label(enum whatenc_encoding enc, int i);

/* Decoding (engine.c) */
int whatenc_decoder_init(struct whatenc_decoder *d, enum whatenc_encoding enc,
			 unsigned int flags);
void whatenc_decoder_reset(struct whatenc_decoder *d);
enum whatenc_ret whatenc_decode(struct whatenc_decoder *d,
				struct whatenc_buf *b, bool last);
size_t whatenc_decoder_max_utf8(const struct whatenc_decoder *d,
				size_t in_len);
enum whatenc_encoding whatenc_decoder_encoding(const struct whatenc_decoder *d);

/* Encoding (engine.c) */
int whatenc_encoder_init(struct whatenc_encoder *e, enum whatenc_encoding enc,
			 unsigned int flags);
void whatenc_encoder_reset(struct whatenc_encoder *e);
enum whatenc_ret whatenc_encode(struct whatenc_encoder *e,
				struct whatenc_buf *b, bool last);
size_t whatenc_encoder_max_out(const struct whatenc_encoder *e,
			       size_t in_len);

/* Spec hooks (engine.c) */
int whatenc_bom_sniff(const u8 *buf, size_t len, size_t *bom_len);

/* ==== Detection by format (detect.c) ==== */

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
	WHATENC_FORMAT_TEXT = 0,
	WHATENC_FORMAT_HTML,
	WHATENC_FORMAT_XML,
	WHATENC_FORMAT_CSS,
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
	WHATENC_SRC_BOM = 0,
	WHATENC_SRC_TRANSPORT,
	WHATENC_SRC_META,
	WHATENC_SRC_XML_DECL,
	WHATENC_SRC_CSS_CHARSET,
	WHATENC_SRC_VALIDITY,
	WHATENC_SRC_REFERRER,
	WHATENC_SRC_FALLBACK,
};

/**
 * enum whatenc_detect_unsupported - a document whatenc cannot decode
 * @WHATENC_UNSUP_NONE:    none: ->enc is the encoding
 * @WHATENC_UNSUP_UTF32LE: UTF-32LE (BOM FF FE 00 00, or XML's 3C 00 00 00)
 * @WHATENC_UNSUP_UTF32BE: UTF-32BE (BOM 00 00 FE FF, or XML's 00 00 00 3C)
 * @WHATENC_UNSUP_EBCDIC:  XML: the EBCDIC pattern 4C 6F A7 94 ("<?xm")
 * @WHATENC_UNSUP_LABEL:   XML: the declaration names an encoding that is
 *	not an Encoding Standard label (->label_off, ->label_len)
 */
enum whatenc_detect_unsupported {
	WHATENC_UNSUP_NONE = 0,
	WHATENC_UNSUP_UTF32LE,
	WHATENC_UNSUP_UTF32BE,
	WHATENC_UNSUP_EBCDIC,
	WHATENC_UNSUP_LABEL,
};

/* Flags of struct whatenc_detection. */
#define WHATENC_DETECTED_ASCII		0x01	/* validity: all bytes < 0x80 */
#define WHATENC_DETECTED_CONFLICT	0x02	/* a declaration was overridden */

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

/* ==== end of detection ==== */

/* ==== In-kernel helpers for filesystems and drivers (names.c, wtf8.c) ==== */

/**
 * DOC: name and WTF-8 helpers
 *
 * One-shot conversions of short strings such as file names, for code
 * that would otherwise use fs/nls (which converts one character at a
 * time, knows only the BMP and has no error modes). Every function here
 * converts a whole string in one call into a caller-provided buffer:
 *
 * - Input is a pointer and a length; it need not be NUL-terminated and
 *   may contain NUL bytes.
 * - The return value is the number of bytes (for u16 output: code
 *   units) written, not counting an optional terminating NUL, or a
 *   negative errno: -EINVAL for bad arguments (unknown encoding or flag
 *   bits, a NULL pointer with a non-zero length), -EILSEQ for input that
 *   is malformed or cannot be represented, and, when the output does not
 *   fit, -ENAMETOOLONG from the name helpers and -ENOSPC from the WTF-8
 *   helpers. On error the contents of the output buffer are unspecified.
 * - Sizes above INT_MAX are treated as INT_MAX, so a successful return
 *   value always fits in an int.
 * - They never sleep, allocate or take a lock, and keep no global state:
 *   Context: Any context, including hard interrupts and code holding
 *   spinlocks.
 *
 * WTF-8 (https://simonsapin.github.io/wtf-8/) represents potentially
 * ill-formed UTF-16 ("WTF-16", as in NTFS, Joliet or FAT long names)
 * losslessly in a UTF-8 superset: a lone surrogate is written as its
 * 3-byte generalized UTF-8 form (ED A0..BF 80..BF). WTF-8 must be made
 * UTF-8 (whatenc_wtf8_to_utf8_lossy() or _strict()) before it leaves the
 * system, e.g. before it is shown to userspace as a name.
 */

/**
 * enum whatenc_name_flags - flags of whatenc_name_decode() and
 * whatenc_name_encode()
 * @WHATENC_NAME_NO_SEP: reject a name whose conversion would change the
 *	structure of a path: decoding fails with -EINVAL if the UTF-8 output
 *	contains U+0000 or U+002F (/); encoding fails with -EINVAL if the
 *	UTF-8 input contains U+0000 or U+002F, or if the output, unless it is
 *	UTF-16, contains a 0x00 or 0x2F byte (ISO-2022-JP's two-byte codes
 *	can contain 0x2F).
 * @WHATENC_NAME_NUL_TERM: terminate the output with a NUL code unit (one
 *	zero byte; two zero bytes for UTF-16BE/LE output of
 *	whatenc_name_encode()). It must fit in the buffer too but is not
 *	counted in the return value. Without this flag the output is not
 *	terminated.
 * @WHATENC_NAME_REPLACE: decode in replacement mode: malformed input
 *	becomes U+FFFD instead of failing with -EILSEQ. Only for
 *	whatenc_name_decode(); names are fatal by default, and encoding is
 *	always fatal (html mode makes no sense for names).
 */
enum whatenc_name_flags {
	WHATENC_NAME_NO_SEP	= 0x01,
	WHATENC_NAME_NUL_TERM	= 0x02,
	WHATENC_NAME_REPLACE	= 0x04,
};

int whatenc_name_decode(enum whatenc_encoding enc, const u8 *src, size_t len,
			u8 *dst, size_t dst_size, unsigned int flags);
int whatenc_name_encode(enum whatenc_encoding enc, const u8 *src, size_t len,
			u8 *dst, size_t dst_size, unsigned int flags);

/* WTF-8 (wtf8.c) */
int whatenc_wtf8_check(const u8 *src, size_t len);
int whatenc_wtf8_next(const u8 *src, size_t len, u32 *cp);
int whatenc_wtf16_to_wtf8(const u16 *src, size_t units, u8 *dst,
			  size_t dst_size);
int whatenc_wtf16le_to_wtf8(const u8 *src, size_t len, u8 *dst,
			    size_t dst_size);
int whatenc_wtf16be_to_wtf8(const u8 *src, size_t len, u8 *dst,
			    size_t dst_size);
int whatenc_wtf8_to_wtf16(const u8 *src, size_t len, u16 *dst,
			  size_t dst_units);
int whatenc_wtf8_to_wtf16le(const u8 *src, size_t len, u8 *dst,
			    size_t dst_size);
int whatenc_wtf8_to_wtf16be(const u8 *src, size_t len, u8 *dst,
			    size_t dst_size);
int whatenc_wtf8_to_utf8_lossy(const u8 *src, size_t len, u8 *dst,
			       size_t dst_size);
int whatenc_wtf8_to_utf8_strict(const u8 *src, size_t len, u8 *dst,
				size_t dst_size);
int whatenc_wtf8_concat(u8 *buf, size_t len, size_t size, const u8 *src,
			size_t src_len);

/* ==== end of the filesystem/driver helpers ==== */

#endif /* WHATENC_H */
