/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * wt_util.h - conversion drivers shared by the test suites
 *
 * wt_stream_run() is the one stream driver of every suite: it pushes a
 * whole input through a coder in the chunks given by a list of cut
 * points, with a given output room per call, collecting the output, and
 * goes on after fatal errors (reporting each one), so that runs with
 * different chunkings can be compared byte for byte. wt_decode_run() and
 * wt_encode_run() (and wt_cjk.h's cjk_run(), jp_util.h's jp_run()) are
 * its front ends.
 */
#ifndef WT_UTIL_H
#define WT_UTIL_H

#include "whatenc.h"
#include "wt_test.h"
#include "wt_ref.h"

/*
 * WT_HEAVY: 1 for the native host build, 0 in KUnit (QEMU TCG is much
 * slower): exhaustive loops use a lighter sample there.
 */
#ifdef __KERNEL__
#define WT_HEAVY 0
#else
#define WT_HEAVY 1
#endif

/* A byte string that may hold NULs: WT_S("...") in initializers. */
struct wt_str {
	const char *p;
	unsigned int n;
};

#define WT_S(s)	{ (s), sizeof(s) - 1 }

#define WT_MAX_ERRS 64

struct wt_run {
	u8 *out;		/* collected output */
	size_t out_len, out_cap;
	int nerr;		/* errors seen (fatal mode) */
	struct whatenc_error errs[WT_MAX_ERRS];
	enum whatenc_ret errret[WT_MAX_ERRS];
	int calls;
	bool overflow;		/* out_cap too small, or a call looped */
	bool stuck;		/* OUTPUT_FULL with no progress: unit > buffer */
	size_t out_len_delta;	/* output of the last call */
};

/*
 * wt_stream_run() - the one stream driver of the suites: push @in[0..@len)
 * through a decoder (@d) or an encoder (@e) in chunks ending at
 * @s->cuts[0..@s->ncuts) (then a last call on the rest), with at most
 * @s->room bytes of output room per call (0: all of @s->out_cap), an
 * empty non-final call before every chunk if @s->empty_chunks, and
 * going on after fatal errors (each reported to @s->error). A call that
 * makes no progress (OUTPUT_FULL, nothing read or written) is "stuck":
 * the run stops there, unless @s->grow, which offers WHATENC_PEND_MAX of
 * room first (a held unit needs all of it). Output is collected in
 * @s->out.
 */
enum wt_status {
	WT_OK = 0,
	WT_STUCK,		/* no progress (even with more room if grow) */
	WT_FULL,		/* @out_cap too small, or a call looped */
	WT_EMPTY_OUTPUT,	/* an empty non-final call did something */
	WT_UNCONSUMED,		/* INPUT_EMPTY with input left */
	WT_BAD_INIT,		/* the coder did not initialize */
};

struct wt_stream {
	const size_t *cuts;
	int ncuts;
	size_t room;
	bool empty_chunks;
	bool grow;
	void (*error)(void *ctx, const struct whatenc_error *err,
		      enum whatenc_ret ret);
	void *ctx;
	/* results */
	u8 *out;
	size_t out_len, out_cap;
	size_t out_len_delta;	/* output of the last call */
	int calls;
	enum wt_status status;
};

static inline enum whatenc_ret wt_call(struct whatenc_decoder *d,
				       struct whatenc_encoder *e,
				       struct whatenc_buf *b, bool last)
{
	return d ? whatenc_decode(d, b, last) : whatenc_encode(e, b, last);
}

static inline void wt_stream_run(struct wt_stream *s, struct whatenc_decoder *d,
				 struct whatenc_encoder *e, const u8 *in,
				 size_t len)
{
	int c;

	s->out_len = 0;
	s->calls = 0;
	s->status = WT_OK;
	for (c = 0; c <= s->ncuts; c++) {
		size_t start = c ? s->cuts[c - 1] : 0;
		size_t end = c < s->ncuts ? s->cuts[c] : len;
		bool last = c == s->ncuts;
		struct whatenc_buf b = { .in = in, .in_pos = start,
					 .in_size = end, .out = s->out };
		int guard = 0, spins = 0;

		if (s->empty_chunks) {
			struct whatenc_buf eb = { .in = in, .in_pos = start,
						  .in_size = start,
						  .out = s->out,
						  .out_pos = s->out_len,
						  .out_size = s->out_cap };

			if (wt_call(d, e, &eb, false) != WHATENC_INPUT_EMPTY ||
			    eb.out_pos != s->out_len)
				s->status = WT_EMPTY_OUTPUT;
		}
		for (;;) {
			size_t in_before = b.in_pos, room = s->room;
			enum whatenc_ret ret;

			if (spins)
				room = WHATENC_PEND_MAX;
			b.out_pos = s->out_len;
			b.out_size = room && s->out_cap - s->out_len > room ?
				     s->out_len + room : s->out_cap;
			ret = wt_call(d, e, &b, last);
			s->calls++;
			s->out_len_delta = b.out_pos - s->out_len;
			s->out_len = b.out_pos;
			if (ret == WHATENC_INPUT_EMPTY) {
				if (b.in_pos != b.in_size)
					s->status = WT_UNCONSUMED;
				break;
			}
			if (ret == WHATENC_OUTPUT_FULL && !s->out_len_delta &&
			    b.in_pos == in_before) {
				if (s->out_len == s->out_cap) {
					s->status = WT_FULL;
					return;
				}
				if (!s->grow || ++spins > 2) {
					s->status = WT_STUCK;
					return;
				}
			} else {
				spins = 0;
			}
			if (ret == WHATENC_MALFORMED ||
			    ret == WHATENC_UNMAPPABLE ||
			    ret == WHATENC_BUF_ERROR)
				s->error(s->ctx, d ? &d->err : &e->err, ret);
			if (++guard > 100000) {
				s->status = WT_FULL;
				return;
			}
		}
	}
}

/* wt_run's error record */
static inline void wt_run_error(void *ctx, const struct whatenc_error *err,
				enum whatenc_ret ret)
{
	struct wt_run *r = ctx;

	if (r->nerr < WT_MAX_ERRS) {
		r->errs[r->nerr] = *err;
		r->errret[r->nerr] = ret;
	}
	r->nerr++;
}

/*
 * Decode (@d) or encode (@e) @in[0..@len-1] into @r: cut at @cuts,
 * @osz bytes of output room per call (at most 64), @empty_chunks (see
 * wt_stream_run()); a run that gets stuck says so in @r->stuck.
 */
static inline void wt_coder_run(struct whatenc_decoder *d,
				struct whatenc_encoder *e, const u8 *in,
				size_t len, const size_t *cuts, int ncuts,
				size_t osz, bool empty_chunks, struct wt_run *r)
{
	struct wt_stream s = {
		.cuts = cuts, .ncuts = ncuts, .room = osz > 64 ? 64 : osz,
		.empty_chunks = empty_chunks, .error = wt_run_error, .ctx = r,
		.out = r->out, .out_cap = r->out_cap,
	};

	r->nerr = 0;
	wt_stream_run(&s, d, e, in, len);
	r->out_len = s.out_len;
	r->out_len_delta = s.out_len_delta;
	r->calls = s.calls;
	r->stuck = s.status == WT_STUCK;
	r->overflow = s.status != WT_OK && s.status != WT_STUCK;
}

static inline void wt_decode_run(struct whatenc_decoder *d, const u8 *in,
				 size_t len, const size_t *cuts, int ncuts,
				 size_t osz, bool empty_chunks,
				 struct wt_run *r)
{
	wt_coder_run(d, NULL, in, len, cuts, ncuts, osz, empty_chunks, r);
}

static inline void wt_encode_run(struct whatenc_encoder *e, const u8 *in,
				 size_t len, const size_t *cuts, int ncuts,
				 size_t osz, bool empty_chunks,
				 struct wt_run *r)
{
	wt_coder_run(NULL, e, in, len, cuts, ncuts, osz, empty_chunks, r);
}

/* One-shot decode into @out (large enough); returns the run. */
static inline void wt_decode_once(enum whatenc_encoding enc,
				  unsigned int flags, const u8 *in, size_t len,
				  struct wt_run *r)
{
	struct whatenc_decoder d;

	if (whatenc_decoder_init(&d, enc, flags)) {
		r->overflow = true;
		return;
	}
	wt_decode_run(&d, in, len, NULL, 0, 64, false, r);
}

static inline void wt_encode_once(enum whatenc_encoding enc,
				  unsigned int flags, const u8 *in, size_t len,
				  struct wt_run *r)
{
	struct whatenc_encoder e;

	if (whatenc_encoder_init(&e, enc, flags)) {
		r->overflow = true;
		return;
	}
	wt_encode_run(&e, in, len, NULL, 0, 64, false, r);
}

/* "&#N;" for @cp at @p; returns its length. */
static inline unsigned int wt_ncr(u8 *p, u32 cp)
{
	char tmp[16];
	int n = snprintf(tmp, sizeof(tmp), "&#%u;", (unsigned int)cp);

	memcpy(p, tmp, n);
	return n;
}

#endif /* WT_UTIL_H */
