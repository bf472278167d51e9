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
 *
 * This file runs the stream; its parts are in io.c, position.c,
 * replace.c (the replacement policy), direct.c, shadow.c and filestart.c
 * (convert.h).
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "convert.h"


/*
 * Pass @len bytes of UTF-8 (WTF-8 for f->passthrough) to the output:
 * directly, or through the encoder, applying --unmappable and, for WTF-8
 * input, the replacement of malformed input. Returns 0 or an exit status.
 */
int cv_put_utf8(struct wt_ctx *c, struct wt_file *f, const u8 *buf,
		size_t len, bool last)
{
	const struct wt_opts *o = c->o;
	struct whatenc_buf b = {
		.in = buf, .in_size = len,
		.out = c->out, .out_size = WT_OUTBUF,
	};
	int r, w;

	if (!f->have_enc) {
		w = cv_write_all(c, buf, len);
		if (!w)
			cv_track(f, buf, len);
		return w;
	}
	for (;;) {
		w = cv_encode_call(c, f, &b, last, &r);
		if (w)
			return w;
		if (r == WHATENC_MALFORMED && f->passthrough && !o->fatal) {
			u64 eoff = f->enc.err.offset - f->enc_skew;

			cv_count_replacement(f, &f->enc.err, eoff + f->skip, buf,
					  eoff - f->mid_u8);
			if (!o->omit_invalid)
				b.out_pos += cv_fffd_in_to(o, b.out + b.out_pos);
			r = WHATENC_OUTPUT_FULL;	/* go on */
		}
		w = cv_write_all(c, c->out, b.out_pos);
		if (w)
			return w;
		if (r == WHATENC_INPUT_EMPTY)
			break;
		if (r != WHATENC_OUTPUT_FULL) {
			cv_report_encode(c, f, r, buf);
			return WT_EXIT_CONV;
		}
	}
	cv_track(f, buf, len);
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
			 whatenc_encoding_name(f->dec_enc));
	if (o->unmappable == WT_UNMAP_SKIP || o->unmappable == WT_UNMAP_CHAR)
		snprintf(subst, sizeof(subst), ", %llu %s",
			 (unsigned long long)f->nsubst,
			 o->unmappable == WT_UNMAP_SKIP ? "unmappable omitted" :
							  "substituted");
	fprintf(stderr, "%s: %s: %s: %s%s -> %s%s%s%s%s, %llu bytes in, %llu bytes out, %llu %s%s\n",
		wt_prog, f->name, eng, whatenc_encoding_name(f->from),
		o->auto_from ? " (detected)" : "",
		f->passthrough ? "WTF-8" : "UTF-8", bom,
		f->have_enc ? " -> " : "", f->have_enc ? cv_enc_out_name(o) : "",
		(f->dec_flags & WHATENC_DEC_WTF8) ? " (WTF-8)" : "",
		(unsigned long long)in, (unsigned long long)out,
		(unsigned long long)f->nrepl,
		o->omit_invalid ? "omitted" : "replaced", subst);
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
			n = cv_read_some(fd, c->in + f->carry,
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
			w = cv_put_utf8(c, f, c->in, n, last);
			f->mid_u8 += n;
			if (w)
				return w;
		} else if (f->direct) {
			w = cv_direct_chunk(c, f, n, 0, last);
			if (w)
				return w;
		} else {
			cv_settle_head(c, f, c->in, n, last);
			if (!src && f->head_done && f->may_direct &&
			    f->dec_enc == WHATENC_UTF_8) {
				w = cv_direct_chunk(c, f, n, cv_direct_start(f), last);
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
				/* replays stop at each error (cv_call_error()) */
				f->snap.flags |= WHATENC_DEC_FATAL;
			}
			f->call_in = c->in + b.in_pos;
			f->call_len = b.in_size - b.in_pos;
			f->call_last = last;
			f->call_src = src + b.in_pos;
			b.out_pos = 0;
			f->repl_pending = false;
			r = wt_convert(&f->dec, &b, last);
			if (r < 0)
				return cv_engine_failed(f, &f->dec, r);
			if (f->have_shadow)
				cv_follow(c, f, c->in + (f->call_src - src),
				       b.in_pos - (f->call_src - src),
				       last && r == WHATENC_INPUT_EMPTY);
			if (f->core_repl)
				cv_core_replacements(c, f, &b);
			else if (r == WHATENC_MALFORMED && !fatal)
				cv_replace_malformed(c, f, &b);
			w = cv_put_utf8(c, f, c->mid, b.out_pos,
				     (last && r == WHATENC_INPUT_EMPTY) ||
				     (r == WHATENC_MALFORMED && fatal));
			f->mid_u8 += b.out_pos;
			if (w)
				return w;
			if (r == WHATENC_MALFORMED && fatal) {
				cv_report_decode(c, f, &f->dec.err);
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

/**
 * wt_convert_fd() - convert one input file as one stream
 * @c:    buffers and options
 * @fd:   the input
 * @name: its name (escaped in messages)
 *
 * Return: an exit status (WT_EXIT_*).
 */
int wt_convert_fd(struct wt_ctx *c, int fd, const char *name)
{
	static char shown[4 * 4096 + 1];	/* the name, escaped */
	const struct wt_opts *o = c->o;
	struct wt_file f = {
		.name = shown, .path = name, .from = o->from, .dec_enc = o->from,
		.dec_flags = o->dec_flags,
	};
	int r;

	wt_escape(name, strlen(name), shown, sizeof(shown));
	if (o->auto_from) {
		r = cv_detect(c, &f, fd);
		if (r)
			return r;
	} else {
		r = cv_check_head(c, &f, fd);
		if (r)
			return r;
	}
	c->edits.n = 0;
	c->decl_refused = false;
	if (o->fix_decls) {
		r = cv_fix_decls(c, &f, fd);
		if (r)
			return r;
	}
	if (!o->auto_from && o->wtf8_in) {
		r = cv_wtf8_head(c, &f, fd);
		if (r)
			return r;
	}
	if (!f.passthrough) {
		/*
		 * The built-in core replaces malformed input itself and counts
		 * it (f.core_repl); with -c (omit) it runs fatal and the CLI
		 * drops what it reports. The kernel engine stops for good at a
		 * fatal error: it replaces malformed input itself and counts it
		 * (whatenc_status.replacements; the shadow counts for a module
		 * without it, and finds where the first replacement is), and
		 * -c decodes with the built-in core.
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
		} else if (!o->fatal && !o->omit_invalid && eng->replacements) {
			flags &= ~WHATENC_DEC_FATAL;
			f.core_repl = true;
		}
		r = wt_open(eng, &f.dec, WT_DECODE, f.dec_enc, flags);
		if (r) {
			fprintf(stderr, "%s: %s: cannot start a %s decoder (%s engine): %s\n",
				wt_prog, f.name, whatenc_encoding_name(f.dec_enc),
				eng->name, strerror(-r));
			return WT_EXIT_ERR;
		}
		f.dev_repl = f.dec_replaces && f.dec.dev_counts;
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
				wt_prog, f.name, whatenc_encoding_name(o->to),
				eng->name, strerror(-r));
			wt_close(&f.dec);
			return WT_EXIT_ERR;
		}
		f.have_enc = true;
	}
	f.have_shadow = !f.passthrough && !f.dec.eng->snapshot &&
			((f.have_enc && o->unmappable == WT_UNMAP_FAIL) ||
			 (f.dec_replaces && cv_shadow_needed(c, &f))) &&
			!whatenc_decoder_init(&f.shadow, f.dec_enc, f.dec_flags);
	r = convert_stream(c, &f, fd);
	if (f.dev_repl && r != WT_EXIT_CONV)
		f.nrepl = f.dec.eng->replacements(&f.dec);
	wt_close(&f.dec);
	if (f.have_enc)
		wt_close(&f.enc);
	/*
	 * After a conversion error the message says what stopped the run;
	 * a count would depend on how far the engine had read.
	 */
	if (r != WT_EXIT_CONV)
		cv_replaced_note(c, &f);
	return r;
}
