// SPDX-License-Identifier: GPL-2.0-only
/*
 * tree.c - `whatenc -r`: convert directory trees, plan first
 *
 * The files under each DIR (sorted by name; symbolic links and special
 * files are not followed, and are listed as skipped) are planned one by
 * one: the encoding (-f auto: detected as for one file; else FROM), where
 * it comes from and how sure, and what converting would do, found by
 * converting into nothing while comparing with the file: the same bytes
 * (already in TO; nothing to do), U+FFFD needed (left alone unless
 * --allow-replace), a character TO cannot represent, a declaration that
 * cannot follow, or a conversion. Binary and empty files are skipped,
 * quietly. A guess below --min-confidence is left alone. The plan is
 * printed (a line per file, or JSON with --json), then carried out (-i:
 * in place, with --backup a hard link to the old file; -o DIR: a mirror
 * tree, with the files that need no conversion copied), and a summary
 * ends it. -j N runs N processes, each with every N-th file; their
 * reports are printed in the order of the files, so the output is the
 * same for every N.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "tool.h"
#include "content.h"
#include "detect_cmd.h"

enum act {
	A_CONVERT,
	A_SAME,
	A_EMPTY,
	A_BINARY,
	A_SKIP,		/* not a regular file */
	A_WEAK,		/* the rest: left alone */
	A_REPLACE,
	A_UNMAPPABLE,
	A_DECL,
	A_UNSUPPORTED,
	A_CONTRADICT,	/* --strict: FROM contradicted */
	A_ERROR,	/* I/O error */
	A_NR
};

static const char *const act_names[A_NR] = {
	"convert", "same", "empty", "binary", "skip", "weak", "replace",
	"unmappable", "declaration", "unsupported", "contradicted", "error",
};

/* One file's plan and outcome; fixed size, so that workers can send it. */
struct wt_item {
	enum act act;
	int enc;			/* -1: none */
	char source[24];		/* bom, meta, content, given, ... */
	unsigned int conf;
	u64 replace, size;
	unsigned int decls;
	int done;			/* applied: 0, or the exit status */
	char detail[160];
};

struct wt_tree {
	struct wt_ctx *c;
	const struct wt_tree_opts *t;
	char **paths;			/* every file, in order */
	size_t *root_len;		/* the length of its root's name */
	size_t n, cap;
	struct wt_item *items;
};

static void add(struct wt_tree *tr, const char *path, size_t root_len)
{
	if (tr->n == tr->cap) {
		tr->cap = tr->cap ? 2 * tr->cap : 256;
		tr->paths = realloc(tr->paths, tr->cap * sizeof(*tr->paths));
		tr->root_len = realloc(tr->root_len,
				       tr->cap * sizeof(*tr->root_len));
		if (!tr->paths || !tr->root_len)
			abort();
	}
	tr->paths[tr->n] = strdup(path);
	tr->root_len[tr->n++] = root_len;
}

static int not_dots(const struct dirent *e)
{
	return strcmp(e->d_name, ".") && strcmp(e->d_name, "..");
}

static int by_name(const struct dirent **a, const struct dirent **b)
{
	return strcmp((*a)->d_name, (*b)->d_name);
}

/* Every entry under @dir, depth first, sorted by name (bytes). */
static int walk(struct wt_tree *tr, const char *dir, size_t root_len)
{
	struct dirent **list;
	int n, i, status = 0;

	n = scandir(dir, &list, not_dots, by_name);
	if (n < 0) {
		fputs("whatenc: ", stderr);
		wt_put_escaped(stderr, dir, strlen(dir));
		fprintf(stderr, ": %s\n", strerror(errno));
		return WT_EXIT_ERR;
	}
	for (i = 0; i < n; i++) {
		struct stat st;
		char *p;

		if (asprintf(&p, "%s%s%s", dir,
			     dir[strlen(dir) - 1] == '/' ? "" : "/",
			     list[i]->d_name) < 0)
			abort();
		if (!lstat(p, &st) && S_ISDIR(st.st_mode))
			status |= walk(tr, p, root_len);
		else
			add(tr, p, root_len);
		free(p);
		free(list[i]);
	}
	free(list);
	return status;
}

/* Read up to WT_INBUF bytes of @fd into @buf: the count, or -1. */
static ssize_t read_head(int fd, u8 *buf, bool *eof)
{
	size_t len = 0;

	*eof = false;
	while (len < WT_INBUF) {
		ssize_t n = read(fd, buf + len, WT_INBUF - len);

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return -1;
		if (!n) {
			*eof = true;
			break;
		}
		len += n;
	}
	return len;
}

/* The encoding of the file and how sure: 0, or the action that ends it. */
static int plan_encoding(struct wt_tree *tr, const char *path, int fd,
			 struct wt_item *it)
{
	const struct wt_opts *o = tr->c->o;
	struct whatenc_detect_opts dopts = { 0 };
	struct whatenc_detection d;
	struct whatenc_guess_result g;
	enum whatenc_format fmt;
	bool eof, content;
	ssize_t len = read_head(fd, tr->c->in, &eof);
	int r;

	if (len < 0)
		return A_ERROR;
	if (!o->auto_from) {
		it->enc = o->from;
		snprintf(it->source, sizeof(it->source), "given");
		it->conf = 100;
		if (wt_content_guess(tr->c->in, len, eof, &g) &&
		    g.kind == WHATENC_GUESS_NOT_TEXT)
			return A_BINARY;
		return 0;
	}
	fmt = o->format >= 0 ? (enum whatenc_format)o->format :
	      wt_detect_format_of(path);
	r = wt_detect_run(fmt, &dopts, tr->c->in, len, eof, &d, &g, &content);
	if (r == -EAGAIN)	/* decide on the first WT_INBUF bytes */
		r = wt_detect_run(fmt, &dopts, tr->c->in, len, true, &d, &g,
				  &content);
	if (r)
		return A_ERROR;
	if (d.unsupported)
		return A_UNSUPPORTED;
	if (!content) {
		it->enc = d.enc;
		snprintf(it->source, sizeof(it->source), "%s",
			 whatenc_detect_source_name(d.source));
		it->conf = 100;
		return 0;
	}
	it->conf = g.confidence;
	snprintf(it->source, sizeof(it->source), "content");
	if (g.kind == WHATENC_GUESS_NOT_TEXT)
		return A_BINARY;
	it->enc = g.enc;
	if (g.confidence < wt_content.min_confidence) {
		snprintf(it->detail, sizeof(it->detail),
			 "below --min-confidence=%u", wt_content.min_confidence);
		return A_WEAK;
	}
	return 0;
}

/* Options for converting one planned file: its encoding, no guessing. */
static void file_opts(struct wt_opts *fo, const struct wt_opts *o,
		      const struct wt_item *it, bool plan)
{
	*fo = *o;
	fo->from = it->enc;
	fo->auto_from = false;
	fo->wtf8_in = false;
	fo->silent = true;	/* the plan says it */
	fo->progress = false;
	fo->plan = plan;
	if (plan) {
		fo->fatal = false;	/* count the replacements */
		fo->refuse_replace = false;
	}
	if (o->auto_from)	/* as -f auto decodes */
		fo->dec_flags = (o->dec_flags & ~WHATENC_BOM_MASK) |
				WHATENC_BOM_SNIFF;
}

/* A context on the same buffers, writing to @out_fd. */
static void file_ctx(struct wt_ctx *fc, const struct wt_ctx *c,
		     const struct wt_opts *fo, int out_fd, const char *name)
{
	memset(fc, 0, sizeof(*fc));
	fc->o = fo;
	fc->out_fd = out_fd;
	fc->out_name = name;
	fc->in = c->in;
	fc->mid = c->mid;
	fc->out = c->out;
}

/* Plan one file: what converting it would do. */
static void plan(struct wt_tree *tr, const char *path, struct wt_item *it)
{
	struct wt_opts fo;
	struct wt_ctx fc;
	struct wt_out cmp = { .fd = -1, .cmp_fd = -1 };
	struct stat st;
	int fd, null, r;

	memset(it, 0, sizeof(*it));
	it->enc = -1;
	fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
	if (fd < 0 && (errno == ELOOP || errno == ENXIO)) {
		it->act = A_SKIP;
		snprintf(it->detail, sizeof(it->detail), "not a regular file");
		return;
	}
	if (fd < 0 || fstat(fd, &st)) {
		it->act = A_ERROR;
		snprintf(it->detail, sizeof(it->detail), "%s", strerror(errno));
		if (fd >= 0)
			close(fd);
		return;
	}
	it->size = st.st_size;
	if (!S_ISREG(st.st_mode)) {
		it->act = A_SKIP;
		snprintf(it->detail, sizeof(it->detail), "not a regular file");
	} else if (!st.st_size) {
		it->act = A_EMPTY;
	} else {
		it->act = plan_encoding(tr, path, fd, it);
	}
	if (it->act != A_CONVERT) {
		if (it->act == A_ERROR && !it->detail[0])
			snprintf(it->detail, sizeof(it->detail), "%s",
				 strerror(errno));
		close(fd);
		return;
	}
	/* convert into nothing, comparing with the file */
	null = open("/dev/null", O_WRONLY | O_CLOEXEC);
	cmp.cmp_fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
	cmp.size = st.st_size;
	file_opts(&fo, tr->c->o, it, true);
	file_ctx(&fc, tr->c, &fo, null, path);
	fc.cmp = &cmp;
	if (null < 0 || cmp.cmp_fd < 0 || lseek(fd, 0, SEEK_SET)) {
		it->act = A_ERROR;
		snprintf(it->detail, sizeof(it->detail), "%s", strerror(errno));
		r = 0;
	} else {
		r = wt_convert_fd(&fc, fd, path);
	}
	it->replace = fc.replaced;
	it->decls = fc.edits.n;
	if (it->act == A_ERROR)
		;
	else if (fc.head_refused)
		it->act = A_CONTRADICT;
	else if (fc.decl_refused)
		it->act = A_DECL;
	else if (r == WT_EXIT_CONV)
		it->act = A_UNMAPPABLE;
	else if (r)
		it->act = A_ERROR;
	else if (fc.replaced && !tr->t->allow_replace)
		it->act = A_REPLACE;
	else if (!cmp.differs && cmp.cmp_off == cmp.size)
		it->act = A_SAME;
	if (it->act == A_REPLACE)
		snprintf(it->detail, sizeof(it->detail),
			 "%llu malformed sequence%s would be replaced by U+FFFD (--allow-replace)",
			 (unsigned long long)it->replace,
			 it->replace == 1 ? "" : "s");
	else if (it->act == A_DECL)
		snprintf(it->detail, sizeof(it->detail),
			 "its declaration cannot follow (--keep-declarations)");
	else if (it->act == A_CONTRADICT)
		snprintf(it->detail, sizeof(it->detail), "%s (--strict)",
			 fc.why);
	else if (it->act == A_UNMAPPABLE)
		snprintf(it->detail, sizeof(it->detail),
			 "a character the output encoding cannot represent (--unmappable)");
	if (null >= 0)
		close(null);
	if (cmp.cmp_fd >= 0)
		close(cmp.cmp_fd);
	close(fd);
}

/* -o DIR: the target of @path (under its root) in the mirror tree. */
static char *target_of(struct wt_tree *tr, size_t i)
{
	const char *rel = tr->paths[i] + tr->root_len[i];
	char *p, *s;

	while (*rel == '/')
		rel++;
	if (asprintf(&p, "%s/%s", tr->t->out_dir, rel) < 0)
		abort();
	/* its directories */
	for (s = strchr(p + 1, '/'); s; s = strchr(s + 1, '/')) {
		*s = 0;
		if (mkdir(p, 0777) && errno != EEXIST)
			break;
		*s = '/';
	}
	return p;
}

/*
 * -o DIR: a file that needs no conversion is copied as it is (compared
 * with what the mirror holds, as conversions are: the same bytes keep it).
 */
static int copy_into(struct wt_ctx *c, int fd, struct wt_out *w)
{
	for (;;) {
		ssize_t n = read(fd, c->in, WT_INBUF), k = 0;

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return n < 0 ? errno : 0;
		while (k < n) {
			ssize_t m = write(w->fd, c->in + k, n - k);

			if (m < 0 && errno == EINTR)
				continue;
			if (m < 0)
				return errno;
			wt_out_compare(w, c->in + k, m);
			k += m;
		}
	}
}

/* Carry out one file's plan. Returns 0 or an exit status. */
static int apply(struct wt_tree *tr, size_t i, struct wt_item *it)
{
	const struct wt_tree_opts *t = tr->t;
	const char *path = tr->paths[i];
	char *target = NULL, *bk = NULL;
	struct wt_opts fo;
	struct wt_ctx fc;
	struct wt_out w;
	struct stat st;
	int fd, r;
	bool copy = it->act == A_SAME || it->act == A_EMPTY ||
		    it->act == A_BINARY;

	if (it->act != A_CONVERT && !(t->out_dir && copy))
		return 0;
	fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0 || fstat(fd, &st)) {
		fputs("whatenc: ", stderr);
		wt_put_escaped(stderr, path, strlen(path));
		fprintf(stderr, ": %s\n", strerror(errno));
		if (fd >= 0)
			close(fd);
		return WT_EXIT_ERR;
	}
	target = t->out_dir ? target_of(tr, i) : strdup(path);
	r = wt_out_open(&w, target, tr->c->o->out_flags);
	if (r)
		goto out;
	if (t->out_dir && !w.existed && fchmod(w.fd, st.st_mode & 0777))
		(void)0;	/* the mirror keeps the modes where it can */
	if (copy) {
		r = copy_into(tr->c, fd, &w);
		if (r)
			fprintf(stderr, "whatenc: %s: %s\n", target, strerror(r));
		r = r ? WT_EXIT_ERR : 0;
	} else {
		file_opts(&fo, tr->c->o, it, false);
		file_ctx(&fc, tr->c, &fo, w.fd, path);
		fc.cmp = &w;
		r = wt_convert_fd(&fc, fd, path);
	}
	if (!r && t->backup && !t->out_dir) {
		if (asprintf(&bk, "%s%s", path, t->backup) < 0)
			abort();
		if (link(path, bk)) {
			fputs("whatenc: ", stderr);
			wt_put_escaped(stderr, bk, strlen(bk));
			fprintf(stderr, ": backup: %s (the file is left as it was)\n",
				strerror(errno));
			r = WT_EXIT_ERR;
		}
	}
	r = r ? r : wt_out_close(&w, target, true);
	if (r)
		wt_out_close(&w, target, false);
out:
	close(fd);
	free(target);
	free(bk);
	return r;
}

static void do_one(struct wt_tree *tr, size_t i)
{
	struct wt_item *it = &tr->items[i];

	plan(tr, tr->paths[i], it);
	if (!tr->t->dry_run)
		it->done = apply(tr, i, it);
}

/* --progress: file @i is done. */
static void progress(struct wt_tree *tr, size_t i)
{
	struct wt_ctx *c = tr->c;

	c->cur = tr->paths[i];
	c->file_no = i + 1;
	c->bytes_in += tr->items[i].size;
	wt_progress(c, i + 1 == tr->n);
}

/* -j N: N processes, each with every N-th file, reporting through pipes. */
static int run_jobs(struct wt_tree *tr, int jobs)
{
	pid_t *pid = calloc(jobs, sizeof(*pid));
	int *rd = calloc(jobs, sizeof(*rd));
	int k, status = 0;

	if (!pid || !rd)
		abort();
	fflush(NULL);
	for (k = 0; k < jobs; k++) {
		int p[2];

		if (pipe(p))
			return WT_EXIT_ERR;
		pid[k] = fork();
		if (pid[k] < 0)
			return WT_EXIT_ERR;
		if (!pid[k]) {
			size_t i;

			close(p[0]);
			for (i = k; i < tr->n; i += jobs) {
				do_one(tr, i);
				if (write(p[1], &tr->items[i], sizeof(tr->items[i])) !=
				    sizeof(tr->items[i]))
					_exit(WT_EXIT_ERR);
			}
			fflush(NULL);
			_exit(0);
		}
		close(p[1]);
		rd[k] = p[0];
	}
	for (k = 0; k < jobs; k++) {
		size_t i;
		int ws;

		for (i = k; i < tr->n; i += jobs) {
			size_t got = 0;
			u8 *dst = (u8 *)&tr->items[i];

			while (got < sizeof(tr->items[i])) {
				ssize_t n = read(rd[k], dst + got,
						 sizeof(tr->items[i]) - got);

				if (n < 0 && errno == EINTR)
					continue;
				if (n <= 0)
					break;
				got += n;
			}
			if (got == sizeof(tr->items[i]))
				progress(tr, i);
			if (got != sizeof(tr->items[i])) {
				tr->items[i].act = A_ERROR;
				snprintf(tr->items[i].detail,
					 sizeof(tr->items[i].detail),
					 "worker %d failed", k);
			}
		}
		close(rd[k]);
		if (waitpid(pid[k], &ws, 0) < 0 || !WIFEXITED(ws) ||
		    WEXITSTATUS(ws))
			status = WT_EXIT_ERR;
	}
	free(pid);
	free(rd);
	return status;
}

static void report(const struct wt_tree *tr, size_t i)
{
	const struct wt_item *it = &tr->items[i];
	const char *path = tr->paths[i];

	if (tr->t->json) {
		fputs("{\"path\":", stdout);
		wt_put_json(stdout, path, strlen(path));
		printf(",\"action\":\"%s\"", act_names[it->act]);
		if (it->enc >= 0)
			printf(",\"encoding\":\"%s\"", whatenc_encoding_name(it->enc));
		if (it->source[0])
			printf(",\"source\":\"%s\",\"confidence\":%u",
			       it->source, it->conf);
		printf(",\"bytes\":%llu", (unsigned long long)it->size);
		if (it->replace)
			printf(",\"replace\":%llu",
			       (unsigned long long)it->replace);
		if (it->decls)
			printf(",\"declarations\":%u", it->decls);
		if (it->detail[0]) {
			fputs(",\"detail\":", stdout);
			wt_put_json(stdout, it->detail, strlen(it->detail));
		}
		if (!tr->t->dry_run)
			printf(",\"status\":%d", it->done);
		puts("}");
		return;
	}
	printf("%-11s ", act_names[it->act]);
	wt_put_escaped(stdout, path, strlen(path));
	if (it->enc >= 0)
		printf(" (%s, %s", whatenc_encoding_name(it->enc), it->source);
	else if (it->source[0])
		printf(" (%s", it->source);
	if (it->source[0] && !strcmp(it->source, "content"))
		printf(", %u%%", it->conf);
	if (it->source[0] || it->enc >= 0)
		putchar(')');
	if (it->decls)
		printf(": %u declaration%s rewritten", it->decls,
		       it->decls == 1 ? "" : "s");
	if (it->detail[0])
		printf(": %s", it->detail);
	if (it->done)
		printf(": FAILED (exit %d)", it->done);
	putchar('\n');
}

static int summary(const struct wt_tree *tr)
{
	unsigned long n[A_NR] = { 0 }, left = 0, failed = 0;
	size_t i;
	int status = 0;
	FILE *f = tr->t->json ? stderr : stdout;

	for (i = 0; i < tr->n; i++) {
		n[tr->items[i].act]++;
		if (tr->items[i].act >= A_WEAK && tr->items[i].act != A_ERROR)
			left++;
		if (tr->items[i].done)
			failed++;
	}
	fprintf(f, "whatenc: %zu files: %lu %s, %lu already %s, %lu empty, %lu binary, %lu left alone",
		tr->n, n[A_CONVERT] - failed,
		tr->t->dry_run ? "to convert" : "converted", n[A_SAME],
		whatenc_encoding_name(wt_out_encoding(tr->c->o)), n[A_EMPTY],
		n[A_BINARY], left);
	if (n[A_SKIP])
		fprintf(f, ", %lu skipped (not regular files)", n[A_SKIP]);
	if (n[A_ERROR] || failed)
		fprintf(f, ", %lu failed", n[A_ERROR] + failed);
	fprintf(f, "%s\n", tr->t->dry_run ? " (dry run)" : "");
	if (left)
		status = WT_EXIT_CONV;
	if (n[A_ERROR] || failed)
		status = WT_EXIT_ERR;
	return status;
}

/**
 * wt_tree_main() - convert the trees under @roots
 * @c:     buffers and options
 * @t:     the tree options
 * @roots: directories (or files)
 * @n:     their number
 *
 * Return: the exit status: 0 every file converted or needing nothing
 * (binary, empty and special files skipped); 1 some file left alone
 * (weak guess, U+FFFD needed, unmappable character, declaration, an
 * encoding whatenc cannot decode); 2 an I/O error.
 */
int wt_tree_main(struct wt_ctx *c, const struct wt_tree_opts *t,
		 char **roots, int n)
{
	struct wt_tree tr = { .c = c, .t = t };
	int i, status = 0, s;
	struct stat st;
	size_t k;

	for (i = 0; i < n; i++) {
		size_t rl = strlen(roots[i]);

		if (stat(roots[i], &st)) {
			fprintf(stderr, "%s: %s: %s\n", wt_prog, roots[i],
				strerror(errno));
			status = WT_EXIT_ERR;
		} else if (S_ISDIR(st.st_mode)) {
			status |= walk(&tr, roots[i], rl);
		} else {
			const char *sl = strrchr(roots[i], '/');

			add(&tr, roots[i], sl ? (size_t)(sl - roots[i]) : 0);
		}
	}
	tr.items = calloc(tr.n + 1, sizeof(*tr.items));
	if (!tr.items)
		abort();
	c->nfiles = tr.n;
	c->total = 0;
	c->no_out = true;
	for (k = 0; k < tr.n; k++)
		if (!lstat(tr.paths[k], &st) && S_ISREG(st.st_mode))
			c->total += st.st_size;
	if (t->jobs > 1 && tr.n > 1) {
		s = run_jobs(&tr, t->jobs);
		status = s > status ? s : status;
	} else {
		for (k = 0; k < tr.n; k++) {
			do_one(&tr, k);
			progress(&tr, k);
		}
	}
	for (k = 0; k < tr.n; k++)
		report(&tr, k);
	s = summary(&tr);
	status = s > status ? s : status;
	if (fflush(stdout))
		status = WT_EXIT_ERR;
	for (k = 0; k < tr.n; k++)
		free(tr.paths[k]);
	free(tr.paths);
	free(tr.root_len);
	free(tr.items);
	return status;
}
