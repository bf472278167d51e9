// SPDX-License-Identifier: GPL-2.0-only
/*
 * test_split.c - chunk boundaries and output buffer sizes change nothing
 *
 * For every input of the WPT decode and encode vectors (all encodings;
 * consecutive duplicate rows are run once) plus some stress strings:
 * every split into 2 chunks (with and without an empty non-final chunk
 * before each chunk, which must change nothing), every split into 3
 * chunks for short inputs, and output buffers of 1..12 bytes must give
 * the same output and the same fatal errors (offset, length, bytes) as
 * one call. An output buffer smaller than the largest output unit (4
 * bytes for decoders, 12 for encoders: "&#1114111;", ISO-2022-JP escape
 * + character) cannot make progress by design (units are never split);
 * there the driver must stop without writing a partial unit.
 */
#include "whatenc.h"
#include "wt_test.h"
#include "wt_util.h"
#include "wpt_vectors.h"

#define LIM3 (WT_HEAVY ? 48 : 10)	/* 3-way splits up to this length */
#define LIM2 (WT_HEAVY ? 4096 : 64)	/* 2-way splits up to this length */

struct split_ctx {
	struct wt_run ref, r;
	int fails, runs;
};

/*
 * Every one-cut split (also with empty calls), every two-cut split of
 * inputs up to LIM3 bytes, and output buffers of 1..12 bytes.
 */
static void split_all(struct wt_ctx *wt, struct split_ctx *c, bool encoder, int enc,
		      unsigned int flags, const u8 *in, size_t n, int line)
{
	static const size_t room64[] = { 64 };
	static const size_t rooms[] = { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12 };
	const struct wt_split cfg = {
		.lim1 = LIM2, .lim2 = LIM3, .empty = true,
		.cut_rooms = room64, .ncut_rooms = 1,
		.rooms = rooms, .nrooms = ARRAY_SIZE(rooms),
		.stuck_below = encoder ? WHATENC_PEND_MAX : 4,
	};
	int bad;

	(void)wt;
	bad = wt_split_check(encoder, enc, flags, in, n, &cfg, &c->ref, &c->r,
			     &c->runs);
	if (bad) {
		c->fails++;
		if (c->fails <= 12)
			WT_NOTE("split: %s %s line %d: %d chunkings differ",
				encoder ? "encode.tsv" : "decode.tsv",
				whatenc_encoding_name(enc), line, bad);
	}
}

WT_CASE(split_wpt_decode)
{
	struct split_ctx *c = WT_ALLOC(sizeof(*c));
	int i, prev_enc = -1, rows = 0;
	u32 prev_off = ~0u, prev_flags = 0;

	if (!WPT_PRESENT)
		WT_SKIP("WPT vectors missing (SHARED not found at build time)");
	c->ref.out_cap = c->r.out_cap = 16384;
	c->ref.out = WT_ALLOC(16384);
	c->r.out = WT_ALLOC(16384);
	for (i = 0; i < WPT_N_DECODE; i++) {
		const struct wtv_decode *v = &wpt_decode[i];
		int enc = whatenc_get_encoding(v->label, v->label_len);
		unsigned int fl;

		if (v->flags & WTV_F_LABEL_UNSUPPORTED)
			enc = WHATENC_UTF_8;
		if (enc < 0)
			continue;
		fl = (v->fatal ? WHATENC_DEC_FATAL : 0) |
		     (v->flags & (WTV_F_BOMSNIFF | WTV_F_DOCUMENT) ?
		      WHATENC_BOM_SNIFF : v->flags & WTV_F_IGNOREBOM ?
		      WHATENC_BOM_KEEP : WHATENC_BOM_STRIP);
		if (enc == prev_enc && v->in_off == prev_off && fl == prev_flags)
			continue;
		prev_enc = enc;
		prev_off = v->in_off;
		prev_flags = fl;
		split_all(wt, c, false, enc, fl, wpt_bytes + v->in_off,
			  v->in_len, v->line);
		rows++;
	}
	WT_NOTE("split decode: %d inputs, %d runs, %d inputs with differences",
		rows, c->runs, c->fails);
	WT_EXPECT_EQ(c->fails, 0);
}

WT_CASE(split_wpt_encode)
{
	struct split_ctx *c = WT_ALLOC(sizeof(*c));
	u8 *in = WT_ALLOC(4096);
	int i, rows = 0;

	if (!WPT_PRESENT)
		WT_SKIP("WPT vectors missing (SHARED not found at build time)");
	c->ref.out_cap = c->r.out_cap = 16384;
	c->ref.out = WT_ALLOC(16384);
	c->r.out = WT_ALLOC(16384);
	for (i = 0; i < WPT_N_ENCODE; i++) {
		const struct wtv_encode *v = &wpt_encode[i];
		int enc = whatenc_get_encoding(v->label, v->label_len), m;
		size_t n = 0;
		u32 k;

		if (enc < 0 || v->in_len > 1000)
			continue;
		for (k = 0; k < v->in_len; k++) {
			u32 cp = wpt_cps[v->in_off + k];

			n += wt_utf8(in + n, cp >= 0xd800 && cp <= 0xdfff ?
					     0xfffd : cp);
		}
		/* html and fatal mode */
		for (m = 0; m < 2; m++)
			split_all(wt, c, true, enc, m ? WHATENC_ENC_HTML : 0,
				  in, n, v->line);
		rows++;
	}
	WT_NOTE("split encode: %d inputs x 2 modes, %d runs, %d with differences",
		rows, c->runs, c->fails);
	WT_EXPECT_EQ(c->fails, 0);
}

/* Stress strings: every encoding, both directions, both error modes. */
static const char *const stress[] = {
	"A\xc3\xa9\xe2\x82\xac\xf0\x9f\x92\xa9Z",
	"\xef\xbb\xbf\x41\xff\xfe\x00\xd8\x00\xdc\x41",
	"\xfe\xff\xd8\x00\xdc\x00\x00\x41\xd8",
	"\xff\xfe\x00\xd8\x41\x00\x00\xdc\x42",
	"\x1b\x24\x42\x30\x21\x1b\x28\x4a\x5c\x1b\x28\x49\x21\x1b\x28\x42x",
	"\x81\x30\x81\x30\x84\x31\xa4\x37\xa1\xa1\x80\xff\x81",
	"\x8e\xa1\x8f\xa2\xaf\xa4\xa2\x88\x62\x88\x64\xfa\x40\xe0\x80",
	"\xe2\x82\xf0\x9f\x92\xed\xa0\x80\xc0\xaf\xf4\x90\x80\x80",
};

WT_CASE(split_stress)
{
	struct split_ctx *c = WT_ALLOC(sizeof(*c));
	unsigned int s;
	int enc, m;

	c->ref.out_cap = c->r.out_cap = 4096;
	c->ref.out = WT_ALLOC(4096);
	c->r.out = WT_ALLOC(4096);
	for (s = 0; s < ARRAY_SIZE(stress); s++)
		for (enc = 0; enc < WHATENC_NR_ENCODINGS; enc++)
			for (m = 0; m < 2; m++) {
				const u8 *in = (const u8 *)stress[s];
				size_t n = strlen(stress[s]);

				split_all(wt, c, false, enc,
					  m ? WHATENC_DEC_FATAL : WHATENC_BOM_SNIFF,
					  in, n, s);
				split_all(wt, c, true, enc,
					  m ? WHATENC_ENC_HTML : 0, in, n, s);
			}
	WT_NOTE("split stress: %d runs, %d inputs with differences", c->runs,
		c->fails);
	WT_EXPECT_EQ(c->fails, 0);
}

WT_SUITE(split,
	 WT_RUN(split_wpt_decode),
	 WT_RUN(split_wpt_encode),
	 WT_RUN(split_stress));
