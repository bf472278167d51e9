/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * jis.h - index jis0208, index jis0212 and index ISO-2022-JP katakana,
 * shared by the EUC-JP, ISO-2022-JP and Shift_JIS families (the tables
 * live in jis0208.c, generated into tables_jis.h by scripts/gen-tables).
 *
 * Decoding: whatenc_jis0212_dec[pointer] is the index code point, 0 for
 * null (U+0000 is in neither index); whatenc_jis0208_utf8[pointer] the
 * index code point's UTF-8, packed (text.h), 0 for null: the decoders'
 * fast paths store it as it is (one load and one store a character, where
 * the code point took a range test and 9 instructions to become UTF-8).
 * whatenc_jis0208_utf8 runs on to the end of Shift_JIS's pointers (60
 * leads x 188 trails) with the Shift_JIS decoder's EUDC code points at
 * pointers 8836..10715, null in index jis0208: EUC-JP's and
 * ISO-2022-JP's pointers (row and column below 94) stay below 8836, so
 * they see the index, and Shift_JIS reads the table without a range
 * test. whatenc_sjis_trail[] is a Shift_JIS trail byte's column (its two
 * ranges and the hole at 0x7F in one load).
 *
 * Encoding: we_jis0208_pointer() is the Encoding Standard's "index
 * pointer" in index jis0208 (the FIRST pointer of a code point), a
 * constant-time lookup in a rank table (we_rank()): per block of 32 code
 * points, a bit map of the code points that have a pointer and the number
 * of such code points before the block; the pointers follow in code point
 * order (27 KB for all 7326 code points). we_sjis_code() gives the Shift_JIS
 * encoder's output for a code point from U+0080, the bytes of the "index
 * Shift_JIS pointer" (the pointers 8272..8835 left out) and the encoder's
 * single bytes and U+2212, straight from a two-level page table (48 KB):
 * the Shift_JIS encoder's hot path, measured faster than rank + popcount
 * + division (issue 8, in docs/performance.md as of 83c2acf).
 */
#ifndef WHATENC_JIS_H
#define WHATENC_JIS_H

#include "family.h"

#define WE_JIS0208_DEC_LEN	11280
#define WE_JIS0212_DEC_LEN	7211
#define WE_JIS0208_ENC_PTRS	7326
#define WE_SJIS_EXCL_LO		8272
#define WE_SJIS_EXCL_HI		8835
#define WE_SJIS_ENC_PAGES	362

#define WE_SJIS_DEC_LEN		(60 * 188)
#define WE_SJIS_NO_TRAIL	0xff

extern const u32 whatenc_jis0208_utf8[WE_JIS0208_DEC_LEN];
extern const u8 whatenc_sjis_trail[256];
extern const u16 whatenc_jis0212_dec[WE_JIS0212_DEC_LEN];
extern const u32 whatenc_jis0208_enc_bits[2048];
extern const u16 whatenc_jis0208_enc_base[2048];
extern const u16 whatenc_jis0208_enc_ptr[WE_JIS0208_ENC_PTRS];
extern const u16 whatenc_sjis_enc_pidx[1024];
extern const u16 whatenc_sjis_enc_page[WE_SJIS_ENC_PAGES * 64];
extern const u16 whatenc_iso2022jp_katakana[63];

/*
 * index jis0208's packed UTF-8 character for @row and @col (both below
 * 94: the pointer @row * 94 + @col is below 8836), 0 for null
 */
static inline u32 we_jis0208_utf8(unsigned int row, unsigned int col)
{
	return whatenc_jis0208_utf8[(size_t)row * 94 + col];
}

/* index jis0208 code point for @row and @col, both below 94; 0 for null */
static inline u32 we_jis0208_cp(unsigned int row, unsigned int col)
{
	return we_utf8_unpack(we_jis0208_utf8(row, col));
}

/* index jis0212 code point for @pointer, 0 for null */
static inline u32 we_jis0212_cp(unsigned int pointer)
{
	return pointer < WE_JIS0212_DEC_LEN ? whatenc_jis0212_dec[pointer] : 0;
}

/* index pointer for @cp in index jis0208, or -1 for null */
static inline int we_jis0208_pointer(u32 cp)
{
	unsigned int blk = cp >> 5, bit = cp & 31;
	u32 bits;

	if (cp > 0xffff)
		return -1;
	bits = whatenc_jis0208_enc_bits[blk];
	if (!((bits >> bit) & 1))
		return -1;
	return whatenc_jis0208_enc_ptr[we_rank(bits,
					       whatenc_jis0208_enc_base[blk],
					       bit)];
}

/*
 * The Shift_JIS encoder's output for @cp (not ASCII), or 0 for an error
 * (Encoding Standard, "Shift_JIS encoder", steps 2-9): one byte, below
 * 0x100 (U+0080, U+00A5, U+203E, the half-width katakana), or the bytes
 * (lead << 8 | trail) of the index Shift_JIS pointer, U+2212 as U+FF0D's;
 * a two-level page table (pages of 64 code points; the first level
 * holds the page's first entry, page * 64).
 */
static inline unsigned int we_sjis_code(u32 cp)
{
	if (cp > 0xffff)
		return 0;
	return whatenc_sjis_enc_page[whatenc_sjis_enc_pidx[cp >> 6] + (cp & 63)];
}

/*
 * Of a Shift_JIS trail byte @b (0x40..0x7E, 0x80..0xFC: column t =
 * 0..187 of a row pair), the EUC-JP trail byte (0xA1 + t % 94) and, in
 * bit 8, which row of the pair (t / 94); 0 for the other bytes (never
 * read). WE_SJIS_EJ256: the 256 of them, as the initializer of an
 * array [4][4][4][4] (we_sjis_ej() reads it as one of 256).
 */
#define WE_SJIS_COL(b)	((b) - 0x40 - ((b) > 0x7f))
#define WE_SJIS_EJ(b)	((b) < 0x40 || (b) == 0x7f || (b) > 0xfc ? 0 :	\
			 WE_SJIS_COL(b) >= 94 ?				\
			 0x100 | (0xa1 + WE_SJIS_COL(b) - 94) :		\
			 0xa1 + WE_SJIS_COL(b))
#define WE_SJIS_EJ4(b)	{ WE_SJIS_EJ(b), WE_SJIS_EJ((b) + 1),		\
			  WE_SJIS_EJ((b) + 2), WE_SJIS_EJ((b) + 3) }
#define WE_SJIS_EJ16(b)	{ WE_SJIS_EJ4(b), WE_SJIS_EJ4((b) + 4),		\
			  WE_SJIS_EJ4((b) + 8), WE_SJIS_EJ4((b) + 12) }
#define WE_SJIS_EJ64(b)	{ WE_SJIS_EJ16(b), WE_SJIS_EJ16((b) + 16),	\
			  WE_SJIS_EJ16((b) + 32), WE_SJIS_EJ16((b) + 48) }
#define WE_SJIS_EJ256	{ WE_SJIS_EJ64(0), WE_SJIS_EJ64(64),		\
			  WE_SJIS_EJ64(128), WE_SJIS_EJ64(192) }

/* WE_SJIS_EJ(@b), from the table (read as one array of 256) */
static inline unsigned int we_sjis_ej(u8 b)
{
	static const union {
		u16 nested[4][4][4][4];
		u16 flat[256];
	} ej = { .nested = WE_SJIS_EJ256 };

	return ej.flat[b];
}

/*
 * EUC-JP bytes (lead << 8 | trail) for the Shift_JIS bytes @code of
 * we_sjis_code(), if their pointer is below 8272 (Shift_JIS lead below
 * 0xED), or 0 (also for one byte: no row). Such an index Shift_JIS
 * pointer is also the code point's index jis0208 pointer: the first
 * pointer outside 8272..8835, below 8272, is the first pointer. So the
 * EUC-JP encoder reads the Shift_JIS table and turns the pointer's row
 * pair and column (0..187) into its row (pointer / 94) and column
 * (pointer % 94) without a division: the column's part from a table of
 * the trail bytes (WE_SJIS_EJ(); the arithmetic was 10 instructions
 * more a character, make bench-names-fixed, docs/performance.md).
 */
static inline unsigned int we_sjis_to_euc_jp(unsigned int code)
{
	unsigned int row = (u8)(((code >> 8) ^ 0x20) - 0xa1);

	if (row >= 8272 / 188)
		return 0;
	return ((0xa1 + 2 * row) << 8) + we_sjis_ej(code & 0xff);
}

/*
 * Encoders' fast path: the code point of a well-formed 3-byte UTF-8
 * sequence at @p (U+0800..U+FFFF but surrogates), or 0; 4 bytes must be
 * readable (one load).
 */
static inline u32 we_utf8_3(const u8 *p)
{
	u32 cp;

	return we_utf8_23w(p, get_unaligned_le32(p), &cp) == 3 ? cp : 0;
}

#endif /* WHATENC_JIS_H */
