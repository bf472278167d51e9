// SPDX-License-Identifier: GPL-2.0-only
/*
 * device.c - the misc device /dev/whatenc
 *
 * A thin layer: every open file gets its own struct we_session
 * (session.c), and read/write/poll only translate. The node is mode
 * 0666: converting text is harmless and unprivileged, each session is
 * private to its file, and memory is charged to the opener's memcg.
 */
#include <linux/module.h>
#include <linux/miscdevice.h>
#include <linux/fs.h>
#include <linux/poll.h>
#include <linux/uio.h>
#include "session.h"
#include "device.h"

static bool whatenc_nonblock(struct kiocb *iocb)
{
	return (iocb->ki_filp->f_flags & O_NONBLOCK) ||
	       (iocb->ki_flags & IOCB_NOWAIT);
}

static int whatenc_open(struct inode *inode, struct file *file)
{
	struct we_session *s;

	s = we_session_alloc(READ_ONCE(whatenc_buf_size));
	if (!s)
		return -ENOMEM;
	file->private_data = s;
	return stream_open(inode, file);
}

static int whatenc_release(struct inode *inode, struct file *file)
{
	we_session_free(file->private_data);
	return 0;
}

static ssize_t whatenc_read_iter(struct kiocb *iocb, struct iov_iter *to)
{
	return we_session_read(iocb->ki_filp->private_data, to,
			       whatenc_nonblock(iocb));
}

static ssize_t whatenc_write_iter(struct kiocb *iocb, struct iov_iter *from)
{
	return we_session_write(iocb->ki_filp->private_data, from,
				whatenc_nonblock(iocb));
}

static __poll_t whatenc_poll(struct file *file, poll_table *wait)
{
	struct we_session *s = file->private_data;

	poll_wait(file, &s->wq, wait);
	return we_session_poll_mask(s);
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
