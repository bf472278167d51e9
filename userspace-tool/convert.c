// SPDX-License-Identifier: GPL-2.0-only
/*
 * convert.c - stream one file through FROM -> UTF-8 (-> TO)
 *
 * Three fixed buffers: input (WT_INBUF), decoder output (WT_MIDBUF, big
 * enough for the decoded form of a whole input buffer, so that every
 * decode call's output is exactly the decoded form of its input, which
 * makes error offsets exact) and encoder output (WT_OUTBUF).
 */
#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "tool.h"
#include "detect_cmd.h"

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

static void progress(struct wt_ctx *c, bool force)
{
	double t = now(), dt;

	if (!c->o->progress || (!force && t - c->t_last < 0.25))
		return;
	c->t_last = t;
	dt = t - c->t_start;
	fprintf(stderr, "\r%s: %.1f MiB in, %.1f MiB out, %.1f MiB/s   ",
		wt_prog, c->bytes_in / 1048576.0, c->bytes_out / 1048576.0,
		dt > 0 ? c->bytes_in / 1048576.0 / dt : 0.0);
	c->progress_shown = true;
}

void wt_progress_end(struct wt_ctx *c)
{
	if (!c->o->progress)
		return;
	progress(c, true);
	fputc('\n', stderr);
}

/* Write all of @buf; 0, or the exit status for a failure. */
static int write_all(struct wt_ctx *c, const u8 *buf, size_t len)
{
	while (len) {
		ssize_t n = write(c->o->out_fd, buf, len);

		if (n < 0) {
			if (errno == EINTR)
				continue;
			if (errno == EAGAIN || errno == EWOULDBLOCK) {
				struct pollfd p = { c->o->out_fd, POLLOUT, 0 };

				poll(&p, 1, -1);
				continue;
			}
			if (errno == EPIPE)
				return WT_EXIT_PIPE;
			fprintf(stderr, "%s: %s: write error: %s\n", wt_prog,
				c->o->out_name, strerror(errno));
			return WT_EXIT_ERR;
		}
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
	const u8 *call_in;
	size_t call_len;
	bool call_last;
	u64 call_src;		/* source offset of call_in[0] */
	u64 mid_u8;		/* UTF-8 stream offset of c->mid[0] */
};

static const char *enc_out_name(const struct wt_opts *o)
{
	if ((o->enc_flags & WHATENC_ENC_UTF16) &&
	    (o->to == WHATENC_UTF_16BE || o->to == WHATENC_UTF_16LE))
		return whatenc_name(o->to);
	return whatenc_name(whatenc_output_encoding(o->to));
}

/* The encoding the decoder really uses: a BOM may override the label. */
static void settle_head(struct wt_file *f, const u8 *in,
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
}

static void report_decode(struct wt_file *f)
{
	char hex[16];

	hex_bytes(hex, f->dec.err.bytes, f->dec.err.len);
	fprintf(stderr, "%s: %s: byte %llu: invalid %s sequence %s\n",
		wt_prog, f->name, (unsigned long long)f->dec.err.offset,
		whatenc_name(f->dec_enc), f->dec.err.len ? hex : "(end of input)");
}

static void report_encode(struct wt_ctx *c, struct wt_file *f, int r)
{
	const struct whatenc_error *e = &f->enc.err;
	char where[128], what[96], hex[16];
	size_t start, end;

	if (e->offset >= f->mid_u8 && f->snap_ok &&
	    !wt_user_locate(&f->snap, f->call_in, f->call_len, f->call_last,
			    e->offset - f->mid_u8, &start, &end)) {
		u64 src = f->call_src + start;

		if (src == e->offset)
			snprintf(where, sizeof(where), "byte %llu",
				 (unsigned long long)src);
		else
			snprintf(where, sizeof(where), "byte %llu (UTF-8 byte %llu)",
				 (unsigned long long)src,
				 (unsigned long long)e->offset);
	} else {
		snprintf(where, sizeof(where),
			 "UTF-8 byte %llu (input bytes %llu-%llu)",
			 (unsigned long long)e->offset,
			 (unsigned long long)f->call_src,
			 (unsigned long long)(f->call_src + f->call_len));
	}
	if (r == WHATENC_UNMAPPABLE) {
		snprintf(what, sizeof(what), "U+%04X cannot be encoded in %s",
			 (unsigned int)e->cp, enc_out_name(c->o));
	} else {
		hex_bytes(hex, e->bytes, e->len);
		snprintf(what, sizeof(what),
			 "invalid UTF-8 sequence %s cannot be encoded in %s",
			 hex, enc_out_name(c->o));
	}
	fprintf(stderr, "%s: %s: %s: %s\n", wt_prog, f->name, where, what);
}

static int engine_failed(struct wt_file *f, struct wt_session *s, int err)
{
	fprintf(stderr, "%s: %s: %s engine: %s\n", wt_prog, f->name,
		s->eng->name, strerror(-err));
	return WT_EXIT_ERR;
}

/*
 * Pass @len bytes of decoder output to the output: directly, or through
 * the encoder. Returns 0 or an exit status.
 */
static int put_utf8(struct wt_ctx *c, struct wt_file *f, size_t len,
		    bool last)
{
	struct whatenc_buf b = {
		.in = c->mid, .in_size = len,
		.out = c->out, .out_size = WT_OUTBUF,
	};
	int r, w;

	if (!f->have_enc)
		return write_all(c, c->mid, len);
	for (;;) {
		b.out_pos = 0;
		r = wt_convert(&f->enc, &b, last);
		if (r < 0)
			return engine_failed(f, &f->enc, r);
		w = write_all(c, c->out, b.out_pos);
		if (w)
			return w;
		if (r == WHATENC_INPUT_EMPTY)
			return 0;
		if (r != WHATENC_OUTPUT_FULL) {
			report_encode(c, f, r);
			return WT_EXIT_CONV;
		}
	}
}

static void verbose(struct wt_ctx *c, struct wt_file *f, u64 in, u64 out)
{
	const struct wt_opts *o = c->o;
	char bom[64] = "";

	if (!o->verbose)
		return;
	if (f->dec_enc != f->from)
		snprintf(bom, sizeof(bom), " (BOM overrides label: %s)",
			 whatenc_name(f->dec_enc));
	fprintf(stderr, "%s: %s: %s engine: %s%s -> UTF-8%s%s%s%s, %llu bytes in, %llu bytes out\n",
		wt_prog, f->name, o->eng->name, whatenc_name(f->from),
		o->auto_from ? " (detected)" : "", bom,
		f->have_enc ? " -> " : "", f->have_enc ? enc_out_name(o) : "",
		(f->dec_flags & WHATENC_DEC_WTF8) ? " (WTF-8)" : "",
		(unsigned long long)in, (unsigned long long)out);
}

/* Advance the shadow decoder over what the engine's decoder consumed. */
static void follow(struct wt_file *f, const u8 *in, size_t len, bool last)
{
	u8 scratch[4096];
	struct whatenc_buf b = {
		.in = in, .in_size = len,
		.out = scratch, .out_size = sizeof(scratch),
	};
	enum whatenc_ret r;

	do {
		b.out_pos = 0;
		r = whatenc_decode(&f->shadow, &b, last);
	} while (r == WHATENC_OUTPUT_FULL);
	if (r != WHATENC_INPUT_EMPTY)
		f->have_shadow = false;	/* cannot happen: same core */
}

static int convert_stream(struct wt_ctx *c, struct wt_file *f, int fd)
{
	u64 src = 0, in0 = c->bytes_in, out0 = c->bytes_out;
	int r, w;

	for (;;) {
		ssize_t n;
		struct whatenc_buf b = {
			.in = c->in, .out = c->mid, .out_size = WT_MIDBUF,
		};
		bool last;

		if (f->prefix || f->prefix_eof) {
			/* -f auto read these already; n == 0 is the end */
			n = f->prefix;
			f->prefix = 0;
			f->prefix_eof = false;
		} else {
			n = read_some(fd, c->in, WT_INBUF);
		}

		if (n < 0) {
			fprintf(stderr, "%s: %s: read error: %s\n", wt_prog,
				f->name, strerror(errno));
			return WT_EXIT_ERR;
		}
		last = n == 0;
		b.in_size = n;
		settle_head(f, c->in, n, last);
		do {
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
			r = wt_convert(&f->dec, &b, last);
			if (r < 0)
				return engine_failed(f, &f->dec, r);
			if (f->have_shadow && r != WHATENC_MALFORMED)
				follow(f, c->in + (f->call_src - src),
				       b.in_pos - (f->call_src - src),
				       last && r == WHATENC_INPUT_EMPTY);
			w = put_utf8(c, f, b.out_pos,
				     (last && r == WHATENC_INPUT_EMPTY) ||
				     r == WHATENC_MALFORMED);
			f->mid_u8 += b.out_pos;
			if (w)
				return w;
			if (r == WHATENC_MALFORMED) {
				report_decode(f);
				return WT_EXIT_CONV;
			}
		} while (r == WHATENC_OUTPUT_FULL);
		src += n;
		c->bytes_in += n;
		progress(c, false);
		if (last)
			break;
	}
	verbose(c, f, c->bytes_in - in0, c->bytes_out - out0);
	return WT_EXIT_OK;
}

/**
 * wt_convert_fd() - convert one input file as one stream
 * @c:    buffers and options
 * @fd:   the input
 * @name: its name for messages
 *
 * Return: an exit status (WT_EXIT_*).
 */
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

	fmt = o->format >= 0 ? (enum whatenc_format)o->format :
	      fd == STDIN_FILENO ? WHATENC_FORMAT_TEXT :
	      wt_detect_format_of(f->name);
	need = wt_detect_need(fmt, 0);
	if (!need || need > WT_INBUF)
		need = WT_INBUF;
	while (f->prefix < need) {
		ssize_t n = read_some(fd, c->in + f->prefix, need - f->prefix);

		if (n < 0) {
			fprintf(stderr, "%s: %s: read error: %s\n", wt_prog,
				f->name, strerror(errno));
			return WT_EXIT_ERR;
		}
		if (!n) {
			f->prefix_eof = true;
			break;
		}
		f->prefix += n;
	}
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
	}
	r = wt_open(o->eng, &f.dec, WT_DECODE, f.from, f.dec_flags);
	if (r) {
		fprintf(stderr, "%s: %s: cannot start a %s decoder (%s engine): %s\n",
			wt_prog, name, whatenc_name(f.from), o->eng->name,
			strerror(-r));
		return WT_EXIT_ERR;
	}
	if (o->encode) {
		r = wt_open(o->eng, &f.enc, WT_ENCODE, o->to, o->enc_flags);
		if (r) {
			fprintf(stderr, "%s: %s: cannot start a %s encoder (%s engine): %s\n",
				wt_prog, name, whatenc_name(o->to),
				o->eng->name, strerror(-r));
			wt_close(&f.dec);
			return WT_EXIT_ERR;
		}
		f.have_enc = true;
	}
	f.have_shadow = f.have_enc && !o->eng->snapshot &&
			!(o->enc_flags & WHATENC_ENC_HTML) &&
			!whatenc_decoder_init(&f.shadow, f.from, f.dec_flags);
	r = convert_stream(c, &f, fd);
	wt_close(&f.dec);
	if (f.have_enc)
		wt_close(&f.enc);
	return r;
}
