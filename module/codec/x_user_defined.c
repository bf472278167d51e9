// SPDX-License-Identifier: GPL-2.0-only
/*
 * x_user_defined.c - x-user-defined
 *
 * Encoding Standard, "x-user-defined": bytes 0x80-0xFF are the code
 * points U+F780-U+F7FF and back. The decoder never fails.
 */
#include "internal.h"

/*
 * Fast paths. Bytes 0x80-0xFF are U+F780-U+F7FF, i.e. U+F700 + byte,
 * whose UTF-8 is EF, 9C + (byte >> 6), 80 | (byte & 3F).
 */
static void xud_dec_run(struct whatenc_buf *b)
{
	const u8 *in = b->in;
	u8 *out = b->out;
	size_t ip = b->in_pos, op = b->out_pos;
	const size_t in_size = b->in_size, out_size = b->out_size;

	while (ip < in_size) {
		u8 c = in[ip];

		if (c < 0x80) {
			size_t n = in_size - ip;

			if (n > out_size - op)
				n = out_size - op;
			if (!n)
				break;
			n = we_ascii_copy(out + op, in + ip, n);
			ip += n;
			op += n;
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
static void xud_enc_run(struct whatenc_buf *b)
{
	const u8 *in = b->in;
	u8 *out = b->out;
	size_t ip = b->in_pos, op = b->out_pos;
	const size_t in_size = b->in_size, out_size = b->out_size;

	while (ip < in_size && op < out_size) {
		u8 c = in[ip];

		if (c < 0x80) {
			size_t n = in_size - ip;

			if (n > out_size - op)
				n = out_size - op;
			n = we_ascii_copy(out + op, in + ip, n);
			ip += n;
			op += n;
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

static enum whatenc_ret whatenc_xud_decode(struct whatenc_decoder *d,
					   struct whatenc_buf *b, bool last)
{
	(void)last;	/* nothing is ever held */
	while (b->in_pos < b->in_size) {
		u8 byte;

		we_ascii_run(b);
		xud_dec_run(b);
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

static enum whatenc_ret whatenc_xud_encode(struct whatenc_encoder *e,
					   struct whatenc_buf *b, bool last)
{
	for (;;) {
		enum whatenc_ret r;
		u32 cp;

		if (!e->in.needed) {
			we_ascii_run(b);
			if (!e->pend_len)
				xud_enc_run(b);
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

const struct we_family we_family_xud = {
	.decode = whatenc_xud_decode,
	.encode = whatenc_xud_encode,
};
