// SPDX-License-Identifier: GPL-2.0-only
/*
 * replacement.c - the replacement encoding
 *
 * Encoding Standard, "replacement": the decoder turns a non-empty stream
 * into one error (U+FFFD, or WHATENC_MALFORMED with the first byte as
 * the offending one in fatal mode) and ignores everything after it. An
 * empty stream decodes to nothing. Its encoder is never used: the
 * output encoding of replacement is UTF-8, so the engine never calls
 * whatenc_replacement_encode().
 */
#include "internal.h"

enum whatenc_ret whatenc_replacement_decode(struct whatenc_decoder *d,
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

enum whatenc_ret whatenc_replacement_encode(struct whatenc_encoder *e,
					    struct whatenc_buf *b, bool last)
{
	/* Unreachable: replacement's output encoding is UTF-8. */
	(void)e;
	(void)b;
	(void)last;
	return WHATENC_UNMAPPABLE;
}
