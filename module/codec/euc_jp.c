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
 * A fatal error. The offending bytes are the ones held in the decoder
 * state (0x8F when @j212, then @lead), then @byte when @with_byte.
 */
static enum whatenc_ret euc_jp_error(struct whatenc_decoder *d, u8 lead,
				     bool j212, u8 byte, bool with_byte)
{
	unsigned int i = 0;

	if (j212)
		d->err.bytes[i++] = 0x8f;
	if (lead)
		d->err.bytes[i++] = lead;
	if (with_byte)
		d->err.bytes[i++] = byte;
	d->err.len = i;
	d->err.cp = 0;
	return WHATENC_MALFORMED;
}

/*
 * Decoder fast path, with no lead byte held: ASCII runs a word at a time,
 * complete two-byte JIS X 0208 codes (0xA1..0xFE twice) that have a code
 * point and 0x8E half-width katakana, written straight to the output
 * (BMP: 3 bytes of room). Stops, for the general path, at anything else
 * (0x8F JIS X 0212, a lead at the end of the input, an error) or when
 * the output is short.
 */
static void euc_jp_dec_fast(struct whatenc_buf *b)
{
	const u8 *in = b->in;
	u8 *out = b->out;
	size_t ip = b->in_pos, op = b->out_pos;
	const size_t in_size = b->in_size, out_size = b->out_size;

	while (ip < in_size) {
		u8 l = in[ip] - 0xa1, t;
		u32 cp;

		if (in[ip] < 0x80) {
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
		t = in[ip + 1] - 0xa1;
		if (l < 94 && t < 94) {
			cp = we_jis0208_cp(l * 94 + t);
			if (!cp)
				break;
		} else if (in[ip] == 0x8e && t < 0x3f) {
			cp = 0xff61 + t;
		} else {
			break;
		}
		op += we_utf8_write(out + op, cp);
		ip += 2;
	}
	b->in_pos = ip;
	b->out_pos = op;
}

/**
 * whatenc_euc_jp_decode() - EUC-JP decoder (see internal.h)
 * @d:    decoder
 * @b:    buffers
 * @last: end of stream after @b->in
 *
 * Return: see enum whatenc_ret.
 */
static enum whatenc_ret whatenc_euc_jp_decode(struct whatenc_decoder *d,
					      struct whatenc_buf *b, bool last)
{
	u8 lead = d->s.euc_jp.lead;
	bool j212 = d->s.euc_jp.jis0212;
	enum whatenc_ret ret = WHATENC_INPUT_EMPTY;

	while (b->in_pos < b->in_size) {
		u8 byte = b->in[b->in_pos];
		u32 cp;

		if (!lead) {
			if (!d->pend_len && !j212) {
				euc_jp_dec_fast(b);
				if (b->in_pos == b->in_size)
					break;
				byte = b->in[b->in_pos];
			}
			if (byte < 0x80) {
				size_t n = b->in_size - b->in_pos;

				if (n > b->out_size - b->out_pos)
					n = b->out_size - b->out_pos;
				if (!n) {
					ret = WHATENC_OUTPUT_FULL;
					break;
				}
				n = we_ascii_copy(b->out + b->out_pos,
						  b->in + b->in_pos, n);
				b->in_pos += n;
				b->out_pos += n;
				continue;
			}
			b->in_pos++;
			if (byte == 0x8e || byte == 0x8f ||
			    (byte >= 0xa1 && byte <= 0xfe)) {
				lead = byte;
				continue;
			}
			if (d->flags & WHATENC_DEC_FATAL) {
				ret = euc_jp_error(d, 0, false, byte, true);
				break;
			}
			cp = WE_FFFD;
		} else if (lead == 0x8e && byte >= 0xa1 && byte <= 0xdf) {
			b->in_pos++;
			lead = 0;
			cp = 0xff61 - 0xa1 + byte;
		} else if (lead == 0x8f && byte >= 0xa1 && byte <= 0xfe) {
			b->in_pos++;
			j212 = true;
			lead = byte;
			continue;
		} else {
			u8 l = lead;
			bool was212 = j212;

			lead = 0;
			cp = 0;
			if (l >= 0xa1 && l <= 0xfe && byte >= 0xa1 &&
			    byte <= 0xfe) {
				unsigned int p = (l - 0xa1) * 94 + byte - 0xa1;

				cp = j212 ? we_jis0212_cp(p) : we_jis0208_cp(p);
			}
			j212 = false;
			if (cp) {
				b->in_pos++;
			} else {
				/* an ASCII byte is restored: not consumed */
				bool ascii = byte < 0x80;

				if (!ascii)
					b->in_pos++;
				if (d->flags & WHATENC_DEC_FATAL) {
					ret = euc_jp_error(d, l, was212, byte,
							   !ascii);
					break;
				}
				cp = WE_FFFD;
			}
		}
		if (!we_put_cp(d, b, cp)) {
			ret = WHATENC_OUTPUT_FULL;
			break;
		}
	}
	if (ret == WHATENC_INPUT_EMPTY && last && lead) {
		u8 l = lead;
		bool was212 = j212;

		lead = 0;
		j212 = false;
		if (d->flags & WHATENC_DEC_FATAL)
			ret = euc_jp_error(d, l, was212, 0, false);
		else if (!we_put_cp(d, b, WE_FFFD))
			ret = WHATENC_OUTPUT_FULL;
	}
	d->s.euc_jp.lead = lead;
	d->s.euc_jp.jis0212 = j212;
	return ret;
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
	.decode = whatenc_euc_jp_decode,
	.encode = whatenc_euc_jp_encode,
};
