/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * family.h - the family toolkit: what an encoding family is given
 *
 * The engine (engine.c) owns BOM handling, held output, replayed bytes,
 * stream offsets, the error modes and the dispatch through the
 * encodings' table (encodings.c) to one struct we_family per family.
 *
 * The families are spec steps: a decoder step per byte and an encoder
 * step per code point, run by the engine's loops we_decode_steps() and
 * we_encode_steps() (steps.h; see "decoder steps" below and
 * we_encode_steps() for the contract; WE_STEP_FAMILY() for the
 * ASCII-compatible ones), with optional fast-path hooks that use the
 * same mapping functions as the steps. This header has the rest: output
 * (held when it does not fit), the engine's error handlers, rank tables,
 * replayed bytes, the two-byte steps, struct we_family and the
 * encodings' table; text.h the text primitives under it.
 *
 * One coder is not: the ISO-2022-JP encoder ("restore code point" after
 * an escape sequence) converts a whole buffer per call and follows these
 * rules:
 *
 * - It is entered with nothing held in ->pend.
 * - Output goes through we_put_cp() (decoders) or we_put_bytes()
 *   (encoders). When these return false the unit went to ->pend and the
 *   family must return WHATENC_OUTPUT_FULL at once, with the input that
 *   produced the unit consumed. Before consuming input for a new unit a
 *   family may return WHATENC_OUTPUT_FULL when b->out_pos == b->out_size.
 * - "Restore byte to the I/O queue" for the byte being processed means:
 *   do not advance b->in_pos. Restoring bytes consumed earlier (kept in
 *   the family's state) means: we_replay() them and return at once
 *   (WHATENC_INPUT_EMPTY, or what the error step returns); the engine
 *   feeds them to the family again before the rest of the input.
 * - Errors go through the engine, which alone reads the error mode:
 *   whatenc_dec_error() (U+FFFD, or the fatal record of the offending bytes:
 *   WHATENC_MALFORMED), we_enc_next() for malformed UTF-8 and
 *   whatenc_unmappable() for code points ("&#NNNN;" or WHATENC_UNMAPPABLE).
 *   The state is left as the spec's handler leaves it, so that calling
 *   again continues after the error; the engine computes ->err.offset.
 *   Encoders set ->err_held to the number of input bytes consumed after
 *   the offending ones (normally 0).
 * - With last == true and all input consumed, the family flushes (a
 *   partial sequence is an error; the ISO-2022-JP encoder returns to
 *   ASCII) and returns WHATENC_INPUT_EMPTY; the engine then resets the
 *   coder.
 */
#ifndef WHATENC_FAMILY_H
#define WHATENC_FAMILY_H

#include "text.h"

/* ---- output ---------------------------------------------------------- */

/*
 * Write a unit of @n bytes to the output, or hold all of it in @pend if
 * it does not fit (or something is held already: order is kept).
 * Returns false when the unit was held.
 */
static inline bool we_put_unit(struct whatenc_buf *b, u8 *pend, u8 *pend_len,
			       const u8 *unit, unsigned int n)
{
	if (likely(!*pend_len && b->out_size - b->out_pos >= n)) {
		memcpy(b->out + b->out_pos, unit, n);
		b->out_pos += n;
		return true;
	}
	memcpy(pend + *pend_len, unit, n);
	*pend_len += n;
	return false;
}

/* Decoders: write code point @cp as UTF-8. */
static inline bool we_put_cp(struct whatenc_decoder *d, struct whatenc_buf *b,
			     u32 cp)
{
	u8 tmp[4];

	if (likely(!d->pend_len && b->out_size - b->out_pos >= 4)) {
		b->out_pos += we_utf8_write(b->out + b->out_pos, cp);
		return true;
	}
	return we_put_unit(b, d->pend, &d->pend_len, tmp,
			   we_utf8_write(tmp, cp));
}

/* Encoders: write @n output bytes as one unit. */
static inline bool we_put_bytes(struct whatenc_encoder *e,
				struct whatenc_buf *b, const u8 *bytes,
				unsigned int n)
{
	return we_put_unit(b, e->pend, &e->pend_len, bytes, n);
}

/* Encoders: one byte. */
static inline bool we_put_byte(struct whatenc_encoder *e,
			       struct whatenc_buf *b, u8 byte)
{
	if (likely(!e->pend_len && b->out_pos < b->out_size)) {
		b->out[b->out_pos++] = byte;
		return true;
	}
	return we_put_unit(b, e->pend, &e->pend_len, &byte, 1);
}

/* Encoders: two bytes. */
static inline bool we_put_byte2(struct whatenc_encoder *e,
				struct whatenc_buf *b, u8 b0, u8 b1)
{
	u8 tmp[2] = { b0, b1 };

	return we_put_unit(b, e->pend, &e->pend_len, tmp, 2);
}

/*
 * Encoders: an unmappable code point. In html mode, writes "&#NNNN;",
 * counts it (e->unmappables: called once per code point, also by
 * ISO-2022-JP, which reads one again after a change of state but only
 * calls this in ASCII or Roman state) and returns WHATENC_INPUT_EMPTY
 * (meaning: carry on), or WHATENC_OUTPUT_FULL if the unit was held. In
 * fatal mode records the error and returns WHATENC_UNMAPPABLE.
 */
enum whatenc_ret whatenc_unmappable(struct whatenc_encoder *e,
				    struct whatenc_buf *b, u32 cp);

/* ---- rank tables ----------------------------------------------------- */

/*
 * The reverse tables are "bitmap + rank" tables (scripts/gentables): per
 * block of 32 code points a bitmap of those present and @base, how many
 * are present before the block. we_rank() is the number present before
 * @bit (0..31): the index of its entry if @bits has @bit (the absent ones
 * before it are then @bit + block start - we_rank()).
 */
static inline unsigned int we_rank(u32 bits, unsigned int base,
				   unsigned int bit)
{
	return base + hweight32(bits & ((1u << bit) - 1));
}

/*
 * A paged rank table of the BMP: @page maps each 1024 code points to a
 * run of 32 blocks of 32 (the pages without entries to one whose bitmaps
 * are 0), @bits and @base are per block, @code the values in code point
 * order.
 */
struct we_rank_table {
	const u8 *page;
	const u32 *bits;
	const u16 *base;
	const u16 *code;
};

/* The value for @cp in @t, or 0 if it has none. */
static __always_inline u16 we_rank_lookup(const struct we_rank_table *t,
					  u32 cp)
{
	unsigned int blk, bit = cp & 31;
	u32 bits;

	if (unlikely(cp >= 0x10000))
		return 0;
	blk = t->page[cp >> 10] * 32 + ((cp >> 5) & 31);
	/* @bit at the top, the bits below it under it: one shift for both */
	bits = t->bits[blk] << (31 - bit);
	if (unlikely((s32)bits >= 0))
		return 0;
	return t->code[t->base[blk] + hweight32(bits) - 1];
}

/* ---- replay ---------------------------------------------------------- */

/* Restore bytes consumed earlier to the front of the input. */
static inline void we_replay(struct whatenc_decoder *d, const u8 *bytes,
			     unsigned int n)
{
	memmove(d->replay + n, d->replay, d->replay_len);
	memcpy(d->replay, bytes, n);
	d->replay_len += n;
}

/* ---- decoder steps --------------------------------------------------- */

/*
 * A family's decoder step is the spec's decoder handler for one byte: it
 * updates the family state (d->s) and returns
 * - a code point (below 0x110000): emit it;
 * - WE_STEP_PAIR(a, b): emit two code points, both below U+8000 (Big5);
 * - WE_STEP_CONTINUE: the byte is consumed, nothing to emit yet;
 * - WE_STEP_ERROR(unread): an error, encoding_rs's Malformed(bad, unread):
 *   of the bytes of the sequence so far (d->seq, the current one last),
 *   the last @unread go back to the input ("restore to I/O queue") and
 *   the ones before them (bad = d->seq_len - unread) are the malformed
 *   ones;
 * - WE_STEP_ERROR_AS(cp, unread): the same, but the bad bytes are written
 *   as @cp (below U+10000), not as an error (WTF-8 output of UTF-16's
 *   lone surrogates);
 * - WE_STEP_ERROR_KEEP(keep): an error of all the bytes, the last @keep of
 *   which also begin the next sequence (ISO-2022-JP: an ESC after a lead
 *   byte ends the error and begins an escape sequence);
 * - WE_STEP_DONE: the byte ends the sequence, with nothing to write (an
 *   ISO-2022-JP escape sequence).
 * The engine's loop (we_decode_steps()) owns all the rest: the bytes of
 * the sequence (d->seq), ASCII runs (@opts WE_ASCII_RUNS) and the
 * family's optional fast path between sequences, the error mode, held
 * output, restored bytes and the end of the stream (a sequence left open
 * is one error, @bad = all of it). The family state must be all zero
 * between sequences, but for what lasts the whole stream (ISO-2022-JP's
 * mode and output flag, which handles its own end of stream;
 * replacement's "error returned", which never leaves a sequence open).
 */
#define WE_STEP_ERROR_AS(cp, unread)	(WE_STEP_ERROR(unread) | (u32)(cp) << 8)
#define WE_STEP_ERROR_KEEP(keep)	(WE_STEP_ERROR(0) | (u32)(keep) << 24)
#define WE_STEP_DONE			0xfffffffeu

/*
 * Out of line (engine.c): a decoder error (U+FFFD, or the fatal record of
 * @bytes: the one place that reads the decoders' error mode), a step's
 * pair or error, and the end of the stream.
 */
enum whatenc_ret whatenc_dec_error(struct whatenc_decoder *d, struct whatenc_buf *b,
				   const u8 *bytes, unsigned int n);
enum whatenc_ret whatenc_step_result(struct whatenc_decoder *d,
				     struct whatenc_buf *b, u32 r);
enum whatenc_ret whatenc_step_eof(struct whatenc_decoder *d, struct whatenc_buf *b);

/*
 * The two-byte families (Big5, EUC-KR, and gb18030's two-byte codes):
 * @lookup(lead, byte) is the code point of a lead 0x81..0xFE and a byte
 * (or WE_STEP_PAIR), 0 for null, also for a byte outside the trail range.
 * The step is the spec's, with the lead in *@lead; we_lead_trail() is
 * its "lead is not 0x00" part, which Shift_JIS and gb18030 share.
 */
static __always_inline u32 we_lead_trail(u8 *lead, u8 byte,
					 u32 (*lookup)(u8 lead, u8 byte))
{
	u32 cp = lookup(*lead, byte);

	*lead = 0;
	if (cp)
		return cp;
	/* an ASCII byte is restored to the input */
	return WE_STEP_ERROR(byte < 0x80);
}

static __always_inline u32 we_two_byte_step(u8 *lead, u8 byte,
					    u32 (*lookup)(u8 lead, u8 byte))
{
	if (*lead)
		return we_lead_trail(lead, byte, lookup);
	if (byte < 0x80)
		return byte;
	if (byte >= 0x81 && byte <= 0xfe) {
		*lead = byte;
		return WE_STEP_CONTINUE;
	}
	return WE_STEP_ERROR(0);
}

/*
 * The step of the two-byte encoders (Big5, EUC-KR): ASCII, or the two
 * bytes @lookup gives (lead << 8 | trail, 0: unmappable).
 */
static __always_inline unsigned int we_two_byte_enc_step(u32 cp, u8 *out,
							 u16 (*lookup)(u32 cp))
{
	u16 code;

	if (cp < 0x80) {
		out[0] = cp;
		return 1;
	}
	code = lookup(cp);
	if (!code)
		return 0;
	out[0] = code >> 8;
	out[1] = code & 0xff;
	return 2;
}

/* single-byte decoding of long inputs (sb_long.c) */
#define WE_SB_LONG	512
void whatenc_sb_decode_long(unsigned int row, struct whatenc_buf *b);

/* ---- families and the encodings' table ------------------------------ */

/*
 * A one-shot entry (struct we_family's @dec_once, @enc_once), and what
 * it returns through where its fast path stops short (@rest).
 */
typedef int (*we_once_rest_fn)(enum whatenc_encoding enc, const u8 *in,
			       size_t in_size, u8 *out, size_t out_size);
typedef int (*we_once_fn)(enum whatenc_encoding enc, const u8 *in,
			  size_t in_size, u8 *out, size_t out_size,
			  we_once_rest_fn rest);

/*
 * Where a fast path stopped before the end of @b's input: if what is
 * left is a few ASCII bytes (a name's ".txt" or "2", which the fast
 * paths leave at the end of the input) and they fit, copy them (every
 * family that has a fast path decodes and encodes ASCII as itself) and
 * return true; else false, nothing done.
 */
static __always_inline bool we_once_ascii_rest(struct whatenc_buf *b)
{
	size_t n = b->in_size - b->in_pos, i;

	if (n > 8 || n > b->out_size - b->out_pos)
		return false;
	for (i = 0; i < n; i++)
		if (b->in[b->in_pos + i] >= 0x80)
			return false;
	memcpy(b->out + b->out_pos, b->in + b->in_pos, n);
	b->in_pos += n;
	b->out_pos += n;
	return true;
}

/*
 * struct we_family - what an encoding family gives the engine
 * @decode:   convert one buffer (the rules at the top of this file)
 * @encode:   likewise from UTF-8; NULL if the family has no encoder (the
 *	engine only encodes to output encodings)
 * @dec_once: the decoder's one-shot entry, or NULL: its fast path over
 *	a whole input, @in_size bytes at @in (at least 1) to @out_size
 *	bytes (at most INT_MAX) at @out, from a fresh state of encoding
 *	@enc; returns the output's length where it converts all of it, or
 *	else what @rest (the same arguments) returns, or -1 if @rest is
 *	NULL, having written only scratch within @out (WE_STEP_FAMILY())
 * @enc_once: likewise the encoder's (@enc the output encoding); a family
 *	with either is ASCII-compatible both ways (we_once_ascii_rest()
 *	copies the ASCII bytes a fast path leaves at the end)
 *
 * Every family's decoder state (d->s) starts all zero. The one-shot
 * paths (oneshot.h, names.c) call @dec_once or @enc_once first and set
 * up a coder and call @decode or @encode only for what they leave: a
 * name costs one call of the fast path, not a coder's set-up nor the
 * step loop's entry around it.
 */
struct we_family {
	enum whatenc_ret (*decode)(struct whatenc_decoder *d,
				   struct whatenc_buf *b, bool last);
	enum whatenc_ret (*encode)(struct whatenc_encoder *e,
				   struct whatenc_buf *b, bool last);
	we_once_fn dec_once;
	we_once_fn enc_once;
};

/*
 * struct we_encoding - one row of the encodings' table (encodings.c)
 * @family:       its family
 * @output:       the spec's "get an output encoding"
 * @own_bom:      it has a BOM of its own (UTF-8, UTF-16BE/LE), which
 *	WHATENC_BOM_STRIP strips; sniffing applies to every encoding
 * @enc_per_byte: worst-case encoder output per UTF-8 input byte, fatal
 *	mode (e.g. gb18030: U+0080..U+07FF are 2 bytes in, 4 bytes out)
 * @enc_per_byte_html: the same in html mode ("&#65533;" for one byte)
 * @table:        a single-byte encoding's row in the single-byte tables
 *	(WE_SB_<id>), else WE_SB_ROW_NONE
 */
struct we_encoding {
	const struct we_family *family;
	u8 output;
	u8 own_bom;
	u8 enc_per_byte;
	u8 enc_per_byte_html;
	u8 table;
};

/*
 * The single-byte encodings' rows in tables_single_byte.h, in list order
 * (a WHATENC_SB_AS() line has none: it uses its index's row).
 */
#define WHATENC_ENCODING(id, ...)
#define WHATENC_SB(id)		WE_SB_##id,
#define WHATENC_SB_AS(id, index)
enum we_sb_row {
#include "whatenc_encodings.h"
	WE_SB_ROWS,
	WE_SB_ROW_NONE = 0xff
};
/* x-user-defined's row in tables_sb_utf8.h (sb_long.c), after theirs */
#define WE_SB_ROW_XUD	WE_SB_ROWS

#undef WHATENC_ENCODING
#undef WHATENC_SB
#undef WHATENC_SB_AS

extern const struct we_encoding whatenc_encodings[WHATENC_NR_ENCODINGS];

extern const struct we_family whatenc_family_utf8, whatenc_family_utf16,
	whatenc_family_sb, whatenc_family_sb_thai, whatenc_family_xud,
	whatenc_family_replacement,
	whatenc_family_gb18030, whatenc_family_big5, whatenc_family_euc_jp,
	whatenc_family_iso_2022_jp, whatenc_family_shift_jis, whatenc_family_euc_kr;

#endif /* WHATENC_FAMILY_H */
