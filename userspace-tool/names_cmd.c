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
"OLD shows bytes that are not UTF-8 as \\xHH. The names of a directory\n"
"are judged together, then those of the whole tree, then each alone.\n"
"Nothing is renamed without --apply; a dry run reports names whose UTF-8\n"
"form exists already (collisions).\n"
"\n"
"      --apply           rename; an existing name is never overwritten (a\n"
"                        collision is reported and the name left alone)\n"
"  -f, --from-code=FROM  the names' encoding, instead of guessing\n"
"      --hint=LANG       a language, locale or domain whose encodings the\n"
"                        guess favours a little\n"
"      --min-confidence=N  leave names whose guess is below N%% alone\n"
"                        (default 50)\n"
"  -h, --help            show this help\n"
"\n"
"Exit status: 0 no name left to convert; 1 some name could not be\n"
"converted (collision, undecodable, weak guess, not text); 2 usage or\n"
"I/O error.\n";

static const struct option names_opts[] = {
	{ "apply", no_argument, NULL, 'a' },
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
	bool apply;
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

/* @s as is if it is UTF-8, else with bytes >= 0x80 as \\xHH */
static void print_raw(const char *s, size_t len)
{
	bool utf8 = is_utf8(s, len);
	size_t i;

	for (i = 0; i < len; i++) {
		u8 c = s[i];

		if ((c >= 0x80 && !utf8) || c < 0x20 || c == '\\')
			printf("\\x%02x", c);
		else
			putchar(c);
	}
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
static void one(struct wn_ctx *c, int dfd, const char *path,
		const struct wn_name *nm, const struct whatenc_guess_result *dir)
{
	const struct whatenc_guess_result *use[3];
	struct whatenc_guess_result self;
	struct whatenc_guess_result forced = {
		.kind = WHATENC_GUESS_TEXT, .enc = c->from, .confidence = 100,
	};
	char out[4096];
	int i, n = 0, enc = -1;
	unsigned int conf = 0;

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
		if (!usable(use[i]) && c->from < 0)
			continue;
		if (decode(nm, use[i]->enc, out, sizeof(out)) >= 0) {
			enc = use[i]->enc;
			conf = use[i]->confidence;
			break;
		}
	}
	print_raw(path, strlen(path));
	putchar('/');
	print_raw(nm->name, nm->len);
	if (enc < 0) {
		printf(": left alone: no confident guess decodes it\n");
		c->status = WN_FAIL;
		return;
	}
	printf(" -> %s (%s, %s, %u%%)", out, whatenc_name(enc),
	       c->from >= 0 ? "given" : "content", conf);
	if (!c->apply) {
		struct stat st;

		if (!fstatat(dfd, out, &st, AT_SYMLINK_NOFOLLOW)) {
			printf(": collision: the new name exists\n");
			c->status = WN_FAIL;
			return;
		}
		putchar('\n');
		return;
	}
	if (renameat2(dfd, nm->name, dfd, out, RENAME_NOREPLACE)) {
		printf(": NOT renamed: %s\n", errno == EEXIST ?
		       "the new name exists (collision)" : strerror(errno));
		c->status = errno == EEXIST ? WN_FAIL : WN_ERR;
		return;
	}
	printf(": renamed\n");
	c->renamed++;
}

static void walk(struct wn_ctx *c, int dfd, const char *path)
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
			char *sp;

			if (sub < 0 || asprintf(&sp, "%s/%s", path, v[i].name) < 0) {
				fprintf(stderr, "whatenc names: %s/%s: %s\n", path,
					v[i].name, strerror(errno));
				c->status = WN_ERR;
			} else {
				walk(c, sub, sp);
				free(sp);
			}
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
				one(c, dfd, path, &v[i], &dir);
	}
	for (i = 0; i < n; i++)
		free(v[i].name);
	free(v);
	free(leg);
	free(len);
}

int whatenc_names_main(int argc, char **argv)
{
	struct wn_ctx c = { .from = -1 };
	int opt, i;

	wt_content.min_confidence = 50;
	optind = 0;
	while ((opt = getopt_long(argc, argv, "f:h", names_opts, NULL)) != -1) {
		switch (opt) {
		case 'a':
			c.apply = true;
			break;
		case 'f':
			c.from = whatenc_get_encoding(optarg, strlen(optarg));
			if (c.from < 0 || c.from >= WHATENC_NR_ENCODINGS) {
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
	if (optind == argc) {
		fprintf(stderr, "whatenc names: no DIR\nTry 'whatenc names --help' for more information.\n");
		return WN_ERR;
	}
	for (i = optind; i < argc; i++) {
		int fd = open(argv[i], O_RDONLY | O_DIRECTORY | O_CLOEXEC);
		size_t k;

		if (fd < 0) {
			fprintf(stderr, "whatenc names: %s: %s\n", argv[i],
				strerror(errno));
			c.status = WN_ERR;
			continue;
		}
		/* pass 1: every legacy name of the tree, for the tree's guess */
		c.pass2 = false;
		c.n_all = 0;
		walk(&c, fd, argv[i]);
		guess_set(c.all, c.all_len, c.n_all, &c.tree);
		for (k = 0; k < c.n_all; k++)
			free(c.all[k]);
		/* pass 2: per directory, print and rename */
		c.pass2 = true;
		walk(&c, fd, argv[i]);
		close(fd);
	}
	free(c.all);
	free(c.all_len);
	if (!c.found)
		printf("whatenc names: every name is UTF-8: nothing to do\n");
	else
		printf("whatenc names: %lu name(s) not UTF-8, %lu renamed%s\n",
		       c.found, c.renamed, c.apply ? "" : " (dry run: --apply renames)");
	if (fflush(stdout) && c.status == WN_OK)
		c.status = WN_ERR;
	return c.status;
}
