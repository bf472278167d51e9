// SPDX-License-Identifier: GPL-2.0-only
/*
 * check_cmd.c - `whatenc check`: what is wrong with how these files
 * declare their encoding?
 *
 * The rules are the core's whatenc_check() (module/detect/rules.c); this
 * file picks each file's format, reads it whole, and prints the
 * declarations and findings the core reports, as text or JSON lines.
 */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "check_cmd.h"
#include "detect_cmd.h"
#include "tool.h"
#include "whatenc_names.h"
#include "whatenc_guess.h"
#include "whatenc_rules.h"

#define WC_EXIT_OK	0
#define WC_EXIT_FOUND	1
#define WC_EXIT_ERR	2

static const char check_usage[] =
"Usage: whatenc check [OPTION...] FILE...\n"
"Check how each FILE (- for standard input) declares its encoding, by\n"
"the rules of its format (HTML5, XHTML, XML 1.0, CSS). Prints every\n"
"declaration found and every rule broken, one per line:\n"
"  FILE:OFFSET: declaration: KIND \"LABEL\" (ENCODING[, used])\n"
"  FILE:OFFSET: RULE: error|warning: MESSAGE\n"
"OFFSET is a byte offset from 0. whatenc(1) lists the rules.\n"
"\n"
"      --format=FORMAT   html, xhtml (XHTML served as XML), xml or css\n"
"                        (default: from --media-type, else by the file\n"
"                        name: .html .htm; .xhtml .xht; .xml .svg .xsl\n"
"                        .xslt .rss .atom; .css)\n"
"      --transport=LABEL the charset the transport gives (Content-Type)\n"
"      --media-type=TYPE the media type it is served as, e.g. text/html,\n"
"                        application/xhtml+xml, text/css; a charset\n"
"                        parameter counts as --transport\n"
"      --no-content      do not run the content detector (it reports a\n"
"                        declared encoding the text does not look like)\n"
"  -q, --quiet           print nothing; only the exit status tells\n"
"      --json            print each finding as one JSON object per line\n"
"                        (file, offset, rule, severity, message)\n"
"  -h, --help            show this help\n"
"\n"
"Exit status: 0 no file breaks a rule; 1 some file does (errors or\n"
"warnings); 2 usage error, a file whose format is unknown, I/O error.\n";

enum {
	OPT_FORMAT = 256,
	OPT_TRANSPORT,
	OPT_MEDIA_TYPE,
	OPT_JSON,
	OPT_NO_CONTENT,
};

static const struct option check_opts[] = {
	{ "format", required_argument, NULL, OPT_FORMAT },
	{ "transport", required_argument, NULL, OPT_TRANSPORT },
	{ "media-type", required_argument, NULL, OPT_MEDIA_TYPE },
	{ "quiet", no_argument, NULL, 'q' },
	{ "json", no_argument, NULL, OPT_JSON },
	{ "no-content", no_argument, NULL, OPT_NO_CONTENT },
	{ "help", no_argument, NULL, 'h' },
	{ NULL, 0, NULL, 0 },
};

static const char *const format_names[] = {
	[WHATENC_CHECK_HTML] = "html",
	[WHATENC_CHECK_XHTML] = "xhtml",
	[WHATENC_CHECK_XML] = "xml",
	[WHATENC_CHECK_CSS] = "css",
};

/* The formats of detection, plus xhtml. */
static int to_check_format(int fmt)
{
	switch (fmt) {
	case WHATENC_FORMAT_HTML:
		return WHATENC_CHECK_HTML;
	case WHATENC_FORMAT_XML:
		return WHATENC_CHECK_XML;
	case WHATENC_FORMAT_CSS:
		return WHATENC_CHECK_CSS;
	default:
		return -1;
	}
}

static int parse_format(const char *name)
{
	if (!strcasecmp(name, "xhtml"))
		return WHATENC_CHECK_XHTML;
	return to_check_format(wt_detect_parse_format(name));
}

/* By the file name: `whatenc detect`'s extensions; .xhtml .xht: xhtml. */
static int format_of_name(const char *path)
{
	const char *dot = strrchr(path, '.'), *slash = strrchr(path, '/');

	if (dot && (!slash || dot > slash) &&
	    (!strcasecmp(dot, ".xhtml") || !strcasecmp(dot, ".xht")))
		return WHATENC_CHECK_XHTML;
	return to_check_format(wt_detect_format_of(path));
}

int wt_check_format_of(const char *path, int fmt)
{
	if (fmt >= 0)
		return to_check_format(fmt);
	return format_of_name(path);
}

static bool ci_prefix(const char *s, size_t len, const char *lit)
{
	size_t n = strlen(lit);

	return len >= n && !strncasecmp(s, lit, n);
}

/*
 * A media type ("type/subtype; params") -> format, or -1; its charset
 * parameter (unquoted or quoted) in *@cs, *@cs_len (NULL if none).
 */
static int format_of_media_type(const char *mt, const char **cs,
				size_t *cs_len)
{
	size_t len = strcspn(mt, ";"), i;
	const char *p;

	*cs = NULL;
	*cs_len = 0;
	for (p = mt + len; *p == ';';) {
		p++;
		while (*p == ' ' || *p == '\t')
			p++;
		i = strcspn(p, ";");
		if (ci_prefix(p, i, "charset=")) {
			*cs = p + 8;
			*cs_len = i - 8;
			if (*cs_len >= 2 && **cs == '"' && (*cs)[*cs_len - 1] == '"') {
				(*cs)++;
				*cs_len -= 2;
			}
		}
		p += i;
	}
	while (len && (mt[len - 1] == ' ' || mt[len - 1] == '\t'))
		len--;
	while (len && (*mt == ' ' || *mt == '\t')) {
		mt++;
		len--;
	}
	if (len == 9 && !strncasecmp(mt, "text/html", 9))
		return WHATENC_CHECK_HTML;
	if (len == 21 && !strncasecmp(mt, "application/xhtml+xml", 21))
		return WHATENC_CHECK_XHTML;
	if (len == 8 && !strncasecmp(mt, "text/css", 8))
		return WHATENC_CHECK_CSS;
	if ((len == 8 && !strncasecmp(mt, "text/xml", 8)) ||
	    (len == 15 && !strncasecmp(mt, "application/xml", 15)) ||
	    (len > 4 && memchr(mt, '/', len) &&
	     !strncasecmp(mt + len - 4, "+xml", 4)))
		return WHATENC_CHECK_XML;
	return -1;
}

/* ---- output --------------------------------------------------------------- */

/* The content detector's confidence (0-100) a mismatch needs. */
#define WC_GUESS_MIN	90

struct wc_out {
	const char *name;
	bool quiet, json, no_guess;
	struct whatenc_guess guess;
	char msg[1024];
	size_t mlen;
};

/* Append to o->msg (truncating). */
static void msg_add(struct wc_out *o, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void msg_add(struct wc_out *o, const char *fmt, ...)
{
	va_list ap;
	int r;

	if (o->mlen >= sizeof(o->msg) - 1)
		return;
	va_start(ap, fmt);
	r = vsnprintf(o->msg + o->mlen, sizeof(o->msg) - o->mlen, fmt, ap);
	va_end(ap);
	if (r > 0)
		o->mlen += (size_t)r < sizeof(o->msg) - o->mlen ? (size_t)r :
			   sizeof(o->msg) - 1 - o->mlen;
}

/* A label, in double quotes, bytes outside printable ASCII as \xHH. */
static void msg_label(struct wc_out *o, const u8 *p, size_t len)
{
	size_t i;

	msg_add(o, "\"");
	for (i = 0; i < len && i < 100; i++) {
		if (p[i] >= 0x20 && p[i] < 0x7f && p[i] != '\\')
			msg_add(o, "%c", p[i]);
		else
			msg_add(o, "\\x%02X", p[i]);
	}
	msg_add(o, i < len ? "...\"" : "\"");
}

static const char *kind_name(enum whatenc_decl_kind k)
{
	static const char *const names[] = {
		[WHATENC_DECL_TRANSPORT] = "transport",
		[WHATENC_DECL_BOM] = "bom",
		[WHATENC_DECL_XML] = "xml-declaration",
		[WHATENC_DECL_META_CHARSET] = "meta-charset",
		[WHATENC_DECL_META_PRAGMA] = "meta-pragma",
		[WHATENC_DECL_CSS_CHARSET] = "@charset",
	};

	return (unsigned int)k < sizeof(names) / sizeof(names[0]) ?
	       names[k] : "?";
}

static const char *enc_name(int enc)
{
	return enc >= 0 && enc < WHATENC_NR_ENCODINGS ? whatenc_encoding_name(enc) :
	       "unknown";
}

/* KIND "LABEL" */
static void msg_decl(struct wc_out *o, const struct whatenc_decl *d)
{
	msg_add(o, "%s", kind_name(d->kind));
	if (d->kind == WHATENC_DECL_BOM) {
		msg_add(o, " %.*s", (int)d->label_len, (const char *)d->label);
	} else if (d->label) {
		msg_add(o, " ");
		msg_label(o, d->label, d->label_len);
	} else {
		msg_add(o, " (no encoding)");
	}
}

static int on_decl(void *ctx, const struct whatenc_decl *d)
{
	struct wc_out *o = ctx;

	if (o->quiet || o->json)
		return 0;
	o->mlen = 0;
	if (d->kind == WHATENC_DECL_BOM)
		msg_add(o, "bom");	/* its label is its encoding's name */
	else
		msg_decl(o, d);
	wt_put_escaped(stdout, o->name, strlen(o->name));
	printf(":%zu: declaration: %s (%.*s%s)\n", d->off, o->msg,
	       d->kind == WHATENC_DECL_BOM ? (int)d->label_len : 100,
	       d->kind == WHATENC_DECL_BOM ? (const char *)d->label :
	       d->kind == WHATENC_DECL_XML && !d->label ? "UTF-8 by default" :
	       d->kind == WHATENC_DECL_META_PRAGMA && !d->label ? "none" :
	       enc_name(d->enc), d->used ? ", used" : "");
	return 0;
}

static void msg_bytes(struct wc_out *o, const struct whatenc_finding *f)
{
	unsigned int i;

	msg_add(o, "byte %zu is not valid %s (bytes", f->off,
		enc_name(f->enc));
	for (i = 0; i < f->len && i < 4; i++)
		msg_add(o, " %02X", f->bytes[i]);
	msg_add(o, ")");
}

static void msg_finding(struct wc_out *o, const struct whatenc_finding *f)
{
	const struct whatenc_decl *d = f->decl;

	switch (f->rule) {
	case WHATENC_RULE_DECL_CONFLICT:
		msg_decl(o, d);
		if (f->other) {
			msg_add(o, " is %s, but ", enc_name(d->enc));
			msg_decl(o, f->other);
			msg_add(o, " is %s%s", enc_name(f->other->enc),
				f->other->used ? " (used)" : "");
		} else {
			msg_add(o, " is %s, but its own bytes are %s",
				enc_name(d->enc), enc_name(f->enc));
		}
		break;
	case WHATENC_RULE_DECODE_ERROR:
	case WHATENC_RULE_XML_UNDECLARED:
		msg_bytes(o, f);
		if (d) {
			msg_add(o, "; declared by ");
			msg_decl(o, d);
		}
		break;
	case WHATENC_RULE_ENCODING_LEGACY:
		msg_add(o, "%s", enc_name(f->enc));
		if (d) {
			msg_add(o, ", declared by ");
			msg_decl(o, d);
		}
		break;
	case WHATENC_RULE_CONTENT_MISMATCH:
		msg_add(o, "declared %s, the content looks like %s",
			enc_name(f->enc), enc_name(f->guess));
		break;
	case WHATENC_RULE_LABEL_NOT_NAME:
		msg_decl(o, d);
		msg_add(o, " is %s: write \"%s\"", enc_name(d->enc),
			enc_name(d->enc));
		break;
	case WHATENC_RULE_META_LATE:
		msg_decl(o, d);
		msg_add(o, " ends at byte %zu", d->end);
		break;
	case WHATENC_RULE_ENCODING_UNSAFE:
		if (d)
			msg_decl(o, d);
		else
			msg_add(o, "UCS-4 (UTF-32) or EBCDIC bytes at the start");
		break;
	case WHATENC_RULE_HTML_UNDECLARED:
	case WHATENC_RULE_CSS_UNDECLARED:
		msg_add(o, "first non-ASCII byte at %zu", f->off);
		break;
	case WHATENC_RULE_META_IN_UTF16:
	case WHATENC_RULE_CSS_CHARSET_IGNORED:
		if (d)
			msg_decl(o, d);
		else
			o->mlen -= 2;	/* no detail: drop the ": " */
		break;
	default:
		if (d)
			msg_decl(o, d);
		else
			o->mlen -= 2;
		break;
	}
	o->msg[o->mlen] = '\0';
}

static int on_finding(void *ctx, const struct whatenc_finding *f)
{
	struct wc_out *o = ctx;
	const struct whatenc_rule_info *ri = whatenc_rule_info(f->rule);

	if (o->quiet || !ri)
		return 0;
	o->mlen = 0;
	msg_add(o, "%s: ", ri->message);
	msg_finding(o, f);
	if (o->json) {
		fputs("{\"file\":", stdout);
		wt_put_json(stdout, o->name, strlen(o->name));
		printf(",\"offset\":%zu,\"rule\":\"%s\",\"severity\":\"%s\",\"message\":",
		       f->off, ri->id, ri->error ? "error" : "warning");
		wt_put_json(stdout, o->msg, o->mlen);
		fputs("}\n", stdout);
	} else {
		wt_put_escaped(stdout, o->name, strlen(o->name));
		printf(":%zu: %s: %s: %s\n", f->off, ri->id,
		       ri->error ? "error" : "warning", o->msg);
	}
	return 0;
}

/*
 * The content detector (whatenc_guess_*) over the whole document: the
 * encoding it is sure of, for the content-mismatch rule; -1 when it is
 * not sure, or the bytes are ASCII or not text.
 */
static int guess(void *ctx, const u8 *buf, size_t len)
{
	struct wc_out *o = ctx;
	struct whatenc_guess_result r;

	if (o->no_guess)
		return -1;
	whatenc_guess_init(&o->guess, -1);
	whatenc_guess_feed(&o->guess, buf, len);
	whatenc_guess_result(&o->guess, true, &r);
	if (r.kind != WHATENC_GUESS_TEXT || r.confidence < WC_GUESS_MIN)
		return -1;
	return r.enc;
}

/* ---- files ----------------------------------------------------------------- */

int whatenc_check_main(int argc, char **argv)
{
	struct whatenc_check_opts co = { 0 };
	struct wc_out out = { 0 };
	const char *transport = NULL, *media = NULL, *mcs = NULL;
	int fmt = -1, mfmt = -1, opt, i, r, status = WC_EXIT_OK;
	size_t cap = 0, len, mcs_len = 0;
	u8 *buf = NULL;

	optind = 0;	/* glibc: start over (main may have used getopt) */
	while ((opt = getopt_long(argc, argv, "qh", check_opts, NULL)) != -1) {
		switch (opt) {
		case OPT_FORMAT:
			fmt = parse_format(optarg);
			if (fmt < 0) {
				fprintf(stderr, "whatenc check: unknown format '%s' (html, xhtml, xml or css)\n",
					optarg);
				return WC_EXIT_ERR;
			}
			break;
		case OPT_TRANSPORT:
			transport = optarg;
			break;
		case OPT_MEDIA_TYPE:
			media = optarg;
			mfmt = format_of_media_type(optarg, &mcs, &mcs_len);
			if (mfmt < 0) {
				fprintf(stderr, "whatenc check: media type '%s' is not HTML, XHTML, XML or CSS\n",
					optarg);
				return WC_EXIT_ERR;
			}
			break;
		case 'q':
			out.quiet = true;
			break;
		case OPT_JSON:
			out.json = true;
			break;
		case OPT_NO_CONTENT:
			out.no_guess = true;
			break;
		case 'h':
			fputs(check_usage, stdout);
			return fflush(stdout) ? WC_EXIT_ERR : WC_EXIT_OK;
		default:
			fprintf(stderr, "Try 'whatenc check --help' for more information.\n");
			return WC_EXIT_ERR;
		}
	}
	if (optind == argc) {
		fprintf(stderr, "whatenc check: no FILE (use - for standard input)\nTry 'whatenc check --help' for more information.\n");
		return WC_EXIT_ERR;
	}
	if (fmt >= 0 && mfmt >= 0 && fmt != mfmt) {
		fprintf(stderr, "whatenc check: --format=%s contradicts --media-type=%s\n",
			format_names[fmt], media);
		return WC_EXIT_ERR;
	}
	if (fmt < 0)
		fmt = mfmt;
	if (transport) {
		co.transport = (const u8 *)transport;
		co.transport_len = strlen(transport);
	} else if (mcs) {
		co.transport = (const u8 *)mcs;
		co.transport_len = mcs_len;
	}
	co.on_decl = on_decl;
	co.on_finding = on_finding;
	co.guess = guess;
	co.ctx = &out;

	for (i = optind; i < argc; i++) {
		const char *name = argv[i];
		bool is_stdin = !strcmp(name, "-"), at_eof;
		int f = fmt, fd = STDIN_FILENO;

		if (f < 0 && !is_stdin)
			f = format_of_name(name);
		if (f < 0) {
			wt_name_error("whatenc check", name,
				      "unknown format (use --format or --media-type)");
			status = WC_EXIT_ERR;
			continue;
		}
		if (!is_stdin) {
			fd = open(name, O_RDONLY | O_CLOEXEC);
			if (fd < 0) {
				wt_name_error("whatenc check", name,
					      strerror(errno));
				status = WC_EXIT_ERR;
				continue;
			}
		}
		r = wt_read_some(fd, 0, &buf, &cap, &len, &at_eof);
		if (!is_stdin)
			close(fd);
		if (!r && !at_eof)
			r = EFBIG;	/* the check needs all of a file */
		if (r) {
			wt_name_error("whatenc check", name, strerror(r));
			status = WC_EXIT_ERR;
			continue;
		}
		co.fmt = f;
		out.name = name;
		r = whatenc_check(&co, buf, len);
		if (r < 0) {
			wt_name_error("whatenc check", name, strerror(-r));
			status = WC_EXIT_ERR;
		} else if (r > 0 && status == WC_EXIT_OK) {
			status = WC_EXIT_FOUND;
		}
	}
	free(buf);
	if (fflush(stdout))
		status = WC_EXIT_ERR;
	return status;
}
