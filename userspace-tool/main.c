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
#include "names_cmd.h"

#define WT_VERSION "0.1"

const char *wt_prog = "whatenc";

static const char usage_text[] =
"Usage: whatenc [-f FROM] [-t TO] [OPTION...] [FILE...]\n"
"       whatenc detect [OPTION...] FILE...   (see whatenc detect --help)\n"
"       whatenc names [OPTION...] DIR...     (see whatenc names --help)\n"
"Convert text between the encodings of the WHATWG Encoding Standard.\n"
"\n"
"Reads each FILE (or standard input when there is none or FILE is -) as\n"
"its own stream, decodes it from FROM to UTF-8 and, unless TO is UTF-8,\n"
"encodes it to TO. FROM and TO are any Encoding Standard labels\n"
"(case-insensitive, e.g. latin1, sjis, gbk); both default to utf-8.\n"
"TO follows \"get an output encoding\": replacement, UTF-16LE and UTF-16BE\n"
"produce UTF-8 (unless --wtf8 is given).\n"
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
"  -o, --output=OUT      write to OUT instead of standard output\n"
"      --fatal           malformed input is an error (default: U+FFFD)\n"
"      --html            write characters TO cannot represent as &#NNNN;\n"
"                        (default: they are an error)\n"
"      --bom=MODE        sniff: a UTF-8/UTF-16 BOM overrides FROM and is\n"
"                        removed (the spec's decode; default); strip: remove\n"
"                        a BOM of FROM's own encoding (TextDecoder); keep: no\n"
"                        BOM handling (ignoreBOM)\n"
"      --wtf8            extension: UTF-16 input with lone surrogates decodes\n"
"                        to WTF-8; with -t utf-16le/utf-16be, produce UTF-16\n"
"                        from (WTF-)8 instead of UTF-8\n"
"      --engine=ENGINE   auto (kernel if /dev/whatenc exists, default),\n"
"                        kernel (/dev/whatenc) or user (built-in core)\n"
"  -l, --list            list every encoding with its labels\n"
"      --label=LABEL     print LABEL's encoding name, or fail\n"
"  -v, --verbose         report engine and encodings used on standard error\n"
"      --progress        show bytes and rate on standard error (terminal only)\n"
"  -h, --help            show this help\n"
"  -V, --version         show the version\n"
"\n"
"Exit status: 0 success; 1 conversion error (malformed input with --fatal,\n"
"or a character TO cannot represent without --html): the message names the\n"
"file, the byte offset and the bytes or code point, and the output before\n"
"the error has been written; 2 usage error, unknown label, I/O error, or\n"
"no /dev/whatenc with --engine=kernel; 141 the output was closed early\n"
"(broken pipe; no message).\n"
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
};

static const struct option long_opts[] = {
	{ "from-code", required_argument, NULL, 'f' },
	{ "to-code", required_argument, NULL, 't' },
	{ "output", required_argument, NULL, 'o' },
	{ "fatal", no_argument, NULL, OPT_FATAL },
	{ "html", no_argument, NULL, OPT_HTML },
	{ "bom", required_argument, NULL, OPT_BOM },
	{ "wtf8", no_argument, NULL, OPT_WTF8 },
	{ "engine", required_argument, NULL, OPT_ENGINE },
	{ "list", no_argument, NULL, 'l' },
	{ "label", required_argument, NULL, OPT_LABEL },
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
	int e = whatenc_get_encoding(label, strlen(label));

	if (e < 0 || e >= WHATENC_NR_ENCODINGS) {
		fprintf(stderr, "%s: unknown encoding label '%s'\n", wt_prog,
			label);
		exit(WT_EXIT_ERR);
	}
	return e;
}

static int list_encodings(void)
{
	int e, i, n;

	for (e = 0; e < WHATENC_NR_ENCODINGS; e++) {
		n = whatenc_label_count(e);
		printf("%s:", whatenc_name(e));
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

static bool same_file(const struct stat *a, const char *path)
{
	struct stat st;

	return !stat(path, &st) && S_ISREG(st.st_mode) &&
	       st.st_dev == a->st_dev && st.st_ino == a->st_ino;
}

int main(int argc, char **argv)
{
	struct wt_opts o = {
		.from = WHATENC_UTF_8, .to = WHATENC_UTF_8,
		.out_fd = STDOUT_FILENO, .out_name = "standard output",
	};
	struct wt_ctx c = { .o = &o };
	const char *engine = "auto", *bom = "sniff", *out = NULL;
	const char *format = "auto";
	bool fatal = false, html = false, wtf8 = false, progress = false;
	struct stat out_st;
	int opt, i, status = WT_EXIT_OK, r;

	if (argc > 1 && !strcmp(argv[1], "detect"))
		return whatenc_detect_main(argc - 1, argv + 1);
	if (argc > 1 && !strcmp(argv[1], "names"))
		return whatenc_names_main(argc - 1, argv + 1);
	while ((opt = getopt_long(argc, argv, "f:t:o:lvhV", long_opts,
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
		case OPT_FATAL:
			fatal = true;
			break;
		case OPT_HTML:
			html = true;
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
			printf("%s\n", whatenc_name(get_encoding(optarg)));
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
			printf("whatenc %s\n", WT_VERSION);
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
	if (o.from_label && !strcmp(o.from_label, "auto"))
		o.auto_from = true;
	else if (o.from_label)
		o.from = get_encoding(o.from_label);
	if (o.to_label)
		o.to = get_encoding(o.to_label);
	if (fatal)
		o.dec_flags |= WHATENC_DEC_FATAL;
	if (!strcmp(bom, "sniff"))
		o.dec_flags |= WHATENC_BOM_SNIFF;
	else if (!strcmp(bom, "strip"))
		o.dec_flags |= WHATENC_BOM_STRIP;
	else if (!strcmp(bom, "keep"))
		o.dec_flags |= WHATENC_BOM_KEEP;
	else
		usage_error("unknown BOM mode '%s' (sniff, strip or keep)", bom);
	if (html)
		o.enc_flags |= WHATENC_ENC_HTML;
	o.wtf8 = wtf8;
	/* Both extensions only apply to UTF-16 (the device rejects others). */
	if (wtf8) {
		if (o.from == WHATENC_UTF_16BE || o.from == WHATENC_UTF_16LE)
			o.dec_flags |= WHATENC_DEC_WTF8;
		if (o.to == WHATENC_UTF_16BE || o.to == WHATENC_UTF_16LE)
			o.enc_flags |= WHATENC_ENC_UTF16;
	}
	o.encode = whatenc_output_encoding(o.to) != WHATENC_UTF_8 ||
		   (wtf8 && (o.to == WHATENC_UTF_16BE ||
			     o.to == WHATENC_UTF_16LE));
	o.eng = pick_engine(engine, o.verbose);
	o.progress = progress && isatty(STDERR_FILENO);

	signal(SIGPIPE, SIG_IGN);
	if (out && strcmp(out, "-")) {
		for (i = optind; i < argc; i++) {
			struct stat in_st;

			if (!stat(argv[i], &in_st) && same_file(&in_st, out)) {
				fprintf(stderr, "%s: %s: input file is also the output file\n",
					wt_prog, argv[i]);
				return WT_EXIT_ERR;
			}
		}
		o.out_fd = open(out, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC,
				0666);
		if (o.out_fd < 0) {
			fprintf(stderr, "%s: %s: %s\n", wt_prog, out,
				strerror(errno));
			return WT_EXIT_ERR;
		}
		o.out_name = out;
	} else if (!fstat(STDOUT_FILENO, &out_st) && S_ISREG(out_st.st_mode)) {
		for (i = optind; i < argc; i++) {
			if (strcmp(argv[i], "-") && same_file(&out_st, argv[i])) {
				fprintf(stderr, "%s: %s: input file is also the output file\n",
					wt_prog, argv[i]);
				return WT_EXIT_ERR;
			}
		}
	}

	c.in = malloc(WT_INBUF);
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

	if (optind == argc) {
		status = wt_convert_fd(&c, STDIN_FILENO, "standard input");
	} else {
		for (i = optind; i < argc; i++) {
			int fd = STDIN_FILENO;
			const char *name = argv[i];

			if (!strcmp(name, "-")) {
				name = "standard input";
			} else {
				fd = open(name, O_RDONLY | O_CLOEXEC);
				if (fd < 0) {
					fprintf(stderr, "%s: %s: %s\n", wt_prog,
						name, strerror(errno));
					status = WT_EXIT_ERR;
					continue;
				}
			}
			r = wt_convert_fd(&c, fd, name);
			if (fd != STDIN_FILENO)
				close(fd);
			if (r) {
				status = r;
				break;
			}
		}
	}
	wt_progress_end(&c);
	if (o.out_fd != STDOUT_FILENO && close(o.out_fd) && !status) {
		fprintf(stderr, "%s: %s: %s\n", wt_prog, o.out_name,
			strerror(errno));
		status = WT_EXIT_ERR;
	}
	free(c.in);
	free(c.mid);
	free(c.out);
	return status;
}
