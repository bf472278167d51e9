// SPDX-License-Identifier: GPL-2.0-only
/*
 * test_euc_jp.c - EUC-JP against a model of the Encoding Standard's
 * "EUC-JP decoder"/"EUC-JP encoder" steps run over the index files read
 * at build time (build/vectors/jis_index.h).
 */
#include "jp_util.h"

/* The spec's EUC-JP decoder handler, step by step, over @in. */
static void ref_eucjp_decode(const u8 *in, size_t n, struct jp_ref *r)
{
	size_t pos = 0;
	u8 lead = 0;
	bool j212 = false;

	r->n = 0;
	for (;;) {
		int byte = pos < n ? in[pos++] : -1;

		if (byte < 0 && lead) {
			/* the held bytes: 8F lead, or lead */
			jp_push_err(r, 0, n - (j212 ? 2 : 1), j212 ? 2 : 1);
			lead = 0;
			continue;
		}
		if (byte < 0)
			return;
		if (lead == 0x8e && byte >= 0xa1 && byte <= 0xdf) {
			lead = 0;
			jp_push(r, 0xff61 - 0xa1 + byte);
			continue;
		}
		if (lead == 0x8f && byte >= 0xa1 && byte <= 0xfe) {
			j212 = true;
			lead = byte;
			continue;
		}
		if (lead) {
			u8 l = lead;
			unsigned int held = j212 ? 2 : 1;
			u32 cp = 0;

			lead = 0;
			if (l >= 0xa1 && l <= 0xfe && byte >= 0xa1 &&
			    byte <= 0xfe) {
				unsigned int p = (l - 0xa1) * 94 + byte - 0xa1;

				cp = j212 ? jisv_0212[p] : jisv_0208[p];
			}
			j212 = false;
			if (cp) {
				jp_push(r, cp);
				continue;
			}
			if (byte < 0x80) {
				pos--;		/* restore */
				jp_push_err(r, 0, pos - held, held);
			} else {
				jp_push_err(r, 0, pos - held - 1, held + 1);
			}
			continue;
		}
		if (byte < 0x80)
			jp_push(r, byte);
		else if (byte == 0x8e || byte == 0x8f ||
			 (byte >= 0xa1 && byte <= 0xfe))
			lead = byte;
		else
			jp_push_err(r, 0, pos - 1, 1);
	}
}

/* The spec's EUC-JP encoder over @cps; @rev: index pointer in jis0208. */
static size_t ref_eucjp_encode(const u32 *cps, size_t n, bool html, u8 *out,
			       long *first_err, const u16 *rev)
{
	struct jp_ref r;
	size_t i, len = 0;
	int fe;

	*first_err = -1;
	for (i = 0; i < n; i++) {
		u32 cp = cps[i];
		unsigned int p;

		r.n = 0;
		if (cp < 0x80) {
			jp_push(&r, cp);
		} else if (cp == 0xa5) {
			jp_push(&r, 0x5c);
		} else if (cp == 0x203e) {
			jp_push(&r, 0x7e);
		} else if (cp >= 0xff61 && cp <= 0xff9f) {
			jp_push(&r, 0x8e);
			jp_push(&r, cp - 0xff61 + 0xa1);
		} else {
			if (cp == 0x2212)
				cp = 0xff0d;
			p = cp < 0x10000 ? rev[cp] : 0xffff;
			if (p == 0xffff) {
				jp_push_err(&r, cp, 0, 0);
			} else {
				jp_push(&r, p / 94 + 0xa1);
				jp_push(&r, p % 94 + 0xa1);
			}
		}
		len += jp_ref_enc_bytes(&r, html, out + len, &fe);
		if (fe >= 0) {
			*first_err = i;
			break;
		}
	}
	return len;
}

WT_CASE(eucjp_decode_all_pairs)
{
	struct jp_ref *r = WT_ALLOC(sizeof(*r));
	unsigned int lead, trail, bad = 0;
	u8 in[4];

	if (!JISV_PRESENT)
		WT_SKIP("index files not found at build time");
	if (!r)
		return;
	for (lead = 0; lead < 256 && bad < 10; lead++) {
		WT_YIELD();
		in[0] = lead;
		ref_eucjp_decode(in, 1, r);
		bad += !jp_check_dec(wt, WHATENC_EUC_JP, in, 1, r);
		for (trail = 0; trail < 256 && bad < 10; trail++) {
			in[1] = trail;
			ref_eucjp_decode(in, 2, r);
			bad += !jp_check_dec(wt, WHATENC_EUC_JP, in, 2, r);
		}
	}
	WT_EXPECT_EQ(bad, 0);
}

/* 0x8F, every second byte, every third byte (and an ASCII tail). */
WT_CASE(eucjp_decode_jis0212)
{
	struct jp_ref *r = WT_ALLOC(sizeof(*r));
	unsigned int b2, b3, bad = 0;
	u8 in[4] = { 0x8f };

	if (!JISV_PRESENT)
		WT_SKIP("index files not found at build time");
	if (!r)
		return;
	for (b2 = 0; b2 < 256 && bad < 10; b2++) {
		WT_YIELD();
		in[1] = b2;
		ref_eucjp_decode(in, 2, r);
		bad += !jp_check_dec(wt, WHATENC_EUC_JP, in, 2, r);
		for (b3 = 0; b3 < 256 && bad < 10; b3++) {
			in[2] = b3;
			ref_eucjp_decode(in, 3, r);
			bad += !jp_check_dec(wt, WHATENC_EUC_JP, in, 3, r);
			if (b2 < 0xa1 || (b3 & 7))
				continue;
			in[3] = 0x22;
			ref_eucjp_decode(in, 4, r);
			bad += !jp_check_dec(wt, WHATENC_EUC_JP, in, 4, r);
		}
	}
	WT_EXPECT_EQ(bad, 0);
}

WT_CASE(eucjp_encode_all_scalars)
{
	u16 *rev;

	if (!JISV_PRESENT)
		WT_SKIP("index files not found at build time");
	rev = jp_reverse(wt, 1, 0);
	if (rev)
		jp_check_enc_all(wt, WHATENC_EUC_JP, ref_eucjp_encode, rev);
}

/* Values written in the spec's text. */
WT_CASE(eucjp_spec_examples)
{
	/* U+00A5 -> 5C, U+203E -> 7E, U+2212 as U+FF0D, U+FF61 -> 8E A1 */
	static const u8 in[] = { 0xc2, 0xa5, 0xe2, 0x80, 0xbe, 0xe2, 0x88, 0x92,
				 0xef, 0xbd, 0xa1 };
	/* U+4E02 is only in jis0212 (pointer 1410: 8F B0 A1): never encoded */
	static const u8 j212[] = { 0x8f, 0xb0, 0xa1 };
	static const u8 j212_out[] = { 0xe4, 0xb8, 0x82 };
	struct whatenc_decoder d;
	struct whatenc_encoder e;
	u8 out[64];
	size_t n;

	WT_EXPECT_EQ(jp_encode(WHATENC_EUC_JP, 0, in, sizeof(in), out, 64, &n,
			       &e), WHATENC_INPUT_EMPTY);
	WT_EXPECT_EQ(n, 6);
	WT_EXPECT_MEMEQ(out, "\x5c\x7e\xa1\xdd\x8e\xa1", 6);
	WT_EXPECT_EQ(jp_decode(WHATENC_EUC_JP, 0, j212, 3, out, 64, &n, &d),
		     WHATENC_INPUT_EMPTY);
	WT_EXPECT_EQ(n, 3);
	WT_EXPECT_MEMEQ(out, j212_out, 3);
	WT_EXPECT_EQ(jp_encode(WHATENC_EUC_JP, 0, j212_out, 3, out, 64, &n, &e),
		     WHATENC_UNMAPPABLE);
	WT_EXPECT_EQ(e.err.cp, 0x4e02);
	WT_EXPECT_EQ(n, 0);
}

WT_CASE(eucjp_splits)
{
	static const u8 dec_in[] = "a\xa4\xa2\x8e\xb1\x8f\xb0\xa2\xa4\x22\x8f"
				   "\xa1\x41\x8e\xe0\xff\xb0\xa1\x8f";
	static const u8 enc_in[] = "a\xc2\xa5\xe6\x97\xa5\xe2\x88\x92\xef\xbd"
				   "\xb1\xf0\x9f\x98\x80\xe4\xb8\x82\xed\xa0z";
	static const u32 cps[] = { 'a', 0xa5, 0x65e5, 0x2212, 0xff71, 0x1f600,
				   0x4e02, 0xfffd, 0xfffd, 'z' };
	struct jp_ref *r = WT_ALLOC(sizeof(*r));
	u8 *exp = WT_ALLOC(256);
	size_t elen;
	long fe;
	int f;
	u16 *rev;

	if (!JISV_PRESENT)
		WT_SKIP("index files not found at build time");
	if (!r || !exp)
		return;
	ref_eucjp_decode(dec_in, sizeof(dec_in) - 1, r);
	elen = jp_ref_dec_utf8(r, false, exp, &f);
	jp_check_splits(wt, false, WHATENC_EUC_JP, 0, dec_in,
			sizeof(dec_in) - 1, exp, elen);
	jp_check_dec(wt, WHATENC_EUC_JP, dec_in, sizeof(dec_in) - 1, r);
	rev = jp_reverse(wt, 1, 0);
	if (!rev)
		return;
	elen = ref_eucjp_encode(cps, ARRAY_SIZE(cps), true, exp, &fe, rev);
	jp_check_splits(wt, true, WHATENC_EUC_JP, WHATENC_ENC_HTML, enc_in,
			sizeof(enc_in) - 1, exp, elen);
}

WT_SUITE(euc_jp, WT_RUN(eucjp_decode_all_pairs), WT_RUN(eucjp_decode_jis0212),
	 WT_RUN(eucjp_encode_all_scalars), WT_RUN(eucjp_spec_examples),
	 WT_RUN(eucjp_splits));
