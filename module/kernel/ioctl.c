// SPDX-License-Identifier: GPL-2.0-only
/*
 * ioctl.c - the ioctls of /dev/whatenc (uapi/linux/whatenc.h)
 *
 * Copies arguments in and out and calls the session layer. Every
 * structure has the same layout for 32- and 64-bit programs, so
 * compat_ioctl is compat_ptr_ioctl. A structure the ioctl writes back
 * is first written back unchanged, so that a read-only argument fails
 * with -EFAULT before anything has changed.
 */
#include <linux/fs.h>
#include <linux/uaccess.h>
#include <linux/uio.h>
#include <asm/ioctls.h>
#include "session.h"
#include "device.h"

/* Copy in an argument the ioctl writes back, and write it back unchanged. */
static int whatenc_ioc_in(void *karg, void __user *argp, size_t size)
{
	if (copy_from_user(karg, argp, size) || copy_to_user(argp, karg, size))
		return -EFAULT;
	return 0;
}

/* The end of an ioctl: its error @ret, or @karg copied out. */
static long whatenc_ioc_out(int ret, void __user *argp, const void *karg,
			    size_t size)
{
	if (ret)
		return ret;
	if (copy_to_user(argp, karg, size))
		return -EFAULT;
	return 0;
}

static long whatenc_ioc_configure(struct we_session *s, void __user *argp)
{
	struct whatenc_configure cfg;
	int ret = whatenc_ioc_in(&cfg, argp, sizeof(cfg));

	if (ret)
		return ret;
	ret = whatenc_session_configure(s, &cfg);
	return whatenc_ioc_out(ret, argp, &cfg, sizeof(cfg));
}

static long whatenc_ioc_status(struct we_session *s, void __user *argp)
{
	struct whatenc_status st;
	int ret = whatenc_session_status(s, &st);

	return whatenc_ioc_out(ret, argp, &st, sizeof(st));
}

static long whatenc_ioc_convert(struct we_session *s, void __user *argp)
{
	struct whatenc_convert cv;
	struct iovec in_iov, out_iov;
	struct iov_iter in, out;
	int ret = whatenc_ioc_in(&cv, argp, sizeof(cv));

	if (ret)
		return ret;
	ret = whatenc_session_convert_check(&cv);
	if (ret)
		return ret;
	/* import_single_range() limits each side to MAX_RW_COUNT */
	ret = import_single_range(WRITE, u64_to_user_ptr(cv.in + cv.in_pos),
				  cv.in_size - cv.in_pos, &in_iov, &in);
	if (ret)
		return ret;
	ret = import_single_range(READ, u64_to_user_ptr(cv.out + cv.out_pos),
				  cv.out_size - cv.out_pos, &out_iov, &out);
	if (ret)
		return ret;
	ret = whatenc_session_convert(s, &cv, &in, &out);
	return whatenc_ioc_out(ret, argp, &cv, sizeof(cv));
}

static long whatenc_ioc_fionread(struct we_session *s, int __user *argp)
{
	ssize_t n = whatenc_session_ready(s);

	if (n < 0)
		return n;
	return put_user((int)min_t(size_t, n, INT_MAX), argp);
}

long whatenc_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct we_session *s = file->private_data;
	void __user *argp = (void __user *)arg;

	switch (cmd) {
	case WHATENC_IOC_CONFIGURE:
		return whatenc_ioc_configure(s, argp);
	case WHATENC_IOC_END_OF_STREAM:
		return whatenc_session_end(s);
	case WHATENC_IOC_RESET:
		return whatenc_session_reset(s);
	case WHATENC_IOC_STATUS:
		return whatenc_ioc_status(s, argp);
	case WHATENC_IOC_CONVERT:
		return whatenc_ioc_convert(s, argp);
	case FIONREAD:
		return whatenc_ioc_fionread(s, argp);
	default:
		return -ENOTTY;
	}
}
