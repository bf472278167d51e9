// SPDX-License-Identifier: GPL-2.0-only
/*
 * gb18030.c - the gb18030 and GBK decoders and encoders
 *
 * Encoding Standard sections "gb18030 decoder", "gb18030 encoder" (GBK's
 * decoder is gb18030's; GBK's encoder is gb18030's with "is GBK" set),
 * "index gb18030 ranges code point" and "index gb18030 ranges pointer".
 * Tables: tables_gb18030.h (scripts/gentables/chinese.py), including the
 * GB18030-2022 changes (whatwg/encoding 2c3853e, 2024-10-04).
 */
#include "internal.h"
#include "tables_gb18030.h"

/* The index gb18030 ranges code point for @pointer, or 0 for null. */
static u32 gb_ranges_cp(u32 pointer)
{
	unsigned int i;

	if ((pointer > 39419 && pointer < 189000) || pointer > 1237575)
		return 0;
	if (pointer == 7457)
		return 0xe7c7;
	if (pointer >= 189000)
		return 0x10000 + pointer - 189000;
	i = gb18030_rng_ptr_hint[pointer >> 7];
	while (i + 1 < GB18030_NR_RANGES && gb18030_rng_ptr[i + 1] <= pointer)
		i++;
	return gb18030_rng_cp[i] + pointer - gb18030_rng_ptr[i];
}

/* The index gb18030 ranges pointer for @cp (not ASCII, not a surrogate). */
static u32 gb_ranges_pointer(u32 cp)
{
	unsigned int i;

	if (cp == 0xe7c7)
		return 7457;
	if (cp >= 0x10000)
		return 189000 + cp - 0x10000;
	i = gb18030_rng_cp_hint[cp >> 7];
	while (i + 1 < GB18030_NR_RANGES && gb18030_rng_cp[i + 1] <= cp)
		i++;
	return gb18030_rng_ptr[i] + cp - gb18030_rng_cp[i];
}

/* Decoder error: U+FFFD (plus @extra bytes of ASCII) or a fatal report. */
static enum whatenc_ret gb_dec_error(struct whatenc_decoder *d,
				     struct whatenc_buf *b, const u8 *bytes,
				     unsigned int n, const u8 *extra,
				     unsigned int n_extra)
{
	u8 unit[4] = { 0xef, 0xbf, 0xbd };

	if (d->flags & WHATENC_DEC_FATAL) {
		d->err.cp = 0;
		d->err.len = n;
		memcpy(d->err.bytes, bytes, n);
		if (n_extra)
			we_replay(d, extra, n_extra);
		return WHATENC_MALFORMED;
	}
	/*
	 * The restored bytes that precede the current one are always one
	 * ASCII digit (gb18030 second); it is written with the U+FFFD as
	 * one unit, which is what processing it again would give.
	 */
	if (n_extra)
		unit[3] = extra[0];
	return we_put_unit(b, d->pend, &d->pend_len, unit, 3 + n_extra) ?
	       WHATENC_INPUT_EMPTY : WHATENC_OUTPUT_FULL;
}

/*
 * Decoder fast path: ASCII runs and complete two-byte sequences with a
 * code point, while at least 2 input and 4 output bytes remain and no
 * lead is held. Anything else is left to the general path.
 */
static inline void gb_dec_fast(struct whatenc_buf *b)
{
	const u8 *in = b->in;
	u8 *out = b->out;
	size_t ip = b->in_pos, op = b->out_pos;

	while (b->in_size - ip >= 2 && b->out_size - op >= 4) {
		u8 c0 = in[ip], c1;
		u32 cp;

		if (c0 < 0x80) {
			size_t n = b->in_size - ip;

			if (n > b->out_size - op)
				n = b->out_size - op;
			n = we_ascii_copy(out + op, in + ip, n);
			ip += n;
			op += n;
			continue;
		}
		c1 = in[ip + 1];
		if (c0 == 0x80 || c0 == 0xff || c1 < 0x40 || c1 == 0x7f ||
		    c1 == 0xff)
			break;
		cp = gb18030_dec[(c0 - 0x81) * 190 + c1 -
				 (c1 < 0x7f ? 0x40 : 0x41)];
		op += we_utf8_write(out + op, cp);
		ip += 2;
	}
	b->in_pos = ip;
	b->out_pos = op;
}

/**
 * whatenc_gb18030_decode() - gb18030 (and GBK) bytes to UTF-8
 * @d:    decoder
 * @b:    buffers
 * @last: end of stream after this input
 *
 * Return: see internal.h.
 */
static enum whatenc_ret whatenc_gb18030_decode(struct whatenc_decoder *d,
					       struct whatenc_buf *b, bool last)
{
	u8 first = d->s.gb18030.first;
	u8 second = d->s.gb18030.second;
	u8 third = d->s.gb18030.third;
	enum whatenc_ret ret = WHATENC_INPUT_EMPTY;

	while (b->in_pos < b->in_size) {
		u8 byte;
		u32 cp;

		if (!first) {
			gb_dec_fast(b);
			we_ascii_run(b);
			if (b->in_pos == b->in_size)
				break;
			byte = b->in[b->in_pos];
			if (byte < 0x80) {
				ret = WHATENC_OUTPUT_FULL;
				break;
			}
			b->in_pos++;
			if (byte >= 0x81 && byte <= 0xfe) {
				first = byte;
				continue;
			}
			if (byte == 0x80) {
				if (!we_put_cp(d, b, 0x20ac)) {
					ret = WHATENC_OUTPUT_FULL;
					break;
				}
				continue;
			}
			ret = gb_dec_error(d, b, &byte, 1, NULL, 0);
			if (ret != WHATENC_INPUT_EMPTY)
				break;
			continue;
		}
		byte = b->in[b->in_pos];
		if (third) {
			u8 seq[4] = { first, second, third, byte };
			u32 pointer;

			if (byte < 0x30 || byte > 0x39) {
				/* restore second, third, byte; third leads */
				first = third;
				second = 0;
				third = 0;
				if (d->flags & WHATENC_DEC_FATAL)
					first = 0;
				ret = gb_dec_error(d, b, seq, 1, seq + 1,
						   first ? 1 : 2);
				if (ret != WHATENC_INPUT_EMPTY)
					break;
				continue;
			}
			b->in_pos++;
			pointer = (first - 0x81) * (10 * 126 * 10) +
				  (second - 0x30) * (10 * 126) +
				  (third - 0x81) * 10 + byte - 0x30;
			first = 0;
			second = 0;
			third = 0;
			cp = gb_ranges_cp(pointer);
			if (!cp)
				ret = gb_dec_error(d, b, seq, 4, NULL, 0);
			else if (!we_put_cp(d, b, cp))
				ret = WHATENC_OUTPUT_FULL;
			if (ret != WHATENC_INPUT_EMPTY)
				break;
			continue;
		}
		if (second) {
			u8 seq[2] = { first, second };

			if (byte >= 0x81 && byte <= 0xfe) {
				third = byte;
				b->in_pos++;
				continue;
			}
			/* restore second, byte */
			first = 0;
			second = 0;
			ret = gb_dec_error(d, b, seq, 1, seq + 1, 1);
			if (ret != WHATENC_INPUT_EMPTY)
				break;
			continue;
		}
		if (byte >= 0x30 && byte <= 0x39) {
			second = byte;
			b->in_pos++;
			continue;
		}
		if ((byte >= 0x40 && byte <= 0x7e) ||
		    (byte >= 0x80 && byte <= 0xfe)) {
			/* every pointer of index gb18030 is non-null */
			cp = gb18030_dec[(first - 0x81) * 190 + byte -
					 (byte < 0x7f ? 0x40 : 0x41)];
			first = 0;
			b->in_pos++;
			if (!we_put_cp(d, b, cp)) {
				ret = WHATENC_OUTPUT_FULL;
				break;
			}
			continue;
		}
		{
			u8 seq[2] = { first, byte };

			first = 0;
			/* an ASCII byte is restored: not consumed */
			if (byte >= 0x80)
				b->in_pos++;
			ret = gb_dec_error(d, b, seq, byte < 0x80 ? 1 : 2,
					   NULL, 0);
			if (ret != WHATENC_INPUT_EMPTY)
				break;
		}
	}
	if (ret == WHATENC_INPUT_EMPTY && last && b->in_pos == b->in_size &&
	    first) {
		u8 seq[3] = { first, second, third };

		first = 0;
		second = 0;
		third = 0;
		ret = gb_dec_error(d, b, seq, seq[2] ? 3 : seq[1] ? 2 : 1,
				   NULL, 0);
	}
	d->s.gb18030.first = first;
	d->s.gb18030.second = second;
	d->s.gb18030.third = third;
	return ret;
}

/*
 * Two-byte form of a CJK Unified Ideograph U+4E00..U+9FA5: GB2312's by
 * rank from a table, the others (GBK/3, then GBK/4, in code point order)
 * computed from their rank among them (see scripts/gentables/chinese.py).
 */
static inline u16 gb_enc_ideograph(u32 i)
{
	u32 bits = gb18030_ideo_bits[i >> 5], bit = i & 31, r, t;

	r = we_rank(bits, gb18030_ideo_base[i >> 5], bit);
	if (bits & (1u << bit))
		return gb18030_ideo_code[r];
	r = i - r;
	if (r >= 32 * 190)
		r = (0xaa - 0x81 + (r - 32 * 190) / 96) * 190 +
		    (r - 32 * 190) % 96;
	t = r % 190;
	return ((r / 190 + 0x81) << 8) | (t + (t < 0x3f ? 0x40 : 0x41));
}

/* Two-byte form of @cp (index gb18030 or the encoder's table), or 0. */
static inline u16 gb_enc_lookup(u32 cp)
{
	static const struct we_rank_table bmp = {
		gb18030_enc_page, gb18030_enc_bits, gb18030_enc_base,
		gb18030_enc_code
	};

	if (cp - 0x4e00 < 0x9fa6 - 0x4e00)
		return gb_enc_ideograph(cp - 0x4e00);
	return we_rank_lookup(&bmp, cp);
}

/*
 * Encoder fast path: ASCII runs and complete two- and three-byte UTF-8
 * characters that have a two-byte form, while at least 3 input and 2
 * output bytes remain. Anything else (four-byte UTF-8, malformed input,
 * unmappable code points, U+20AC for GBK) is left to the general path, which
 * handles it and comes back here.
 */
static inline void gb_enc_fast(struct whatenc_buf *b, bool gbk)
{
	const u8 *in = b->in;
	u8 *out = b->out;
	size_t ip = b->in_pos, op = b->out_pos;

	while (b->in_size - ip >= 3 && b->out_size - op >= 2) {
		u8 c0 = in[ip];
		unsigned int len;
		u32 cp;
		u16 code;

		if (c0 < 0x80) {
			size_t n = b->in_size - ip;

			if (n > b->out_size - op)
				n = b->out_size - op;
			n = we_ascii_copy(out + op, in + ip, n);
			ip += n;
			op += n;
			continue;
		}
		len = we_utf8_23(in + ip, &cp);
		if (!len)
			break;
		if (gbk && cp == 0x20ac)
			break;
		code = gb_enc_lookup(cp);
		if (!code)
			break;
		out[op] = code >> 8;
		out[op + 1] = code & 0xff;
		op += 2;
		ip += len;
	}
	b->in_pos = ip;
	b->out_pos = op;
}

/**
 * whatenc_gb18030_encode() - UTF-8 to gb18030 (or GBK) bytes
 * @e:    encoder
 * @b:    buffers
 * @last: end of stream after this input
 *
 * Return: see internal.h.
 */
static enum whatenc_ret whatenc_gb18030_encode(struct whatenc_encoder *e,
					       struct whatenc_buf *b, bool last)
{
	bool gbk = e->enc == WHATENC_GBK;

	for (;;) {
		enum whatenc_ret ret;
		u32 cp, pointer;
		u16 code;
		u8 four[4];

		if (!e->in.needed) {
			gb_enc_fast(b, gbk);
			we_ascii_run(b);
		}
		if (b->out_pos == b->out_size && b->in_pos < b->in_size)
			return WHATENC_OUTPUT_FULL;
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
		if (cp == 0xe5e5)
			goto unmappable;
		if (gbk && cp == 0x20ac) {
			if (!we_put_byte(e, b, 0x80))
				return WHATENC_OUTPUT_FULL;
			continue;
		}
		code = gb_enc_lookup(cp);
		if (code) {
			if (!we_put_byte2(e, b, code >> 8, code & 0xff))
				return WHATENC_OUTPUT_FULL;
			continue;
		}
		if (gbk)
			goto unmappable;
		pointer = gb_ranges_pointer(cp);
		four[0] = pointer / (10 * 126 * 10) + 0x81;
		pointer %= 10 * 126 * 10;
		four[1] = pointer / (10 * 126) + 0x30;
		pointer %= 10 * 126;
		four[2] = pointer / 10 + 0x81;
		four[3] = pointer % 10 + 0x30;
		if (!we_put_bytes(e, b, four, 4))
			return WHATENC_OUTPUT_FULL;
		continue;
unmappable:
		ret = we_unmappable(e, b, cp);
		if (ret != WHATENC_INPUT_EMPTY)
			return ret;
	}
}

const struct we_family we_family_gb18030 = {
	.decode = whatenc_gb18030_decode,
	.encode = whatenc_gb18030_encode,
};
