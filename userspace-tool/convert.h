/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * convert.h - the converter's parts (convert.c and the files it is split
 * into), private to them: the per-file state and the functions they
 * share. tool.h is the converter's interface.
 */
#ifndef WT_CONVERT_H
#define WT_CONVERT_H

#include "tool.h"

/* Per-file state. */
struct wt_file {
	const char *name;		/* for messages: escaped */
	const char *path;		/* as given */
	enum whatenc_encoding from;	/* FROM, or what -f auto found */
	unsigned int dec_flags;
	size_t prefix;			/* bytes already in c->in (-f auto) */
	bool prefix_eof;
	struct wt_session dec, enc;
	bool have_enc;
	enum whatenc_encoding dec_enc;	/* after BOM sniffing */
	u8 head[3];
	unsigned int head_len;
	bool head_done;
	/* the decode call whose output is in c->mid */
	struct whatenc_decoder snap;
	bool snap_ok;
	/*
	 * Engines without snapshots (kernel): a user-core decoder that
	 * follows the engine's decoder, so that an encoder error can be
	 * mapped back to exact input bytes. Only kept when such an error
	 * is possible (an encode session in fatal mode).
	 */
	struct whatenc_decoder shadow;
	bool have_shadow;
	/*
	 * The engine's decoder replaces malformed input itself (the kernel
	 * engine cannot go on after a fatal error): the shadow decoder, in
	 * fatal mode, finds and counts the replacements.
	 */
	bool dec_replaces;
	/*
	 * dec_replaces, and the device counts the replacements
	 * (whatenc_status.replacements): f->nrepl is its count at the end
	 * of the stream, and the shadow follows only while a message may
	 * need a place (cv_shadow_needed()).
	 */
	bool dev_repl;
	/*
	 * The user engine's decoder replaces malformed input itself and
	 * counts it (not with -c or --fatal): f->nrepl is its count; where a
	 * replacement is, when a message needs it, comes from a replay of
	 * the call's snapshot (kept in fatal mode) by cv_call_error().
	 * @call_repl: the replacements of the last call.
	 */
	bool core_repl;
	u64 call_repl;
	const u8 *call_in;
	size_t call_len;
	bool call_last;
	u64 call_src;		/* source offset of call_in[0] */
	u64 mid_u8;		/* UTF-8 stream offset of c->mid[0] */
	/*
	 * --wtf8 from UTF-8 to UTF-16: no decoder; the input (WTF-8) goes
	 * to the UTF-16 encoder as it is, after @skip bytes of UTF-8 BOM.
	 */
	bool passthrough;
	unsigned int skip;
	bool bom_noted;
	/*
	 * UTF-8 input to a legacy encoding (user engine): no decoder either;
	 * the encoder runs fatal and the CLI replaces malformed input and
	 * writes html mode's "&#NNNN;" (f->ncr). Decided on the first chunk
	 * once the BOM question is settled (f->may_direct). Each chunk given
	 * to the encoder ends at a character boundary: an incomplete
	 * sequence at its end (f->carry bytes) moves to the next chunk.
	 */
	bool may_direct, direct, ncr;
	size_t carry;
	/* where the UTF-8 text is: LFs and characters since the last LF */
	u64 lines, col;
	/* malformed input replaced by U+FFFD (or omitted with -c) */
	u64 nrepl, first_repl, first_line, first_col;
	bool repl_pending;	/* the last U+FFFD written is at repl_at */
	u64 repl_at;
	struct whatenc_error repl_err;
	u64 nsubst;		/* unmappable characters skipped/substituted */
	u64 enc_skew;		/* substitute bytes the encoder was given */
};

/* io.c: reading and writing (and --progress) */
int cv_write_all(struct wt_ctx *c, const u8 *buf, size_t len);
ssize_t cv_read_some(int fd, u8 *buf, size_t len);
int cv_read_prefix(struct wt_ctx *c, struct wt_file *f, int fd,
		   size_t need);

/* position.c: where in the input: positions and error messages */
const char *cv_enc_out_name(const struct wt_opts *o);
unsigned long long cv_src_off(const struct wt_ctx *c, u64 off);
void cv_pos_at(const struct wt_file *f, const u8 *buf, size_t n,
	       u64 *line, u64 *col);
void cv_track(struct wt_file *f, const u8 *buf, size_t n);
void cv_report_decode(struct wt_ctx *c, struct wt_file *f,
		      const struct whatenc_error *e);
void cv_report_encode(struct wt_ctx *c, struct wt_file *f, int r,
		      const u8 *buf);
int cv_engine_failed(struct wt_file *f, struct wt_session *s, int err);

/* replace.c: the replacement policy: U+FFFD, -c, --unmappable */
size_t cv_fffd_in_to(const struct wt_opts *o, u8 *buf);
void cv_count_replacement(struct wt_file *f, const struct whatenc_error *e,
			  u64 offset, const u8 *buf, size_t at);
int cv_encode_call(struct wt_ctx *c, struct wt_file *f,
		   struct whatenc_buf *b, bool last, int *r);
void cv_replace_malformed(struct wt_ctx *c, struct wt_file *f,
			  struct whatenc_buf *b);
int cv_call_error(const struct wt_file *f, u64 from,
		  struct whatenc_error *e, u64 *at);
void cv_core_replacements(struct wt_ctx *c, struct wt_file *f,
			  const struct whatenc_buf *b);
void cv_replaced_note(struct wt_ctx *c, struct wt_file *f);

/* direct.c: UTF-8 input read by the encoder itself */
size_t cv_direct_start(struct wt_file *f);
int cv_direct_chunk(struct wt_ctx *c, struct wt_file *f, size_t n,
		    size_t bom, bool last);

/* shadow.c: the shadow decoder of engines without snapshots */
bool cv_shadow_needed(const struct wt_ctx *c, const struct wt_file *f);
void cv_follow(struct wt_ctx *c, struct wt_file *f, const u8 *in,
	       size_t len, bool last);

/* filestart.c: a file's start: BOM, -f auto, FROM checked, declarations */
void cv_settle_head(struct wt_ctx *c, struct wt_file *f, const u8 *in,
		    size_t n, bool eof);
int cv_check_head(struct wt_ctx *c, struct wt_file *f, int fd);
int cv_fix_decls(struct wt_ctx *c, struct wt_file *f, int fd);
int cv_detect(struct wt_ctx *c, struct wt_file *f, int fd);
int cv_wtf8_head(struct wt_ctx *c, struct wt_file *f, int fd);

/* convert.c: the stream */
int cv_put_utf8(struct wt_ctx *c, struct wt_file *f, const u8 *buf,
		size_t len, bool last);

#endif /* WT_CONVERT_H */
