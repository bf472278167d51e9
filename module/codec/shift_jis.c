// SPDX-License-Identifier: GPL-2.0-only
/*
 * shift_jis.c - Shift_JIS (Encoding Standard, "Shift_JIS decoder",
 * "Shift_JIS encoder", "index Shift_JIS pointer")
 *
 * Single bytes: ASCII, 0x80 and half-width katakana 0xA1..0xDF. Two
 * bytes: lead 0x81..0x9F or 0xE0..0xFC, trail 0x40..0x7E or 0x80..0xFC,
 * index jis0208, with pointers 8836..10715 decoding to U+E000..U+E757
 * (EUDC; never encoded). An ASCII byte after a lead byte is never part
 * of an error (Encoding Standard, "Security background": the 2011
 * attack where lead 0x82 masked a 0x22 in JSON).
 */
#include "jis.h"

static enum whatenc_ret sjis_error(struct whatenc_decoder *d, u8 lead,
				   u8 byte, bool with_byte)
{
	unsigned int i = 0;

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
 * half-width katakana and complete two-byte codes that have a code point,
 * written straight to the output (all in the BMP: 3 bytes of room are
 * enough). Stops, for the general path, at anything else (0x80, a lead
 * at the end of the input, an error) or when the output is short.
 */
static void sjis_dec_fast(struct whatenc_buf *b)
{
	const u8 *in = b->in;
	u8 *out = b->out;
	size_t ip = b->in_pos, op = b->out_pos;
	const size_t in_size = b->in_size, out_size = b->out_size;

	while (ip < in_size) {
		u8 c = in[ip], l, t;
		unsigned int p;
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
		if (out_size - op < 3)
			break;
		if (c >= 0xa1 && c <= 0xdf) {
			cp = 0xff61 - 0xa1 + c;
			out[op] = 0xef;
			out[op + 1] = 0x80 | ((cp >> 6) & 0x3f);
			out[op + 2] = 0x80 | (cp & 0x3f);
			op += 3;
			ip++;
			continue;
		}
		/*
		 * lead 0x81..0x9F, 0xE0..0xFC: (c ^ 0x20) is 0xA1..0xDC, and
		 * (c ^ 0x20) - 0xA1 is the spec's lead - offset (0..59);
		 * trail 0x40..0x7E, 0x80..0xFC: t - 0x40 is 0..0xBC, not 0x3F
		 */
		l = (u8)((c ^ 0x20) - 0xa1);
		if (l >= 60 || in_size - ip < 2)
			break;
		t = in[ip + 1] - 0x40;
		if (t > 0xbc || t == 0x3f)
			break;
		p = l * 188 + t - (t > 0x3f);
		if (p >= 8836 && p <= 10715)
			cp = 0xe000 - 8836 + p;
		else
			cp = we_jis0208_cp(p);
		if (!cp)
			break;
		op += we_utf8_write(out + op, cp);
		ip += 2;
	}
	b->in_pos = ip;
	b->out_pos = op;
}

/**
 * whatenc_shift_jis_decode() - Shift_JIS decoder (see internal.h)
 * @d:    decoder
 * @b:    buffers
 * @last: end of stream after @b->in
 *
 * Return: see enum whatenc_ret.
 */
static enum whatenc_ret whatenc_shift_jis_decode(struct whatenc_decoder *d,
						 struct whatenc_buf *b, bool last)
{
	u8 lead = d->s.shift_jis.lead;
	enum whatenc_ret ret = WHATENC_INPUT_EMPTY;

	while (b->in_pos < b->in_size) {
		u8 byte = b->in[b->in_pos];
		u32 cp;

		if (!lead) {
			if (!d->pend_len) {
				sjis_dec_fast(b);
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
			if (byte == 0x80) {
				cp = 0x80;
			} else if (byte >= 0xa1 && byte <= 0xdf) {
				cp = 0xff61 - 0xa1 + byte;
			} else if ((byte >= 0x81 && byte <= 0x9f) ||
				   (byte >= 0xe0 && byte <= 0xfc)) {
				lead = byte;
				continue;
			} else {
				if (d->flags & WHATENC_DEC_FATAL) {
					ret = sjis_error(d, 0, byte, true);
					break;
				}
				cp = WE_FFFD;
			}
		} else {
			u8 l = lead;

			lead = 0;
			cp = 0;
			if ((byte >= 0x40 && byte <= 0x7e) ||
			    (byte >= 0x80 && byte <= 0xfc)) {
				unsigned int p;

				p = (l - (l < 0xa0 ? 0x81 : 0xc1)) * 188 +
				    byte - (byte < 0x7f ? 0x40 : 0x41);
				if (p >= 8836 && p <= 10715)
					cp = 0xe000 - 8836 + p;
				else
					cp = we_jis0208_cp(p);
			}
			if (cp) {
				b->in_pos++;
			} else {
				/* an ASCII byte is restored: not consumed */
				bool ascii = byte < 0x80;

				if (!ascii)
					b->in_pos++;
				if (d->flags & WHATENC_DEC_FATAL) {
					ret = sjis_error(d, l, byte, !ascii);
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

		lead = 0;
		if (d->flags & WHATENC_DEC_FATAL)
			ret = sjis_error(d, l, 0, false);
		else if (!we_put_cp(d, b, WE_FFFD))
			ret = WHATENC_OUTPUT_FULL;
	}
	d->s.shift_jis.lead = lead;
	return ret;
}

/*
 * Encoder fast path: ASCII runs a word at a time, and well-formed 3-byte
 * UTF-8 (U+0800..U+FFFF) of half-width katakana or of a code point with
 * an index Shift_JIS pointer, written straight to the output. Stops, for
 * the general path, at anything else (2- and 4-byte UTF-8, U+203E,
 * unmappable or malformed input, a sequence cut by the end of the
 * input) or when the output is short.
 */
static void sjis_enc_fast(struct whatenc_buf *b)
{
	const u8 *in = b->in;
	u8 *out = b->out;
	size_t ip = b->in_pos, op = b->out_pos;
	const size_t in_size = b->in_size, out_size = b->out_size;

	while (ip < in_size) {
		unsigned int code;
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
		if (in_size - ip < 3 || out_size - op < 2)
			break;
		cp = we_utf8_3(in + ip);
		if (cp >= 0xff61 && cp <= 0xff9f) {
			out[op++] = cp - 0xff61 + 0xa1;
			ip += 3;
			continue;
		}
		if (!cp || cp == 0x203e)
			break;
		code = we_sjis_code(cp == 0x2212 ? 0xff0d : cp);
		if (!code)
			break;
		out[op] = code >> 8;
		out[op + 1] = code & 0xff;
		op += 2;
		ip += 3;
	}
	b->in_pos = ip;
	b->out_pos = op;
}

/**
 * whatenc_shift_jis_encode() - Shift_JIS encoder (see internal.h)
 * @e:    encoder
 * @b:    buffers
 * @last: end of stream after @b->in
 *
 * Return: see enum whatenc_ret.
 */
static enum whatenc_ret whatenc_shift_jis_encode(struct whatenc_encoder *e,
						 struct whatenc_buf *b, bool last)
{
	for (;;) {
		enum whatenc_ret r;
		unsigned int code;
		u32 cp;

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
		if (!e->in.needed && !e->pend_len)
			sjis_enc_fast(b);
		cp = we_enc_next(e, b, last);
		if (cp == WE_NEED_MORE)
			return WHATENC_INPUT_EMPTY;
		if (cp == WE_MALFORMED)
			return WHATENC_MALFORMED;
		if (cp <= 0x80 || cp == 0xa5 || cp == 0x203e ||
		    (cp >= 0xff61 && cp <= 0xff9f)) {
			u8 byte = cp == 0xa5 ? 0x5c : cp == 0x203e ? 0x7e :
				  cp <= 0x80 ? cp : cp - 0xff61 + 0xa1;

			if (!we_put_byte(e, b, byte))
				return WHATENC_OUTPUT_FULL;
			continue;
		}
		if (cp == 0x2212)
			cp = 0xff0d;
		code = we_sjis_code(cp);
		if (!code) {
			r = we_unmappable(e, b, cp);
			if (r != WHATENC_INPUT_EMPTY)
				return r;
			continue;
		}
		if (!we_put_byte2(e, b, code >> 8, code & 0xff))
			return WHATENC_OUTPUT_FULL;
	}
}

const struct we_family we_family_shift_jis = {
	.decode = whatenc_shift_jis_decode,
	.encode = whatenc_shift_jis_encode,
};
