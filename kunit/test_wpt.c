// SPDX-License-Identifier: GPL-2.0-only
/*
 * test_wpt.c - one generic runner for all WPT encoding/ vectors
 *
 * Runs every row of decode.tsv, encode.tsv, streaming.tsv, labels.tsv,
 * labels_rejected.tsv, encode_into.tsv and roundtrip_utf8.tsv (from
 * $(SHARED)/wpt-encoding via build/vectors/wpt_vectors.h) for every
 * encoding, and prints pass/fail counts per encoding. Nothing is
 * filtered: a row whose encoding is not implemented yet fails.
 *
 * Mapping of WPT's JS APIs onto the C API:
 * - TextDecoder: WHATENC_BOM_STRIP; ignoreBOM: WHATENC_BOM_KEEP; XHR
 *   (bomsniff) and documents: WHATENC_BOM_SNIFF (the spec's "decode");
 *   fatal: WHATENC_DEC_FATAL. "label-unsupported,fallback=utf-8": the
 *   label must not resolve; the row is then decoded as UTF-8 + sniff.
 * - Encoders: url-query and form rows are html mode; TextEncoder rows
 *   are UTF-8. Encoder inputs are JS strings: lone surrogates become
 *   U+FFFD (USVString conversion) before they are given to us as UTF-8.
 *   TextEncoderStream keeps a lead surrogate that ends a chunk for the
 *   next chunk (U+FFFD if the stream closes); that JS-side conversion is
 *   modelled here, outside the converter.
 * - encodeInto: the input is given one code point at a time to a UTF-8
 *   encoder whose output space is what is left of the destination; the
 *   first code point that does not fit (WHATENC_OUTPUT_FULL) ends it.
 *   "read" counts the UTF-16 code units of the code points written.
 * - Streams and TextDecoder with {stream}: one whatenc_decode() call per
 *   chunk; its output is the chunk (empty outputs are not enqueued).
 *   A fatal error thrown by a flushing call resets the decoder, as the
 *   next TextDecoder.decode() starts a new one.
 * Rows that could not apply to a C converter would be classified as
 * skipped in wpt_skip_reason() with a reason; at present none is.
 *
 * SUPERSEDED rows (WTV_F_SUPERSEDED; docs/wpt-deviations.md). We
 * implement the current Encoding Standard; where data disagrees, the
 * current text wins. The gb18030/GBK rows "GB18030-2022 19".."36" of
 * gb18030-decoder.any.js (36 decode rows: 18 [gb18030] + 18 [gbk]) and
 * of gb18030-encoder.html (18 encode rows) were transcribed from a WPT
 * version matching the closed whatwg/encoding PR #335 draft, which
 * swapped the 4-byte sequences onto the old PUA code points. The merged
 * PR #336 ("Adopt GB18030-2022", 2c3853e; $(SHARED)/whatwg/encoding.bs
 * at a985b62) did not: the 4-byte sequences keep their "index gb18030
 * ranges code point", and the encoder maps the 18 PUA code points to
 * two bytes through its own table. Examples:
 *   82 35 90 37: pointer 19057; the last ranges entry <= 19057 is
 *     19043 -> U+9FA6, so U+9FA6 + 14 = U+9FB4 (WPT row: U+E81E);
 *   84 31 82 36: pointer 39076 -> U+FE10 (WPT row: U+E78D);
 *   U+E78D encodes to A6 D9 by the encoder's table (WPT row:
 *     84 31 82 36; gbk-encoder.html's own row already says A6 D9).
 * scripts/vectors/wpt.py picks these rows by a narrow rule (source file,
 * case name "GB18030-2022 N" with 19 <= N <= 36, gb18030/gbk label),
 * computes the current standard's value from $(SHARED)/whatwg (not from
 * our code) and keeps WPT's value next to it. Here such a row must give
 * the spec value AND must differ from WPT's value, and the number of
 * such rows must be exactly 36 decode + 18 encode: if the data is ever
 * re-transcribed (e.g. from a WPT that follows PR #336), this fails and
 * the rule has to be revisited. They are counted in their own
 * "superseded" column, never as plain "passed".
 */
#include "whatenc.h"
#include "wt_test.h"
#include "wt_util.h"
#include "wpt_vectors.h"

#define NENC (WHATENC_NR_ENCODINGS + 1)	/* last: label did not resolve */

/* Rows the rule in wpt.py must mark superseded (see the top comment). */
#define WPT_SUPERSEDED_DECODE	36
#define WPT_SUPERSEDED_ENCODE	18

/* tally_add() results */
#define WT_ROW_SKIP		(-1)
#define WT_ROW_FAIL		0
#define WT_ROW_PASS		1
#define WT_ROW_SUPERSEDED	2	/* passed against current encoding.bs */

struct tally {
	int pass[NENC], fail[NENC], skip[NENC], sup[NENC];
	int shown;
};

static const char *enc_name(int enc)
{
	return enc >= 0 && enc < WHATENC_NR_ENCODINGS ? whatenc_encoding_name(enc) :
							 "(no encoding)";
}

static void tally_add(struct wt_ctx *wt, struct tally *t, int enc, int ok,
		      const char *what, int line)
{
	int k = enc >= 0 && enc < WHATENC_NR_ENCODINGS ? enc : NENC - 1;

	(void)wt;

	if (ok == WT_ROW_SUPERSEDED) {
		t->sup[k]++;
	} else if (ok > 0) {
		t->pass[k]++;
	} else if (ok == 0) {
		t->fail[k]++;
		if (t->shown++ < 12)
			WT_NOTE("FAIL %s line %d (%s)", what, line,
				enc_name(enc));
	} else {
		t->skip[k]++;
	}
}

static void tally_report(struct wt_ctx *wt, struct tally *t, const char *what)
{
	int k, p = 0, f = 0, s = 0, x = 0;

	for (k = 0; k < NENC; k++) {
		if (!t->pass[k] && !t->fail[k] && !t->skip[k] && !t->sup[k])
			continue;
		WT_NOTE("WPT %s %s: %d passed, %d superseded, %d failed, %d skipped",
			what, enc_name(k < WHATENC_NR_ENCODINGS ? k : -1),
			t->pass[k], t->sup[k], t->fail[k], t->skip[k]);
		p += t->pass[k];
		f += t->fail[k];
		s += t->skip[k];
		x += t->sup[k];
	}
	WT_NOTE("WPT %s total: %d passed, %d superseded (checked against current encoding.bs), %d failed, %d skipped",
		what, p, x, f, s);
	if (f)
		WT_FAIL("WPT %s: %d rows failed", what, f);
}

/* The first UTF-16 code unit of UTF-8 @p[0..@n-1] (0x110000 if empty). */
static u32 first_unit(const u8 *p, size_t n)
{
	u32 cp;

	if (!n)
		return 0x110000;
	if (p[0] < 0x80)
		return p[0];
	if (p[0] < 0xe0 && n >= 2)
		return (p[0] & 0x1f) << 6 | (p[1] & 0x3f);
	if (p[0] < 0xf0 && n >= 3)
		return (p[0] & 0xf) << 12 | (p[1] & 0x3f) << 6 | (p[2] & 0x3f);
	if (n < 4)
		return 0x110001;
	cp = (p[0] & 7) << 18 | (p[1] & 0x3f) << 12 | (p[2] & 0x3f) << 6 |
	     (p[3] & 0x3f);
	return 0xd800 + ((cp - 0x10000) >> 10);
}

/* JS string (code points, maybe lone surrogates) -> UTF-8 of its USVString */
static size_t usv_utf8(const u32 *cps, size_t n, u8 *out)
{
	size_t i, o = 0;

	for (i = 0; i < n; i++)
		o += wt_utf8(out + o, cps[i] >= 0xd800 && cps[i] <= 0xdfff ?
				      0xfffd : cps[i]);
	return o;
}

static int resolve(const char *label, size_t len)
{
	return whatenc_get_encoding(label, len);
}

/* Rows that cannot apply to a C converter: none so far. */
static const char *wpt_skip_reason(u32 flags)
{
	(void)flags;
	return NULL;
}

static unsigned int dec_flags(u32 f, bool fatal)
{
	unsigned int fl = fatal ? WHATENC_DEC_FATAL : 0;

	if (f & (WTV_F_BOMSNIFF | WTV_F_DOCUMENT))
		fl |= WHATENC_BOM_SNIFF;
	else if (f & WTV_F_IGNOREBOM)
		fl |= WHATENC_BOM_KEEP;
	else
		fl |= WHATENC_BOM_STRIP;
	return fl;
}

static int check_out(u8 kind, u32 flags, const struct wt_run *r,
		     const u8 *exp, size_t elen)
{
	bool same;

	if (r->overflow)
		return 0;
	switch (kind) {
	case WTV_EXP_ERROR:
		return r->nerr > 0;
	case WTV_EXP_NOERROR:
		return r->nerr == 0;
	case WTV_EXP_ANY:
		return 1;
	}
	if (flags & WTV_F_FIRST_CODE_UNIT)
		same = first_unit(r->out, r->out_len) == first_unit(exp, elen);
	else
		same = r->out_len == elen && !memcmp(r->out, exp, elen);
	if (kind == WTV_EXP_NOT)
		return !same;
	return same && r->nerr == 0;
}

/*
 * A WTV_F_SUPERSEDED row: @ok is the check against the current
 * standard's value; our output must also differ from WPT's stale value
 * (@wexp/@woff/@wlen), else the data changed and the rule is stale.
 */
static int check_superseded(struct wt_ctx *wt, int ok, u32 flags,
			    const struct wt_run *r, u8 wexp, u32 woff,
			    u32 wlen, const char *what, int line)
{
	(void)wt;

	if (!ok) {
		WT_NOTE("FAIL %s line %d: superseded row, output differs from the current encoding.bs value",
			what, line);
		return WT_ROW_FAIL;
	}
	if (check_out(wexp, flags, r, wpt_bytes + woff, wlen)) {
		WT_NOTE("FAIL %s line %d: superseded row, but the output equals WPT's expectation too: revisit the rule (docs/wpt-deviations.md)",
			what, line);
		return WT_ROW_FAIL;
	}
	return WT_ROW_SUPERSEDED;
}

static void check_superseded_count(struct wt_ctx *wt, const char *what, int n,
				   int want)
{
	(void)wt;

	if (n != want)
		WT_FAIL("WPT %s: %d superseded rows, the rule expects %d: revisit it (docs/wpt-deviations.md)",
			what, n, want);
}

WT_CASE(wpt_case_decode)
{
	struct tally *t = WT_ALLOC(sizeof(*t));
	struct wt_run *r = WT_ALLOC(sizeof(*r));
	int i, nsup = 0;

	if (!WPT_PRESENT)
		WT_SKIP("WPT vectors missing (SHARED not found at build time)");
	r->out_cap = 16384;
	r->out = WT_ALLOC(r->out_cap);
	for (i = 0; i < WPT_N_DECODE; i++) {
		const struct wtv_decode *v = &wpt_decode[i];
		int enc = resolve(v->label, v->label_len), ok;

		nsup += !!(v->flags & WTV_F_SUPERSEDED);

		if (wpt_skip_reason(v->flags)) {
			tally_add(wt, t, enc, -1, "decode.tsv", v->line);
			continue;
		}
		if (v->flags & WTV_F_LABEL_UNSUPPORTED) {
			if (enc >= 0) {
				tally_add(wt, t, enc, 0, "decode.tsv", v->line);
				continue;
			}
			enc = WHATENC_UTF_8;
		}
		if (enc < 0) {
			tally_add(wt, t, enc, 0, "decode.tsv", v->line);
			continue;
		}
		r->overflow = false;
		wt_decode_once(enc, dec_flags(v->flags, v->fatal),
			       wpt_bytes + v->in_off, v->in_len, r);
		ok = check_out(v->exp, v->flags, r, wpt_bytes + v->exp_off,
			       v->exp_len);
		if (v->flags & WTV_F_SUPERSEDED)
			ok = check_superseded(wt, ok, v->flags, r, v->wpt_exp,
					      v->wpt_off, v->wpt_len,
					      "decode.tsv", v->line);
		tally_add(wt, t, enc, ok, "decode.tsv", v->line);
	}
	tally_report(wt, t, "decode.tsv");
	check_superseded_count(wt, "decode.tsv", nsup, WPT_SUPERSEDED_DECODE);
}

WT_CASE(wpt_case_encode)
{
	struct tally *t = WT_ALLOC(sizeof(*t));
	struct wt_run *r = WT_ALLOC(sizeof(*r));
	u8 *in = WT_ALLOC(4096);
	int i, nsup = 0;

	if (!WPT_PRESENT)
		WT_SKIP("WPT vectors missing (SHARED not found at build time)");
	r->out_cap = 16384;
	r->out = WT_ALLOC(r->out_cap);
	for (i = 0; i < WPT_N_ENCODE; i++) {
		const struct wtv_encode *v = &wpt_encode[i];
		int enc = resolve(v->label, v->label_len), ok;
		size_t n;

		nsup += !!(v->flags & WTV_F_SUPERSEDED);

		if (enc < 0 || v->in_len > 1000) {
			tally_add(wt, t, enc, 0, "encode.tsv", v->line);
			continue;
		}
		n = usv_utf8(wpt_cps + v->in_off, v->in_len, in);
		r->overflow = false;
		wt_encode_once(enc, v->html ? WHATENC_ENC_HTML : 0, in, n, r);
		ok = check_out(v->exp, v->flags, r, wpt_bytes + v->exp_off,
			       v->exp_len);
		if (v->flags & WTV_F_SUPERSEDED)
			ok = check_superseded(wt, ok, v->flags, r, v->wpt_exp,
					      v->wpt_off, v->wpt_len,
					      "encode.tsv", v->line);
		tally_add(wt, t, enc, ok, "encode.tsv", v->line);
	}
	tally_report(wt, t, "encode.tsv");
	check_superseded_count(wt, "encode.tsv", nsup, WPT_SUPERSEDED_ENCODE);
}

/* State of one streaming scenario. */
struct scen {
	struct whatenc_decoder d;
	struct whatenc_encoder e;
	int enc;
	bool encoder, error, thrown_star;
	u32 pending_lead;	/* TextEncoderStream: lead surrogate held */
	u8 all[4096];		/* all outputs, concatenated */
	size_t all_len;
	size_t chunk_len[64];	/* non-empty outputs */
	int nchunks;
};

/* One call of the converter; returns the output length, -1 on error. */
static long scen_call(struct scen *s, const u8 *in, size_t len, bool last)
{
	struct whatenc_buf b = { .in = in, .in_size = len,
				 .out = s->all + s->all_len,
				 .out_size = sizeof(s->all) - s->all_len };
	enum whatenc_ret ret;

	ret = s->encoder ? whatenc_encode(&s->e, &b, last) :
			   whatenc_decode(&s->d, &b, last);
	if (ret == WHATENC_MALFORMED || ret == WHATENC_UNMAPPABLE) {
		s->error = true;
		if (last) {
			if (s->encoder)
				whatenc_encoder_reset(&s->e);
			else
				whatenc_decoder_reset(&s->d);
		}
		return -1;	/* JS threw: this call's output is lost */
	}
	if (ret != WHATENC_INPUT_EMPTY)
		return -2;
	return b.out_pos;
}

static int stream_step(struct scen *s, const struct wtv_stream *v, u8 *tmp)
{
	const u8 *exp = wpt_bytes + v->exp_off;
	long n;
	size_t len = 0;
	int k;

	switch (v->op) {
	case WTV_OP_DECODE_STREAM:
	case WTV_OP_DECODE_FLUSH:
	case WTV_OP_ENCODE_STREAM:
	case WTV_OP_ENCODE_FLUSH:
		if (v->exp == WTV_EXP_ERROR && s->thrown_star) {
			/* the '*' step before threw: this ERROR step is met */
			s->thrown_star = false;
			return 1;
		}
		if (v->op == WTV_OP_ENCODE_STREAM ||
		    v->op == WTV_OP_ENCODE_FLUSH) {
			const u32 *cps = wpt_cps + v->in_off;
			u32 i;

			for (i = 0; i < v->in_len; i++) {
				u32 cp = cps[i];

				if (s->pending_lead) {
					if (cp >= 0xdc00 && cp <= 0xdfff) {
						cp = 0x10000 +
						     ((s->pending_lead - 0xd800) << 10) +
						     (cp - 0xdc00);
						s->pending_lead = 0;
						len += wt_utf8(tmp + len, cp);
						continue;
					}
					len += wt_utf8(tmp + len, 0xfffd);
					s->pending_lead = 0;
				}
				if (cp >= 0xd800 && cp <= 0xdbff &&
				    i + 1 == v->in_len &&
				    v->op == WTV_OP_ENCODE_STREAM) {
					s->pending_lead = cp;
					continue;
				}
				if (cp >= 0xd800 && cp <= 0xdbff && i + 1 < v->in_len &&
				    cps[i + 1] >= 0xdc00 && cps[i + 1] <= 0xdfff) {
					cp = 0x10000 + ((cp - 0xd800) << 10) +
					     (cps[i + 1] - 0xdc00);
					i++;
				}
				len += usv_utf8(&cp, 1, tmp + len);
			}
			if (v->op == WTV_OP_ENCODE_FLUSH && s->pending_lead) {
				len += wt_utf8(tmp + len, 0xfffd);
				s->pending_lead = 0;
			}
		} else {
			memcpy(tmp, exp - v->exp_off + v->in_off, v->in_len);
			len = v->in_len;
		}
		n = scen_call(s, tmp, len, v->op == WTV_OP_DECODE_FLUSH ||
			      v->op == WTV_OP_ENCODE_FLUSH);
		if (n == -2)
			return 0;
		if (n < 0) {
			if (v->exp == WTV_EXP_ANY) {
				s->thrown_star = true;
				return 1;
			}
			return v->exp == WTV_EXP_ERROR;
		}
		if (n > 0) {
			if (s->nchunks < 64)
				s->chunk_len[s->nchunks] = n;
			s->nchunks++;
		}
		s->all_len += n;
		switch (v->exp) {
		case WTV_EXP_ERROR:
			return 0;
		case WTV_EXP_ANY:
		case WTV_EXP_NOERROR:
			return 1;
		case WTV_EXP_NOT:
			return !((size_t)n == v->exp_len &&
				 !memcmp(s->all + s->all_len - n, exp, n));
		}
		return (size_t)n == v->exp_len &&
		       !memcmp(s->all + s->all_len - n, exp, n);
	case WTV_OP_CHECK_CONCAT:
		return s->all_len == v->exp_len &&
		       !memcmp(s->all, exp, s->all_len);
	case WTV_OP_CHECK_CHUNKS:
		if (s->nchunks != (int)v->nchunks || s->all_len != v->exp_len ||
		    memcmp(s->all, exp, s->all_len))
			return 0;
		for (k = 0; k < s->nchunks && k < 64; k++)
			if (s->chunk_len[k] != wpt_lens[v->chunks_off + k])
				return 0;
		return 1;
	case WTV_OP_CHECK_COUNT:
		return s->nchunks == (int)v->exp_len;
	case WTV_OP_CHECK_FIRST_CHUNK:
		return s->nchunks > 0 && s->chunk_len[0] == v->exp_len &&
		       !memcmp(s->all, exp, v->exp_len);
	case WTV_OP_CHECK_ERROR:
		return s->error;
	}
	return 0;
}

WT_CASE(wpt_case_streaming)
{
	struct tally *t = WT_ALLOC(sizeof(*t));
	struct scen *s = WT_ALLOC(sizeof(*s));
	u8 *tmp = WT_ALLOC(4096);
	int i, cur = -1;

	if (!WPT_PRESENT)
		WT_SKIP("WPT vectors missing (SHARED not found at build time)");
	for (i = 0; i < WPT_N_STREAM; i++) {
		const struct wtv_stream *v = &wpt_stream[i];
		int ok;

		if (v->scenario != cur) {
			cur = v->scenario;
			memset(s, 0, sizeof(*s));
			s->encoder = v->flags & WTV_F_TEXTENCODERSTREAM;
			s->enc = resolve(v->label, v->label_len);
			if (s->enc >= 0) {
				if (s->encoder)
					whatenc_encoder_init(&s->e, s->enc, 0);
				else
					whatenc_decoder_init(&s->d, s->enc,
							     dec_flags(v->flags,
								       v->fatal));
			}
		}
		ok = s->enc < 0 ? 0 : stream_step(s, v, tmp);
		tally_add(wt, t, s->enc, ok, "streaming.tsv", v->line);
	}
	tally_report(wt, t, "streaming.tsv");
}

static bool name_is(const char *a, const char *b, bool lower)
{
	for (; *a && *b; a++, b++) {
		char c = *a;

		if (lower && c >= 'A' && c <= 'Z')
			c += 'a' - 'A';
		if (c != *b)
			return false;
	}
	return *a == *b;
}

WT_CASE(wpt_case_labels)
{
	struct tally *t = WT_ALLOC(sizeof(*t));
	int i;

	if (!WPT_PRESENT)
		WT_SKIP("WPT vectors missing (SHARED not found at build time)");
	for (i = 0; i < WPT_N_LABELS; i++) {
		const struct wtv_label *v = &wpt_labels[i];
		int enc = resolve(v->label, v->label_len), ok;

		switch (v->kind) {
		case WTV_LABEL_OK:
			ok = enc >= 0 &&
			     name_is(whatenc_encoding_name(enc), v->enc_lower, true) &&
			     (!v->name || name_is(whatenc_encoding_name(enc), v->name,
						  false));
			break;
		case WTV_REJ_TEXTDECODER:
			/* TextDecoder also rejects the replacement encoding */
			ok = enc < 0 ? (enc == -EINVAL) :
			     enc == WHATENC_REPLACEMENT;
			break;
		default:
			ok = enc == -EINVAL;
			break;
		}
		tally_add(wt, t, enc, ok, v->line >= 10000 ?
			  "labels_rejected.tsv" : "labels.tsv",
			  v->line % 10000);
	}
	tally_report(wt, t, "labels");
}

WT_CASE(wpt_case_encode_into)
{
	static const u8 fillers[] = { 0x00, 0x80, 0x2a };
	u8 *dest = WT_ALLOC(256);
	int i, f, off, fails = 0, n = 0;

	if (!WPT_PRESENT)
		WT_SKIP("WPT vectors missing (SHARED not found at build time)");
	for (i = 0; i < WPT_N_ENCODE_INTO; i++) {
		const struct wtv_encode_into *v = &wpt_encode_into[i];

		for (f = 0; f < 3; f++)
			for (off = 0; off <= 4; off += 4) {
				struct whatenc_encoder e;
				u32 k, read = 0;
				size_t written = 0, j;
				bool ok = true;

				memset(dest, fillers[f], 256);
				whatenc_encoder_init(&e, WHATENC_UTF_8, 0);
				for (k = 0; k < v->in_len; k++) {
					u32 cp = wpt_cps[v->in_off + k];
					u8 u[4];
					struct whatenc_buf b = {
						.in = u,
						.in_size = usv_utf8(&cp, 1, u),
						.out = dest + off + written,
						.out_size = v->dest_len - written,
					};

					if (whatenc_encode(&e, &b, false) !=
					    WHATENC_INPUT_EMPTY)
						break;
					written += b.out_pos;
					read += cp >= 0x10000 ? 2 : 1;
				}
				ok = read == v->read_units &&
				     written == v->exp_len &&
				     !memcmp(dest + off, wpt_bytes + v->exp_off,
					     written);
				for (j = 0; j < 256; j++)
					if ((j < (size_t)off ||
					     j >= off + written) &&
					    dest[j] != fillers[f])
						ok = false;
				n++;
				if (!ok) {
					fails++;
					WT_NOTE("FAIL encode_into.tsv line %d", v->line);
				}
			}
	}
	WT_NOTE("WPT encode_into: %d passed, %d failed (rows x 3 fillers x 2 offsets)",
		n - fails, fails);
	WT_EXPECT_EQ(fails, 0);
}

WT_CASE(wpt_case_roundtrip)
{
	struct wt_run *r = WT_ALLOC(sizeof(*r));
	u8 *in = WT_ALLOC(1024), *mid = WT_ALLOC(1024);
	int i, fails = 0;

	if (!WPT_PRESENT)
		WT_SKIP("WPT vectors missing (SHARED not found at build time)");
	r->out_cap = 1024;
	r->out = WT_ALLOC(r->out_cap);
	for (i = 0; i < WPT_N_ROUNDTRIP; i++) {
		const struct wtv_roundtrip *v = &wpt_roundtrip[i];
		size_t n = usv_utf8(wpt_cps + v->in_off, v->in_len, in), m;

		wt_encode_once(WHATENC_UTF_8, 0, in, n, r);
		m = r->out_len;
		memcpy(mid, r->out, m);
		wt_decode_once(WHATENC_UTF_8, WHATENC_BOM_STRIP, mid, m, r);
		if (r->overflow || r->out_len != v->exp_len ||
		    memcmp(r->out, wpt_bytes + v->exp_off, v->exp_len)) {
			fails++;
			WT_NOTE("FAIL roundtrip_utf8.tsv line %d", v->line);
		}
	}
	WT_NOTE("WPT roundtrip_utf8: %d passed, %d failed",
		WPT_N_ROUNDTRIP - fails, fails);
	WT_EXPECT_EQ(fails, 0);
}

WT_SUITE(wpt,
	 WT_RUN(wpt_case_labels),
	 WT_RUN(wpt_case_decode),
	 WT_RUN(wpt_case_encode),
	 WT_RUN(wpt_case_streaming),
	 WT_RUN(wpt_case_encode_into),
	 WT_RUN(wpt_case_roundtrip));
