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
 * that finished a stream, an error state whose output was read. Each
 * allocation is charged to the opener's struct we_mem and fails with
 * -ENOBUFS beyond its cap, before any state changes; held output and
 * held look-ahead are never freed.
 */
#include <linux/slab.h>
#include <linux/mm.h>
#include <linux/sched/signal.h>
#include <linux/bug.h>
#include <linux/build_bug.h>
#include <linux/stddef.h>
#include <linux/string.h>
#include "session.h"
#include "whatenc_guess.h"

/*
 * The uapi flags and results are the API's own values (whatenc.h and
 * whatenc_detect.h alias them); what the buffers and the look-ahead need:
 */
static_assert(WE_WRITE_ROOM > WHATENC_PEND_MAX);
static_assert(WE_BUF_MIN >= 2 * WE_WRITE_ROOM);
static_assert(WHATENC_DETECT_LOOK_MARKUP >= WHATENC_DETECT_HTML_MAX);
static_assert(WHATENC_DETECT_LOOK_MARKUP >= WHATENC_DETECT_XML_MAX);
static_assert(WHATENC_DETECT_LOOK_MARKUP >= WHATENC_DETECT_CSS_MAX);
static_assert(WHATENC_DETECT_LOOK_TEXT >= WHATENC_DETECT_LOOK_MARKUP);

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
static_assert(offsetof(struct whatenc_status, reserved) == 136);
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

static enum whatenc_ret we_step(struct we_session *s, struct whatenc_buf *b,
				bool last)
{
	if (s->direction == WHATENC_DIR_DECODE)
		return whatenc_decode(&s->c.dec, b, last);
	return whatenc_encode(&s->c.enc, b, last);
}

static void we_set_error(struct we_session *s, enum whatenc_ret r)
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
	s->out_start = 0;
	s->out_end = 0;
}

static size_t we_ready(const struct we_session *s)
{
	return s->out_end - s->out_start;
}

/* Charge @n bytes to the user: -ENOBUFS beyond the cap. */
static int we_charge(struct we_session *s, size_t n)
{
	unsigned long limit, used;

	if (!s->mem)
		return 0;
	limit = READ_ONCE(*s->mem->limit);
	used = atomic_long_add_return(n, &s->mem->used);
	if (limit && used > limit &&
	    !(s->mem->may_exceed && s->mem->may_exceed())) {
		atomic_long_sub(n, &s->mem->used);
		return -ENOBUFS;
	}
	return 0;
}

static void we_uncharge(struct we_session *s, size_t n)
{
	if (s->mem)
		atomic_long_sub(n, &s->mem->used);
}

/* Allocate *@p (@n bytes) unless it is there: 0, -ENOBUFS or -ENOMEM. */
static int we_buf_get(struct we_session *s, u8 **p, size_t n)
{
	int ret;

	if (*p)
		return 0;
	ret = we_charge(s, n);
	if (ret)
		return ret;
	*p = kvmalloc(n, GFP_KERNEL_ACCOUNT);
	if (!*p) {
		we_uncharge(s, n);
		return -ENOMEM;
	}
	return 0;
}

static void we_buf_put(struct we_session *s, u8 **p, size_t n)
{
	if (!*p)
		return;
	kvfree(*p);
	*p = NULL;
	we_uncharge(s, n);
}

/* The output and bounce buffers, which every conversion needs. */
static int we_bufs_get(struct we_session *s)
{
	int ret = we_buf_get(s, &s->out, s->out_size);

	return ret ? ret : we_buf_get(s, &s->bounce, s->bounce_size);
}

/* Does the look-ahead hold input of the current stream? */
static bool we_look_held(const struct we_session *s)
{
	if (s->det_rearm)
		return false;	/* the stream ended: stale bytes */
	if (s->det_state == WHATENC_DETSTATE_PENDING)
		return s->look_len;
	return s->det_state == WHATENC_DETSTATE_DONE &&
	       s->look_pos != s->look_len;
}

/*
 * Free the buffers that hold nothing (where the session goes idle):
 * held output, an unfinished flush and held look-ahead stay.
 */
static void we_bufs_release(struct we_session *s)
{
	we_buf_put(s, &s->bounce, s->bounce_size);
	if (!we_ready(s) && s->state != WHATENC_STATE_FLUSHING)
		we_buf_put(s, &s->out, s->out_size);
	if (!we_look_held(s))
		we_buf_put(s, &s->look, WHATENC_DETECT_LOOK_TEXT);
}

/* Make the free space contiguous at the tail when the tail runs short. */
static void we_compact(struct we_session *s)
{
	size_t n = we_ready(s);

	if (!n) {
		s->out_start = 0;
		s->out_end = 0;
	} else if (s->out_start &&
		   s->out_size - s->out_end < s->out_size / 4) {
		memmove(s->out, s->out + s->out_start, n);
		s->out_start = 0;
		s->out_end = n;
	}
}

/*
 * Convert @len bytes at @in (the bounce buffer, or the detection
 * look-ahead, which was counted in bytes_in when it was taken) into the
 * output buffer.
 */
static enum whatenc_ret we_feed_from(struct we_session *s, const u8 *in,
				     size_t len, bool last, size_t *consumed)
{
	struct whatenc_buf b = {
		.in = in, .in_pos = 0, .in_size = len,
		.out = s->out, .out_pos = s->out_end, .out_size = s->out_size,
	};
	enum whatenc_ret r;

	we_compact(s);
	b.out_pos = s->out_end;
	r = we_step(s, &b, last);
	s->bytes_out += b.out_pos - s->out_end;
	s->out_end = b.out_pos;
	*consumed = b.in_pos;
	if (r == WHATENC_MALFORMED || r == WHATENC_UNMAPPABLE)
		we_set_error(s, r);
	return r;
}

static enum whatenc_ret we_feed(struct we_session *s, size_t len, bool last,
				size_t *consumed)
{
	enum whatenc_ret r = we_feed_from(s, s->bounce, len, last, consumed);

	s->bytes_in += *consumed;
	return r;
}

/* The errno of the error state. */
static int we_errno(const struct we_session *s)
{
	return s->err_kind == WHATENC_RES_UNSUPPORTED ? -EOPNOTSUPP : -EILSEQ;
}

static bool we_detecting(const struct we_session *s)
{
	return s->direction == WHATENC_DIR_DECODE &&
	       (s->flags & WHATENC_CFG_DETECT);
}

/* Decoder flags once the encoding is known: the BOM is removed once. */
static u32 we_det_dec_flags(const struct we_session *s)
{
	return (s->flags & WHATENC_CFG_DEC_FATAL) | WHATENC_BOM_SNIFF;
}

/* Start detecting again (a new stream): nothing held, label's decoder. */
static void we_det_clear(struct we_session *s)
{
	s->det_rearm = false;
	s->look_len = 0;
	s->look_pos = 0;
	memset(&s->det, 0, sizeof(s->det));
	s->det_content = false;
	s->det_confidence = 0;
	if (!we_detecting(s)) {
		s->det_state = WHATENC_DETSTATE_OFF;
		return;
	}
	s->det_state = WHATENC_DETSTATE_PENDING;
	/* the label was checked by CONFIGURE */
	whatenc_decoder_init(&s->c.dec, s->encoding, we_det_dec_flags(s));
}

static size_t we_look_cap(const struct we_session *s)
{
	return s->det_format == WHATENC_DETECT_FMT_TEXT ?
		WHATENC_DETECT_LOOK_TEXT : WHATENC_DETECT_LOOK_MARKUP;
}

/*
 * WHATENC_CFG_DETECT_CONTENT: where the rules ended at the label (or
 * found only ASCII, which may be ISO-2022-JP or UTF-16), the content
 * detector guesses from the look-ahead. Its state (about 1.2 KB) is
 * allocated for the moment; without memory the rules' answer stands.
 */
static void we_detect_content(struct we_session *s, bool at_eof)
{
	struct whatenc_detection *d = &s->det;
	struct whatenc_guess_result r;
	struct whatenc_guess *g;

	s->det_content = false;
	s->det_confidence = 0;
	if (!IS_ENABLED(CONFIG_WHATENC_GUESS) ||
	    !(s->flags & WHATENC_CFG_DETECT_CONTENT) ||
	    (d->source != WHATENC_SRC_FALLBACK &&
	     !(d->source == WHATENC_SRC_VALIDITY &&
	       (d->flags & WHATENC_DETECTED_ASCII))))
		return;
	g = kmalloc(sizeof(*g), GFP_KERNEL_ACCOUNT);
	if (!g)
		return;
	whatenc_guess_init(g, -1);
	whatenc_guess_feed(g, s->look, s->look_len);
	whatenc_guess_result(g, at_eof, &r);
	kfree(g);
	if (r.kind != WHATENC_GUESS_TEXT)
		return;
	d->enc = r.enc;
	s->det_content = true;
	s->det_confidence = r.confidence;
}

/*
 * Run whatenc_detect() on the look-ahead. Decides when the answer can
 * no longer change, when the look-ahead is full, or at @at_eof. Returns
 * 0 (decided or still pending) or -EOPNOTSUPP (unsupported: error state).
 */
static int we_detect_run(struct we_session *s, bool at_eof)
{
	struct whatenc_detect_opts o = { 0 };
	struct whatenc_detection *d = &s->det;
	int r;

	if (s->flags & WHATENC_CFG_DETECT_TRANSPORT) {
		o.flags = WHATENC_DETECT_TRANSPORT;
		o.transport = s->encoding;
	} else if (s->det_format == WHATENC_DETECT_FMT_CSS) {
		o.flags = WHATENC_DETECT_REFERRER;
		o.referrer = s->encoding;
	} else {
		o.flags = WHATENC_DETECT_FALLBACK;
		o.fallback = s->encoding;
	}
	r = whatenc_detect(s->det_format, s->look, s->look_len, at_eof, &o, d);
	if (r == -EAGAIN && s->look_len >= we_look_cap(s))
		r = whatenc_detect(s->det_format, s->look, s->look_len, true,
				   &o, d);
	/*
	 * Text: whatenc_detect() judges the bytes it is given, but more
	 * bytes could still turn out not to be UTF-8, so only a certain
	 * answer (BOM, transport) is taken before the look-ahead is full.
	 */
	if (!r && s->det_format == WHATENC_DETECT_FMT_TEXT && !at_eof &&
	    !d->certain && s->look_len < we_look_cap(s))
		r = -EAGAIN;
	if (r == -EAGAIN)
		return 0;
	if (WARN_ON_ONCE(r)) {
		/* cannot happen: the arguments were checked; use the label */
		memset(d, 0, sizeof(*d));
		d->enc = s->encoding;
		d->source = WHATENC_SRC_FALLBACK;
	}
	if (d->unsupported) {
		size_t off = d->unsupported == WHATENC_UNSUP_LABEL ?
			     d->label_off : 0;
		size_t len = d->unsupported == WHATENC_UNSUP_LABEL ?
			     d->label_len : 4;

		len = min3(len, sizeof(s->err.bytes), s->look_len - off);
		s->det_state = WHATENC_DETSTATE_UNSUPPORTED;
		s->state = WHATENC_STATE_ERROR;
		s->err_kind = WHATENC_RES_UNSUPPORTED;
		memset(&s->err, 0, sizeof(s->err));
		s->err.offset = off;
		s->err.len = len;
		memcpy(s->err.bytes, s->look + off, len);
		return -EOPNOTSUPP;
	}
	we_detect_content(s, at_eof);
	whatenc_decoder_init(&s->c.dec, d->enc, we_det_dec_flags(s));
	s->det_state = WHATENC_DETSTATE_DONE;
	return 0;
}

/*
 * Decode what detection held. Returns the core's result; WHATENC_OUTPUT_FULL
 * while some is left.
 */
static enum whatenc_ret we_det_drain(struct we_session *s)
{
	enum whatenc_ret r = WHATENC_INPUT_EMPTY;
	size_t used;

	if (s->det_state != WHATENC_DETSTATE_DONE || s->look_pos == s->look_len)
		return WHATENC_INPUT_EMPTY;
	r = we_feed_from(s, s->look + s->look_pos, s->look_len - s->look_pos,
			 false, &used);
	s->look_pos += used;
	if (r == WHATENC_INPUT_EMPTY && s->look_pos != s->look_len)
		r = WHATENC_OUTPUT_FULL;
	return r;
}

/* Continue END_OF_STREAM. Returns -EILSEQ when the flush hit an error. */
static int we_flush(struct we_session *s)
{
	size_t consumed;
	enum whatenc_ret r = we_det_drain(s);

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
 * we_session_alloc() - a new session, decoding UTF-8 (replacement, BOM
 *	sniffing) until configured
 * @buf_size:   output buffer size, WE_BUF_MIN..WE_BUF_MAX (allocated on
 *	first use)
 * @mem:        the user's buffer memory count, or NULL: none kept
 *
 * Context: process; sleeps. Memory is charged to the caller's memcg.
 * Return: the session or NULL.
 */
struct we_session *we_session_alloc(size_t buf_size, struct we_mem *mem)
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
		we_session_free(s);
		return NULL;
	}
	we_clear(s);
	return s;
}

/**
 * we_session_free() - free a session
 * @s: session (or NULL); nobody may use it any more
 */
void we_session_free(struct we_session *s)
{
	if (!s)
		return;
	we_buf_put(s, &s->out, s->out_size);
	we_buf_put(s, &s->bounce, s->bounce_size);
	we_buf_put(s, &s->look, WHATENC_DETECT_LOOK_TEXT);
	mutex_destroy(&s->lock);
	kfree(s);
}

/**
 * we_session_configure() - WHATENC_IOC_CONFIGURE
 * @s:   session
 * @cfg: kernel copy of the argument; @cfg->encoding and @cfg->name are
 *	filled in on success
 *
 * Return: 0, or -EINVAL or -EINTR (a fatal signal while waiting for the
 * session) with the session unchanged; -EOPNOTSUPP for the label of an
 * encoding, or content detection, that this kernel is built without
 * (module/Kconfig).
 */
int we_session_configure(struct we_session *s, struct whatenc_configure *cfg)
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
	name = whatenc_name(used);

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
	we_det_clear(s);
	we_bufs_release(s);
	mutex_unlock(&s->lock);
	wake_up_interruptible(&s->wq);

	cfg->encoding = used;
	memset(cfg->name, 0, sizeof(cfg->name));
	if (name)
		strscpy(cfg->name, name, sizeof(cfg->name));
	return 0;
}

/**
 * we_session_reset() - WHATENC_IOC_RESET: a new stream, same configuration
 * @s: session
 *
 * Discards buffered output, partial input, the error state and the
 * counters.
 *
 * Return: 0, or -EINTR (a fatal signal while waiting for the session).
 */
int we_session_reset(struct we_session *s)
{
	if (mutex_lock_killable(&s->lock))
		return -EINTR;
	if (s->direction == WHATENC_DIR_DECODE)
		whatenc_decoder_reset(&s->c.dec);
	else
		whatenc_encoder_reset(&s->c.enc);
	we_clear(s);
	we_det_clear(s);
	we_bufs_release(s);
	mutex_unlock(&s->lock);
	wake_up_interruptible(&s->wq);
	return 0;
}

/**
 * we_session_end() - WHATENC_IOC_END_OF_STREAM
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
int we_session_end(struct we_session *s)
{
	int ret = 0;

	if (mutex_lock_killable(&s->lock))
		return -EINTR;
	if (s->state == WHATENC_STATE_ERROR) {
		ret = we_errno(s);
	} else if (s->state == WHATENC_STATE_STREAM) {
		ret = we_bufs_get(s);
		if (!ret && we_detecting(s))
			ret = we_buf_get(s, &s->look,
					 WHATENC_DETECT_LOOK_TEXT);
		if (ret)
			goto unlock;
		if (s->det_rearm)
			we_det_clear(s);
		if (s->det_state == WHATENC_DETSTATE_PENDING)
			ret = we_detect_run(s, true);
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
 * we_session_status() - WHATENC_IOC_STATUS
 * @s:  session
 * @st: filled in completely (no byte left uninitialized) on success
 *
 * Return: 0, or -EINTR (a fatal signal while waiting for the session).
 */
int we_session_status(struct we_session *s, struct whatenc_status *st)
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
	name = whatenc_name(enc);
	if (name)
		strscpy(st->name, name, sizeof(st->name));
	return 0;
}

/**
 * we_session_ready() - FIONREAD: output bytes ready to read
 * @s: session
 *
 * Return: the count, or -EINTR (a fatal signal while waiting for the
 * session).
 */
ssize_t we_session_ready(struct we_session *s)
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
	ret = we_bufs_get(s);
	if (!ret && we_detecting(s))
		ret = we_buf_get(s, &s->look, WHATENC_DETECT_LOOK_TEXT);
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
	while ((s->det_rearm || s->det_state == WHATENC_DETSTATE_PENDING) &&
	       iov_iter_count(from)) {
		size_t off = s->det_rearm ? 0 : s->look_len;
		size_t n = copy_from_iter(s->look + off,
					  min(iov_iter_count(from),
					      we_look_cap(s) - off), from);

		if (!n) {
			if (!total)
				ret = -EFAULT;
			goto out;
		}
		if (s->det_rearm)
			we_det_clear(s);
		if (s->state == WHATENC_STATE_EOS)
			s->state = WHATENC_STATE_STREAM;	/* a new stream */
		s->look_len += n;
		s->bytes_in += n;
		total += n;
		if (we_detect_run(s, false))
			goto out;
	}
	if (s->det_state == WHATENC_DETSTATE_DONE) {
		enum whatenc_ret r = we_det_drain(s);

		if (r != WHATENC_INPUT_EMPTY)
			goto out;	/* output full, or error state */
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
 * we_session_write() - write(): feed input
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
ssize_t we_session_write(struct we_session *s, struct iov_iter *from,
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
 * we_session_read() - read(): take output
 * @s:        session
 * @to:       where to copy it; advanced
 * @nonblock: return -EAGAIN instead of waiting for output
 *
 * Return: bytes copied; 0 once at the end of a stream (or for an empty
 * @to); -EAGAIN, -ERESTARTSYS, -EFAULT or -EILSEQ (after a fatal error,
 * once the output before it has been read).
 */
ssize_t we_session_read(struct we_session *s, struct iov_iter *to,
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
				we_det_drain(s);	/* held look-ahead */
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
			we_bufs_release(s);	/* the stream was read to the end */
			ret = 0;
			break;
		}
		if (s->state == WHATENC_STATE_ERROR) {
			we_bufs_release(s);	/* nothing more until RESET */
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
 * we_session_poll_mask() - poll(): what would not block now
 * @s: session
 *
 * Return: EPOLLIN|EPOLLRDNORM and/or EPOLLOUT|EPOLLWRNORM.
 */
__poll_t we_session_poll_mask(struct we_session *s)
{
	__poll_t mask = 0;

	if (we_readable(s))
		mask |= EPOLLIN | EPOLLRDNORM;
	if (we_writable(s))
		mask |= EPOLLOUT | EPOLLWRNORM;
	return mask;
}

/**
 * we_session_convert_check() - validate a WHATENC_IOC_CONVERT argument
 * @cv: kernel copy of the argument
 *
 * Return: 0 or -EINVAL.
 */
int we_session_convert_check(const struct whatenc_convert *cv)
{
	if (cv->flags & ~WHATENC_CONVERT_LAST || cv->reserved[0] ||
	    cv->reserved[1] || cv->in_pos > cv->in_size ||
	    cv->out_pos > cv->out_size)
		return -EINVAL;
	return 0;
}

/**
 * we_session_convert() - WHATENC_IOC_CONVERT
 * @s:   session
 * @cv:  checked argument; positions and result are updated
 * @in:  the input, from @cv->in + @cv->in_pos (may be shorter than the
 *	rest of the input if the call has a size limit)
 * @out: the output space, from @cv->out + @cv->out_pos
 *
 * Works in chunks of the bounce buffer, converting into the (empty)
 * output buffer and copying out. When copying out faults, the chunk is
 * undone (the converter state is a plain struct, restored from a
 * snapshot), so a fault never loses or duplicates anything.
 *
 * Return: 0 (see @cv->result), or with nothing changed -EBUSY, -EILSEQ,
 * -EOPNOTSUPP (detect mode), -EFAULT, -ENOBUFS (the user's cap),
 * -ENOMEM or -EINTR (a fatal signal while waiting for the session).
 */
int we_session_convert(struct we_session *s, struct whatenc_convert *cv,
		       struct iov_iter *in, struct iov_iter *out)
{
	bool all_in = iov_iter_count(in) == cv->in_size - cv->in_pos;
	bool last = (cv->flags & WHATENC_CONVERT_LAST) && all_in;
	u64 in_done = 0, out_done = 0;
	u32 result = WHATENC_RES_OK;
	int ret = 0;

	if (mutex_lock_killable(&s->lock))
		return -EINTR;
	if (we_detecting(s)) {
		ret = -EOPNOTSUPP;	/* detect mode: write() and read() */
		goto unlock;
	}
	if (s->state == WHATENC_STATE_ERROR) {
		ret = -EILSEQ;
		goto unlock;
	}
	if (we_ready(s) || s->state == WHATENC_STATE_FLUSHING) {
		ret = -EBUSY;
		goto unlock;
	}
	ret = we_bufs_get(s);
	if (ret)
		goto unlock;
	s->out_start = 0;
	s->out_end = 0;
	for (;;) {
		/* first finish the stream an earlier LAST call ended */
		bool flush_old = s->cv_flush;
		size_t want = flush_old ? 0 :
			      min(iov_iter_count(in), s->bounce_size);
		size_t room = min(iov_iter_count(out), s->out_size);
		size_t n, copied;
		struct whatenc_buf b = {
			.in = s->bounce, .out = s->out, .out_size = room,
		};
		typeof(s->c) snap = s->c;
		bool chunk_last;
		enum whatenc_ret r;

		n = copy_from_iter(s->bounce, want, in);
		if (n < want && !n) {
			/* input faults right here */
			if (!in_done && !out_done)
				ret = -EFAULT;
			result = WHATENC_RES_INTERRUPTED;
			break;
		}
		chunk_last = flush_old ||
			     (last && n == want && !iov_iter_count(in));
		b.in_size = n;
		r = we_step(s, &b, chunk_last);
		copied = copy_to_iter(s->out, b.out_pos, out);
		if (copied != b.out_pos) {
			/* output faults: undo this chunk */
			iov_iter_revert(out, copied);
			iov_iter_revert(in, n);
			s->c = snap;
			if (!in_done && !out_done)
				ret = -EFAULT;
			result = WHATENC_RES_INTERRUPTED;
			break;
		}
		iov_iter_revert(in, n - b.in_pos);
		in_done += b.in_pos;
		out_done += b.out_pos;
		s->bytes_in += b.in_pos;
		s->bytes_out += b.out_pos;
		if (r == WHATENC_MALFORMED || r == WHATENC_UNMAPPABLE) {
			we_set_error(s, r);
			result = r;
			break;
		}
		if (flush_old && r == WHATENC_INPUT_EMPTY) {
			s->cv_flush = false;	/* now the new input */
			s->stream_start = s->bytes_in;
			continue;
		}
		if (r == WHATENC_OUTPUT_FULL) {
			/* the stream has ended; its flush goes on next time */
			if (chunk_last && b.in_pos == n && !iov_iter_count(in))
				s->cv_flush = true;
			if (room == iov_iter_count(out) + b.out_pos) {
				result = WHATENC_RES_OUTPUT_FULL;
				break;
			}
		} else if (!iov_iter_count(in)) {
			if (chunk_last)
				s->stream_start = s->bytes_in;
			else if (!all_in || n < want)
				result = WHATENC_RES_INTERRUPTED;
			break;
		} else if (n < want) {
			continue;	/* the next copy finds the fault */
		}
		if (signal_pending(current)) {
			result = WHATENC_RES_INTERRUPTED;
			break;
		}
		cond_resched();
	}
	if (!ret) {
		if (s->state == WHATENC_STATE_EOS && (in_done || out_done))
			s->state = WHATENC_STATE_STREAM;
		cv->in_pos += in_done;
		cv->out_pos += out_done;
		cv->result = result;
	}
	s->out_start = 0;
	s->out_end = 0;
	if (!ret && last && result == WHATENC_RES_OK)
		we_bufs_release(s);	/* the stream is finished */
unlock:
	mutex_unlock(&s->lock);
	return ret;
}
