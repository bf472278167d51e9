// SPDX-License-Identifier: GPL-2.0-only
/*
 * device.c - the misc device /dev/whatenc
 *
 * A thin layer: every open file gets its own struct we_session
 * (session.c), and read/write/poll only translate. The node is mode
 * 0666: converting text is harmless and unprivileged, each session is
 * private to its file, and memory is charged to the opener's memcg.
 *
 * Each user has one struct we_mem that the buffers of all its sessions
 * are counted in, capped by the module parameter user_mem_max. The user
 * is the opener's, keyed by user namespace owner (we_user_key()): in the
 * initial user namespace its real uid, as for pipes; in a user namespace,
 * the user who created the outermost one, so that the ids of a subuid
 * range (newuidmap) count as their owner's and not one cap each; for a
 * namespace root created (a container), that namespace as a whole. An
 * allocation that would pass the cap asks, then only, for
 * CAP_SYS_RESOURCE or CAP_SYS_ADMIN (we_user_may_exceed(), as fs/pipe.c
 * at pipe-user-pages-hard): ordinary opens check no capability and leave
 * no audit record. The entries live in a small hash table while the user
 * has a session open.
 */
#include <linux/module.h>
#include <linux/miscdevice.h>
#include <linux/fs.h>
#include <linux/poll.h>
#include <linux/uio.h>
#include <linux/cred.h>
#include <linux/capability.h>
#include <linux/user_namespace.h>
#include <linux/hashtable.h>
#include <linux/slab.h>
#include <linux/spinlock.h>
#include "session.h"
#include "device.h"

static bool whatenc_nonblock(struct kiocb *iocb)
{
	return (iocb->ki_filp->f_flags & O_NONBLOCK) ||
	       (iocb->ki_flags & IOCB_NOWAIT);
}

/*
 * Whose cap a session counts in: a uid in the initial user namespace
 * (@ns NULL), or a user namespace that root created, as a whole (@uid
 * GLOBAL_ROOT_UID; the entry holds a reference to @ns).
 */
struct we_user_key {
	kuid_t uid;
	struct user_namespace *ns;
};

struct we_user {
	struct hlist_node node;
	struct we_user_key key;
	unsigned int sessions;	/* under we_users_lock */
	struct we_mem mem;
};

static DEFINE_HASHTABLE(we_users, 6);
static DEFINE_SPINLOCK(we_users_lock);

/*
 * The key of @cred: its real uid in the initial user namespace; else the
 * owner of the outermost user namespace it is in (the user whose subuids
 * are mapped there), or that namespace if root created it.
 */
static void we_user_key(const struct cred *cred, struct we_user_key *k)
{
	struct user_namespace *ns = cred->user_ns;

	k->uid = cred->uid;
	k->ns = NULL;
	if (ns == &init_user_ns)
		return;
	while (ns->parent != &init_user_ns)
		ns = ns->parent;
	k->uid = ns->owner;
	if (uid_eq(ns->owner, GLOBAL_ROOT_UID))
		k->ns = ns;
}

static unsigned long we_user_hash(const struct we_user_key *k)
{
	return __kuid_val(k->uid) ^ ((unsigned long)k->ns >> 4);
}

/* The entry of @k with one more session, or NULL; under we_users_lock. */
static struct we_user *we_user_find(const struct we_user_key *k)
{
	struct we_user *u;

	hash_for_each_possible(we_users, u, node, we_user_hash(k)) {
		if (uid_eq(u->key.uid, k->uid) && u->key.ns == k->ns) {
			u->sessions++;
			return u;
		}
	}
	return NULL;
}

/* Over the cap: only for CAP_SYS_RESOURCE or CAP_SYS_ADMIN (audited). */
static bool we_user_may_exceed(void)
{
	return capable(CAP_SYS_RESOURCE) || capable(CAP_SYS_ADMIN);
}

/* The entry of @k with one more session; NULL without memory. */
static struct we_user *we_user_get(const struct we_user_key *k)
{
	struct we_user *u, *fresh;

	spin_lock(&we_users_lock);
	u = we_user_find(k);
	spin_unlock(&we_users_lock);
	if (u)
		return u;
	fresh = kzalloc(sizeof(*fresh), GFP_KERNEL_ACCOUNT);
	if (!fresh)
		return NULL;
	fresh->key = *k;
	fresh->sessions = 1;
	atomic_long_set(&fresh->mem.used, 0);
	fresh->mem.limit = &whatenc_user_mem_max;
	fresh->mem.may_exceed = we_user_may_exceed;
	spin_lock(&we_users_lock);
	u = we_user_find(k);	/* another open may have added it */
	if (!u) {
		if (fresh->key.ns)
			get_user_ns(fresh->key.ns);
		hash_add(we_users, &fresh->node, we_user_hash(k));
	}
	spin_unlock(&we_users_lock);
	if (!u)
		return fresh;
	kfree(fresh);
	return u;
}

static void we_user_put(struct we_user *u)
{
	spin_lock(&we_users_lock);
	if (--u->sessions) {
		u = NULL;
	} else {
		WARN_ON_ONCE(atomic_long_read(&u->mem.used));
		hash_del(&u->node);
	}
	spin_unlock(&we_users_lock);
	if (u && u->key.ns)
		put_user_ns(u->key.ns);
	kfree(u);
}

static int whatenc_open(struct inode *inode, struct file *file)
{
	struct we_session *s;
	struct we_user_key k;
	struct we_user *u;

	we_user_key(current_cred(), &k);
	u = we_user_get(&k);
	if (!u)
		return -ENOMEM;
	s = whatenc_session_alloc(READ_ONCE(whatenc_buf_size), &u->mem);
	if (!s) {
		we_user_put(u);
		return -ENOMEM;
	}
	file->private_data = s;
	return stream_open(inode, file);
}

static int whatenc_release(struct inode *inode, struct file *file)
{
	struct we_session *s = file->private_data;
	struct we_user *u = container_of(s->mem, struct we_user, mem);

	whatenc_session_free(s);
	we_user_put(u);
	return 0;
}

static ssize_t whatenc_read_iter(struct kiocb *iocb, struct iov_iter *to)
{
	return whatenc_session_read(iocb->ki_filp->private_data, to,
			       whatenc_nonblock(iocb));
}

static ssize_t whatenc_write_iter(struct kiocb *iocb, struct iov_iter *from)
{
	return whatenc_session_write(iocb->ki_filp->private_data, from,
				whatenc_nonblock(iocb));
}

static __poll_t whatenc_poll(struct file *file, poll_table *wait)
{
	struct we_session *s = file->private_data;

	poll_wait(file, &s->wq, wait);
	return whatenc_session_poll_mask(s);
}

static const struct file_operations whatenc_fops = {
	.owner = THIS_MODULE,
	.open = whatenc_open,
	.release = whatenc_release,
	.read_iter = whatenc_read_iter,
	.write_iter = whatenc_write_iter,
	.poll = whatenc_poll,
	.unlocked_ioctl = whatenc_ioctl,
	.compat_ioctl = compat_ptr_ioctl,
	.llseek = noop_llseek,
};

static struct miscdevice whatenc_misc = {
	.minor = MISC_DYNAMIC_MINOR,
	.name = "whatenc",
	.fops = &whatenc_fops,
	.mode = 0666,
};

int whatenc_dev_register(void)
{
	return misc_register(&whatenc_misc);
}

void whatenc_dev_unregister(void)
{
	misc_deregister(&whatenc_misc);
}
