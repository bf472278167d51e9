// SPDX-License-Identifier: GPL-2.0-only
/*
 * main.c - whatenc(1): convert text between WHATWG Encoding Standard
 * encodings, through /dev/whatenc or the built-in conversion core
 */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "tool.h"
#include "content.h"
#include "detect_cmd.h"
#include "check_cmd.h"
#include "names_cmd.h"

/* The one version: the top-level VERSION file, passed by the Makefile. */
#ifndef WHATENC_VERSION
#error "WHATENC_VERSION is not defined (build with the top-level Makefile)"
#endif

const char *wt_prog = "whatenc";

static const char usage_text[] =
"Usage: whatenc [-f FROM] [-t TO] [OPTION...] [FILE...]\n"
"       whatenc detect [OPTION...] FILE...   (see whatenc detect --help)\n"
"       whatenc names [OPTION...] DIR...     (see whatenc names --help)\n"
"       whatenc check [OPTION...] FILE...    (see whatenc check --help)\n"
"       whatenc -r [-i | -o DIR | --dry-run] [OPTION...] DIR...\n"
"Convert text between the encodings of the WHATWG Encoding Standard.\n"
"\n"
"Reads each FILE (or standard input when there is none or FILE is -) as\n"
"its own stream, decodes it from FROM to UTF-8 and, unless TO is UTF-8,\n"
"encodes it to TO. FROM and TO are any Encoding Standard labels\n"
"(case-insensitive, e.g. latin1, sjis, gbk); both default to utf-8.\n"
"Labels that name ASCII or ISO-8859-1 (ascii, latin1, ...) mean\n"
"windows-1252, with a warning. TO may end in //IGNORE (as -c); the\n"
"replacement encoding has no encoder and //TRANSLIT is not supported.\n"
"\n"
"  -f, --from-code=FROM  input encoding label (default utf-8), or auto:\n"
"                        detect each file's encoding (see --format)\n"
"      --format=FORMAT   for -f auto: html, xml, css, text, or auto (by\n"
"                        the file name's extension, the default). Where\n"
"                        the format's rules find no declaration, the\n"
"                        encoding is guessed from the content; the guess\n"
"                        and its confidence are reported on standard error\n"
"                        (a weak one as a warning); data that is not text\n"
"                        is not converted (exit 1)\n"
"%s"
"  -t, --to-code=TO      output encoding label (default utf-8)\n"
"  -o, --output=OUT      write to OUT instead of standard output; OUT is\n"
"                        replaced only if everything converted\n"
"  -i, --in-place        convert each FILE into itself (replaced only if\n"
"                        it converted)\n"
"      --allow-replace   with -i (and -o with -f auto): convert even if\n"
"                        malformed input must be replaced by U+FFFD (by\n"
"                        default such a file is left as it was, exit 1)\n"
"      --strict          a FROM that the content contradicts (valid\n"
"                        non-ASCII UTF-8, a byte order mark, a declaration\n"
"                        of another encoding) is an error (exit 1), not a\n"
"                        warning\n"
"  -r, --recursive       convert the files under each DIR: first a plan (a\n"
"                        line per file: action, encoding, its source and\n"
"                        confidence), then -i converts in place or -o DIR\n"
"                        writes a mirror tree; files already in TO, empty,\n"
"                        binary, special or symbolic links are not touched;\n"
"                        a weak guess, U+FFFD needed (without\n"
"                        --allow-replace), an unmappable character or a\n"
"                        declaration that cannot follow leave a file alone;\n"
"                        a summary ends the run\n"
"      --dry-run         -r: print the plan, change nothing\n"
"      --json            -r: the plan as one JSON object per file (path,\n"
"                        action, encoding, source, confidence, bytes,\n"
"                        replace, declarations, detail, status)\n"
"      --backup[=SUFFIX] -r -i: keep each replaced file as FILE~ (or\n"
"                        FILESUFFIX; a hard link, never overwritten)\n"
"  -j, --jobs=N          -r: N processes (the output is that of -j 1)\n"
"      --follow-symlinks -o/-i: replace the file a symbolic link someone\n"
"                        else owns points to (default: refused)\n"
"      --keep-declarations  -o/-i: leave HTML <meta>, XML and CSS @charset\n"
"                        declarations as they are (default: rewritten to\n"
"                        TO, or the file is not converted where they\n"
"                        cannot be, e.g. HTML to UTF-16)\n"
"      --fatal           malformed input is an error (default: U+FFFD,\n"
"                        counted and reported)\n"
"  -c                    omit malformed input and characters TO cannot\n"
"                        represent\n"
"      --unmappable=WHAT characters TO cannot represent: fail (exit 1, the\n"
"                        default), html (&#NNNN;), skip, or a substitute\n"
"                        string (e.g. --unmappable='?')\n"
"      --html            same as --unmappable=html\n"
"      --error-on-replace  exit 1 if any malformed input was replaced or\n"
"                        omitted, or any character skipped or substituted\n"
"      --bom=MODE        sniff: a UTF-8/UTF-16 BOM overrides FROM and is\n"
"                        removed (the spec's decode; default; said on\n"
"                        standard error); strip: remove a BOM of FROM's own\n"
"                        encoding (TextDecoder); keep: no BOM handling\n"
"                        (ignoreBOM)\n"
"      --wtf8            extension: UTF-16 input with lone surrogates decodes\n"
"                        to WTF-8; UTF-8 input is read as WTF-8 when TO is\n"
"                        utf-16le/utf-16be (lossless both ways)\n"
"      --engine=ENGINE   auto (kernel if /dev/whatenc exists, default),\n"
"                        kernel (/dev/whatenc) or user (built-in core)\n"
"  -l, --list            list every encoding with its labels\n"
"      --label=LABEL     print LABEL's encoding name, or fail\n"
"  -s, --silent          no warnings (errors are still reported)\n"
"  -v, --verbose         report engine, encodings and counts on standard\n"
"                        error\n"
"      --progress        show the file, its number, bytes, rate and ETA on\n"
"                        standard error (terminal only)\n"
"  -h, --help            show this help\n"
"  -V, --version         show the version\n"
"\n"
"Files written with -o or -i are replaced only when the output differs:\n"
"a file already in TO (or empty) keeps its inode and mtime.\n"
"\n"
"Exit status: 0 success; 1 conversion error (malformed input with --fatal,\n"
"or with -i without --allow-replace; a character TO cannot represent with\n"
"--unmappable=fail; any replacement with --error-on-replace; with -i or -o,\n"
"a -f auto guess below --min-confidence or a declaration that cannot\n"
"follow; with --strict, a FROM the content contradicts): the message names\n"
"the file, the byte offset, line and column, and the bytes or code point,\n"
"and the output before the error has been written; 2 usage error, unknown\n"
"label, I/O error (a file that cannot be read is reported and skipped), or\n"
"no /dev/whatenc with --engine=kernel; 141 the output was closed early\n"
"(broken pipe; no message). With -r: 0 every file converted or needing\n"
"nothing; 1 some file left alone; 2 an I/O error.\n"
"Environment: WHATENC_DEVICE overrides the device path (/dev/whatenc).\n";

enum {
	OPT_FATAL = 256,
	OPT_HTML,
	OPT_BOM,
	OPT_WTF8,
	OPT_ENGINE,
	OPT_LABEL,
	OPT_PROGRESS,
	OPT_FORMAT,
	OPT_UNMAPPABLE,
	OPT_ERROR_ON_REPLACE,
	OPT_ALLOW_REPLACE,
	OPT_STRICT,
	OPT_FOLLOW_SYMLINKS,
	OPT_KEEP_DECLARATIONS,
	OPT_DRY_RUN,
	OPT_JSON,
	OPT_BACKUP,
};

static const struct option long_opts[] = {
	{ "from-code", required_argument, NULL, 'f' },
	{ "to-code", required_argument, NULL, 't' },
	{ "output", required_argument, NULL, 'o' },
	{ "in-place", no_argument, NULL, 'i' },
	{ "fatal", no_argument, NULL, OPT_FATAL },
	{ "html", no_argument, NULL, OPT_HTML },
	{ "unmappable", required_argument, NULL, OPT_UNMAPPABLE },
	{ "error-on-replace", no_argument, NULL, OPT_ERROR_ON_REPLACE },
	{ "allow-replace", no_argument, NULL, OPT_ALLOW_REPLACE },
	{ "strict", no_argument, NULL, OPT_STRICT },
	{ "follow-symlinks", no_argument, NULL, OPT_FOLLOW_SYMLINKS },
	{ "keep-declarations", no_argument, NULL, OPT_KEEP_DECLARATIONS },
	{ "recursive", no_argument, NULL, 'r' },
	{ "dry-run", no_argument, NULL, OPT_DRY_RUN },
	{ "json", no_argument, NULL, OPT_JSON },
	{ "backup", optional_argument, NULL, OPT_BACKUP },
	{ "jobs", required_argument, NULL, 'j' },
	{ "bom", required_argument, NULL, OPT_BOM },
	{ "wtf8", no_argument, NULL, OPT_WTF8 },
	{ "engine", required_argument, NULL, OPT_ENGINE },
	{ "list", no_argument, NULL, 'l' },
	{ "label", required_argument, NULL, OPT_LABEL },
	{ "silent", no_argument, NULL, 's' },
	{ "verbose", no_argument, NULL, 'v' },
	{ "progress", no_argument, NULL, OPT_PROGRESS },
	{ "format", required_argument, NULL, OPT_FORMAT },
	{ "help", no_argument, NULL, 'h' },
	{ "version", no_argument, NULL, 'V' },
	WT_CONTENT_OPTIONS,
	{ NULL, 0, NULL, 0 },
};

static void usage_error(const char *fmt, const char *arg)
{
	fprintf(stderr, "%s: ", wt_prog);
	fprintf(stderr, fmt, arg);
	fprintf(stderr, "\nTry '%s --help' for more information.\n", wt_prog);
	exit(WT_EXIT_ERR);
}

static int get_encoding(const char *label)
{
	int e = wt_get_encoding(label);

	if (e < 0) {
		wt_label_unknown(label);
		exit(WT_EXIT_ERR);
	}
	return e;
}

static int list_encodings(void)
{
	int e, i, n;

	for (e = 0; e < WHATENC_NR_ENCODINGS; e++) {
		n = whatenc_label_count(e);
		printf("%s:", whatenc_encoding_name(e));
		for (i = 0; i < n; i++)
			printf(" %s", whatenc_label(e, i));
		printf("\n");
	}
	return fflush(stdout) ? WT_EXIT_ERR : WT_EXIT_OK;
}

static const struct wt_engine *pick_engine(const char *want, bool verbose)
{
	int r;

	if (!strcmp(want, "user"))
		return &wt_engine_user;
	if (!strcmp(want, "kernel")) {
		r = wt_engine_kernel.probe();
		if (r) {
			fprintf(stderr, "%s: %s: %s (is whatenc.ko loaded?)\n",
				wt_prog, wt_device_path(), strerror(-r));
			exit(WT_EXIT_ERR);
		}
		return &wt_engine_kernel;
	}
	if (strcmp(want, "auto"))
		usage_error("unknown engine '%s' (auto, kernel or user)", want);
	if (access(wt_device_path(), F_OK))
		return &wt_engine_user;
	r = wt_engine_kernel.probe();
	if (!r)
		return &wt_engine_kernel;
	if (verbose)
		fprintf(stderr, "%s: %s: %s; using the user engine\n", wt_prog,
			wt_device_path(), strerror(-r));
	return &wt_engine_user;
}

/*
 * TO with iconv's suffixes: //IGNORE (-c) is taken, //TRANSLIT refused.
 * Returns the label without them (in a static buffer).
 */
static const char *strip_suffixes(const char *to, bool *ignore)
{
	static char buf[64];
	char *p;

	if (snprintf(buf, sizeof(buf), "%s", to) >= (int)sizeof(buf))
		return to;
	while ((p = strrchr(buf, '/')) && p > buf && p[-1] == '/') {
		if (!strcasecmp(p + 1, "IGNORE")) {
			*ignore = true;
		} else if (!strcasecmp(p + 1, "TRANSLIT")) {
			fprintf(stderr, "%s: //TRANSLIT is not supported: whatenc does not transliterate (the Encoding Standard defines no approximations); use --unmappable=html, skip or a substitute, e.g. --unmappable='?'\n",
				wt_prog);
			exit(WT_EXIT_ERR);
		} else if (p[1]) {
			usage_error("unknown suffix '%s' on -t (//IGNORE only)",
				    p - 1);
		}
		p[-1] = 0;
	}
	return buf;
}

/*
 * --unmappable=STRING: a substitute that TO can encode (tried here); it
 * is given to the encoder in place of each unmappable character.
 */
static void set_substitute(struct wt_opts *o, const char *sub)
{
	struct whatenc_encoder e;
	u8 out[256];
	struct whatenc_buf b = {
		.in = (const u8 *)sub, .in_size = strlen(sub),
		.out = out, .out_size = sizeof(out),
	};

	if (!*sub || b.in_size > sizeof(o->unmap_sub) ||
	    whatenc_encoder_init(&e, o->to, o->enc_flags & ~WHATENC_ENC_HTML) ||
	    whatenc_encode(&e, &b, true) != WHATENC_INPUT_EMPTY)
		usage_error("--unmappable: '%s' is not fail, html, skip, or a short string TO can encode (such as '?')",
			    sub);
	memcpy(o->unmap_sub, sub, b.in_size);
	o->unmap_sub_len = b.in_size;
	o->unmappable = WT_UNMAP_CHAR;
}

/*
 * Refuse to read and write the same file: an input FILE, or standard
 * input, that is the output (-o's target, or standard output). Compared
 * by st_dev/st_ino, so that links, /dev/stdin and a named pipe opened on
 * both sides are caught too.
 */
static int check_same(char **files, int n, const char *out)
{
	struct stat out_st, st;
	bool use_stdin = n == 0;
	int i;

	if (out ? stat(out, &out_st) : fstat(STDOUT_FILENO, &out_st))
		return 0;	/* no output file yet: nothing to compare */
	for (i = 0; i < n; i++) {
		if (!strcmp(files[i], "-")) {
			use_stdin = true;
			continue;
		}
		if (!stat(files[i], &st) && wt_same_file(&st, &out_st)) {
			fprintf(stderr, "%s: %s: input file is also the output file%s\n",
				wt_prog, wt_shown(files[i]),
				out ? " (use -i to convert a file in place)" : "");
			return WT_EXIT_ERR;
		}
	}
	if (use_stdin && !fstat(STDIN_FILENO, &st) &&
	    wt_same_file(&st, &out_st)) {
		fprintf(stderr, "%s: standard input is also the output file\n",
			wt_prog);
		return WT_EXIT_ERR;
	}
	return 0;
}

/*
 * Open input @name ("-": standard input). A directory or a file that
 * cannot be opened is reported; the caller skips it. Returns the fd or -1.
 */
static int open_input(const char *name)
{
	struct stat st;
	int fd;

	if (!strcmp(name, "-"))
		return STDIN_FILENO;
	fd = open(name, O_RDONLY | O_CLOEXEC);
	if (fd >= 0 && !fstat(fd, &st) && S_ISDIR(st.st_mode)) {
		close(fd);
		fd = -1;
		errno = EISDIR;
	}
	if (fd < 0)
		fprintf(stderr, "%s: %s: %s\n", wt_prog, wt_shown(name),
			strerror(errno));
	return fd;
}

/* --progress: the size of all inputs, or 0 if one is not a regular file. */
static u64 total_size(char **files, int n)
{
	struct stat st;
	u64 sum = 0;
	int i;

	for (i = 0; i < n; i++) {
		if (!strcmp(files[i], "-") || stat(files[i], &st) ||
		    !S_ISREG(st.st_mode))
			return 0;
		sum += st.st_size;
	}
	return sum;
}

/* The worse of two exit statuses (a broken pipe is the worst). */
static int worse(int a, int b)
{
	if (a == WT_EXIT_PIPE || b == WT_EXIT_PIPE)
		return WT_EXIT_PIPE;
	return a > b ? a : b;
}

/* -i: each file into a temporary file that replaces it on success. */
static int convert_in_place(struct wt_ctx *c, char **files, int n)
{
	int i, fd, r, status = WT_EXIT_OK;
	struct wt_out w;

	for (i = 0; i < n && !c->out_failed; i++) {
		u64 repl = c->replaced + c->substituted;

		c->cur = files[i];
		c->file_no = i + 1;
		fd = open_input(files[i]);
		if (fd < 0) {
			status = worse(status, WT_EXIT_ERR);
			continue;
		}
		r = wt_out_open(&w, files[i], c->o->out_flags);
		if (!r) {
			c->out_fd = w.fd;
			c->out_name = files[i];
			c->cmp = &w;
			r = wt_convert_fd(c, fd, files[i]);
			if (!r && c->o->error_on_replace &&
			    c->replaced + c->substituted > repl)
				r = WT_EXIT_CONV;
			r = worse(r, wt_out_close(&w, files[i], !r));
			c->cmp = NULL;
		}
		close(fd);
		status = worse(status, r);
	}
	return status;
}

/*
 * Standard input, or every file, into one output. An input that cannot
 * be read is skipped; a conversion error or a write error stops the run.
 */
static int convert_all(struct wt_ctx *c, char **files, int n)
{
	int i, fd, r, status = WT_EXIT_OK;

	if (n == 0)
		return wt_convert_fd(c, STDIN_FILENO, "standard input");
	for (i = 0; i < n; i++) {
		c->cur = files[i];
		c->file_no = i + 1;
		fd = open_input(files[i]);
		if (fd < 0) {
			status = worse(status, WT_EXIT_ERR);
			continue;
		}
		r = wt_convert_fd(c, fd, fd == STDIN_FILENO ? "standard input" :
				  files[i]);
		if (fd != STDIN_FILENO)
			close(fd);
		status = worse(status, r);
		if (r == WT_EXIT_CONV || c->out_failed)
			break;
	}
	return status;
}

int main(int argc, char **argv)
{
	struct wt_opts o = {
		.from = WHATENC_UTF_8, .to = WHATENC_UTF_8,
	};
	struct wt_ctx c = {
		.o = &o, .out_fd = STDOUT_FILENO, .out_name = "standard output",
	};
	const char *engine = "auto", *bom = "sniff", *out = NULL;
	const char *format = "auto", *unmappable = NULL;
	bool html = false, wtf8 = false, progress = false, in_place = false;
	bool ignore = false, allow_replace = false, keep_decls = false;
	struct wt_tree_opts tree = { .jobs = 1 };
	char *end;
	struct wt_out w = { .fd = -1, .cmp_fd = -1 };
	int opt, status;

	/* argv[0] of a subcommand: getopt's messages say "whatenc SUB:" */
	if (argc > 1 && !strcmp(argv[1], "detect")) {
		argv[1] = "whatenc detect";
		return whatenc_detect_main(argc - 1, argv + 1);
	}
	if (argc > 1 && !strcmp(argv[1], "names")) {
		argv[1] = "whatenc names";
		return whatenc_names_main(argc - 1, argv + 1);
	}
	if (argc > 1 && !strcmp(argv[1], "check")) {
		argv[1] = "whatenc check";
		return whatenc_check_main(argc - 1, argv + 1);
	}
	while ((opt = getopt_long(argc, argv, "f:t:o:icslvhVrj:", long_opts,
				  NULL)) != -1) {
		switch (opt) {
		case 'f':
			o.from_label = optarg;
			break;
		case 't':
			o.to_label = optarg;
			break;
		case 'o':
			out = optarg;
			break;
		case 'i':
			in_place = true;
			break;
		case 'c':
			ignore = true;
			break;
		case 's':
			o.silent = true;
			break;
		case OPT_FATAL:
			o.fatal = true;
			break;
		case OPT_HTML:
			html = true;
			break;
		case OPT_UNMAPPABLE:
			unmappable = optarg;
			break;
		case OPT_ERROR_ON_REPLACE:
			o.error_on_replace = true;
			break;
		case OPT_ALLOW_REPLACE:
			allow_replace = true;
			break;
		case OPT_STRICT:
			o.strict = true;
			break;
		case OPT_FOLLOW_SYMLINKS:
			o.out_flags |= WT_OUT_FOLLOW;
			break;
		case OPT_KEEP_DECLARATIONS:
			keep_decls = true;
			break;
		case 'r':
			tree.recursive = true;
			break;
		case OPT_DRY_RUN:
			tree.dry_run = true;
			break;
		case OPT_JSON:
			tree.json = true;
			break;
		case OPT_BACKUP:
			tree.backup = optarg ? optarg : "~";
			if (!*tree.backup || strchr(tree.backup, '/'))
				usage_error("--backup: '%s' is not a file name suffix",
					    tree.backup);
			break;
		case 'j':
			tree.jobs = strtol(optarg, &end, 10);
			if (*end || tree.jobs < 1 || tree.jobs > 256)
				usage_error("-j: '%s' is not a number from 1 to 256",
					    optarg);
			break;
		case OPT_BOM:
			bom = optarg;
			break;
		case OPT_WTF8:
			wtf8 = true;
			break;
		case OPT_ENGINE:
			engine = optarg;
			break;
		case 'l':
			return list_encodings();
		case OPT_LABEL:
			printf("%s\n", whatenc_encoding_name(get_encoding(optarg)));
			return fflush(stdout) ? WT_EXIT_ERR : WT_EXIT_OK;
		case 'v':
			o.verbose = true;
			break;
		case OPT_PROGRESS:
			progress = true;
			break;
		case OPT_FORMAT:
			format = optarg;
			break;
		case WT_OPT_CONTENT_FIRST ... WT_OPT_CONTENT_LAST:
			if (wt_content_option(opt, optarg))
				return WT_EXIT_ERR;
			break;
		case 'h':
			printf(usage_text, wt_content_usage);
			return fflush(stdout) ? WT_EXIT_ERR : WT_EXIT_OK;
		case 'V':
			printf("whatenc %s\n", WHATENC_VERSION);
			return fflush(stdout) ? WT_EXIT_ERR : WT_EXIT_OK;
		default:
			fprintf(stderr, "Try '%s --help' for more information.\n",
				wt_prog);
			return WT_EXIT_ERR;
		}
	}

	o.format = wt_detect_parse_format(format);
	if (o.format < 0 && strcmp(format, "auto"))
		usage_error("unknown format '%s' (html, xml, css, text or auto)",
			    format);
	if (o.from_label && !strcmp(o.from_label, "auto")) {
		o.auto_from = true;
	} else if (o.from_label) {
		o.from = get_encoding(o.from_label);
		if (!o.silent)
			wt_label_warn(o.from_label, o.from, false);
	}
	if (o.to_label) {
		o.to_label = strip_suffixes(o.to_label, &ignore);
		o.to = get_encoding(o.to_label);
		if (o.to == WHATENC_REPLACEMENT) {
			fprintf(stderr, "%s: '%s' is the replacement encoding, which cannot encode (it only decodes, to U+FFFD)\n",
				wt_prog, o.to_label);
			return WT_EXIT_ERR;
		}
		if (!o.silent)
			wt_label_warn(o.to_label, o.to, true);
	}
	/*
	 * Fatal unless the conversion replaces: then the core replaces and
	 * counts (convert.c: f->core_repl), or, with -c or the kernel
	 * engine, the CLI does.
	 */
	o.dec_flags |= WHATENC_DEC_FATAL;
	if (!strcmp(bom, "sniff"))
		o.dec_flags |= WHATENC_BOM_SNIFF;
	else if (!strcmp(bom, "strip"))
		o.dec_flags |= WHATENC_BOM_STRIP;
	else if (!strcmp(bom, "keep"))
		o.dec_flags |= WHATENC_BOM_KEEP;
	else
		usage_error("unknown BOM mode '%s' (sniff, strip or keep)", bom);
	o.wtf8 = wtf8;
	/* A converter asked for UTF-16 writes UTF-16 (an extension). */
	if (o.to == WHATENC_UTF_16BE || o.to == WHATENC_UTF_16LE)
		o.enc_flags |= WHATENC_ENC_UTF16;
	if (wtf8 && (o.from == WHATENC_UTF_16BE || o.from == WHATENC_UTF_16LE))
		o.dec_flags |= WHATENC_DEC_WTF8;
	o.wtf8_in = wtf8 && !o.auto_from && o.from == WHATENC_UTF_8 &&
		    (o.enc_flags & WHATENC_ENC_UTF16);
	o.encode = o.to != WHATENC_UTF_8;
	if (ignore) {
		o.omit_invalid = true;
		o.unmappable = WT_UNMAP_SKIP;
	}
	if (html)
		o.unmappable = WT_UNMAP_HTML;
	if (!unmappable || !strcmp(unmappable, "fail"))
		;
	else if (!strcmp(unmappable, "html"))
		o.unmappable = WT_UNMAP_HTML;
	else if (!strcmp(unmappable, "skip"))
		o.unmappable = WT_UNMAP_SKIP;
	else
		set_substitute(&o, unmappable);
	if (o.unmappable == WT_UNMAP_HTML)
		o.enc_flags |= WHATENC_ENC_HTML;
	if (in_place && out)
		usage_error("%s", "-i and -o exclude each other");
	if ((tree.dry_run || tree.json || tree.backup || tree.jobs > 1) &&
	    !tree.recursive)
		usage_error("%s", "--dry-run, --json, --backup and -j go with -r");
	if (tree.recursive) {
		if (optind == argc)
			usage_error("%s", "-r needs directories");
		if (!in_place && !out && !tree.dry_run)
			usage_error("%s", "-r needs -i (in place), -o DIR (a mirror tree) or --dry-run");
		if (tree.backup && !in_place)
			usage_error("%s", "--backup goes with -i");
		if (out && !strcmp(out, "-"))
			usage_error("%s", "-r -o needs a directory");
		tree.in_place = in_place;
		tree.out_dir = out;
		tree.allow_replace = allow_replace;
	}
	if (in_place && optind == argc)
		usage_error("%s", "-i needs files to convert in place");
	for (int i = optind; in_place && i < argc; i++)
		if (!strcmp(argv[i], "-"))
			usage_error("%s", "-i cannot convert standard input in place");
	if (out && !strcmp(out, "-"))
		out = NULL;	/* standard output */
	/*
	 * A file that is replaced (-i), or written from a guess (-f auto
	 * with -o), is not written with U+FFFD in it, nor on a weak guess,
	 * unless asked: the run fails and the file is left as it was.
	 */
	if ((in_place || (out && (o.auto_from || tree.recursive))) &&
	    !allow_replace &&
	    !o.omit_invalid && !o.fatal) {
		o.fatal = true;
		o.refuse_replace = true;
	}
	if (in_place || out || tree.recursive) {
		wt_content.refuse_weak = true;
		o.fix_decls = !keep_decls;
	}
	o.eng = pick_engine(engine, o.verbose);
	o.progress = progress && isatty(STDERR_FILENO);

	signal(SIGPIPE, SIG_IGN);
	if (!in_place && !tree.recursive) {
		status = check_same(argv + optind, argc - optind, out);
		if (status)
			return status;
	}
	if (out && !tree.recursive) {
		if (wt_out_open(&w, out, o.out_flags))
			return WT_EXIT_ERR;
		c.out_fd = w.fd;
		c.cmp = &w;
		c.out_name = out;
	}

	c.in = malloc(WT_INBUF + WT_INSLACK);
	c.mid = malloc(WT_MIDBUF);
	c.out = malloc(WT_OUTBUF);
	if (!c.in || !c.mid || !c.out) {
		fprintf(stderr, "%s: out of memory\n", wt_prog);
		return WT_EXIT_ERR;
	}
	{
		struct timespec ts;

		clock_gettime(CLOCK_MONOTONIC, &ts);
		c.t_start = ts.tv_sec + ts.tv_nsec / 1e9;
		c.t_last = c.t_start;
	}

	c.nfiles = argc - optind;
	c.total = total_size(argv + optind, argc - optind);
	if (tree.recursive)
		status = wt_tree_main(&c, &tree, argv + optind, argc - optind);
	else if (in_place)
		status = convert_in_place(&c, argv + optind, argc - optind);
	else
		status = convert_all(&c, argv + optind, argc - optind);
	if (!in_place && !status && o.error_on_replace &&
	    c.replaced + c.substituted)
		status = WT_EXIT_CONV;
	wt_progress_end(&c);
	if (out && !tree.recursive)
		status = worse(status, wt_out_close(&w, out, !status));
	free(c.in);
	free(c.mid);
	free(c.out);
	return status;
}
