// SPDX-License-Identifier: GPL-2.0-only
/*
 * big5.c - the Big5 decoder and encoder
 *
 * Encoding Standard sections "Big5 decoder", "Big5 encoder" and "index
 * Big5 pointer". Tables: tables_big5.h (scripts/gentables/chinese.py).
 */
#include "steps.h"
#include "tables_big5.h"

/*
 * Big5 decoder, step 3, in the fast path: the packed UTF-8 character
 * (text.h) of @lead (0x80..0xFF) and @byte when the index Big5 pointer
 * has a BMP code point, else 0 (byte outside 0x40..0x7E, 0xA1..0xFE, a
 * null pointer, a U+2xxxx, the pairs of big5_lookup_cp()). The trail's
 * column comes from a table (the two ranges and their offsets in one
 * load; past every row when it is none); the pointers before
 * BIG5_DEC_FIRST, with leads 0x80 and 0xFF, fall outside the table.
 */
static __always_inline u32 big5_lookup(u8 lead, u8 byte, u32 *astral)
{
	unsigned int i = (lead - 0x81) * 157 + big5_trail[byte] - BIG5_DEC_FIRST;
	u32 w, c;

	if (i >= BIG5_DEC_LEN)
		return 0;
	w = get_unaligned_le32(big5_dec_utf8 + 3 * i);
	c = we_utf8_packed3(w);
	if (c || !astral)
		return c;
	if ((w & 0xff) == 0xf0)
		*astral = 0x20000 | (w >> 8 & 0xffff);
	return 0;
}

/*
 * Big5 decoder, step 3: the code point(s) of @lead and @byte, 0 if byte
 * is outside 0x40..0x7E, 0xA1..0xFE or the pointer is null. Pointers
 * 1133, 1135, 1164 and 1166 (null in the index) are two code points each.
 */
static inline u32 big5_lookup_cp(u8 lead, u8 byte)
{
	u32 astral = 0, w = big5_lookup(lead, byte, &astral);

	if (w)
		return we_utf8_unpack(w);
	if (astral || lead != 0x88)
		return astral;
	switch (byte) {
	case 0x62:	/* pointer 1133 */
		return WE_STEP_PAIR(0x00ca, 0x0304);
	case 0x64:	/* 1135 */
		return WE_STEP_PAIR(0x00ca, 0x030c);
	case 0xa3:	/* 1164 */
		return WE_STEP_PAIR(0x00ea, 0x0304);
	case 0xa5:	/* 1166 */
		return WE_STEP_PAIR(0x00ea, 0x030c);
	}
	return 0;
}

/*
 * Decoder fast path: complete two-byte codes of BMP code points, as packed
 * UTF-8 characters (3 bytes of room); U+2xxxx, pairs and errors are left
 * to the steps.
 */
static __always_inline u32 big5_code(const u8 *p, size_t n, unsigned int *len)
{
	*len = 2;
	return big5_lookup(p[0], p[1], NULL);
}

/* The bytes of the index Big5 pointer for @cp (lead << 8 | trail), or 0. */
static __always_inline u16 big5_enc_lookup(u32 cp)
{
	static const struct we_rank_table bmp = {
		big5_enc_page, big5_enc_bits, big5_enc_base, big5_enc_code
	};

	if (cp < 0x10000)
		return we_rank_lookup(&bmp, cp);
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

static __always_inline u32 big5_step(struct whatenc_decoder *d, u8 byte)
{
	return we_two_byte_step(&d->s.big5.lead, byte, big5_lookup_cp);
}

static void big5_dec_fast(struct whatenc_decoder *d, struct whatenc_buf *b)
{
	we_dec_fast_packed(b, true, 2, big5_code);
}

static __always_inline unsigned int big5_enc_step(struct whatenc_encoder *e,
						  u32 cp, u8 *out)
{
	return we_two_byte_enc_step(cp, out, big5_enc_lookup);
}

/* not inlined, as the other CJK encoders' fast paths */
static noinline void big5_enc_fast(struct whatenc_encoder *e,
				   struct whatenc_buf *b)
{
	we_enc_fast_two_byte(b, big5_enc_lookup);
}

WE_CJK_STEP_FAMILY(big5, big5_step, big5_dec_fast, big5_enc_step,
		   big5_enc_fast, big5_enc_lookup, WE_SHORT_RANK);
