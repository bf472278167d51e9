// SPDX-License-Identifier: GPL-2.0-only
/*
 * encodings.c - the encodings' table: one row per encoding, in the order
 * of enum whatenc_encoding. A new encoding is its family and one row here
 * (its names and labels come from encodings.json through
 * scripts/gen-tables).
 */
#include "internal.h"

/*
 * ROW(family, output encoding, own BOM, encoder's worst-case bytes per
 * input byte in fatal mode, in html mode): html mode can turn one byte
 * into "&#65533;" (8); gb18030 writes U+0080..U+07FF (2 bytes in) as 4
 * bytes; ISO-2022-JP adds up to 3 bytes of escape sequence per byte;
 * UTF-16BE/LE with WHATENC_ENC_UTF16 write 2 bytes per byte.
 */
#define ROW(fam, out, bom, per, per_html) {				\
	.family = &we_family_##fam, .output = out, .own_bom = bom,	\
	.enc_per_byte = per, .enc_per_byte_html = per_html }
#define SB(enc)	ROW(sb, enc, 0, 1, 8)

const struct we_encoding we_encodings[WHATENC_NR_ENCODINGS] = {
	[WHATENC_UTF_8]		= ROW(utf8, WHATENC_UTF_8, 1, 1, 8),
	[WHATENC_IBM866]	= SB(WHATENC_IBM866),
	[WHATENC_ISO_8859_2]	= SB(WHATENC_ISO_8859_2),
	[WHATENC_ISO_8859_3]	= SB(WHATENC_ISO_8859_3),
	[WHATENC_ISO_8859_4]	= SB(WHATENC_ISO_8859_4),
	[WHATENC_ISO_8859_5]	= SB(WHATENC_ISO_8859_5),
	[WHATENC_ISO_8859_6]	= SB(WHATENC_ISO_8859_6),
	[WHATENC_ISO_8859_7]	= SB(WHATENC_ISO_8859_7),
	[WHATENC_ISO_8859_8]	= SB(WHATENC_ISO_8859_8),
	[WHATENC_ISO_8859_8_I]	= SB(WHATENC_ISO_8859_8_I),
	[WHATENC_ISO_8859_10]	= SB(WHATENC_ISO_8859_10),
	[WHATENC_ISO_8859_13]	= SB(WHATENC_ISO_8859_13),
	[WHATENC_ISO_8859_14]	= SB(WHATENC_ISO_8859_14),
	[WHATENC_ISO_8859_15]	= SB(WHATENC_ISO_8859_15),
	[WHATENC_ISO_8859_16]	= SB(WHATENC_ISO_8859_16),
	[WHATENC_KOI8_R]	= SB(WHATENC_KOI8_R),
	[WHATENC_KOI8_U]	= SB(WHATENC_KOI8_U),
	[WHATENC_MACINTOSH]	= SB(WHATENC_MACINTOSH),
	[WHATENC_WINDOWS_874]	= SB(WHATENC_WINDOWS_874),
	[WHATENC_WINDOWS_1250]	= SB(WHATENC_WINDOWS_1250),
	[WHATENC_WINDOWS_1251]	= SB(WHATENC_WINDOWS_1251),
	[WHATENC_WINDOWS_1252]	= SB(WHATENC_WINDOWS_1252),
	[WHATENC_WINDOWS_1253]	= SB(WHATENC_WINDOWS_1253),
	[WHATENC_WINDOWS_1254]	= SB(WHATENC_WINDOWS_1254),
	[WHATENC_WINDOWS_1255]	= SB(WHATENC_WINDOWS_1255),
	[WHATENC_WINDOWS_1256]	= SB(WHATENC_WINDOWS_1256),
	[WHATENC_WINDOWS_1257]	= SB(WHATENC_WINDOWS_1257),
	[WHATENC_WINDOWS_1258]	= SB(WHATENC_WINDOWS_1258),
	[WHATENC_X_MAC_CYRILLIC]	= SB(WHATENC_X_MAC_CYRILLIC),
	[WHATENC_GBK]		= ROW(gb18030, WHATENC_GBK, 0, 1, 8),
	[WHATENC_GB18030]	= ROW(gb18030, WHATENC_GB18030, 0, 2, 8),
	[WHATENC_BIG5]		= ROW(big5, WHATENC_BIG5, 0, 1, 8),
	[WHATENC_EUC_JP]	= ROW(euc_jp, WHATENC_EUC_JP, 0, 1, 8),
	[WHATENC_ISO_2022_JP]	= ROW(iso_2022_jp, WHATENC_ISO_2022_JP, 0, 4, 11),
	[WHATENC_SHIFT_JIS]	= ROW(shift_jis, WHATENC_SHIFT_JIS, 0, 1, 8),
	[WHATENC_EUC_KR]	= ROW(euc_kr, WHATENC_EUC_KR, 0, 1, 8),
	[WHATENC_REPLACEMENT]	= ROW(replacement, WHATENC_UTF_8, 0, 1, 8),
	[WHATENC_UTF_16BE]	= ROW(utf16, WHATENC_UTF_8, 1, 2, 8),
	[WHATENC_UTF_16LE]	= ROW(utf16, WHATENC_UTF_8, 1, 2, 8),
	[WHATENC_X_USER_DEFINED] = ROW(xud, WHATENC_X_USER_DEFINED, 0, 1, 8),
};
