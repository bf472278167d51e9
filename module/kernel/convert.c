// SPDX-License-Identifier: GPL-2.0-only
/*
 * convert.c - WHATENC_IOC_CONVERT: one call converts a user buffer into
 * another through the session's converter, in chunks of the bounce
 * buffer, without the read()/write() stream's buffering.
 */
#include <linux/sched/signal.h>
#include <linux/string.h>
#include "session_impl.h"

/**
 * whatenc_session_convert_check() - validate a WHATENC_IOC_CONVERT argument
 * @cv: kernel copy of the argument
 *
 * Return: 0 or -EINVAL.
 */
int whatenc_session_convert_check(const struct whatenc_convert *cv)
{
	if (cv->flags & ~WHATENC_CONVERT_LAST || cv->reserved[0] ||
	    cv->reserved[1] || cv->in_pos > cv->in_size ||
	    cv->out_pos > cv->out_size)
		return -EINVAL;
	return 0;
}

/**
 * whatenc_session_convert() - WHATENC_IOC_CONVERT
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
int whatenc_session_convert(struct we_session *s, struct whatenc_convert *cv,
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
	ret = whatenc_bufs_get(s);
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
		r = whatenc_step(s, &b, chunk_last);
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
			whatenc_set_error(s, r);
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
		whatenc_bufs_release(s);	/* the stream is finished */
unlock:
	mutex_unlock(&s->lock);
	return ret;
}
