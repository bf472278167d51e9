// SPDX-License-Identifier: GPL-2.0-only
/*
 * session_buf.c - a session's buffers and their charge to the user
 *
 * The output, bounce and look-ahead buffers of a session are allocated
 * when a call first needs them and freed where the session goes idle
 * holding nothing (whatenc_bufs_release()). Each allocation is charged to
 * the opener's struct we_mem and fails with -ENOBUFS beyond its cap,
 * before any state changes; held output and held look-ahead are never
 * freed.
 */
#include <linux/slab.h>
#include <linux/mm.h>
#include <linux/string.h>
#include "session_impl.h"

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
int whatenc_buf_get(struct we_session *s, u8 **p, size_t n)
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

void whatenc_buf_put(struct we_session *s, u8 **p, size_t n)
{
	if (!*p)
		return;
	kvfree(*p);
	*p = NULL;
	we_uncharge(s, n);
}

/* The output and bounce buffers, which every conversion needs. */
int whatenc_bufs_get(struct we_session *s)
{
	int ret = whatenc_buf_get(s, &s->out, s->out_size);

	return ret ? ret : whatenc_buf_get(s, &s->bounce, s->bounce_size);
}

/*
 * Free the buffers that hold nothing (where the session goes idle):
 * held output, an unfinished flush and held look-ahead stay.
 */
void whatenc_bufs_release(struct we_session *s)
{
	whatenc_buf_put(s, &s->bounce, s->bounce_size);
	if (!we_ready(s) && s->state != WHATENC_STATE_FLUSHING)
		whatenc_buf_put(s, &s->out, s->out_size);
	if (!whatenc_look_held(s))
		whatenc_buf_put(s, &s->look, WHATENC_DETECT_LOOK_TEXT);
}

/* Make the free space contiguous at the tail when the tail runs short. */
void whatenc_compact(struct we_session *s)
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
