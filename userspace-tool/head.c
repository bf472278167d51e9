// SPDX-License-Identifier: GPL-2.0-only
/*
 * head.c - what the start of a file says against an explicit FROM
 *
 * `whatenc -f LABEL` decodes as told, but a label the content contradicts
 * is said before anything is written (a warning; an error with --strict):
 * a byte order mark of another encoding, valid non-ASCII UTF-8 (decoding
 * it as anything else double-encodes it), or, in HTML, XML and CSS, a
 * declaration of another encoding. Only the first bytes are looked at
 * (what the converter reads first: WT_INBUF for files).
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "tool.h"
#include "detect_cmd.h"

/*
 * Say it: a warning (unless -s), or with --strict an error; tree.c's plan
 * (o->plan) prints its own line, with the reason in @why.
 */
static int contradicted(const struct wt_opts *o, const char *name,
			const char *what, const char *by, char *why)
{
	snprintf(why, WT_WHY_LEN, "%s%s, not %s", what, by,
		 whatenc_encoding_name(o->from));
	if (o->plan)
		return o->strict ? WT_EXIT_CONV : 0;
	if (o->strict) {
		fprintf(stderr, "%s: %s: error: %s%s, not %s: not converted (--strict)\n",
			wt_prog, name, what, by, whatenc_encoding_name(o->from));
		return WT_EXIT_CONV;
	}
	if (!o->silent)
		fprintf(stderr, "%s: %s: warning: %s%s, not %s: decoding it as %s anyway (--strict: refuse)\n",
			wt_prog, name, what, by, whatenc_encoding_name(o->from),
			whatenc_encoding_name(o->from));
	return 0;
}

/* whatenc_detect() on a prefix, which is all there is to decide on */
static bool detect_head(enum whatenc_format fmt, const u8 *buf, size_t len,
			bool eof, struct whatenc_detection *d)
{
	struct whatenc_detect_opts dopts = { 0 };
	int r = whatenc_detect(fmt, buf, len, eof, &dopts, d);

	if (r == -EAGAIN)
		r = whatenc_detect(fmt, buf, len, true, &dopts, d);
	return !r && !d->unsupported;
}

/**
 * wt_head_check() - is an explicit FROM contradicted by the file's start?
 * @o:    the options (FROM, --bom, --strict, -s)
 * @name: the file's name, for messages
 * @fmt:  its format (by --format or its name)
 * @buf:  its first bytes
 * @len:  their number
 * @eof:  that is the whole file
 * @why:  WT_WHY_LEN bytes, set to the contradiction found (else unchanged)
 *
 * Return: 0 (after a warning, if any), or WT_EXIT_CONV after an error
 * (--strict).
 */
int wt_head_check(const struct wt_opts *o, const char *name,
		  enum whatenc_format fmt, const u8 *buf, size_t len, bool eof,
		  char *why)
{
	struct whatenc_detection d;
	char what[96];
	size_t bom_len;
	int bom;

	bom = whatenc_bom_sniff(buf, len, &bom_len);
	if (bom >= 0 && (enum whatenc_encoding)bom != o->from) {
		snprintf(what, sizeof(what), "it starts with a %s byte order mark",
			 whatenc_encoding_name(bom));
		/*
		 * --bom=sniff: the BOM decides, and the decoder says so;
		 * --bom=keep or strip: the user said what it is
		 */
		return o->strict ? contradicted(o, name, what, "", why) : 0;
	}
	if (bom >= 0)
		return 0;
	if (o->from != WHATENC_UTF_8 && !o->wtf8_in &&
	    detect_head(WHATENC_FORMAT_TEXT, buf,
			eof ? len : len - wt_utf8_tail(buf, len), true, &d) &&
	    d.source == WHATENC_SRC_VALIDITY && d.enc == WHATENC_UTF_8 &&
	    !(d.flags & WHATENC_DETECTED_ASCII))
		return contradicted(o, name,
				    "the content is valid UTF-8 (not ASCII)",
				    "", why);
	if (fmt != WHATENC_FORMAT_TEXT && detect_head(fmt, buf, len, eof, &d) &&
	    (d.source == WHATENC_SRC_META || d.source == WHATENC_SRC_XML_DECL ||
	     d.source == WHATENC_SRC_CSS_CHARSET) && d.enc != o->from) {
		snprintf(what, sizeof(what), "the document declares %s",
			 whatenc_encoding_name(d.enc));
		return contradicted(o, name, what,
				    d.source == WHATENC_SRC_META ? " (<meta>)" :
				    d.source == WHATENC_SRC_XML_DECL ?
				    " (XML declaration)" : " (@charset)", why);
	}
	return 0;
}
