/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * whatenc_state.h - the coders' state, private to the core
 *
 * The caller owns struct whatenc_decoder and struct whatenc_encoder (on
 * the stack, embedded in its own struct), so their layout must be
 * visible; every field is private to the core except @err, which the
 * codec API (whatenc.h, which includes this header) documents.
 */
#ifndef WHATENC_STATE_H
#define WHATENC_STATE_H

#include "whatenc_types.h"

/*
 * Partial UTF-8 sequence, as the UTF-8 decoder keeps it (all zero between
 * sequences): used by the UTF-8 decoder and by every encoder to read its
 * UTF-8 input.
 */
struct whatenc_utf8_state {
	u32 cp;		/* UTF-8 code point */
	u8 seen;	/* UTF-8 bytes seen */
	u8 needed;	/* UTF-8 bytes needed */
	u8 lower;	/* UTF-8 lower boundary */
	u8 upper;	/* UTF-8 upper boundary */
	u8 len;		/* input readers: bytes in seq[] */
	u8 seq[4];	/* input readers: the sequence, for error reports */
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
	u8 seq_len;		/* bytes of the sequence a step decoder is in */
	u8 seq[4];
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
	u64 replacements;	/* errors written as U+FFFD since init/reset */
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
	u64 unmappables;	/* "&#NNNN;" written (html mode) since init/reset */
};

#endif /* WHATENC_STATE_H */
