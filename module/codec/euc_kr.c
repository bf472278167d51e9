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
 * EUC-KR decoder, step 3: the index EUC-KR code point of pointer
 * (@lead - 0x81) * 190 + (@byte - 0x41), 0 if byte is outside 0x41..0xFE
 * or the pointer is null (the table has all 126 leads' rows: no branch
 * on the lead).
 */
static inline u32 euc_kr_lookup(u8 lead, u8 byte)
{
	if ((u8)(byte - 0x41) >= 0xff - 0x41)
		return 0;
	return euc_kr_dec[(lead - 0x81) * 190 + byte - 0x41];
}

/* The bytes of the index pointer for @cp (lead << 8 | trail), or 0. */
static __always_inline u16 euc_kr_enc_lookup(u32 cp)
{
	static const struct we_rank_table bmp = {
		euc_kr_enc_page, euc_kr_enc_bits, euc_kr_enc_base,
		euc_kr_enc_code
	};

	if (cp - 0xac00 < 11172)
		return euc_kr_hangul_enc[cp - 0xac00];
	return we_rank_lookup(&bmp, cp);
}

WE_TWO_BYTE_FAMILY(euc_kr, euc_kr_lookup, false, euc_kr_enc_lookup);
