// SPDX-License-Identifier: GPL-2.0-only
/*
 * nls_conv.c - one character at a time, as fs/nls's callbacks convert
 *
 * A struct nls_table converts a name one character per call: char2uni()
 * reads the bytes of one character and gives its code point, uni2char()
 * writes the bytes of one code point. Both are built here on whatenc's
 * public coders in fatal mode, with the coder state on the stack (about
 * 100 bytes) and nothing allocated: malformed input and characters the
 * encoding cannot write are errors, never a guess or a raw byte.
 *
 * NLS code points are 16 bits (wchar_t): a character outside the BMP
 * (gb18030's four-byte codes from 0x90 0x30 0x81 0x30, Big5's
 * HKSCS characters in plane 2) cannot be carried and is -EINVAL, as are
 * the four Big5 codes that decode to two code points (0x88 0x62, 0x88
 * 0x64, 0x88 0xA3, 0x88 0xA5).
 */
#include "whatenc_nls.h"

/**
 * whatenc_nls_supported() - whether an encoding has an NLS table
 * @enc: the encoding
 *
 * The stateless, byte-oriented, ASCII-compatible encodings: every legacy
 * single-byte encoding, x-user-defined, GBK, gb18030, Big5, EUC-JP,
 * Shift_JIS and EUC-KR. Not UTF-8 (fs/nls has it), ISO-2022-JP
 * (stateful), UTF-16BE/LE (not byte-oriented) or replacement.
 *
 * Return: true if the functions below accept @enc.
 */
bool whatenc_nls_supported(enum whatenc_encoding enc)
{
	switch (enc) {
	case WHATENC_FIRST_SINGLE_BYTE ... WHATENC_LAST_SINGLE_BYTE:
	case WHATENC_GBK:
	case WHATENC_GB18030:
	case WHATENC_BIG5:
	case WHATENC_EUC_JP:
	case WHATENC_SHIFT_JIS:
	case WHATENC_EUC_KR:
	case WHATENC_X_USER_DEFINED:
		return true;
	default:
		return false;
	}
}

/*
 * The code point of the UTF-8 in @s[0..@n-1] if it is exactly one BMP
 * character, else -1 (two code points, or one above U+FFFF). The decoder
 * wrote it: it is well-formed.
 */
static int one_bmp_char(const u8 *s, size_t n)
{
	if (n == 1 && s[0] < 0x80)
		return s[0];
	if (n == 2 && (s[0] & 0xe0) == 0xc0)
		return (s[0] & 0x1f) << 6 | (s[1] & 0x3f);
	if (n == 3 && (s[0] & 0xf0) == 0xe0)
		return (s[0] & 0x0f) << 12 | (s[1] & 0x3f) << 6 | (s[2] & 0x3f);
	return -1;
}

/**
 * whatenc_nls_char2uni() - decode one character, as nls_table.char2uni
 * @enc:      the encoding (whatenc_nls_supported())
 * @raw:      the bytes; at most @boundlen of them are read
 * @boundlen: how many bytes @raw has
 * @uni:      the code point, set on success only
 *
 * The encoding's decoder in fatal mode reads the bytes of the first
 * character of @raw, one byte at a time, until it gives a character, and
 * never reads past @boundlen: a character cut short by @boundlen is
 * malformed.
 *
 * Context: Any context.
 * Return: the number of bytes of the character (1 to 4); -ENAMETOOLONG
 * if @boundlen is 0 or less (fs/nls's convention); -EINVAL if the bytes
 * are malformed or cut short, decode to a character outside the BMP or
 * to two code points, or @enc has no NLS table.
 */
int whatenc_nls_char2uni(enum whatenc_encoding enc, const u8 *raw,
			 int boundlen, u16 *uni)
{
	struct whatenc_decoder d;
	struct whatenc_buf b;
	u8 out[8];
	int max, cp;

	if (boundlen <= 0)
		return -ENAMETOOLONG;
	if (!whatenc_nls_supported(enc))
		return -EINVAL;
	/* all of them decode ASCII bytes as ASCII */
	if (raw[0] < 0x80) {
		*uni = raw[0];
		return 1;
	}
	if (whatenc_decoder_init(&d, enc, WHATENC_DEC_FATAL | WHATENC_BOM_KEEP))
		return -EINVAL;
	max = boundlen < WHATENC_NLS_MAX_CHAR ? boundlen : WHATENC_NLS_MAX_CHAR;
	b = (struct whatenc_buf){ .in = raw, .out = out, .out_size = sizeof(out) };
	while (!b.out_pos && (int)b.in_size < max) {
		b.in_size++;
		if (whatenc_decode(&d, &b, (int)b.in_size == max) !=
		    WHATENC_INPUT_EMPTY)
			return -EINVAL;
	}
	cp = one_bmp_char(out, b.out_pos);
	if (cp < 0)
		return -EINVAL;
	*uni = cp;
	return b.in_size;
}

/**
 * whatenc_nls_uni2char() - encode one code point, as nls_table.uni2char
 * @enc:      the encoding (whatenc_nls_supported())
 * @uni:      the code point
 * @out:      where the bytes go; at most @boundlen of them are written
 * @boundlen: the room at @out
 *
 * The encoding's encoder in fatal mode.
 *
 * Context: Any context.
 * Return: the number of bytes written (1 to 4); -EINVAL if the encoding
 * cannot represent @uni, @uni is a surrogate, or @enc has no NLS table;
 * -ENAMETOOLONG if the bytes do not fit in @boundlen (nothing written).
 */
int whatenc_nls_uni2char(enum whatenc_encoding enc, u16 uni, u8 *out,
			 int boundlen)
{
	struct whatenc_encoder e;
	struct whatenc_buf b;
	u8 in[3], bytes[8];

	if (boundlen <= 0)
		return -ENAMETOOLONG;
	if (!whatenc_nls_supported(enc))
		return -EINVAL;
	if (uni < 0x80) {
		out[0] = uni;
		return 1;
	}
	if (uni >= 0xd800 && uni <= 0xdfff)
		return -EINVAL;
	b = (struct whatenc_buf){ .in = in, .out = bytes,
				  .out_size = sizeof(bytes) };
	if (uni < 0x800) {
		in[0] = 0xc0 | uni >> 6;
		in[1] = 0x80 | (uni & 0x3f);
		b.in_size = 2;
	} else {
		in[0] = 0xe0 | uni >> 12;
		in[1] = 0x80 | ((uni >> 6) & 0x3f);
		in[2] = 0x80 | (uni & 0x3f);
		b.in_size = 3;
	}
	/* an encoding not built (module/Kconfig) is WHATENC_BUF_ERROR too */
	if (whatenc_encode_once(&e, enc, 0, &b) != WHATENC_INPUT_EMPTY ||
	    !b.out_pos)
		return -EINVAL;
	if ((int)b.out_pos > boundlen)
		return -ENAMETOOLONG;
	memcpy(out, bytes, b.out_pos);
	return b.out_pos;
}
