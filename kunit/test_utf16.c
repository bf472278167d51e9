// SPDX-License-Identifier: GPL-2.0-only
/*
 * test_utf16.c - UTF-16BE/LE decoders, the WTF-8 option, the UTF-16
 * encoder extension
 *
 * Expected values follow the Encoding Standard's "shared UTF-16
 * decoder": a lone surrogate is one error; a lead followed by a code
 * unit that is not a trail gives an error and that code unit is read
 * again; at the end of the stream a held lead surrogate and/or an odd
 * byte is one error. Cases are written for LE and swapped for BE.
 */
#include "whatenc.h"
#include "wt_test.h"
#include "wt_util.h"

#define R "\xef\xbf\xbd"

struct u16_case {
	struct wt_str in;		/* UTF-16LE */
	struct wt_str out;	/* replacement mode */
	struct wt_str wtf8;	/* with WHATENC_DEC_WTF8 */
	int nerr;		/* fatal mode */
	u8 err[3][2];
};

static const struct u16_case cases[] = {
	{ WT_S("A\0"), WT_S("A"), WT_S("A"), 0, { { 0 } } },
	{ WT_S("\xac\x20"), WT_S("\xe2\x82\xac"), WT_S("\xe2\x82\xac"), 0, { { 0 } } },
	{ WT_S("\x00\xd8\x00\xdc"), WT_S("\xf0\x90\x80\x80"), WT_S("\xf0\x90\x80\x80"),
	  0, { { 0 } } },
	{ WT_S("\xff\xdb\xff\xdf"), WT_S("\xf4\x8f\xbf\xbf"), WT_S("\xf4\x8f\xbf\xbf"),
	  0, { { 0 } } },
	{ WT_S("\x00\xd8"), WT_S(R), WT_S("\xed\xa0\x80"), 1, { { 0, 2 } } },
	{ WT_S("\x00\xdc"), WT_S(R), WT_S("\xed\xb0\x80"), 1, { { 0, 2 } } },
	{ WT_S("\x00\xd8\x41\0"), WT_S(R "A"), WT_S("\xed\xa0\x80\x41"), 1, { { 0, 2 } } },
	{ WT_S("\x00\xdc\x00\xd8"), WT_S(R R), WT_S("\xed\xb0\x80\xed\xa0\x80"), 2,
	  { { 0, 2 }, { 2, 2 } } },
	{ WT_S("\x00\xd8\x00\xd8\x00\xdc"), WT_S(R "\xf0\x90\x80\x80"),
	  WT_S("\xed\xa0\x80\xf0\x90\x80\x80"), 1, { { 0, 2 } } },
	{ WT_S("A\0B"), WT_S("A" R), WT_S("A" R), 1, { { 2, 1 } } },
	{ WT_S("A\0\x00\xd8\x42"), WT_S("A" R), WT_S("A\xed\xa0\x80" R), 1,
	  { { 2, 3 } } },
	{ WT_S("\x00\xd8\x00"), WT_S(R), WT_S("\xed\xa0\x80" R), 1, { { 0, 3 } } },
	{ WT_S("\x00"), WT_S(R), WT_S(R), 1, { { 0, 1 } } },
	{ WT_S("\xfe\xff"), WT_S("\xef\xbf\xbe"), WT_S("\xef\xbf\xbe"), 0, { { 0 } } },
};

static void swap_bytes(const char *in, unsigned int n, u8 *out)
{
	unsigned int i;

	for (i = 0; i + 1 < n; i += 2) {
		out[i] = in[i + 1];
		out[i + 1] = in[i];
	}
	if (n & 1)
		out[n - 1] = in[n - 1];
}

WT_CASE(utf16_decode)
{
	struct wt_run *r = WT_ALLOC(sizeof(*r));
	u8 be[16];
	unsigned int i, k;
	int e;

	r->out_cap = 64;
	r->out = WT_ALLOC(64);
	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		const struct u16_case *c = &cases[i];

		swap_bytes(c->in.p, c->in.n, be);
		for (k = 0; k < 2; k++) {
			int enc = k ? WHATENC_UTF_16BE : WHATENC_UTF_16LE;
			const u8 *in = k ? be : (const u8 *)c->in.p;

			wt_decode_once(enc, WHATENC_BOM_KEEP, in, c->in.n, r);
			if (r->out_len != c->out.n ||
			    memcmp(r->out, c->out.p, c->out.n))
				WT_FAIL("utf16 case %u (%s): output differs", i,
					whatenc_encoding_name(enc));
			wt_decode_once(enc, WHATENC_BOM_KEEP | WHATENC_DEC_WTF8,
				       in, c->in.n, r);
			if (r->out_len != c->wtf8.n ||
			    memcmp(r->out, c->wtf8.p, c->wtf8.n))
				WT_FAIL("utf16 case %u (%s): WTF-8 output differs",
					i, whatenc_encoding_name(enc));
			wt_decode_once(enc, WHATENC_BOM_KEEP | WHATENC_DEC_FATAL,
				       in, c->in.n, r);
			if (r->nerr != c->nerr) {
				WT_FAIL("utf16 case %u (%s): %d errors, expected %d",
					i, whatenc_encoding_name(enc), r->nerr, c->nerr);
				continue;
			}
			for (e = 0; e < c->nerr; e++)
				if (r->errs[e].offset != c->err[e][0] ||
				    r->errs[e].len != c->err[e][1] ||
				    memcmp(r->errs[e].bytes, in + c->err[e][0],
					   c->err[e][1]))
					WT_FAIL("utf16 case %u (%s): error %d at %llu len %u",
						i, whatenc_encoding_name(enc), e,
						(unsigned long long)r->errs[e].offset,
						r->errs[e].len);
		}
	}
}

/* WTF-8 + fatal: lone surrogates are not errors, an odd byte is. */
WT_CASE(utf16_wtf8_fatal)
{
	struct wt_run *r = WT_ALLOC(sizeof(*r));

	r->out_cap = 64;
	r->out = WT_ALLOC(64);
	wt_decode_once(WHATENC_UTF_16LE, WHATENC_BOM_KEEP | WHATENC_DEC_WTF8 |
		       WHATENC_DEC_FATAL, (const u8 *)"\x00\xdc\x41\0\x00\xd8\x42",
		       7, r);
	WT_EXPECT_EQ(r->nerr, 1);
	WT_EXPECT_EQ(r->errs[0].offset, 6);
	WT_EXPECT_EQ(r->errs[0].len, 1);
	WT_EXPECT_EQ(r->out_len, 7);
	WT_EXPECT_MEMEQ(r->out, "\xed\xb0\x80\x41\xed\xa0\x80", 7);
}

/* Every BMP code unit and every pair, both byte orders. */
WT_CASE(utf16_all_units)
{
	u8 *in = WT_ALLOC(4 * 0x10000), *exp = WT_ALLOC(4 * 0x10000);
	struct wt_run *r = WT_ALLOC(sizeof(*r));
	u32 u, hi;
	int k;

	r->out_cap = 4 * 0x10000;
	r->out = WT_ALLOC(r->out_cap);
	for (k = 0; k < 2; k++) {
		size_t n = 0, m = 0;

		for (u = 0; u < 0x10000; u++) {
			if (u >= 0xd800 && u <= 0xdfff)
				continue;
			in[n + k] = u & 0xff;
			in[n + !k] = u >> 8;
			n += 2;
			m += wt_utf8(exp + m, u);
		}
		wt_decode_once(k ? WHATENC_UTF_16BE : WHATENC_UTF_16LE,
			       WHATENC_BOM_KEEP | WHATENC_DEC_FATAL, in, n, r);
		WT_EXPECT_EQ(r->nerr, 0);
		WT_EXPECT_TRUE(r->out_len == m && !memcmp(r->out, exp, m));
		/* all pairs with lead hi, for a sample of leads */
		for (hi = 0xd800; hi <= 0xdbff; hi += WT_HEAVY ? 1 : 61) {
			n = 0;
			m = 0;
			for (u = 0xdc00; u <= 0xdfff; u++) {
				in[n + k] = hi & 0xff;
				in[n + !k] = hi >> 8;
				in[n + 2 + k] = u & 0xff;
				in[n + 2 + !k] = u >> 8;
				n += 4;
				m += wt_utf8(exp + m, 0x10000 +
					     ((hi - 0xd800) << 10) + (u - 0xdc00));
			}
			wt_decode_once(k ? WHATENC_UTF_16BE : WHATENC_UTF_16LE,
				       WHATENC_BOM_KEEP | WHATENC_DEC_FATAL, in,
				       n, r);
			if (r->nerr || r->out_len != m || memcmp(r->out, exp, m))
				WT_FAIL("utf16 pairs with lead %04x differ", hi);
		}
	}
}

struct enc_case {
	struct wt_str in;		/* UTF-8 / WTF-8 */
	struct wt_str out;	/* UTF-16LE, html mode */
	int nerr;		/* fatal mode */
	u8 err[2][2];
};

static const struct enc_case enc_cases[] = {
	{ WT_S("A"), WT_S("A\0"), 0, { { 0 } } },
	{ WT_S("\xe2\x82\xac"), WT_S("\xac\x20"), 0, { { 0 } } },
	{ WT_S("\xf0\x90\x80\x80"), WT_S("\x00\xd8\x00\xdc"), 0, { { 0 } } },
	{ WT_S("\xed\x9f\xbf"), WT_S("\xff\xd7"), 0, { { 0 } } },
	/* WTF-8 surrogates: one code unit each */
	{ WT_S("\xed\xa0\x80"), WT_S("\x00\xd8"), 0, { { 0 } } },
	{ WT_S("\xed\xbf\xbf"), WT_S("\xff\xdf"), 0, { { 0 } } },
	{ WT_S("\xed\xa0\x80\xed\xb0\x80"), WT_S("\x00\xd8\x00\xdc"), 0, { { 0 } } },
	/* malformed: U+FFFD (html), MALFORMED (fatal) */
	{ WT_S("\xed\x41"), WT_S("\xfd\xff\x41\0"), 1, { { 0, 1 } } },
	{ WT_S("\xed\xa0"), WT_S("\xfd\xff"), 1, { { 0, 2 } } },
	{ WT_S("\xc0\xaf"), WT_S("\xfd\xff\xfd\xff"), 2, { { 0, 1 }, { 1, 1 } } },
	{ WT_S("A\xf4\x90"), WT_S("A\0\xfd\xff\xfd\xff"), 2, { { 1, 1 }, { 2, 1 } } },
};

WT_CASE(utf16_encode)
{
	struct wt_run *r = WT_ALLOC(sizeof(*r));
	struct whatenc_encoder e;
	u8 be[16];
	unsigned int i, k;
	int j;

	r->out_cap = 64;
	r->out = WT_ALLOC(64);
	for (i = 0; i < ARRAY_SIZE(enc_cases); i++) {
		const struct enc_case *c = &enc_cases[i];

		swap_bytes(c->out.p, c->out.n, be);
		for (k = 0; k < 2; k++) {
			int enc = k ? WHATENC_UTF_16BE : WHATENC_UTF_16LE;
			const u8 *exp = k ? be : (const u8 *)c->out.p;

			wt_encode_once(enc, WHATENC_ENC_UTF16 | WHATENC_ENC_HTML,
				       (const u8 *)c->in.p, c->in.n, r);
			if (r->nerr || r->out_len != c->out.n ||
			    memcmp(r->out, exp, c->out.n))
				WT_FAIL("utf16 encode case %u (%s) differs", i,
					whatenc_encoding_name(enc));
			wt_encode_once(enc, WHATENC_ENC_UTF16, (const u8 *)c->in.p,
				       c->in.n, r);
			if (r->nerr != c->nerr) {
				WT_FAIL("utf16 encode case %u: %d errors", i,
					r->nerr);
				continue;
			}
			for (j = 0; j < c->nerr; j++)
				if (r->errret[j] != WHATENC_MALFORMED ||
				    r->errs[j].offset != c->err[j][0] ||
				    r->errs[j].len != c->err[j][1])
					WT_FAIL("utf16 encode case %u: error %d", i, j);
		}
	}
	/* without WHATENC_ENC_UTF16 the output encoding is UTF-8 */
	whatenc_encoder_init(&e, WHATENC_UTF_16LE, WHATENC_ENC_HTML);
	wt_encode_run(&e, (const u8 *)"A\xe2\x82\xac", 4, NULL, 0, 64, false, r);
	WT_EXPECT_EQ(r->out_len, 4);
	WT_EXPECT_MEMEQ(r->out, "A\xe2\x82\xac", 4);
}

WT_SUITE(utf16,
	 WT_RUN(utf16_decode),
	 WT_RUN(utf16_wtf8_fatal),
	 WT_RUN(utf16_all_units),
	 WT_RUN(utf16_encode));
