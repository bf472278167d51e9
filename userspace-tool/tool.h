/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * tool.h - the whatenc command: shared between main.c and convert.c
 */
#ifndef WT_TOOL_H
#define WT_TOOL_H

#include <stdio.h>
#include <sys/stat.h>

#include "engine.h"
#include "whatenc_detect.h"
#include "whatenc_rules.h"

/* Room for the reason an explicit FROM is contradicted (head.c) */
#define WT_WHY_LEN	128

/* Exit statuses (documented in whatenc(1) and --help). */
#define WT_EXIT_OK	0
#define WT_EXIT_CONV	1	/* malformed input / unmappable character */
#define WT_EXIT_ERR	2	/* usage, label, I/O, engine errors */
#define WT_EXIT_PIPE	141	/* stdout closed early (EPIPE), quietly */

/* Buffer sizes: the program runs in constant memory. */
#define WT_INBUF	(64 * 1024)
/* c->in's room beyond WT_INBUF: declarations rewritten longer (decl.c) */
#define WT_INSLACK	1024
/* Decoder output never exceeds 3 bytes per input byte plus held bytes. */
#define WT_MIDBUF	(3 * (WT_INBUF + WT_INSLACK) + 256)
#define WT_OUTBUF	(64 * 1024)

/* What to do with a character TO cannot represent (--unmappable=). */
enum wt_unmappable {
	WT_UNMAP_FAIL = 0,	/* exit 1 at the first one (the default) */
	WT_UNMAP_HTML,		/* &#NNNN; (the encoder's html mode) */
	WT_UNMAP_SKIP,		/* omit it (-c, //IGNORE) */
	WT_UNMAP_CHAR,		/* write the substitute (unmap_sub) */
};

struct wt_opts {
	enum whatenc_encoding from, to;
	bool auto_from;		/* -f auto: detect per file */
	int format;		/* -f auto: enum whatenc_format, -1: by name */
	const char *from_label, *to_label;
	unsigned int dec_flags, enc_flags;
	bool encode;		/* an encode session follows the decoder */
	bool verbose, progress;
	const struct wt_engine *eng;
	bool wtf8;
	bool wtf8_in;		/* --wtf8, -f utf-8, -t utf-16*: WTF-8 input */
	bool fatal;		/* --fatal: malformed input stops the run */
	bool omit_invalid;	/* -c: malformed input is dropped, not U+FFFD */
	bool silent;		/* -s: no warnings */
	bool error_on_replace;	/* --error-on-replace */
	bool refuse_replace;	/* files are written: fatal unless --allow-replace */
	bool strict;		/* --strict: a contradicted FROM is an error */
	bool fix_decls;		/* files are written: declarations follow (decl.c) */
	unsigned int out_flags;	/* WT_OUT_* for wt_out_open() */
	bool plan;		/* tree.c's plan: its report says what is wrong */
	enum wt_unmappable unmappable;
	u8 unmap_sub[32];	/* WT_UNMAP_CHAR: the substitute (UTF-8) */
	size_t unmap_sub_len;
};

/*
 * The labels decl.c rewrote, for messages that name input byte offsets: @at is the offset
 * just past the new label in the rewritten bytes, @delta its length less
 * the old one's; in ascending order.
 */
#define WT_EDITS_MAX	16
struct wt_edits {
	unsigned int n;
	struct {
		u64 at;
		s64 delta;
	} e[WT_EDITS_MAX];
};

struct wt_out;

struct wt_ctx {
	const struct wt_opts *o;
	int out_fd;		/* where output goes now */
	const char *out_name;
	struct wt_out *cmp;	/* the output file, to compare as written */
	struct wt_edits edits;	/* declarations rewritten (last file) */
	bool decl_refused;	/* ... or that cannot follow (last file) */
	bool head_refused;	/* --strict: FROM contradicted (last file) */
	char why[WT_WHY_LEN];	/* the contradiction */
	bool out_failed;	/* a write failed: convert nothing more */
	u64 replaced;		/* malformed sequences replaced/omitted, all files */
	u64 substituted;	/* unmappable characters skipped/substituted */
	u8 *in, *mid, *out;
	u64 bytes_in;		/* all files, for --progress */
	u64 bytes_out;
	double t_start, t_last;
	bool progress_shown;
	const char *cur;	/* --progress: the file, its number, of how many */
	unsigned int file_no, nfiles;
	u64 total;		/* the inputs' size, or 0: unknown */
	bool no_out;		/* -r: output bytes are not counted */
};

int wt_convert_fd(struct wt_ctx *c, int fd, const char *name);

/* How many bytes at the end of UTF-8 @buf may start an unfinished character. */
size_t wt_utf8_tail(const u8 *buf, size_t len);

/* The encoding the output is in (TO, or what its encoder writes). */
enum whatenc_encoding wt_out_encoding(const struct wt_opts *o);

/* decl.c: declarations follow the bytes (see there). */

int wt_decl_rewrite(const struct wt_opts *o, const char *name,
		    enum whatenc_check_format fmt, enum whatenc_encoding src,
		    enum whatenc_encoding out, u8 *buf, size_t *len, size_t cap,
		    struct wt_edits *ed);

/* tree.c: whatenc -r */
struct wt_tree_opts {
	bool recursive;		/* -r */
	bool in_place;		/* -i */
	const char *out_dir;	/* -o DIR, or NULL */
	bool dry_run, json, allow_replace;
	const char *backup;	/* --backup's suffix, or NULL */
	int jobs;		/* -j */
};

int wt_tree_main(struct wt_ctx *c, const struct wt_tree_opts *t,
		 char **roots, int n);

/* head.c: an explicit FROM that the start of the file contradicts. */
int wt_head_check(const struct wt_opts *o, const char *name,
		  enum whatenc_format fmt, const u8 *buf, size_t len, bool eof,
		  char *why);
void wt_progress(struct wt_ctx *c, bool force);
void wt_progress_end(struct wt_ctx *c);

/*
 * output.c: output files are written to a temporary file in the target's
 * directory and renamed over it only on success, so that a failed run
 * leaves the old file as it was.
 */
struct wt_out {
	char *path;		/* the file to replace (symbolic links resolved) */
	char *tmp;		/* the temporary file, or NULL: written in place */
	int fd;
	bool existed;		/* the target existed */
	int cmp_fd;		/* the old file, to compare with, or -1 */
	u64 cmp_off;		/* bytes compared equal so far */
	u64 size;		/* the old file's size */
	bool differs;		/* the output is not the old file's bytes */
	bool unchanged;		/* after close: the old file was kept */
};

/* wt_out_open() flags */
#define WT_OUT_FOLLOW	1	/* follow symbolic links others own */

int wt_out_open(struct wt_out *w, const char *target, unsigned int flags);
void wt_out_compare(struct wt_out *w, const u8 *buf, size_t len);
int wt_out_close(struct wt_out *w, const char *target, bool commit);

/*
 * Same file (st_dev and st_ino)? Terminals and other character devices
 * never count: reading from and writing to one terminal is fine.
 */
bool wt_same_file(const struct stat *a, const struct stat *b);

/* labels_hint.c: warnings and suggestions about encoding labels. */
void wt_label_warn(const char *label, int enc, bool output);
void wt_label_unknown(const char *label);
/* An Encoding Standard label or an iconv name (CP932, ...): encoding or -1 */
int wt_get_encoding(const char *label);

/*
 * escape.c: names printed as text: UTF-8 kept, control characters, the
 * backslash and bytes that are not UTF-8 as \xHH (wt_unescape() reads it
 * back); JSON strings (malformed UTF-8 as U+FFFD).
 */
void wt_put_escaped(FILE *f, const char *s, size_t len);
size_t wt_escape(const char *s, size_t len, char *out, size_t size);
int wt_unescape(const char *s, size_t len, char *out, size_t size);
void wt_put_json(FILE *f, const char *s, size_t len);
/* @name escaped, for a message (a static buffer; the last two stay valid) */
const char *wt_shown(const char *name);
/* "WHO: NAME: MSG" on standard error, NAME escaped */
void wt_name_error(const char *who, const char *name, const char *msg);

extern const char *wt_prog;

#endif /* WT_TOOL_H */
