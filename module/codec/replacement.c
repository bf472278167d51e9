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
#include "internal.h"

static enum whatenc_ret whatenc_replacement_decode(struct whatenc_decoder *d,
						   struct whatenc_buf *b, bool last)
{
	(void)last;	/* nothing is ever held */
	if (b->in_pos == b->in_size)
		return WHATENC_INPUT_EMPTY;
	if (!d->s.replacement.error_returned) {
		u8 byte = b->in[b->in_pos++];

		d->s.replacement.error_returned = 1;
		if (d->flags & WHATENC_DEC_FATAL) {
			d->err.len = 1;
			d->err.bytes[0] = byte;
			return WHATENC_MALFORMED;
		}
		if (!we_put_cp(d, b, WE_FFFD))
			return WHATENC_OUTPUT_FULL;
	}
	/* "finished": the rest of the stream produces nothing */
	b->in_pos = b->in_size;
	return WHATENC_INPUT_EMPTY;
}

const struct we_family we_family_replacement = {
	.decode = whatenc_replacement_decode,
};
