/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * session.h - one /dev/whatenc stream: configuration, buffering, state
 *
 * The session layer holds everything a file of /dev/whatenc does, but
 * it never touches a struct file or a raw user pointer: data comes and
 * goes through struct iov_iter (user memory from the device layer,
 * kernel memory from the KUnit tests), ioctl structures are kernel
 * copies. device.c and ioctl.c only translate.
 *
 * Locking: each session has its own mutex, taken by every function
 * below (interruptibly by read and write, killably by the others);
 * sessions share nothing but the per-user memory count (struct we_mem,
 * atomic).
 */
#ifndef WHATENC_SESSION_H
#define WHATENC_SESSION_H

#include <linux/atomic.h>
#include <linux/mutex.h>
#include <linux/wait.h>
#include <linux/uio.h>
#include <linux/poll.h>
#include <linux/whatenc.h>
#include "whatenc.h"
#include "whatenc_detect.h"

#define WE_BUF_MIN	(4u << 10)
#define WE_BUF_MAX	(16u << 20)
#define WE_BUF_DEFAULT	(64u << 10)
#define WE_BOUNCE_MAX	(16u << 10)
/* write() waits until this much output space is free (> WHATENC_PEND_MAX) */
#define WE_WRITE_ROOM	16u

/**
 * struct we_mem - what the sessions of one user hold in buffers
 * @used:  bytes of output, bounce and look-ahead buffers allocated now
 * @limit: the cap in bytes (0: none), read at each allocation; points
 *	at the module parameter user_mem_max (or a test's own value)
 * @may_exceed: NULL, or asked (in the allocating task's context) only when
 *	an allocation would pass @limit: true lets it pass. The device's
 *	asks for CAP_SYS_RESOURCE or CAP_SYS_ADMIN, as fs/pipe.c does at
 *	pipe-user-pages-hard: no capability check, and so no audit record,
 *	for the opens and allocations under the cap.
 *
 * The device layer keeps one per user (device.c); a session charges its
 * buffers here when it allocates them on first use and uncharges them
 * when it frees them.
 */
struct we_mem {
	atomic_long_t used;
	const unsigned long *limit;
	bool (*may_exceed)(void);
};

struct we_session {
	struct mutex lock;		/* guards all the state below */
	wait_queue_head_t wq;

	/* configuration */
	u32 direction;
	u32 flags;
	u32 encoding;		/* label's encoding (decode) / output encoding */
	union {
		struct whatenc_decoder dec;
		struct whatenc_encoder enc;
	} c;

	/* state */
	u32 state;		/* WHATENC_STATE_* */
	u64 bytes_in;
	u64 bytes_out;
	u64 stream_start;
	/*
	 * A CONVERT's LAST chunk consumed all its input but ran out of
	 * output room: that stream has ended, its flush is not finished.
	 * The next CONVERT or write() finishes it before any new input.
	 */
	bool cv_flush;
	u32 err_kind;
	struct whatenc_error err;
	/*
	 * replacements of the converters detect mode set up again (a new
	 * stream, a decision) since CONFIGURE or RESET; the one in use
	 * counts the rest (whatenc_status.replacements)
	 */
	u64 repl_done;

	/* buffer memory: charged to @mem (we_mem's @may_exceed decides) */
	struct we_mem *mem;

	/*
	 * Output: ready bytes are out[out_start, out_end). out, bounce and
	 * look are allocated on first use and freed when they hold nothing
	 * (whatenc_bufs_release()); out_size is fixed at open.
	 */
	u8 *out;
	size_t out_size;
	size_t out_start;
	size_t out_end;

	/* input bounce buffer */
	u8 *bounce;
	size_t bounce_size;

	/*
	 * Detect mode (WHATENC_CFG_DETECT): input waits in look[0, look_len)
	 * until whatenc_detect() answers; then look[look_pos, look_len) is
	 * decoded before any new input.
	 */
	u32 det_format;		/* WHATENC_DETECT_FMT_* */
	u32 det_state;		/* WHATENC_DETSTATE_* */
	bool det_rearm;		/* the stream ended: detect again */
	struct whatenc_detection det;
	bool det_content;	/* DETECT_CONTENT: the content decided */
	u8 det_confidence;	/* ... with this confidence (0-100) */
	u8 *look;
	size_t look_len;
	size_t look_pos;
};

struct we_session *whatenc_session_alloc(size_t buf_size, struct we_mem *mem);
void whatenc_session_free(struct we_session *s);

int whatenc_session_configure(struct we_session *s, struct whatenc_configure *cfg);
int whatenc_session_reset(struct we_session *s);
int whatenc_session_end(struct we_session *s);
int whatenc_session_status(struct we_session *s, struct whatenc_status *st);
ssize_t whatenc_session_ready(struct we_session *s);

ssize_t whatenc_session_write(struct we_session *s, struct iov_iter *from,
			      bool nonblock);
ssize_t whatenc_session_read(struct we_session *s, struct iov_iter *to,
			     bool nonblock);
__poll_t whatenc_session_poll_mask(struct we_session *s);

int whatenc_session_convert(struct we_session *s, struct whatenc_convert *cv,
			    struct iov_iter *in, struct iov_iter *out);
int whatenc_session_convert_check(const struct whatenc_convert *cv);

#endif /* WHATENC_SESSION_H */
