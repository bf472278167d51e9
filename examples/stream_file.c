// SPDX-License-Identifier: GPL-2.0-only
/*
 * stream_file.c - libwhatenc example: decode a stream of any length
 *
 *   cc stream_file.c $(pkg-config --cflags --libs whatenc)
 *   ./a.out LABEL <in >out.utf8
 *
 * Reads standard input in the encoding LABEL names (a WHATWG label:
 * "latin1", "sjis", "gbk", ...) and writes it as UTF-8, in fixed-size
 * buffers: a character cut by a read boundary is kept by the decoder
 * until its next call, and when the output buffer is full the call
 * returns WHATENC_OUTPUT_FULL to be drained and called again. Malformed
 * input becomes U+FFFD (replacement mode, the default), and the count
 * of those replacements is reported on standard error. The decoder is
 * allocated by the library (whatenc_lib.h), as a caller that cannot see
 * the struct's layout (an FFI) would do it.
 */
#include <stdio.h>
#include <string.h>
#include <whatenc/whatenc.h>
#include <whatenc/whatenc_lib.h>

int main(int argc, char **argv)
{
	static uint8_t in[4096], out[4096];
	struct whatenc_decoder *d;
	struct whatenc_buf b = { .in = in, .out = out, .out_size = sizeof(out) };
	enum whatenc_ret ret;
	bool last = false;

	if (argc != 2) {
		fprintf(stderr, "usage: stream_file LABEL <in >out\n");
		return 2;
	}
	d = whatenc_decoder_new(whatenc_get_encoding(argv[1], strlen(argv[1])),
				WHATENC_BOM_STRIP);
	if (!d) {
		fprintf(stderr, "stream_file: unknown encoding label '%s'\n", argv[1]);
		return 2;
	}
	do {
		if (b.in_pos == b.in_size && !last) {
			b.in_size = fread(in, 1, sizeof(in), stdin);
			b.in_pos = 0;
			last = b.in_size < sizeof(in);
		}
		ret = whatenc_decode(d, &b, last);
		if (fwrite(out, 1, b.out_pos, stdout) != b.out_pos)
			break;
		b.out_pos = 0;
	} while (ret == WHATENC_OUTPUT_FULL || !last);
	if (whatenc_decoder_replacements(d))
		fprintf(stderr, "stream_file: %llu malformed sequence(s) replaced by U+FFFD\n",
			(unsigned long long)whatenc_decoder_replacements(d));
	whatenc_decoder_free(d);
	if (ferror(stdin) || ferror(stdout) || fflush(stdout)) {
		perror("stream_file");
		return 1;
	}
	return 0;
}
