// SPDX-License-Identifier: GPL-2.0-only
/*
 * output.c - output files that are replaced only when the run succeeds
 *
 * whatenc -o OUT and whatenc -i FILE write to a new temporary file in the
 * target's directory (".NAME.XXXXXX", same file system, so rename() is
 * atomic) with the old file's permission bits (and, when allowed, owner),
 * fsync() it and rename() it over the target on success. On failure the
 * temporary file is removed and the target is left exactly as it was.
 * A symbolic link is followed (the file it points to is replaced and the
 * link stays) only if the user owns it, or with WT_OUT_FOLLOW
 * (--follow-symlinks); an existing file the user may not write is not
 * replaced; when its owner cannot be kept, the setuid and setgid bits are
 * dropped. A character device (/dev/null, a terminal) is opened with
 * O_NOFOLLOW | O_NONBLOCK and written in place; any other target that is
 * not a regular file (a FIFO, a socket, a block device) is refused: write
 * to standard output (-o -) and redirect instead.
 *
 * The output is compared with the file it would replace as it is written:
 * when they are the same bytes, the temporary file is dropped and the old
 * file stays as it was (inode, mtime, hard links).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

#include "tool.h"

bool wt_same_file(const struct stat *a, const struct stat *b)
{
	return a->st_dev == b->st_dev && a->st_ino == b->st_ino &&
	       !S_ISCHR(a->st_mode);
}

static int out_error(const char *name, int err)
{
	fprintf(stderr, "%s: %s: %s\n", wt_prog, wt_shown(name), strerror(err));
	return WT_EXIT_ERR;
}

static const char *type_name(mode_t m)
{
	return S_ISFIFO(m) ? "a FIFO" : S_ISSOCK(m) ? "a socket" :
	       S_ISBLK(m) ? "a block device" : "not a regular file";
}

/*
 * A target that exists and is not a regular file: a character device is
 * opened (never following a link, never waiting) and written in place;
 * anything else is refused.
 */
static int open_special(struct wt_out *w, const char *target,
			const struct stat *st)
{
	struct stat fst;

	if (S_ISCHR(st->st_mode)) {
		w->fd = open(target, O_WRONLY | O_CLOEXEC | O_NOFOLLOW |
			     O_NONBLOCK | O_NOCTTY);
		if (w->fd < 0 && errno == ELOOP)	/* a link to a device */
			w->fd = open(target, O_WRONLY | O_CLOEXEC | O_NONBLOCK |
				     O_NOCTTY);
		if (w->fd < 0)
			return out_error(target, errno);
		if (!fstat(w->fd, &fst) && S_ISCHR(fst.st_mode))
			return 0;
		close(w->fd);
		w->fd = -1;
		st = &fst;
	}
	fprintf(stderr, "%s: %s: not a regular file (%s): refused (write to standard output, -o -, and redirect)\n",
		wt_prog, wt_shown(target), type_name(st->st_mode));
	return WT_EXIT_ERR;
}

/* A symbolic link at @target that someone else owns is not followed. */
static int check_link(const char *target, unsigned int flags)
{
	struct stat lst;

	if (flags & WT_OUT_FOLLOW || lstat(target, &lst) ||
	    !S_ISLNK(lst.st_mode) || lst.st_uid == geteuid())
		return 0;
	fprintf(stderr, "%s: %s: a symbolic link owned by uid %u, not by you: not followed (--follow-symlinks to replace the file it points to)\n",
		wt_prog, wt_shown(target), (unsigned int)lst.st_uid);
	return WT_EXIT_ERR;
}

/* The old file's owner (if allowed) and permission bits. */
static int copy_owner_mode(int fd, const struct stat *st)
{
	mode_t mode = st->st_mode & 07777;

	if (fchown(fd, st->st_uid, st->st_gid))
		mode &= ~(mode_t)(S_ISUID | S_ISGID);	/* not for another owner */
	return fchmod(fd, mode) ? errno : 0;
}

/**
 * wt_out_open() - start writing a file that replaces @target
 * @w:      set up here; w->fd is the descriptor to write to
 * @target: the path the user named
 * @flags:  WT_OUT_*
 *
 * Return: 0, or WT_EXIT_ERR after a message.
 */
int wt_out_open(struct wt_out *w, const char *target, unsigned int flags)
{
	char *dirc = NULL, *basec = NULL;
	struct stat st;
	bool exists;
	mode_t mask;
	int err;

	memset(w, 0, sizeof(*w));
	w->fd = -1;
	w->cmp_fd = -1;
	if (check_link(target, flags))
		return WT_EXIT_ERR;
	exists = !stat(target, &st);
	if (exists && S_ISDIR(st.st_mode))
		return out_error(target, EISDIR);
	if (exists && !S_ISREG(st.st_mode))
		return open_special(w, target, &st);
	if (exists && faccessat(AT_FDCWD, target, W_OK, AT_EACCESS)) {
		fprintf(stderr, "%s: %s: %s: not replaced (whatenc replaces only files you may write)\n",
			wt_prog, wt_shown(target), strerror(errno));
		return WT_EXIT_ERR;
	}
	w->existed = exists;
	w->path = exists ? realpath(target, NULL) : strdup(target);
	dirc = w->path ? strdup(w->path) : NULL;
	basec = w->path ? strdup(w->path) : NULL;
	if (!dirc || !basec ||
	    asprintf(&w->tmp, "%s/.%s.XXXXXX", dirname(dirc),
		     basename(basec)) < 0) {
		w->tmp = NULL;
		err = ENOMEM;
		goto fail;
	}
	w->fd = mkostemp(w->tmp, O_CLOEXEC);
	if (w->fd < 0) {
		err = errno;
		goto fail;
	}
	if (exists) {
		err = copy_owner_mode(w->fd, &st);
		if (err)
			goto fail;
		/* to compare the output with, as it is written */
		w->cmp_fd = open(w->path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW |
				 O_NONBLOCK);
		w->size = st.st_size;
	} else {
		mask = umask(0);
		umask(mask);
		if (fchmod(w->fd, 0666 & ~mask)) {
			err = errno;
			goto fail;
		}
	}
	free(dirc);
	free(basec);
	return 0;
fail:
	fprintf(stderr, "%s: %s: cannot create a temporary file%s%s: %s\n",
		wt_prog, wt_shown(target), w->tmp ? " " : "",
		w->tmp ? wt_shown(w->tmp) : "",
		strerror(err));
	if (w->fd >= 0) {
		close(w->fd);
		unlink(w->tmp);
	}
	free(dirc);
	free(basec);
	free(w->tmp);
	free(w->path);
	memset(w, 0, sizeof(*w));
	w->fd = -1;
	w->cmp_fd = -1;
	return WT_EXIT_ERR;
}

/**
 * wt_out_compare() - compare output being written with the old file
 * @w:   the output
 * @buf: bytes just written
 * @len: their number
 */
void wt_out_compare(struct wt_out *w, const u8 *buf, size_t len)
{
	static u8 old[64 * 1024];	/* one process, one output at a time */

	while (w->cmp_fd >= 0 && !w->differs && len) {
		size_t n = len < sizeof(old) ? len : sizeof(old);
		ssize_t got = pread(w->cmp_fd, old, n, w->cmp_off);

		if (got != (ssize_t)n || memcmp(old, buf, n)) {
			w->differs = true;
			break;
		}
		w->cmp_off += n;
		buf += n;
		len -= n;
	}
}

/**
 * wt_out_close() - finish a file started by wt_out_open()
 * @w:      the output
 * @target: the path the user named (for messages)
 * @commit: replace the target (the run succeeded); else discard
 *
 * Return: 0, or WT_EXIT_ERR after a message (the target is then
 * unchanged).
 */
int wt_out_close(struct wt_out *w, const char *target, bool commit)
{
	int status = 0;

	if (w->cmp_fd >= 0) {
		/* the same bytes as the old file: keep it */
		w->unchanged = commit && !w->differs && w->cmp_off == w->size;
		close(w->cmp_fd);
		w->cmp_fd = -1;
	}
	if (w->fd < 0)
		return 0;
	if (w->unchanged && w->tmp) {
		close(w->fd);
		w->fd = -1;
		unlink(w->tmp);
		free(w->tmp);
		free(w->path);
		w->tmp = NULL;
		w->path = NULL;
		return 0;
	}
	if (!w->tmp) {		/* not a regular file: written in place */
		if (close(w->fd) && commit)
			status = out_error(target, errno);
		w->fd = -1;
		return status;
	}
	if (commit && (fsync(w->fd) || close(w->fd))) {
		status = out_error(target, errno);
		commit = false;
	} else if (!commit) {
		close(w->fd);
	}
	w->fd = -1;
	if (commit && rename(w->tmp, w->path)) {
		status = out_error(target, errno);
		commit = false;
	}
	if (!commit) {
		unlink(w->tmp);
		fprintf(stderr, "%s: %s: %s\n", wt_prog, wt_shown(target),
			w->existed ? "left unchanged" : "not created");
	}
	free(w->tmp);
	free(w->path);
	w->tmp = NULL;
	w->path = NULL;
	return status;
}
