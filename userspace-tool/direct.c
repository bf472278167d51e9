// SPDX-License-Identifier: GPL-2.0-only
/*
 * direct.c - from UTF-8 to a legacy encoding without a decoder: the
 * encoder reads the input itself (f->direct, user engine)
 */
#include <string.h>

#include "convert.h"

/*
 * f->direct: the encoder stopped at malformed input at @buf[@at] (the
 * encoder consumed it; f->mid_u8 and f->call_src are the UTF-8 stream and
 * input offsets of @buf[0], and @buf[0..@at) is valid UTF-8, written).
 * Handle it as the decoder path does: --fatal stops (after the encoder's
 * flush); else it is counted and U+FFFD goes through the encoder unless
 * -c. Returns 0 or an exit status.
 */
static int direct_malformed(struct wt_ctx *c, struct wt_file *f,
			    const u8 *buf, size_t at)
{
	static const u8 fffd[3] = { 0xef, 0xbf, 0xbd };
	struct whatenc_error e = f->enc.err;
	int w;

	cv_track(f, buf, at);
	f->mid_u8 += at;
	e.offset = f->call_src + at;
	f->enc_skew += e.len;	/* not in the UTF-8 stream */
	if (c->o->fatal) {
		w = cv_put_utf8(c, f, buf, 0, true);	/* flush */
		if (!w)
			cv_report_decode(c, f, &e);
		return w ? w : WT_EXIT_CONV;
	}
	cv_count_replacement(f, &e, e.offset, buf + at, 0);
	if (c->o->omit_invalid)
		return 0;
	f->repl_pending = true;
	f->repl_at = f->mid_u8;
	w = cv_put_utf8(c, f, fffd, sizeof(fffd), false);
	f->repl_pending = false;
	f->mid_u8 += sizeof(fffd);
	return w;
}

/*
 * f->direct: encode @len bytes of UTF-8 input (at input offset
 * f->call_src) that end at a character boundary unless @last. Returns 0
 * or an exit status.
 */
static int put_direct(struct wt_ctx *c, struct wt_file *f, const u8 *buf,
		      size_t len, bool last)
{
	struct whatenc_buf b = {
		.in = buf, .in_size = len,
		.out = c->out, .out_size = WT_OUTBUF,
	};
	size_t seg = 0;		/* the input before it is accounted for */
	int r, w;

	for (;;) {
		w = cv_encode_call(c, f, &b, last, &r);
		if (w)
			return w;
		w = cv_write_all(c, c->out, b.out_pos);
		if (w)
			return w;
		if (r == WHATENC_MALFORMED) {
			u64 d = f->enc.err.offset - f->enc_skew;
			size_t n = f->enc.err.len, at = seg, used = n;

			if (d < f->mid_u8) {
				/*
				 * Bytes held since the end of the last chunk
				 * (where cv_track() counted their lead byte), cut
				 * short by the first byte of this one.
				 */
				f->col--;
				f->mid_u8 = d;
				f->call_src -= n;
				used = 0;
			} else {
				at += d - f->mid_u8;
			}
			w = direct_malformed(c, f, buf + seg, at - seg);
			if (w)
				return w;
			f->call_src += at - seg + n;
			seg = at + used;
			continue;
		}
		if (r == WHATENC_INPUT_EMPTY)
			break;
		if (r != WHATENC_OUTPUT_FULL) {
			cv_report_encode(c, f, r, buf + seg);
			return WT_EXIT_CONV;
		}
	}
	cv_track(f, buf + seg, len - seg);
	f->mid_u8 += len - seg;
	f->call_src += len - seg;
	return 0;
}

/*
 * f->direct from the first chunk on; returns the length of the UTF-8 BOM
 * to skip (--bom=sniff or strip), as the UTF-8 decoder would.
 */
size_t cv_direct_start(struct wt_file *f)
{
	size_t bom_len = 0;

	f->direct = true;
	if ((f->dec_flags & WHATENC_BOM_MASK) == WHATENC_BOM_KEEP ||
	    whatenc_bom_sniff(f->head, f->head_len, &bom_len) != WHATENC_UTF_8)
		return 0;
	f->call_src = bom_len;
	return bom_len;
}

/* How many bytes at the end of @buf may start an unfinished character. */
size_t wt_utf8_tail(const u8 *buf, size_t len)
{
	size_t k;

	for (k = 1; k <= 3 && k <= len; k++) {
		u8 byte = buf[len - k];

		if ((byte & 0xc0) != 0x80) {	/* not a continuation byte */
			size_t need = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 :
				      byte >= 0xc0 ? 2 : 1;

			return k < need ? k : 0;
		}
	}
	return 0;
}

/*
 * f->direct: c->in holds f->carry bytes from the last chunk and @n new
 * ones (after a BOM of @bom bytes on the first chunk).
 */
int cv_direct_chunk(struct wt_ctx *c, struct wt_file *f, size_t n,
		    size_t bom, bool last)
{
	size_t len = f->carry + n - bom, tail = last ? 0 :
		     wt_utf8_tail(c->in + bom, len);
	int w;

	w = put_direct(c, f, c->in + bom, len - tail, last);
	if (w)
		return w;
	memmove(c->in, c->in + bom + len - tail, tail);
	f->carry = tail;
	return 0;
}
