// SPDX-License-Identifier: GPL-2.0-only
/*
 * labels_hint.c - help with encoding labels that do not mean what a user
 * of iconv(1) would expect
 *
 * - Labels of windows-1252 that name ASCII or ISO-8859-1 (ascii, latin1,
 *   iso-8859-1, us-ascii, ...): the Encoding Standard maps them all to
 *   windows-1252, so -t ascii writes bytes 80..FF and -f latin1 reads
 *   80..9F as windows-1252 characters rather than C1 controls. A warning
 *   says so.
 * - Labels other tools accept that the standard lacks: a suggestion
 *   ("did you mean") or a plain "not supported".
 */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "tool.h"

/* windows-1252 labels that a user probably means literally. */
static const char *const literal_1252[] = {
	"ansi_x3.4-1968", "ascii", "us-ascii",
	"iso-8859-1", "iso8859-1", "iso88591", "iso_8859-1",
	"iso_8859-1:1987", "iso-ir-100", "l1", "latin1", "cp819", "ibm819",
	"csisolatin1",
};

static const struct {
	const char *label;
	const char *hint;
} unknown_hints[] = {
	{ "ms936", "did you mean gbk?" },
	{ "utf-32", "UTF-32 is not supported (the Encoding Standard has no UTF-32)" },
	{ "utf-32le", "UTF-32 is not supported (the Encoding Standard has no UTF-32)" },
	{ "utf-32be", "UTF-32 is not supported (the Encoding Standard has no UTF-32)" },
	{ "utf32", "UTF-32 is not supported (the Encoding Standard has no UTF-32)" },
	{ "ucs-4", "UCS-4 (UTF-32) is not supported (the Encoding Standard has no UTF-32)" },
	{ "ucs-2", "did you mean utf-16le? (UCS-2 is a subset of UTF-16)" },
	{ "utf-7", "UTF-7 is not supported (the Encoding Standard has no UTF-7)" },
	{ "wtf-8", "did you mean utf-8 with --wtf8? (WTF-8 has no label)" },
	{ "cesu-8", "CESU-8 is not supported" },
};

/*
 * iconv's (glibc's) names that are not Encoding Standard labels, for the
 * encodings the standard has under other names: accepted by the CLI only
 * (whatenc(1) lists them; the kernel and library API take the standard's
 * labels only).
 */
static const struct {
	const char *name;
	enum whatenc_encoding enc;
} iconv_names[] = {
	{ "cp932", WHATENC_SHIFT_JIS },		/* windows-31j */
	{ "cp936", WHATENC_GBK },
	{ "windows-936", WHATENC_GBK },
	{ "cp949", WHATENC_EUC_KR },		/* UHC, windows-949 */
	{ "uhc", WHATENC_EUC_KR },
	{ "cp950", WHATENC_BIG5 },
	{ "big5hkscs", WHATENC_BIG5 },
	{ "eucjp", WHATENC_EUC_JP },
	{ "euckr", WHATENC_EUC_KR },
	{ "ms-ee", WHATENC_WINDOWS_1250 },
	{ "ms-cyrl", WHATENC_WINDOWS_1251 },
	{ "ms-ansi", WHATENC_WINDOWS_1252 },
	{ "ms-greek", WHATENC_WINDOWS_1253 },
	{ "ms-turk", WHATENC_WINDOWS_1254 },
	{ "ms-hebr", WHATENC_WINDOWS_1255 },
	{ "ms-arab", WHATENC_WINDOWS_1256 },
};

/* @label without surrounding ASCII whitespace, in @buf; NULL if too long. */
static const char *trim(const char *label, char *buf, size_t size)
{
	size_t n;

	while (*label == ' ' || *label == '\t' || *label == '\n' ||
	       *label == '\f' || *label == '\r')
		label++;
	n = strlen(label);
	while (n && strchr(" \t\n\f\r", label[n - 1]))
		n--;
	if (n >= size)
		return NULL;
	memcpy(buf, label, n);
	buf[n] = 0;
	return buf;
}

/**
 * wt_label_warn() - warn about a label that means windows-1252
 * @label:  the label given
 * @enc:    its encoding
 * @output: given with -t (else -f)
 */
void wt_label_warn(const char *label, int enc, bool output)
{
	char buf[32];
	const char *l = trim(label, buf, sizeof(buf));
	size_t i;

	if (enc != WHATENC_WINDOWS_1252 || !l)
		return;
	for (i = 0; i < sizeof(literal_1252) / sizeof(literal_1252[0]); i++) {
		if (strcasecmp(l, literal_1252[i]))
			continue;
		if (output)
			fprintf(stderr, "%s: warning: '%s' is windows-1252 in the Encoding Standard: characters outside ASCII that windows-1252 has are written as bytes 80..FF (-s: no warning)\n",
				wt_prog, label);
		else
			fprintf(stderr, "%s: warning: '%s' is windows-1252 in the Encoding Standard: bytes 80..9F decode as windows-1252 characters (80 is U+20AC), not as C1 controls (-s: no warning)\n",
				wt_prog, label);
		return;
	}
}

/**
 * wt_get_encoding() - an Encoding Standard label, or one of iconv's names
 * @label: the label given
 *
 * Return: the encoding, or -1.
 */
int wt_get_encoding(const char *label)
{
	char buf[32];
	const char *l;
	int e = whatenc_get_encoding(label, strlen(label));
	size_t i;

	if (e >= 0 && e < WHATENC_NR_ENCODINGS)
		return e;
	l = trim(label, buf, sizeof(buf));
	for (i = 0; l && i < sizeof(iconv_names) / sizeof(iconv_names[0]); i++)
		if (!strcasecmp(l, iconv_names[i].name))
			return iconv_names[i].enc;
	return -1;
}

/**
 * wt_label_unknown() - report an unknown label, with a suggestion if any
 * @label: the label given
 */
void wt_label_unknown(const char *label)
{
	char buf[32];
	const char *l = trim(label, buf, sizeof(buf));
	size_t i;

	fprintf(stderr, "%s: unknown encoding label '%s'", wt_prog, label);
	for (i = 0; l && i < sizeof(unknown_hints) / sizeof(unknown_hints[0]);
	     i++) {
		if (!strcasecmp(l, unknown_hints[i].label)) {
			fprintf(stderr, ": %s", unknown_hints[i].hint);
			break;
		}
	}
	fprintf(stderr, " (whatenc -l lists the labels)\n");
}
