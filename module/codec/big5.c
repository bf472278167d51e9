// SPDX-License-Identifier: GPL-2.0-only
/*
 * big5.c - the Big5 decoder and encoder
 *
 * Encoding Standard sections "Big5 decoder", "Big5 encoder" and "index
 * Big5 pointer". Tables: tables_big5.h (scripts/gentables/chinese.py).
 */
#include "internal.h"
#include "tables_big5.h"

/* Population count without compiler builtins (no libgcc in the kernel). */
static inline unsigned int big5_popcount32(u32 x)
{
	x = x - ((x >> 1) & 0x55555555u);
	x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
	x = (x + (x >> 4)) & 0x0f0f0f0fu;
	return (x * 0x01010101u) >> 24;
}

/* Decoder error: U+FFFD or a fatal report of @n bytes. */
static enum whatenc_ret big5_dec_error(struct whatenc_decoder *d,
				       struct whatenc_buf *b, const u8 *bytes,
				       unsigned int n)
{
	if (d->flags & WHATENC_DEC_FATAL) {
		d->err.cp = 0;
		d->err.len = n;
		memcpy(d->err.bytes, bytes, n);
		return WHATENC_MALFORMED;
	}
	return we_put_cp(d, b, WE_FFFD) ? WHATENC_INPUT_EMPTY :
					  WHATENC_OUTPUT_FULL;
}

/* The index code point for @pointer in index Big5, or 0 for null. */
static inline u32 big5_index_cp(unsigned int pointer)
{
	unsigned int i = pointer - BIG5_DEC_FIRST;

	if (pointer < BIG5_DEC_FIRST || i >= ARRAY_SIZE(big5_dec))
		return 0;
	if (big5_dec_astral[i >> 5] & (1u << (i & 31)))
		return 0x20000 | big5_dec[i];
	return big5_dec[i];
}

/*
 * Decoder fast path: ASCII runs and complete two-byte sequences with a
 * code point, while at least 2 input and 4 output bytes remain and no
 * lead is held. Anything else is left to the general path.
 */
static inline void big5_dec_fast(struct whatenc_buf *b)
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
		if (c0 == 0x80 || c0 == 0xff || c1 < 0x40 ||
		    (c1 > 0x7e && c1 < 0xa1) || c1 == 0xff || c0 == 0x88)
			break;
		cp = big5_index_cp((c0 - 0x81) * 157 +
				   (c1 - (c1 < 0x7f ? 0x40 : 0x62)));
		if (!cp)
			break;
		op += we_utf8_write(out + op, cp);
		ip += 2;
	}
	b->in_pos = ip;
	b->out_pos = op;
}

/**
 * whatenc_big5_decode() - Big5 bytes to UTF-8
 * @d:    decoder
 * @b:    buffers
 * @last: end of stream after this input
 *
 * Return: see internal.h.
 */
enum whatenc_ret whatenc_big5_decode(struct whatenc_decoder *d,
				     struct whatenc_buf *b, bool last)
{
	/* pointers 1133, 1135, 1164, 1166: two code points each, as UTF-8 */
	static const u8 pairs[4][4] = {
		{ 0xc3, 0x8a, 0xcc, 0x84 },	/* U+00CA U+0304 */
		{ 0xc3, 0x8a, 0xcc, 0x8c },	/* U+00CA U+030C */
		{ 0xc3, 0xaa, 0xcc, 0x84 },	/* U+00EA U+0304 */
		{ 0xc3, 0xaa, 0xcc, 0x8c },	/* U+00EA U+030C */
	};
	u8 lead = d->s.big5.lead;
	enum whatenc_ret ret = WHATENC_INPUT_EMPTY;

	while (b->in_pos < b->in_size) {
		unsigned int pointer;
		u8 byte;
		u32 cp;

		if (!lead) {
			big5_dec_fast(b);
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
				lead = byte;
				continue;
			}
			ret = big5_dec_error(d, b, &byte, 1);
			if (ret != WHATENC_INPUT_EMPTY)
				break;
			continue;
		}
		byte = b->in[b->in_pos];
		cp = 0;
		if ((byte >= 0x40 && byte <= 0x7e) ||
		    (byte >= 0xa1 && byte <= 0xfe)) {
			pointer = (lead - 0x81) * 157 +
				  (byte - (byte < 0x7f ? 0x40 : 0x62));
			if (unlikely(lead == 0x88) &&
			    (pointer == 1133 || pointer == 1135 ||
			     pointer == 1164 || pointer == 1166)) {
				unsigned int k = pointer == 1133 ? 0 :
						 pointer == 1135 ? 1 :
						 pointer == 1164 ? 2 : 3;

				lead = 0;
				b->in_pos++;
				if (!we_put_unit(b, d->pend, &d->pend_len,
						 pairs[k], 4)) {
					ret = WHATENC_OUTPUT_FULL;
					break;
				}
				continue;
			}
			cp = big5_index_cp(pointer);
		}
		if (cp) {
			lead = 0;
			b->in_pos++;
			if (!we_put_cp(d, b, cp)) {
				ret = WHATENC_OUTPUT_FULL;
				break;
			}
			continue;
		}
		{
			u8 seq[2] = { lead, byte };

			lead = 0;
			/* an ASCII byte is restored: not consumed */
			if (byte >= 0x80)
				b->in_pos++;
			ret = big5_dec_error(d, b, seq, byte < 0x80 ? 1 : 2);
			if (ret != WHATENC_INPUT_EMPTY)
				break;
		}
	}
	if (ret == WHATENC_INPUT_EMPTY && last && b->in_pos == b->in_size &&
	    lead) {
		u8 seq = lead;

		lead = 0;
		ret = big5_dec_error(d, b, &seq, 1);
	}
	d->s.big5.lead = lead;
	return ret;
}

/* The bytes of the index Big5 pointer for @cp (lead << 8 | trail), or 0. */
static inline u16 big5_enc_lookup(u32 cp)
{
	u32 bits, bit, blk;

	if (cp < 0x10000) {
		if (big5_enc_page[cp >> 10] == 0xff)
			return 0;
		blk = big5_enc_page[cp >> 10] * 32 + ((cp >> 5) & 31);
		bits = big5_enc_bits[blk];
		bit = cp & 31;
		if (!(bits & (1u << bit)))
			return 0;
		return big5_enc_code[big5_enc_base[blk] +
				     big5_popcount32(bits & ((1u << bit) - 1))];
	}
	if (cp >> 16 == 2) {
		unsigned int lo = 0, hi = BIG5_NR_SIP;
		u16 key = cp & 0xffff;

		while (lo < hi) {
			unsigned int mid = (lo + hi) / 2;

			if (big5_sip_cp[mid] < key)
				lo = mid + 1;
			else
				hi = mid;
		}
		if (lo < BIG5_NR_SIP && big5_sip_cp[lo] == key)
			return big5_sip_code[lo];
	}
	return 0;
}

/**
 * whatenc_big5_encode() - UTF-8 to Big5 bytes
 * @e:    encoder
 * @b:    buffers
 * @last: end of stream after this input
 *
 * Return: see internal.h.
 */
enum whatenc_ret whatenc_big5_encode(struct whatenc_encoder *e,
				     struct whatenc_buf *b, bool last)
{
	return we_encode_two_byte(e, b, last, big5_enc_lookup);
}
