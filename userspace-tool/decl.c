// SPDX-License-Identifier: GPL-2.0-only
/*
 * decl.c - declarations follow the bytes
 *
 * When whatenc writes HTML, XML or CSS into a file (-i, -o), the encoding
 * declarations in it (<meta charset>, the pragma's charset, the XML
 * declaration's encoding, @charset) are rewritten to name the output
 * encoding, so that the converted document does not declare the encoding
 * it was in. The declarations are found by the core's whatenc_check()
 * over the start of the file (the first WT_INBUF bytes: HTML's prescan
 * looks at 1024, XML's declaration and @charset are at the very start),
 * and each label is replaced in those bytes before they are decoded: the
 * label is ASCII in an ASCII-compatible encoding and UTF-16 code units in
 * UTF-16, and so is the new one. A label that already names the output
 * encoding is left as written. Where a declaration cannot follow (UTF-16
 * output, which declarations cannot name without a BOM whatenc does not
 * write; HTML to ISO-2022-JP, which <meta> must not name) the file is not
 * converted.
 */
#include <stdio.h>
#include <string.h>

#include "tool.h"
#include "whatenc_rules.h"

#define WT_DECL_MAX	16

struct decl_scan {
	struct {
		size_t off, len;
		enum whatenc_decl_kind kind;
		int enc;
	} d[WT_DECL_MAX];
	unsigned int n;
	bool overflow;
};

static int on_decl(void *ctx, const struct whatenc_decl *d)
{
	struct decl_scan *s = ctx;

	if (!d->label || !d->label_off || !d->label_len ||
	    (d->kind != WHATENC_DECL_XML && d->kind != WHATENC_DECL_META_CHARSET &&
	     d->kind != WHATENC_DECL_META_PRAGMA &&
	     d->kind != WHATENC_DECL_CSS_CHARSET))
		return 0;
	if (s->n == WT_DECL_MAX) {
		s->overflow = true;
		return 1;
	}
	s->d[s->n].off = d->label_off;
	s->d[s->n].len = d->label_len;
	s->d[s->n].kind = d->kind;
	s->d[s->n].enc = d->enc;
	s->n++;
	return 0;
}

static const char *kind_name(enum whatenc_decl_kind k)
{
	return k == WHATENC_DECL_XML ? "XML declaration" :
	       k == WHATENC_DECL_CSS_CHARSET ? "@charset" : "<meta>";
}

/* @name in the source encoding @src: ASCII, or UTF-16 code units. */
static size_t encode_label(const char *name, enum whatenc_encoding src,
			   u8 *out)
{
	size_t i, n = strlen(name);

	if (src != WHATENC_UTF_16LE && src != WHATENC_UTF_16BE) {
		memcpy(out, name, n);
		return n;
	}
	for (i = 0; i < n; i++) {
		out[2 * i] = src == WHATENC_UTF_16LE ? name[i] : 0;
		out[2 * i + 1] = src == WHATENC_UTF_16LE ? 0 : name[i];
	}
	return 2 * n;
}

/* The label as written, for messages: ASCII (UTF-16: every other byte). */
static void label_text(char *dst, size_t size, const u8 *p, size_t len,
		       enum whatenc_encoding src)
{
	bool wide = src == WHATENC_UTF_16LE || src == WHATENC_UTF_16BE;
	size_t i, k = 0, step = wide ? 2 : 1;
	size_t at = src == WHATENC_UTF_16BE ? 1 : 0;

	for (i = at; i < len && k + 1 < size; i += step)
		dst[k++] = p[i] >= 0x20 && p[i] < 0x7f ? p[i] : '?';
	dst[k] = 0;
}

/**
 * wt_decl_rewrite() - make a document's declarations name its new encoding
 * @o:    the options (-s, the output encoding)
 * @name: the file's name, for messages
 * @fmt:  its format, as for whatenc_check()
 * @src:  the encoding its bytes are decoded from
 * @out:  the encoding it is written in
 * @buf:  its first bytes, rewritten in place
 * @len:  their number; updated
 * @cap:  the room in @buf
 * @ed:   set to the labels rewritten
 *
 * Return: 0, or WT_EXIT_CONV after a message (the file must not be
 * converted).
 */
int wt_decl_rewrite(const struct wt_opts *o, const char *name,
		    enum whatenc_check_format fmt, enum whatenc_encoding src,
		    enum whatenc_encoding out, u8 *buf, size_t *len, size_t cap,
		    struct wt_edits *ed)
{
	struct decl_scan s = { .n = 0 };
	struct whatenc_check_opts co = {
		.fmt = fmt, .on_decl = on_decl, .ctx = &s,
	};
	const char *newname = whatenc_encoding_name(out);
	u8 label[64];
	char old[40];
	size_t nl;
	int k;

	s64 shift = 0;

	ed->n = 0;
	if (whatenc_check(&co, buf, *len) < 0)
		return 0;	/* nothing found to rewrite */
	for (k = s.n - 1; k >= 0; k--)
		if (s.d[k].enc == (int)out)
			memmove(&s.d[k], &s.d[k + 1], (--s.n - k) * sizeof(s.d[0]));
	if (!s.n)
		return 0;
	if (s.overflow || out == WHATENC_UTF_16LE || out == WHATENC_UTF_16BE ||
	    (out == WHATENC_ISO_2022_JP && fmt != WHATENC_CHECK_XML &&
	     fmt != WHATENC_CHECK_CSS)) {
		if (!o->plan)
			fprintf(stderr, "%s: %s: its %s cannot follow the conversion to %s: not converted (--keep-declarations to convert it anyway)\n",
				wt_prog, name, kind_name(s.d[0].kind), newname);
		return WT_EXIT_CONV;
	}
	nl = encode_label(newname, src, label);
	for (k = s.n - 1; k >= 0; k--) {
		/* whatenc_check() gives a UTF-16 label's length in units */
		size_t off = s.d[k].off, ol = s.d[k].len * (nl / strlen(newname));

		if (*len - ol + nl > cap) {
			fprintf(stderr, "%s: %s: no room to rewrite its declarations: not converted\n",
				wt_prog, name);
			return WT_EXIT_CONV;
		}
		label_text(old, sizeof(old), buf + off, ol, src);
		memmove(buf + off + nl, buf + off + ol, *len - off - ol);
		memcpy(buf + off, label, nl);
		*len = *len - ol + nl;
		s.d[k].len = ol;	/* now in bytes */
		ed->n++;
		if (!o->silent)
			fprintf(stderr, "%s: %s: %s \"%s\" rewritten to \"%s\" (--keep-declarations: keep it)\n",
				wt_prog, name, kind_name(s.d[k].kind), old,
				newname);
	}
	/* where each new label ends, once the earlier ones moved it */
	for (k = 0; k < (int)s.n; k++) {
		ed->e[k].at = s.d[k].off + nl + shift;
		ed->e[k].delta = (s64)nl - (s64)s.d[k].len;
		shift += ed->e[k].delta;
	}
	return 0;
}
