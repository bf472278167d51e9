// SPDX-License-Identifier: GPL-2.0-only
/*
 * decode_buffer.c - libwhatenc example: decode one buffer in one call
 *
 *   cc decode_buffer.c $(pkg-config --cflags --libs whatenc)
 *   ./a.out            # Shift_JIS 93 FA 96 7B 8C EA -> UTF-8 "日本語"
 *
 * The caller owns the decoder (on the stack here) and sizes the output
 * with whatenc_decoder_max_utf8(), so one call with last = true does it
 * all: the result is WHATENC_INPUT_EMPTY and the decoder is ready for a
 * new stream.
 */
#include <stdio.h>
#include <whatenc/whatenc.h>

int main(void)
{
	static const uint8_t sjis[] = { 0x93, 0xfa, 0x96, 0x7b, 0x8c, 0xea };
	struct whatenc_decoder d;
	uint8_t out[64];
	struct whatenc_buf b = {
		.in = sjis, .in_size = sizeof(sjis),
		.out = out, .out_size = sizeof(out),
	};
	int enc = whatenc_get_encoding("shift_jis", 9);

	if (enc < 0 || whatenc_decoder_init(&d, enc, 0)) {
		fprintf(stderr, "decode_buffer: no Shift_JIS decoder\n");
		return 1;
	}
	if (whatenc_decoder_max_utf8(&d, sizeof(sjis)) > sizeof(out) ||
	    whatenc_decode(&d, &b, true) != WHATENC_INPUT_EMPTY) {
		fprintf(stderr, "decode_buffer: decoding failed\n");
		return 1;
	}
	printf("%s: %.*s\n", whatenc_encoding_name(enc), (int)b.out_pos, (const char *)out);
	return 0;
}
