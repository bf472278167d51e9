// SPDX-License-Identifier: GPL-2.0-only
/*
 * x_user_defined.c - x-user-defined
 *
 * Encoding Standard, "x-user-defined": bytes 0x80-0xFF are the code
 * points U+F780-U+F7FF and back. The decoder never fails.
 */
#include "internal.h"

enum whatenc_ret whatenc_xud_decode(struct whatenc_decoder *d,
				    struct whatenc_buf *b, bool last)
{
	(void)last;	/* nothing is ever held */
	while (b->in_pos < b->in_size) {
		size_t n = b->in_size - b->in_pos;
		u8 byte;

		if (n > b->out_size - b->out_pos)
			n = b->out_size - b->out_pos;
		n = we_ascii_copy(b->out + b->out_pos, b->in + b->in_pos, n);
		b->in_pos += n;
		b->out_pos += n;
		if (b->in_pos == b->in_size)
			break;
		if (b->out_pos == b->out_size)
			return WHATENC_OUTPUT_FULL;
		byte = b->in[b->in_pos++];
		if (!we_put_cp(d, b, byte < 0x80 ? byte : 0xf780 + byte - 0x80))
			return WHATENC_OUTPUT_FULL;
	}
	return WHATENC_INPUT_EMPTY;
}

enum whatenc_ret whatenc_xud_encode(struct whatenc_encoder *e,
				    struct whatenc_buf *b, bool last)
{
	for (;;) {
		enum whatenc_ret r;
		u32 cp;

		if (!e->in.needed) {
			size_t n = b->in_size - b->in_pos;

			if (n > b->out_size - b->out_pos)
				n = b->out_size - b->out_pos;
			n = we_ascii_copy(b->out + b->out_pos,
					  b->in + b->in_pos, n);
			b->in_pos += n;
			b->out_pos += n;
		}
		if (b->out_pos == b->out_size && b->in_pos < b->in_size)
			return WHATENC_OUTPUT_FULL;
		cp = we_enc_next(e, b, last);
		if (cp == WE_NEED_MORE)
			return WHATENC_INPUT_EMPTY;
		if (cp == WE_MALFORMED)
			return WHATENC_MALFORMED;
		if (cp >= 0x80 && (cp < 0xf780 || cp > 0xf7ff)) {
			r = we_unmappable(e, b, cp);
			if (r != WHATENC_INPUT_EMPTY)
				return r;
			continue;
		}
		if (!we_put_byte(e, b, cp < 0x80 ? cp : cp - 0xf780 + 0x80))
			return WHATENC_OUTPUT_FULL;
	}
}
