/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * detect_cmd.h - `whatenc detect`: encoding detection by document format,
 * and the helpers `whatenc -f auto --format=F` uses
 */
#ifndef WT_DETECT_CMD_H
#define WT_DETECT_CMD_H

#include "whatenc.h"
#include "whatenc_detect.h"
#include "whatenc_guess.h"

/*
 * `whatenc detect [OPTION...] FILE...`: argv[0] is the subcommand's name
 * ("detect"), options and files follow. Prints "FILE: ENCODING (SOURCE,
 * CONFIDENCE)" per file. Returns the exit status: 0 all detected, 1 some
 * document is in an encoding whatenc cannot decode (UTF-32, EBCDIC, an
 * unknown label in an XML declaration), 2 usage or I/O error.
 */
int whatenc_detect_main(int argc, char **argv);

/*
 * "html", "xml", "css", "text" -> enum whatenc_format; "auto" and
 * unknown names -> -1.
 */
int wt_detect_parse_format(const char *name);

/*
 * The format of a file by its name's extension (.html .htm -> html;
 * .xml .xhtml .xht .svg .xsl .xslt .rss .atom -> xml; .css -> css;
 * anything else, and standard input -> text).
 */
enum whatenc_format wt_detect_format_of(const char *path);

/*
 * Bytes to read before calling whatenc_detect() for @fmt: the format's
 * look-ahead (with room to spare); 0 means "all of the input" (text, and
 * HTML with WHATENC_DETECT_UTF8_SNIFF in @flags).
 */
size_t wt_detect_need(enum whatenc_format fmt, unsigned int flags);

/*
 * For `-f auto`: detect the encoding of the document that starts with
 * @buf[0..@len) (@at_eof: that is all of it) and return it in *@enc, to
 * decode with WHATENC_BOM_SNIFF (which removes a UTF-8/UTF-16 BOM). On an
 * unsupported document prints "whatenc: NAME: ..." and returns 1; returns
 * -EAGAIN if @len is short of wt_detect_need() and !@at_eof.
 */
int wt_detect_auto(enum whatenc_format fmt,
		   const struct whatenc_detect_opts *opts, const u8 *buf,
		   size_t len, bool at_eof, const char *name,
		   enum whatenc_encoding *enc);

/*
 * whatenc_detect() on @buf[0..@len), and whether the content decides
 * (*@content, with its guess in *@g: wt_content_decides() for a
 * conversion). Returns whatenc_detect()'s value (0, -EAGAIN, ...).
 */
int wt_detect_run(enum whatenc_format fmt,
		  const struct whatenc_detect_opts *opts, const u8 *buf,
		  size_t len, bool at_eof, struct whatenc_detection *d,
		  struct whatenc_guess_result *g, bool *content);

/*
 * Read from @fd into *@buf (grown as needed; *@cap is its size) until
 * @need bytes (0: all, up to 256 MiB) or the end; *@len bytes were read,
 * *@at_eof says whether that is the end. Returns 0 or an errno.
 */
int wt_read_some(int fd, size_t need, u8 **buf, size_t *cap, size_t *len,
		 bool *at_eof);

#endif /* WT_DETECT_CMD_H */
