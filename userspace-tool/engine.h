/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * engine.h - the whatenc CLI's conversion engines
 *
 * One interface, two implementations:
 *   user   - the conversion core linked into the program (libwhatenc.a):
 *            struct whatenc_decoder / struct whatenc_encoder directly
 *   kernel - /dev/whatenc (whatenc.ko) through uapi/linux/whatenc.h
 *
 * A session is one direction (decode: bytes -> UTF-8, encode: UTF-8 ->
 * bytes) of one encoding with WHATENC_DEC_* / WHATENC_ENC_* flags, for
 * one stream. wt_convert() has the semantics of whatenc_decode() and
 * whatenc_encode(): it returns an enum whatenc_ret value (>= 0) or a
 * negative errno for a failure of the engine itself (kernel engine:
 * ioctl error). After a last call that returned WHATENC_INPUT_EMPTY the
 * session is ready for a new stream; the CLI opens a new session per
 * file anyway.
 */
#ifndef WT_ENGINE_H
#define WT_ENGINE_H

#include "whatenc.h"

enum wt_dir {
	WT_DECODE = 0,
	WT_ENCODE = 1,
};

struct wt_session {
	const struct wt_engine *eng;
	enum wt_dir dir;
	enum whatenc_encoding enc;
	unsigned int flags;
	int fd;				/* kernel engine: /dev/whatenc */
	/*
	 * kernel engine: the device counts replacements
	 * (WHATENC_STATUS_REPLACEMENTS; not a module older than that)
	 */
	bool dev_counts;
	union {				/* user engine: core state */
		struct whatenc_decoder dec;
		struct whatenc_encoder enc;
	} u;
	struct whatenc_error err;	/* last MALFORMED/UNMAPPABLE */
};

/**
 * struct wt_engine - one conversion engine
 * @name:    "user" or "kernel"
 * @probe:   0 if the engine can be used, else a negative errno
 * @open:    start a session (s->dir, s->enc, s->flags set by the caller);
 *           0 or a negative errno
 * @convert: convert from b->in to b->out; an enum whatenc_ret (>= 0)
 *           or a negative errno. On WHATENC_MALFORMED or
 *           WHATENC_UNMAPPABLE, s->err says where (stream offset of the
 *           session's input) and what.
 * @close:   end a session
 * @snapshot: optional (decode sessions): copy the decoder state into
 *           @snap so that wt_user_locate() can replay a chunk; false if
 *           the engine cannot
 * @replacements: optional (decode sessions): the core's count of
 *           malformed sequences replaced by U+FFFD since the session
 *           began (whatenc_decoder_replacements()); the kernel engine's
 *           only where s->dev_counts says the device has it
 */
struct wt_engine {
	const char *name;
	int (*probe)(void);
	int (*open)(struct wt_session *s);
	int (*convert)(struct wt_session *s, struct whatenc_buf *b, bool last);
	void (*close)(struct wt_session *s);
	bool (*snapshot)(const struct wt_session *s,
			 struct whatenc_decoder *snap);
	u64 (*replacements)(const struct wt_session *s);
};

extern const struct wt_engine wt_engine_user;
extern const struct wt_engine wt_engine_kernel;

/* The device node of the kernel engine (WHATENC_DEVICE overrides). */
const char *wt_device_path(void);

int wt_user_locate(const struct whatenc_decoder *snap, const u8 *in,
		   size_t len, u64 src, bool last, u64 target, u64 *start,
		   u64 *end);

static inline int wt_open(const struct wt_engine *eng, struct wt_session *s,
			  enum wt_dir dir, enum whatenc_encoding enc,
			  unsigned int flags)
{
	memset(s, 0, sizeof(*s));
	s->eng = eng;
	s->dir = dir;
	s->enc = enc;
	s->flags = flags;
	s->fd = -1;
	return eng->open(s);
}

static inline int wt_convert(struct wt_session *s, struct whatenc_buf *b,
			     bool last)
{
	return s->eng->convert(s, b, last);
}

static inline void wt_close(struct wt_session *s)
{
	if (s->eng)
		s->eng->close(s);
	s->eng = NULL;
}

#endif /* WT_ENGINE_H */
