/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * wt_vectors.h - the shapes of the generated test data in build/vectors/
 *
 * scripts/gen-vectors runs scripts/vectors/<x>.py, which read the WHATWG
 * index files and the WPT vectors in $(SHARED) and write headers that
 * fill these structs (see scripts/vectors/lib/wtvec.py for the writer).
 * Byte data lives in one u8 pool per header, code point data in one u32
 * pool; rows refer to them by offset and length. Every header defines
 * <NAME>_PRESENT: 0 when $(SHARED) was missing (tests then WT_SKIP).
 */
#ifndef WT_VECTORS_H
#define WT_VECTORS_H

#include "whatenc_types.h"

#define WTV_NONE	0xffffffffu	/* index: no code point at this pointer */

/* Expected-value kinds (WPT's tokens). */
enum wtv_exp {
	WTV_EXP_OUT = 0,	/* exactly this output */
	WTV_EXP_ERROR,		/* ERROR: the operation fails (fatal) */
	WTV_EXP_NOERROR,	/* NOERROR: does not fail; output unchecked */
	WTV_EXP_ANY,		/* "*": not checked */
	WTV_EXP_NOT,		/* "!...": output differs from this */
};

/* Row flags (the TSVs' flags column). */
#define WTV_F_IGNOREBOM		0x0001
#define WTV_F_BOMSNIFF		0x0002
#define WTV_F_DEFAULT_LABEL	0x0004
#define WTV_F_LABEL_UNSUPPORTED	0x0008	/* label-unsupported,fallback=utf-8 */
#define WTV_F_FIRST_CODE_UNIT	0x0010	/* check=first-code-unit */
#define WTV_F_DOCUMENT		0x0020
#define WTV_F_SRC_RESOURCE	0x0040
#define WTV_F_SRC_NAME		0x0080
#define WTV_F_NAME_MISMATCH	0x0100
#define WTV_F_TEXTENCODER	0x0200
#define WTV_F_URL_QUERY		0x0400
#define WTV_F_ESCAPED_OR_LITERAL 0x0800
#define WTV_F_FORM		0x1000
#define WTV_F_TEXTDECODERSTREAM	0x2000
#define WTV_F_TEXTENCODERSTREAM	0x4000
/*
 * Not a TSV flag: set by scripts/vectors/wpt.py on the few rows whose
 * WPT expectation is superseded by the current Encoding Standard (see
 * docs/wpt-deviations.md). @exp/@exp_* then hold the value computed from
 * $(SHARED)/whatwg and @wpt_exp/@wpt_* WPT's own (stale) expectation.
 */
#define WTV_F_SUPERSEDED	0x8000

/*
 * One decode: @in bytes (u8 pool) with label @label in mode @fatal;
 * @exp_* the expected output as UTF-8 (u8 pool; the generator converted
 * the TSV's code points). @wpt_exp/@wpt_off/@wpt_len: WPT's expectation
 * of a WTV_F_SUPERSEDED row (else 0).
 */
struct wtv_decode {
	const char *label;
	u16 label_len;
	u16 line;		/* line in the TSV, for messages */
	u32 flags;
	u8 fatal;
	u8 exp;			/* enum wtv_exp */
	u32 in_off, in_len;
	u32 exp_off, exp_len;
	u8 wpt_exp;
	u32 wpt_off, wpt_len;
};

/*
 * One encode: @in code points (u32 pool; may hold lone surrogates) in
 * mode html (@html) or fatal; @exp_* expected bytes (u8 pool).
 * @wpt_exp/@wpt_off/@wpt_len as in struct wtv_decode.
 */
struct wtv_encode {
	const char *label;
	u16 label_len;
	u16 line;
	u32 flags;
	u8 html;
	u8 exp;
	u32 in_off, in_len;
	u32 exp_off, exp_len;
	u8 wpt_exp;
	u32 wpt_off, wpt_len;
};

/* streaming.tsv ops */
enum wtv_op {
	WTV_OP_DECODE_STREAM = 0,
	WTV_OP_DECODE_FLUSH,
	WTV_OP_ENCODE_STREAM,
	WTV_OP_ENCODE_FLUSH,
	WTV_OP_CHECK_CONCAT,
	WTV_OP_CHECK_CHUNKS,
	WTV_OP_CHECK_COUNT,
	WTV_OP_CHECK_FIRST_CHUNK,
	WTV_OP_CHECK_ERROR,
};

/*
 * One step of a streaming scenario (rows with the same @scenario, in
 * order). Decode ops: @in bytes, expected UTF-8 bytes. Encode ops: @in
 * code points (u32 pool), expected bytes. check-chunks: the expected
 * chunks' lengths are lens[@chunks_off ..] (@nchunks of them), their
 * bytes concatenated at @exp_off. check-count: @exp_len is the count.
 */
struct wtv_stream {
	const char *label;
	u16 label_len;
	u16 line;
	u16 scenario;
	u8 step;
	u8 op;			/* enum wtv_op */
	u8 fatal;
	u8 exp;
	u32 flags;
	u32 in_off, in_len;
	u32 exp_off, exp_len;
	u32 chunks_off, nchunks;
};

/* labels.tsv (@kind 0) and labels_rejected.tsv (@kind = enum wtv_reject) */
enum wtv_reject {
	WTV_LABEL_OK = 0,
	WTV_REJ_TEXTDECODER,		/* RangeError: not a label, or replacement */
	WTV_REJ_TEXTDECODERSTREAM,	/* RangeError (the empty label) */
	WTV_REJ_DOCUMENT,		/* not recognised (document falls back) */
	WTV_REJ_XHR,			/* not recognised (XHR falls back) */
};

struct wtv_label {
	const char *label;
	u16 label_len;
	u16 line;
	u8 kind;
	const char *enc_lower;	/* TextDecoder's .encoding, or NULL */
	const char *name;	/* canonical name, or NULL ("-") */
};

/* encode_into.tsv: @in code points, @dest_len, expected read (UTF-16 units) */
struct wtv_encode_into {
	u16 line;
	u32 in_off, in_len;
	u32 dest_len;
	u32 read_units;
	u32 exp_off, exp_len;
};

/* roundtrip_utf8.tsv: @in code points, expected UTF-8 (u8 pool) */
struct wtv_roundtrip {
	u16 line;
	u32 in_off, in_len;
	u32 exp_off, exp_len;
};

/*
 * A WHATWG index (index-<name>.txt): the code point of pointer p is
 * cps[@off + p] (WTV_NONE if the index has none), p < @count. @enc is
 * the enum whatenc_encoding the index is tested with (-1: none).
 */
struct wtv_index {
	const char *name;
	int enc;
	u32 count;
	u32 off;
};

#endif /* WT_VECTORS_H */
