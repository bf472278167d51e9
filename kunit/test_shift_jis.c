// SPDX-License-Identifier: GPL-2.0-only
/*
 * test_shift_jis.c - Shift_JIS against a model of the Encoding
 * Standard's "Shift_JIS decoder"/"Shift_JIS encoder" steps run over the
 * index file read at build time (build/vectors/jis_index.h).
 */
#include "jp_util.h"

/* The spec's Shift_JIS decoder handler, step by step, over @in. */
static void ref_sjis_decode(const u8 *in, size_t n, struct jp_ref *r)
{
	size_t pos = 0;
	u8 lead = 0;

	r->n = 0;
	for (;;) {
		int byte = pos < n ? in[pos++] : -1;

		if (byte < 0 && lead) {
			lead = 0;
			jp_push_err(r, 0, n - 1, 1);
			continue;
		}
		if (byte < 0)
			return;
		if (lead) {
			u8 l = lead;
			int ptr = -1, offset = byte < 0x7f ? 0x40 : 0x41;
			int lo = l < 0xa0 ? 0x81 : 0xc1;
			u32 cp;

			lead = 0;
			if ((byte >= 0x40 && byte <= 0x7e) ||
			    (byte >= 0x80 && byte <= 0xfc))
				ptr = (l - lo) * 188 + byte - offset;
			if (ptr >= 8836 && ptr <= 10715) {
				jp_push(r, 0xe000 - 8836 + ptr);
				continue;
			}
			cp = ptr < 0 ? 0 : jisv_0208[ptr];
			if (cp) {
				jp_push(r, cp);
				continue;
			}
			if (byte < 0x80) {
				pos--;		/* restore */
				jp_push_err(r, 0, pos - 1, 1);
			} else {
				jp_push_err(r, 0, pos - 2, 2);
			}
			continue;
		}
		if (byte < 0x80 || byte == 0x80)
			jp_push(r, byte);
		else if (byte >= 0xa1 && byte <= 0xdf)
			jp_push(r, 0xff61 - 0xa1 + byte);
		else if ((byte >= 0x81 && byte <= 0x9f) ||
			 (byte >= 0xe0 && byte <= 0xfc))
			lead = byte;
		else
			jp_push_err(r, 0, pos - 1, 1);
	}
}

/* The spec's Shift_JIS encoder over @cps; @rev: index Shift_JIS pointer. */
static size_t ref_sjis_encode(const u32 *cps, size_t n, bool html, u8 *out,
			      long *first_err, const u16 *rev)
{
	struct jp_ref r;
	size_t i, len = 0;
	int fe;

	*first_err = -1;
	for (i = 0; i < n; i++) {
		u32 cp = cps[i];
		unsigned int p, lead, trail;

		r.n = 0;
		if (cp < 0x80 || cp == 0x80) {
			jp_push(&r, cp);
		} else if (cp == 0xa5) {
			jp_push(&r, 0x5c);
		} else if (cp == 0x203e) {
			jp_push(&r, 0x7e);
		} else if (cp >= 0xff61 && cp <= 0xff9f) {
			jp_push(&r, cp - 0xff61 + 0xa1);
		} else {
			if (cp == 0x2212)
				cp = 0xff0d;
			p = cp < 0x10000 ? rev[cp] : 0xffff;
			if (p == 0xffff) {
				jp_push_err(&r, cp, 0, 0);
			} else {
				lead = p / 188;
				trail = p % 188;
				jp_push(&r, lead + (lead < 0x1f ? 0x81 : 0xc1));
				jp_push(&r, trail + (trail < 0x3f ? 0x40 : 0x41));
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

WT_CASE(sjis_decode_all_pairs)
{
	struct jp_ref *r = WT_ALLOC(sizeof(*r));
	unsigned int lead, trail, bad = 0;
	u8 in[3];

	if (!JISV_PRESENT)
		WT_SKIP("index files not found at build time");
	if (!r)
		return;
	for (lead = 0; lead < 256 && bad < 10; lead++) {
		WT_YIELD();
		in[0] = lead;
		ref_sjis_decode(in, 1, r);
		bad += !jp_check_dec(wt, WHATENC_SHIFT_JIS, in, 1, r);
		for (trail = 0; trail < 256 && bad < 10; trail++) {
			in[1] = trail;
			ref_sjis_decode(in, 2, r);
			bad += !jp_check_dec(wt, WHATENC_SHIFT_JIS, in, 2, r);
		}
	}
	/* lead, trail, then an ASCII byte that must never be masked */
	in[2] = 0x22;
	for (lead = 0x81; lead < 256 && bad < 10; lead++) {
		WT_YIELD();
		in[0] = lead;
		for (trail = 0; trail < 256 && bad < 10; trail += 3) {
			in[1] = trail;
			ref_sjis_decode(in, 3, r);
			bad += !jp_check_dec(wt, WHATENC_SHIFT_JIS, in, 3, r);
		}
	}
	WT_EXPECT_EQ(bad, 0);
}

WT_CASE(sjis_encode_all_scalars)
{
	u16 *rev;

	if (!JISV_PRESENT)
		WT_SKIP("index files not found at build time");
	rev = jp_reverse(wt, 8272, 8835);
	if (rev)
		jp_check_enc_all(wt, WHATENC_SHIFT_JIS, ref_sjis_encode, rev);
}

/* Values written in the spec's text. */
WT_CASE(sjis_spec_examples)
{
	static const u8 mask[] = { 0x82, 0x22 };	/* Security background */
	static const u8 mask_out[] = { 0xef, 0xbf, 0xbd, 0x22 };
	static const u8 eudc[] = { 0xf0, 0x40, 0xf9, 0xfc };
	static const u8 eudc_out[] = { 0xee, 0x80, 0x80, 0xee, 0x9d, 0x97 };
	static const u8 yen[] = { 0xc2, 0xa5, 0xe2, 0x80, 0xbe, 0xe2, 0x88, 0x92,
				  0xc2, 0x80 };
	struct whatenc_decoder d;
	struct whatenc_encoder e;
	u8 out[64];
	size_t n;

	WT_EXPECT_EQ(jp_decode(WHATENC_SHIFT_JIS, 0, mask, 2, out, 64, &n, &d),
		     WHATENC_INPUT_EMPTY);
	WT_EXPECT_EQ(n, 4);
	WT_EXPECT_MEMEQ(out, mask_out, 4);
	/* EUDC: pointers 8836..10715 are U+E000..U+E757, decode only */
	WT_EXPECT_EQ(jp_decode(WHATENC_SHIFT_JIS, 0, eudc, 4, out, 64, &n, &d),
		     WHATENC_INPUT_EMPTY);
	WT_EXPECT_EQ(n, 6);
	WT_EXPECT_MEMEQ(out, eudc_out, 6);
	WT_EXPECT_EQ(jp_encode(WHATENC_SHIFT_JIS, 0, eudc_out, 3, out, 64, &n,
			       &e), WHATENC_UNMAPPABLE);
	WT_EXPECT_EQ(e.err.cp, 0xe000);
	/* U+00A5 -> 5C, U+203E -> 7E, U+2212 as U+FF0D (81 7C), U+0080 */
	WT_EXPECT_EQ(jp_encode(WHATENC_SHIFT_JIS, 0, yen, sizeof(yen), out, 64,
			       &n, &e), WHATENC_INPUT_EMPTY);
	WT_EXPECT_EQ(n, 5);
	WT_EXPECT_MEMEQ(out, "\x5c\x7e\x81\x7c\x80", 5);
}

WT_CASE(sjis_splits)
{
	static const u8 dec_in[] = "a\x82\xa0\x82\x22\x81\xff\xf0\x40\xb1"
				   "\x88\x9f\xe0\x40\xfd\x81";
	static const u8 enc_in[] = "a\xc2\xa5\xe6\x97\xa5\xe2\x88\x92\xef\xbd"
				   "\xb1\xf0\x9f\x98\x80\xe2\x85\xb0\xed\xa0z";
	struct jp_ref *r = WT_ALLOC(sizeof(*r));
	u8 *exp = WT_ALLOC(256);
	size_t elen;
	long fe;
	int f;
	u32 cps[16];
	size_t ncp = 0, i = 0;

	if (!JISV_PRESENT)
		WT_SKIP("index files not found at build time");
	if (!r || !exp)
		return;
	ref_sjis_decode(dec_in, sizeof(dec_in) - 1, r);
	elen = jp_ref_dec_utf8(r, false, exp, &f);
	jp_check_splits(wt, false, WHATENC_SHIFT_JIS, 0, dec_in,
			sizeof(dec_in) - 1, exp, elen);
	/* a, ¥, 日, −, ｱ, 😀, ⅰ (NEC/IBM duplicate), ED A0 (bad), z */
	cps[ncp++] = 'a';
	cps[ncp++] = 0xa5;
	cps[ncp++] = 0x65e5;
	cps[ncp++] = 0x2212;
	cps[ncp++] = 0xff71;
	cps[ncp++] = 0x1f600;
	cps[ncp++] = 0x2170;
	cps[ncp++] = 0xfffd;
	cps[ncp++] = 0xfffd;
	cps[ncp++] = 'z';
	{
		u16 *rev = jp_reverse(wt, 8272, 8835);

		if (!rev)
			return;
		elen = ref_sjis_encode(cps, ncp, true, exp, &fe, rev);
	}
	(void)i;
	jp_check_splits(wt, true, WHATENC_SHIFT_JIS, WHATENC_ENC_HTML, enc_in,
			sizeof(enc_in) - 1, exp, elen);
}

WT_SUITE(shift_jis, WT_RUN(sjis_decode_all_pairs),
	 WT_RUN(sjis_encode_all_scalars), WT_RUN(sjis_spec_examples),
	 WT_RUN(sjis_splits));
