// SPDX-License-Identifier: GPL-2.0-only
/*
 * big5.c - the Big5 decoder and encoder
 *
 * Encoding Standard sections "Big5 decoder", "Big5 encoder" and "index
 * Big5 pointer". Tables: tables_big5.h (scripts/gentables/chinese.py).
 */
#include "steps.h"
#include "tables_big5.h"

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
 * Big5 decoder, step 3: the code point(s) of @lead and @byte, 0 if byte
 * is outside 0x40..0x7E, 0xA1..0xFE or the pointer is null. Pointers
 * 1133, 1135, 1164 and 1166 are two code points each.
 */
static inline u32 big5_lookup(u8 lead, u8 byte)
{
	unsigned int pointer;

	/*
	 * 0x40..0xFE but the gap 0x7F..0xA0: two tests that are almost
	 * always the same way, where "in 0x40..0x7E, else in 0xA1..0xFE"
	 * branches on the side of 0x7F, which prose mispredicts.
	 */
	if ((u8)(byte - 0x40) > 0xfe - 0x40 || (u8)(byte - 0x7f) <= 0xa0 - 0x7f)
		return 0;
	pointer = (lead - 0x81) * 157 + (byte - (byte < 0x7f ? 0x40 : 0x62));
	if (unlikely(lead == 0x88)) {
		switch (pointer) {
		case 1133:
			return WE_STEP_PAIR(0x00ca, 0x0304);
		case 1135:
			return WE_STEP_PAIR(0x00ca, 0x030c);
		case 1164:
			return WE_STEP_PAIR(0x00ea, 0x0304);
		case 1166:
			return WE_STEP_PAIR(0x00ea, 0x030c);
		}
	}
	return big5_index_cp(pointer);
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

WE_TWO_BYTE_FAMILY(big5, big5_lookup, WE_TB_PAIRS, big5_enc_lookup);
