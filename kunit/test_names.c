// SPDX-License-Identifier: GPL-2.0-only
/*
 * test_names.c - whatenc_name_decode() and whatenc_name_encode()
 *
 * Expected code points of legacy encodings come from the index files
 * (build/vectors/names_index.h, read from $(SHARED)/whatwg by
 * scripts/vectors/names_index.py); the byte forms are computed here from
 * the pointers with the Encoding Standard's pointer arithmetic. ASCII,
 * UTF-8 and UTF-16 cases follow from the definitions of those encodings.
 */
#include "whatenc.h"
#include "whatenc_names.h"
#include "wt_test.h"
#include "names_index.h"
#include "wt_ref.h"

#define NEED_INDEX() do {						\
	if (!NAMES_INDEX_PRESENT)					\
		WT_SKIP("no index files: SHARED missing");		\
} while (0)

/* Decode "x" + @bytes + "y" and expect "x" + U+@cp + "y", both ways. */
static void check_pair(struct wt_ctx *wt, enum whatenc_encoding enc, const u8 *bytes,
		       size_t n, long cp)
{
	u8 in[16], want[8], out[16];
	unsigned int wn;
	int r;

	WT_ASSERT_TRUE(cp > 0 && n <= 8);
	in[0] = 'x';
	memcpy(in + 1, bytes, n);
	in[n + 1] = 'y';
	want[0] = 'x';
	wn = 1 + wt_utf8(want + 1, cp);
	want[wn++] = 'y';
	r = whatenc_name_decode(enc, in, n + 2, out, sizeof(out), 0);
	WT_EXPECT_EQ(r, wn);
	WT_EXPECT_MEMEQ(out, want, wn);
	r = whatenc_name_encode(enc, want, wn, out, sizeof(out), 0);
	WT_EXPECT_EQ(r, n + 2);
	WT_EXPECT_MEMEQ(out, in, n + 2);
}

/* Shift_JIS/EUC-JP/ISO-2022-JP pointer 283, GBK/EUC-KR 9026, Big5 5495. */
WT_CASE(names_cjk)
{
	/* Shift_JIS: lead (283 / 188) + 0x81, trail 283 % 188 + 0x41 */
	static const u8 sjis[] = { 0x82, 0xa0 };
	/* EUC-JP: 283 / 94 + 0xA1, 283 % 94 + 0xA1 */
	static const u8 eucjp[] = { 0xa4, 0xa2 };
	/* GBK, EUC-KR: 9026 / 190 + 0x81, 9026 % 190 + 0x41 */
	static const u8 gbk[] = { 0xb0, 0xa1 };
	/* Big5: 5495 / 157 + 0x81, 5495 % 157 + 0x40 */
	static const u8 big5[] = { 0xa4, 0x40 };

	NEED_INDEX();
	check_pair(wt, WHATENC_SHIFT_JIS, sjis, 2, NI_JIS0208_283);
	check_pair(wt, WHATENC_EUC_JP, eucjp, 2, NI_JIS0208_283);
	check_pair(wt, WHATENC_GBK, gbk, 2, NI_GB18030_9026);
	check_pair(wt, WHATENC_GB18030, gbk, 2, NI_GB18030_9026);
	check_pair(wt, WHATENC_BIG5, big5, 2, NI_BIG5_5495);
	check_pair(wt, WHATENC_EUC_KR, gbk, 2, NI_EUC_KR_9026);
}

/* ISO-2022-JP: escapes, back to ASCII at the end; 0x2F inside a code. */
WT_CASE(names_iso_2022_jp)
{
	/* pointer 283: row 283 / 94 + 0x21, cell 283 % 94 + 0x21 */
	static const u8 a[] = { 0x1b, 0x24, 0x42, 0x24, 0x22, 0x1b, 0x28, 0x42 };
	/* pointer 296: cell 296 % 94 + 0x21 = 0x2F */
	static const u8 ku[] = { 0x1b, 0x24, 0x42, 0x24, 0x2f, 0x1b, 0x28, 0x42 };
	u8 u[8], out[16];
	unsigned int un;

	NEED_INDEX();
	un = wt_utf8(u, NI_JIS0208_283);
	WT_EXPECT_EQ(whatenc_name_decode(WHATENC_ISO_2022_JP, a, 8, out,
					 sizeof(out), 0), un);
	WT_EXPECT_MEMEQ(out, u, un);
	WT_EXPECT_EQ(whatenc_name_encode(WHATENC_ISO_2022_JP, u, un, out,
					 sizeof(out), 0), 8);
	WT_EXPECT_MEMEQ(out, a, 8);
	/* exactly full / one short: the final ESC ( B must fit too */
	WT_EXPECT_EQ(whatenc_name_encode(WHATENC_ISO_2022_JP, u, un, out, 8,
					 0), 8);
	WT_EXPECT_EQ(whatenc_name_encode(WHATENC_ISO_2022_JP, u, un, out, 7,
					 0), -ENAMETOOLONG);

	un = wt_utf8(u, NI_JIS0208_296);
	WT_EXPECT_EQ(whatenc_name_encode(WHATENC_ISO_2022_JP, u, un, out,
					 sizeof(out), 0), 8);
	WT_EXPECT_MEMEQ(out, ku, 8);
	/* the stored form has a 0x2F byte: rejected with NO_SEP */
	WT_EXPECT_EQ(whatenc_name_encode(WHATENC_ISO_2022_JP, u, un, out,
					 sizeof(out), WHATENC_NAME_NO_SEP),
		     -EINVAL);
	/* but decoding it gives no '/' */
	WT_EXPECT_EQ(whatenc_name_decode(WHATENC_ISO_2022_JP, ku, 8, out,
					 sizeof(out), WHATENC_NAME_NO_SEP), un);
	WT_EXPECT_MEMEQ(out, u, un);
}

/* Single-byte encodings, from their indexes: pointer p is byte 0x80 + p. */
WT_CASE(names_single_byte)
{
	static const u8 b80[] = { 0x80 }, bc0[] = { 0xc0 }, bc1[] = { 0xc1 };
	static const u8 ba1[] = { 0xa1 };
	u8 out[8];

	NEED_INDEX();
	check_pair(wt, WHATENC_WINDOWS_1252, b80, 1, NI_WINDOWS_1252_0);
	check_pair(wt, WHATENC_WINDOWS_1251, bc0, 1, NI_WINDOWS_1251_64);
	check_pair(wt, WHATENC_KOI8_R, bc1, 1, NI_KOI8_R_65);
	/* ISO-8859-8 has no pointer 33: fatal by default, U+FFFD if asked */
	WT_EXPECT_EQ(NI_ISO_8859_8_33, -1);
	WT_EXPECT_EQ(whatenc_name_decode(WHATENC_ISO_8859_8, ba1, 1, out,
					 sizeof(out), 0), -EILSEQ);
	WT_EXPECT_EQ(whatenc_name_decode(WHATENC_ISO_8859_8, ba1, 1, out,
					 sizeof(out), WHATENC_NAME_REPLACE), 3);
	WT_EXPECT_MEMEQ(out, "\xef\xbf\xbd", 3);
}

/* Encoding: unmappable and malformed input fail with -EILSEQ. */
WT_CASE(names_encode_errors)
{
	u8 out[16];
	u8 u[4];
	unsigned int un;

	/* U+3042 is not in windows-1252 (its index has nothing above U+2122) */
	WT_EXPECT_EQ(whatenc_name_encode(WHATENC_WINDOWS_1252,
					 (const u8 *)"a\xe3\x81\x82", 4, out,
					 sizeof(out), 0), -EILSEQ);
	/* a surrogate in its 3-byte form is malformed UTF-8 */
	WT_EXPECT_EQ(whatenc_name_encode(WHATENC_UTF_8,
					 (const u8 *)"\xed\xa0\x80", 3, out,
					 sizeof(out), 0), -EILSEQ);
	/* truncated sequence at the end */
	WT_EXPECT_EQ(whatenc_name_encode(WHATENC_UTF_8,
					 (const u8 *)"ab\xe3\x81", 4, out,
					 sizeof(out), 0), -EILSEQ);
	/* html mode is never used: no "&#12354;" */
	WT_EXPECT_EQ(whatenc_name_encode(WHATENC_ISO_8859_2,
					 (const u8 *)"\xe3\x81\x82", 3, out,
					 sizeof(out), 0), -EILSEQ);
	/* replacement only for decoding */
	WT_EXPECT_EQ(whatenc_name_encode(WHATENC_UTF_8, (const u8 *)"a", 1,
					 out, sizeof(out),
					 WHATENC_NAME_REPLACE), -EINVAL);
	/* U+10FFFF to UTF-8 is itself */
	un = wt_utf8(u, 0x10ffff);
	WT_EXPECT_EQ(whatenc_name_encode(WHATENC_UTF_8, u, un, out,
					 sizeof(out), 0), 4);
	WT_EXPECT_MEMEQ(out, u, 4);
}

/* UTF-8 names: fatal errors, BOM kept, U+FFFD on request. */
WT_CASE(names_utf8)
{
	static const u8 bom_a[] = { 0xef, 0xbb, 0xbf, 'a' };
	u8 out[16];

	WT_EXPECT_EQ(whatenc_name_decode(WHATENC_UTF_8, (const u8 *)"abc", 3,
					 out, sizeof(out), 0), 3);
	WT_EXPECT_MEMEQ(out, "abc", 3);
	WT_EXPECT_EQ(whatenc_name_decode(WHATENC_UTF_8, bom_a, 4, out,
					 sizeof(out), 0), 4);
	WT_EXPECT_MEMEQ(out, bom_a, 4);
	WT_EXPECT_EQ(whatenc_name_decode(WHATENC_UTF_8, (const u8 *)"a\xff", 2,
					 out, sizeof(out), 0), -EILSEQ);
	WT_EXPECT_EQ(whatenc_name_decode(WHATENC_UTF_8, (const u8 *)"a\xe3\x81",
					 3, out, sizeof(out), 0), -EILSEQ);
	WT_EXPECT_EQ(whatenc_name_decode(WHATENC_UTF_8,
					 (const u8 *)"\xed\xa0\x80", 3, out,
					 sizeof(out), 0), -EILSEQ);
	/* replacement mode: one U+FFFD per maximal subpart (spec) */
	WT_EXPECT_EQ(whatenc_name_decode(WHATENC_UTF_8,
					 (const u8 *)"a\xe3\x81\x62", 4, out,
					 sizeof(out), WHATENC_NAME_REPLACE), 5);
	WT_EXPECT_MEMEQ(out, "a\xef\xbf\xbd\x62", 5);
	/* empty name */
	WT_EXPECT_EQ(whatenc_name_decode(WHATENC_UTF_8, NULL, 0, NULL, 0, 0),
		     0);
	/* the replacement encoding: any non-empty name is an error */
	WT_EXPECT_EQ(whatenc_name_decode(WHATENC_REPLACEMENT,
					 (const u8 *)"a", 1, out, sizeof(out),
					 0), -EILSEQ);
}

/* UTF-16 names: BOM kept, lone surrogates and odd lengths fatal. */
WT_CASE(names_utf16)
{
	static const u8 le[] = { 0xff, 0xfe, 'a', 0, 0x3d, 0xd8, 0x00, 0xde };
	static const u8 be[] = { 0xfe, 0xff, 0, 'a', 0xd8, 0x3d, 0xde, 0x00 };
	/* U+FEFF, 'a', U+1F600 */
	static const u8 want[] = { 0xef, 0xbb, 0xbf, 'a', 0xf0, 0x9f, 0x98,
				   0x80 };
	static const u8 lone[] = { 'a', 0, 0x00, 0xd8 };
	/* U+012F: a 0x2F byte in the input is not a '/' */
	static const u8 i_ogonek[] = { 0x2f, 0x01 };
	static const u8 slash[] = { 0x2f, 0x00 };
	u8 out[16];

	WT_EXPECT_EQ(whatenc_name_decode(WHATENC_UTF_16LE, le, 8, out,
					 sizeof(out), 0), 8);
	WT_EXPECT_MEMEQ(out, want, 8);
	WT_EXPECT_EQ(whatenc_name_decode(WHATENC_UTF_16BE, be, 8, out,
					 sizeof(out), 0), 8);
	WT_EXPECT_MEMEQ(out, want, 8);
	WT_EXPECT_EQ(whatenc_name_decode(WHATENC_UTF_16LE, lone, 4, out,
					 sizeof(out), 0), -EILSEQ);
	WT_EXPECT_EQ(whatenc_name_decode(WHATENC_UTF_16LE, le, 7, out,
					 sizeof(out), 0), -EILSEQ);
	WT_EXPECT_EQ(whatenc_name_decode(WHATENC_UTF_16LE, i_ogonek, 2, out,
					 sizeof(out), WHATENC_NAME_NO_SEP), 2);
	WT_EXPECT_MEMEQ(out, "\xc4\xaf", 2);
	WT_EXPECT_EQ(whatenc_name_decode(WHATENC_UTF_16LE, slash, 2, out,
					 sizeof(out), WHATENC_NAME_NO_SEP),
		     -EINVAL);
	/* encoding produces UTF-16 (extension), not the output encoding */
	WT_EXPECT_EQ(whatenc_name_encode(WHATENC_UTF_16LE, want, 8, out,
					 sizeof(out), 0), 8);
	WT_EXPECT_MEMEQ(out, le, 8);
	WT_EXPECT_EQ(whatenc_name_encode(WHATENC_UTF_16BE, want, 8, out,
					 sizeof(out), 0), 8);
	WT_EXPECT_MEMEQ(out, be, 8);
	/* "/" is fine in UTF-16 output bytes, but not as a character */
	WT_EXPECT_EQ(whatenc_name_encode(WHATENC_UTF_16LE,
					 (const u8 *)"\xc4\xaf", 2, out,
					 sizeof(out), WHATENC_NAME_NO_SEP), 2);
	WT_EXPECT_MEMEQ(out, i_ogonek, 2);
	WT_EXPECT_EQ(whatenc_name_encode(WHATENC_UTF_16LE, (const u8 *)"a", 1,
					 out, sizeof(out), WHATENC_NAME_NO_SEP),
		     2);
	/* NUL_TERM: two zero bytes for UTF-16 */
	memset(out, 0xaa, sizeof(out));
	WT_EXPECT_EQ(whatenc_name_encode(WHATENC_UTF_16LE, (const u8 *)"a", 1,
					 out, 4, WHATENC_NAME_NUL_TERM), 2);
	WT_EXPECT_MEMEQ(out, "a\0\0\0", 4);
	WT_EXPECT_EQ(whatenc_name_encode(WHATENC_UTF_16LE, (const u8 *)"a", 1,
					 out, 3, WHATENC_NAME_NUL_TERM),
		     -ENAMETOOLONG);
}

/* WHATENC_NAME_NO_SEP: NUL and '/' must not appear in a decoded name. */
WT_CASE(names_separators)
{
	u8 out[16];

	WT_EXPECT_EQ(whatenc_name_decode(WHATENC_UTF_8, (const u8 *)"a/b", 3,
					 out, sizeof(out), WHATENC_NAME_NO_SEP),
		     -EINVAL);
	WT_EXPECT_EQ(whatenc_name_decode(WHATENC_UTF_8, (const u8 *)"a\0b", 3,
					 out, sizeof(out), WHATENC_NAME_NO_SEP),
		     -EINVAL);
	WT_EXPECT_EQ(whatenc_name_decode(WHATENC_WINDOWS_1252,
					 (const u8 *)"/", 1, out, sizeof(out),
					 WHATENC_NAME_NO_SEP), -EINVAL);
	/* without the flag they are ordinary characters */
	WT_EXPECT_EQ(whatenc_name_decode(WHATENC_UTF_8, (const u8 *)"a/\0", 3,
					 out, sizeof(out), 0), 3);
	WT_EXPECT_MEMEQ(out, "a/\0", 3);
	/* first problem in input order wins */
	WT_EXPECT_EQ(whatenc_name_decode(WHATENC_UTF_8, (const u8 *)"a/\xff",
					 3, out, sizeof(out),
					 WHATENC_NAME_NO_SEP), -EINVAL);
	WT_EXPECT_EQ(whatenc_name_decode(WHATENC_UTF_8, (const u8 *)"a\xff/",
					 3, out, sizeof(out),
					 WHATENC_NAME_NO_SEP), -EILSEQ);
	WT_EXPECT_EQ(whatenc_name_decode(WHATENC_UTF_8, (const u8 *)"ab/", 3,
					 out, 2, WHATENC_NAME_NO_SEP),
		     -ENAMETOOLONG);
	WT_EXPECT_EQ(whatenc_name_decode(WHATENC_UTF_8, (const u8 *)"a/b", 3,
					 out, 2, WHATENC_NAME_NO_SEP), -EINVAL);
	/* encoding checks the name itself */
	WT_EXPECT_EQ(whatenc_name_encode(WHATENC_WINDOWS_1252,
					 (const u8 *)"a/b", 3, out, sizeof(out),
					 WHATENC_NAME_NO_SEP), -EINVAL);
	WT_EXPECT_EQ(whatenc_name_encode(WHATENC_SHIFT_JIS,
					 (const u8 *)"a\0", 2, out, sizeof(out),
					 WHATENC_NAME_NO_SEP), -EINVAL);
	WT_EXPECT_EQ(whatenc_name_encode(WHATENC_SHIFT_JIS,
					 (const u8 *)"a/", 2, out, sizeof(out),
					 0), 2);
}

/* Buffer exactly full, one byte short, NUL termination. */
WT_CASE(names_buffer_sizes)
{
	static const u8 u[] = { 'a', 0xc3, 0xa9, 0xe2, 0x82, 0xac };
	u8 out[16];

	memset(out, 0xaa, sizeof(out));
	WT_EXPECT_EQ(whatenc_name_decode(WHATENC_UTF_8, u, 6, out, 6, 0), 6);
	WT_EXPECT_EQ(out[6], 0xaa);		/* not terminated */
	WT_EXPECT_EQ(whatenc_name_decode(WHATENC_UTF_8, u, 6, out, 5, 0),
		     -ENAMETOOLONG);
	/* a character never gets split: 4 bytes of room hold 'a' + U+00E9 */
	WT_EXPECT_EQ(whatenc_name_decode(WHATENC_UTF_8, u, 6, out, 4, 0),
		     -ENAMETOOLONG);
	WT_EXPECT_EQ(whatenc_name_decode(WHATENC_UTF_8, u, 6, out, 7,
					 WHATENC_NAME_NUL_TERM), 6);
	WT_EXPECT_MEMEQ(out, u, 6);
	WT_EXPECT_EQ(out[6], 0);
	WT_EXPECT_EQ(whatenc_name_decode(WHATENC_UTF_8, u, 6, out, 6,
					 WHATENC_NAME_NUL_TERM), -ENAMETOOLONG);
	WT_EXPECT_EQ(whatenc_name_decode(WHATENC_UTF_8, u, 0, out, 1,
					 WHATENC_NAME_NUL_TERM), 0);
	WT_EXPECT_EQ(out[0], 0);
	WT_EXPECT_EQ(whatenc_name_decode(WHATENC_UTF_8, u, 0, out, 0,
					 WHATENC_NAME_NUL_TERM), -ENAMETOOLONG);
	WT_EXPECT_EQ(whatenc_name_encode(WHATENC_UTF_8, u, 6, out, 6, 0), 6);
	WT_EXPECT_EQ(whatenc_name_encode(WHATENC_UTF_8, u, 6, out, 5, 0),
		     -ENAMETOOLONG);
	WT_EXPECT_EQ(whatenc_name_encode(WHATENC_UTF_8, u, 6, out, 7,
					 WHATENC_NAME_NUL_TERM), 6);
	WT_EXPECT_EQ(out[6], 0);
	WT_EXPECT_EQ(whatenc_name_encode(WHATENC_UTF_8, u, 6, out, 6,
					 WHATENC_NAME_NUL_TERM), -ENAMETOOLONG);
	/* a single-byte name of 255 bytes in exactly 255 bytes of room */
	{
		u8 *big = WT_ALLOC(256), *o = WT_ALLOC(256);

		WT_ASSERT_TRUE(big && o);
		memset(big, 'z', 255);
		WT_EXPECT_EQ(whatenc_name_decode(WHATENC_WINDOWS_1252, big,
						 255, o, 255, 0), 255);
		WT_EXPECT_EQ(whatenc_name_decode(WHATENC_WINDOWS_1252, big,
						 255, o, 254, 0),
			     -ENAMETOOLONG);
	}
}

WT_CASE(names_bad_args)
{
	u8 out[4];

	WT_EXPECT_EQ(whatenc_name_decode(WHATENC_NR_ENCODINGS,
					 (const u8 *)"a", 1, out, 4, 0),
		     -EINVAL);
	WT_EXPECT_EQ(whatenc_name_decode((enum whatenc_encoding)-1,
					 (const u8 *)"a", 1, out, 4, 0),
		     -EINVAL);
	WT_EXPECT_EQ(whatenc_name_decode(WHATENC_UTF_8, (const u8 *)"a", 1,
					 out, 4, 0x80), -EINVAL);
	WT_EXPECT_EQ(whatenc_name_decode(WHATENC_UTF_8, NULL, 1, out, 4, 0),
		     -EINVAL);
	WT_EXPECT_EQ(whatenc_name_decode(WHATENC_UTF_8, (const u8 *)"a", 1,
					 NULL, 4, 0), -EINVAL);
	WT_EXPECT_EQ(whatenc_name_decode(WHATENC_UTF_8, (const u8 *)"a", 1,
					 NULL, 0, 0), -ENAMETOOLONG);
	WT_EXPECT_EQ(whatenc_name_encode(WHATENC_NR_ENCODINGS,
					 (const u8 *)"a", 1, out, 4, 0),
		     -EINVAL);
	WT_EXPECT_EQ(whatenc_name_encode(WHATENC_UTF_8, NULL, 1, out, 4, 0),
		     -EINVAL);
	WT_EXPECT_EQ(whatenc_name_encode(WHATENC_UTF_8, (const u8 *)"a", 1,
					 out, 4, 0x80), -EINVAL);
}

WT_SUITE(names,
	 WT_RUN(names_cjk),
	 WT_RUN(names_iso_2022_jp),
	 WT_RUN(names_single_byte),
	 WT_RUN(names_encode_errors),
	 WT_RUN(names_utf8),
	 WT_RUN(names_utf16),
	 WT_RUN(names_separators),
	 WT_RUN(names_buffer_sizes),
	 WT_RUN(names_bad_args));
