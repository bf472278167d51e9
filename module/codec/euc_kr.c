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

/*
 * EUC-KR decoder, step 3: the index EUC-KR code point of @lead and
 * @byte, 0 if byte is outside 0x41..0xFE or the pointer is null.
 */
static inline u32 euc_kr_lookup(u8 lead, u8 byte)
{
	if (byte < 0x41 || byte == 0xff)
		return 0;
	if (lead < 0xc7)
		return euc_kr_dec[(lead - 0x81) * 190 + byte - 0x41];
	if (byte < 0xa1)
		return 0;
	return euc_kr_dec_hi[(lead - 0xc7) * 94 + byte - 0xa1];
}

static __always_inline u32 euc_kr_step(struct whatenc_decoder *d, u8 byte)
{
	return we_two_byte_step(&d->s.euc_kr.lead, byte, euc_kr_lookup);
}

static void euc_kr_fast(struct whatenc_buf *b)
{
	we_dec_fast_two_byte(b, euc_kr_lookup);
}

static enum whatenc_ret euc_kr_decode(struct whatenc_decoder *d,
				      struct whatenc_buf *b, bool last)
{
	return we_decode_steps(d, b, last, euc_kr_step, euc_kr_fast);
}

/*
 * The bytes of Hangul syllable U+AC00 + @i: KS X 1001's in rows 0xB0..
 * by rank, the others (Unified Hangul Code) from their rank among them
 * (see scripts/gentables/korean.py).
 */
static inline u16 euc_kr_enc_hangul(u32 i)
{
	u32 bits = euc_kr_hangul_bits[i >> 5], bit = i & 31, r, lead, t;

	r = we_rank(bits, euc_kr_hangul_base[i >> 5], bit);
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
	static const struct we_rank_table bmp = {
		euc_kr_enc_page, euc_kr_enc_bits, euc_kr_enc_base,
		euc_kr_enc_code
	};

	if (cp - 0xac00 < 11172)
		return euc_kr_enc_hangul(cp - 0xac00);
	return we_rank_lookup(&bmp, cp);
}

/**
 * whatenc_euc_kr_encode() - UTF-8 to EUC-KR bytes
 * @e:    encoder
 * @b:    buffers
 * @last: end of stream after this input
 *
 * Return: see internal.h.
 */
static enum whatenc_ret whatenc_euc_kr_encode(struct whatenc_encoder *e,
					      struct whatenc_buf *b, bool last)
{
	return we_encode_two_byte(e, b, last, euc_kr_enc_lookup);
}

const struct we_family we_family_euc_kr = {
	.decode = euc_kr_decode,
	.encode = whatenc_euc_kr_encode,
};
