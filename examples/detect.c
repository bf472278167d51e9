// SPDX-License-Identifier: GPL-2.0-only
/*
 * detect.c - libwhatenc example: the encoding of an HTML document
 *
 *   cc detect.c $(pkg-config --cflags --libs whatenc)
 *   ./a.out [CHARSET] <page.html
 *
 * whatenc_detect() runs the HTML Standard's encoding sniffing algorithm
 * (BOM, the transport's charset, the <meta> prescan, the fallback
 * windows-1252) over the first WHATENC_DETECT_HTML_MAX bytes, which are
 * all it needs. CHARSET, if given, is the charset parameter of the
 * Content-Type header. Prints the encoding's name and what decided it.
 */
#include <stdio.h>
#include <string.h>
#include <whatenc/whatenc.h>
#include <whatenc/whatenc_detect.h>

int main(int argc, char **argv)
{
	static uint8_t buf[WHATENC_DETECT_HTML_MAX];
	struct whatenc_detect_opts opts = { 0 };
	struct whatenc_detection r;
	size_t len = fread(buf, 1, sizeof(buf), stdin);

	if (argc > 1) {
		int t = whatenc_get_encoding(argv[1], strlen(argv[1]));

		if (t >= 0) {	/* an unknown label is dropped */
			opts.flags |= WHATENC_DETECT_TRANSPORT;
			opts.transport = t;
		}
	}
	/* at_eof: either the whole page or all the prescan reads */
	if (ferror(stdin) ||
	    whatenc_detect(WHATENC_FORMAT_HTML, buf, len, true, &opts, &r)) {
		fprintf(stderr, "detect: cannot read the document\n");
		return 1;
	}
	printf("%s (%s, %s)\n", whatenc_encoding_name(r.enc),
	       whatenc_detect_source_name(r.source),
	       r.certain ? "certain" : "tentative");
	return 0;
}
