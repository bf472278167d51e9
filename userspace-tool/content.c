// SPDX-License-Identifier: GPL-2.0-only
/*
 * content.c - guessing the encoding of undeclared documents from their
 * content, for `whatenc detect` and `whatenc -f auto`
 */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "content.h"
#include "tool.h"

struct wt_content_opts wt_content = { .hint = -1, .min_confidence = 90 };

const char wt_content_usage[] =
"      --no-content      no guessing from content: a document without a\n"
"                        declaration gets the format's fallback\n"
"      --hint=LANG       a language, locale or domain (ru, ja_JP.UTF-8,\n"
"                        zh-TW, example.co.jp) whose encodings the content\n"
"                        guess favours a little\n"
"      --fail-weak       a content guess below --min-confidence is an\n"
"                        error (exit 1; -f auto converts nothing)\n"
"      --min-confidence=N  a content guess below N% (default 90) is weak\n";

int wt_content_option(int opt, const char *arg)
{
	char *end;
	unsigned long v;

	switch (opt) {
	case WT_OPT_NO_CONTENT:
		wt_content.off = true;
		return 0;
	case WT_OPT_HINT:
		wt_content.hint = whatenc_guess_hint(arg, strlen(arg));
		if (wt_content.hint < 0) {
			fprintf(stderr, "%s: --hint: unknown language or domain '%s'\n",
				wt_prog, arg);
			return -1;
		}
		return 0;
	case WT_OPT_FAIL_WEAK:
		wt_content.fail_weak = true;
		return 0;
	case WT_OPT_MIN_CONFIDENCE:
		v = strtoul(arg, &end, 10);
		if (!*arg || *end || v > 100) {
			fprintf(stderr, "%s: --min-confidence: not a number from 0 to 100: '%s'\n",
				wt_prog, arg);
			return -1;
		}
		wt_content.min_confidence = v;
		return 0;
	}
	return -1;
}

bool wt_content_guess(const u8 *buf, size_t len, bool at_eof,
		      struct whatenc_guess_result *r)
{
	struct whatenc_guess g;

	if (wt_content.off)
		return false;
	whatenc_guess_init(&g, wt_content.hint);
	whatenc_guess_feed(&g, buf, len);
	whatenc_guess_result(&g, at_eof, r);
	return true;
}

void wt_content_print(FILE *f, const struct whatenc_guess_result *r)
{
	if (r->kind == WHATENC_GUESS_NOT_TEXT)
		fprintf(f, "not text (content, %u%%)", r->confidence);
	else
		fprintf(f, "%s (content, tentative, %u%%)",
			whatenc_encoding_name(r->enc), r->confidence);
}

bool wt_content_decides(const struct whatenc_detection *d,
			unsigned int dflags, bool convert, const u8 *buf,
			size_t len, bool at_eof, struct whatenc_guess_result *g)
{
	bool fallback = d->source == WHATENC_SRC_FALLBACK &&
			!(dflags & WHATENC_DETECT_FALLBACK);
	bool validity = d->source == WHATENC_SRC_VALIDITY;

	if (d->unsupported || (!fallback && !validity) ||
	    !wt_content_guess(buf, len, at_eof, g) ||
	    g->kind == WHATENC_GUESS_ASCII)
		return false;
	if (fallback || (d->flags & WHATENC_DETECTED_ASCII))
		return g->kind == WHATENC_GUESS_TEXT || !convert ||
		       !(d->flags & WHATENC_DETECTED_ASCII);
	return !convert && g->kind == WHATENC_GUESS_NOT_TEXT;
}

int wt_content_auto(const struct whatenc_guess_result *rp, const char *name,
		    enum whatenc_encoding *enc)
{
	const struct whatenc_guess_result r = *rp;
	bool weak, refuse;

	if (r.kind == WHATENC_GUESS_NOT_TEXT) {
		fprintf(stderr, "%s: %s: ", wt_prog, name);
		wt_content_print(stderr, &r);
		fprintf(stderr, ": not converted (give -f LABEL to decode it anyway)\n");
		return 1;
	}
	weak = r.confidence < wt_content.min_confidence;
	refuse = weak && (wt_content.fail_weak || wt_content.refuse_weak);
	fprintf(stderr, "%s: %s: %s", wt_prog, name,
		refuse ? "error: weak guess " : weak ? "warning: weak guess " :
		"no declared encoding, guessed ");
	wt_content_print(stderr, &r);
	if (refuse) {
		fprintf(stderr, wt_content.fail_weak ?
			": not converted (--fail-weak; give -f LABEL)\n" :
			": not converted: a file is not written from a weak guess (give -f LABEL, or --min-confidence=%u to accept this one); left unchanged\n",
			r.confidence);
		return 1;
	}
	fprintf(stderr, weak ? "; check the output or give -f LABEL\n" : "\n");
	*enc = r.enc;
	return 0;
}
