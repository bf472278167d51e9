// SPDX-License-Identifier: GPL-2.0-only
/*
 * output.c - output files that are replaced only when the run succeeds
 *
 * whatenc -o OUT and whatenc -i FILE write to a new temporary file in the
 * target's directory (".NAME.XXXXXX", same file system, so rename() is
 * atomic) with the old file's permission bits (and, when allowed, owner),
 * fsync() it and rename() it over the target on success. On failure the
 * temporary file is removed and the target is left exactly as it was.
 * A symbolic link is followed: the file it points to is replaced and the
 * link stays. A target that exists and is not a regular file (a device, a
 * FIFO) is opened and written in place, as there is nothing to replace.
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
#include <unistd.h>

#include "tool.h"

bool wt_same_file(const struct stat *a, const struct stat *b)
{
	return a->st_dev == b->st_dev && a->st_ino == b->st_ino &&
	       !S_ISCHR(a->st_mode);
}

static int out_error(const char *name, int err)
{
	fprintf(stderr, "%s: %s: %s\n", wt_prog, name, strerror(err));
	return WT_EXIT_ERR;
}

/**
 * wt_out_open() - start writing a file that replaces @target
 * @w:      set up here; w->fd is the descriptor to write to
 * @target: the path the user named
 *
 * Return: 0, or WT_EXIT_ERR after a message.
 */
int wt_out_open(struct wt_out *w, const char *target)
{
	char *dirc = NULL, *basec = NULL;
	struct stat st;
	bool exists;
	mode_t mask;
	int err;

	memset(w, 0, sizeof(*w));
	w->fd = -1;
	exists = !stat(target, &st);
	if (exists && S_ISDIR(st.st_mode))
		return out_error(target, EISDIR);
	if (exists && !S_ISREG(st.st_mode)) {
		w->fd = open(target, O_WRONLY | O_CLOEXEC);
		return w->fd < 0 ? out_error(target, errno) : 0;
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
		/* the old file's owner (if allowed) and permission bits */
		if (fchown(w->fd, st.st_uid, st.st_gid))
			(void)0;
		if (fchmod(w->fd, st.st_mode & 07777)) {
			err = errno;
			goto fail;
		}
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
		wt_prog, target, w->tmp ? " " : "", w->tmp ? w->tmp : "",
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
	return WT_EXIT_ERR;
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

	if (w->fd < 0)
		return 0;
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
		fprintf(stderr, "%s: %s: %s\n", wt_prog, target,
			w->existed ? "left unchanged" : "not created");
	}
	free(w->tmp);
	free(w->path);
	w->tmp = NULL;
	w->path = NULL;
	return status;
}
