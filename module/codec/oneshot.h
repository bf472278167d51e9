/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * oneshot.h - a whole buffer in one call (oneshot.c), inline for the
 * callers whose every instruction per call counts (names.c)
 */
#ifndef WHATENC_ONESHOT_H
#define WHATENC_ONESHOT_H

#include "family.h"
#include "whatenc_config.h"

/* Is every family built? Else a row's family may be NULL (encodings.c). */
#if defined(CONFIG_WHATENC_JAPANESE) && defined(CONFIG_WHATENC_CHINESE) && \
	defined(CONFIG_WHATENC_BIG5) && defined(CONFIG_WHATENC_KOREAN)
#define WE_ONCE_ALL_BUILT	1
#else
#define WE_ONCE_ALL_BUILT	0
#endif

/* What whatenc_decode() refuses: see null_buf_call() in engine.c. */
static __always_inline bool we_once_odd_buf(const struct whatenc_buf *b)
{
	return !b->in || !b->out || b->in_pos > b->in_size ||
	       b->out_pos > b->out_size;
}

/*
 * Where the fast path stopped before the end of @b's input: if what is
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

/* The slow exits (oneshot.c): the streaming path, and the engine's end. */
enum whatenc_ret whatenc_decode_streaming(struct whatenc_decoder *d,
				     enum whatenc_encoding enc,
				     unsigned int flags, struct whatenc_buf *b);
enum whatenc_ret whatenc_decode_finish(struct whatenc_decoder *d,
				  struct whatenc_buf *b, enum whatenc_ret ret,
				  size_t consumed);
enum whatenc_ret whatenc_encode_streaming(struct whatenc_encoder *e,
				     enum whatenc_encoding enc,
				     unsigned int flags, struct whatenc_buf *b);
enum whatenc_ret whatenc_encode_finish(struct whatenc_encoder *e,
				  enum whatenc_ret ret, size_t consumed);

/*
 * whatenc_decode_once(), inline; with @valid the caller has checked
 * what the streaming path would refuse or handle: @enc is an encoding,
 * @flags are WHATENC_BOM_KEEP and perhaps WHATENC_DEC_FATAL, and @b has
 * non-NULL pointers and positions within its sizes.
 */
static __always_inline enum whatenc_ret
we_decode_once_in(struct whatenc_decoder *d, enum whatenc_encoding enc,
		  unsigned int flags, struct whatenc_buf *b, bool valid)
{
	const struct we_family *fam;
	size_t start = b->in_pos;
	enum whatenc_ret ret;

	if (!valid &&
	    unlikely((unsigned int)enc >= WHATENC_NR_ENCODINGS ||
		     (flags & ~(WHATENC_DEC_FATAL | WHATENC_BOM_MASK)) ||
		     (flags & WHATENC_BOM_MASK) != WHATENC_BOM_KEEP ||
		     we_once_odd_buf(b)))
		return whatenc_decode_streaming(d, enc, flags, b);
	if (!WE_ONCE_ALL_BUILT && unlikely(!whatenc_encodings[enc].family))
		return whatenc_decode_streaming(d, enc, flags, b);	/* refuses */
	/* what every family reads: all zero but the encoding and flags */
	d->enc = enc;
	d->flags = flags;
	d->replay_len = 0;
	d->seq_len = 0;
	d->pend_len = 0;
	memset(&d->s, 0, sizeof(d->s));
	d->replacements = 0;
	/* an error record's bytes after its length are init's zeros */
	memset(d->err.bytes, 0, sizeof(d->err.bytes));
	if (b->in_pos == b->in_size)	/* no family writes for no input */
		return WHATENC_INPUT_EMPTY;
	fam = whatenc_encodings[enc].family;
	if (fam->dec_fast) {	/* a name: all of it, as a rule */
		size_t out_start = b->out_pos;

		fam->dec_fast(d, b);
		if (b->in_pos == b->in_size || we_once_ascii_rest(b))
			return WHATENC_INPUT_EMPTY;
		/*
		 * The family from the start, as the streaming path runs
		 * it: a fast path that stopped may go further when run
		 * again (sb_encode_run()), so where it stopped is not where
		 * the family's own loop would be. What it wrote past the
		 * start is scratch, overwritten (fast paths write scratch
		 * bytes within the output anyway).
		 */
		b->in_pos = start;
		b->out_pos = out_start;
	}
	/* @fam again from the table, rather than kept across the call */
	ret = whatenc_encodings[enc].family->decode(d, b, true);
	if (unlikely(ret != WHATENC_INPUT_EMPTY || d->replay_len))
		return whatenc_decode_finish(d, b, ret, b->in_pos - start);
	return ret;
}

/* whatenc_encode_once(), inline; @valid as for we_decode_once_in() */
static __always_inline enum whatenc_ret
we_encode_once_in(struct whatenc_encoder *e, enum whatenc_encoding enc,
		  unsigned int flags, struct whatenc_buf *b, bool valid)
{
	const struct we_family *fam;
	size_t start = b->in_pos;
	enum whatenc_ret ret;

	if (!valid &&
	    unlikely((unsigned int)enc >= WHATENC_NR_ENCODINGS ||
		     (flags & ~WHATENC_ENC_FLAGS) || we_once_odd_buf(b)))
		return whatenc_encode_streaming(e, enc, flags, b);
	/* whatenc_encoder_init()'s output encoding */
	if (!((flags & WHATENC_ENC_UTF16) &&
	      (enc == WHATENC_UTF_16BE || enc == WHATENC_UTF_16LE)))
		enc = whatenc_encodings[enc].output;
	if (!WE_ONCE_ALL_BUILT && unlikely(!whatenc_encodings[enc].family))
		return whatenc_encode_streaming(e, enc, flags, b);	/* refuses */
	e->enc = enc;
	e->flags = flags;
	e->pend_len = 0;
	e->err_held = 0;
	we_utf8_init(&e->in);
	memset(&e->s, 0, sizeof(e->s));
	e->unmappables = 0;
	memset(e->err.bytes, 0, sizeof(e->err.bytes));	/* as for d->err */
	if (b->in_pos == b->in_size)	/* nor any encoder */
		return WHATENC_INPUT_EMPTY;
	fam = whatenc_encodings[enc].family;
	if (fam->enc_fast) {
		size_t out_start = b->out_pos;

		fam->enc_fast(e, b);
		if (b->in_pos == b->in_size || we_once_ascii_rest(b))
			return WHATENC_INPUT_EMPTY;
		b->in_pos = start;	/* as for the decoder */
		b->out_pos = out_start;
	}
	ret = whatenc_encodings[enc].family->encode(e, b, true);
	if (unlikely(ret != WHATENC_INPUT_EMPTY))
		return whatenc_encode_finish(e, ret, b->in_pos - start);
	return ret;
}

#endif /* WHATENC_ONESHOT_H */
