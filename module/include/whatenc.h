/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * whatenc - the WHATWG Encoding Standard, for the kernel and userspace
 *
 * The codec API: what filesystem and driver code includes to convert
 * text. The same headers and the same sources build into whatenc.ko
 * (where those a kernel user calls are exported for other modules, in the
 * namespace WHATENC: module/kernel/exports.c) and into
 * userspace programs. Next to it: whatenc_state.h (the coders' private
 * state, included here), whatenc_detect.h (detection by format),
 * whatenc_guess.h (guessing from the content), whatenc_rules.h (the
 * encoding-declaration rules) and whatenc_names.h (one-shot name
 * helpers, WTF-8). Values that the
 * /dev/whatenc ABI shares (flags, results) are defined once, in the uapi
 * header <linux/whatenc.h>, and named here after the in-kernel API.
 *
 * Model: lib/xz and include/linux/xz.h. The caller owns a small
 * fixed-size state struct (on the stack, embedded in its own struct,
 * anywhere) and a struct whatenc_buf that says where input and output
 * are and how far each has been used. One call converts as much as fits
 * and says why it stopped. Nothing is ever allocated and no function
 * sleeps: every function here may be called in atomic context. The one
 * global mutable state is the vector level (static keys in vec.c): set
 * at module init (in userspace by a constructor) and by
 * whatenc_vec_set_level(), shared by all coders and threads; it chooses
 * which path runs, never what a call returns.
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
#include <linux/whatenc.h>	/* values shared with the ABI */

/*
 * enum whatenc_encoding - stable identifiers of the 40 encodings:
 * WHATENC_UTF_8, WHATENC_IBM866, ... WHATENC_X_USER_DEFINED, one per line
 * of whatenc_encodings.h, in the order of the Encoding
 * Standard's encodings.json, which never changes; new values would only
 * ever be appended. WHATENC_NR_ENCODINGS is their number (not an
 * encoding).
 */
#define WHATENC_ENCODING(id, ...)	WHATENC_##id,
#define WHATENC_SB(id)			WHATENC_##id,
#define WHATENC_SB_AS(id, index)	WHATENC_##id,
enum whatenc_encoding {
#include "whatenc_encodings.h"
	WHATENC_NR_ENCODINGS
};

#undef WHATENC_ENCODING
#undef WHATENC_SB
#undef WHATENC_SB_AS

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
 * between calls (refill input, drain output). A pointer may be NULL only
 * with a zero size, and a position never exceeds its size; a call given
 * anything else does nothing and returns WHATENC_BUF_ERROR.
 *
 * The output is the bytes from the old @out_pos to the new one. A call
 * may also store scratch bytes past the new @out_pos, never past
 * @out_size (word-wide and vector stores of the fast paths): keep
 * nothing there that must survive the call.
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
 * @WHATENC_BUF_ERROR: API misuse: the struct whatenc_buf breaks its
 *	preconditions (a NULL @in or @out with a non-zero size, @in_pos >
 *	@in_size or @out_pos > @out_size). Nothing was read or written and
 *	the coder is unchanged; the kernel warns once. Not an ABI value:
 *	/dev/whatenc never passes such a buffer.
 */
enum whatenc_ret {
	WHATENC_INPUT_EMPTY = WHATENC_RES_OK,
	WHATENC_OUTPUT_FULL = WHATENC_RES_OUTPUT_FULL,
	WHATENC_MALFORMED = WHATENC_RES_MALFORMED,
	WHATENC_UNMAPPABLE = WHATENC_RES_UNMAPPABLE,
	WHATENC_BUF_ERROR = 0x10,
};

/*
 * Decoder flags (whatenc_decoder_init()): the values of WHATENC_CFG_*.
 *   WHATENC_DEC_FATAL   error mode fatal, else replacement
 *   WHATENC_BOM_SNIFF   spec "decode": a BOM overrides the label
 *   WHATENC_BOM_STRIP   TextDecoder: strip a BOM of the label's own encoding
 *   WHATENC_BOM_KEEP    no BOM handling (TextDecoder ignoreBOM)
 *   WHATENC_DEC_WTF8    extension: UTF-16 lone surrogates -> WTF-8
 */
#define WHATENC_DEC_FATAL	WHATENC_CFG_DEC_FATAL
#define WHATENC_BOM_MASK	WHATENC_CFG_BOM_MASK
#define WHATENC_BOM_SNIFF	WHATENC_CFG_BOM_SNIFF
#define WHATENC_BOM_STRIP	WHATENC_CFG_BOM_STRIP
#define WHATENC_BOM_KEEP	WHATENC_CFG_BOM_KEEP
#define WHATENC_DEC_WTF8	WHATENC_CFG_DEC_WTF8
#define WHATENC_DEC_FLAGS	(WHATENC_DEC_FATAL | WHATENC_BOM_MASK | \
				 WHATENC_DEC_WTF8)

/*
 * Encoder flags (whatenc_encoder_init()): the values of WHATENC_CFG_*.
 *   WHATENC_ENC_HTML    error mode html, else fatal
 *   WHATENC_ENC_UTF16   extension: allow UTF-16BE/LE output from (WTF-)8
 */
#define WHATENC_ENC_HTML	WHATENC_CFG_ENC_HTML
#define WHATENC_ENC_UTF16	WHATENC_CFG_ENC_UTF16
#define WHATENC_ENC_FLAGS	(WHATENC_ENC_HTML | WHATENC_ENC_UTF16)

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

#include "whatenc_state.h"

/* Labels and encodings (labels.c) */
int whatenc_get_encoding(const char *label, size_t len);
const char *whatenc_encoding_name(enum whatenc_encoding enc);
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
u64 whatenc_decoder_replacements(const struct whatenc_decoder *d);

/* Encoding (engine.c) */
int whatenc_encoder_init(struct whatenc_encoder *e, enum whatenc_encoding enc,
			 unsigned int flags);
void whatenc_encoder_reset(struct whatenc_encoder *e);
enum whatenc_ret whatenc_encode(struct whatenc_encoder *e,
				struct whatenc_buf *b, bool last);
size_t whatenc_encoder_max_out(const struct whatenc_encoder *e,
			       size_t in_len);
u64 whatenc_encoder_unmappables(const struct whatenc_encoder *e);

/* A whole buffer in one call (oneshot.c) */
enum whatenc_ret whatenc_decode_once(struct whatenc_decoder *d,
				     enum whatenc_encoding enc,
				     unsigned int flags, struct whatenc_buf *b);
enum whatenc_ret whatenc_encode_once(struct whatenc_encoder *e,
				     enum whatenc_encoding enc,
				     unsigned int flags, struct whatenc_buf *b);

/* Spec hooks (engine.c) */
int whatenc_bom_sniff(const u8 *buf, size_t len, size_t *bom_len);

/*
 * Vector paths (vec.c): every level gives the same results; tests and
 * benchmarks choose one, by default the best the CPU has. In the kernel
 * whatenc_vec_set_level() is exported only with CONFIG_KUNIT, for the
 * KUnit suites (module/kernel/exports.c): no module can change it. It
 * is the one function here that sleeps (it changes static keys).
 */
enum whatenc_vec_level {
	WHATENC_VEC_AUTO = -1,
	WHATENC_VEC_SCALAR = 0,
	WHATENC_VEC_SSE2 = 1,	/* ASCII runs */
	WHATENC_VEC_AVX2 = 2,	/* and UTF-8 validation, UTF-8 to UTF-16 */
};

int whatenc_vec_set_level(int level);

#endif /* WHATENC_H */
