// SPDX-License-Identifier: GPL-2.0-only
/*
 * convert.c - stream one file through FROM -> UTF-8 (-> TO)
 *
 * Three fixed buffers: input (WT_INBUF), decoder output (WT_MIDBUF, big
 * enough for the decoded form of a whole input buffer, so that every
 * decode call's output is exactly the decoded form of its input, which
 * makes error offsets exact) and encoder output (WT_OUTBUF).
 *
 * From UTF-8 to a legacy encoding the middle step is skipped (f->direct):
 * the encoder, which reads UTF-8 with the standard's UTF-8 decoder, is
 * given the input itself and validates it once; the CLI replaces what it
 * reports as malformed exactly as the decoder path does.
 */
#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "tool.h"
#include "check_cmd.h"
#include "detect_cmd.h"

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

/*
 * --progress (on a terminal): "[FILE/FILES] NAME: X MiB in, Y MiB out
 * (of TOTAL MiB), R MiB/s, ETA T", the total and ETA where the sizes of
 * the inputs are known.
 */
void wt_progress(struct wt_ctx *c, bool force)
{
	double t = now(), dt, rate;

	if (!c->o->progress || (!force && t - c->t_last < 0.25))
		return;
	c->t_last = t;
	dt = t - c->t_start;
	rate = dt > 0 ? c->bytes_in / 1048576.0 / dt : 0.0;
	fprintf(stderr, "\r%s: ", wt_prog);
	if (c->nfiles > 1 || c->total)
		fprintf(stderr, "[%u/%u] ", c->file_no, c->nfiles);
	if (c->cur) {
		wt_put_escaped(stderr, c->cur, strlen(c->cur));
		fputs(": ", stderr);
	}
	fprintf(stderr, "%.1f MiB in", c->bytes_in / 1048576.0);
	if (!c->no_out)
		fprintf(stderr, ", %.1f MiB out", c->bytes_out / 1048576.0);
	if (c->total)
		fprintf(stderr, " (of %.1f MiB)", c->total / 1048576.0);
	fprintf(stderr, ", %.1f MiB/s", rate);
	if (c->total && rate > 0 && c->total >= c->bytes_in)
		fprintf(stderr, ", ETA %.0fs",
			(c->total - c->bytes_in) / 1048576.0 / rate);
	fputs("   ", stderr);
	c->progress_shown = true;
}

void wt_progress_end(struct wt_ctx *c)
{
	if (!c->o->progress)
		return;
	wt_progress(c, true);
	fputc('\n', stderr);
}

/* Write all of @buf; 0, or the exit status for a failure. */
static int write_all(struct wt_ctx *c, const u8 *buf, size_t len)
{
	while (len) {
		ssize_t n = write(c->out_fd, buf, len);

		if (n < 0) {
			if (errno == EINTR)
				continue;
			if (errno == EAGAIN || errno == EWOULDBLOCK) {
				struct pollfd p = { c->out_fd, POLLOUT, 0 };

				poll(&p, 1, -1);
				continue;
			}
			c->out_failed = true;
			if (errno == EPIPE)
				return WT_EXIT_PIPE;
			fprintf(stderr, "%s: %s: write error: %s\n", wt_prog,
				c->out_name, strerror(errno));
			return WT_EXIT_ERR;
		}
		if (c->cmp)
			wt_out_compare(c->cmp, buf, n);
		buf += n;
		len -= n;
		c->bytes_out += n;
	}
	return 0;
}

/* Read what is there (at most @len); the byte count or -1. */
static ssize_t read_some(int fd, u8 *buf, size_t len)
{
	for (;;) {
		ssize_t n = read(fd, buf, len);

		if (n >= 0)
			return n;
		if (errno == EINTR)
			continue;
		if (errno == EAGAIN || errno == EWOULDBLOCK) {
			struct pollfd p = { fd, POLLIN, 0 };

			poll(&p, 1, -1);
			continue;
		}
		return -1;
	}
}

static void hex_bytes(char *dst, const u8 *b, unsigned int n)
{
	unsigned int i;

	*dst = 0;
	for (i = 0; i < n && i < 4; i++)
		dst += sprintf(dst, "%s%02X", i ? " " : "", b[i]);
}

/* Per-file state. */
struct wt_file {
	const char *name;
	enum whatenc_encoding from;	/* FROM, or what -f auto found */
	unsigned int dec_flags;
	size_t prefix;			/* bytes already in c->in (-f auto) */
	bool prefix_eof;
	struct wt_session dec, enc;
	bool have_enc;
	enum whatenc_encoding dec_enc;	/* after BOM sniffing */
	u8 head[3];
	unsigned int head_len;
	bool head_done;
	/* the decode call whose output is in c->mid */
	struct whatenc_decoder snap;
	bool snap_ok;
	/*
	 * Engines without snapshots (kernel): a user-core decoder that
	 * follows the engine's decoder, so that an encoder error can be
	 * mapped back to exact input bytes. Only kept when such an error
	 * is possible (an encode session in fatal mode).
	 */
	struct whatenc_decoder shadow;
	bool have_shadow;
	/*
	 * The engine's decoder replaces malformed input itself (the kernel
	 * engine cannot go on after a fatal error): the shadow decoder, in
	 * fatal mode, finds and counts the replacements.
	 */
	bool dec_replaces;
	const u8 *call_in;
	size_t call_len;
	bool call_last;
	u64 call_src;		/* source offset of call_in[0] */
	u64 mid_u8;		/* UTF-8 stream offset of c->mid[0] */
	/*
	 * --wtf8 from UTF-8 to UTF-16: no decoder; the input (WTF-8) goes
	 * to the UTF-16 encoder as it is, after @skip bytes of UTF-8 BOM.
	 */
	bool passthrough;
	unsigned int skip;
	bool bom_noted;
	/*
	 * UTF-8 input to a legacy encoding (user engine): no decoder either;
	 * the encoder runs fatal and the CLI replaces malformed input and
	 * writes html mode's "&#NNNN;" (f->ncr). Decided on the first chunk
	 * once the BOM question is settled (f->may_direct). Each chunk given
	 * to the encoder ends at a character boundary: an incomplete
	 * sequence at its end (f->carry bytes) moves to the next chunk.
	 */
	bool may_direct, direct, ncr;
	size_t carry;
	/* where the UTF-8 text is: LFs and characters since the last LF */
	u64 lines, col;
	/* malformed input replaced by U+FFFD (or omitted with -c) */
	u64 nrepl, first_repl, first_line, first_col;
	bool repl_pending;	/* the last U+FFFD written is at repl_at */
	u64 repl_at;
	struct whatenc_error repl_err;
	u64 nsubst;		/* unmappable characters skipped/substituted */
	u64 enc_skew;		/* substitute bytes the encoder was given */
};

enum whatenc_encoding wt_out_encoding(const struct wt_opts *o)
{
	if ((o->enc_flags & WHATENC_ENC_UTF16) &&
	    (o->to == WHATENC_UTF_16BE || o->to == WHATENC_UTF_16LE))
		return o->to;
	return whatenc_output_encoding(o->to);
}

static const char *enc_out_name(const struct wt_opts *o)
{
	return whatenc_name(wt_out_encoding(o));
}

/*
 * A BOM that overrides FROM (the standard's decode, --bom=sniff) is said
 * on standard error: the user named another encoding.
 */
static void bom_note(struct wt_ctx *c, struct wt_file *f)
{
	if (f->bom_noted || f->dec_enc == f->from || c->o->silent)
		return;
	f->bom_noted = true;
	fprintf(stderr, "%s: %s: a %s byte order mark overrides %s (the Encoding Standard's decode; --bom=strip or --bom=keep to decode as %s)\n",
		wt_prog, f->name, whatenc_name(f->dec_enc),
		whatenc_name(f->from), whatenc_name(f->from));
}

/* The encoding the decoder really uses: a BOM may override the label. */
static void settle_head(struct wt_ctx *c, struct wt_file *f, const u8 *in,
			size_t n, bool eof)
{
	size_t bom_len;
	int r;

	while (!f->head_done && n && f->head_len < sizeof(f->head)) {
		f->head[f->head_len++] = *in++;
		n--;
		r = whatenc_bom_sniff(f->head, f->head_len, &bom_len);
		if (r != -EAGAIN)
			break;
	}
	if (f->head_done)
		return;
	r = whatenc_bom_sniff(f->head, f->head_len, &bom_len);
	if (r == -EAGAIN && !eof)
		return;
	f->head_done = true;
	if (r >= 0 && (f->dec_flags & WHATENC_BOM_MASK) == WHATENC_BOM_SNIFF)
		f->dec_enc = r;
	bom_note(c, f);
}

/* Line and column (1-based, in characters) after @n more bytes of UTF-8. */
static void pos_at(const struct wt_file *f, const u8 *buf, size_t n,
		   u64 *line, u64 *col)
{
	const u8 *p = buf, *end = buf + n, *nl;
	u64 l = f->lines, k = f->col;

	while (p < end && (nl = memchr(p, '\n', end - p))) {
		l++;
		k = 0;
		p = nl + 1;
	}
	for (; p < end; p++)
		k += (*p & 0xc0) != 0x80;
	*line = l + 1;
	*col = k + 1;
}

/* Account for @n bytes of UTF-8 passed on. */
static void track(struct wt_file *f, const u8 *buf, size_t n)
{
	pos_at(f, buf, n, &f->lines, &f->col);
	f->lines--;
	f->col--;
}

/*
 * Malformed input @e (@e->offset: in the input) at the tracked position,
 * which stops the run (--fatal, or a file written without
 * --allow-replace).
 */
static void report_decode(struct wt_ctx *c, struct wt_file *f,
			  const struct whatenc_error *e)
{
	char hex[16];

	hex_bytes(hex, e->bytes, e->len);
	fprintf(stderr, "%s: %s: byte %llu: invalid %s sequence %s (line %llu, column %llu)%s\n",
		wt_prog, f->name, (unsigned long long)e->offset,
		whatenc_name(f->dec_enc), e->len ? hex : "(end of input)",
		(unsigned long long)f->lines + 1, (unsigned long long)f->col + 1,
		c->o->refuse_replace ? ": not converted, as it would have to be replaced by U+FFFD (--allow-replace to convert anyway)" : "");
}

/*
 * An encoder error at UTF-8 offset @at of the chunk @buf: the message
 * names the input byte offset (and the UTF-8 one when it differs), the
 * character or bytes, and the line and column.
 */
static void report_encode(struct wt_ctx *c, struct wt_file *f, int r,
			  const u8 *buf)
{
	const struct whatenc_error *e = &f->enc.err;
	char where[128], what[160], hex[16];
	u64 eoff = e->offset - f->enc_skew, line, col, at = eoff - f->mid_u8;
	u64 start = 0, end;

	pos_at(f, buf, at, &line, &col);
	if (r == WHATENC_UNMAPPABLE && f->repl_pending &&
	    eoff == f->repl_at) {
		/* the U+FFFD is ours: the cause is malformed input */
		hex_bytes(hex, f->repl_err.bytes, f->repl_err.len);
		fprintf(stderr, "%s: %s: byte %llu: invalid %s sequence %s, and %s cannot encode the U+FFFD that replaces it (line %llu, column %llu; -c omits such input)\n",
			wt_prog, f->name,
			(unsigned long long)f->repl_err.offset,
			whatenc_name(f->dec_enc),
			f->repl_err.len ? hex : "(end of input)",
			enc_out_name(c->o), (unsigned long long)line,
			(unsigned long long)col);
		return;
	}
	if (f->passthrough) {
		snprintf(where, sizeof(where), "byte %llu",
			 (unsigned long long)(eoff + f->skip));
	} else if (f->direct || (f->snap_ok &&
		   !wt_user_locate(&f->snap, f->call_in, f->call_len,
				   f->call_src, f->call_last, at, &start,
				   &end))) {
		/* direct: @buf is the input at f->call_src */
		u64 src = f->direct ? f->call_src + at : start;

		if (src == eoff)
			snprintf(where, sizeof(where), "byte %llu",
				 (unsigned long long)src);
		else
			snprintf(where, sizeof(where), "byte %llu (UTF-8 byte %llu)",
				 (unsigned long long)src,
				 (unsigned long long)eoff);
	} else {
		snprintf(where, sizeof(where),
			 "UTF-8 byte %llu (input bytes %llu-%llu)",
			 (unsigned long long)eoff,
			 (unsigned long long)f->call_src,
			 (unsigned long long)(f->call_src + f->call_len));
	}
	if (r == WHATENC_UNMAPPABLE) {
		snprintf(what, sizeof(what), "U+%04X cannot be encoded in %s",
			 (unsigned int)e->cp, enc_out_name(c->o));
	} else {
		hex_bytes(hex, e->bytes, e->len);
		snprintf(what, sizeof(what),
			 "invalid %s sequence %s cannot be encoded in %s",
			 f->passthrough ? "WTF-8" : "UTF-8", hex,
			 enc_out_name(c->o));
	}
	fprintf(stderr, "%s: %s: %s: %s (line %llu, column %llu)\n", wt_prog,
		f->name, where, what, (unsigned long long)line,
		(unsigned long long)col);
}

static int engine_failed(struct wt_file *f, struct wt_session *s, int err)
{
	fprintf(stderr, "%s: %s: %s engine: %s\n", wt_prog, f->name,
		s->eng->name, strerror(-err));
	return WT_EXIT_ERR;
}

/* U+FFFD in TO (only reached with UTF-16 output: WTF-8 input). */
static size_t fffd_in_to(const struct wt_opts *o, u8 *buf)
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
static void count_replacement(struct wt_file *f, const struct whatenc_error *e,
			      u64 offset, const u8 *buf, size_t at)
{
	if (!f->nrepl++) {
		f->first_repl = offset;
		pos_at(f, buf, at, &f->first_line, &f->first_col);
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
			return engine_failed(f, &f->enc, r);
		w = write_all(c, c->out, b.out_pos);
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
	w = write_all(c, b->out, b->out_pos);
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
static int encode_call(struct wt_ctx *c, struct wt_file *f,
		       struct whatenc_buf *b, bool last, int *r)
{
	b->out_pos = 0;
	*r = wt_convert(&f->enc, b, last);
	if (*r < 0)
		return engine_failed(f, &f->enc, *r);
	/* in html mode only f->ncr's fatal encoder reports these */
	if (*r == WHATENC_UNMAPPABLE && c->o->unmappable != WT_UNMAP_FAIL) {
		*r = WHATENC_OUTPUT_FULL;	/* go on */
		return put_unmappable(c, f, b);
	}
	return 0;
}

/*
 * Pass @len bytes of UTF-8 (WTF-8 for f->passthrough) to the output:
 * directly, or through the encoder, applying --unmappable and, for WTF-8
 * input, the replacement of malformed input. Returns 0 or an exit status.
 */
static int put_utf8(struct wt_ctx *c, struct wt_file *f, const u8 *buf,
		    size_t len, bool last)
{
	const struct wt_opts *o = c->o;
	struct whatenc_buf b = {
		.in = buf, .in_size = len,
		.out = c->out, .out_size = WT_OUTBUF,
	};
	int r, w;

	if (!f->have_enc) {
		w = write_all(c, buf, len);
		if (!w)
			track(f, buf, len);
		return w;
	}
	for (;;) {
		w = encode_call(c, f, &b, last, &r);
		if (w)
			return w;
		if (r == WHATENC_MALFORMED && f->passthrough && !o->fatal) {
			u64 eoff = f->enc.err.offset - f->enc_skew;

			count_replacement(f, &f->enc.err, eoff + f->skip, buf,
					  eoff - f->mid_u8);
			if (!o->omit_invalid)
				b.out_pos += fffd_in_to(o, b.out + b.out_pos);
			r = WHATENC_OUTPUT_FULL;	/* go on */
		}
		w = write_all(c, c->out, b.out_pos);
		if (w)
			return w;
		if (r == WHATENC_INPUT_EMPTY)
			break;
		if (r != WHATENC_OUTPUT_FULL) {
			report_encode(c, f, r, buf);
			return WT_EXIT_CONV;
		}
	}
	track(f, buf, len);
	return 0;
}

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

	track(f, buf, at);
	f->mid_u8 += at;
	e.offset = f->call_src + at;
	f->enc_skew += e.len;	/* not in the UTF-8 stream */
	if (c->o->fatal) {
		w = put_utf8(c, f, buf, 0, true);	/* flush */
		if (!w)
			report_decode(c, f, &e);
		return w ? w : WT_EXIT_CONV;
	}
	count_replacement(f, &e, e.offset, buf + at, 0);
	if (c->o->omit_invalid)
		return 0;
	f->repl_pending = true;
	f->repl_at = f->mid_u8;
	w = put_utf8(c, f, fffd, sizeof(fffd), false);
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
		w = encode_call(c, f, &b, last, &r);
		if (w)
			return w;
		w = write_all(c, c->out, b.out_pos);
		if (w)
			return w;
		if (r == WHATENC_MALFORMED) {
			u64 d = f->enc.err.offset - f->enc_skew;
			size_t n = f->enc.err.len, at = seg, used = n;

			if (d < f->mid_u8) {
				/*
				 * Bytes held since the end of the last chunk
				 * (where track() counted their lead byte), cut
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
			report_encode(c, f, r, buf + seg);
			return WT_EXIT_CONV;
		}
	}
	track(f, buf + seg, len - seg);
	f->mid_u8 += len - seg;
	f->call_src += len - seg;
	return 0;
}

/*
 * f->direct from the first chunk on; returns the length of the UTF-8 BOM
 * to skip (--bom=sniff or strip), as the UTF-8 decoder would.
 */
static size_t direct_start(struct wt_file *f)
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
static int direct_chunk(struct wt_ctx *c, struct wt_file *f, size_t n,
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

static void verbose(struct wt_ctx *c, struct wt_file *f, u64 in, u64 out)
{
	const struct wt_opts *o = c->o;
	char bom[64] = "", subst[48] = "", eng[64];
	const char *d = f->passthrough ? o->eng->name : f->dec.eng->name;
	const char *e = f->have_enc ? f->enc.eng->name : o->eng->name;

	if (!o->verbose)
		return;
	/* the kernel engine hands errors it cannot go on after to the core */
	snprintf(eng, sizeof(eng), "%s engine%s%s%s%s%s", o->eng->name,
		 strcmp(d, o->eng->name) ? " (decoder: " : "",
		 strcmp(d, o->eng->name) ? d : "",
		 strcmp(e, o->eng->name) ? " (encoder: " : "",
		 strcmp(e, o->eng->name) ? e : "",
		 strcmp(d, o->eng->name) || strcmp(e, o->eng->name) ? ")" : "");
	if (f->dec_enc != f->from)
		snprintf(bom, sizeof(bom), " (BOM overrides label: %s)",
			 whatenc_name(f->dec_enc));
	if (o->unmappable == WT_UNMAP_SKIP || o->unmappable == WT_UNMAP_CHAR)
		snprintf(subst, sizeof(subst), ", %llu %s",
			 (unsigned long long)f->nsubst,
			 o->unmappable == WT_UNMAP_SKIP ? "unmappable omitted" :
							  "substituted");
	fprintf(stderr, "%s: %s: %s: %s%s -> %s%s%s%s%s, %llu bytes in, %llu bytes out, %llu %s%s\n",
		wt_prog, f->name, eng, whatenc_name(f->from),
		o->auto_from ? " (detected)" : "",
		f->passthrough ? "WTF-8" : "UTF-8", bom,
		f->have_enc ? " -> " : "", f->have_enc ? enc_out_name(o) : "",
		(f->dec_flags & WHATENC_DEC_WTF8) ? " (WTF-8)" : "",
		(unsigned long long)in, (unsigned long long)out,
		(unsigned long long)f->nrepl,
		o->omit_invalid ? "omitted" : "replaced", subst);
}

/*
 * Advance the shadow decoder over what the engine's decoder consumed;
 * with f->dec_replaces, note the U+FFFD the engine wrote for each
 * malformed sequence (in c->mid, from @mid_at on).
 */
static void follow(struct wt_ctx *c, struct wt_file *f, const u8 *in,
		   size_t len, bool last)
{
	u8 scratch[4096];
	struct whatenc_buf b = {
		.in = in, .in_size = len,
		.out = scratch, .out_size = sizeof(scratch),
	};
	enum whatenc_ret r;
	size_t at = 0;

	do {
		b.out_pos = 0;
		r = whatenc_decode(&f->shadow, &b, last);
		at += b.out_pos;
		if (r == WHATENC_MALFORMED && f->dec_replaces) {
			count_replacement(f, &f->shadow.err,
					  f->shadow.err.offset, c->mid, at);
			if (!f->repl_pending) {
				f->repl_pending = true;
				f->repl_at = f->mid_u8 + at;
			}
			at += 3;
		}
	} while (r == WHATENC_OUTPUT_FULL || r == WHATENC_MALFORMED);
	if (r != WHATENC_INPUT_EMPTY)
		f->have_shadow = false;	/* cannot happen: same core */
}

/*
 * One decode call's worth of output is in c->mid[0..b->out_pos) and the
 * decoder stopped at malformed input (it always runs in fatal mode, so
 * that replacements can be counted): put U+FFFD after it, unless -c.
 */
static void replace_malformed(struct wt_ctx *c, struct wt_file *f,
			      struct whatenc_buf *b)
{
	count_replacement(f, &f->dec.err, f->dec.err.offset, c->mid,
			  b->out_pos);
	if (c->o->omit_invalid)
		return;
	f->repl_pending = true;
	f->repl_at = f->mid_u8 + b->out_pos;
	/* WT_MIDBUF holds 3 bytes per input byte: replacement mode's worst */
	memcpy(b->out + b->out_pos, "\xef\xbf\xbd", 3);
	b->out_pos += 3;
}

static int convert_stream(struct wt_ctx *c, struct wt_file *f, int fd)
{
	const bool fatal = c->o->fatal;
	u64 src = 0, in0 = c->bytes_in, out0 = c->bytes_out;
	int r, w;

	for (;;) {
		ssize_t n;
		struct whatenc_buf b = {
			.in = c->in, .out = c->mid, .out_size = WT_MIDBUF,
		};
		bool last;

		if (f->prefix || f->prefix_eof) {
			/* read already (-f auto, --wtf8); n == 0 is the end */
			n = f->prefix;
			f->prefix = 0;
			f->prefix_eof = false;
		} else {
			n = read_some(fd, c->in + f->carry,
				      WT_INBUF - f->carry);
		}

		if (n < 0) {
			fprintf(stderr, "%s: %s: read error: %s\n", wt_prog,
				f->name, strerror(errno));
			return WT_EXIT_ERR;
		}
		last = n == 0;
		b.in_size = n;
		if (f->passthrough) {
			w = put_utf8(c, f, c->in, n, last);
			f->mid_u8 += n;
			if (w)
				return w;
		} else if (f->direct) {
			w = direct_chunk(c, f, n, 0, last);
			if (w)
				return w;
		} else {
			settle_head(c, f, c->in, n, last);
			if (!src && f->head_done && f->may_direct &&
			    f->dec_enc == WHATENC_UTF_8) {
				w = direct_chunk(c, f, n, direct_start(f), last);
				if (w)
					return w;
			}
		}
		while (!f->passthrough && !f->direct) {
			if (f->have_shadow) {
				f->snap = f->shadow;
				f->snap_ok = true;
			} else {
				f->snap_ok = f->dec.eng->snapshot &&
					f->dec.eng->snapshot(&f->dec, &f->snap);
			}
			f->call_in = c->in + b.in_pos;
			f->call_len = b.in_size - b.in_pos;
			f->call_last = last;
			f->call_src = src + b.in_pos;
			b.out_pos = 0;
			f->repl_pending = false;
			r = wt_convert(&f->dec, &b, last);
			if (r < 0)
				return engine_failed(f, &f->dec, r);
			if (f->have_shadow)
				follow(c, f, c->in + (f->call_src - src),
				       b.in_pos - (f->call_src - src),
				       last && r == WHATENC_INPUT_EMPTY);
			if (r == WHATENC_MALFORMED && !fatal)
				replace_malformed(c, f, &b);
			w = put_utf8(c, f, c->mid, b.out_pos,
				     (last && r == WHATENC_INPUT_EMPTY) ||
				     (r == WHATENC_MALFORMED && fatal));
			f->mid_u8 += b.out_pos;
			if (w)
				return w;
			if (r == WHATENC_MALFORMED && fatal) {
				report_decode(c, f, &f->dec.err);
				return WT_EXIT_CONV;
			}
			if (r == WHATENC_INPUT_EMPTY)
				break;
		}
		src += n;
		c->bytes_in += n;
		wt_progress(c, false);
		if (last)
			break;
	}
	verbose(c, f, c->bytes_in - in0, c->bytes_out - out0);
	return WT_EXIT_OK;
}

/* Read until c->in holds @need bytes (f->prefix) or the input ends. */
static int read_prefix(struct wt_ctx *c, struct wt_file *f, int fd,
		       size_t need)
{
	while (f->prefix < need && !f->prefix_eof) {
		ssize_t n = read_some(fd, c->in + f->prefix, need - f->prefix);

		if (n < 0) {
			fprintf(stderr, "%s: %s: read error: %s\n", wt_prog,
				f->name, strerror(errno));
			return WT_EXIT_ERR;
		}
		if (!n)
			f->prefix_eof = true;
		f->prefix += n;
	}
	return 0;
}

/* The format of the file: --format, else by its name. */
static enum whatenc_format format_of(const struct wt_opts *o, int fd,
				     const char *name)
{
	return o->format >= 0 ? (enum whatenc_format)o->format :
	       fd == STDIN_FILENO ? WHATENC_FORMAT_TEXT :
	       wt_detect_format_of(name);
}

/*
 * An explicit FROM: read what the first read gives (a regular file: up to
 * WT_INBUF bytes; a pipe or terminal is not waited on) and check that the
 * content does not contradict FROM.
 */
static int check_head(struct wt_ctx *c, struct wt_file *f, int fd)
{
	struct stat st;
	size_t need = 1;
	int r;

	if (!fstat(fd, &st) && S_ISREG(st.st_mode))
		need = WT_INBUF;
	r = read_prefix(c, f, fd, need);
	if (r)
		return r;
	return wt_head_check(c->o, f->name, format_of(c->o, fd, f->name),
			     c->in, f->prefix, f->prefix_eof);
}

/*
 * Files written (-i, -o) in HTML, XML or CSS: their declarations are
 * rewritten to the output encoding in the first WT_INBUF bytes, before
 * they are decoded (decl.c).
 */
static int fix_decls(struct wt_ctx *c, struct wt_file *f, int fd)
{
	int fmt = fd == STDIN_FILENO && c->o->format < 0 ? -1 :
		  wt_check_format_of(f->name, c->o->format);
	enum whatenc_encoding src = f->from;
	size_t bom_len;
	int r;

	if (fmt < 0)
		return 0;
	r = read_prefix(c, f, fd, WT_INBUF);
	if (r)
		return r;
	r = whatenc_bom_sniff(c->in, f->prefix, &bom_len);
	if (r >= 0 && (f->dec_flags & WHATENC_BOM_MASK) == WHATENC_BOM_SNIFF)
		src = r;
	r = wt_decl_rewrite(c->o, f->name, fmt, src, wt_out_encoding(c->o),
			    c->in, &f->prefix, WT_INBUF + WT_INSLACK, &c->decls);
	c->decl_refused = r != 0;
	return r;
}

/*
 * -f auto: read the start of the file into c->in (at most WT_INBUF bytes:
 * formats whose answer depends on all of the input, text and HTML with
 * UTF-8 sniffing, decide on that much) and detect its encoding.
 */
static int detect(struct wt_ctx *c, struct wt_file *f, int fd)
{
	const struct wt_opts *o = c->o;
	struct whatenc_detect_opts dopts = { 0 };
	enum whatenc_format fmt;
	size_t need;
	int r;

	fmt = format_of(o, fd, f->name);
	need = wt_detect_need(fmt, 0);
	if (!need || need > WT_INBUF)
		need = WT_INBUF;
	r = read_prefix(c, f, fd, need);
	if (r)
		return r;
	r = wt_detect_auto(fmt, &dopts, c->in, f->prefix, f->prefix_eof,
			   f->name, &f->from);
	if (r == -EAGAIN)	/* decide on the first WT_INBUF bytes */
		r = wt_detect_auto(fmt, &dopts, c->in, f->prefix, true,
				   f->name, &f->from);
	if (r)
		return r == 1 ? WT_EXIT_CONV : WT_EXIT_ERR;
	/* detection found any BOM: decode as the spec's decode does */
	f->dec_flags = (o->dec_flags & ~(WHATENC_BOM_MASK | WHATENC_DEC_WTF8)) |
		       WHATENC_BOM_SNIFF;
	if (o->wtf8 && (f->from == WHATENC_UTF_16BE ||
			f->from == WHATENC_UTF_16LE))
		f->dec_flags |= WHATENC_DEC_WTF8;
	f->dec_enc = f->from;
	return 0;
}

/*
 * --wtf8 from UTF-8 to UTF-16: the input is WTF-8 and goes to the UTF-16
 * encoder (which reads WTF-8) without a decoder, since the UTF-8 decoder
 * would turn each surrogate into U+FFFD. The BOM is handled here: a
 * UTF-8 BOM is removed (sniff, strip); a UTF-16 one (sniff) means the
 * input is UTF-16 after all, decoded with lone surrogates kept.
 */
static int wtf8_head(struct wt_ctx *c, struct wt_file *f, int fd)
{
	unsigned int mode = f->dec_flags & WHATENC_BOM_MASK;
	size_t bom_len = 0;
	int r, enc;

	f->passthrough = true;
	if (mode == WHATENC_BOM_KEEP)
		return 0;
	r = read_prefix(c, f, fd, 3);
	if (r)
		return r;
	enc = whatenc_bom_sniff(c->in, f->prefix, &bom_len);
	if (enc == WHATENC_UTF_8) {
		f->skip = bom_len;
		f->prefix -= bom_len;
		memmove(c->in, c->in + bom_len, f->prefix);
	} else if (enc >= 0 && mode == WHATENC_BOM_SNIFF) {
		f->passthrough = false;
		f->dec_enc = enc;
		f->dec_flags |= WHATENC_DEC_WTF8;
		f->head_done = true;
		bom_note(c, f);
	}
	return 0;
}

/* After a file: say how much was replaced, unless -s. */
static void replaced_note(struct wt_ctx *c, struct wt_file *f)
{
	c->replaced += f->nrepl;
	c->substituted += f->nsubst;
	if (!f->nrepl || c->o->silent)
		return;
	fprintf(stderr, "%s: %s: %llu malformed sequence%s %s (first at byte %llu, line %llu, column %llu)\n",
		wt_prog, f->name, (unsigned long long)f->nrepl,
		f->nrepl == 1 ? "" : "s",
		c->o->omit_invalid ? "omitted" : "replaced by U+FFFD",
		(unsigned long long)f->first_repl,
		(unsigned long long)f->first_line,
		(unsigned long long)f->first_col);
}

/**
 * wt_convert_fd() - convert one input file as one stream
 * @c:    buffers and options
 * @fd:   the input
 * @name: its name for messages
 *
 * Return: an exit status (WT_EXIT_*).
 */
int wt_convert_fd(struct wt_ctx *c, int fd, const char *name)
{
	const struct wt_opts *o = c->o;
	struct wt_file f = {
		.name = name, .from = o->from, .dec_enc = o->from,
		.dec_flags = o->dec_flags,
	};
	int r;

	if (o->auto_from) {
		r = detect(c, &f, fd);
		if (r)
			return r;
	} else {
		r = check_head(c, &f, fd);
		if (r)
			return r;
	}
	c->decls = 0;
	c->decl_refused = false;
	if (o->fix_decls) {
		r = fix_decls(c, &f, fd);
		if (r)
			return r;
	}
	if (!o->auto_from && o->wtf8_in) {
		r = wtf8_head(c, &f, fd);
		if (r)
			return r;
	}
	if (!f.passthrough) {
		/*
		 * The kernel engine stops for good at a fatal error: it
		 * replaces malformed input itself (the shadow counts), and -c
		 * (omit) decodes with the built-in core.
		 */
		const struct wt_engine *eng = o->eng;
		unsigned int flags = f.dec_flags;

		if (!o->fatal && !eng->snapshot) {
			if (o->omit_invalid) {
				eng = &wt_engine_user;
			} else {
				flags &= ~WHATENC_DEC_FATAL;
				f.dec_replaces = true;
			}
		}
		r = wt_open(eng, &f.dec, WT_DECODE, f.dec_enc, flags);
		if (r) {
			fprintf(stderr, "%s: %s: cannot start a %s decoder (%s engine): %s\n",
				wt_prog, name, whatenc_name(f.dec_enc),
				eng->name, strerror(-r));
			return WT_EXIT_ERR;
		}
	}
	if (o->encode) {
		/*
		 * Encoder errors the CLI goes on after (--unmappable=skip or
		 * a substitute; WTF-8 input, whose malformed input is replaced
		 * here) need an engine that can go on: the built-in core.
		 */
		const struct wt_engine *eng = o->eng;
		unsigned int flags = f.passthrough ?
				     o->enc_flags & ~WHATENC_ENC_HTML :
				     o->enc_flags;

		/*
		 * UTF-8 to a legacy encoding, built-in core: the encoder may
		 * read the input itself (f.direct). ISO-2022-JP is left out:
		 * its encoder returns to ASCII at malformed input, which -c
		 * (no U+FFFD) would make visible. UTF-16 output reads WTF-8.
		 */
		f.may_direct = !f.passthrough && !o->auto_from &&
			       o->eng == &wt_engine_user &&
			       f.dec_enc == WHATENC_UTF_8 &&
			       whatenc_output_encoding(o->to) != WHATENC_UTF_8 &&
			       o->to != WHATENC_ISO_2022_JP &&
			       !(o->enc_flags & WHATENC_ENC_UTF16);
		if (f.may_direct && (flags & WHATENC_ENC_HTML)) {
			flags &= ~WHATENC_ENC_HTML;
			f.ncr = true;
		}

		if (!eng->snapshot &&
		    (o->unmappable == WT_UNMAP_SKIP ||
		     o->unmappable == WT_UNMAP_CHAR ||
		     (f.passthrough && !o->fatal)))
			eng = &wt_engine_user;
		r = wt_open(eng, &f.enc, WT_ENCODE, o->to, flags);
		if (r) {
			fprintf(stderr, "%s: %s: cannot start a %s encoder (%s engine): %s\n",
				wt_prog, name, whatenc_name(o->to),
				eng->name, strerror(-r));
			wt_close(&f.dec);
			return WT_EXIT_ERR;
		}
		f.have_enc = true;
	}
	f.have_shadow = !f.passthrough && !f.dec.eng->snapshot &&
			((f.have_enc && o->unmappable == WT_UNMAP_FAIL) ||
			 f.dec_replaces) &&
			!whatenc_decoder_init(&f.shadow, f.dec_enc, f.dec_flags);
	r = convert_stream(c, &f, fd);
	wt_close(&f.dec);
	if (f.have_enc)
		wt_close(&f.enc);
	/*
	 * After a conversion error the message says what stopped the run;
	 * a count would depend on how far the engine had read.
	 */
	if (r != WT_EXIT_CONV)
		replaced_note(c, &f);
	return r;
}
