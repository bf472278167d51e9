// SPDX-License-Identifier: GPL-2.0-only
/*
 * encode_html.c - libwhatenc example: encode UTF-8 in html mode
 *
 *   cc encode_html.c $(pkg-config --cflags --libs whatenc)
 *   ./a.out LABEL TEXT        # TEXT (UTF-8) in LABEL's encoding
 *
 * In html mode (WHATENC_ENC_HTML, what a browser does with form data) a
 * character the encoding cannot represent is written as "&#NNNN;", its
 * decimal code point; without it the encoder stops there with
 * WHATENC_UNMAPPABLE. The output is sized by whatenc_encoder_max_out().
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <whatenc/whatenc.h>

int main(int argc, char **argv)
{
	struct whatenc_encoder e;
	struct whatenc_buf b = { 0 };
	int enc;

	if (argc != 3) {
		fprintf(stderr, "usage: encode_html LABEL TEXT\n");
		return 2;
	}
	enc = whatenc_get_encoding(argv[1], strlen(argv[1]));
	if (enc < 0 || whatenc_encoder_init(&e, enc, WHATENC_ENC_HTML)) {
		fprintf(stderr, "encode_html: no encoder for '%s'\n", argv[1]);
		return 2;
	}
	b.in = (const uint8_t *)argv[2];
	b.in_size = strlen(argv[2]);
	b.out_size = whatenc_encoder_max_out(&e, b.in_size);
	b.out = malloc(b.out_size ? b.out_size : 1);
	if (!b.out || whatenc_encode(&e, &b, true) != WHATENC_INPUT_EMPTY) {
		fprintf(stderr, "encode_html: encoding failed\n");
		return 1;
	}
	fwrite(b.out, 1, b.out_pos, stdout);
	free(b.out);
	return fflush(stdout) ? 1 : 0;
}
