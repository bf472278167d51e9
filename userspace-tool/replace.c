// SPDX-License-Identifier: GPL-2.0-only
/*
 * replace.c - the replacement policy, in one place: malformed input
 * becomes U+FFFD (or nothing with -c) and is counted; characters TO
 * cannot represent fail, or are skipped, substituted or written as
 * &#NNNN; (--unmappable)
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "convert.h"

/* U+FFFD in TO (only reached with UTF-16 output: WTF-8 input). */
size_t cv_fffd_in_to(const struct wt_opts *o, u8 *buf)
{
	if (o->to == WHATENC_UTF_16BE) {
		buf[0] = 0xff;
		buf[1] = 0xfd;
	} else {
		buf[0] = 0xfd;
		buf[1] = 0xff;
	}
	return 2;
}

/* Malformed input was replaced (or omitted): count it, note the first. */
void cv_count_replacement(struct wt_file *f, const struct whatenc_error *e,
			  u64 offset, const u8 *buf, size_t at)
{
	if (!f->nrepl++) {
		f->first_repl = offset;
		cv_pos_at(f, buf, at, &f->first_line, &f->first_col);
	}
	if (!f->repl_pending)	/* the first one of this decode call */
		f->repl_err = *e;
}

/*
 * --unmappable=STRING: the substitute goes through the encoder (which
 * keeps ISO-2022-JP's state right); its bytes do not count as input.
 */
static int put_substitute(struct wt_ctx *c, struct wt_file *f, const u8 *sub,
			  size_t len)
{
	struct whatenc_buf b = {
		.in = sub, .in_size = len,
		.out = c->out, .out_size = WT_OUTBUF,
	};
	int r, w;

	do {
		b.out_pos = 0;
		r = wt_convert(&f->enc, &b, false);
		if (r < 0)
			return cv_engine_failed(f, &f->enc, r);
		w = cv_write_all(c, c->out, b.out_pos);
		if (w)
			return w;
	} while (r == WHATENC_OUTPUT_FULL);
	f->enc_skew += len;
	return 0;
}

/*
 * An unmappable character under --unmappable=skip, a substitute or html
 * (f->ncr: the encoder runs fatal, and "&#NNNN;" goes through it as the
 * standard's html mode puts it in the encoder's input). The encoder's
 * output so far, @b, is written first. Returns 0 or an exit status.
 */
static int put_unmappable(struct wt_ctx *c, struct wt_file *f,
			  struct whatenc_buf *b)
{
	const struct wt_opts *o = c->o;
	char ncr[16];
	int w;

	if (o->unmappable != WT_UNMAP_HTML)
		f->nsubst++;
	if (o->unmappable == WT_UNMAP_SKIP)
		return 0;
	w = cv_write_all(c, b->out, b->out_pos);
	if (w)
		return w;
	b->out_pos = 0;
	if (o->unmappable == WT_UNMAP_CHAR)
		return put_substitute(c, f, o->unmap_sub, o->unmap_sub_len);
	return put_substitute(c, f, (const u8 *)ncr,
			      sprintf(ncr, "&#%u;", (unsigned int)f->enc.err.cp));
}

/*
 * One encoder call from b->in to b->out (emptied first), with --unmappable
 * applied: after a character the policy goes on after, *@r is
 * WHATENC_OUTPUT_FULL (call again). Returns 0 or an exit status.
 */
int cv_encode_call(struct wt_ctx *c, struct wt_file *f,
		   struct whatenc_buf *b, bool last, int *r)
{
	b->out_pos = 0;
	*r = wt_convert(&f->enc, b, last);
	if (*r < 0)
		return cv_engine_failed(f, &f->enc, *r);
	/* in html mode only f->ncr's fatal encoder reports these */
	if (*r == WHATENC_UNMAPPABLE && c->o->unmappable != WT_UNMAP_FAIL) {
		*r = WHATENC_OUTPUT_FULL;	/* go on */
		return put_unmappable(c, f, b);
	}
	return 0;
}

/*
 * One decode call's worth of output is in c->mid[0..b->out_pos) and the
 * decoder stopped at malformed input (it runs in fatal mode with -c,
 * which omits it, and with the kernel engine, whose shadow decoder counts
 * instead): put U+FFFD after it, unless -c.
 */
void cv_replace_malformed(struct wt_ctx *c, struct wt_file *f,
			  struct whatenc_buf *b)
{
	cv_count_replacement(f, &f->dec.err, f->dec.err.offset, c->mid,
			  b->out_pos);
	if (c->o->omit_invalid)
		return;
	f->repl_pending = true;
	f->repl_at = f->mid_u8 + b->out_pos;
	/* WT_MIDBUF holds 3 bytes per input byte: replacement mode's worst */
	memcpy(b->out + b->out_pos, "\xef\xbf\xbd", 3);
	b->out_pos += 3;
}

/*
 * f->core_repl: replay the last decode call (f->call_*) from its snapshot,
 * in fatal mode, to the first malformed sequence whose U+FFFD is at or
 * after offset @from of that call's output: *@e is its error, *@at
 * where its U+FFFD is. Returns 0, or -ENOENT if there is none.
 */
int cv_call_error(const struct wt_file *f, u64 from,
		  struct whatenc_error *e, u64 *at)
{
	struct whatenc_decoder d = f->snap;
	u8 scratch[256];
	struct whatenc_buf b = {
		.in = f->call_in, .in_size = f->call_len,
		.out = scratch, .out_size = sizeof(scratch),
	};
	enum whatenc_ret r;
	u64 out = 0;

	if (!f->snap_ok)
		return -ENOENT;
	do {
		b.out_pos = 0;
		r = whatenc_decode(&d, &b, f->call_last);
		out += b.out_pos;
		if (r != WHATENC_MALFORMED)
			continue;
		if (out >= from) {
			*e = d.err;
			*at = out;
			return 0;
		}
		out += 3;	/* the core's U+FFFD */
	} while (r == WHATENC_OUTPUT_FULL || r == WHATENC_MALFORMED);
	return -ENOENT;
}

/*
 * f->core_repl: the decoder replaced and counted malformed input in the
 * call whose output is c->mid[0..b->out_pos): the count is the core's;
 * the first replacement's place, which the note names, comes from a
 * replay of the call.
 */
void cv_core_replacements(struct wt_ctx *c, struct wt_file *f,
			  const struct whatenc_buf *b)
{
	u64 n = f->dec.eng->replacements(&f->dec);
	struct whatenc_error e;
	u64 at;

	f->call_repl = n - f->nrepl;
	if (f->call_repl && !f->nrepl && !cv_call_error(f, 0, &e, &at) &&
	    at < b->out_pos) {
		f->first_repl = e.offset;
		cv_pos_at(f, c->mid, at, &f->first_line, &f->first_col);
	}
	f->nrepl = n;
}

/* After a file: say how much was replaced, unless -s. */
void cv_replaced_note(struct wt_ctx *c, struct wt_file *f)
{
	c->replaced += f->nrepl;
	c->substituted += f->nsubst;
	if (!f->nrepl || c->o->silent)
		return;
	fprintf(stderr, "%s: %s: %llu malformed sequence%s %s (first at byte %llu, line %llu, column %llu)\n",
		wt_prog, f->name, (unsigned long long)f->nrepl,
		f->nrepl == 1 ? "" : "s",
		c->o->omit_invalid ? "omitted" : "replaced by U+FFFD",
		cv_src_off(c, f->first_repl),
		(unsigned long long)f->first_line,
		(unsigned long long)f->first_col);
}
