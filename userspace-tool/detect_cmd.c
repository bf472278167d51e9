// SPDX-License-Identifier: GPL-2.0-only
/*
 * detect_cmd.c - `whatenc detect`: which encoding would a browser (or an
 * XML or CSS parser) use for these files?
 *
 * The detection itself is the core's whatenc_detect() (module/detect/detect.c),
 * the same code the kernel module exports; this file reads the files,
 * turns options into struct whatenc_detect_opts and prints the result.
 */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "content.h"
#include "detect_cmd.h"
#include "tool.h"

#define WD_EXIT_OK	0
#define WD_EXIT_UNSUP	1
#define WD_EXIT_ERR	2

/* Read this much for HTML, XML and CSS: more than every look-ahead. */
#define WD_NEED		4096
/* "All of the input" stops here (the rest is not examined). */
#define WD_WHOLE_MAX	(256u << 20)

static const char detect_usage[] =
"Usage: whatenc detect [OPTION...] FILE...\n"
"Print the encoding each FILE (- for standard input) is to be decoded\n"
"with, found the way the standard of its format says, as\n"
"  FILE: ENCODING (SOURCE, CONFIDENCE)\n"
"SOURCE is bom, transport, meta, xml-declaration, @charset, validity,\n"
"referrer or fallback; CONFIDENCE is certain or tentative (HTML's terms).\n"
"Where the format's rules end at the fallback (no --fallback given) and\n"
"the bytes are not ASCII, the encoding is guessed from the content:\n"
"  FILE: ENCODING (content, tentative, N%%)   or   FILE: not text (content, N%%)\n"
"N%% is the guess's confidence.\n"
"\n"
"  -F, --format=FORMAT   html (HTML Standard encoding sniffing: BOM,\n"
"                        transport, <meta> prescan of 1024 bytes, XML\n"
"                        declaration, referrer, fallback), xml (BOM,\n"
"                        transport, XML declaration, UTF-8), css (BOM,\n"
"                        transport, @charset, referrer, UTF-8), text (BOM,\n"
"                        transport, valid UTF-8, fallback) or auto (by the\n"
"                        file name: .html .htm .xml .xhtml .svg .css ...;\n"
"                        default)\n"
"      --transport=LABEL the encoding the transport gave (e.g. the charset\n"
"                        of Content-Type)\n"
"      --referrer=LABEL  the referring document's encoding (html, css)\n"
"      --fallback=LABEL  the default for html and text (windows-1252)\n"
"      --utf8-sniff      html: take valid non-ASCII UTF-8 as UTF-8\n"
"                        (examines the whole file)\n"
"      --no-utf32        read BOMs exactly as the Encoding Standard: FF FE\n"
"                        00 00 is UTF-16LE, 00 00 FE FF no BOM (default:\n"
"                        both are unsupported UTF-32)\n"
"      --json            one JSON object per file: file, encoding, source,\n"
"                        confidence (certain or tentative), percent (a\n"
"                        content guess), unsupported, not_text\n"
"      --brief           print the encoding only (not-text for data that\n"
"                        is not text)\n"
"  -0, --null            print each FILE as it is, followed by a NUL byte\n"
"                        instead of \": \" (names are otherwise printed with\n"
"                        control characters and bytes that are not UTF-8\n"
"                        as \\xHH)\n"
"  -h, --help            show this help\n"
"%s"
"\n"
"Exit status: 0 every file detected; 1 some file is in an encoding whatenc\n"
"cannot decode (UTF-32, EBCDIC, an unknown XML encoding label) or is not\n"
"text; 2 usage error, unknown label, I/O error.\n";

enum {
	OPT_TRANSPORT = 256,
	OPT_REFERRER,
	OPT_FALLBACK,
	OPT_UTF8_SNIFF,
	OPT_NO_UTF32,
	OPT_JSON,
	OPT_BRIEF,
};

static const struct option detect_opts[] = {
	{ "format", required_argument, NULL, 'F' },
	{ "transport", required_argument, NULL, OPT_TRANSPORT },
	{ "referrer", required_argument, NULL, OPT_REFERRER },
	{ "fallback", required_argument, NULL, OPT_FALLBACK },
	{ "utf8-sniff", no_argument, NULL, OPT_UTF8_SNIFF },
	{ "no-utf32", no_argument, NULL, OPT_NO_UTF32 },
	{ "json", no_argument, NULL, OPT_JSON },
	{ "brief", no_argument, NULL, OPT_BRIEF },
	{ "null", no_argument, NULL, '0' },
	{ "help", no_argument, NULL, 'h' },
	WT_CONTENT_OPTIONS,
	{ NULL, 0, NULL, 0 },
};

int wt_detect_parse_format(const char *name)
{
	static const char *const names[] = {
		[WHATENC_FORMAT_TEXT] = "text",
		[WHATENC_FORMAT_HTML] = "html",
		[WHATENC_FORMAT_XML] = "xml",
		[WHATENC_FORMAT_CSS] = "css",
	};
	size_t i;

	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (!strcasecmp(name, names[i]))
			return i;
	return -1;
}

enum whatenc_format wt_detect_format_of(const char *path)
{
	static const struct {
		const char *ext;
		enum whatenc_format fmt;
	} exts[] = {
		{ "html", WHATENC_FORMAT_HTML }, { "htm", WHATENC_FORMAT_HTML },
		{ "xml", WHATENC_FORMAT_XML }, { "xhtml", WHATENC_FORMAT_XML },
		{ "xht", WHATENC_FORMAT_XML }, { "svg", WHATENC_FORMAT_XML },
		{ "xsl", WHATENC_FORMAT_XML }, { "xslt", WHATENC_FORMAT_XML },
		{ "rss", WHATENC_FORMAT_XML }, { "atom", WHATENC_FORMAT_XML },
		{ "css", WHATENC_FORMAT_CSS },
	};
	const char *dot = strrchr(path, '.'), *slash = strrchr(path, '/');
	size_t i;

	if (!dot || (slash && dot < slash))
		return WHATENC_FORMAT_TEXT;
	for (i = 0; i < sizeof(exts) / sizeof(exts[0]); i++)
		if (!strcasecmp(dot + 1, exts[i].ext))
			return exts[i].fmt;
	return WHATENC_FORMAT_TEXT;
}

size_t wt_detect_need(enum whatenc_format fmt, unsigned int flags)
{
	if (fmt == WHATENC_FORMAT_TEXT ||
	    (fmt == WHATENC_FORMAT_HTML && (flags & WHATENC_DETECT_UTF8_SNIFF)))
		return 0;
	return WD_NEED;
}

static const char *unsup_name(enum whatenc_detect_unsupported u)
{
	switch (u) {
	case WHATENC_UNSUP_UTF32LE:
		return "UTF-32LE";
	case WHATENC_UNSUP_UTF32BE:
		return "UTF-32BE";
	case WHATENC_UNSUP_EBCDIC:
		return "EBCDIC";
	default:
		return "unknown";
	}
}

/* "UTF-32LE (unsupported)" or the XML declaration's unknown label. */
static void print_unsup(FILE *f, const struct whatenc_detection *d,
			const u8 *buf)
{
	if (d->unsupported == WHATENC_UNSUP_LABEL)
		fprintf(f, "%.*s", (int)d->label_len,
			(const char *)buf + d->label_off);
	else
		fputs(unsup_name(d->unsupported), f);
	fputs(" (unsupported)", f);
}

int wt_detect_run(enum whatenc_format fmt,
		  const struct whatenc_detect_opts *opts, const u8 *buf,
		  size_t len, bool at_eof, struct whatenc_detection *d,
		  struct whatenc_guess_result *g, bool *content)
{
	int r = whatenc_detect(fmt, buf, len, at_eof, opts, d);

	*content = !r && !d->unsupported &&
		   wt_content_decides(d, opts->flags, true, buf, len, at_eof, g);
	return r;
}

int wt_detect_auto(enum whatenc_format fmt,
		   const struct whatenc_detect_opts *opts, const u8 *buf,
		   size_t len, bool at_eof, const char *name,
		   enum whatenc_encoding *enc)
{
	struct whatenc_detection d;
	struct whatenc_guess_result g;
	bool content;
	int r = wt_detect_run(fmt, opts, buf, len, at_eof, &d, &g, &content);

	if (r == -EAGAIN)
		return r;
	if (r) {
		fprintf(stderr, "whatenc: %s: detection failed: %s\n", name,
			strerror(-r));
		return WD_EXIT_ERR;
	}
	if (d.unsupported) {
		fprintf(stderr, "whatenc: %s: ", name);
		print_unsup(stderr, &d, buf);
		fprintf(stderr, " (%s)\n", whatenc_detect_source_name(d.source));
		return WD_EXIT_UNSUP;
	}
	*enc = d.enc;
	if (content)
		return wt_content_auto(&g, name, enc);
	return 0;
}

int wt_read_some(int fd, size_t need, u8 **buf, size_t *cap,
		     size_t *len, bool *at_eof)
{
	size_t want = need ? need : WD_WHOLE_MAX;
	ssize_t n;

	*len = 0;
	*at_eof = false;
	while (*len < want) {
		if (*len == *cap) {
			size_t ncap = *cap ? *cap * 2 : 65536;
			u8 *p;

			if (ncap > want)
				ncap = want;
			p = realloc(*buf, ncap);
			if (!p)
				return ENOMEM;
			*buf = p;
			*cap = ncap;
		}
		n = read(fd, *buf + *len, *cap - *len);
		if (n < 0) {
			if (errno == EINTR)
				continue;
			return errno;
		}
		if (!n) {
			*at_eof = true;
			break;
		}
		*len += n;
	}
	if (!*at_eof && *len == want) {
		/* exactly at the end? */
		u8 c;

		do {
			n = read(fd, &c, 1);
		} while (n < 0 && errno == EINTR);
		if (n == 0)
			*at_eof = true;
	}
	return 0;
}

/* How a file's result is printed (--json, --brief, -0). */
enum wd_style { WD_TEXT, WD_JSON, WD_BRIEF, WD_NULL };

/* One file's result. */
static void print_result(enum wd_style style, const char *name,
			 const struct whatenc_detection *d, const u8 *buf,
			 const struct whatenc_guess_result *g)
{
	char unsup[64] = "";
	FILE *mem;

	if (d->unsupported && !g) {
		mem = fmemopen(unsup, sizeof(unsup) - 1, "w");
		if (mem) {
			print_unsup(mem, d, buf);
			fclose(mem);
		}
	}
	if (style == WD_JSON) {
		fputs("{\"file\":", stdout);
		wt_put_json(stdout, name, strlen(name));
		if (g && g->kind == WHATENC_GUESS_NOT_TEXT)
			printf(",\"not_text\":true,\"source\":\"content\",\"percent\":%u}\n",
			       g->confidence);
		else if (g)
			printf(",\"encoding\":\"%s\",\"source\":\"content\",\"confidence\":\"tentative\",\"percent\":%u}\n",
			       whatenc_encoding_name(g->enc), g->confidence);
		else if (d->unsupported)
			printf(",\"unsupported\":true,\"encoding\":\"%.*s\",\"source\":\"%s\"}\n",
			       (int)strcspn(unsup, " \"\\"), unsup,
			       whatenc_detect_source_name(d->source));
		else
			printf(",\"encoding\":\"%s\",\"source\":\"%s\",\"confidence\":\"%s\"}\n",
			       whatenc_encoding_name(d->enc),
			       whatenc_detect_source_name(d->source),
			       d->certain ? "certain" : "tentative");
		return;
	}
	if (style == WD_BRIEF) {
		puts(g ? (g->kind == WHATENC_GUESS_NOT_TEXT ? "not-text" :
			  whatenc_encoding_name(g->enc)) :
		     d->unsupported ? unsup : whatenc_encoding_name(d->enc));
		return;
	}
	if (style == WD_NULL) {
		fputs(name, stdout);
		putchar(0);
	} else {
		wt_put_escaped(stdout, name, strlen(name));
		fputs(": ", stdout);
	}
	if (g) {
		wt_content_print(stdout, g);
		putchar('\n');
		return;
	}
	fputs(d->unsupported ? unsup : whatenc_encoding_name(d->enc), stdout);
	printf(" (%s, %s)\n", whatenc_detect_source_name(d->source),
	       d->certain ? "certain" : "tentative");
}

static int get_label(const char *opt, const char *label)
{
	int e = whatenc_get_encoding(label, strlen(label));

	if (e < 0 || e >= WHATENC_NR_ENCODINGS) {
		fprintf(stderr, "whatenc detect: unknown encoding label '%s' for %s\n",
			label, opt);
		return -1;
	}
	return e;
}

int whatenc_detect_main(int argc, char **argv)
{
	struct whatenc_detect_opts o = { 0 };
	int fmt = -1, opt, i, e, r, status = WD_EXIT_OK;
	enum wd_style style = WD_TEXT;
	u8 *buf = NULL;
	size_t cap = 0;

	optind = 0;	/* glibc: start over (main may have used getopt) */
	while ((opt = getopt_long(argc, argv, "F:h0", detect_opts, NULL)) != -1) {
		switch (opt) {
		case 'F':
			fmt = wt_detect_parse_format(optarg);
			if (fmt < 0 && strcasecmp(optarg, "auto")) {
				fprintf(stderr, "whatenc detect: unknown format '%s' (html, xml, css, text or auto)\n",
					optarg);
				return WD_EXIT_ERR;
			}
			break;
		case OPT_TRANSPORT:
		case OPT_REFERRER:
		case OPT_FALLBACK:
			e = get_label(opt == OPT_TRANSPORT ? "--transport" :
				      opt == OPT_REFERRER ? "--referrer" :
				      "--fallback", optarg);
			if (e < 0)
				return WD_EXIT_ERR;
			if (opt == OPT_TRANSPORT) {
				o.flags |= WHATENC_DETECT_TRANSPORT;
				o.transport = e;
			} else if (opt == OPT_REFERRER) {
				o.flags |= WHATENC_DETECT_REFERRER;
				o.referrer = e;
			} else {
				o.flags |= WHATENC_DETECT_FALLBACK;
				o.fallback = e;
			}
			break;
		case OPT_UTF8_SNIFF:
			o.flags |= WHATENC_DETECT_UTF8_SNIFF;
			break;
		case OPT_NO_UTF32:
			o.flags |= WHATENC_DETECT_NO_UTF32;
			break;
		case OPT_JSON:
			style = WD_JSON;
			break;
		case OPT_BRIEF:
			style = WD_BRIEF;
			break;
		case '0':
			style = WD_NULL;
			break;
		case WT_OPT_CONTENT_FIRST ... WT_OPT_CONTENT_LAST:
			if (wt_content_option(opt, optarg))
				return WD_EXIT_ERR;
			break;
		case 'h':
			printf(detect_usage, wt_content_usage);
			return fflush(stdout) ? WD_EXIT_ERR : WD_EXIT_OK;
		default:
			fprintf(stderr, "Try 'whatenc detect --help' for more information.\n");
			return WD_EXIT_ERR;
		}
	}
	if (optind == argc) {
		fprintf(stderr, "whatenc detect: no FILE (use - for standard input)\nTry 'whatenc detect --help' for more information.\n");
		return WD_EXIT_ERR;
	}

	for (i = optind; i < argc; i++) {
		const char *name = argv[i];
		bool is_stdin = !strcmp(name, "-"), at_eof;
		enum whatenc_format f;
		struct whatenc_detection d;
		struct whatenc_guess_result g;
		size_t len;
		int fd = STDIN_FILENO;

		f = fmt >= 0 ? (enum whatenc_format)fmt :
		    is_stdin ? WHATENC_FORMAT_TEXT : wt_detect_format_of(name);
		if (!is_stdin) {
			fd = open(name, O_RDONLY | O_CLOEXEC);
			if (fd < 0) {
				wt_name_error("whatenc detect", name,
					      strerror(errno));
				status = WD_EXIT_ERR;
				continue;
			}
		}
		r = wt_read_some(fd, wt_detect_need(f, o.flags), &buf, &cap,
				 &len, &at_eof);
		if (!is_stdin)
			close(fd);
		if (r) {
			wt_name_error("whatenc detect", name, strerror(r));
			status = WD_EXIT_ERR;
			continue;
		}
		r = whatenc_detect(f, buf, len, at_eof, &o, &d);
		if (r) {
			/* cannot happen: we read more than the look-ahead */
			wt_name_error("whatenc detect", name, strerror(-r));
			status = WD_EXIT_ERR;
			continue;
		}
		if (wt_content_decides(&d, o.flags, false, buf, len, at_eof,
				       &g)) {
			print_result(style, is_stdin ? "-" : name, &d, buf, &g);
			if ((g.kind == WHATENC_GUESS_NOT_TEXT ||
			     (wt_content.fail_weak &&
			      g.confidence < wt_content.min_confidence)) &&
			    status == WD_EXIT_OK)
				status = WD_EXIT_UNSUP;
			continue;
		}
		print_result(style, is_stdin ? "-" : name, &d, buf, NULL);
		if (d.unsupported && status == WD_EXIT_OK)
			status = WD_EXIT_UNSUP;
	}
	free(buf);
	if (fflush(stdout))
		status = WD_EXIT_ERR;
	return status;
}
