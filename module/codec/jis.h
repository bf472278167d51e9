/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * jis.h - index jis0208, index jis0212 and index ISO-2022-JP katakana,
 * shared by the EUC-JP, ISO-2022-JP and Shift_JIS families (the tables
 * live in jis0208.c, generated into tables_jis.h by scripts/gen-tables).
 *
 * Decoding: whatenc_jis0208_dec[pointer] / whatenc_jis0212_dec[pointer]
 * is the index code point, 0 for null (U+0000 is in neither index).
 *
 * Encoding: we_jis0208_pointer() is the Encoding Standard's "index
 * pointer" in index jis0208 (the FIRST pointer of a code point), a
 * constant-time lookup in a rank table: per block of 64 code points, a
 * bit map of the code points that have a pointer and the number of such
 * code points before the block; the pointers follow in code point order
 * (25 KB for all 7326 code points). we_sjis_code() gives the Shift_JIS
 * bytes of the "index Shift_JIS pointer" (the pointers 8272..8835 left
 * out) straight from a two-level page table (48 KB): the Shift_JIS
 * encoder's hot path, measured faster than rank + popcount + division
 * (docs/performance.md).
 */
#ifndef WHATENC_JIS_H
#define WHATENC_JIS_H

#include "internal.h"

#define WE_JIS0208_DEC_LEN	11104
#define WE_JIS0212_DEC_LEN	7211
#define WE_JIS0208_ENC_PTRS	7326
#define WE_SJIS_EXCL_LO		8272
#define WE_SJIS_EXCL_HI		8835
#define WE_SJIS_ENC_PAGES	361

extern const u16 whatenc_jis0208_dec[WE_JIS0208_DEC_LEN];
extern const u16 whatenc_jis0212_dec[WE_JIS0212_DEC_LEN];
extern const u64 whatenc_jis0208_enc_bits[1024];
extern const u16 whatenc_jis0208_enc_base[1024];
extern const u16 whatenc_jis0208_enc_ptr[WE_JIS0208_ENC_PTRS];
extern const u16 whatenc_sjis_enc_pidx[1024];
extern const u16 whatenc_sjis_enc_page[WE_SJIS_ENC_PAGES][64];
extern const u16 whatenc_iso2022jp_katakana[63];

/* index jis0208 code point for @pointer, 0 for null */
static inline u32 we_jis0208_cp(unsigned int pointer)
{
	return pointer < WE_JIS0208_DEC_LEN ? whatenc_jis0208_dec[pointer] : 0;
}

/* index jis0212 code point for @pointer, 0 for null */
static inline u32 we_jis0212_cp(unsigned int pointer)
{
	return pointer < WE_JIS0212_DEC_LEN ? whatenc_jis0212_dec[pointer] : 0;
}

/* Bits set in @x (portable: no libgcc helper in the kernel). */
static inline unsigned int we_popcount64(u64 x)
{
	x = x - ((x >> 1) & 0x5555555555555555ull);
	x = (x & 0x3333333333333333ull) + ((x >> 2) & 0x3333333333333333ull);
	x = (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0full;
	return (unsigned int)((x * 0x0101010101010101ull) >> 56);
}

/* index pointer for @cp in index jis0208, or -1 for null */
static inline int we_jis0208_pointer(u32 cp)
{
	unsigned int blk = cp >> 6, bit = cp & 63;
	u64 bits;

	if (cp > 0xffff)
		return -1;
	bits = whatenc_jis0208_enc_bits[blk];
	if (!((bits >> bit) & 1))
		return -1;
	return whatenc_jis0208_enc_ptr[whatenc_jis0208_enc_base[blk] +
				       we_popcount64(bits & ((1ull << bit) - 1))];
}

/*
 * Shift_JIS bytes (lead << 8 | trail) of the index Shift_JIS pointer for
 * @cp, or 0 for null: a two-level page table (pages of 64 code points).
 */
static inline unsigned int we_sjis_code(u32 cp)
{
	if (cp > 0xffff)
		return 0;
	return whatenc_sjis_enc_page[whatenc_sjis_enc_pidx[cp >> 6]][cp & 63];
}

/*
 * Encoders' fast path: the code point of a well-formed 3-byte UTF-8
 * sequence at @p (U+0800..U+FFFF but surrogates), or 0.
 */
static inline u32 we_utf8_3(const u8 *p)
{
	u32 cp;

	return we_utf8_23(p, &cp) == 3 ? cp : 0;
}

#endif /* WHATENC_JIS_H */
