/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * wt_util.h - conversion drivers shared by the test suites
 *
 * wt_decode_run()/wt_encode_run() push a whole input through a coder in
 * the chunks given by a list of cut points, with an output buffer of a
 * given size drained into a collecting buffer after every call, and go
 * on after fatal errors (recording each error), so that runs with
 * different chunkings can be compared byte for byte.
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
 * Decode @in[0..@len-1] with @d. The input is cut at @cuts[0..@ncuts-1]
 * (increasing offsets); @osz is the size of the output buffer used per
 * call (1..). @empty_chunks adds an empty non-final call before every
 * chunk. The stream ends with a last call.
 */
static inline void wt_decode_run(struct whatenc_decoder *d, const u8 *in,
				 size_t len, const size_t *cuts, int ncuts,
				 size_t osz, bool empty_chunks,
				 struct wt_run *r)
{
	u8 obuf[64];
	int c;

	if (osz > sizeof(obuf))
		osz = sizeof(obuf);
	r->out_len = 0;
	r->nerr = 0;
	r->calls = 0;
	r->overflow = false;
	r->stuck = false;
	for (c = 0; c <= ncuts; c++) {
		size_t start = c ? cuts[c - 1] : 0;
		size_t end = c < ncuts ? cuts[c] : len;
		bool last = c == ncuts;
		struct whatenc_buf b = { .in = in, .in_pos = start,
					 .in_size = end, .out = obuf,
					 .out_size = osz };
		int guard = 0;

		if (empty_chunks) {
			struct whatenc_buf e = { .in = in, .in_pos = start,
						 .in_size = start, .out = obuf,
						 .out_size = osz };

			if (whatenc_decode(d, &e, false) != WHATENC_INPUT_EMPTY ||
			    e.out_pos)
				r->overflow = true;
		}
		for (;;) {
			size_t in_before = b.in_pos;
			enum whatenc_ret ret = whatenc_decode(d, &b, last);

			r->calls++;
			if (r->out_len + b.out_pos > r->out_cap) {
				r->overflow = true;
				return;
			}
			memcpy(r->out + r->out_len, obuf, b.out_pos);
			r->out_len += b.out_pos;
			r->out_len_delta = b.out_pos;
			b.out_pos = 0;
			if (ret == WHATENC_INPUT_EMPTY)
				break;
			if (ret == WHATENC_OUTPUT_FULL && !r->out_len_delta &&
			    b.in_pos == in_before) {
				r->stuck = true;
				return;
			}
			if (ret == WHATENC_MALFORMED || ret == WHATENC_UNMAPPABLE) {
				if (r->nerr < WT_MAX_ERRS) {
					r->errs[r->nerr] = d->err;
					r->errret[r->nerr] = ret;
				}
				r->nerr++;
			}
			if (++guard > 100000) {
				r->overflow = true;
				return;
			}
		}
	}
}

/* The same for an encoder. */
static inline void wt_encode_run(struct whatenc_encoder *e, const u8 *in,
				 size_t len, const size_t *cuts, int ncuts,
				 size_t osz, bool empty_chunks,
				 struct wt_run *r)
{
	u8 obuf[64];
	int c;

	if (osz > sizeof(obuf))
		osz = sizeof(obuf);
	r->out_len = 0;
	r->nerr = 0;
	r->calls = 0;
	r->overflow = false;
	r->stuck = false;
	for (c = 0; c <= ncuts; c++) {
		size_t start = c ? cuts[c - 1] : 0;
		size_t end = c < ncuts ? cuts[c] : len;
		bool last = c == ncuts;
		struct whatenc_buf b = { .in = in, .in_pos = start,
					 .in_size = end, .out = obuf,
					 .out_size = osz };
		int guard = 0;

		if (empty_chunks) {
			struct whatenc_buf eb = { .in = in, .in_pos = start,
						  .in_size = start, .out = obuf,
						  .out_size = osz };

			if (whatenc_encode(e, &eb, false) != WHATENC_INPUT_EMPTY ||
			    eb.out_pos)
				r->overflow = true;
		}
		for (;;) {
			size_t in_before = b.in_pos;
			enum whatenc_ret ret = whatenc_encode(e, &b, last);

			r->calls++;
			if (r->out_len + b.out_pos > r->out_cap) {
				r->overflow = true;
				return;
			}
			memcpy(r->out + r->out_len, obuf, b.out_pos);
			r->out_len += b.out_pos;
			r->out_len_delta = b.out_pos;
			b.out_pos = 0;
			if (ret == WHATENC_INPUT_EMPTY)
				break;
			if (ret == WHATENC_OUTPUT_FULL && !r->out_len_delta &&
			    b.in_pos == in_before) {
				r->stuck = true;
				return;
			}
			if (ret == WHATENC_MALFORMED || ret == WHATENC_UNMAPPABLE) {
				if (r->nerr < WT_MAX_ERRS) {
					r->errs[r->nerr] = e->err;
					r->errret[r->nerr] = ret;
				}
				r->nerr++;
			}
			if (++guard > 100000) {
				r->overflow = true;
				return;
			}
		}
	}
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
