/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * content.h - guessing the encoding of undeclared documents from their
 * content (the core's whatenc_guess_*()), for `whatenc detect` and
 * `whatenc -f auto`: their shared options and messages
 */
#ifndef WT_CONTENT_H
#define WT_CONTENT_H

#include <stdio.h>

#include "whatenc.h"
#include "whatenc_detect.h"
#include "whatenc_guess.h"

/* getopt codes of the options below (GNU case ranges use FIRST...LAST) */
enum {
	WT_OPT_CONTENT_FIRST = 0x200,
	WT_OPT_NO_CONTENT = WT_OPT_CONTENT_FIRST,
	WT_OPT_HINT,
	WT_OPT_FAIL_WEAK,
	WT_OPT_MIN_CONFIDENCE,
	WT_OPT_CONTENT_LAST = WT_OPT_MIN_CONFIDENCE,
};

/* struct option entries, for the subcommands' long option tables */
#define WT_CONTENT_OPTIONS \
	{ "no-content", no_argument, NULL, WT_OPT_NO_CONTENT }, \
	{ "hint", required_argument, NULL, WT_OPT_HINT }, \
	{ "fail-weak", no_argument, NULL, WT_OPT_FAIL_WEAK }, \
	{ "min-confidence", required_argument, NULL, WT_OPT_MIN_CONFIDENCE }

/* Help text of the options. */
extern const char wt_content_usage[];

/* The options' values (one process, one set). */
struct wt_content_opts {
	bool off;			/* --no-content */
	int hint;			/* --hint, or -1 */
	bool fail_weak;			/* --fail-weak */
	unsigned int min_confidence;	/* --min-confidence, default 90 */
	bool refuse_weak;		/* -f auto writes a file: as --fail-weak */
};
extern struct wt_content_opts wt_content;

/*
 * Handle option @opt (WT_OPT_CONTENT_FIRST..LAST) with @arg. Returns 0,
 * or -1 after a message on a bad value.
 */
int wt_content_option(int opt, const char *arg);

/*
 * Guess the encoding of @buf[0..@len) (@at_eof: that is the whole
 * document) from its content. Returns false when content detection is
 * off (--no-content).
 */
bool wt_content_guess(const u8 *buf, size_t len, bool at_eof,
		      struct whatenc_guess_result *r);

/*
 * Whether the content decides over the format's rules for @d (the result
 * of whatenc_detect() on @buf[0..@len) with @dflags, its options' flags):
 * where they ended at the fallback (unless the user gave it); where they
 * found only ASCII and the content is text in a 7-bit encoding
 * (ISO-2022-JP, UTF-16) or not text; and, unless @convert, where they
 * found valid UTF-8 that is not text (NULs). The guess is in *@g.
 */
bool wt_content_decides(const struct whatenc_detection *d,
			unsigned int dflags, bool convert, const u8 *buf,
			size_t len, bool at_eof, struct whatenc_guess_result *g);

/* "windows-1251 (content, tentative, 97%)" or "not text (content, 99%)" */
void wt_content_print(FILE *f, const struct whatenc_guess_result *r);

/*
 * For -f auto, when the content decided (@r): tell the user on standard
 * error (always; a weak guess as a warning), and set *@enc.
 * Returns 0, or 1 (after a message) for "not text" and, with
 * --fail-weak, for a guess below --min-confidence.
 */
int wt_content_auto(const struct whatenc_guess_result *r, const char *name,
		    enum whatenc_encoding *enc);

#endif /* WT_CONTENT_H */
