// SPDX-License-Identifier: GPL-2.0-only
/*
 * names_cmd.c - `whatenc names`: list, and on request rename, the file
 * names of directory trees that are not UTF-8, decoded with the encoding
 * the content detector guesses for them.
 *
 * The names of one directory are judged together (they usually share an
 * encoding); a name that the directory's guess cannot decode, or a
 * directory whose guess is weak, falls back to the guess for all the
 * tree's non-UTF-8 names, and then to the name on its own. Renaming
 * (--apply) uses renameat2(RENAME_NOREPLACE): an existing name is never
 * overwritten, a collision is reported and the name left alone.
 * Directories are processed children first, so that paths stay valid.
 * A guess below --min-confidence (default 90) is not acted on. Each
 * rename is recorded, as it is made, in an undo log (--log, or
 * whatenc-names-DATE.undo in the current directory), which --undo LOG
 * reverts, last rename first, never overwriting. Every name printed goes
 * through wt_put_escaped() (or JSON's escapes with --json).
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "content.h"
#include "names_cmd.h"
#include "whatenc_names.h"
#include "tool.h"

#define WN_OK	0
#define WN_FAIL	1
#define WN_ERR	2

static const char names_usage[] =
"Usage: whatenc names [OPTION...] DIR...\n"
"List the file names under each DIR (recursively; symbolic links are not\n"
"followed) that are not valid UTF-8, each with the encoding guessed for\n"
"it and its UTF-8 form:\n"
"  DIR/OLD -> NEW (ENCODING, content, N%%)\n"
"Names are printed with control characters, backslashes and bytes that\n"
"are not UTF-8 as \\xHH. The names of a directory are judged together,\n"
"then those of the whole tree, then each alone. Nothing is renamed\n"
"without --apply; a dry run reports names whose UTF-8 form exists\n"
"already (collisions).\n"
"\n"
"      --apply           rename; an existing name is never overwritten (a\n"
"                        collision is reported and the name left alone);\n"
"                        each rename is written to an undo log\n"
"      --log=LOG         the undo log --apply writes (default:\n"
"                        whatenc-names-DATE-TIME-PID.undo in the current\n"
"                        directory); an existing LOG is not overwritten\n"
"      --undo LOG        revert the renames LOG records, last first; a\n"
"                        name that exists again is not overwritten\n"
"  -f, --from-code=FROM  the names' encoding, instead of guessing\n"
"      --hint=LANG       a language, locale or domain whose encodings the\n"
"                        guess favours a little\n"
"      --min-confidence=N  leave names whose guess is below N%% alone\n"
"                        (default 90)\n"
"      --json            one JSON object per name (dir, old, new,\n"
"                        encoding, source, confidence, action); OLD and\n"
"                        DIR escaped as in text output\n"
"  -h, --help            show this help\n"
"\n"
"Exit status: 0 no name left to convert; 1 some name could not be\n"
"converted (collision, undecodable, weak guess, not text); 2 usage or\n"
"I/O error.\n";

enum {
	OPT_LOG = 256,
	OPT_UNDO,
	OPT_JSON,
};

static const struct option names_opts[] = {
	{ "apply", no_argument, NULL, 'a' },
	{ "log", required_argument, NULL, OPT_LOG },
	{ "undo", required_argument, NULL, OPT_UNDO },
	{ "json", no_argument, NULL, OPT_JSON },
	{ "from-code", required_argument, NULL, 'f' },
	{ "hint", required_argument, NULL, WT_OPT_HINT },
	{ "min-confidence", required_argument, NULL, WT_OPT_MIN_CONFIDENCE },
	{ "help", no_argument, NULL, 'h' },
	{ NULL, 0, NULL, 0 },
};

struct wn_name {
	char *name;
	size_t len;
	bool dir;
};

struct wn_ctx {
	bool apply, json;
	FILE *log;			/* --apply: the undo log */
	int from;			/* -f, or -1 */
	struct whatenc_guess_result tree;	/* all legacy names */
	bool pass2;			/* tree guess known */
	u8 **all;			/* pass 1: every legacy name */
	size_t *all_len, n_all, cap_all;
	int status;
	unsigned long found, renamed;
};

static bool is_utf8(const char *s, size_t len)
{
	u8 out[1024];

	return whatenc_name_decode(WHATENC_UTF_8, (const u8 *)s, len, out,
				   sizeof(out), 0) >= 0;
}

/* "@dir/@name" (@dir has no trailing slash), allocated */
static char *join(const char *dir, const char *name)
{
	char *p;

	if (asprintf(&p, "%s/%s", dir, name) < 0)
		abort();
	return p;
}

/* @path with its trailing slashes removed ("/" stays), allocated */
static char *trim(const char *path)
{
	char *p = strdup(path);
	size_t n = strlen(p);

	while (n > 1 && p[n - 1] == '/')
		p[--n] = 0;
	return p;
}

/* One name's line: text (escaped) or a JSON object. */
static void report(const struct wn_ctx *c, const char *path,
		   const struct wn_name *nm, const char *new, int enc,
		   unsigned int conf, const char *action, const char *text)
{
	char esc[4 * 4096 + 1];

	if (c->json) {
		fputs("{\"dir\":", stdout);
		wt_escape(path, strlen(path), esc, sizeof(esc));
		wt_put_json(stdout, esc, strlen(esc));
		fputs(",\"old\":", stdout);
		wt_escape(nm->name, nm->len, esc, sizeof(esc));
		wt_put_json(stdout, esc, strlen(esc));
		if (new) {
			fputs(",\"new\":", stdout);
			wt_put_json(stdout, new, strlen(new));
		}
		if (enc >= 0)
			printf(",\"encoding\":\"%s\",\"source\":\"%s\",\"confidence\":%u",
			       whatenc_encoding_name(enc), c->from >= 0 ? "given" : "content",
			       conf);
		printf(",\"action\":\"%s\"}\n", action);
		return;
	}
	wt_put_escaped(stdout, path, strlen(path));
	putchar('/');
	wt_put_escaped(stdout, nm->name, nm->len);
	if (new) {
		fputs(" -> ", stdout);
		wt_put_escaped(stdout, new, strlen(new));
		printf(" (%s, %s, %u%%)", whatenc_encoding_name(enc),
		       c->from >= 0 ? "given" : "content", conf);
	}
	printf("%s\n", text);
}

/* Record a rename in the undo log: DIR<TAB>OLD<TAB>NEW, escaped. */
static int log_rename(struct wn_ctx *c, const char *abs, const char *old,
		      const char *new)
{
	wt_put_escaped(c->log, abs, strlen(abs));
	putc('\t', c->log);
	wt_put_escaped(c->log, old, strlen(old));
	putc('\t', c->log);
	wt_put_escaped(c->log, new, strlen(new));
	putc('\n', c->log);
	return fflush(c->log) || fsync(fileno(c->log)) ? -1 : 0;
}

/* Read the entries of @fd (consumed), "." and ".." left out. */
static struct wn_name *read_dir(int fd, size_t *n, const char *path)
{
	DIR *d = fdopendir(fd);
	struct wn_name *v = NULL;
	struct dirent *e;
	size_t cap = 0;

	*n = 0;
	if (!d) {
		fprintf(stderr, "whatenc names: %s: %s\n", path, strerror(errno));
		close(fd);
		return NULL;
	}
	while ((e = readdir(d))) {
		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
			continue;
		if (*n == cap) {
			cap = cap ? 2 * cap : 64;
			v = realloc(v, cap * sizeof(*v));
			if (!v)
				abort();
		}
		v[*n].name = strdup(e->d_name);
		v[*n].len = strlen(e->d_name);
		v[*n].dir = e->d_type == DT_DIR;
		if (e->d_type == DT_UNKNOWN) {
			struct stat st;

			v[*n].dir = !fstatat(dirfd(d), e->d_name, &st,
					     AT_SYMLINK_NOFOLLOW) &&
				    S_ISDIR(st.st_mode);
		}
		(*n)++;
	}
	closedir(d);
	return v;
}

static void guess_set(u8 *const *names, const size_t *lens, size_t n,
		      struct whatenc_guess_result *r)
{
	struct whatenc_guess g;

	whatenc_guess_names(&g, (const u8 *const *)names, lens, n,
			    wt_content.hint, r);
}

static bool usable(const struct whatenc_guess_result *r)
{
	return r->kind == WHATENC_GUESS_TEXT &&
	       r->confidence >= wt_content.min_confidence;
}

/* The UTF-8 form of @nm under @r, or -1. */
static int decode(const struct wn_name *nm, int enc, char *out, size_t size)
{
	int k = whatenc_name_decode(enc, (const u8 *)nm->name, nm->len,
				    (u8 *)out, size - 1, WHATENC_NAME_NO_SEP);

	if (k < 0)
		return -1;
	out[k] = 0;
	return k;
}

/* One name: decide, print, rename. */
static void one(struct wn_ctx *c, int dfd, const char *path, const char *abs,
		const struct wn_name *nm, const struct whatenc_guess_result *dir)
{
	const struct whatenc_guess_result *use[3];
	struct whatenc_guess_result self;
	struct whatenc_guess_result forced = {
		.kind = WHATENC_GUESS_TEXT, .enc = c->from, .confidence = 100,
	};
	char out[4096], msg[96];
	int i, n = 0, enc = -1, weak = -1;
	unsigned int conf = 0, weak_conf = 0;
	struct stat st;

	c->found++;
	if (c->from >= 0) {
		use[n++] = &forced;
	} else {
		u8 *p = (u8 *)nm->name;

		guess_set(&p, &nm->len, 1, &self);
		use[n++] = dir;
		use[n++] = &c->tree;
		use[n++] = &self;
	}
	for (i = 0; i < n; i++) {
		if (use[i]->kind != WHATENC_GUESS_TEXT ||
		    decode(nm, use[i]->enc, out, sizeof(out)) < 0)
			continue;
		if (!usable(use[i]) && c->from < 0) {
			if (weak < 0 || use[i]->confidence > weak_conf) {
				weak = use[i]->enc;
				weak_conf = use[i]->confidence;
			}
			continue;
		}
		enc = use[i]->enc;
		conf = use[i]->confidence;
		break;
	}
	c->status = enc < 0 ? WN_FAIL : c->status;
	if (enc < 0 && weak >= 0) {
		snprintf(msg, sizeof(msg), ": left alone: weak guess %s (%u%%; --min-confidence=%u to accept it)",
			 whatenc_encoding_name(weak), weak_conf, weak_conf);
		report(c, path, nm, NULL, -1, 0, "weak-guess", msg);
		return;
	}
	if (enc < 0) {
		report(c, path, nm, NULL, -1, 0, "left-alone",
		       ": left alone: no guess decodes it");
		return;
	}
	if (!c->apply) {
		if (!fstatat(dfd, out, &st, AT_SYMLINK_NOFOLLOW)) {
			report(c, path, nm, out, enc, conf, "collision",
			       ": collision: the new name exists");
			c->status = WN_FAIL;
			return;
		}
		report(c, path, nm, out, enc, conf, "rename", "");
		return;
	}
	if (renameat2(dfd, nm->name, dfd, out, RENAME_NOREPLACE)) {
		int err = errno;

		snprintf(msg, sizeof(msg), ": NOT renamed: %s",
			 err == EEXIST ? "the new name exists (collision)" :
			 strerror(err));
		report(c, path, nm, out, enc, conf, "not-renamed", msg);
		c->status = err == EEXIST ? WN_FAIL : WN_ERR;
		return;
	}
	if (log_rename(c, abs, nm->name, out)) {
		fprintf(stderr, "whatenc names: the undo log: %s: stopping\n",
			strerror(errno));
		c->status = WN_ERR;
		c->apply = false;
	}
	report(c, path, nm, out, enc, conf, "renamed", ": renamed");
	c->renamed++;
}

static void walk(struct wn_ctx *c, int dfd, const char *path, const char *abs)
{
	size_t n, i, k = 0;
	struct wn_name *v = read_dir(openat(dfd, ".", O_RDONLY | O_DIRECTORY |
					    O_CLOEXEC), &n, path);
	u8 **leg = calloc(n + 1, sizeof(*leg));
	size_t *len = calloc(n + 1, sizeof(*len));
	struct whatenc_guess_result dir;

	if (!v && n) {
		c->status = WN_ERR;
		return;
	}
	for (i = 0; i < n; i++) {
		if (v[i].dir) {
			int sub = openat(dfd, v[i].name, O_RDONLY | O_DIRECTORY |
					 O_NOFOLLOW | O_CLOEXEC);
			char *sp = join(path, v[i].name);
			char *sa = join(abs, v[i].name);

			if (sub < 0) {
				fputs("whatenc names: ", stderr);
				wt_put_escaped(stderr, sp, strlen(sp));
				fprintf(stderr, ": %s\n", strerror(errno));
				c->status = WN_ERR;
			} else {
				walk(c, sub, sp, sa);
			}
			free(sp);
			free(sa);
			if (sub >= 0)
				close(sub);
		}
		if (is_utf8(v[i].name, v[i].len))
			continue;
		leg[k] = (u8 *)v[i].name;
		len[k++] = v[i].len;
		if (!c->pass2) {
			if (c->n_all == c->cap_all) {
				c->cap_all = c->cap_all ? 2 * c->cap_all : 256;
				c->all = realloc(c->all, c->cap_all * sizeof(*c->all));
				c->all_len = realloc(c->all_len,
						     c->cap_all * sizeof(size_t));
				if (!c->all || !c->all_len)
					abort();
			}
			c->all[c->n_all] = (u8 *)strdup(v[i].name);
			c->all_len[c->n_all++] = v[i].len;
		}
	}
	if (c->pass2 && k) {
		guess_set(leg, len, k, &dir);
		for (i = 0; i < n; i++)
			if (!is_utf8(v[i].name, v[i].len))
				one(c, dfd, path, abs, &v[i], &dir);
	}
	for (i = 0; i < n; i++)
		free(v[i].name);
	free(v);
	free(leg);
	free(len);
}

/* Split an undo log line into its three fields, unescaped. */
static bool parse_line(char *line, char *f[3], size_t size)
{
	char *p = line, *t;
	int k;

	line[strcspn(line, "\n")] = 0;
	for (k = 0; k < 3; k++) {
		t = k < 2 ? strchr(p, '\t') : p + strlen(p);
		if (!t || wt_unescape(p, t - p, f[k], size) < 0)
			return false;
		p = t + 1;
	}
	return true;
}

/* --undo LOG: revert the renames, last first, never overwriting. */
static int undo(const char *log)
{
	FILE *f = fopen(log, "r");
	char **lines = NULL, *line = NULL, *fld[3];
	size_t n = 0, cap = 0, lcap = 0, k;
	int status = WN_OK;
	static char b0[4096], b1[4096], b2[4096];

	if (!f) {
		fprintf(stderr, "whatenc names: %s: %s\n", log, strerror(errno));
		return WN_ERR;
	}
	while (getline(&line, &lcap, f) > 0) {
		if (line[0] == '#')
			continue;
		if (n == cap) {
			cap = cap ? 2 * cap : 64;
			lines = realloc(lines, cap * sizeof(*lines));
			if (!lines)
				abort();
		}
		lines[n++] = strdup(line);
	}
	free(line);
	fclose(f);
	fld[0] = b0;
	fld[1] = b1;
	fld[2] = b2;
	for (k = n; k-- > 0;) {
		int dfd;

		if (!parse_line(lines[k], fld, sizeof(b0))) {
			fprintf(stderr, "whatenc names: %s: line %zu: not an undo record\n",
				log, k + 1);
			status = WN_ERR;
			continue;
		}
		wt_put_escaped(stdout, b0, strlen(b0));
		putchar('/');
		wt_put_escaped(stdout, b2, strlen(b2));
		fputs(" -> ", stdout);
		wt_put_escaped(stdout, b1, strlen(b1));
		dfd = open(b0, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
		if (dfd < 0 || renameat2(dfd, b2, dfd, b1, RENAME_NOREPLACE)) {
			printf(": NOT restored: %s\n", errno == EEXIST ?
			       "the old name exists again" : strerror(errno));
			if (status == WN_OK)
				status = WN_FAIL;
		} else {
			printf(": restored\n");
		}
		if (dfd >= 0)
			close(dfd);
	}
	for (k = 0; k < n; k++)
		free(lines[k]);
	free(lines);
	if (fflush(stdout))
		status = WN_ERR;
	return status;
}

/* --apply: create the undo log (never over an existing file). */
static FILE *open_log(const char *path, char *made, size_t size)
{
	time_t now = time(NULL);
	struct tm tm;
	FILE *f;
	int fd;

	if (!path) {
		char stamp[32];

		localtime_r(&now, &tm);
		strftime(stamp, sizeof(stamp), "%Y%m%d-%H%M%S", &tm);
		snprintf(made, size, "whatenc-names-%s-%ld.undo", stamp,
			 (long)getpid());
		path = made;
	} else {
		snprintf(made, size, "%s", path);
	}
	fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
	f = fd < 0 ? NULL : fdopen(fd, "w");
	if (!f) {
		fprintf(stderr, "whatenc names: undo log %s: %s (nothing renamed)\n",
			path, strerror(errno));
		if (fd >= 0)
			close(fd);
		return NULL;
	}
	fprintf(f, "# whatenc names undo log: DIR<TAB>OLD<TAB>NEW, escaped as \\xHH; whatenc names --undo %s\n",
		path);
	return f;
}

int whatenc_names_main(int argc, char **argv)
{
	struct wn_ctx c = { .from = -1 };
	const char *log = NULL, *undo_log = NULL;
	char logname[4096];
	int opt, i;

	optind = 0;
	while ((opt = getopt_long(argc, argv, "f:h", names_opts, NULL)) != -1) {
		switch (opt) {
		case 'a':
			c.apply = true;
			break;
		case OPT_LOG:
			log = optarg;
			break;
		case OPT_UNDO:
			undo_log = optarg;
			break;
		case OPT_JSON:
			c.json = true;
			break;
		case 'f':
			c.from = wt_get_encoding(optarg);
			if (c.from < 0) {
				fprintf(stderr, "whatenc names: unknown encoding label '%s'\n",
					optarg);
				return WN_ERR;
			}
			break;
		case WT_OPT_HINT:
		case WT_OPT_MIN_CONFIDENCE:
			if (wt_content_option(opt, optarg))
				return WN_ERR;
			break;
		case 'h':
			printf(names_usage);
			return fflush(stdout) ? WN_ERR : WN_OK;
		default:
			fprintf(stderr, "Try 'whatenc names --help' for more information.\n");
			return WN_ERR;
		}
	}
	if (undo_log)
		return undo(undo_log);
	if (optind == argc) {
		fprintf(stderr, "whatenc names: no DIR\nTry 'whatenc names --help' for more information.\n");
		return WN_ERR;
	}
	if (c.apply) {
		c.log = open_log(log, logname, sizeof(logname));
		if (!c.log)
			return WN_ERR;
	}
	for (i = optind; i < argc; i++) {
		int fd = open(argv[i], O_RDONLY | O_DIRECTORY | O_CLOEXEC);
		char *root = trim(argv[i]), *abs = realpath(argv[i], NULL);
		size_t k;

		if (fd < 0 || !abs) {
			fputs("whatenc names: ", stderr);
			wt_put_escaped(stderr, argv[i], strlen(argv[i]));
			fprintf(stderr, ": %s\n", strerror(errno));
			c.status = WN_ERR;
			if (fd >= 0)
				close(fd);
			free(root);
			free(abs);
			continue;
		}
		/* pass 1: every legacy name of the tree, for the tree's guess */
		c.pass2 = false;
		c.n_all = 0;
		walk(&c, fd, root, abs);
		guess_set(c.all, c.all_len, c.n_all, &c.tree);
		for (k = 0; k < c.n_all; k++)
			free(c.all[k]);
		/* pass 2: per directory, print and rename */
		c.pass2 = true;
		walk(&c, fd, root, abs);
		close(fd);
		free(root);
		free(abs);
	}
	if (c.log && fclose(c.log))
		c.status = WN_ERR;
	if (c.log && !c.renamed)
		unlink(logname);	/* nothing to undo */
	free(c.all);
	free(c.all_len);
	if (!c.found)
		fprintf(c.json ? stderr : stdout,
			"whatenc names: every name is UTF-8: nothing to do\n");
	else
		fprintf(c.json ? stderr : stdout,
			"whatenc names: %lu name(s) not UTF-8, %lu renamed%s\n",
			c.found, c.renamed, c.apply ? "" : " (dry run: --apply renames)");
	if (c.log && c.renamed)
		fprintf(stderr, "whatenc names: undo log %s (whatenc names --undo %s reverts)\n",
			logname, logname);
	if (fflush(stdout) && c.status == WN_OK)
		c.status = WN_ERR;
	return c.status;
}
