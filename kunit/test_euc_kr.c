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

/*
 * The spec's EUC-KR decoder over index-euc-kr.txt: the output of @in in
 * replacement mode to @out, the errors' offsets and lengths to @r.
 */
static size_t ref_decode(const u8 *in, size_t len, u8 *out,
			 struct cjk_result *r)
{
	size_t i = 0, n = 0;
	u8 lead = 0;

	r->nerr = 0;
	while (i < len) {
		u8 byte = in[i], l = lead;
		u32 cp = 0;

		if (l) {
			lead = 0;
			if (byte >= 0x41 && byte <= 0xfe)
				cp = ref_index_cp((l - 0x81) * 190 +
						  (byte - 0x41));
			if (cp) {
				n += wt_utf8(out + n, cp);
				i++;
				continue;
			}
			r->err_off[r->nerr] = i - 1;
			/* an ASCII byte is read again */
			r->err_len[r->nerr++] = byte < 0x80 ? 1 : 2;
			n += wt_utf8(out + n, 0xfffd);
			if (byte >= 0x80)
				i++;
			continue;
		}
		i++;
		if (byte < 0x80) {
			out[n++] = byte;
		} else if (byte == 0x80 || byte == 0xff) {
			r->err_off[r->nerr] = i - 1;
			r->err_len[r->nerr++] = 1;
			n += wt_utf8(out + n, 0xfffd);
		} else {
			lead = byte;
		}
	}
	if (lead) {
		r->err_off[r->nerr] = len - 1;
		r->err_len[r->nerr++] = 1;
		n += wt_utf8(out + n, 0xfffd);
	}
	return n;
}

#define PROSE_MAX	224

static u32 prose_rand(u32 *seed)
{
	*seed = *seed * 1103515245 + 12345;
	return *seed >> 8;
}

/*
 * Korean-prose-like input from @in[@n] on to about @len bytes: Hangul
 * codes (leads 0xB0..0xC8, trails 0xA1..0xFE), A1 A4 (U+00B7, two bytes
 * of UTF-8), single ASCII bytes and runs of 2-9, and with @bad any lead
 * and trail 0x41..0xFE (null pointers among them, trails in the ASCII
 * range), 0x80, 0xFF, a lead before '!'. Returns the length.
 */
static size_t prose_gen(u8 *in, size_t n, size_t len, u32 *seed, bool bad)
{
	while (n < len) {
		u32 r = prose_rand(seed), k = r % (bad ? 16 : 13);

		r >>= 4;
		if (!bad && k == 11)
			k = 12;
		if (k < 7) {
			in[n++] = 0xb0 + r % 25;
			in[n++] = 0xa1 + (r >> 5) % 94;
		} else if (k < 10) {
			in[n++] = k == 7 ? ' ' : r % 0x80;
		} else if (k == 10) {
			for (k = 2 + r % 8; k-- && n < PROSE_MAX;)
				in[n++] = 'a' + k;
		} else if (k == 11) {
			in[n++] = 0x81 + r % 126;
			in[n++] = 0x41 + (r >> 7) % 190;
		} else if (k == 12) {
			in[n++] = 0xa1;
			in[n++] = 0xa4;
		} else if (k == 13) {
			in[n++] = r & 1 ? 0x80 : 0xff;
		} else {
			in[n++] = 0x81 + r % 126;
			if (k == 14)
				in[n++] = '!';
		}
	}
	return n;
}

/*
 * Decode (@dec, replacement mode) or encode (html mode) @in with exactly
 * @size bytes of output (guard bytes after them must stay), then the
 * rest with room for all: the output must be @exp.
 */
static bool prose_sized(bool dec, const u8 *in, size_t len, const u8 *exp,
			size_t nexp, size_t size, u8 *buf, size_t cap)
{
	struct whatenc_decoder d;
	struct whatenc_encoder e;
	struct whatenc_buf b = { .in = in, .in_size = len, .out = buf,
				 .out_size = size };
	enum whatenc_ret r;
	size_t i;

	memset(buf, 0xa5, cap);
	if (dec)
		whatenc_decoder_init(&d, WHATENC_EUC_KR, WHATENC_BOM_KEEP);
	else
		whatenc_encoder_init(&e, WHATENC_EUC_KR, WHATENC_ENC_HTML);
	r = dec ? whatenc_decode(&d, &b, true) : whatenc_encode(&e, &b, true);
	for (i = size; i < cap; i++)
		if (buf[i] != 0xa5)
			return false;
	if (b.out_pos > size || memcmp(buf, exp, b.out_pos))
		return false;
	if (r == WHATENC_INPUT_EMPTY)
		return b.out_pos == nexp && b.in_pos == len;
	if (r != WHATENC_OUTPUT_FULL || b.out_pos >= nexp)
		return false;
	b.out_size = cap;
	r = dec ? whatenc_decode(&d, &b, true) : whatenc_encode(&e, &b, true);
	return r == WHATENC_INPUT_EMPTY && b.out_pos == nexp &&
	       !memcmp(buf, exp, nexp);
}

/*
 * The decoder's fast paths on prose shapes of @min_len + 0..79 bytes
 * (the first @clean without the malformed ones, which leave the fast
 * path) against ref_decode(): replacement and fatal mode with room for
 * all, and every output size, at every vector level. Returns the
 * failures.
 */
static unsigned int prose_fast_run(struct wt_ctx *wt, size_t min_len,
				   size_t clean, unsigned int count)
{
	const size_t cap = 4 * PROSE_MAX + 16;
	struct cjk_result *r = cjk_result_alloc(wt, cap);
	struct cjk_result *ref = cjk_result_alloc(wt, 16);
	u8 *in = WT_ALLOC(PROSE_MAX + 8), *exp = WT_ALLOC(cap);
	u8 *buf = WT_ALLOC(cap);
	unsigned int fails = 0, i, e;
	int level;

	for (level = WHATENC_VEC_SCALAR; level <= WHATENC_VEC_AVX2; level++) {
		u32 seed = 1;

		if (whatenc_vec_set_level(level) != level)
			continue;
		for (i = 0; i < count; i++) {
			size_t nexp, size, len = prose_gen(in, 0, clean, &seed,
							   false);
			bool ok;

			len = prose_gen(in, len, min_len + i % 80, &seed, true);
			nexp = ref_decode(in, len, exp, ref);

			if (i % 64 == 0)
				WT_YIELD();
			cjk_dec(WHATENC_EUC_KR, 0, in, len, r);
			ok = !r->bad && r->n == nexp && !memcmp(r->out, exp, nexp);
			cjk_dec(WHATENC_EUC_KR, WHATENC_DEC_FATAL, in, len, r);
			ok = ok && !r->bad && r->nerr == ref->nerr;
			for (e = 0; ok && e < r->nerr; e++)
				ok = r->err_off[e] == ref->err_off[e] &&
				     r->err_len[e] == ref->err_len[e];
			for (size = 0; ok && size <= 4 * len + 8; size++)
				ok = prose_sized(true, in, len, exp, nexp, size,
						 buf, cap);
			if (!ok && fails++ < 3)
				WT_FAIL("euc_kr prose level %d input %u (%zu bytes): size %zu",
					level, i, len, size);
		}
	}
	whatenc_vec_set_level(WHATENC_VEC_AUTO);
	return fails;
}

/* Below 128 bytes: we_dec_fast_loop() (names) */
WT_CASE(euc_kr_prose_fast)
{
	WT_EXPECT_EQ(prose_fast_run(wt, 8, 0, WT_HEAVY ? 3000 : 300), 0);
}

/*
 * From 128 bytes on: the take-along loop (a code and a single ASCII
 * byte after it as one step) over the first 120 bytes without malformed
 * input, then the rest with it
 */
WT_CASE(euc_kr_prose_fast_long)
{
	WT_EXPECT_EQ(prose_fast_run(wt, 128, 120, WT_HEAVY ? 600 : 100), 0);
}

/*
 * UTF-8 prose of about @len bytes, its encoding in html mode to @exp (the
 * spec's encoder over index-euc-kr.txt, ref_encode()): Hangul syllables
 * (U+AC00..U+D7A3, most of them in KS X 1001, the rest unmappable:
 * "&#N;"), U+00B7 (two bytes of UTF-8), U+4E00, U+1F600 (four bytes,
 * unmappable), single ASCII bytes and runs of 2-9, a lone 0x80 and
 * ED A0 (malformed: U+FFFD, unmappable). Returns the length.
 */
static size_t prose_make_utf8(u8 *in, size_t len, u8 *exp, size_t *nexp,
			      u32 *seed)
{
	size_t n = 0;

	*nexp = 0;
	while (n < len) {
		u32 r = prose_rand(seed), k = r % 16, cp = 0;
		int m;

		r >>= 4;
		if (k < 8) {
			cp = 0xac00 + r % 11172;
		} else if (k < 11) {
			cp = k == 8 ? ' ' : r % 0x80;
		} else if (k == 11) {
			for (k = 2 + r % 8; k-- && n < PROSE_MAX;) {
				in[n++] = 'a' + k;
				exp[(*nexp)++] = 'a' + k;
			}
			continue;
		} else if (k == 12) {
			cp = r & 1 ? 0xb7 : 0x4e00;
		} else if (k == 13) {
			cp = 0x1f600;
		} else {
			/* 80: one error; ED A0: two (A0 is read again) */
			in[n++] = k == 14 ? 0x80 : 0xed;
			*nexp += cjk_put_ncr(exp + *nexp, 0xfffd);
			if (k == 15) {
				in[n++] = 0xa0;
				*nexp += cjk_put_ncr(exp + *nexp, 0xfffd);
			}
			continue;
		}
		n += wt_utf8(in + n, cp);
		m = ref_encode(cp, exp + *nexp);
		if (m)
			*nexp += m;
		else
			*nexp += cjk_put_ncr(exp + *nexp, cp);
	}
	return n;
}

/*
 * The encoder's fast path (a Hangul syllable and a single ASCII byte
 * after it as one step) on prose shapes against the spec's encoder, html
 * mode, every output size, at every vector level.
 */
WT_CASE(euc_kr_prose_encode)
{
	const unsigned int count = WT_HEAVY ? 3000 : 300;
	const size_t cap = 12 * PROSE_MAX + 16;
	u8 *in = WT_ALLOC(PROSE_MAX + 8), *exp = WT_ALLOC(cap);
	u8 *buf = WT_ALLOC(cap);
	unsigned int fails = 0, i;
	int level;

	ref_build_rev(wt);
	for (level = WHATENC_VEC_SCALAR; level <= WHATENC_VEC_AVX2; level++) {
		u32 seed = 7;

		if (whatenc_vec_set_level(level) != level)
			continue;
		for (i = 0; i < count; i++) {
			size_t nexp, len, size;
			bool ok = true;

			len = prose_make_utf8(in, 8 + i % 80, exp, &nexp, &seed);
			if (i % 64 == 0)
				WT_YIELD();
			for (size = 0; ok && size <= nexp + 8; size++)
				ok = prose_sized(false, in, len, exp, nexp, size,
						 buf, cap);
			if (!ok && fails++ < 3)
				WT_FAIL("euc_kr prose encode level %d input %u (%zu bytes): size %zu",
					level, i, len, size);
		}
	}
	whatenc_vec_set_level(WHATENC_VEC_AUTO);
	WT_EXPECT_EQ(fails, 0);
}

/* The spec's encoder, html mode: @cp's bytes (or "&#N;") at @exp. */
static size_t ref_encode_html(u32 cp, u8 *exp)
{
	int n = ref_encode(cp, exp);

	return n ? (size_t)n : cjk_put_ncr(exp, cp);
}

/* Append @cp to the input at @in[*n] and its html encoding at @exp[*ne]. */
static void slots_put(u8 *in, size_t *n, u8 *exp, size_t *ne, u32 cp)
{
	*n += wt_utf8(in + *n, cp);
	*ne += ref_encode_html(cp, exp + *ne);
}

/*
 * The encoder's loop takes two Hangul syllables from one 8-byte load,
 * the second at byte 3, or at byte 4 when the first took an ASCII byte
 * along (euc_kr_enc_hangul()). Every code point U+0080..U+FFFF but the
 * surrogates in the second place after a syllable, in the second place
 * after a syllable and a space, and in the first place, each followed by
 * an ASCII byte (taken along by a syllable), against the spec's encoder
 * over index-euc-kr.txt: html mode, and fatal mode's errors (offset,
 * length, code point), at every vector level.
 */
WT_CASE(euc_kr_encode_slots)
{
	enum { BATCH = 512, UNIT = 24 };
	struct cjk_result *r = cjk_result_alloc(wt, BATCH * 40 + 64);
	u8 *in = WT_ALLOC(BATCH * UNIT + 8), *exp = WT_ALLOC(BATCH * 40);
	u32 *eoff = WT_ALLOC(3 * BATCH * sizeof(u32));
	u32 *ecp = WT_ALLOC(3 * BATCH * sizeof(u32));
	unsigned int fails = 0;
	int level;

	ref_build_rev(wt);
	for (level = WHATENC_VEC_SCALAR; level <= WHATENC_VEC_AVX2; level++) {
		u32 base;

		if (whatenc_vec_set_level(level) != level)
			continue;
		for (base = 0x80; base < 0x10000; base += BATCH) {
			size_t n = 0, ne = 0;
			unsigned int nerr = 0, i;
			u32 cp;

			WT_YIELD();
			for (cp = base; cp < base + BATCH && cp < 0x10000; cp++) {
				/* a syllable of KS X 1001 or of UHC's rest */
				u32 syl = 0xac00 + cp % 11172;
				unsigned int k;

				if (cp >= 0xd800 && cp <= 0xdfff)
					continue;
				for (k = 0; k < 3; k++) {
					in[n++] = 'a';
					in[n++] = 'b';
					exp[ne++] = 'a';
					exp[ne++] = 'b';
					if (k < 2)
						slots_put(in, &n, exp, &ne, syl);
					if (k == 1) {
						in[n++] = ' ';
						exp[ne++] = ' ';
					}
					if (!ref_encode(cp, exp + ne)) {
						eoff[nerr] = n;
						ecp[nerr++] = cp;
					}
					slots_put(in, &n, exp, &ne, cp);
					if (k) {
						in[n++] = 'c';
						exp[ne++] = 'c';
					}
				}
			}
			cjk_run(false, WHATENC_EUC_KR, WHATENC_ENC_HTML, in, n,
				NULL, 0, 0, r);
			if (r->bad || r->nerr || r->n != ne ||
			    memcmp(r->out, exp, ne)) {
				if (fails++ < 3)
					WT_FAIL("level %d html: batch at U+%04X differs",
						level, base);
				continue;
			}
			cjk_run(false, WHATENC_EUC_KR, 0, in, n, NULL, 0, 0, r);
			if (r->bad || r->nerr != nerr) {
				if (fails++ < 3)
					WT_FAIL("level %d fatal: batch at U+%04X: %u errors, not %u",
						level, base, r->nerr, nerr);
				continue;
			}
			for (i = 0; i < nerr; i++) {
				if (r->err_off[i] != eoff[i] ||
				    r->err_cp[i] != ecp[i] ||
				    r->err_len[i] != (ecp[i] < 0x800 ? 2u : 3u)) {
					if (fails++ < 3)
						WT_FAIL("level %d fatal: batch at U+%04X: error %u",
							level, base, i);
					break;
				}
			}
		}
	}
	whatenc_vec_set_level(WHATENC_VEC_AUTO);
	WT_EXPECT_EQ(fails, 0);
}

static const u32 breaks_cp[] = { 0xabff, 0xd7a4, 0x1f600, 0xc0 };

/*
 * What euc_kr_encode_run_breaks() puts before syllable @at: @kind 0..3
 * breaks_cp[@kind], 4 a lone continuation byte, 5 a truncated syllable
 * before '!'.
 */
static void breaks_put(u8 *in, size_t *n, u8 *exp, size_t *ne,
		       unsigned int kind)
{
	if (kind < 4) {
		slots_put(in, n, exp, ne, breaks_cp[kind]);
		return;
	}
	if (kind == 4) {
		in[(*n)++] = 0xbf;
	} else {
		in[(*n)++] = 0xea;
		in[(*n)++] = 0xb0;
	}
	*ne += cjk_put_ncr(exp + *ne, 0xfffd);
	if (kind == 5) {
		in[(*n)++] = '!';
		exp[(*ne)++] = '!';
	}
}

/*
 * The run of euc_kr_encode_run_breaks() to @in, its html encoding to
 * @exp (length *@ne), the break's offset to *@off. Returns the length.
 */
static size_t breaks_make(u8 *in, u8 *exp, size_t *ne, size_t *off,
			  unsigned int gap, unsigned int at, unsigned int kind)
{
	size_t n = 0;
	unsigned int k;

	*ne = 0;
	for (k = 0; k <= 20; k++) {
		if (k == at) {
			*off = n;
			breaks_put(in, &n, exp, ne, kind);
		}
		if (k == 20)
			break;
		slots_put(in, &n, exp, ne, 0xac00 + (k * 7919 + at) % 11172);
		if (gap == 1 || (gap == 2 && k % 3 == 2)) {
			in[n++] = ' ';
			exp[(*ne)++] = ' ';
		}
	}
	return n;
}

/*
 * A run of 20 Hangul syllables (no spaces, a space after each, a space
 * after every third) with one character it does not take inserted before
 * each of them and at its end: unmappable (U+ABFF and U+D7A4 next to the
 * syllables, U+1F600, U+00C0), a lone continuation byte, a truncated
 * syllable before an ASCII byte. Html mode with every output size
 * (prose_sized(): output full at every position), and fatal mode's error
 * (offset, code point) for the unmappables, at every vector level.
 */
WT_CASE(euc_kr_encode_run_breaks)
{
	const size_t cap = 1024;
	struct cjk_result *r = cjk_result_alloc(wt, cap);
	u8 *in = WT_ALLOC(256), *exp = WT_ALLOC(cap), *buf = WT_ALLOC(cap);
	unsigned int fails = 0, gap, at, kind;
	int level;

	ref_build_rev(wt);
	for (level = WHATENC_VEC_SCALAR; level <= WHATENC_VEC_AVX2; level++) {
		if (whatenc_vec_set_level(level) != level)
			continue;
		for (gap = 0; gap < 3; gap++) {
			WT_YIELD();
			for (at = 0; at <= 20; at++)
				for (kind = 0; kind < 6; kind++) {
					size_t ne, off = 0, size, n;
					bool ok = true;

					n = breaks_make(in, exp, &ne, &off, gap,
							at, kind);
					for (size = 0; ok && size <= ne + 8; size++)
						ok = prose_sized(false, in, n, exp, ne,
								 size, buf, cap);
					if (ok && kind < 4) {
						cjk_run(false, WHATENC_EUC_KR, 0, in, n,
							NULL, 0, 0, r);
						ok = !r->bad && r->nerr == 1 &&
						     r->err_off[0] == off &&
						     r->err_cp[0] == breaks_cp[kind];
					}
					if (!ok && fails++ < 3)
						WT_FAIL("level %d gap %u at %u kind %u: size %zu",
							level, gap, at, kind, size);
				}
		}
	}
	whatenc_vec_set_level(WHATENC_VEC_AUTO);
	WT_EXPECT_EQ(fails, 0);
}

WT_SUITE(euc_kr,
	 WT_RUN(euc_kr_two_byte_exhaustive),
	 WT_RUN(euc_kr_prose_fast),
	 WT_RUN(euc_kr_prose_fast_long),
	 WT_RUN(euc_kr_encode_exhaustive),
	 WT_RUN(euc_kr_prose_encode),
	 WT_RUN(euc_kr_encode_slots),
	 WT_RUN(euc_kr_encode_run_breaks),
	 WT_RUN(euc_kr_spec_edges),
	 WT_RUN(euc_kr_split_everywhere));

#else /* !CJK_INDEX_PRESENT */

WT_CASE(euc_kr_no_index)
{
	WT_SKIP("build/vectors/cjk_index.h: index files missing");
}

WT_SUITE(euc_kr, WT_RUN(euc_kr_no_index));

#endif
