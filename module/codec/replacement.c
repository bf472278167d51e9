// SPDX-License-Identifier: GPL-2.0-only
/*
 * replacement.c - the replacement encoding
 *
 * Encoding Standard, "replacement": the decoder turns a non-empty stream
 * into one error (U+FFFD, or WHATENC_MALFORMED with the first byte as
 * the offending one in fatal mode) and ignores everything after it. An
 * empty stream decodes to nothing. It has no encoder: the output
 * encoding of replacement is UTF-8.
 */
#include "steps.h"

/* The replacement decoder's step: one error, then "finished". */
static __always_inline u32 replacement_step(struct whatenc_decoder *d,
					    u8 byte)
{
	if (d->s.replacement.error_returned)
		return WE_STEP_DONE;
	d->s.replacement.error_returned = 1;
	return WE_STEP_ERROR(0);
}

/* "Finished": the rest of the stream produces nothing. */
static void replacement_fast(struct whatenc_decoder *d, struct whatenc_buf *b)
{
	if (d->s.replacement.error_returned)
		b->in_pos = b->in_size;
}

static enum whatenc_ret replacement_decode(struct whatenc_decoder *d,
					   struct whatenc_buf *b, bool last)
{
	return we_decode_steps(d, b, last, replacement_step, replacement_fast,
			       0, NULL);
}

const struct we_family whatenc_family_replacement = {
	.decode = replacement_decode,
};
