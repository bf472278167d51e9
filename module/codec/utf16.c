// SPDX-License-Identifier: GPL-2.0-only
/*
 * utf16.c - UTF-16BE and UTF-16LE
 *
 * Encoding Standard, "shared UTF-16 decoder": a lone surrogate is an
 * error (U+FFFD), and so is an odd byte at the end of the stream. A lead
 * surrogate followed by a code unit that is not a trail surrogate is an
 * error for the lead, and the code unit is restored and read again.
 *
 * Extensions (not in the standard, see whatenc.h):
 *
 * - WHATENC_DEC_WTF8: a lone surrogate is not an error but is written in
 *   its 3-byte generalized UTF-8 form (ED A0 80 .. ED BF BF), as WTF-8
 *   does; a lead followed by a trail is a normal pair. An odd final byte
 *   is still an error (after a lone lead surrogate written as WTF-8).
 *
 * - The UTF-16 encoder (only with WHATENC_ENC_UTF16; the standard's
 *   output encoding of UTF-16BE/LE is UTF-8): reads UTF-8 and also
 *   WTF-8, i.e. ED A0..BF 80..BF is read as the surrogate code unit
 *   D800..DFFF and written as that one code unit. Other input follows
 *   the UTF-8 decoder's rules (malformed input: U+FFFD in html mode,
 *   WHATENC_MALFORMED in fatal mode). Every code point is representable,
 *   so this encoder never reports WHATENC_UNMAPPABLE. A generalized
 *   UTF-8 lead surrogate followed by a trail surrogate gives the same
 *   two code units, i.e. the pair.
 */
#include "internal.h"

static inline u32 utf16_unit(const u8 *p, bool be)
{
	return be ? (u32)p[0] << 8 | p[1] : (u32)p[1] << 8 | p[0];
}

/*
 * Decoder fast path: a run of ASCII code units, 4 at a time (one 64-bit
 * load: the high bytes zero, the low bytes below 0x80). Returns the
 * number of code units (a multiple of 4) written as bytes to @out.
 */
static inline size_t utf16_ascii(const u8 *in, size_t in_len, u8 *out,
				 size_t out_len, bool be)
{
	const u64 mask = be ? 0x80ff80ff80ff80ffull : 0xff80ff80ff80ff80ull;
	size_t k = 0;

	while (8 * (k / 4) + 8 <= in_len && k + 4 <= out_len) {
		u64 w;

		memcpy(&w, in + 2 * k, 8);
#if __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
		w = __builtin_bswap64(w);
#endif
		if (w & mask)
			break;
		if (be)
			w >>= 8;
		out[k] = w;
		out[k + 1] = w >> 16;
		out[k + 2] = w >> 32;
		out[k + 3] = w >> 48;
		k += 4;
	}
	return k;
}

/* A lone surrogate or odd byte @bytes[0..@n-1]: error, U+FFFD or WTF-8. */
static enum whatenc_ret utf16_error(struct whatenc_decoder *d,
				    struct whatenc_buf *b, const u8 *bytes,
				    unsigned int n, u32 cu)
{
	if (cu && (d->flags & WHATENC_DEC_WTF8))
		return we_put_cp(d, b, cu) ? WHATENC_INPUT_EMPTY :
					     WHATENC_OUTPUT_FULL;
	return we_dec_error(d, b, bytes, n);
}

/* The bytes of code unit @cu in stream order. */
static inline void utf16_bytes(u8 *p, u32 cu, bool be)
{
	p[be ? 0 : 1] = cu >> 8;
	p[be ? 1 : 0] = cu & 0xff;
}

/*
 * Decoder fast path: BMP code units that are not surrogates, straight to
 * UTF-8, over local positions; @be is a constant at each call, so each
 * byte order gets its own loop.
 */
static inline void utf16_dec_fast(struct whatenc_buf *b, bool be)
{
	const u8 *in = b->in;
	u8 *out = b->out;
	size_t ip = b->in_pos, op = b->out_pos;
	const size_t in_size = b->in_size, out_size = b->out_size;

	while (in_size - ip >= 2 && out_size - op >= 3) {
		u32 cu = utf16_unit(in + ip, be);

		if (cu < 0x80) {
			size_t k = utf16_ascii(in + ip, in_size - ip, out + op,
					       out_size - op, be);

			if (k) {
				ip += 2 * k;
				op += k;
				continue;
			}
			out[op++] = cu;
		} else if (cu < 0x800) {
			out[op] = 0xc0 | (cu >> 6);
			out[op + 1] = 0x80 | (cu & 0x3f);
			op += 2;
		} else {
			if ((cu & 0xf800) == 0xd800)
				break;
			out[op] = 0xe0 | (cu >> 12);
			out[op + 1] = 0x80 | ((cu >> 6) & 0x3f);
			out[op + 2] = 0x80 | (cu & 0x3f);
			op += 3;
		}
		ip += 2;
	}
	b->in_pos = ip;
	b->out_pos = op;
}

static enum whatenc_ret whatenc_utf16_decode(struct whatenc_decoder *d,
					     struct whatenc_buf *b, bool last)
{
	bool be = d->enc == WHATENC_UTF_16BE;
	enum whatenc_ret r;
	u8 bytes[3];
	u32 cu;

	for (;;) {
		bool from_prev = false;

		if (!d->s.utf16.have_lead_byte && !d->s.utf16.lead_surrogate) {
			/* fast path: BMP code units that are not surrogates */
			if (be)
				utf16_dec_fast(b, true);
			else
				utf16_dec_fast(b, false);
		}
		if (b->in_pos == b->in_size)
			break;
		if (b->out_pos == b->out_size)
			return WHATENC_OUTPUT_FULL;
		if (d->s.utf16.have_lead_byte) {
			bytes[0] = d->s.utf16.lead_byte;
			bytes[1] = b->in[b->in_pos++];
			d->s.utf16.have_lead_byte = 0;
			cu = utf16_unit(bytes, be);
			from_prev = true;
		} else if (b->in_size - b->in_pos >= 2) {
			cu = utf16_unit(b->in + b->in_pos, be);
			b->in_pos += 2;
		} else {
			d->s.utf16.lead_byte = b->in[b->in_pos++];
			d->s.utf16.have_lead_byte = 1;
			continue;
		}
		if (d->s.utf16.lead_surrogate) {
			u32 lead = d->s.utf16.lead_surrogate;

			d->s.utf16.lead_surrogate = 0;
			if (cu >= 0xdc00 && cu <= 0xdfff) {
				cu = 0x10000 + ((lead - 0xd800) << 10) +
				     (cu - 0xdc00);
				if (!we_put_cp(d, b, cu))
					return WHATENC_OUTPUT_FULL;
				continue;
			}
			/* restore the code unit's bytes, then the lead's error */
			if (from_prev)
				we_replay(d, bytes, 2);
			else
				b->in_pos -= 2;
			utf16_bytes(bytes, lead, be);
			r = utf16_error(d, b, bytes, 2, lead);
			if (r != WHATENC_INPUT_EMPTY || from_prev)
				return r;	/* the engine replays first */
			continue;
		}
		if (cu >= 0xd800 && cu <= 0xdbff) {
			d->s.utf16.lead_surrogate = cu;
			continue;
		}
		if (cu >= 0xdc00 && cu <= 0xdfff) {
			utf16_bytes(bytes, cu, be);
			r = utf16_error(d, b, bytes, 2, cu);
			if (r != WHATENC_INPUT_EMPTY)
				return r;
			continue;
		}
		if (!we_put_cp(d, b, cu))
			return WHATENC_OUTPUT_FULL;
	}
	if (!last)
		return WHATENC_INPUT_EMPTY;
	/* end of stream: a lead surrogate and/or an odd byte is one error */
	if (d->s.utf16.lead_surrogate && (d->flags & WHATENC_DEC_WTF8)) {
		cu = d->s.utf16.lead_surrogate;
		d->s.utf16.lead_surrogate = 0;
		if (!we_put_cp(d, b, cu))
			return WHATENC_OUTPUT_FULL;
	}
	if (d->s.utf16.lead_surrogate || d->s.utf16.have_lead_byte) {
		unsigned int n = 0;

		if (d->s.utf16.lead_surrogate) {
			utf16_bytes(bytes, d->s.utf16.lead_surrogate, be);
			n = 2;
		}
		if (d->s.utf16.have_lead_byte)
			bytes[n++] = d->s.utf16.lead_byte;
		d->s.utf16.lead_surrogate = 0;
		d->s.utf16.have_lead_byte = 0;
		return utf16_error(d, b, bytes, n, 0);
	}
	return WHATENC_INPUT_EMPTY;
}

/*
 * Encoder fast path: ASCII and well-formed 2- and 3-byte UTF-8 that is
 * not a surrogate (WTF-8 ED A0..BF takes the general path), one code
 * unit each.
 */
static void utf16_enc_fast(struct whatenc_buf *b, bool be)
{
	const u8 *in = b->in;
	u8 *out = b->out;
	size_t ip = b->in_pos, op = b->out_pos;
	const size_t in_size = b->in_size, out_size = b->out_size;

	while (ip < in_size && out_size - op >= 2) {
		u32 cu = in[ip];

		if (cu < 0x80) {
			ip++;
		} else {
			unsigned int len;

			if (in_size - ip < 3)
				break;
			len = we_utf8_23(in + ip, &cu);
			if (!len)
				break;
			ip += len;
		}
		utf16_bytes(out + op, cu, be);
		op += 2;
	}
	b->in_pos = ip;
	b->out_pos = op;
}

static enum whatenc_ret whatenc_utf16_encode(struct whatenc_encoder *e,
					     struct whatenc_buf *b, bool last)
{
	bool be = e->enc == WHATENC_UTF_16BE;
	struct whatenc_utf8_state *st = &e->in;

	for (;;) {
		u8 unit[4];
		unsigned int n;
		u32 cp;

		if (!st->needed && !e->pend_len)
			utf16_enc_fast(b, be);
		if (b->in_pos < b->in_size && b->out_size - b->out_pos < 2)
			return WHATENC_OUTPUT_FULL;
		if (!st->needed && b->in_pos < b->in_size &&
		    b->in[b->in_pos] == 0xed) {
			/*
			 * WTF-8: ED may be followed by A0..BF too (the UTF-8
			 * decoder's upper boundary would be 9F); the sequence
			 * then reads as a surrogate code unit.
			 */
			b->in_pos++;
			st->seq[0] = 0xed;
			st->len = 1;
			st->needed = 2;
			st->cp = 0xd;
			st->lower = 0x80;
			st->upper = 0xbf;
		}
		cp = we_enc_next(e, b, last);
		if (cp == WE_NEED_MORE)
			return WHATENC_INPUT_EMPTY;
		if (cp == WE_MALFORMED)
			return WHATENC_MALFORMED;
		if (cp < 0x10000) {
			utf16_bytes(unit, cp, be);
			n = 2;
		} else {
			utf16_bytes(unit, 0xd800 + ((cp - 0x10000) >> 10), be);
			utf16_bytes(unit + 2, 0xdc00 + (cp & 0x3ff), be);
			n = 4;
		}
		if (!we_put_bytes(e, b, unit, n))
			return WHATENC_OUTPUT_FULL;
	}
}

const struct we_family we_family_utf16 = {
	.decode = whatenc_utf16_decode,
	.encode = whatenc_utf16_encode,
};
