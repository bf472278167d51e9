/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * wt_util.h - conversion drivers shared by the test suites
 *
 * wt_stream_run() is the one stream driver of every suite: it pushes a
 * whole input through a coder in the chunks given by a list of cut
 * points, with a given output room per call, collecting the output, and
 * goes on after fatal errors (reporting each one), so that runs with
 * different chunkings can be compared byte for byte. wt_decode_run(),
 * wt_encode_run() and wt_cjk.h's cjk_run() are its front ends.
 * wt_split_check() is the one split checker (test_split.c, wt_cjk.h's
 * cjk_split_all(), jp_util.h's jp_check_splits()).
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

/* Same output and same errors (offset, length, code point, bytes, result). */
static inline bool wt_same_run(const struct wt_run *a, const struct wt_run *b)
{
	int i;

	if (a->overflow || b->overflow || a->out_len != b->out_len ||
	    memcmp(a->out, b->out, a->out_len) || a->nerr != b->nerr)
		return false;
	for (i = 0; i < a->nerr && i < WT_MAX_ERRS; i++)
		if (a->errs[i].offset != b->errs[i].offset ||
		    a->errs[i].len != b->errs[i].len ||
		    a->errs[i].cp != b->errs[i].cp ||
		    memcmp(a->errs[i].bytes, b->errs[i].bytes,
			   a->errs[i].len) || a->errret[i] != b->errret[i])
			return false;
	return true;
}

/*
 * struct wt_split - what wt_split_check() tries
 * @lim1:       inputs up to this length: every one-cut split
 * @lim2:       inputs up to this length: every two-cut split (i <= j)
 * @empty:      the one-cut splits also with an empty call before each chunk
 * @cut_rooms:  output room per call of the split runs (0: all)
 * @rooms:      whole-input runs with these output rooms per call
 * @grow:       a call that makes no progress gets WHATENC_PEND_MAX of room
 * @stuck_below: without @grow, a whole-input run with less room than this
 *	may get stuck (a unit that does not fit), having written a prefix
 */
struct wt_split {
	size_t lim1, lim2;
	bool empty;
	const size_t *cut_rooms;
	int ncut_rooms;
	const size_t *rooms;
	int nrooms;
	bool grow;
	size_t stuck_below;
};

/* One run of wt_split_check() into @r. */
static inline void wt_split_run(bool encoder, int enc, unsigned int flags,
				const u8 *in, size_t n, const size_t *cuts,
				int ncuts, size_t room, bool empty, bool grow,
				struct wt_run *r)
{
	struct whatenc_decoder d;
	struct whatenc_encoder e;
	struct wt_stream s = {
		.cuts = cuts, .ncuts = ncuts, .room = room,
		.empty_chunks = empty, .grow = grow, .error = wt_run_error,
		.ctx = r, .out = r->out, .out_cap = r->out_cap,
	};

	r->nerr = 0;
	if (encoder ? whatenc_encoder_init(&e, enc, flags) :
		      whatenc_decoder_init(&d, enc, flags)) {
		r->out_len = 0;
		r->overflow = true;
		return;
	}
	wt_stream_run(&s, encoder ? NULL : &d, encoder ? &e : NULL, in, n);
	r->out_len = s.out_len;
	r->calls = s.calls;
	r->stuck = s.status == WT_STUCK;
	r->overflow = s.status != WT_OK && s.status != WT_STUCK;
}

/*
 * wt_split_check() - the one split checker of the suites: @ref gets the
 * run of the whole input in one call; every chunking and output room
 * that @cfg asks for must give the same output and the same errors.
 * Returns the number of runs that differed (a bad @ref counts as one);
 * *@runs counts the runs.
 */
static inline int wt_split_check(bool encoder, int enc, unsigned int flags,
				 const u8 *in, size_t n,
				 const struct wt_split *cfg, struct wt_run *ref,
				 struct wt_run *r, int *runs)
{
	size_t cuts[2];
	int bad = 0, k, e;

	wt_split_run(encoder, enc, flags, in, n, NULL, 0, 0, false, cfg->grow,
		     ref);
	(*runs)++;
	if (ref->overflow || ref->stuck)
		bad++;
	for (k = 0; k < cfg->ncut_rooms; k++)
		for (cuts[0] = 0; cuts[0] <= n; cuts[0]++) {
			WT_YIELD();
			for (e = 0; n <= cfg->lim1 && e <= cfg->empty; e++) {
				wt_split_run(encoder, enc, flags, in, n, cuts, 1,
					     cfg->cut_rooms[k], e, cfg->grow, r);
				(*runs)++;
				bad += !wt_same_run(ref, r) || r->stuck;
			}
			for (cuts[1] = cuts[0]; n <= cfg->lim2 && cuts[1] <= n;
			     cuts[1]++) {
				wt_split_run(encoder, enc, flags, in, n, cuts, 2,
					     cfg->cut_rooms[k], false, cfg->grow,
					     r);
				(*runs)++;
				bad += !wt_same_run(ref, r) || r->stuck;
			}
		}
	for (k = 0; k < cfg->nrooms; k++) {
		wt_split_run(encoder, enc, flags, in, n, NULL, 0, cfg->rooms[k],
			     false, cfg->grow, r);
		(*runs)++;
		if (r->stuck) {
			/* allowed only below the largest unit; no partial unit */
			bad += cfg->rooms[k] >= cfg->stuck_below ||
			       r->out_len > ref->out_len ||
			       memcmp(r->out, ref->out, r->out_len);
			continue;
		}
		bad += !wt_same_run(ref, r);
	}
	return bad;
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
