/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * sysfs.h - read and write one value of a sysfs/procfs file (module
 * parameters, watchdog_thresh, fail_* knobs) for the /dev/whatenc test
 * programs (devtest.c, limits.c, stress.c).
 */
#ifndef WHATENC_SYSFS_H
#define WHATENC_SYSFS_H

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/*
 * sysfs_put() - write @v to @path in one write().
 * Return: 0, or -errno (-EIO for a short write): a module parameter's
 * setter that rejects the value fails the write with its error.
 */
static inline int sysfs_put(const char *path, const char *v)
{
	int fd = open(path, O_WRONLY), r;
	ssize_t n;

	if (fd < 0)
		return -errno;
	n = write(fd, v, strlen(v));
	r = n < 0 ? -errno : n == (ssize_t)strlen(v) ? 0 : -EIO;
	close(fd);
	return r;
}

/* sysfs_get_long() - the number at the start of @path, or -1. */
static inline long sysfs_get_long(const char *path)
{
	char buf[64] = "";
	int fd = open(path, O_RDONLY);
	ssize_t n;

	if (fd < 0)
		return -1;
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	return n > 0 ? strtol(buf, NULL, 10) : -1;
}

#endif /* WHATENC_SYSFS_H */
