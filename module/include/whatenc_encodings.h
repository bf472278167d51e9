/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * whatenc_encodings.h - the encodings, one line each
 *
 * The 40 encodings in the order of the Encoding Standard's encodings.json.
 * A line's place is its value of enum whatenc_encoding (whatenc.h), which
 * never changes: a new encoding is appended. The same line is the
 * encoding's row of the encodings' table (codec/encodings.c), and
 * scripts/gen-tables reads the list (the order of the names and labels,
 * the single-byte encodings' tables).
 *
 * A list to expand, not a header: whoever includes it defines
 * WHATENC_ENCODING(), WHATENC_SB() and WHATENC_SB_AS() first (and
 * undefines them after).
 *
 * WHATENC_ENCODING(id, family, output encoding, own BOM, encoder's
 *   worst-case bytes out per input byte in fatal mode, in html mode):
 *   - family: the codec/ family (we_family_<family>);
 *   - output encoding: the spec's "get an output encoding";
 *   - own BOM: UTF-8 and UTF-16BE/LE have one, which WHATENC_BOM_STRIP
 *     strips;
 *   - bytes per byte: html mode can turn one byte into "&#65533;" (8);
 *     gb18030 writes U+0080..U+07FF (2 bytes in) as 4 bytes; ISO-2022-JP
 *     adds up to 3 bytes of escape sequence per byte; UTF-16BE/LE with
 *     WHATENC_ENC_UTF16 write 2 bytes per byte.
 * WHATENC_SB(id): a legacy single-byte encoding: family sb, its own output
 *   encoding, no BOM, 1 and 8; its index is index-<name>.txt.
 * WHATENC_SB_AS(id, index id): the same, with the index of the encoding
 *   of the other id (ISO-8859-8-I uses ISO-8859-8's): no tables of its own.
 */
WHATENC_ENCODING(UTF_8, utf8, UTF_8, 1, 1, 8)
WHATENC_SB(IBM866)
WHATENC_SB(ISO_8859_2)
WHATENC_SB(ISO_8859_3)
WHATENC_SB(ISO_8859_4)
WHATENC_SB(ISO_8859_5)
WHATENC_SB(ISO_8859_6)
WHATENC_SB(ISO_8859_7)
WHATENC_SB(ISO_8859_8)
WHATENC_SB_AS(ISO_8859_8_I, ISO_8859_8)
WHATENC_SB(ISO_8859_10)
WHATENC_SB(ISO_8859_13)
WHATENC_SB(ISO_8859_14)
WHATENC_SB(ISO_8859_15)
WHATENC_SB(ISO_8859_16)
WHATENC_SB(KOI8_R)
WHATENC_SB(KOI8_U)
WHATENC_SB(MACINTOSH)
WHATENC_SB(WINDOWS_874)
WHATENC_SB(WINDOWS_1250)
WHATENC_SB(WINDOWS_1251)
WHATENC_SB(WINDOWS_1252)
WHATENC_SB(WINDOWS_1253)
WHATENC_SB(WINDOWS_1254)
WHATENC_SB(WINDOWS_1255)
WHATENC_SB(WINDOWS_1256)
WHATENC_SB(WINDOWS_1257)
WHATENC_SB(WINDOWS_1258)
WHATENC_SB(X_MAC_CYRILLIC)
WHATENC_ENCODING(GBK, gb18030, GBK, 0, 1, 8)
WHATENC_ENCODING(GB18030, gb18030, GB18030, 0, 2, 8)
WHATENC_ENCODING(BIG5, big5, BIG5, 0, 1, 8)
WHATENC_ENCODING(EUC_JP, euc_jp, EUC_JP, 0, 1, 8)
WHATENC_ENCODING(ISO_2022_JP, iso_2022_jp, ISO_2022_JP, 0, 4, 11)
WHATENC_ENCODING(SHIFT_JIS, shift_jis, SHIFT_JIS, 0, 1, 8)
WHATENC_ENCODING(EUC_KR, euc_kr, EUC_KR, 0, 1, 8)
WHATENC_ENCODING(REPLACEMENT, replacement, UTF_8, 0, 1, 8)
WHATENC_ENCODING(UTF_16BE, utf16, UTF_8, 1, 2, 8)
WHATENC_ENCODING(UTF_16LE, utf16, UTF_8, 1, 2, 8)
WHATENC_ENCODING(X_USER_DEFINED, xud, X_USER_DEFINED, 0, 1, 8)
