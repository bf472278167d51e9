// SPDX-License-Identifier: GPL-2.0-only
/*
 * session.c - one /dev/whatenc stream, independent of the device
 *
 * State machine (enum-like WHATENC_STATE_* of the uapi header):
 *
 *   STREAM --END_OF_STREAM--> FLUSHING --flush fits--> EOS
 *   EOS --read() of 0 / write() / CONVERT--> STREAM (a new stream)
 *   any --fatal error--> ERROR --RESET / CONFIGURE--> STREAM
 *
 * Output waits in a linear buffer out[out_start, out_end); conversion
 * appends at out_end, read() takes from out_start, and the ready bytes
 * are moved to the front when the tail runs short. Input goes through
 * the bounce buffer.
 *
 * Memory: an open session is only its struct. The output and bounce
 * buffers (and in detect mode the look-ahead) are allocated when a call
 * first needs them and freed where the session goes idle holding
 * nothing: its stream was read to the end, RESET, CONFIGURE, a CONVERT
 * that finished a stream, an error state whose output was read
 * (session_buf.c). Detect mode's look-ahead: lookahead.c; the CONVERT
 * ioctl: convert.c; what these files share: session_impl.h.
 */
#include <linux/slab.h>
#include <linux/sched/signal.h>
#include <linux/bug.h>
#include <linux/build_bug.h>
#include <linux/stddef.h>
#include <linux/string.h>
#include "session_impl.h"


/*
 * The uapi flags and results are the API's own values (whatenc.h and
 * whatenc_detect.h alias them); what the buffers need (the look-ahead's: lookahead.c):
 */
static_assert(WE_WRITE_ROOM > WHATENC_PEND_MAX);
static_assert(WE_BUF_MIN >= 2 * WE_WRITE_ROOM);

/*
 * The ABI layout, the same for i386 and x86_64 (no implicit padding:
 * every field at the sum of the sizes before it, sizes multiples of 8).
 */
static_assert(sizeof(struct whatenc_configure) == 144);
static_assert(offsetof(struct whatenc_configure, direction) == 64);
static_assert(offsetof(struct whatenc_configure, format) == 76);
static_assert(offsetof(struct whatenc_configure, name) == 80);
static_assert(offsetof(struct whatenc_configure, reserved) == 112);
static_assert(sizeof(struct whatenc_status) == 144);
static_assert(offsetof(struct whatenc_status, state) == 32);
static_assert(offsetof(struct whatenc_status, err_bytes) == 72);
static_assert(offsetof(struct whatenc_status, name) == 80);
static_assert(offsetof(struct whatenc_status, detect_state) == 112);
static_assert(offsetof(struct whatenc_status, detect_buffered) == 128);
static_assert(offsetof(struct whatenc_status, detect_certain) == 132);
static_assert(offsetof(struct whatenc_status, mask) == 68);
static_assert(offsetof(struct whatenc_status, replacements) == 136);
static_assert(sizeof(struct whatenc_convert) == 72);
static_assert(offsetof(struct whatenc_convert, flags) == 48);
static_assert(offsetof(struct whatenc_convert, reserved) == 56);

#define WE_DEC_FLAGS	(WHATENC_CFG_DEC_FATAL | WHATENC_CFG_BOM_MASK | \
			 WHATENC_CFG_DEC_WTF8)
#define WE_ENC_FLAGS	(WHATENC_CFG_ENC_HTML | WHATENC_CFG_ENC_UTF16)
#define WE_DET_FLAGS	(WHATENC_CFG_DEC_FATAL | WHATENC_CFG_DETECT | \
			 WHATENC_CFG_DETECT_TRANSPORT | WHATENC_CFG_DETECT_CONTENT)
static bool is_utf16(int enc)
{
	return enc == WHATENC_UTF_16BE || enc == WHATENC_UTF_16LE;
}

enum whatenc_ret whatenc_step(struct we_session *s, struct whatenc_buf *b,
			      bool last)
{
	if (s->direction == WHATENC_DIR_DECODE)
		return whatenc_decode(&s->c.dec, b, last);
	return whatenc_encode(&s->c.enc, b, last);
}

void whatenc_set_error(struct we_session *s, enum whatenc_ret r)
{
	s->state = WHATENC_STATE_ERROR;
	s->err_kind = r;
	if (s->direction == WHATENC_DIR_DECODE)
		s->err = s->c.dec.err;
	else
		s->err = s->c.enc.err;
}

/* Forget buffered output, state and counters (CONFIGURE and RESET). */
static void we_clear(struct we_session *s)
{
	s->state = WHATENC_STATE_STREAM;
	s->bytes_in = 0;
	s->bytes_out = 0;
	s->stream_start = 0;
	s->cv_flush = false;
	s->err_kind = 0;
	memset(&s->err, 0, sizeof(s->err));
	s->repl_done = 0;
	s->out_start = 0;
	s->out_end = 0;
}

/*
 * Convert @len bytes at @in (the bounce buffer, or the detection
 * look-ahead, which was counted in bytes_in when it was taken) into the
 * output buffer.
 */
enum whatenc_ret whatenc_feed_from(struct we_session *s, const u8 *in,
				   size_t len, bool last, size_t *consumed)
{
	struct whatenc_buf b = {
		.in = in, .in_pos = 0, .in_size = len,
		.out = s->out, .out_pos = s->out_end, .out_size = s->out_size,
	};
	enum whatenc_ret r;

	whatenc_compact(s);
	b.out_pos = s->out_end;
	r = whatenc_step(s, &b, last);
	s->bytes_out += b.out_pos - s->out_end;
	s->out_end = b.out_pos;
	*consumed = b.in_pos;
	if (r == WHATENC_MALFORMED || r == WHATENC_UNMAPPABLE)
		whatenc_set_error(s, r);
	return r;
}

static enum whatenc_ret we_feed(struct we_session *s, size_t len, bool last,
				size_t *consumed)
{
	enum whatenc_ret r = whatenc_feed_from(s, s->bounce, len, last, consumed);

	s->bytes_in += *consumed;
	return r;
}

/* The errno of the error state. */
static int we_errno(const struct we_session *s)
{
	return s->err_kind == WHATENC_RES_UNSUPPORTED ? -EOPNOTSUPP : -EILSEQ;
}

/* Continue END_OF_STREAM. Returns -EILSEQ when the flush hit an error. */
static int we_flush(struct we_session *s)
{
	size_t consumed;
	enum whatenc_ret r = whatenc_det_drain(s);

	if (r == WHATENC_INPUT_EMPTY)
		r = we_feed(s, 0, true, &consumed);
	if (r == WHATENC_INPUT_EMPTY) {
		s->state = WHATENC_STATE_EOS;
		s->cv_flush = false;
		s->stream_start = s->bytes_in;
		s->det_rearm = we_detecting(s);
	}
	return s->state == WHATENC_STATE_ERROR ? we_errno(s) : 0;
}

static bool we_readable(const struct we_session *s)
{
	return READ_ONCE(s->out_end) != READ_ONCE(s->out_start) ||
	       READ_ONCE(s->state) != WHATENC_STATE_STREAM;
}

static bool we_writable(const struct we_session *s)
{
	size_t used = READ_ONCE(s->out_end) - READ_ONCE(s->out_start);

	return READ_ONCE(s->state) == WHATENC_STATE_ERROR ||
	       s->out_size - used >= WE_WRITE_ROOM;
}

/*
 * Called with s->lock held, when write() or read() cannot go on: waits
 * for @ready with the lock dropped. Returns 0 with the lock held again,
 * or without it -EAGAIN (@nonblock) or -ERESTARTSYS.
 */
static int we_wait_unlocked(struct we_session *s, bool nonblock,
			    bool (*ready)(const struct we_session *s))
{
	mutex_unlock(&s->lock);
	if (nonblock)
		return -EAGAIN;
	if (wait_event_interruptible(s->wq, ready(s)))
		return -ERESTARTSYS;
	if (mutex_lock_interruptible(&s->lock))
		return -ERESTARTSYS;
	return 0;
}

/**
 * whatenc_session_alloc() - a new session, decoding UTF-8 (replacement, BOM
 *	sniffing) until configured
 * @buf_size:   output buffer size, WE_BUF_MIN..WE_BUF_MAX (allocated on
 *	first use)
 * @mem:        the user's buffer memory count, or NULL: none kept
 *
 * Context: process; sleeps. Memory is charged to the caller's memcg.
 * Return: the session or NULL.
 */
struct we_session *whatenc_session_alloc(size_t buf_size, struct we_mem *mem)
{
	struct we_session *s;

	if (buf_size < WE_BUF_MIN || buf_size > WE_BUF_MAX)
		return NULL;
	s = kzalloc(sizeof(*s), GFP_KERNEL_ACCOUNT);
	if (!s)
		return NULL;
	mutex_init(&s->lock);
	init_waitqueue_head(&s->wq);
	s->mem = mem;
	s->out_size = buf_size;
	s->bounce_size = min_t(size_t, buf_size, WE_BOUNCE_MAX);
	s->direction = WHATENC_DIR_DECODE;
	s->flags = WHATENC_CFG_BOM_SNIFF;
	s->encoding = WHATENC_UTF_8;
	if (whatenc_decoder_init(&s->c.dec, WHATENC_UTF_8, s->flags)) {
		whatenc_session_free(s);
		return NULL;
	}
	we_clear(s);
	return s;
}

/**
 * whatenc_session_free() - free a session
 * @s: session (or NULL); nobody may use it any more
 */
void whatenc_session_free(struct we_session *s)
{
	if (!s)
		return;
	whatenc_buf_put(s, &s->out, s->out_size);
	whatenc_buf_put(s, &s->bounce, s->bounce_size);
	whatenc_buf_put(s, &s->look, WHATENC_DETECT_LOOK_TEXT);
	mutex_destroy(&s->lock);
	kfree(s);
}

/**
 * whatenc_session_configure() - WHATENC_IOC_CONFIGURE
 * @s:   session
 * @cfg: kernel copy of the argument; @cfg->encoding and @cfg->name are
 *	filled in on success
 *
 * Return: 0, or -EINVAL or -EINTR (a fatal signal while waiting for the
 * session) with the session unchanged; -EOPNOTSUPP for the label of an
 * encoding, or content detection, that this kernel is built without
 * (module/Kconfig).
 */
int whatenc_session_configure(struct we_session *s, struct whatenc_configure *cfg)
{
	struct whatenc_decoder dec;
	struct whatenc_encoder enc;
	const char *name;
	size_t len, i;
	int e, used;

	len = strnlen(cfg->label, sizeof(cfg->label));
	if (len == sizeof(cfg->label))
		return -EINVAL;
	for (i = 0; i < ARRAY_SIZE(cfg->reserved); i++)
		if (cfg->reserved[i])
			return -EINVAL;
	e = whatenc_get_encoding(cfg->label, len);
	if (e < 0 || e >= WHATENC_NR_ENCODINGS)
		return e == -EOPNOTSUPP ? e : -EINVAL;
	if ((cfg->flags & WHATENC_CFG_DETECT_CONTENT) &&
	    !IS_ENABLED(CONFIG_WHATENC_GUESS))
		return -EOPNOTSUPP;

	if (cfg->flags & WHATENC_CFG_DETECT) {
		/* detect mode: the decoder is set up again at the decision */
		if (cfg->direction != WHATENC_DIR_DECODE ||
		    cfg->flags & ~WE_DET_FLAGS ||
		    cfg->format > WHATENC_DETECT_FMT_CSS)
			return -EINVAL;
		if (whatenc_decoder_init(&dec, e, cfg->flags &
					 WHATENC_CFG_DEC_FATAL))
			return -EINVAL;
		used = e;
	} else if (cfg->format) {
		return -EINVAL;
	} else if (cfg->direction == WHATENC_DIR_DECODE) {
		if (cfg->flags & ~WE_DEC_FLAGS ||
		    (cfg->flags & WHATENC_CFG_BOM_MASK) == WHATENC_CFG_BOM_MASK ||
		    ((cfg->flags & WHATENC_CFG_DEC_WTF8) && !is_utf16(e)))
			return -EINVAL;
		if (whatenc_decoder_init(&dec, e, cfg->flags))
			return -EINVAL;
		used = e;
	} else if (cfg->direction == WHATENC_DIR_ENCODE) {
		if (cfg->flags & ~WE_ENC_FLAGS ||
		    ((cfg->flags & WHATENC_CFG_ENC_UTF16) && !is_utf16(e)))
			return -EINVAL;
		if (whatenc_encoder_init(&enc, e, cfg->flags))
			return -EINVAL;
		used = (cfg->flags & WHATENC_CFG_ENC_UTF16) ? e :
			whatenc_output_encoding(e);
	} else {
		return -EINVAL;
	}
	name = whatenc_encoding_name(used);

	if (mutex_lock_killable(&s->lock))
		return -EINTR;
	s->direction = cfg->direction;
	s->flags = cfg->flags;
	s->encoding = used;
	s->det_format = cfg->format;
	if (s->direction == WHATENC_DIR_DECODE)
		s->c.dec = dec;
	else
		s->c.enc = enc;
	we_clear(s);
	whatenc_det_clear(s);
	whatenc_bufs_release(s);
	mutex_unlock(&s->lock);
	wake_up_interruptible(&s->wq);

	cfg->encoding = used;
	memset(cfg->name, 0, sizeof(cfg->name));
	if (name)
		strscpy(cfg->name, name, sizeof(cfg->name));
	return 0;
}

/**
 * whatenc_session_reset() - WHATENC_IOC_RESET: a new stream, same configuration
 * @s: session
 *
 * Discards buffered output, partial input, the error state and the
 * counters.
 *
 * Return: 0, or -EINTR (a fatal signal while waiting for the session).
 */
int whatenc_session_reset(struct we_session *s)
{
	if (mutex_lock_killable(&s->lock))
		return -EINTR;
	if (s->direction == WHATENC_DIR_DECODE)
		whatenc_decoder_reset(&s->c.dec);
	else
		whatenc_encoder_reset(&s->c.enc);
	we_clear(s);
	whatenc_det_clear(s);
	whatenc_bufs_release(s);
	mutex_unlock(&s->lock);
	wake_up_interruptible(&s->wq);
	return 0;
}

/**
 * whatenc_session_end() - WHATENC_IOC_END_OF_STREAM
 * @s: session
 *
 * Flushes now as far as the output buffer allows; the rest is flushed
 * as read() makes room. Calling it again before the stream restarts
 * does nothing.
 *
 * Return: 0; -EILSEQ (-EOPNOTSUPP in detect mode) in the error state or
 * when the flush finds an error (a truncated sequence in fatal mode);
 * -ENOBUFS or -ENOMEM (no buffer for the flush) or -EINTR (a fatal
 * signal while waiting for the session) with the session unchanged.
 */
int whatenc_session_end(struct we_session *s)
{
	int ret = 0;

	if (mutex_lock_killable(&s->lock))
		return -EINTR;
	if (s->state == WHATENC_STATE_ERROR) {
		ret = we_errno(s);
	} else if (s->state == WHATENC_STATE_STREAM) {
		ret = whatenc_bufs_get(s);
		if (!ret && we_detecting(s))
			ret = whatenc_buf_get(s, &s->look,
					      WHATENC_DETECT_LOOK_TEXT);
		if (ret)
			goto unlock;
		if (s->det_rearm)
			whatenc_det_clear(s);
		if (s->det_state == WHATENC_DETSTATE_PENDING)
			ret = whatenc_detect_run(s, true);
		if (!ret) {
			s->state = WHATENC_STATE_FLUSHING;
			ret = we_flush(s);
		}
	}
unlock:
	mutex_unlock(&s->lock);
	wake_up_interruptible(&s->wq);
	return ret;
}

/**
 * whatenc_session_status() - WHATENC_IOC_STATUS
 * @s:  session
 * @st: filled in completely (no byte left uninitialized) on success
 *
 * Return: 0, or -EINTR (a fatal signal while waiting for the session).
 */
int whatenc_session_status(struct we_session *s, struct whatenc_status *st)
{
	const char *name;
	int enc;

	memset(st, 0, sizeof(*st));
	if (mutex_lock_killable(&s->lock))
		return -EINTR;
	enc = s->direction == WHATENC_DIR_DECODE ?
		whatenc_decoder_encoding(&s->c.dec) : s->encoding;
	st->bytes_in = s->bytes_in;
	st->bytes_out = s->bytes_out;
	st->stream_start = s->stream_start;
	st->state = s->state;
	st->direction = s->direction;
	st->flags = s->flags;
	st->encoding = enc;
	st->out_ready = we_ready(s);
	st->buf_size = s->out_size;
	st->mask = WHATENC_STATUS_REPLACEMENTS;
	st->replacements = s->repl_done +
		(s->direction == WHATENC_DIR_DECODE ?
		 whatenc_decoder_replacements(&s->c.dec) :
		 whatenc_encoder_unmappables(&s->c.enc));
	if (s->state == WHATENC_STATE_ERROR) {
		st->err_offset = s->err.offset;
		st->err_kind = s->err_kind;
		st->err_cp = s->err.cp;
		st->err_len = min_t(u32, s->err.len, sizeof(s->err.bytes));
		memcpy(st->err_bytes, s->err.bytes, st->err_len);
	}
	st->detect_state = s->det_state;
	if (s->det_state == WHATENC_DETSTATE_PENDING)
		st->detect_buffered = s->look_len;
	if (s->det_state == WHATENC_DETSTATE_DONE ||
	    s->det_state == WHATENC_DETSTATE_UNSUPPORTED) {
		st->detect_encoding = s->det.unsupported ? ~0u : s->det.enc;
		st->detect_source = s->det_content ? WHATENC_DETSRC_CONTENT :
				    s->det.source;
		st->detect_confidence = s->det_confidence;
		st->detect_unsupported = s->det.unsupported;
		st->detect_buffered = s->look_len - s->look_pos;
		st->detect_certain = s->det.certain;
		st->detect_flags = s->det.flags;
		st->detect_bom_len = s->det.bom_len;
	}
	mutex_unlock(&s->lock);
	name = whatenc_encoding_name(enc);
	if (name)
		strscpy(st->name, name, sizeof(st->name));
	return 0;
}

/**
 * whatenc_session_ready() - FIONREAD: output bytes ready to read
 * @s: session
 *
 * Return: the count, or -EINTR (a fatal signal while waiting for the
 * session).
 */
ssize_t whatenc_session_ready(struct we_session *s)
{
	size_t n;

	if (mutex_lock_killable(&s->lock))
		return -EINTR;
	n = we_ready(s);
	mutex_unlock(&s->lock);
	return n;
}

/*
 * One write attempt with the lock held. Returns the bytes consumed, 0
 * when nothing fits, or an error.
 */
static ssize_t we_write_locked(struct we_session *s, struct iov_iter *from)
{
	size_t total = 0, before = s->out_end - s->out_start;
	ssize_t ret = 0;

	if (s->state == WHATENC_STATE_ERROR)
		return we_errno(s);
	ret = whatenc_bufs_get(s);
	if (!ret && we_detecting(s))
		ret = whatenc_buf_get(s, &s->look, WHATENC_DETECT_LOOK_TEXT);
	if (ret)
		return ret;
	if (s->cv_flush) {
		/* finish the stream a CONVERT ended (LAST) */
		size_t c;

		if (we_feed(s, 0, true, &c) != WHATENC_INPUT_EMPTY)
			goto out;	/* no room yet, or the error state */
		s->cv_flush = false;
		s->stream_start = s->bytes_in;
	}
	if (s->state == WHATENC_STATE_FLUSHING) {
		if (we_flush(s))
			goto out;
		if (s->state == WHATENC_STATE_FLUSHING)
			goto out;
	}
	/* detect mode: fill the look-ahead until the encoding is known */
	ret = whatenc_look_write(s, from, &total);
	if (ret) {
		if (ret > 0)
			ret = 0;	/* stops here, not an error */
		goto out;
	}
	while (iov_iter_count(from)) {
		size_t want = min(iov_iter_count(from), s->bounce_size);
		size_t n, used;
		enum whatenc_ret r;

		n = copy_from_iter(s->bounce, want, from);
		if (!n) {
			if (!total)
				ret = -EFAULT;
			break;
		}
		if (s->state == WHATENC_STATE_EOS)
			s->state = WHATENC_STATE_STREAM;	/* a new stream */
		r = we_feed(s, n, false, &used);
		iov_iter_revert(from, n - used);
		total += used;
		if (r == WHATENC_MALFORMED || r == WHATENC_UNMAPPABLE) {
			if (!total)
				ret = -EILSEQ;
			break;
		}
		if (r == WHATENC_OUTPUT_FULL)
			break;
		/* up to 2 GiB: let others run, stop for a signal */
		if (signal_pending(current))
			break;
		cond_resched();
	}
out:
	if (s->out_end - s->out_start != before ||
	    s->state != WHATENC_STATE_STREAM)
		wake_up_interruptible(&s->wq);
	if (s->state == WHATENC_STATE_ERROR && !total)
		return we_errno(s);
	return total ? total : ret;
}

/**
 * whatenc_session_write() - write(): feed input
 * @s:        session
 * @from:     the input; advanced by the bytes consumed
 * @nonblock: return -EAGAIN instead of waiting for output room
 *
 * Return: bytes consumed (possibly fewer than offered: the output buffer
 * filled up, a fault, or a signal arrived after some input was
 * consumed), 0 for an empty @from, or with nothing consumed -EAGAIN,
 * -ERESTARTSYS, -EFAULT, -EILSEQ (-EOPNOTSUPP in detect mode), -ENOBUFS
 * (the user's cap) or -ENOMEM.
 */
ssize_t whatenc_session_write(struct we_session *s, struct iov_iter *from,
			      bool nonblock)
{
	ssize_t ret;

	if (!iov_iter_count(from))
		return 0;
	if (mutex_lock_interruptible(&s->lock))
		return -ERESTARTSYS;
	for (;;) {
		ret = we_write_locked(s, from);
		if (ret)
			break;
		ret = we_wait_unlocked(s, nonblock, we_writable);
		if (ret)
			return ret;
	}
	mutex_unlock(&s->lock);
	return ret;
}

/**
 * whatenc_session_read() - read(): take output
 * @s:        session
 * @to:       where to copy it; advanced
 * @nonblock: return -EAGAIN instead of waiting for output
 *
 * Return: bytes copied; 0 once at the end of a stream (or for an empty
 * @to); -EAGAIN, -ERESTARTSYS, -EFAULT or -EILSEQ (after a fatal error,
 * once the output before it has been read).
 */
ssize_t whatenc_session_read(struct we_session *s, struct iov_iter *to,
			     bool nonblock)
{
	size_t count = iov_iter_count(to);
	ssize_t ret;

	if (!count)
		return 0;
	if (mutex_lock_interruptible(&s->lock))
		return -ERESTARTSYS;
	for (;;) {
		size_t avail = we_ready(s);

		if (avail) {
			size_t n = copy_to_iter(s->out + s->out_start,
						min(avail, count), to);

			if (!n) {
				ret = -EFAULT;
				break;
			}
			s->out_start += n;
			if (s->out_start == s->out_end) {
				s->out_start = 0;
				s->out_end = 0;
			}
			if (s->state == WHATENC_STATE_FLUSHING)
				we_flush(s);
			else if (s->state == WHATENC_STATE_STREAM)
				whatenc_det_drain(s);	/* held look-ahead */
			wake_up_interruptible(&s->wq);
			ret = n;
			break;
		}
		if (s->state == WHATENC_STATE_FLUSHING) {
			we_flush(s);
			/* an empty buffer always holds the rest of a flush */
			if (WARN_ON_ONCE(s->state == WHATENC_STATE_FLUSHING &&
					 !we_ready(s))) {
				ret = -EIO;
				break;
			}
			continue;
		}
		if (s->state == WHATENC_STATE_EOS) {
			s->state = WHATENC_STATE_STREAM;
			whatenc_bufs_release(s);	/* the stream was read to the end */
			ret = 0;
			break;
		}
		if (s->state == WHATENC_STATE_ERROR) {
			whatenc_bufs_release(s);	/* nothing more until RESET */
			ret = we_errno(s);
			break;
		}
		ret = we_wait_unlocked(s, nonblock, we_readable);
		if (ret)
			return ret;
	}
	mutex_unlock(&s->lock);
	return ret;
}

/**
 * whatenc_session_poll_mask() - poll(): what would not block now
 * @s: session
 *
 * Return: EPOLLIN|EPOLLRDNORM and/or EPOLLOUT|EPOLLWRNORM.
 */
__poll_t whatenc_session_poll_mask(struct we_session *s)
{
	__poll_t mask = 0;

	if (we_readable(s))
		mask |= EPOLLIN | EPOLLRDNORM;
	if (we_writable(s))
		mask |= EPOLLOUT | EPOLLWRNORM;
	return mask;
}
