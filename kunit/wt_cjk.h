/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * wt_cjk.h - drivers shared by the gb18030, Big5 and EUC-KR suites
 *
 * cjk_dec()/cjk_enc() run a whole stream through the public API with the
 * input cut at chosen places and the output handed out in steps of
 * @ostep bytes, going on after fatal errors, and collect the output and
 * the errors (offset, length, code point). Results must not depend on
 * the cuts or the step.
 */
#ifndef WT_CJK_H
#define WT_CJK_H

#include "wt_test.h"
#include "whatenc.h"
#include "wt_ref.h"
#include "wt_util.h"

#define CJK_MAX_ERRS 4096

struct cjk_result {
	u8 *out;
	size_t cap;
	size_t n;
	unsigned int nerr;
	u32 *err_off;	/* CJK_MAX_ERRS each, may be NULL */
	u32 *err_len;
	u32 *err_cp;
	int bad;	/* API misuse detected (stuck, overflow) */
};

static inline struct cjk_result *cjk_result_alloc(struct wt_ctx *wt, size_t cap)
{
	struct cjk_result *r = WT_ALLOC(sizeof(*r));

	r->out = WT_ALLOC(cap);
	r->cap = cap;
	r->err_off = WT_ALLOC(CJK_MAX_ERRS * sizeof(u32));
	r->err_len = WT_ALLOC(CJK_MAX_ERRS * sizeof(u32));
	r->err_cp = WT_ALLOC(CJK_MAX_ERRS * sizeof(u32));
	return r;
}

static inline void cjk_record(struct cjk_result *r,
			      const struct whatenc_error *e)
{
	if (r->nerr < CJK_MAX_ERRS) {
		r->err_off[r->nerr] = e->offset;
		r->err_len[r->nerr] = e->len;
		r->err_cp[r->nerr] = e->cp;
	}
	r->nerr++;
}

static inline void cjk_error(void *ctx, const struct whatenc_error *err,
			     enum whatenc_ret ret)
{
	cjk_record(ctx, err);
}

/*
 * Run one stream (wt_stream_run()). @cuts: ascending cut positions
 * (ncuts of them) inside [0, len]; @ostep: output given in steps of this
 * many bytes (0 = all). @dec selects decoder or encoder.
 */
static inline void cjk_run(bool dec, enum whatenc_encoding enc,
			   unsigned int flags, const u8 *in, size_t len,
			   const size_t *cuts, int ncuts, size_t ostep,
			   struct cjk_result *r)
{
	struct whatenc_decoder d;
	struct whatenc_encoder e;
	struct wt_stream s = {
		.cuts = cuts, .ncuts = ncuts, .room = ostep, .grow = true,
		.error = cjk_error, .ctx = r, .out = r->out, .out_cap = r->cap,
	};

	r->n = 0;
	r->nerr = 0;
	r->bad = 0;
	if (dec ? whatenc_decoder_init(&d, enc, flags) :
		  whatenc_encoder_init(&e, enc, flags)) {
		r->bad = 1;
		return;
	}
	wt_stream_run(&s, dec ? &d : NULL, dec ? NULL : &e, in, len);
	r->n = s.out_len;
	r->bad = s.status == WT_STUCK ? 2 : s.status == WT_FULL ? 3 :
		 s.status == WT_UNCONSUMED ? 4 : s.status ? 5 : 0;
}

static inline void cjk_dec(enum whatenc_encoding enc, unsigned int flags,
			   const u8 *in, size_t len, struct cjk_result *r)
{
	cjk_run(true, enc, flags | WHATENC_BOM_KEEP, in, len, NULL, 0, 0, r);
}

/* Append "&#N;" (the html error mode's output). */
static inline size_t cjk_put_ncr(u8 *p, u32 cp)
{
	u8 digits[8];
	size_t n = 0, i = 0;

	do {
		digits[n++] = '0' + cp % 10;
		cp /= 10;
	} while (cp);
	p[i++] = '&';
	p[i++] = '#';
	while (n)
		p[i++] = digits[--n];
	p[i++] = ';';
	return i;
}

/*
 * Every 1-, 2- and 3-way split of @in, each also with output steps of 1
 * and 3 bytes, must give what one call gives (wt_split_check()).
 * Returns the number of runs that differed.
 */
static inline unsigned int cjk_split_all(struct wt_ctx *wt, bool dec,
					 enum whatenc_encoding enc,
					 unsigned int flags, const u8 *in,
					 size_t len, unsigned int *runs)
{
	static const size_t steps[] = { 0, 1, 3 };
	const struct wt_split cfg = {
		.lim1 = SIZE_MAX, .lim2 = SIZE_MAX, .cut_rooms = steps,
		.ncut_rooms = ARRAY_SIZE(steps), .grow = true,
	};
	struct wt_run *one = WT_ALLOC(sizeof(*one));
	struct wt_run *r = WT_ALLOC(sizeof(*r));
	int n = 0, bad;

	one->out_cap = 64 + 12 * len;
	r->out_cap = one->out_cap;
	one->out = WT_ALLOC(one->out_cap);
	r->out = WT_ALLOC(r->out_cap);
	bad = wt_split_check(!dec, enc, dec ? flags | WHATENC_BOM_KEEP : flags,
			     in, len, &cfg, one, r, &n);
	*runs += n;
	return bad;
}

/*
 * Encode every scalar value in [lo, hi] (surrogates skipped) in batches,
 * in html mode and in fatal mode, and compare with @ref (which writes the
 * expected bytes and returns their count, or 0 for an error). Returns the
 * number of batches that differed.
 */
static inline unsigned int cjk_enc_check_range(struct wt_ctx *wt,
					       enum whatenc_encoding enc,
					       int (*ref)(u32 cp, u8 *out),
					       u32 lo, u32 hi)
{
	enum { BATCH = 2048 };
	u8 *in = WT_ALLOC(BATCH * 4);
	u8 *html = WT_ALLOC(BATCH * 12);
	u8 *fatal = WT_ALLOC(BATCH * 4);
	u32 *eoff = WT_ALLOC(BATCH * sizeof(u32));
	u32 *elen = WT_ALLOC(BATCH * sizeof(u32));
	u32 *ecp = WT_ALLOC(BATCH * sizeof(u32));
	struct cjk_result *r = cjk_result_alloc(wt, BATCH * 12 + 64);
	unsigned int bad = 0;
	u32 base = lo;

	while (base <= hi) {
		size_t nin = 0, nh = 0, nf = 0;
		unsigned int ne = 0, i;
		u32 cp;

		WT_YIELD();
		for (cp = base; cp <= hi && cp - base < BATCH; cp++) {
			u8 tmp[4];
			size_t at = nin;
			int n;

			if (cp >= 0xd800 && cp <= 0xdfff)
				continue;
			nin += wt_utf8(in + nin, cp);
			n = ref(cp, tmp);
			if (n) {
				memcpy(html + nh, tmp, n);
				memcpy(fatal + nf, tmp, n);
				nh += n;
				nf += n;
			} else {
				nh += cjk_put_ncr(html + nh, cp);
				eoff[ne] = at;
				elen[ne] = nin - at;
				ecp[ne] = cp;
				ne++;
			}
		}
		cjk_run(false, enc, WHATENC_ENC_HTML, in, nin, NULL, 0, 0, r);
		if (r->bad || r->nerr || r->n != nh || memcmp(r->out, html, nh)) {
			if (bad < 5)
				WT_NOTE("enc %d html: batch at U+%04X differs",
					enc, base);
			bad++;
		}
		cjk_run(false, enc, 0, in, nin, NULL, 0, 0, r);
		if (r->bad || r->nerr != ne || r->n != nf ||
		    memcmp(r->out, fatal, nf)) {
			if (bad < 5)
				WT_NOTE("enc %d fatal: batch at U+%04X differs",
					enc, base);
			bad++;
		} else {
			for (i = 0; i < ne; i++) {
				if (r->err_off[i] != eoff[i] ||
				    r->err_len[i] != elen[i] ||
				    r->err_cp[i] != ecp[i]) {
					if (bad < 5)
						WT_NOTE("enc %d fatal error at U+%04X",
							enc, ecp[i]);
					bad++;
					break;
				}
			}
		}
		if (cp > hi)
			break;
		base = cp;
	}
	return bad;
}

/* Decode @in (replacement mode, one call) and compare with @exp. */
static inline bool cjk_dec_is(struct wt_ctx *wt, enum whatenc_encoding enc,
			      const u8 *in, size_t len, const u8 *exp,
			      size_t explen, struct cjk_result *r)
{
	(void)wt;
	cjk_dec(enc, 0, in, len, r);
	return !r->bad && r->n == explen && !memcmp(r->out, exp, explen);
}

#endif /* WT_CJK_H */
