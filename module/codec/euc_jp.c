// SPDX-License-Identifier: GPL-2.0-only
/*
 * euc_jp.c - EUC-JP (Encoding Standard, "EUC-JP decoder", "EUC-JP encoder")
 *
 * The decoder reads jis0208 (two bytes 0xA1..0xFE), jis0212 (0x8F and
 * two such bytes) and half-width katakana (0x8E 0xA1..0xDF). The encoder
 * never writes jis0212. An ASCII byte after a lead byte is never part of
 * an error: it is decoded on its own (Encoding Standard, "Security
 * background").
 */
#include "jis.h"

/*
 * EUC-JP decoder, step 5: the code point of @lead and @byte, both
 * 0xA1..0xFE, in index jis0212 after 0x8F (@j212) or else in index
 * jis0208; 0 for anything else.
 */
static inline u32 euc_jp_lookup(u8 lead, u8 byte, bool j212)
{
	u8 l = lead - 0xa1, t = byte - 0xa1;

	if (l >= 94 || t >= 94)
		return 0;
	return j212 ? we_jis0212_cp(l * 94 + t) : we_jis0208_cp(l * 94 + t);
}

/* The EUC-JP decoder's steps. */
static __always_inline u32 euc_jp_step(struct whatenc_decoder *d, u8 byte)
{
	u8 lead = d->s.euc_jp.lead;
	u32 cp;

	if (lead == 0x8e && byte >= 0xa1 && byte <= 0xdf) {
		d->s.euc_jp.lead = 0;
		return 0xff61 - 0xa1 + byte;
	}
	if (lead == 0x8f && byte >= 0xa1 && byte <= 0xfe) {
		d->s.euc_jp.jis0212 = 1;
		d->s.euc_jp.lead = byte;
		return WE_STEP_CONTINUE;
	}
	if (lead) {
		cp = euc_jp_lookup(lead, byte, d->s.euc_jp.jis0212);
		d->s.euc_jp.lead = 0;
		d->s.euc_jp.jis0212 = 0;
		if (cp)
			return cp;
		/* an ASCII byte is restored to the input */
		return WE_STEP_ERROR(byte < 0x80);
	}
	if (byte < 0x80)
		return byte;
	if (byte == 0x8e || byte == 0x8f || (byte >= 0xa1 && byte <= 0xfe)) {
		d->s.euc_jp.lead = byte;
		return WE_STEP_CONTINUE;
	}
	return WE_STEP_ERROR(0);
}

/*
 * Decoder fast path, with no lead byte held: ASCII runs a word at a time,
 * complete two-byte JIS X 0208 codes (0xA1..0xFE twice) that have a code
 * point and 0x8E half-width katakana, written straight to the output
 * (BMP: 3 bytes of room). Stops, for the steps, at anything else (0x8F
 * JIS X 0212, a lead at the end of the input, an error) or when the
 * output is short.
 */
static void euc_jp_dec_fast(struct whatenc_decoder *d, struct whatenc_buf *b)
{
	const u8 *in = b->in;
	u8 *out = b->out;
	size_t ip = b->in_pos, op = b->out_pos;
	const size_t in_size = b->in_size, out_size = b->out_size;

	(void)d;
	while (ip < in_size) {
		u8 c = in[ip], t;
		u32 cp;

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
		if (out_size - op < 3 || in_size - ip < 2)
			break;
		t = in[ip + 1];
		if (c == 0x8e && t >= 0xa1 && t <= 0xdf)
			cp = 0xff61 - 0xa1 + t;
		else
			cp = euc_jp_lookup(c, t, false);
		if (!cp)
			break;
		op += we_utf8_write(out + op, cp);
		ip += 2;
	}
	b->in_pos = ip;
	b->out_pos = op;
}

static enum whatenc_ret euc_jp_decode(struct whatenc_decoder *d,
				      struct whatenc_buf *b, bool last)
{
	return we_decode_steps(d, b, last, euc_jp_step, euc_jp_dec_fast);
}

/**
 * whatenc_euc_jp_encode() - EUC-JP encoder (see internal.h)
 * @e:    encoder
 * @b:    buffers
 * @last: end of stream after @b->in
 *
 * Return: see enum whatenc_ret.
 */
static enum whatenc_ret whatenc_euc_jp_encode(struct whatenc_encoder *e,
					      struct whatenc_buf *b, bool last)
{
	for (;;) {
		enum whatenc_ret r;
		u32 cp;
		int p;

		if (!e->in.needed && b->in_pos < b->in_size &&
		    b->in[b->in_pos] < 0x80) {
			size_t n = b->in_size - b->in_pos;

			if (n > b->out_size - b->out_pos)
				n = b->out_size - b->out_pos;
			if (!n)
				return WHATENC_OUTPUT_FULL;
			n = we_ascii_copy(b->out + b->out_pos,
					  b->in + b->in_pos, n);
			b->in_pos += n;
			b->out_pos += n;
			continue;
		}
		/* fast path: 3-byte UTF-8 in, two bytes out */
		while (!e->in.needed && b->in_size - b->in_pos >= 3 &&
		       b->out_size - b->out_pos >= 2) {
			u8 *o = b->out + b->out_pos;

			cp = we_utf8_3(b->in + b->in_pos);
			if (cp >= 0xff61 && cp <= 0xff9f) {
				o[0] = 0x8e;
				o[1] = cp - 0xff61 + 0xa1;
			} else {
				if (cp == 0x203e)
					break;
				p = we_jis0208_pointer(cp == 0x2212 ? 0xff0d :
						       cp);
				if (p < 0)
					break;
				o[0] = p / 94 + 0xa1;
				o[1] = p % 94 + 0xa1;
			}
			b->in_pos += 3;
			b->out_pos += 2;
		}
		cp = we_enc_next(e, b, last);
		if (cp == WE_NEED_MORE)
			return WHATENC_INPUT_EMPTY;
		if (cp == WE_MALFORMED)
			return WHATENC_MALFORMED;
		if (cp < 0x80) {
			if (!we_put_byte(e, b, cp))
				return WHATENC_OUTPUT_FULL;
			continue;
		}
		if (cp == 0xa5 || cp == 0x203e) {
			if (!we_put_byte(e, b, cp == 0xa5 ? 0x5c : 0x7e))
				return WHATENC_OUTPUT_FULL;
			continue;
		}
		if (cp >= 0xff61 && cp <= 0xff9f) {
			if (!we_put_byte2(e, b, 0x8e, cp - 0xff61 + 0xa1))
				return WHATENC_OUTPUT_FULL;
			continue;
		}
		if (cp == 0x2212)
			cp = 0xff0d;
		p = we_jis0208_pointer(cp);
		if (p < 0) {
			r = we_unmappable(e, b, cp);
			if (r != WHATENC_INPUT_EMPTY)
				return r;
			continue;
		}
		if (!we_put_byte2(e, b, p / 94 + 0xa1, p % 94 + 0xa1))
			return WHATENC_OUTPUT_FULL;
	}
}

const struct we_family we_family_euc_jp = {
	.decode = euc_jp_decode,
	.encode = whatenc_euc_jp_encode,
};
