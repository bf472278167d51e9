// SPDX-License-Identifier: GPL-2.0-only
/*
 * filestart.c - a file's start, before the stream: the BOM, -f
 * auto's detection, an explicit FROM checked (head.c), declarations
 * rewritten (decl.c), --wtf8's head
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "convert.h"
#include "check_cmd.h"
#include "detect_cmd.h"

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
		wt_prog, f->name, whatenc_encoding_name(f->dec_enc),
		whatenc_encoding_name(f->from), whatenc_encoding_name(f->from));
}

/* The encoding the decoder really uses: a BOM may override the label. */
void cv_settle_head(struct wt_ctx *c, struct wt_file *f, const u8 *in,
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
int cv_check_head(struct wt_ctx *c, struct wt_file *f, int fd)
{
	struct stat st;
	size_t need = 1;
	int r;

	if (!fstat(fd, &st) && S_ISREG(st.st_mode))
		need = WT_INBUF;
	r = cv_read_prefix(c, f, fd, need);
	if (r)
		return r;
	c->why[0] = 0;
	r = wt_head_check(c->o, f->name, format_of(c->o, fd, f->path),
			  c->in, f->prefix, f->prefix_eof, c->why);
	c->head_refused = r == WT_EXIT_CONV;
	return r;
}

/*
 * Files written (-i, -o) in HTML, XML or CSS: their declarations are
 * rewritten to the output encoding in the first WT_INBUF bytes, before
 * they are decoded (decl.c).
 */
int cv_fix_decls(struct wt_ctx *c, struct wt_file *f, int fd)
{
	int fmt = fd == STDIN_FILENO && c->o->format < 0 ? -1 :
		  wt_check_format_of(f->path, c->o->format);
	enum whatenc_encoding src = f->from;
	size_t bom_len;
	int r;

	if (fmt < 0)
		return 0;
	r = cv_read_prefix(c, f, fd, WT_INBUF);
	if (r)
		return r;
	r = whatenc_bom_sniff(c->in, f->prefix, &bom_len);
	if (r >= 0 && (f->dec_flags & WHATENC_BOM_MASK) == WHATENC_BOM_SNIFF)
		src = r;
	r = wt_decl_rewrite(c->o, f->name, fmt, src, wt_out_encoding(c->o),
			    c->in, &f->prefix, WT_INBUF + WT_INSLACK,
			    &c->edits);
	c->decl_refused = r != 0;
	return r;
}

/*
 * -f auto: read the start of the file into c->in (at most WT_INBUF bytes:
 * formats whose answer depends on all of the input, text and HTML with
 * UTF-8 sniffing, decide on that much) and detect its encoding.
 */
int cv_detect(struct wt_ctx *c, struct wt_file *f, int fd)
{
	const struct wt_opts *o = c->o;
	struct whatenc_detect_opts dopts = { 0 };
	enum whatenc_format fmt;
	size_t need;
	int r;

	fmt = format_of(o, fd, f->path);
	need = wt_detect_need(fmt, 0);
	if (!need || need > WT_INBUF)
		need = WT_INBUF;
	r = cv_read_prefix(c, f, fd, need);
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
int cv_wtf8_head(struct wt_ctx *c, struct wt_file *f, int fd)
{
	unsigned int mode = f->dec_flags & WHATENC_BOM_MASK;
	size_t bom_len = 0;
	int r, enc;

	f->passthrough = true;
	if (mode == WHATENC_BOM_KEEP)
		return 0;
	r = cv_read_prefix(c, f, fd, 3);
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
