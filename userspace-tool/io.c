// SPDX-License-Identifier: GPL-2.0-only
/*
 * io.c - the converter's reading and writing, and --progress
 *
 * Reads wait (poll) on non-blocking input, writes on non-blocking output;
 * a write error stops the run. Output files are compared as they are
 * written (c->cmp, output.c).
 */
#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "convert.h"

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

/*
 * --progress (on a terminal): "[FILE/FILES] NAME: X MiB in, Y MiB out
 * (of TOTAL MiB), R MiB/s, ETA T", the total and ETA where the sizes of
 * the inputs are known.
 */
void wt_progress(struct wt_ctx *c, bool force)
{
	double t = now(), dt, rate;

	if (!c->o->progress || (!force && t - c->t_last < 0.25))
		return;
	c->t_last = t;
	dt = t - c->t_start;
	rate = dt > 0 ? c->bytes_in / 1048576.0 / dt : 0.0;
	fprintf(stderr, "\r%s: ", wt_prog);
	if (c->nfiles > 1 || c->total)
		fprintf(stderr, "[%u/%u] ", c->file_no, c->nfiles);
	if (c->cur) {
		wt_put_escaped(stderr, c->cur, strlen(c->cur));
		fputs(": ", stderr);
	}
	fprintf(stderr, "%.1f MiB in", c->bytes_in / 1048576.0);
	if (!c->no_out)
		fprintf(stderr, ", %.1f MiB out", c->bytes_out / 1048576.0);
	if (c->total)
		fprintf(stderr, " (of %.1f MiB)", c->total / 1048576.0);
	fprintf(stderr, ", %.1f MiB/s", rate);
	if (c->total && rate > 0 && c->total >= c->bytes_in)
		fprintf(stderr, ", ETA %.0fs",
			(c->total - c->bytes_in) / 1048576.0 / rate);
	fputs("   ", stderr);
	c->progress_shown = true;
}

void wt_progress_end(struct wt_ctx *c)
{
	if (!c->o->progress)
		return;
	wt_progress(c, true);
	fputc('\n', stderr);
}

/* Write all of @buf; 0, or the exit status for a failure. */
int cv_write_all(struct wt_ctx *c, const u8 *buf, size_t len)
{
	while (len) {
		ssize_t n = write(c->out_fd, buf, len);

		if (n < 0) {
			if (errno == EINTR)
				continue;
			if (errno == EAGAIN || errno == EWOULDBLOCK) {
				struct pollfd p = { c->out_fd, POLLOUT, 0 };

				poll(&p, 1, -1);
				continue;
			}
			c->out_failed = true;
			if (errno == EPIPE)
				return WT_EXIT_PIPE;
			fprintf(stderr, "%s: %s: write error: %s\n", wt_prog,
				c->out_name, strerror(errno));
			return WT_EXIT_ERR;
		}
		if (c->cmp)
			wt_out_compare(c->cmp, buf, n);
		buf += n;
		len -= n;
		c->bytes_out += n;
	}
	return 0;
}

/* Read what is there (at most @len); the byte count or -1. */
ssize_t cv_read_some(int fd, u8 *buf, size_t len)
{
	for (;;) {
		ssize_t n = read(fd, buf, len);

		if (n >= 0)
			return n;
		if (errno == EINTR)
			continue;
		if (errno == EAGAIN || errno == EWOULDBLOCK) {
			struct pollfd p = { fd, POLLIN, 0 };

			poll(&p, 1, -1);
			continue;
		}
		return -1;
	}
}

/* Read until c->in holds @need bytes (f->prefix) or the input ends. */
int cv_read_prefix(struct wt_ctx *c, struct wt_file *f, int fd,
		   size_t need)
{
	while (f->prefix < need && !f->prefix_eof) {
		ssize_t n = cv_read_some(fd, c->in + f->prefix, need - f->prefix);

		if (n < 0) {
			fprintf(stderr, "%s: %s: read error: %s\n", wt_prog,
				f->name, strerror(errno));
			return WT_EXIT_ERR;
		}
		if (!n)
			f->prefix_eof = true;
		f->prefix += n;
	}
	return 0;
}
