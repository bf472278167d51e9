// SPDX-License-Identifier: GPL-2.0-only
/*
 * whatenc_api_test.c - whatenc_api_kunit.ko: the in-kernel API as another
 * module sees it
 *
 * This module is what a filesystem or driver would be: it includes only
 * the public headers (module/include/) and links only against
 * whatenc.ko's exports (modpost refuses anything else): the API's
 * namespace WHATENC, and EXPORTED_FOR_KUNIT_TESTING for the functions
 * exported only to tests (module/kernel/exports.c). It calls every
 * exported function on its success and error
 * paths, converts names with NUL and '/', fills buffers exactly and one
 * byte short, checks a document's declarations, and runs conversions
 * with a spinlock held and interrupts off, and in hard interrupt context
 * (irq_work): with CONFIG_DEBUG_ATOMIC_SLEEP any might_sleep() on those
 * paths would print "BUG: sleeping function called from invalid
 * context", which fails the VM run.
 *
 * Expected legacy-encoding values come from the index files via
 * build/vectors/names_index.h (scripts/vectors/names_index.py).
 */
#include <kunit/test.h>
#include <linux/module.h>
#include <linux/spinlock.h>
#include <linux/irq_work.h>
#include <linux/preempt.h>
#include <linux/hardirq.h>
#include "whatenc.h"
#include "whatenc_names.h"
#include "whatenc_rules.h"
#include "names_index.h"
#include "wt_ref.h"

/* Shift_JIS 82 A0 and EUC-JP A4 A2: index jis0208 pointer 283. */
static const u8 sjis_a[] = { 0x82, 0xa0 };
static const u8 eucjp_a[] = { 0xa4, 0xa2 };

static void need_index(struct kunit *test)
{
	if (!NAMES_INDEX_PRESENT || NI_JIS0208_283 < 0)
		kunit_skip(test, "no index files: SHARED missing");
}

/* ---- labels and encodings ------------------------------------------------- */

static void api_labels(struct kunit *test)
{
	int i, n;

	KUNIT_EXPECT_EQ(test, whatenc_get_encoding("sjis", 4),
			(int)WHATENC_SHIFT_JIS);
	/* labels are matched case-insensitively, ASCII whitespace trimmed */
	KUNIT_EXPECT_EQ(test, whatenc_get_encoding(" Shift_JIS\n", 11),
			(int)WHATENC_SHIFT_JIS);
	KUNIT_EXPECT_EQ(test, whatenc_get_encoding("utf-16", 6),
			(int)WHATENC_UTF_16LE);
	/* not NUL-terminated: only len bytes count */
	KUNIT_EXPECT_EQ(test, whatenc_get_encoding("latin1xyz", 6),
			(int)WHATENC_WINDOWS_1252);
	KUNIT_EXPECT_LT(test, whatenc_get_encoding("wtf-8", 5), 0);
	KUNIT_EXPECT_LT(test, whatenc_get_encoding("", 0), 0);
	KUNIT_EXPECT_STREQ(test, whatenc_encoding_name(WHATENC_SHIFT_JIS), "Shift_JIS");
	KUNIT_EXPECT_STREQ(test, whatenc_encoding_name(WHATENC_GB18030), "gb18030");
	KUNIT_EXPECT_EQ(test, whatenc_output_encoding(WHATENC_UTF_16BE),
			WHATENC_UTF_8);
	KUNIT_EXPECT_EQ(test, whatenc_output_encoding(WHATENC_REPLACEMENT),
			WHATENC_UTF_8);
	KUNIT_EXPECT_EQ(test, whatenc_output_encoding(WHATENC_BIG5),
			WHATENC_BIG5);
	/* every label of every encoding leads back to it */
	for (i = 0; i < WHATENC_NR_ENCODINGS; i++) {
		int j;

		n = whatenc_label_count(i);
		KUNIT_EXPECT_GT(test, n, 0);
		for (j = 0; j < n; j++) {
			const char *l = whatenc_label(i, j);

			KUNIT_ASSERT_NOT_NULL(test, l);
			KUNIT_EXPECT_EQ(test, whatenc_get_encoding(l, strlen(l)),
					i);
		}
	}
}

/* ---- streaming coders on caller-owned state -------------------------------- */

/* As a filesystem would embed it. */
struct fake_sb_info {
	int flags;
	struct whatenc_decoder dec;
	struct whatenc_encoder enc;
};

static void api_streaming(struct kunit *test)
{
	struct fake_sb_info *sbi = kunit_kzalloc(test, sizeof(*sbi),
						 GFP_KERNEL);
	u8 want[4], out[16];
	struct whatenc_buf b = { .out = out, .out_size = sizeof(out) };
	unsigned int wn;
	size_t bom_len = 0;

	need_index(test);
	KUNIT_ASSERT_NOT_NULL(test, sbi);
	wn = wt_utf8(want, NI_JIS0208_283);

	/* decode Shift_JIS 82 | A0 in two calls */
	KUNIT_ASSERT_EQ(test, whatenc_decoder_init(&sbi->dec, WHATENC_SHIFT_JIS,
						   WHATENC_DEC_FATAL |
						   WHATENC_BOM_KEEP), 0);
	KUNIT_EXPECT_EQ(test, whatenc_decoder_encoding(&sbi->dec),
			WHATENC_SHIFT_JIS);
	KUNIT_EXPECT_GE(test, whatenc_decoder_max_utf8(&sbi->dec, 2),
			(size_t)wn);
	b.in = sjis_a;
	b.in_size = 1;
	KUNIT_EXPECT_EQ(test, whatenc_decode(&sbi->dec, &b, false),
			WHATENC_INPUT_EMPTY);
	KUNIT_EXPECT_EQ(test, b.out_pos, (size_t)0);
	b.in = sjis_a + 1;
	b.in_pos = 0;
	KUNIT_EXPECT_EQ(test, whatenc_decode(&sbi->dec, &b, true),
			WHATENC_INPUT_EMPTY);
	KUNIT_EXPECT_EQ(test, b.out_pos, (size_t)wn);
	KUNIT_EXPECT_EQ(test, memcmp(out, want, wn), 0);

	/* a lone lead byte at the end is malformed (fatal) */
	whatenc_decoder_reset(&sbi->dec);
	b.in = sjis_a;
	b.in_pos = 0;
	b.in_size = 1;
	b.out_pos = 0;
	KUNIT_EXPECT_EQ(test, whatenc_decode(&sbi->dec, &b, true),
			WHATENC_MALFORMED);
	KUNIT_EXPECT_EQ(test, whatenc_decoder_replacements(&sbi->dec), (u64)0);
	/* ... and in replacement mode one U+FFFD, counted */
	KUNIT_ASSERT_EQ(test, whatenc_decoder_init(&sbi->dec, WHATENC_SHIFT_JIS,
						   WHATENC_BOM_KEEP), 0);
	b.in_pos = 0;
	b.out_pos = 0;
	KUNIT_EXPECT_EQ(test, whatenc_decode(&sbi->dec, &b, true),
			WHATENC_INPUT_EMPTY);
	KUNIT_EXPECT_EQ(test, b.out_pos, (size_t)3);
	KUNIT_EXPECT_EQ(test, memcmp(out, "\xef\xbf\xbd", 3), 0);
	KUNIT_EXPECT_EQ(test, whatenc_decoder_replacements(&sbi->dec), (u64)1);

	/* encode U+3042 to EUC-JP, one UTF-8 byte per call */
	KUNIT_ASSERT_EQ(test, whatenc_encoder_init(&sbi->enc, WHATENC_EUC_JP,
						   0), 0);
	KUNIT_EXPECT_GE(test, whatenc_encoder_max_out(&sbi->enc, wn),
			(size_t)2);
	b.out_pos = 0;
	for (bom_len = 0; bom_len < wn; bom_len++) {
		b.in = want + bom_len;
		b.in_pos = 0;
		b.in_size = 1;
		KUNIT_EXPECT_EQ(test, whatenc_encode(&sbi->enc, &b,
						     bom_len + 1 == wn),
				WHATENC_INPUT_EMPTY);
	}
	KUNIT_EXPECT_EQ(test, b.out_pos, (size_t)2);
	KUNIT_EXPECT_EQ(test, memcmp(out, eucjp_a, 2), 0);
	/* unmappable in fatal mode */
	KUNIT_ASSERT_EQ(test, whatenc_encoder_init(&sbi->enc, WHATENC_KOI8_R,
						   0), 0);
	whatenc_encoder_reset(&sbi->enc);
	b.in = want;
	b.in_pos = 0;
	b.in_size = wn;
	b.out_pos = 0;
	KUNIT_EXPECT_EQ(test, whatenc_encode(&sbi->enc, &b, true),
			WHATENC_UNMAPPABLE);
	KUNIT_EXPECT_EQ(test, whatenc_encoder_unmappables(&sbi->enc), (u64)0);
	/* ... and in html mode "&#12354;" (U+3042), counted */
	KUNIT_ASSERT_EQ(test, whatenc_encoder_init(&sbi->enc, WHATENC_KOI8_R,
						   WHATENC_ENC_HTML), 0);
	b.in_pos = 0;
	b.out_pos = 0;
	KUNIT_EXPECT_EQ(test, whatenc_encode(&sbi->enc, &b, true),
			WHATENC_INPUT_EMPTY);
	KUNIT_EXPECT_EQ(test, b.out_pos, (size_t)8);
	KUNIT_EXPECT_EQ(test, memcmp(out, "&#12354;", 8), 0);
	KUNIT_EXPECT_EQ(test, whatenc_encoder_unmappables(&sbi->enc), (u64)1);

	/* bad arguments */
	KUNIT_EXPECT_EQ(test, whatenc_decoder_init(&sbi->dec,
						   WHATENC_NR_ENCODINGS, 0),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, whatenc_encoder_init(&sbi->enc, WHATENC_UTF_8,
						   0x80), -EINVAL);

	/* BOM sniffing */
	KUNIT_EXPECT_EQ(test, whatenc_bom_sniff((const u8 *)"\xff\xfe", 2,
						&bom_len),
			(int)WHATENC_UTF_16LE);
	KUNIT_EXPECT_EQ(test, bom_len, (size_t)2);
	KUNIT_EXPECT_EQ(test, whatenc_bom_sniff((const u8 *)"ab", 2, &bom_len),
			-ENOENT);
}

/* ---- name helpers ---------------------------------------------------------- */

/* one call for a whole buffer: whatenc_decode_once(), whatenc_encode_once() */
static void api_once(struct kunit *test)
{
	struct fake_sb_info *sbi = kunit_kzalloc(test, sizeof(*sbi),
						 GFP_KERNEL);
	u8 want[4], out[16];
	struct whatenc_buf b = { .in = sjis_a, .in_size = 2, .out = out,
				 .out_size = sizeof(out) };
	unsigned int wn;

	need_index(test);
	KUNIT_ASSERT_NOT_NULL(test, sbi);
	wn = wt_utf8(want, NI_JIS0208_283);
	KUNIT_EXPECT_EQ(test, whatenc_decode_once(&sbi->dec, WHATENC_SHIFT_JIS,
						  WHATENC_DEC_FATAL |
						  WHATENC_BOM_KEEP, &b),
			WHATENC_INPUT_EMPTY);
	KUNIT_EXPECT_EQ(test, b.out_pos, (size_t)wn);
	KUNIT_EXPECT_EQ(test, memcmp(out, want, wn), 0);
	/* a lone lead byte is malformed, at offset 0 */
	b.in_size = 1;
	b.in_pos = 0;
	b.out_pos = 0;
	KUNIT_EXPECT_EQ(test, whatenc_decode_once(&sbi->dec, WHATENC_SHIFT_JIS,
						  WHATENC_DEC_FATAL |
						  WHATENC_BOM_KEEP, &b),
			WHATENC_MALFORMED);
	KUNIT_EXPECT_EQ(test, sbi->dec.err.offset, (u64)0);
	KUNIT_EXPECT_EQ(test, sbi->dec.err.len, 1);
	/* and back */
	b.in = want;
	b.in_size = wn;
	b.in_pos = 0;
	b.out_pos = 0;
	KUNIT_EXPECT_EQ(test, whatenc_encode_once(&sbi->enc, WHATENC_SHIFT_JIS,
						  0, &b), WHATENC_INPUT_EMPTY);
	KUNIT_EXPECT_EQ(test, b.out_pos, (size_t)2);
	KUNIT_EXPECT_EQ(test, memcmp(out, sjis_a, 2), 0);
	/* too little room */
	b.in_pos = 0;
	b.out_pos = 0;
	b.out_size = 1;
	KUNIT_EXPECT_EQ(test, whatenc_encode_once(&sbi->enc, WHATENC_SHIFT_JIS,
						  0, &b), WHATENC_OUTPUT_FULL);
	KUNIT_EXPECT_EQ(test, b.out_pos, (size_t)0);
}

static void api_names(struct kunit *test)
{
	u8 want[4], out[16];
	unsigned int wn;

	need_index(test);
	wn = wt_utf8(want, NI_JIS0208_283);

	KUNIT_EXPECT_EQ(test, whatenc_name_decode(WHATENC_SHIFT_JIS, sjis_a, 2,
						  out, sizeof(out), 0),
			(int)wn);
	KUNIT_EXPECT_EQ(test, memcmp(out, want, wn), 0);
	/* exactly full, one byte short */
	KUNIT_EXPECT_EQ(test, whatenc_name_decode(WHATENC_SHIFT_JIS, sjis_a, 2,
						  out, wn, 0), (int)wn);
	KUNIT_EXPECT_EQ(test, whatenc_name_decode(WHATENC_SHIFT_JIS, sjis_a, 2,
						  out, wn - 1, 0),
			-ENAMETOOLONG);
	KUNIT_EXPECT_EQ(test, whatenc_name_decode(WHATENC_SHIFT_JIS, sjis_a, 2,
						  out, wn + 1,
						  WHATENC_NAME_NUL_TERM),
			(int)wn);
	KUNIT_EXPECT_EQ(test, out[wn], 0);
	KUNIT_EXPECT_EQ(test, whatenc_name_decode(WHATENC_SHIFT_JIS, sjis_a, 2,
						  out, wn,
						  WHATENC_NAME_NUL_TERM),
			-ENAMETOOLONG);
	/* malformed: a lone lead byte; an unmapped pair (spec: 0x80 FF) */
	KUNIT_EXPECT_EQ(test, whatenc_name_decode(WHATENC_SHIFT_JIS, sjis_a, 1,
						  out, sizeof(out), 0),
			-EILSEQ);
	/* NUL and '/' */
	KUNIT_EXPECT_EQ(test, whatenc_name_decode(WHATENC_SHIFT_JIS,
						  (const u8 *)"a/b", 3, out,
						  sizeof(out),
						  WHATENC_NAME_NO_SEP),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, whatenc_name_decode(WHATENC_SHIFT_JIS,
						  (const u8 *)"a\0b", 3, out,
						  sizeof(out),
						  WHATENC_NAME_NO_SEP),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, whatenc_name_decode(WHATENC_SHIFT_JIS,
						  (const u8 *)"a/b", 3, out,
						  sizeof(out), 0), 3);
	KUNIT_EXPECT_EQ(test, whatenc_name_decode(WHATENC_UTF_16LE,
						  (const u8 *)"/\0", 2, out,
						  sizeof(out),
						  WHATENC_NAME_NO_SEP),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, whatenc_name_decode(WHATENC_NR_ENCODINGS,
						  sjis_a, 2, out, sizeof(out),
						  0), -EINVAL);

	/* encode back */
	KUNIT_EXPECT_EQ(test, whatenc_name_encode(WHATENC_SHIFT_JIS, want, wn,
						  out, sizeof(out), 0), 2);
	KUNIT_EXPECT_EQ(test, memcmp(out, sjis_a, 2), 0);
	KUNIT_EXPECT_EQ(test, whatenc_name_encode(WHATENC_SHIFT_JIS, want, wn,
						  out, 2, 0), 2);
	KUNIT_EXPECT_EQ(test, whatenc_name_encode(WHATENC_SHIFT_JIS, want, wn,
						  out, 1, 0), -ENAMETOOLONG);
	KUNIT_EXPECT_EQ(test, whatenc_name_encode(WHATENC_SHIFT_JIS, want, wn,
						  out, 3,
						  WHATENC_NAME_NUL_TERM), 2);
	KUNIT_EXPECT_EQ(test, out[2], 0);
	KUNIT_EXPECT_EQ(test, whatenc_name_encode(WHATENC_WINDOWS_1252, want,
						  wn, out, sizeof(out), 0),
			-EILSEQ);
	KUNIT_EXPECT_EQ(test, whatenc_name_encode(WHATENC_UTF_8,
						  (const u8 *)"\xed\xa0\x80", 3,
						  out, sizeof(out), 0),
			-EILSEQ);
	KUNIT_EXPECT_EQ(test, whatenc_name_encode(WHATENC_SHIFT_JIS,
						  (const u8 *)"x/", 2, out,
						  sizeof(out),
						  WHATENC_NAME_NO_SEP),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, whatenc_name_encode(WHATENC_SHIFT_JIS,
						  (const u8 *)"x", 1, out,
						  sizeof(out),
						  WHATENC_NAME_REPLACE),
			-EINVAL);
}

/* ---- WTF-8 ------------------------------------------------------------------ */

static void api_wtf8(struct kunit *test)
{
	/* 'a', lone D83D, pair D83D DE00 (U+1F600), lone DE00 */
	static const u16 w16[] = { 'a', 0xd83d, 0xd83d, 0xde00, 0xde00 };
	static const u8 w16le[] = { 'a', 0, 0x3d, 0xd8, 0x3d, 0xd8, 0x00, 0xde,
				    0x00, 0xde };
	static const u8 w16be[] = { 0, 'a', 0xd8, 0x3d, 0xd8, 0x3d, 0xde, 0x00,
				    0xde, 0x00 };
	static const u8 w8[] = { 'a', 0xed, 0xa0, 0xbd, 0xf0, 0x9f, 0x98, 0x80,
				 0xed, 0xb8, 0x80 };
	static const u8 lossy[] = { 'a', 0xef, 0xbf, 0xbd, 0xf0, 0x9f, 0x98,
				    0x80, 0xef, 0xbf, 0xbd };
	static const u8 pair_bytes[] = { 0xed, 0xa0, 0xbd, 0xed, 0xb8, 0x80 };
	u8 out[16];
	u16 u[8];
	u32 cp;

	KUNIT_EXPECT_EQ(test, whatenc_wtf16_to_wtf8(w16, 5, out, sizeof(out)),
			11);
	KUNIT_EXPECT_EQ(test, memcmp(out, w8, 11), 0);
	KUNIT_EXPECT_EQ(test, whatenc_wtf16_to_wtf8(w16, 5, out, 10), -ENOSPC);
	KUNIT_EXPECT_EQ(test, whatenc_wtf16le_to_wtf8(w16le, 10, out, 11), 11);
	KUNIT_EXPECT_EQ(test, memcmp(out, w8, 11), 0);
	KUNIT_EXPECT_EQ(test, whatenc_wtf16le_to_wtf8(w16le, 9, out, 16),
			-EILSEQ);
	KUNIT_EXPECT_EQ(test, whatenc_wtf16be_to_wtf8(w16be, 10, out, 11), 11);
	KUNIT_EXPECT_EQ(test, memcmp(out, w8, 11), 0);
	KUNIT_EXPECT_EQ(test, whatenc_wtf16be_to_wtf8(NULL, 10, out, 11),
			-EINVAL);

	KUNIT_EXPECT_EQ(test, whatenc_wtf8_to_wtf16(w8, 11, u, 5), 5);
	KUNIT_EXPECT_EQ(test, memcmp(u, w16, sizeof(w16)), 0);
	KUNIT_EXPECT_EQ(test, whatenc_wtf8_to_wtf16(w8, 11, u, 4), -ENOSPC);
	KUNIT_EXPECT_EQ(test, whatenc_wtf8_to_wtf16(pair_bytes, 6, u, 8),
			-EILSEQ);
	KUNIT_EXPECT_EQ(test, whatenc_wtf8_to_wtf16le(w8, 11, out, 10), 10);
	KUNIT_EXPECT_EQ(test, memcmp(out, w16le, 10), 0);
	KUNIT_EXPECT_EQ(test, whatenc_wtf8_to_wtf16le(w8, 11, out, 9),
			-ENOSPC);
	KUNIT_EXPECT_EQ(test, whatenc_wtf8_to_wtf16be(w8, 11, out, 10), 10);
	KUNIT_EXPECT_EQ(test, memcmp(out, w16be, 10), 0);
	KUNIT_EXPECT_EQ(test, whatenc_wtf8_to_wtf16be(pair_bytes, 6, out, 16),
			-EILSEQ);

	KUNIT_EXPECT_EQ(test, whatenc_wtf8_check(w8, 11), 1);
	KUNIT_EXPECT_EQ(test, whatenc_wtf8_check(lossy, 11), 0);
	KUNIT_EXPECT_EQ(test, whatenc_wtf8_check(pair_bytes, 6), -EILSEQ);
	KUNIT_EXPECT_EQ(test, whatenc_wtf8_next(w8 + 1, 10, &cp), 3);
	KUNIT_EXPECT_EQ(test, cp, 0xd83du);
	KUNIT_EXPECT_EQ(test, whatenc_wtf8_next(w8 + 4, 7, &cp), 4);
	KUNIT_EXPECT_EQ(test, cp, 0x1f600u);
	KUNIT_EXPECT_EQ(test, whatenc_wtf8_next(pair_bytes, 6, &cp), -EILSEQ);

	KUNIT_EXPECT_EQ(test, whatenc_wtf8_to_utf8_lossy(w8, 11, out, 11), 11);
	KUNIT_EXPECT_EQ(test, memcmp(out, lossy, 11), 0);
	KUNIT_EXPECT_EQ(test, whatenc_wtf8_to_utf8_lossy(w8, 11, out, 10),
			-ENOSPC);
	KUNIT_EXPECT_EQ(test, whatenc_wtf8_to_utf8_strict(w8, 11, out, 16),
			-EILSEQ);
	KUNIT_EXPECT_EQ(test, whatenc_wtf8_to_utf8_strict(lossy, 11, out, 11),
			11);

	/* "a" + lone D83D, then lone DE00: joined into U+1F600 */
	memcpy(out, w8, 4);
	KUNIT_EXPECT_EQ(test, whatenc_wtf8_concat(out, 4, 6, w8 + 8, 3), 5);
	KUNIT_EXPECT_EQ(test, memcmp(out, (const u8 *)"a\xf0\x9f\x98\x80", 5),
			0);
	KUNIT_EXPECT_EQ(test, whatenc_wtf8_concat(out, 5, 6, w8 + 8, 3),
			-ENOSPC);
	KUNIT_EXPECT_EQ(test, whatenc_wtf8_concat(out, 7, 6, w8, 1), -EINVAL);
}

/* ---- atomic context --------------------------------------------------------- */

/* A batch of conversions; returns the number of wrong results. */
static int convert_batch(void)
{
	static const u8 bom_meta[] = "\xef\xbb\xbf<meta charset=koi8-r>";
	static const struct whatenc_check_opts co = {
		.fmt = WHATENC_CHECK_HTML,
	};
	static const u16 w16[] = { 'a', 0xd83d, 0xd83d, 0xde00, 0xde00 };
	struct whatenc_decoder d;
	struct whatenc_buf b;
	u8 out[32];
	u16 u[8];
	int bad = 0;

	if (whatenc_name_decode(WHATENC_SHIFT_JIS, sjis_a, 2, out, sizeof(out),
				WHATENC_NAME_NO_SEP) != 3)
		bad++;
	if (whatenc_name_encode(WHATENC_EUC_JP, out, 3, out + 8, 8, 0) != 2 ||
	    memcmp(out + 8, eucjp_a, 2))
		bad++;
	if (whatenc_name_decode(WHATENC_UTF_8, (const u8 *)"\xff", 1, out,
				sizeof(out), 0) != -EILSEQ)
		bad++;
	if (whatenc_get_encoding("sjis", 4) != WHATENC_SHIFT_JIS)
		bad++;
	if (whatenc_wtf16_to_wtf8(w16, 5, out, sizeof(out)) != 11 ||
	    whatenc_wtf8_to_wtf16(out, 11, u, 8) != 5 ||
	    memcmp(u, w16, sizeof(w16)))
		bad++;
	if (whatenc_wtf8_to_utf8_lossy(out, 11, out, sizeof(out)) != 11)
		bad++;
	if (whatenc_decoder_init(&d, WHATENC_GB18030, WHATENC_DEC_FATAL))
		bad++;
	b.in = (const u8 *)"\x81\x30\x81\x30";	/* gb18030 ranges: U+0080 */
	b.in_pos = 0;
	b.in_size = 4;
	b.out = out;
	b.out_pos = 0;
	b.out_size = sizeof(out);
	if (whatenc_decode(&d, &b, true) != WHATENC_INPUT_EMPTY ||
	    b.out_pos != 2 || out[0] != 0xc2 || out[1] != 0x80)
		bad++;
	/* declaration rules: a UTF-8 BOM and a meta naming KOI8-R conflict */
	if (whatenc_check(&co, bom_meta, sizeof(bom_meta) - 1) != 1)
		bad++;
	return bad;
}

static void api_atomic_spinlock(struct kunit *test)
{
	spinlock_t lock;
	unsigned long flags;
	int bad, i, count;
	bool off;

	need_index(test);
	spin_lock_init(&lock);
	for (i = 0; i < 100; i++) {
		spin_lock_irqsave(&lock, flags);
		bad = convert_batch();
		off = irqs_disabled();
		spin_unlock_irqrestore(&lock, flags);
		/* expectations outside: a failing one may allocate */
		KUNIT_EXPECT_TRUE(test, off);
		KUNIT_EXPECT_EQ(test, bad, 0);
	}
	preempt_disable();
	bad = convert_batch();
	count = preempt_count();
	preempt_enable();
	if (IS_ENABLED(CONFIG_PREEMPT_COUNT))
		KUNIT_EXPECT_NE(test, count, 0);
	KUNIT_EXPECT_EQ(test, bad, 0);
}

struct irq_ctx {
	struct irq_work work;
	int bad;
	bool hardirq;
	bool ran;
};

static void api_irq_work_fn(struct irq_work *w)
{
	struct irq_ctx *c = container_of(w, struct irq_ctx, work);

	c->hardirq = in_hardirq();
	c->bad = convert_batch();
	c->ran = true;
}

static void api_atomic_hardirq(struct kunit *test)
{
	struct irq_ctx *c = kunit_kzalloc(test, sizeof(*c), GFP_KERNEL);

	need_index(test);
	KUNIT_ASSERT_NOT_NULL(test, c);
	/* hard interrupt context (not IRQ_WORK_LAZY) */
	init_irq_work(&c->work, api_irq_work_fn);
	KUNIT_ASSERT_TRUE(test, irq_work_queue(&c->work));
	irq_work_sync(&c->work);
	KUNIT_EXPECT_TRUE(test, c->ran);
	KUNIT_EXPECT_EQ(test, c->bad, 0);
	if (!c->hardirq)
		kunit_info(test, "irq_work ran outside hardirq on this arch");
}

static struct kunit_case api_core_cases[] = {
	KUNIT_CASE(api_labels),
	KUNIT_CASE(api_streaming),
	KUNIT_CASE(api_once),
	{}
};

static struct kunit_case api_names_cases[] = {
	KUNIT_CASE(api_names),
	KUNIT_CASE(api_wtf8),
	{}
};

static struct kunit_case api_atomic_cases[] = {
	KUNIT_CASE(api_atomic_spinlock),
	KUNIT_CASE(api_atomic_hardirq),
	{}
};

static struct kunit_suite api_core_suite = {
	.name = "whatenc_api_core",
	.test_cases = api_core_cases,
};

static struct kunit_suite api_names_suite = {
	.name = "whatenc_api_names",
	.test_cases = api_names_cases,
};

static struct kunit_suite api_atomic_suite = {
	.name = "whatenc_api_atomic",
	.test_cases = api_atomic_cases,
};

kunit_test_suites(&api_core_suite, &api_names_suite, &api_atomic_suite);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("whatenc in-kernel API tests, from another module");
MODULE_IMPORT_NS(WHATENC);
MODULE_IMPORT_NS(EXPORTED_FOR_KUNIT_TESTING);
