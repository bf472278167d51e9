/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * session_impl.h - what the files of the session layer share
 *
 * session.h is the layer's contract with the device, ioctl.c and the
 * tests; this header is private to the files that implement it:
 *   session.c      the stream: state, configuration, read(), write()
 *   session_buf.c  the buffers and their charge to the user (struct we_mem)
 *   lookahead.c    detect mode: the look-ahead and its state machine
 *   convert.c      WHATENC_IOC_CONVERT
 * Every function here is called with s->lock held.
 */
#ifndef WHATENC_SESSION_IMPL_H
#define WHATENC_SESSION_IMPL_H

#include "session.h"

/* Output bytes ready to read: out[out_start, out_end). */
static inline size_t we_ready(const struct we_session *s)
{
	return s->out_end - s->out_start;
}

/* Is the session in detect mode (WHATENC_CFG_DETECT)? */
static inline bool we_detecting(const struct we_session *s)
{
	return s->direction == WHATENC_DIR_DECODE &&
	       (s->flags & WHATENC_CFG_DETECT);
}

/* session.c */
enum whatenc_ret whatenc_step(struct we_session *s, struct whatenc_buf *b,
			      bool last);
void whatenc_set_error(struct we_session *s, enum whatenc_ret r);
enum whatenc_ret whatenc_feed_from(struct we_session *s, const u8 *in,
				   size_t len, bool last, size_t *consumed);

/* session_buf.c */
int whatenc_buf_get(struct we_session *s, u8 **p, size_t n);
void whatenc_buf_put(struct we_session *s, u8 **p, size_t n);
int whatenc_bufs_get(struct we_session *s);
void whatenc_bufs_release(struct we_session *s);
void whatenc_compact(struct we_session *s);

/* lookahead.c */
void whatenc_det_clear(struct we_session *s);
bool whatenc_look_held(const struct we_session *s);
int whatenc_detect_run(struct we_session *s, bool at_eof);
enum whatenc_ret whatenc_det_drain(struct we_session *s);
int whatenc_look_write(struct we_session *s, struct iov_iter *from, size_t *total);

#endif /* WHATENC_SESSION_IMPL_H */
