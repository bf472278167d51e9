/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * tool.h - the whatenc command: shared between main.c and convert.c
 */
#ifndef WT_TOOL_H
#define WT_TOOL_H

#include "engine.h"

/* Exit statuses (documented in whatenc(1) and --help). */
#define WT_EXIT_OK	0
#define WT_EXIT_CONV	1	/* malformed input / unmappable character */
#define WT_EXIT_ERR	2	/* usage, label, I/O, engine errors */
#define WT_EXIT_PIPE	141	/* stdout closed early (EPIPE), quietly */

/* Buffer sizes: the program runs in constant memory. */
#define WT_INBUF	(64 * 1024)
/* Decoder output never exceeds 3 bytes per input byte plus held bytes. */
#define WT_MIDBUF	(3 * WT_INBUF + 256)
#define WT_OUTBUF	(64 * 1024)

struct wt_opts {
	enum whatenc_encoding from, to;
	bool auto_from;		/* -f auto: detect per file */
	int format;		/* -f auto: enum whatenc_format, -1: by name */
	const char *from_label, *to_label;
	unsigned int dec_flags, enc_flags;
	bool encode;		/* an encode session follows the decoder */
	bool verbose, progress;
	const struct wt_engine *eng;
	int out_fd;
	const char *out_name;
	bool wtf8;
};

struct wt_ctx {
	const struct wt_opts *o;
	u8 *in, *mid, *out;
	u64 bytes_in;		/* all files, for --progress */
	u64 bytes_out;
	double t_start, t_last;
	bool progress_shown;
};

int wt_convert_fd(struct wt_ctx *c, int fd, const char *name);
void wt_progress_end(struct wt_ctx *c);

extern const char *wt_prog;

#endif /* WT_TOOL_H */
