// SPDX-License-Identifier: GPL-2.0-only
/*
 * position.c - where in the input the converter is: line and column
 * of the UTF-8 text, and the messages that name input bytes
 */
#include <stdio.h>
#include <string.h>

#include "convert.h"

static void hex_bytes(char *dst, const u8 *b, unsigned int n)
{
	unsigned int i;

	*dst = 0;
	for (i = 0; i < n && i < 4; i++)
		dst += sprintf(dst, "%s%02X", i ? " " : "", b[i]);
}

enum whatenc_encoding wt_out_encoding(const struct wt_opts *o)
{
	if ((o->enc_flags & WHATENC_ENC_UTF16) &&
	    (o->to == WHATENC_UTF_16BE || o->to == WHATENC_UTF_16LE))
		return o->to;
	return whatenc_output_encoding(o->to);
}

const char *cv_enc_out_name(const struct wt_opts *o)
{
	return whatenc_encoding_name(wt_out_encoding(o));
}

/* Line and column (1-based, in characters) after @n more bytes of UTF-8. */
void cv_pos_at(const struct wt_file *f, const u8 *buf, size_t n,
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
void cv_track(struct wt_file *f, const u8 *buf, size_t n)
{
	cv_pos_at(f, buf, n, &f->lines, &f->col);
	f->lines--;
	f->col--;
}

/*
 * An offset in the input as decoded (declarations rewritten, decl.c) as
 * an offset in the file.
 */
unsigned long long cv_src_off(const struct wt_ctx *c, u64 off)
{
	s64 shift = 0;
	unsigned int i;

	for (i = 0; i < c->edits.n && off >= c->edits.e[i].at; i++)
		shift += c->edits.e[i].delta;
	return off - shift;
}

/*
 * Malformed input @e (@e->offset: in the input) at the tracked position,
 * which stops the run (--fatal, or a file written without
 * --allow-replace).
 */
void cv_report_decode(struct wt_ctx *c, struct wt_file *f,
		      const struct whatenc_error *e)
{
	char hex[16];

	hex_bytes(hex, e->bytes, e->len);
	fprintf(stderr, "%s: %s: byte %llu: invalid %s sequence %s (line %llu, column %llu)%s\n",
		wt_prog, f->name, cv_src_off(c, e->offset),
		whatenc_encoding_name(f->dec_enc), e->len ? hex : "(end of input)",
		(unsigned long long)f->lines + 1, (unsigned long long)f->col + 1,
		c->o->refuse_replace ? ": not converted, as it would have to be replaced by U+FFFD (--allow-replace to convert anyway)" : "");
}

/*
 * Whether the U+FFFD at UTF-8 stream offset @eoff replaced malformed
 * input, in the last decode call: *@e says which.
 */
static bool replaced_here(const struct wt_file *f, u64 eoff,
			  struct whatenc_error *e)
{
	u64 at;

	if (f->repl_pending && eoff == f->repl_at) {
		*e = f->repl_err;
		return true;
	}
	return f->core_repl && f->call_repl && f->enc.err.cp == 0xfffd &&
	       eoff >= f->mid_u8 &&
	       !cv_call_error(f, eoff - f->mid_u8, e, &at) &&
	       at == eoff - f->mid_u8;
}

/*
 * An encoder error at UTF-8 offset @at of the chunk @buf: the message
 * names the input byte offset (and the UTF-8 one when it differs), the
 * character or bytes, and the line and column.
 */
void cv_report_encode(struct wt_ctx *c, struct wt_file *f, int r,
		      const u8 *buf)
{
	const struct whatenc_error *e = &f->enc.err;
	struct whatenc_error repl;
	char where[128], what[160], hex[16];
	u64 eoff = e->offset - f->enc_skew, line, col, at = eoff - f->mid_u8;
	u64 start = 0, end;

	cv_pos_at(f, buf, at, &line, &col);
	if (r == WHATENC_UNMAPPABLE && replaced_here(f, eoff, &repl)) {
		/* the U+FFFD is ours: the cause is malformed input */
		hex_bytes(hex, repl.bytes, repl.len);
		fprintf(stderr, "%s: %s: byte %llu: invalid %s sequence %s, and %s cannot encode the U+FFFD that replaces it (line %llu, column %llu; -c omits such input)\n",
			wt_prog, f->name,
			cv_src_off(c, repl.offset),
			whatenc_encoding_name(f->dec_enc),
			repl.len ? hex : "(end of input)",
			cv_enc_out_name(c->o), (unsigned long long)line,
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
				 cv_src_off(c, src));
		else
			snprintf(where, sizeof(where), "byte %llu (UTF-8 byte %llu)",
				 cv_src_off(c, src), (unsigned long long)eoff);
	} else {
		snprintf(where, sizeof(where),
			 "UTF-8 byte %llu (input bytes %llu-%llu)",
			 (unsigned long long)eoff, cv_src_off(c, f->call_src),
			 cv_src_off(c, f->call_src + f->call_len));
	}
	if (r == WHATENC_UNMAPPABLE) {
		snprintf(what, sizeof(what), "U+%04X cannot be encoded in %s",
			 (unsigned int)e->cp, cv_enc_out_name(c->o));
	} else {
		hex_bytes(hex, e->bytes, e->len);
		snprintf(what, sizeof(what),
			 "invalid %s sequence %s cannot be encoded in %s",
			 f->passthrough ? "WTF-8" : "UTF-8", hex,
			 cv_enc_out_name(c->o));
	}
	fprintf(stderr, "%s: %s: %s: %s (line %llu, column %llu)\n", wt_prog,
		f->name, where, what, (unsigned long long)line,
		(unsigned long long)col);
}

int cv_engine_failed(struct wt_file *f, struct wt_session *s, int err)
{
	fprintf(stderr, "%s: %s: %s engine: %s\n", wt_prog, f->name,
		s->eng->name, strerror(-err));
	return WT_EXIT_ERR;
}
