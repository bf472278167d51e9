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

/**
 * whatenc_shift_jis_decode() - Shift_JIS decoder (see internal.h)
 * @d:    decoder
 * @b:    buffers
 * @last: end of stream after @b->in
 *
 * Return: see enum whatenc_ret.
 */
enum whatenc_ret whatenc_shift_jis_decode(struct whatenc_decoder *d,
					  struct whatenc_buf *b, bool last)
{
	u8 lead = d->s.shift_jis.lead;
	enum whatenc_ret ret = WHATENC_INPUT_EMPTY;

	while (b->in_pos < b->in_size) {
		u8 byte = b->in[b->in_pos];
		u32 cp;

		if (!lead) {
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

/**
 * whatenc_shift_jis_encode() - Shift_JIS encoder (see internal.h)
 * @e:    encoder
 * @b:    buffers
 * @last: end of stream after @b->in
 *
 * Return: see enum whatenc_ret.
 */
enum whatenc_ret whatenc_shift_jis_encode(struct whatenc_encoder *e,
					  struct whatenc_buf *b, bool last)
{
	for (;;) {
		enum whatenc_ret r;
		unsigned int lead, trail;
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
		/* fast path: 3-byte UTF-8 in, one or two bytes out */
		while (!e->in.needed && b->in_size - b->in_pos >= 3 &&
		       b->out_size - b->out_pos >= 2) {
			u8 *o = b->out + b->out_pos;

			cp = we_utf8_3(b->in + b->in_pos);
			if (cp >= 0xff61 && cp <= 0xff9f) {
				o[0] = cp - 0xff61 + 0xa1;
				b->out_pos++;
			} else {
				if (cp == 0x203e)
					break;
				p = we_sjis_pointer(cp == 0x2212 ? 0xff0d : cp);
				if (p < 0)
					break;
				lead = p / 188;
				trail = p % 188;
				o[0] = lead + (lead < 0x1f ? 0x81 : 0xc1);
				o[1] = trail + (trail < 0x3f ? 0x40 : 0x41);
				b->out_pos += 2;
			}
			b->in_pos += 3;
		}
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
		p = we_sjis_pointer(cp);
		if (p < 0) {
			r = we_unmappable(e, b, cp);
			if (r != WHATENC_INPUT_EMPTY)
				return r;
			continue;
		}
		lead = p / 188;
		trail = p % 188;
		if (!we_put_byte2(e, b, lead + (lead < 0x1f ? 0x81 : 0xc1),
				  trail + (trail < 0x3f ? 0x40 : 0x41)))
			return WHATENC_OUTPUT_FULL;
	}
}
