// SPDX-License-Identifier: GPL-2.0-only
/*
 * x_user_defined.c - x-user-defined
 *
 * Encoding Standard, "x-user-defined": bytes 0x80-0xFF are the code
 * points U+F780-U+F7FF and back. The decoder never fails.
 */
#include "steps.h"

/*
 * Fast paths. Bytes 0x80-0xFF are U+F780-U+F7FF, i.e. U+F700 + byte,
 * whose UTF-8 is EF, 9C + (byte >> 6), 80 | (byte & 3F).
 */
static void xud_dec_run(struct whatenc_decoder *d, struct whatenc_buf *b)
{
	const u8 *in = b->in;
	u8 *out = b->out;
	size_t ip = b->in_pos, op = b->out_pos;
	const size_t in_size = b->in_size, out_size = b->out_size;

	if (in_size - ip >= WE_SB_LONG) {
		whatenc_sb_decode_long(WE_SB_ROW_XUD, b);
		ip = b->in_pos;
		op = b->out_pos;
	}
	while (ip < in_size) {
		u8 c = in[ip];

		if (c < 0x80) {
			if (!we_ascii_fast(in, &ip, in_size, out, &op,
					   out_size))
				break;
			continue;
		}
		if (out_size - op < 3)
			break;
		out[op] = 0xef;
		out[op + 1] = 0x9c + (c >> 6);
		out[op + 2] = 0x80 | (c & 0x3f);
		op += 3;
		ip++;
	}
	b->in_pos = ip;
	b->out_pos = op;
}

/* EF 9E/9F 80..BF (U+F780-U+F7FF) back to bytes, and ASCII runs. */
static void xud_enc_run(struct whatenc_encoder *e, struct whatenc_buf *b)
{
	const u8 *in = b->in;
	u8 *out = b->out;
	size_t ip = b->in_pos, op = b->out_pos;
	const size_t in_size = b->in_size, out_size = b->out_size;

	while (ip < in_size && op < out_size) {
		u8 c = in[ip];

		if (c < 0x80) {
			/* the loop's condition leaves room: never 0 */
			we_ascii_fast(in, &ip, in_size, out, &op, out_size);
			continue;
		}
		if (in_size - ip < 3 || c != 0xef || (in[ip + 1] & 0xfe) != 0x9e ||
		    (in[ip + 2] & 0xc0) != 0x80)
			break;
		out[op++] = 0x80 | (in[ip + 1] & 1) << 6 | (in[ip + 2] & 0x3f);
		ip += 3;
	}
	b->in_pos = ip;
	b->out_pos = op;
}

/* The x-user-defined decoder's steps. */
static __always_inline u32 xud_step(struct whatenc_decoder *d, u8 byte)
{
	return byte < 0x80 ? byte : 0xf780 + byte - 0x80;
}

/* The x-user-defined encoder's steps. */
static __always_inline unsigned int xud_enc_step(struct whatenc_encoder *e,
						 u32 cp, u8 *out)
{
	if (cp < 0x80) {
		out[0] = cp;
		return 1;
	}
	if (cp >= 0xf780 && cp <= 0xf7ff) {
		out[0] = cp - 0xf780 + 0x80;
		return 1;
	}
	return 0;
}

WE_STEP_FAMILY(xud, xud_step, xud_dec_run, xud_enc_step, xud_enc_run);
