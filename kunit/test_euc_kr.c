// SPDX-License-Identifier: GPL-2.0-only
/*
 * test_euc_kr.c - EUC-KR against a reference model of the Encoding
 * Standard's algorithms run over index-euc-kr.txt itself
 * (build/vectors/cjk_index.h), independent of module/codec/tables/tables_euc_kr.h.
 */
#include "wt_cjk.h"
#define CJK_WANT_EUC_KR
#include "cjk_index.h"

#if CJK_INDEX_PRESENT

static u32 ref_index_cp(u32 pointer)
{
	return pointer < ARRAY_SIZE(cjk_euc_kr_index) ?
	       cjk_euc_kr_index[pointer] : 0;
}

/* "index pointer" + 1 (the first pointer), 0 = null */
static u16 *ref_rev;

static void ref_build_rev(struct wt_ctx *wt)
{
	int p;

	ref_rev = WT_ALLOC(0x10000 * sizeof(u16));
	for (p = ARRAY_SIZE(cjk_euc_kr_index) - 1; p >= 0; p--)
		if (cjk_euc_kr_index[p])
			ref_rev[cjk_euc_kr_index[p]] = p + 1;
}

static int ref_encode(u32 cp, u8 *out)
{
	u32 pointer;

	if (cp < 0x80) {
		out[0] = cp;
		return 1;
	}
	pointer = cp < 0x10000 ? ref_rev[cp] : 0;
	if (!pointer--)
		return 0;
	out[0] = pointer / 190 + 0x81;
	out[1] = pointer % 190 + 0x41;
	return 2;
}

WT_CASE(euc_kr_two_byte_exhaustive)
{
	struct cjk_result *r = cjk_result_alloc(wt, 64);
	unsigned int lead, byte, bad = 0, n = 0;

	for (lead = 0x81; lead <= 0xfe; lead++) {
		WT_YIELD();
		for (byte = 0; byte <= 0xff; byte++) {
			u8 in[2] = { lead, byte }, exp[8];
			size_t ne;
			u32 cp = 0;
			int errlen = 0;

			if (byte >= 0x41 && byte <= 0xfe)
				cp = ref_index_cp((lead - 0x81) * 190 +
						  (byte - 0x41));
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
			n++;
			cjk_dec(WHATENC_EUC_KR, 0, in, 2, r);
			if (r->bad || r->n != ne || memcmp(r->out, exp, ne)) {
				if (bad++ < 5)
					WT_NOTE("%02X %02X replacement differs",
						lead, byte);
				continue;
			}
			cjk_dec(WHATENC_EUC_KR, WHATENC_DEC_FATAL, in, 2, r);
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
	WT_EXPECT_EQ(bad, 0);
}

WT_CASE(euc_kr_encode_exhaustive)
{
	ref_build_rev(wt);
	WT_EXPECT_EQ(cjk_enc_check_range(wt, WHATENC_EUC_KR, ref_encode, 0,
					 0x10ffff), 0);
}

/* Spec examples, written from encoding.bs. */
WT_CASE(euc_kr_spec_edges)
{
	struct cjk_result *r = cjk_result_alloc(wt, 256);
	/* lead then ASCII below 0x41: the ASCII byte is never swallowed */
	static const u8 bad[] = { 0x81, 0x40, 0xc8, 0xff, 0x80, 0xb0 };
	u8 exp[32];
	size_t n;

	n = wt_utf8(exp, 0xfffd);
	exp[n++] = 0x40;
	n += wt_utf8(exp + n, 0xfffd);
	n += wt_utf8(exp + n, 0xfffd);
	n += wt_utf8(exp + n, 0xfffd);
	WT_EXPECT_TRUE(cjk_dec_is(wt, WHATENC_EUC_KR, bad, sizeof(bad), exp,
				  n, r));
	cjk_dec(WHATENC_EUC_KR, WHATENC_DEC_FATAL, bad, sizeof(bad), r);
	WT_EXPECT_EQ(r->nerr, 4);
	WT_EXPECT_EQ(r->err_off[0], 0);
	WT_EXPECT_EQ(r->err_len[0], 1);
	WT_EXPECT_EQ(r->err_off[1], 2);
	WT_EXPECT_EQ(r->err_len[1], 2);
	WT_EXPECT_EQ(r->err_off[2], 4);
	WT_EXPECT_EQ(r->err_len[2], 1);
	WT_EXPECT_EQ(r->err_off[3], 5);
	WT_EXPECT_EQ(r->err_len[3], 1);
	WT_EXPECT_EQ(r->n, 1);
}

static const u8 split_dec_in[] = {
	'a', 0xb0, 0xa1, 0x81, 0x41, 0x81, 0x20, 0xff, 0x80, 0xc8, 0xfe,
	0xa1, 0x40, 0xfe, 0xfe, 0xa2, 0xe6, 0xb0,
};

static const u8 split_enc_in[] = {
	'x', 0xea, 0xb0, 0x80, 0xed, 0x9e, 0xa3, 0xe4, 0xb8, 0x80, 0xf0,
	0x9f, 0x98, 0x80, 0xc2, 0xa1, 0xed, 0xa0, 0x80, 0xe2, 0x82, 0xac,
	0xf0, 0x9f,
};

WT_CASE(euc_kr_split_everywhere)
{
	unsigned int runs = 0;

	WT_EXPECT_EQ(cjk_split_all(wt, true, WHATENC_EUC_KR, 0, split_dec_in,
				   sizeof(split_dec_in), &runs), 0);
	WT_EXPECT_EQ(cjk_split_all(wt, true, WHATENC_EUC_KR, WHATENC_DEC_FATAL,
				   split_dec_in, sizeof(split_dec_in), &runs), 0);
	WT_EXPECT_EQ(cjk_split_all(wt, false, WHATENC_EUC_KR, WHATENC_ENC_HTML,
				   split_enc_in, sizeof(split_enc_in), &runs), 0);
	WT_EXPECT_EQ(cjk_split_all(wt, false, WHATENC_EUC_KR, 0, split_enc_in,
				   sizeof(split_enc_in), &runs), 0);
	WT_NOTE("%u split runs", runs);
}

WT_SUITE(euc_kr,
	 WT_RUN(euc_kr_two_byte_exhaustive),
	 WT_RUN(euc_kr_encode_exhaustive),
	 WT_RUN(euc_kr_spec_edges),
	 WT_RUN(euc_kr_split_everywhere));

#else /* !CJK_INDEX_PRESENT */

WT_CASE(euc_kr_no_index)
{
	WT_SKIP("build/vectors/cjk_index.h: index files missing");
}

WT_SUITE(euc_kr, WT_RUN(euc_kr_no_index));

#endif
