// SPDX-License-Identifier: GPL-2.0-only
/*
 * test_fuzz_regress.c - regression tests for what the fuzzers found
 * (tests/fuzz/)
 *
 * 1. NULL buffers with zero sizes: a zeroed struct whatenc_buf (the
 *    natural final flush) and the name helpers with a NULL, zero-sized
 *    source or destination. The core computed NULL + 0 (undefined in C,
 *    reported by UBSan in the fuzz builds). Expected values follow from
 *    the Encoding Standard (an empty stream decodes and encodes to
 *    nothing; a UTF-8 stream that ends inside a sequence ends with one
 *    U+FFFD) and from the documented API (held output waits for room;
 *    -ENAMETOOLONG when the name does not fit).
 * 2. WHATENC_NAME_NO_SEP with an empty, NULL output or input: memchr()
 *    was given NULL (undefined even for a zero size; UBSan).
 * 3. whatenc_name_decode() with the output exactly full: it said
 *    -ENAMETOOLONG whenever input was left, even input that produces no
 *    output (an ISO-2022-JP name ending in ESC $ @, found by the long
 *    fuzz run), and even when that input was malformed (the documented
 *    order says -EILSEQ: the malformed sequence comes first). The same
 *    order with no room even for WHATENC_NAME_NUL_TERM's NUL.
 */
#include "wt_test.h"
#include "whatenc.h"
#include "whatenc_names.h"

WT_CASE(fuzz_null_flush_all_encodings)
{
	int e;

	for (e = 0; e < WHATENC_NR_ENCODINGS; e++) {
		struct whatenc_decoder d;
		struct whatenc_encoder en;
		struct whatenc_buf b;

		memset(&b, 0, sizeof(b));
		WT_ASSERT_EQ(whatenc_decoder_init(&d, e, 0), 0);
		WT_EXPECT_EQ(whatenc_decode(&d, &b, true), WHATENC_INPUT_EMPTY);
		WT_EXPECT_EQ(b.in_pos, 0);
		WT_EXPECT_EQ(b.out_pos, 0);

		memset(&b, 0, sizeof(b));
		WT_ASSERT_EQ(whatenc_encoder_init(&en, e, WHATENC_ENC_HTML), 0);
		WT_EXPECT_EQ(whatenc_encode(&en, &b, true), WHATENC_INPUT_EMPTY);
		WT_EXPECT_EQ(b.in_pos, 0);
		WT_EXPECT_EQ(b.out_pos, 0);
	}
}

WT_CASE(fuzz_null_flush_holds_fffd)
{
	static const u8 in[] = { 0x61, 0xe2 };	/* "a", truncated U+2xxx */
	static const u8 want[] = { 0x61, 0xef, 0xbf, 0xbd };
	struct whatenc_decoder d;
	struct whatenc_buf b;
	u8 out[16];
	size_t n;

	WT_ASSERT_EQ(whatenc_decoder_init(&d, WHATENC_UTF_8, 0), 0);
	b = (struct whatenc_buf){ in, 0, sizeof(in), out, 0, sizeof(out) };
	WT_EXPECT_EQ(whatenc_decode(&d, &b, false), WHATENC_INPUT_EMPTY);
	n = b.out_pos;
	/* flush with no buffers at all: U+FFFD is held */
	memset(&b, 0, sizeof(b));
	WT_EXPECT_EQ(whatenc_decode(&d, &b, true), WHATENC_OUTPUT_FULL);
	WT_EXPECT_EQ(b.out_pos, 0);
	/* and comes out with room */
	b = (struct whatenc_buf){ NULL, 0, 0, out + n, 0, sizeof(out) - n };
	WT_EXPECT_EQ(whatenc_decode(&d, &b, true), WHATENC_INPUT_EMPTY);
	n += b.out_pos;
	WT_EXPECT_EQ(n, sizeof(want));
	WT_EXPECT_MEMEQ(out, want, sizeof(want));
}

WT_CASE(fuzz_null_names)
{
	static const u8 a[] = { 0x61 };

	WT_EXPECT_EQ(whatenc_name_decode(WHATENC_UTF_8, a, 1, NULL, 0, 0),
		     -ENAMETOOLONG);
	WT_EXPECT_EQ(whatenc_name_decode(WHATENC_SHIFT_JIS, NULL, 0, NULL, 0,
					 0), 0);
	WT_EXPECT_EQ(whatenc_name_encode(WHATENC_UTF_8, a, 1, NULL, 0, 0),
		     -ENAMETOOLONG);
	WT_EXPECT_EQ(whatenc_name_encode(WHATENC_BIG5, NULL, 0, NULL, 0, 0),
		     0);
}

/* 2. has_sep() passed NULL to memchr() (declared nonnull) for n == 0. */
WT_CASE(fuzz_null_names_no_sep)
{
	static const u8 a[] = { 0x61 };

	WT_EXPECT_EQ(whatenc_name_decode(WHATENC_UTF_8, NULL, 0, NULL, 0,
					 WHATENC_NAME_NO_SEP), 0);
	WT_EXPECT_EQ(whatenc_name_decode(WHATENC_UTF_8, a, 1, NULL, 0,
					 WHATENC_NAME_NO_SEP), -ENAMETOOLONG);
	WT_EXPECT_EQ(whatenc_name_encode(WHATENC_EUC_KR, NULL, 0, NULL, 0,
					 WHATENC_NAME_NO_SEP), 0);
}

/* 3. Output full, then input that produces no output, or bad input. */
WT_CASE(fuzz_name_full_then_silent_input)
{
	/* ESC ( B: switch to ASCII; ESC $ @: switch to JIS X 0208 */
	static const u8 esc_ascii[] = { 'a', 'b', 0x1b, '(', 'B' };
	static const u8 esc_jis[] = { 'a', 'b', 0x1b, '$', '@' };
	static const u8 esc_more[] = { 'a', 'b', 0x1b, '(', 'B', 'c' };
	static const u8 esc_bad[] = { 'a', 'b', 0x1b, 'x' };
	static const u8 utf8_bad[] = { 'a', 'b', 0xff };
	/* the fuzzer's input (ISO-2022-JP, NO_SEP | REPLACE) */
	static const u8 found[] = {
		0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x59, 0xd2, 0x1b,
		0x24, 0x40, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xff,
		0xff, 0xff, 0xff, 0x41, 0x7b, 0x7b, 0x7b, 0x7b, 0x7b, 0x7b,
		0x7b, 0x00, 0x00, 0xc1, 0xa5, 0xe7, 0xff, 0xff, 0xff, 0xff,
		0xff, 0xff, 0x59, 0xd2, 0x1b, 0x24, 0x40,
	};
	u8 out[128], ref[256];
	struct whatenc_decoder d;
	struct whatenc_buf b;

	WT_EXPECT_EQ(whatenc_name_decode(WHATENC_ISO_2022_JP, esc_ascii, 5,
					 out, 2, 0), 2);
	WT_EXPECT_MEMEQ(out, "ab", 2);
	WT_EXPECT_EQ(whatenc_name_decode(WHATENC_ISO_2022_JP, esc_jis, 5,
					 out, 2, 0), 2);
	WT_EXPECT_EQ(whatenc_name_decode(WHATENC_ISO_2022_JP, esc_ascii, 5,
					 out, 3, WHATENC_NAME_NUL_TERM), 2);
	WT_EXPECT_EQ(out[2], 0);
	WT_EXPECT_EQ(whatenc_name_decode(WHATENC_ISO_2022_JP, esc_more, 6,
					 out, 2, 0), -ENAMETOOLONG);
	WT_EXPECT_EQ(whatenc_name_decode(WHATENC_ISO_2022_JP, esc_more, 6,
					 out, 3, 0), 3);
	/* malformed input right where the output filled up */
	WT_EXPECT_EQ(whatenc_name_decode(WHATENC_ISO_2022_JP, esc_bad, 4,
					 out, 2, 0), -EILSEQ);
	WT_EXPECT_EQ(whatenc_name_decode(WHATENC_UTF_8, utf8_bad, 3, out, 2,
					 0), -EILSEQ);
	/* no room for the NUL: the malformed byte still comes first */
	WT_EXPECT_EQ(whatenc_name_decode(WHATENC_UTF_16BE, utf8_bad + 2, 1,
					 NULL, 0, WHATENC_NAME_NUL_TERM),
		     -EILSEQ);
	WT_EXPECT_EQ(whatenc_name_decode(WHATENC_UTF_8, utf8_bad + 2, 1, out,
					 0, WHATENC_NAME_NUL_TERM), -EILSEQ);
	/* but a character that does not fit comes before it */
	WT_EXPECT_EQ(whatenc_name_decode(WHATENC_UTF_8, utf8_bad, 3, out, 0,
					 WHATENC_NAME_NUL_TERM), -ENAMETOOLONG);
	WT_EXPECT_EQ(whatenc_name_decode(WHATENC_UTF_8, utf8_bad, 2, out, 0,
					 WHATENC_NAME_NUL_TERM), -ENAMETOOLONG);
	/* in replacement mode it becomes U+FFFD, which does not fit */
	WT_EXPECT_EQ(whatenc_name_decode(WHATENC_UTF_8, utf8_bad, 3, out, 2,
					 WHATENC_NAME_REPLACE), -ENAMETOOLONG);
	WT_EXPECT_EQ(whatenc_name_decode(WHATENC_UTF_8, utf8_bad, 3, out, 5,
					 WHATENC_NAME_REPLACE), 5);

	/*
	 * The found input fits in exactly as many bytes as the streaming
	 * decoder (tested against the spec elsewhere) writes for it.
	 */
	WT_ASSERT_EQ(whatenc_decoder_init(&d, WHATENC_ISO_2022_JP,
					  WHATENC_BOM_KEEP), 0);
	b = (struct whatenc_buf){ found, 0, sizeof(found), ref, 0,
				  sizeof(ref) };
	WT_ASSERT_EQ(whatenc_decode(&d, &b, true), WHATENC_INPUT_EMPTY);
	WT_ASSERT_TRUE(b.out_pos > 0 && b.out_pos <= sizeof(out));
	WT_EXPECT_EQ(whatenc_name_decode(WHATENC_ISO_2022_JP, found,
					 sizeof(found), out, b.out_pos,
					 WHATENC_NAME_NO_SEP |
					 WHATENC_NAME_REPLACE), b.out_pos);
	WT_EXPECT_MEMEQ(out, ref, b.out_pos);
	WT_EXPECT_EQ(whatenc_name_decode(WHATENC_ISO_2022_JP, found,
					 sizeof(found), out, b.out_pos - 1,
					 WHATENC_NAME_NO_SEP |
					 WHATENC_NAME_REPLACE), -ENAMETOOLONG);
}

WT_SUITE(fuzz_regress,
	 WT_RUN(fuzz_null_flush_all_encodings),
	 WT_RUN(fuzz_null_flush_holds_fffd),
	 WT_RUN(fuzz_null_names),
	 WT_RUN(fuzz_null_names_no_sep),
	 WT_RUN(fuzz_name_full_then_silent_input));
