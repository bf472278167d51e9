// SPDX-License-Identifier: GPL-2.0-only
/*
 * test_engine.c - the streaming engine: init, BOM handling, replayed
 * bytes, error offsets across chunks, reset, worst-case output sizes,
 * buffers that break the API's preconditions.
 *
 * Expected values follow the Encoding Standard's "decode" (BOM sniff),
 * TextDecoder's BOM handling and the decoders' error steps.
 */
#include "whatenc.h"
#include "wt_test.h"
#include "wt_util.h"

#define R "\xef\xbf\xbd"	/* U+FFFD */

WT_CASE(engine_init_args)
{
	struct whatenc_decoder d;
	struct whatenc_encoder e;

	WT_EXPECT_EQ(whatenc_decoder_init(&d, WHATENC_NR_ENCODINGS, 0), -EINVAL);
	WT_EXPECT_EQ(whatenc_decoder_init(&d, (enum whatenc_encoding)-1, 0),
		     -EINVAL);
	WT_EXPECT_EQ(whatenc_decoder_init(&d, WHATENC_UTF_8, 0x10), -EINVAL);
	WT_EXPECT_EQ(whatenc_decoder_init(&d, WHATENC_UTF_8, WHATENC_BOM_MASK),
		     -EINVAL);
	WT_EXPECT_EQ(whatenc_decoder_init(&d, WHATENC_UTF_8, WHATENC_DEC_WTF8),
		     -EINVAL);
	WT_EXPECT_EQ(whatenc_decoder_init(&d, WHATENC_UTF_16LE,
					  WHATENC_DEC_WTF8), 0);
	WT_EXPECT_EQ(whatenc_encoder_init(&e, WHATENC_NR_ENCODINGS, 0), -EINVAL);
	WT_EXPECT_EQ(whatenc_encoder_init(&e, WHATENC_UTF_8, 0x4), -EINVAL);
	WT_EXPECT_EQ(whatenc_encoder_init(&e, WHATENC_UTF_16LE, 0), 0);
	WT_EXPECT_EQ(whatenc_encoder_init(&e, WHATENC_REPLACEMENT, 0), 0);
	WT_NOTE("sizeof(struct whatenc_decoder) = %zu, sizeof(struct whatenc_encoder) = %zu",
		sizeof(struct whatenc_decoder), sizeof(struct whatenc_encoder));
}

struct bom_case {
	int enc;
	unsigned int flags;
	struct wt_str in;
	struct wt_str out;
	int final_enc;
};

static const struct bom_case bom_cases[] = {
	/* sniff: a BOM overrides the label and is removed */
	{ WHATENC_WINDOWS_1252, WHATENC_BOM_SNIFF, WT_S("\xef\xbb\xbf\x41"),
	  WT_S("A"), WHATENC_UTF_8 },
	{ WHATENC_WINDOWS_1252, WHATENC_BOM_SNIFF, WT_S("\xff\xfe\x41\x00"),
	  WT_S("A"), WHATENC_UTF_16LE },
	{ WHATENC_UTF_8, WHATENC_BOM_SNIFF, WT_S("\xfe\xff\x00\x41"),
	  WT_S("A"), WHATENC_UTF_16BE },
	{ WHATENC_REPLACEMENT, WHATENC_BOM_SNIFF, WT_S("\xef\xbb\xbf\x41"),
	  WT_S("A"), WHATENC_UTF_8 },
	/* no BOM: the label's encoding decodes the bytes held for sniffing */
	{ WHATENC_WINDOWS_1252, WHATENC_BOM_SNIFF, WT_S("\xef\xbb\x41"),
	  WT_S("\xc3\xaf\xc2\xbb\x41"), WHATENC_WINDOWS_1252 },
	{ WHATENC_WINDOWS_1252, WHATENC_BOM_SNIFF, WT_S("\xef\xbb"),
	  WT_S("\xc3\xaf\xc2\xbb"), WHATENC_WINDOWS_1252 },
	{ WHATENC_WINDOWS_1252, WHATENC_BOM_SNIFF, WT_S("\xfe"),
	  WT_S("\xc3\xbe"), WHATENC_WINDOWS_1252 },
	{ WHATENC_UTF_8, WHATENC_BOM_SNIFF, WT_S("\xef\xbb"), WT_S(R), WHATENC_UTF_8 },
	{ WHATENC_UTF_8, WHATENC_BOM_SNIFF, WT_S(""), WT_S(""), WHATENC_UTF_8 },
	/* strip: only the label's own BOM, once */
	{ WHATENC_UTF_8, WHATENC_BOM_STRIP, WT_S("\xef\xbb\xbf\xef\xbb\xbf"),
	  WT_S("\xef\xbb\xbf"), WHATENC_UTF_8 },
	{ WHATENC_UTF_8, WHATENC_BOM_STRIP, WT_S("\xff\xfe\x41"), WT_S(R R "A"),
	  WHATENC_UTF_8 },
	{ WHATENC_UTF_16LE, WHATENC_BOM_STRIP, WT_S("\xff\xfe\x41\x00"), WT_S("A"),
	  WHATENC_UTF_16LE },
	{ WHATENC_UTF_16LE, WHATENC_BOM_STRIP, WT_S("\xfe\xff\x41\x00"),
	  WT_S("\xef\xbf\xbe\x41"), WHATENC_UTF_16LE },
	{ WHATENC_UTF_16BE, WHATENC_BOM_STRIP, WT_S("\xfe\xff\x00\x41"), WT_S("A"),
	  WHATENC_UTF_16BE },
	{ WHATENC_WINDOWS_1252, WHATENC_BOM_STRIP, WT_S("\xef\xbb\xbf"),
	  WT_S("\xc3\xaf\xc2\xbb\xc2\xbf"), WHATENC_WINDOWS_1252 },
	/* keep */
	{ WHATENC_UTF_8, WHATENC_BOM_KEEP, WT_S("\xef\xbb\xbf\x41"),
	  WT_S("\xef\xbb\xbf\x41"), WHATENC_UTF_8 },
	{ WHATENC_UTF_16LE, WHATENC_BOM_KEEP, WT_S("\xff\xfe"),
	  WT_S("\xef\xbb\xbf"), WHATENC_UTF_16LE },
};

WT_CASE(engine_bom)
{
	struct wt_run *r = WT_ALLOC(sizeof(*r));
	unsigned int i;
	size_t cut;

	r->out_cap = 256;
	r->out = WT_ALLOC(256);
	for (i = 0; i < ARRAY_SIZE(bom_cases); i++) {
		const struct bom_case *c = &bom_cases[i];

		for (cut = 0; cut <= c->in.n; cut++) {
			struct whatenc_decoder d;

			whatenc_decoder_init(&d, c->enc, c->flags);
			wt_decode_run(&d, (const u8 *)c->in.p, c->in.n, &cut, 1,
				      64, true, r);
			if (r->out_len != c->out.n ||
			    memcmp(r->out, c->out.p, c->out.n))
				WT_FAIL("bom case %u, cut %zu: output differs", i,
					cut);
			/* the decoder resets after the last call */
			WT_EXPECT_EQ(whatenc_decoder_encoding(&d), c->enc);
		}
		/* whatenc_decoder_encoding() once the BOM question is settled */
		{
			struct whatenc_decoder d;
			u8 out[64];
			struct whatenc_buf b = { .in = (const u8 *)c->in.p,
						 .in_size = c->in.n,
						 .out = out, .out_size = 64 };

			whatenc_decoder_init(&d, c->enc, c->flags);
			whatenc_decode(&d, &b, false);
			if (c->in.n >= 3 &&
			    (int)whatenc_decoder_encoding(&d) != c->final_enc)
				WT_FAIL("bom case %u: encoding %d, expected %d", i,
					whatenc_decoder_encoding(&d), c->final_enc);
		}
	}
}

WT_CASE(engine_bom_sniff_api)
{
	size_t n = 0;

	WT_EXPECT_EQ(whatenc_bom_sniff((const u8 *)"\xef\xbb\xbf", 3, &n),
		     WHATENC_UTF_8);
	WT_EXPECT_EQ(n, 3);
	WT_EXPECT_EQ(whatenc_bom_sniff((const u8 *)"\xfe\xff", 2, &n),
		     WHATENC_UTF_16BE);
	WT_EXPECT_EQ(n, 2);
	WT_EXPECT_EQ(whatenc_bom_sniff((const u8 *)"\xff\xfe", 2, &n),
		     WHATENC_UTF_16LE);
	WT_EXPECT_EQ(whatenc_bom_sniff((const u8 *)"\xef\xbb", 2, &n), -EAGAIN);
	WT_EXPECT_EQ(whatenc_bom_sniff((const u8 *)"", 0, &n), -EAGAIN);
	WT_EXPECT_EQ(whatenc_bom_sniff((const u8 *)"\xef\xbc", 2, &n), -ENOENT);
	WT_EXPECT_EQ(whatenc_bom_sniff((const u8 *)"A", 1, &n), -ENOENT);
	WT_EXPECT_EQ(whatenc_bom_sniff((const u8 *)"\xff\xff", 2, &n), -ENOENT);
}

/* Fatal errors: exact stream offsets, also across chunks and replays. */
struct err_case {
	int enc;
	unsigned int flags;
	struct wt_str in;
	size_t cuts[3];
	int ncuts;
	struct wt_str out;	/* output with errors skipped */
	int nerr;
	u8 err[4][2];		/* offset, length */
};

static const struct err_case err_cases[] = {
	/* UTF-8: the error's bytes come from three chunks */
	{ WHATENC_UTF_8, WHATENC_BOM_KEEP, WT_S("A\xf0\x9f\x92Z"), { 2, 3 }, 2,
	  WT_S("AZ"), 1, { { 1, 3 } } },
	{ WHATENC_UTF_8, WHATENC_BOM_KEEP, WT_S("AB\xe2\x82"), { 3 }, 1,
	  WT_S("AB"), 1, { { 2, 2 } } },
	/* UTF-8 behind a held BOM prefix (replayed bytes) */
	{ WHATENC_UTF_8, WHATENC_BOM_SNIFF, WT_S("\xef\xbb\x41\x80"), { 1, 2 }, 2,
	  WT_S("A"), 2, { { 0, 2 }, { 3, 1 } } },
	{ WHATENC_UTF_8, WHATENC_BOM_STRIP, WT_S("\xef\xbb\xbf\x80\x41"), { 1 }, 1,
	  WT_S("A"), 1, { { 3, 1 } } },
	/*
	 * UTF-16LE: a lead surrogate, then a code unit split across chunks
	 * (restored by replay), then a lone trail after the replay
	 */
	{ WHATENC_UTF_16LE, WHATENC_BOM_KEEP, WT_S("\x00\xd8\x41\x00\x00\xdc"),
	  { 3 }, 1, WT_S("A"), 2, { { 0, 2 }, { 4, 2 } } },
	{ WHATENC_UTF_16LE, WHATENC_BOM_KEEP, WT_S("\x00\xd8\x41\x00\x00\xdc"),
	  { 1, 3, 5 }, 3, WT_S("A"), 2, { { 0, 2 }, { 4, 2 } } },
	{ WHATENC_UTF_16LE, WHATENC_BOM_KEEP, WT_S("\x00\xd8\x00\xd8\x00\xdc"),
	  { 3 }, 1, WT_S("\xf0\x90\x80\x80"), 1, { { 0, 2 } } },
	/* a lead surrogate and an odd byte at the end: one error */
	{ WHATENC_UTF_16BE, WHATENC_BOM_KEEP, WT_S("\x00\x41\xd8\x00\x42"),
	  { 3 }, 1, WT_S("A"), 1, { { 2, 3 } } },
	{ WHATENC_UTF_16BE, WHATENC_BOM_STRIP, WT_S("\xfe\xff\xdc\x00\x00\x41"),
	  { 1, 3 }, 2, WT_S("A"), 1, { { 2, 2 } } },
	/* single-byte */
	{ WHATENC_WINDOWS_1253, WHATENC_BOM_KEEP, WT_S("ab\xaa\x63\x64\xd2"), { 2 },
	  1, WT_S("abcd"), 2, { { 2, 1 }, { 5, 1 } } },
	/* replacement: the first byte is the error */
	{ WHATENC_REPLACEMENT, WHATENC_BOM_KEEP, WT_S("abc"), { 1 }, 1, WT_S(""),
	  1, { { 0, 1 } } },
};

WT_CASE(engine_fatal_offsets)
{
	struct wt_run *r = WT_ALLOC(sizeof(*r));
	unsigned int i;
	int k;

	r->out_cap = 256;
	r->out = WT_ALLOC(256);
	for (i = 0; i < ARRAY_SIZE(err_cases); i++) {
		const struct err_case *c = &err_cases[i];
		struct whatenc_decoder d;

		whatenc_decoder_init(&d, c->enc, c->flags | WHATENC_DEC_FATAL);
		wt_decode_run(&d, (const u8 *)c->in.p, c->in.n, c->cuts,
			      c->ncuts, 64, false, r);
		if (r->out_len != c->out.n || memcmp(r->out, c->out.p, c->out.n))
			WT_FAIL("error case %u: output differs", i);
		if (r->nerr != c->nerr) {
			WT_FAIL("error case %u: %d errors, expected %d", i,
				r->nerr, c->nerr);
			continue;
		}
		for (k = 0; k < c->nerr; k++)
			if (r->errs[k].offset != c->err[k][0] ||
			    r->errs[k].len != c->err[k][1] ||
			    memcmp(r->errs[k].bytes, c->in.p + c->err[k][0],
				   c->err[k][1]))
				WT_FAIL("case %u error %d: at %llu len %u, expected %u len %u",
					i, k,
					(unsigned long long)r->errs[k].offset,
					r->errs[k].len, c->err[k][0],
					c->err[k][1]);
	}
}

/*
 * The count of replacements: one per error of err_cases (the same
 * errors, in replacement mode, fed in the same chunks, with room for
 * all output or for 3 bytes per call), kept by the
 * reset at the end of a stream and summed over streams, cleared by
 * whatenc_decoder_reset(); 0 in fatal mode and for a U+FFFD that the
 * input encodes (UTF-8 EF BF BD).
 */
WT_CASE(engine_replacement_count)
{
	struct wt_run *r = WT_ALLOC(sizeof(*r));
	struct whatenc_decoder d;
	unsigned int i;

	r->out_cap = 256;
	r->out = WT_ALLOC(256);
	for (i = 0; i < ARRAY_SIZE(err_cases); i++) {
		const struct err_case *c = &err_cases[i];

		WT_ASSERT_EQ(whatenc_decoder_init(&d, c->enc, c->flags), 0);
		WT_EXPECT_EQ(whatenc_decoder_replacements(&d), 0);
		wt_decode_run(&d, (const u8 *)c->in.p, c->in.n, c->cuts,
			      c->ncuts, 64, false, r);
		if (whatenc_decoder_replacements(&d) != (u64)c->nerr)
			WT_FAIL("error case %u: %llu replacements, expected %d",
				i, (unsigned long long)whatenc_decoder_replacements(&d),
				c->nerr);
		/* again, 3 output bytes per call: U+FFFD held, counted once */
		wt_decode_run(&d, (const u8 *)c->in.p, c->in.n, c->cuts,
			      c->ncuts, 3, false, r);
		WT_EXPECT_EQ(whatenc_decoder_replacements(&d), (u64)(2 * c->nerr));
		whatenc_decoder_reset(&d);
		WT_EXPECT_EQ(whatenc_decoder_replacements(&d), 0);

		WT_ASSERT_EQ(whatenc_decoder_init(&d, c->enc,
						  c->flags | WHATENC_DEC_FATAL), 0);
		wt_decode_run(&d, (const u8 *)c->in.p, c->in.n, c->cuts,
			      c->ncuts, 64, false, r);
		WT_EXPECT_EQ(whatenc_decoder_replacements(&d), 0);
	}
	WT_ASSERT_EQ(whatenc_decoder_init(&d, WHATENC_UTF_8, 0), 0);
	wt_decode_run(&d, (const u8 *)"A" R "B", 5, NULL, 0, 64, false, r);
	WT_EXPECT_EQ(r->out_len, 5);
	WT_EXPECT_EQ(whatenc_decoder_replacements(&d), 0);
}

/*
 * Replacement mode: bytes restored by a family (we_replay()) are decoded
 * before the rest of the same call's input.
 */
WT_CASE(engine_replay_order)
{
	struct wt_run *r = WT_ALLOC(sizeof(*r));
	static const u8 in[] = { 0x00, 0xd8, 0x41, 0x00, 0x00, 0xdc, 0x42, 0x00 };
	size_t cut = 3;
	struct whatenc_decoder d;

	r->out_cap = 256;
	r->out = WT_ALLOC(256);
	whatenc_decoder_init(&d, WHATENC_UTF_16LE, WHATENC_BOM_KEEP);
	wt_decode_run(&d, in, sizeof(in), &cut, 1, 64, false, r);
	WT_EXPECT_EQ(r->out_len, 8);
	WT_EXPECT_MEMEQ(r->out, R "A" R "B", 8);
}

/* Encoder errors: offsets of malformed input and unmappable characters. */
WT_CASE(engine_encoder_errors)
{
	struct wt_run *r = WT_ALLOC(sizeof(*r));
	static const char in[] = "a\xe2\x82\xac\x62\xff\x63\xf0\x9f\x92\xa9";
	size_t cuts[2] = { 2, 7 };
	struct whatenc_encoder e;

	r->out_cap = 256;
	r->out = WT_ALLOC(256);
	/* windows-1252 has U+20AC (0x80) but not U+1F4A9 */
	whatenc_encoder_init(&e, WHATENC_WINDOWS_1252, 0);
	wt_encode_run(&e, (const u8 *)in, sizeof(in) - 1, cuts, 2, 64, false, r);
	WT_EXPECT_EQ(r->out_len, 4);
	WT_EXPECT_MEMEQ(r->out, "a\x80\x62\x63", 4);
	WT_ASSERT_EQ(r->nerr, 2);
	WT_EXPECT_EQ(r->errret[0], WHATENC_MALFORMED);
	WT_EXPECT_EQ(r->errs[0].offset, 5);
	WT_EXPECT_EQ(r->errs[0].len, 1);
	WT_EXPECT_EQ(r->errret[1], WHATENC_UNMAPPABLE);
	WT_EXPECT_EQ(r->errs[1].offset, 7);
	WT_EXPECT_EQ(r->errs[1].len, 4);
	WT_EXPECT_EQ(r->errs[1].cp, 0x1f4a9);
	WT_EXPECT_MEMEQ(r->errs[1].bytes, "\xf0\x9f\x92\xa9", 4);
	/* html mode */
	whatenc_encoder_init(&e, WHATENC_WINDOWS_1252, WHATENC_ENC_HTML);
	wt_encode_run(&e, (const u8 *)in, sizeof(in) - 1, cuts, 2, 64, false, r);
	WT_EXPECT_EQ(r->nerr, 0);
	WT_EXPECT_EQ(r->out_len, 21);
	WT_EXPECT_MEMEQ(r->out, "a\x80\x62&#65533;c&#128169;", 21);
}

/*
 * The count of unmappable code points (html mode): one per code point
 * the output encoding lacks (the spec's "error with code point": not in
 * the encoding's index, or U+000E, U+000F, U+001B in ISO-2022-JP's ASCII
 * and Roman states), malformed input counting as U+FFFD where that is
 * unmappable too, with the "&#NNNN;" the spec writes for each.
 */
struct unmap_case {
	int enc;
	struct wt_str in;
	struct wt_str out;	/* html mode */
	int n;
	int nfatal;		/* fatal mode: malformed or unmappable */
};

static const struct unmap_case unmap_cases[] = {
	/* windows-1252 has U+20AC (0x80), not U+1F4A9 nor U+3042 */
	{ WHATENC_WINDOWS_1252, WT_S("a\xe2\x82\xac\xf0\x9f\x92\xa9z\xe3\x81\x82"),
	  WT_S("a\x80&#128169;z&#12354;"), 2, 2 },
	/* malformed input: U+FFFD, which windows-1252 lacks */
	{ WHATENC_WINDOWS_1252, WT_S("a\xffz\xe2\x82"), WT_S("a&#65533;z&#65533;"), 2, 2 },
	/* ISO-8859-2 has U+0142 (0xB3), not U+20AC */
	{ WHATENC_ISO_8859_2, WT_S("\xc5\x82\xe2\x82\xac"), WT_S("\xb3&#8364;"), 1, 1 },
	/* no unmappable code point: 0 */
	{ WHATENC_SHIFT_JIS, WT_S("a\xe3\x81\x82"), WT_S("a\x82\xa0"), 0, 0 },
	/*
	 * UTF-8 and gb18030 have U+FFFD: malformed input is encoded, not
	 * an unmappable code point (gb18030: U+FFFD is 84 31 A4 37)
	 */
	{ WHATENC_UTF_8, WT_S("a\xff\xf0\x9f\x92\xa9"),
	  WT_S("a" R "\xf0\x9f\x92\xa9"), 0, 1 },
	{ WHATENC_GB18030, WT_S("a\xff"), WT_S("a\x84\x31\xa4\x37"), 0, 1 },
	/*
	 * ISO-2022-JP: each of U+1F4A9, the malformed byte and U+000E comes
	 * in jis0208 state, which switches to ASCII (ESC ( B) and reads it
	 * again; then U+1F600 in ASCII state. U+3042, U+3044 and U+3046 are
	 * jis0208 pointers 283, 285 and 287 (24 22, 24 24, 24 26).
	 */
	{ WHATENC_ISO_2022_JP,
	  WT_S("\xe3\x81\x82\xf0\x9f\x92\xa9\xe3\x81\x84\xff\xe3\x81\x86\x0e\xf0\x9f\x98\x80"),
	  WT_S("\x1b$B$\"\x1b(B&#128169;\x1b$B$$\x1b(B&#65533;\x1b$B$&\x1b(B&#65533;&#128512;"),
	  4, 4 },
};

/*
 * whatenc_encoder_unmappables(): each case's count with the input cut
 * at every point, with room for all output and with WHATENC_PEND_MAX
 * bytes per call (an "&#NNNN;" held whole until it fits); summed over
 * two streams (the reset at the end of a stream keeps it), 0 after
 * whatenc_encoder_reset() and in fatal mode,
 * where each is an error of its own.
 */
WT_CASE(engine_unmappable_count)
{
	struct wt_run *r = WT_ALLOC(sizeof(*r));
	struct whatenc_encoder e;
	unsigned int i;

	r->out_cap = 256;
	r->out = WT_ALLOC(256);
	for (i = 0; i < ARRAY_SIZE(unmap_cases); i++) {
		const struct unmap_case *c = &unmap_cases[i];
		const u64 n = c->n;
		size_t cut;

		for (cut = 0; cut <= c->in.n; cut++) {
			WT_ASSERT_EQ(whatenc_encoder_init(&e, c->enc,
							  WHATENC_ENC_HTML), 0);
			wt_encode_run(&e, (const u8 *)c->in.p, c->in.n, &cut, 1,
				      64, false, r);
			if (r->nerr || r->out_len != c->out.n ||
			    memcmp(r->out, c->out.p, c->out.n) ||
			    whatenc_encoder_unmappables(&e) != n)
				WT_FAIL("case %u cut %u: %u B, %d errors, unmappables %llu != %d",
					i, (unsigned int)cut,
					(unsigned int)r->out_len, r->nerr,
					(unsigned long long)whatenc_encoder_unmappables(&e),
					c->n);
			wt_encode_run(&e, (const u8 *)c->in.p, c->in.n, &cut, 1,
				      WHATENC_PEND_MAX, false, r);
			if (r->stuck || r->out_len != c->out.n ||
			    memcmp(r->out, c->out.p, c->out.n) ||
			    whatenc_encoder_unmappables(&e) != 2 * n)
				WT_FAIL("case %u cut %u, short output: unmappables %llu != %d",
					i, (unsigned int)cut,
					(unsigned long long)whatenc_encoder_unmappables(&e),
					2 * c->n);
			whatenc_encoder_reset(&e);
			WT_EXPECT_EQ(whatenc_encoder_unmappables(&e), 0);
		}
		WT_ASSERT_EQ(whatenc_encoder_init(&e, c->enc, 0), 0);
		wt_encode_run(&e, (const u8 *)c->in.p, c->in.n, NULL, 0, 64,
			      false, r);
		WT_EXPECT_EQ(r->nerr, c->nfatal);
		WT_EXPECT_EQ(whatenc_encoder_unmappables(&e), 0);
	}
}

/* After a last call (or a reset) everything starts again. */
WT_CASE(engine_reset)
{
	struct whatenc_decoder d;
	u8 out[32];
	struct whatenc_buf b = { .in = (const u8 *)"\xe2\x82", .in_size = 2,
				 .out = out, .out_size = 32 };

	whatenc_decoder_init(&d, WHATENC_UTF_8, WHATENC_BOM_SNIFF);
	WT_EXPECT_EQ(whatenc_decode(&d, &b, false), WHATENC_INPUT_EMPTY);
	WT_EXPECT_EQ(b.out_pos, 0);
	whatenc_decoder_reset(&d);
	b.in = (const u8 *)"\xac";
	b.in_pos = 0;
	b.in_size = 1;
	WT_EXPECT_EQ(whatenc_decode(&d, &b, true), WHATENC_INPUT_EMPTY);
	WT_EXPECT_EQ(b.out_pos, 3);
	WT_EXPECT_MEMEQ(out, R, 3);
	/* a BOM after a finished stream is a BOM again */
	b.in = (const u8 *)"\xff\xfe\x41\x00";
	b.in_pos = 0;
	b.in_size = 4;
	b.out_pos = 0;
	WT_EXPECT_EQ(whatenc_decode(&d, &b, true), WHATENC_INPUT_EMPTY);
	WT_EXPECT_EQ(b.out_pos, 1);
	WT_EXPECT_EQ(out[0], 'A');
	WT_EXPECT_EQ(whatenc_decoder_encoding(&d), WHATENC_UTF_8);
}

/*
 * Worst-case sizes: with an output buffer of exactly
 * whatenc_decoder_max_utf8() / whatenc_encoder_max_out() bytes, a call
 * never returns WHATENC_OUTPUT_FULL, for adversarial inputs, every
 * encoding, both modes, in chunks.
 */
static const char *const worst_in[] = {
	"\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff",
	"\x80\x80\x80\x80\x80\x80\x80\x80",
	"\xc2\x80\xc2\x80\xc2\x80\xc2\x80\xc2\x80",
	"\xf4\x8f\xbf\xbf\xf4\x8f\xbf\xbf\xf0\x9f\x92\xa9",
	"\x88\x62\x88\x64\x88\x62\x88\x64",
	"\x1b\x1b\x1b\x24\x1b\x28\x1b\x24\x42\x21\x21\x1b",
	"\x1b\x24\x42\x30\x21\x41\x1b\x24\x42\x30\x21\x41",
	"A\xc2\xa5\x41\xe2\x80\xbe\x41\xef\xbd\xb1\x41\xe4\xb8\x80\x41",
	"\x81\x30\x81\x30\x81\x30\x81\xff\x81\x30\xff",
	"\x00\xd8\x00\xd8\x00\xd8\x00\xdc\x00",
	"\xed\xa0\x80\xed\xb0\x80\xed\xa0",
	"\x8e\x8e\x8f\x8f\xa1\x8f\xa1\xa1\x8e",
	"\xef\xbb\xbf\xef\xbb",
	"\xfe\xff\xd8\x00",
	"\xe0\x80\xe0\x80\xe0\x80",
};

/* Two calls (cut, then the rest with last set), each with the bound. */
static int worst_dec(int enc, unsigned int fl, const u8 *in, size_t n,
		     size_t cut, u8 *out)
{
	struct whatenc_decoder d;
	struct whatenc_buf b = { .in = in, .out = out };
	int call, r;

	whatenc_decoder_init(&d, enc, (fl & 1 ? WHATENC_DEC_FATAL : 0) |
			     (fl & 2 ? WHATENC_BOM_SNIFF : WHATENC_BOM_KEEP));
	for (call = 0; call < 2; call++) {
		b.in_size = call ? n : cut;
		b.out_pos = 0;
		b.out_size = whatenc_decoder_max_utf8(&d, b.in_size - b.in_pos);
		do {
			r = whatenc_decode(&d, &b, call);
		} while (r == WHATENC_MALFORMED);
		if (r == WHATENC_OUTPUT_FULL)
			return 1;
	}
	return 0;
}

static int worst_enc(int enc, unsigned int fl, const u8 *in, size_t n,
		     size_t cut, u8 *out)
{
	struct whatenc_encoder e;
	struct whatenc_buf b = { .in = in, .out = out };
	int call, r;

	whatenc_encoder_init(&e, enc, (fl & 1 ? WHATENC_ENC_HTML : 0) |
			     (fl & 2 ? WHATENC_ENC_UTF16 : 0));
	for (call = 0; call < 2; call++) {
		b.in_size = call ? n : cut;
		b.out_pos = 0;
		b.out_size = whatenc_encoder_max_out(&e, b.in_size - b.in_pos);
		do {
			r = whatenc_encode(&e, &b, call);
		} while (r == WHATENC_MALFORMED || r == WHATENC_UNMAPPABLE);
		if (r == WHATENC_OUTPUT_FULL)
			return 1;
	}
	return 0;
}

WT_CASE(engine_worst_case)
{
	u8 *out = WT_ALLOC(4096);
	unsigned int s, fl;
	int enc, checks = 0, bad = 0;
	size_t cut;

	for (s = 0; s < ARRAY_SIZE(worst_in); s++) {
		const u8 *in = (const u8 *)worst_in[s];
		size_t n = strlen(worst_in[s]);

		for (enc = 0; enc < WHATENC_NR_ENCODINGS; enc++)
			for (fl = 0; fl < 4; fl++)
				for (cut = 0; cut <= n; cut++) {
					if (worst_dec(enc, fl, in, n, cut, out)) {
						WT_NOTE("decode bound: %s in %u cut %zu flags %u",
							whatenc_encoding_name(enc), s, cut, fl);
						bad++;
					}
					if (worst_enc(enc, fl, in, n, cut, out)) {
						WT_NOTE("encode bound: %s in %u cut %zu flags %u",
							whatenc_encoding_name(enc), s, cut, fl);
						bad++;
					}
					checks += 2;
				}
	}
	WT_NOTE("worst-case bounds: %d conversions checked, %d exceeded",
		checks, bad);
	WT_EXPECT_EQ(bad, 0);
}

/*
 * In-kernel API misuse (issue 15, item 3): a struct whatenc_buf with a
 * NULL pointer and a non-zero size, or a position past its size. Each
 * call must read and write nothing, leave the coder as it was (a held
 * partial sequence still completes afterwards) and return
 * WHATENC_BUF_ERROR; the kernel warns once (WARN_ON_ONCE in
 * we_bad_buf(), which scripts/vm-run accepts after the marker below).
 */
enum { MISUSE_NULL_IN, MISUSE_NULL_OUT, MISUSE_IN_POS, MISUSE_OUT_POS,
	MISUSE_NR };

static void misuse_buf(struct whatenc_buf *b, int kind, const u8 *in,
		       u8 *out)
{
	*b = (struct whatenc_buf){ in, 0, 2, out, 0, 4 };
	switch (kind) {
	case MISUSE_NULL_IN:
		b->in = NULL;
		break;
	case MISUSE_NULL_OUT:
		b->out = NULL;
		break;
	case MISUSE_IN_POS:
		b->in_pos = 3;
		break;
	default:
		b->out_pos = 5;
		break;
	}
}

static int misuse_untouched(const u8 *out, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (out[i] != 0xaa)
			return 0;
	return 1;
}

WT_CASE(engine_misuse_buf)
{
	/* U+3042 is E3 81 82; the first two bytes are held across calls */
	static const u8 head[] = { 0xe3, 0x81 }, tail[] = { 0x82 };
	static const u8 in[8] = "abcdefg";
	struct whatenc_decoder d;
	struct whatenc_encoder e;
	struct whatenc_buf b;
	u8 out[64];
	int kind;

	WT_NOTE("whatenc-test: expect a WARNING from we_bad_buf");
	for (kind = 0; kind < MISUSE_NR; kind++) {
		WT_ASSERT_EQ(whatenc_decoder_init(&d, WHATENC_UTF_8, 0), 0);
		b = (struct whatenc_buf){ head, 0, 2, out, 0, sizeof(out) };
		WT_EXPECT_EQ(whatenc_decode(&d, &b, false), WHATENC_INPUT_EMPTY);
		memset(out, 0xaa, sizeof(out));
		misuse_buf(&b, kind, in, out);
		WT_EXPECT_EQ(whatenc_decode(&d, &b, true), WHATENC_BUF_ERROR);
		WT_EXPECT_EQ(b.in_pos, kind == MISUSE_IN_POS ? 3 : 0);
		WT_EXPECT_EQ(b.out_pos, kind == MISUSE_OUT_POS ? 5 : 0);
		WT_EXPECT_TRUE(misuse_untouched(out, sizeof(out)));
		b = (struct whatenc_buf){ tail, 0, 1, out, 0, sizeof(out) };
		WT_EXPECT_EQ(whatenc_decode(&d, &b, true), WHATENC_INPUT_EMPTY);
		WT_EXPECT_EQ(b.out_pos, 3);
		WT_EXPECT_MEMEQ(out, "\xe3\x81\x82", 3);

		WT_ASSERT_EQ(whatenc_encoder_init(&e, WHATENC_SHIFT_JIS, 0), 0);
		b = (struct whatenc_buf){ head, 0, 2, out, 0, sizeof(out) };
		WT_EXPECT_EQ(whatenc_encode(&e, &b, false), WHATENC_INPUT_EMPTY);
		memset(out, 0xaa, sizeof(out));
		misuse_buf(&b, kind, in, out);
		WT_EXPECT_EQ(whatenc_encode(&e, &b, true), WHATENC_BUF_ERROR);
		WT_EXPECT_EQ(b.in_pos, kind == MISUSE_IN_POS ? 3 : 0);
		WT_EXPECT_EQ(b.out_pos, kind == MISUSE_OUT_POS ? 5 : 0);
		WT_EXPECT_TRUE(misuse_untouched(out, sizeof(out)));
		b = (struct whatenc_buf){ tail, 0, 1, out, 0, sizeof(out) };
		WT_EXPECT_EQ(whatenc_encode(&e, &b, true), WHATENC_INPUT_EMPTY);
		/* Shift_JIS: U+3042 is 82 A0 */
		WT_EXPECT_EQ(b.out_pos, 2);
		WT_EXPECT_MEMEQ(out, "\x82\xa0", 2);
	}
	/* NULL with a zero size stays valid: the final flush of a stream */
	WT_ASSERT_EQ(whatenc_decoder_init(&d, WHATENC_UTF_8, 0), 0);
	b = (struct whatenc_buf){ NULL, 0, 0, NULL, 0, 0 };
	WT_EXPECT_EQ(whatenc_decode(&d, &b, true), WHATENC_INPUT_EMPTY);
}

WT_SUITE(engine,
	 WT_RUN(engine_init_args),
	 WT_RUN(engine_bom),
	 WT_RUN(engine_bom_sniff_api),
	 WT_RUN(engine_fatal_offsets),
	 WT_RUN(engine_replacement_count),
	 WT_RUN(engine_replay_order),
	 WT_RUN(engine_encoder_errors),
	 WT_RUN(engine_unmappable_count),
	 WT_RUN(engine_reset),
	 WT_RUN(engine_worst_case),
	 WT_RUN(engine_misuse_buf));
