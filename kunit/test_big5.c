// SPDX-License-Identifier: GPL-2.0-only
/*
 * test_big5.c - Big5 against a reference model of the Encoding Standard's
 * algorithms run over index-big5.txt itself (build/vectors/cjk_index.h),
 * independent of module/codec/tables/tables_big5.h.
 */
#include "wt_cjk.h"
#define CJK_WANT_BIG5
#include "cjk_index.h"

#if CJK_INDEX_PRESENT

static u32 ref_index_cp(u32 pointer)
{
	return pointer < ARRAY_SIZE(cjk_big5_index) ? cjk_big5_index[pointer] : 0;
}

/* "index Big5 pointer" + 1 for planes 0 and 2, 0 = null */
static u16 *ref_rev0, *ref_rev2;

static bool ref_is_last(u32 cp)
{
	return cp == 0x2550 || cp == 0x255e || cp == 0x2561 || cp == 0x256a ||
	       cp == 0x5341 || cp == 0x5345;
}

static unsigned int ref_build_rev(struct wt_ctx *wt)
{
	unsigned int other = 0;
	int p;

	ref_rev0 = WT_ALLOC(0x10000 * sizeof(u16));
	ref_rev2 = WT_ALLOC(0x10000 * sizeof(u16));
	/* index excluding pointers below (0xA1 - 0x81) * 157 */
	for (p = ARRAY_SIZE(cjk_big5_index) - 1; p >= (0xa1 - 0x81) * 157; p--) {
		u32 cp = cjk_big5_index[p];
		u16 *slot;

		if (!cp)
			continue;
		if (cp >> 16 == 0)
			slot = &ref_rev0[cp];
		else if (cp >> 16 == 2)
			slot = &ref_rev2[cp & 0xffff];
		else {
			other++;
			continue;
		}
		/* the last pointer for the six, the first for the others */
		if (!ref_is_last(cp) || !*slot)
			*slot = p + 1;
	}
	return other;
}

static int ref_encode(u32 cp, u8 *out)
{
	u32 pointer, trailing;

	if (cp < 0x80) {
		out[0] = cp;
		return 1;
	}
	if (cp >> 16 == 0)
		pointer = ref_rev0[cp];
	else if (cp >> 16 == 2)
		pointer = ref_rev2[cp & 0xffff];
	else
		pointer = 0;
	if (!pointer--)
		return 0;
	trailing = pointer % 157;
	out[0] = pointer / 157 + 0x81;
	out[1] = trailing + (trailing < 0x3f ? 0x40 : 0x62);
	return 2;
}

WT_CASE(big5_two_byte_exhaustive)
{
	static const size_t cut1 = 1;
	struct cjk_result *r = cjk_result_alloc(wt, 64);
	unsigned int lead, byte, bad = 0, n = 0, pairs = 0;

	for (lead = 0x81; lead <= 0xfe; lead++) {
		WT_YIELD();
		for (byte = 0; byte <= 0xff; byte++) {
			u8 in[2] = { lead, byte }, exp[8];
			size_t ne = 0;
			u32 pointer = 0, cp = 0;
			bool ptr = false;
			int errlen = 0;

			if ((byte >= 0x40 && byte <= 0x7e) ||
			    (byte >= 0xa1 && byte <= 0xfe)) {
				pointer = (lead - 0x81) * 157 +
					  byte - (byte < 0x7f ? 0x40 : 0x62);
				ptr = true;
			}
			if (ptr && (pointer == 1133 || pointer == 1135 ||
				    pointer == 1164 || pointer == 1166)) {
				ne = wt_utf8(exp, pointer < 1164 ? 0xca : 0xea);
				ne += wt_utf8(exp + ne, pointer & 1 ?
						   (pointer == 1133 ? 0x304 : 0x30c) :
						   (pointer == 1164 ? 0x304 : 0x30c));
				pairs++;
			} else {
				cp = ptr ? ref_index_cp(pointer) : 0;
				if (cp) {
					ne = wt_utf8(exp, cp);
				} else {
					ne = wt_utf8(exp, 0xfffd);
					errlen = 2;
					if (byte < 0x80) {
						exp[ne++] = byte;
						errlen = 1;
					}
				}
			}
			n++;
			cjk_dec(WHATENC_BIG5, 0, in, 2, r);
			if (r->bad || r->n != ne || memcmp(r->out, exp, ne)) {
				if (bad++ < 5)
					WT_NOTE("%02X %02X replacement differs",
						lead, byte);
				continue;
			}
			/* a byte a call: the steps' lookup, not the fast path's */
			cjk_run(true, WHATENC_BIG5, WHATENC_BOM_KEEP, in, 2,
				&cut1, 1, 0, r);
			if (r->bad || r->n != ne || memcmp(r->out, exp, ne)) {
				if (bad++ < 5)
					WT_NOTE("%02X %02X a byte a call differs",
						lead, byte);
				continue;
			}
			cjk_dec(WHATENC_BIG5, WHATENC_DEC_FATAL, in, 2, r);
			if (errlen) {
				if (r->bad || r->nerr != 1 || r->err_off[0] ||
				    (int)r->err_len[0] != errlen ||
				    r->n != ne - 3 ||
				    memcmp(r->out, exp + 3, ne - 3)) {
					if (bad++ < 5)
						WT_NOTE("%02X %02X fatal differs",
							lead, byte);
				}
			} else if (r->bad || r->nerr || r->n != ne ||
				   memcmp(r->out, exp, ne)) {
				if (bad++ < 5)
					WT_NOTE("%02X %02X fatal differs", lead,
						byte);
			}
		}
	}
	WT_EXPECT_EQ(n, 126 * 256);
	WT_EXPECT_EQ(pairs, 4);
	WT_EXPECT_EQ(bad, 0);
}

WT_CASE(big5_encode_exhaustive)
{
	WT_EXPECT_EQ(ref_build_rev(wt), 0);
	WT_EXPECT_EQ(cjk_enc_check_range(wt, WHATENC_BIG5, ref_encode, 0,
					 0x10ffff), 0);
}

/* Spec examples, written from encoding.bs. */
WT_CASE(big5_spec_edges)
{
	struct cjk_result *r = cjk_result_alloc(wt, 256);
	/* 88 62, 88 64, 88 A3, 88 A5: two code points each */
	static const u8 in[] = { 0x88, 0x62, 0x88, 0x64, 0x88, 0xa3, 0x88, 0xa5 };
	static const u8 out[] = { 0xc3, 0x8a, 0xcc, 0x84, 0xc3, 0x8a, 0xcc, 0x8c,
				  0xc3, 0xaa, 0xcc, 0x84, 0xc3, 0xaa, 0xcc, 0x8c };
	/* bad lead then ASCII: the ASCII byte is never swallowed */
	static const u8 bad[] = { 0x81, 0x41 - 1, 0x81, 0x80, 0xa1 };
	/* U+2550 U+5341 U+5345: last pointers F9 F9, A4 51, A4 CA */
	static const u8 enc_in[] = { 0xe2, 0x95, 0x90, 0xe5, 0x8d, 0x81,
				     0xe5, 0x8d, 0x85, 0xc3, 0x8a };
	u8 exp[32];
	size_t n;

	WT_EXPECT_TRUE(cjk_dec_is(wt, WHATENC_BIG5, in, sizeof(in), out,
				  sizeof(out), r));
	n = wt_utf8(exp, 0xfffd);
	exp[n++] = 0x40;
	n += wt_utf8(exp + n, 0xfffd);
	n += wt_utf8(exp + n, 0xfffd);
	WT_EXPECT_TRUE(cjk_dec_is(wt, WHATENC_BIG5, bad, sizeof(bad), exp, n, r));
	cjk_dec(WHATENC_BIG5, WHATENC_DEC_FATAL, bad, sizeof(bad), r);
	WT_EXPECT_EQ(r->nerr, 3);
	WT_EXPECT_EQ(r->err_off[0], 0);
	WT_EXPECT_EQ(r->err_len[0], 1);
	WT_EXPECT_EQ(r->err_off[1], 2);
	WT_EXPECT_EQ(r->err_len[1], 2);
	WT_EXPECT_EQ(r->err_off[2], 4);
	WT_EXPECT_EQ(r->err_len[2], 1);
	WT_EXPECT_EQ(r->n, 1);
	/* the last pointer for these; U+00CA has no pointer >= 5024 */
	cjk_run(false, WHATENC_BIG5, WHATENC_ENC_HTML, enc_in, sizeof(enc_in),
		NULL, 0, 0, r);
	WT_EXPECT_EQ(r->n, 12);
	WT_EXPECT_MEMEQ(r->out, "\xf9\xf9\xa4\x51\xa4\xca&#202;", 12);
}

static const u8 split_dec_in[] = {
	'a', 0x88, 0x62, 0xa4, 0x40, 0x81, 0x41, 0x81, 0x20, 0xff, 0x80,
	0xa4, 0xa1, 0x87, 0x40, 0xfe, 0xfe, 0xc8, 0x7e, 0x88, 0xa5, 0xa4,
};

static const u8 split_enc_in[] = {
	'x', 0xe4, 0xb8, 0x80, 0xf0, 0xa0, 0x80, 0x80, 0xe2, 0x95, 0x90,
	0xc3, 0x8a, 0xed, 0xa0, 0x80, 0xf0, 0xa7, 0x89, 0xa7, 0xe2, 0x82,
	0xac, 0xf0, 0x9f,
};

WT_CASE(big5_split_everywhere)
{
	unsigned int runs = 0;

	WT_EXPECT_EQ(cjk_split_all(wt, true, WHATENC_BIG5, 0, split_dec_in,
				   sizeof(split_dec_in), &runs), 0);
	WT_EXPECT_EQ(cjk_split_all(wt, true, WHATENC_BIG5, WHATENC_DEC_FATAL,
				   split_dec_in, sizeof(split_dec_in), &runs), 0);
	WT_EXPECT_EQ(cjk_split_all(wt, false, WHATENC_BIG5, WHATENC_ENC_HTML,
				   split_enc_in, sizeof(split_enc_in), &runs), 0);
	WT_EXPECT_EQ(cjk_split_all(wt, false, WHATENC_BIG5, 0, split_enc_in,
				   sizeof(split_enc_in), &runs), 0);
	WT_NOTE("%u split runs", runs);
}

WT_SUITE(big5,
	 WT_RUN(big5_two_byte_exhaustive),
	 WT_RUN(big5_encode_exhaustive),
	 WT_RUN(big5_spec_edges),
	 WT_RUN(big5_split_everywhere));

#else /* !CJK_INDEX_PRESENT */

WT_CASE(big5_no_index)
{
	WT_SKIP("build/vectors/cjk_index.h: index files missing");
}

WT_SUITE(big5, WT_RUN(big5_no_index));

#endif
