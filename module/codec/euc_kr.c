// SPDX-License-Identifier: GPL-2.0-only
/*
 * euc_kr.c - the EUC-KR decoder and encoder (windows-949: KS X 1001 and
 * the Unified Hangul Code)
 *
 * Encoding Standard sections "EUC-KR decoder" and "EUC-KR encoder".
 * Tables: tables_euc_kr.h (scripts/gentables/korean.py).
 */
#include "internal.h"
#include "tables_euc_kr.h"

/* Population count without compiler builtins (no libgcc in the kernel). */
static inline unsigned int euc_kr_popcount32(u32 x)
{
	x = x - ((x >> 1) & 0x55555555u);
	x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
	x = (x + (x >> 4)) & 0x0f0f0f0fu;
	return (x * 0x01010101u) >> 24;
}

/* Decoder error: U+FFFD or a fatal report of @n bytes. */
static enum whatenc_ret euc_kr_dec_error(struct whatenc_decoder *d,
					 struct whatenc_buf *b,
					 const u8 *bytes, unsigned int n)
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

/* The index code point for @lead, @byte (0x41..0xFE) in index EUC-KR. */
static inline u32 euc_kr_index_cp(u8 lead, u8 byte)
{
	if (lead < 0xc7)
		return euc_kr_dec[(lead - 0x81) * 190 + byte - 0x41];
	if (byte < 0xa1)
		return 0;
	return euc_kr_dec_hi[(lead - 0xc7) * 94 + byte - 0xa1];
}

/*
 * Decoder fast path: ASCII runs and complete two-byte sequences with a
 * code point, while at least 2 input and 4 output bytes remain and no
 * lead is held. Anything else is left to the general path.
 */
static inline void euc_kr_dec_fast(struct whatenc_buf *b)
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
		if (c0 == 0x80 || c0 == 0xff || c1 < 0x41 || c1 == 0xff)
			break;
		cp = euc_kr_index_cp(c0, c1);
		if (!cp)
			break;
		op += we_utf8_write(out + op, cp);
		ip += 2;
	}
	b->in_pos = ip;
	b->out_pos = op;
}

/**
 * whatenc_euc_kr_decode() - EUC-KR bytes to UTF-8
 * @d:    decoder
 * @b:    buffers
 * @last: end of stream after this input
 *
 * Return: see internal.h.
 */
enum whatenc_ret whatenc_euc_kr_decode(struct whatenc_decoder *d,
				       struct whatenc_buf *b, bool last)
{
	u8 lead = d->s.euc_kr.lead;
	enum whatenc_ret ret = WHATENC_INPUT_EMPTY;

	while (b->in_pos < b->in_size) {
		u8 byte;
		u32 cp;

		if (!lead) {
			euc_kr_dec_fast(b);
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
			ret = euc_kr_dec_error(d, b, &byte, 1);
			if (ret != WHATENC_INPUT_EMPTY)
				break;
			continue;
		}
		byte = b->in[b->in_pos];
		cp = 0;
		if (byte >= 0x41 && byte <= 0xfe)
			cp = euc_kr_index_cp(lead, byte);
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
			ret = euc_kr_dec_error(d, b, seq, byte < 0x80 ? 1 : 2);
			if (ret != WHATENC_INPUT_EMPTY)
				break;
		}
	}
	if (ret == WHATENC_INPUT_EMPTY && last && b->in_pos == b->in_size &&
	    lead) {
		u8 seq = lead;

		lead = 0;
		ret = euc_kr_dec_error(d, b, &seq, 1);
	}
	d->s.euc_kr.lead = lead;
	return ret;
}

/*
 * The bytes of Hangul syllable U+AC00 + @i: KS X 1001's in rows 0xB0..
 * by rank, the others (Unified Hangul Code) from their rank among them
 * (see scripts/gentables/korean.py).
 */
static inline u16 euc_kr_enc_hangul(u32 i)
{
	u32 bits = euc_kr_hangul_bits[i >> 5], bit = i & 31, r, lead, t;

	r = euc_kr_hangul_base[i >> 5] +
	    euc_kr_popcount32(bits & ((1u << bit) - 1));
	if (bits & (1u << bit))
		return ((0xb0 + r / 94) << 8) | (0xa1 + r % 94);
	r = i - r;
	if (r < 32 * 178) {
		lead = 0x81 + r / 178;
		t = r % 178;
	} else {
		r -= 32 * 178;
		lead = 0xa1 + r / 84;
		t = r % 84;
	}
	return (lead << 8) | (t < 26 ? 0x41 + t : t < 52 ? 0x61 + t - 26 :
				       0x81 + t - 52);
}

/* The bytes of the index pointer for @cp (lead << 8 | trail), or 0. */
static inline u16 euc_kr_enc_lookup(u32 cp)
{
	u32 bits, bit, blk;

	if (cp - 0xac00 < 11172)
		return euc_kr_enc_hangul(cp - 0xac00);
	if (cp >= 0x10000 || euc_kr_enc_page[cp >> 10] == 0xff)
		return 0;
	blk = euc_kr_enc_page[cp >> 10] * 32 + ((cp >> 5) & 31);
	bits = euc_kr_enc_bits[blk];
	bit = cp & 31;
	if (!(bits & (1u << bit)))
		return 0;
	return euc_kr_enc_code[euc_kr_enc_base[blk] +
			       euc_kr_popcount32(bits & ((1u << bit) - 1))];
}

/**
 * whatenc_euc_kr_encode() - UTF-8 to EUC-KR bytes
 * @e:    encoder
 * @b:    buffers
 * @last: end of stream after this input
 *
 * Return: see internal.h.
 */
enum whatenc_ret whatenc_euc_kr_encode(struct whatenc_encoder *e,
				       struct whatenc_buf *b, bool last)
{
	return we_encode_two_byte(e, b, last, euc_kr_enc_lookup);
}
