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
 * The state every family reads at the start of a stream: all zero but
 * the encoding and the flags (whatenc_decoder_init()'s, as far as a
 * family and the engine's end of a one-shot call look).
 */
static __always_inline void we_once_dec_state(struct whatenc_decoder *d,
					      enum whatenc_encoding enc,
					      unsigned int flags)
{
	d->enc = enc;
	d->flags = flags;
	d->replay_len = 0;
	d->seq_len = 0;
	d->pend_len = 0;
	memset(&d->s, 0, sizeof(d->s));
	d->replacements = 0;
	/* an error record's bytes after its length are init's zeros */
	memset(d->err.bytes, 0, sizeof(d->err.bytes));
}

/* The same for an encoder; @enc is the output encoding. */
static __always_inline void we_once_enc_state(struct whatenc_encoder *e,
					      enum whatenc_encoding enc,
					      unsigned int flags)
{
	e->enc = enc;
	e->flags = flags;
	e->pend_len = 0;
	e->err_held = 0;
	we_utf8_init(&e->in);
	memset(&e->s, 0, sizeof(e->s));
	e->unmappables = 0;
	memset(e->err.bytes, 0, sizeof(e->err.bytes));	/* as for d->err */
}

/* The slow exits: the streaming path (oneshot.c), and the engine's end. */
enum whatenc_ret whatenc_decode_streaming(struct whatenc_decoder *d,
					  enum whatenc_encoding enc,
				     unsigned int flags, struct whatenc_buf *b);
enum whatenc_ret whatenc_encode_streaming(struct whatenc_encoder *e,
					  enum whatenc_encoding enc,
				     unsigned int flags, struct whatenc_buf *b);
/*
 * What a one-shot entry's fast path left (engine.c): the family over
 * all of @b, with the state set up first if @lazy.
 */
enum whatenc_ret whatenc_decode_rest(struct whatenc_decoder *d,
				     enum whatenc_encoding enc, unsigned int flags,
				struct whatenc_buf *b, bool lazy);
enum whatenc_ret whatenc_encode_rest(struct whatenc_encoder *e,
				     enum whatenc_encoding enc, unsigned int flags,
				struct whatenc_buf *b, bool lazy);

#define WE_ONCE_INT_MAX	((size_t)(~0u >> 1))

/*
 * @fn over what is left of @b, with the output room clamped to INT_MAX
 * (its result's range): true, and @b advanced to the end of its input,
 * where it takes all of it; else false, @b as it was.
 */
static __always_inline bool we_once_call(we_once_fn fn,
					 enum whatenc_encoding enc,
					 struct whatenc_buf *b)
{
	size_t room = b->out_size - b->out_pos;
	int n;

	n = fn(enc, b->in + b->in_pos, b->in_size - b->in_pos,
	       b->out + b->out_pos,
	       room > WE_ONCE_INT_MAX ? WE_ONCE_INT_MAX : room, NULL);
	if (n < 0)
		return false;
	b->in_pos = b->in_size;
	b->out_pos += n;
	return true;
}

/*
 * whatenc_decode_once(), inline; with @valid the caller has checked
 * what the streaming path would refuse or handle: @enc is an encoding,
 * @flags are WHATENC_BOM_KEEP and perhaps WHATENC_DEC_FATAL, and @b has
 * non-NULL pointers and positions within its sizes. With @lazy the
 * caller reads nothing of @d after WHATENC_INPUT_EMPTY (a name's
 * decoder on the stack): @d is set up only when the family's own loop
 * runs, not for an empty input or one the fast path takes whole.
 */
static __always_inline enum whatenc_ret
we_decode_once_in(struct whatenc_decoder *d, enum whatenc_encoding enc,
		  unsigned int flags, struct whatenc_buf *b, bool valid,
		  bool lazy)
{
	const struct we_family *fam;

	if (!valid &&
	    unlikely((unsigned int)enc >= WHATENC_NR_ENCODINGS ||
		     (flags & ~(WHATENC_DEC_FATAL | WHATENC_BOM_MASK)) ||
		     (flags & WHATENC_BOM_MASK) != WHATENC_BOM_KEEP ||
		     we_once_odd_buf(b)))
		return whatenc_decode_streaming(d, enc, flags, b);
	fam = whatenc_encodings[enc].family;
	if (!WE_ONCE_ALL_BUILT && unlikely(!fam))
		return whatenc_decode_streaming(d, enc, flags, b);	/* refuses */
	if (!lazy)
		we_once_dec_state(d, enc, flags);
	if (b->in_pos == b->in_size)	/* no family writes for no input */
		return WHATENC_INPUT_EMPTY;
	/* a name: all of it, as a rule */
	if (fam->dec_once && we_once_call(fam->dec_once, enc, b))
		return WHATENC_INPUT_EMPTY;
	return whatenc_decode_rest(d, enc, flags, b, lazy);
}

/* whatenc_encode_once(), inline; @valid and @lazy as for the decoder */
static __always_inline enum whatenc_ret
we_encode_once_in(struct whatenc_encoder *e, enum whatenc_encoding enc,
		  unsigned int flags, struct whatenc_buf *b, bool valid,
		  bool lazy)
{
	const struct we_family *fam;

	if (!valid &&
	    unlikely((unsigned int)enc >= WHATENC_NR_ENCODINGS ||
		     (flags & ~WHATENC_ENC_FLAGS) || we_once_odd_buf(b)))
		return whatenc_encode_streaming(e, enc, flags, b);
	/* whatenc_encoder_init()'s output encoding */
	if (!((flags & WHATENC_ENC_UTF16) &&
	      (enc == WHATENC_UTF_16BE || enc == WHATENC_UTF_16LE)))
		enc = whatenc_encodings[enc].output;
	fam = whatenc_encodings[enc].family;
	if (!WE_ONCE_ALL_BUILT && unlikely(!fam))
		return whatenc_encode_streaming(e, enc, flags, b);	/* refuses */
	if (!lazy)
		we_once_enc_state(e, enc, flags);
	if (b->in_pos == b->in_size)	/* nor any encoder */
		return WHATENC_INPUT_EMPTY;
	if (fam->enc_once && we_once_call(fam->enc_once, enc, b))
		return WHATENC_INPUT_EMPTY;
	return whatenc_encode_rest(e, enc, flags, b, lazy);
}

#endif /* WHATENC_ONESHOT_H */
