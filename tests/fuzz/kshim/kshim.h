/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * kshim.h - just enough of the kernel for module/session.c in userspace
 *
 * The session fuzz target (tests/fuzz/fuzz_session.c) compiles the real
 * session.c against these definitions instead of the kernel's: the
 * linux/ headers beside this one include it. What session.c does with
 * them is single-threaded here, so a mutex is a flag (taking it twice
 * is a finding) and a wait never sleeps: wait_event_interruptible()
 * returns -ERESTARTSYS when its condition is false, as if a signal had
 * come. The harness controls the rest through the kshim_* variables:
 * which allocation fails, whether a signal is pending, whether a mutex
 * wait is interrupted. struct iov_iter is one flat buffer with a fault
 * offset: a copy stops there, as a user copy stops at an unmapped page.
 */
#ifndef WHATENC_KSHIM_H
#define WHATENC_KSHIM_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <linux/types.h>	/* __poll_t, __u32 (the system's uapi) */
#include "whatenc_types.h"
#include "whatenc_config.h"	/* userspace: every CONFIG_WHATENC_* part */

/* ---- what the harness controls ---- */
extern int kshim_alloc_fail;	/* the next allocation fails if 1 */
extern int kshim_signal;	/* signal_pending() */
extern int kshim_lock_fail;	/* the next interruptible/killable lock fails */
extern long kshim_allocated;	/* bytes allocated now (leak check) */

#define kshim_bug(what) do {						\
	fprintf(stderr, "kshim: %s at %s:%d\n", what, __FILE__, __LINE__); \
	abort();							\
} while (0)

/* ---- compiler and helpers ---- */
#undef READ_ONCE
#undef WRITE_ONCE
#define READ_ONCE(x)		(x)
#define WRITE_ONCE(x, v)	((x) = (v))
/* IS_ENABLED() as the kernel's linux/kconfig.h has it (=y options only) */
#define __ARG_PLACEHOLDER_1	0,
#define __take_second_arg(__ignored, val, ...) val
#define ____is_defined(arg1_or_junk) __take_second_arg(arg1_or_junk 1, 0)
#define ___is_defined(val)	____is_defined(__ARG_PLACEHOLDER_##val)
#define IS_ENABLED(option)	___is_defined(option)
#define min(a, b)		((a) < (b) ? (a) : (b))
#define max(a, b)		((a) > (b) ? (a) : (b))
#define min3(a, b, c)		min(min(a, b), c)
#define min_t(t, a, b)		min((t)(a), (t)(b))
#define __force
/* a finding here, not the core's userspace "return the condition" */
#undef WARN_ON_ONCE
#define WARN_ON_ONCE(x) ({						\
	int __c = !!(x);						\
	if (__c)							\
		kshim_bug("WARN_ON_ONCE(" #x ")");			\
	__c;								\
})

#define ERESTARTSYS	512

static inline ssize_t strscpy(char *dst, const char *src, size_t n)
{
	size_t len = strnlen(src, n);

	if (!n)
		return -E2BIG;
	if (len == n) {
		memcpy(dst, src, n - 1);
		dst[n - 1] = 0;
		return -E2BIG;
	}
	memcpy(dst, src, len + 1);
	return len;
}

/* ---- memory ---- */
#define GFP_KERNEL		0
#define GFP_KERNEL_ACCOUNT	0

static inline void *kshim_alloc(size_t n)
{
	size_t *p;

	if (kshim_alloc_fail) {
		kshim_alloc_fail = 0;
		return NULL;
	}
	p = malloc(n + sizeof(size_t));
	if (!p)
		abort();
	*p = n;
	kshim_allocated += n;
	/* not zeroed: ASan/MSan-style garbage would show reads of stale bytes */
	memset(p + 1, 0xa5, n);
	return p + 1;
}

static inline void kshim_free(const void *q)
{
	size_t *p = (size_t *)q;

	if (!p)
		return;
	kshim_allocated -= p[-1];
	free(p - 1);
}

static inline void *kzalloc(size_t n, int gfp)
{
	void *p = kshim_alloc(n);

	if (p)
		memset(p, 0, n);
	return p;
}

#define kmalloc(n, gfp)		kshim_alloc(n)
#define kvmalloc(n, gfp)	kshim_alloc(n)
#define kvfree(p)		kshim_free(p)
#define kfree(p)		kshim_free(p)

/* ---- atomics (single-threaded) ---- */
typedef struct { long counter; } atomic_long_t;
#define atomic_long_read(v)		((v)->counter)
#define atomic_long_set(v, i)		((v)->counter = (i))
#define atomic_long_add_return(i, v)	((v)->counter += (i))
#define atomic_long_sub(i, v)		((v)->counter -= (i))

/* ---- locks and waits ---- */
struct mutex {
	int locked;
};

#define mutex_init(m)		((m)->locked = 0)
#define mutex_destroy(m)	do { if ((m)->locked) kshim_bug("locked mutex destroyed"); } while (0)

static inline void mutex_lock(struct mutex *m)
{
	if (m->locked)
		kshim_bug("mutex taken twice");
	m->locked = 1;
}

static inline int kshim_lock_maybe(struct mutex *m, int err)
{
	if (kshim_lock_fail) {
		kshim_lock_fail = 0;
		return err;
	}
	mutex_lock(m);
	return 0;
}

#define mutex_lock_interruptible(m)	kshim_lock_maybe(m, -EINTR)
#define mutex_lock_killable(m)		kshim_lock_maybe(m, -EINTR)

static inline void mutex_unlock(struct mutex *m)
{
	if (!m->locked)
		kshim_bug("mutex unlocked twice");
	m->locked = 0;
}

typedef struct { int unused; } wait_queue_head_t;
#define init_waitqueue_head(q)		((q)->unused = 0)
#define wake_up_interruptible(q)	((void)(q))
#define wait_event_interruptible(q, cond)	((cond) ? 0 : -ERESTARTSYS)

struct task_struct;
#define current			((struct task_struct *)NULL)
#define signal_pending(t)	((void)(t), kshim_signal)
#define cond_resched()		((void)0)

/* ---- poll ---- */
#define EPOLLIN		((__poll_t)0x00000001)
#define EPOLLOUT	((__poll_t)0x00000004)
#define EPOLLRDNORM	((__poll_t)0x00000040)
#define EPOLLWRNORM	((__poll_t)0x00000100)

/* ---- iov_iter: a flat buffer, accessible below @fault ---- */
struct iov_iter {
	u8 *base;
	size_t size;	/* bytes the call was given */
	size_t pos;	/* bytes done */
	size_t fault;	/* offset where access faults (>= size: never) */
};

static inline size_t iov_iter_count(const struct iov_iter *i)
{
	return i->size - i->pos;
}

static inline size_t kshim_iter_room(const struct iov_iter *i, size_t n)
{
	size_t ok = i->fault > i->pos ? i->fault - i->pos : 0;

	return min3(n, iov_iter_count(i), ok);
}

static inline size_t copy_from_iter(void *dst, size_t n, struct iov_iter *i)
{
	n = kshim_iter_room(i, n);
	if (!n)
		return 0;
	memcpy(dst, i->base + i->pos, n);
	i->pos += n;
	return n;
}

static inline size_t copy_to_iter(const void *src, size_t n,
				  struct iov_iter *i)
{
	n = kshim_iter_room(i, n);
	if (!n)
		return 0;
	memcpy(i->base + i->pos, src, n);
	i->pos += n;
	return n;
}

static inline void iov_iter_revert(struct iov_iter *i, size_t n)
{
	if (n > i->pos)
		kshim_bug("iov_iter_revert past the start");
	i->pos -= n;
}

#endif /* WHATENC_KSHIM_H */
