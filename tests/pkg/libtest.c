// SPDX-License-Identifier: GPL-2.0-only
/*
 * libtest.c - a program that uses the installed libwhatenc through
 * pkg-config (tests/pkg/run): Shift_JIS 93 FA 96 7B 8C EA ("日本語") to
 * UTF-8, the label "latin1", and the old name whatenc_name() of
 * whatenc_encoding_name() that libwhatenc.so.0 keeps. Prints OK or what
 * went wrong.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <whatenc.h>
#include <whatenc_lib.h>

int main(void)
{
	static const uint8_t sjis[] = { 0x93, 0xfa, 0x96, 0x7b, 0x8c, 0xea };
	static const uint8_t want[] = "\xe6\x97\xa5\xe6\x9c\xac\xe8\xaa\x9e";
	struct whatenc_decoder d;
	uint8_t out[64];
	struct whatenc_buf b = {
		.in = sjis, .in_size = sizeof(sjis),
		.out = out, .out_size = sizeof(out),
	};
	int e = whatenc_get_encoding("sjis", 4);

	if (e != WHATENC_SHIFT_JIS || whatenc_decoder_init(&d, e, 0) ||
	    whatenc_decode(&d, &b, true) != WHATENC_INPUT_EMPTY ||
	    b.out_pos != sizeof(want) - 1 || memcmp(out, want, b.out_pos)) {
		printf("FAILED: Shift_JIS decode\n");
		return 1;
	}
	if (strcmp(whatenc_encoding_name(whatenc_get_encoding("latin1", 6)),
		   "windows-1252")) {
		printf("FAILED: latin1\n");
		return 1;
	}
	/* the Encoding Standard's name of the encoding "sjis" labels */
	if (strcmp(whatenc_name(WHATENC_SHIFT_JIS), "Shift_JIS")) {
		printf("FAILED: whatenc_name() (compat)\n");
		return 1;
	}
	printf("OK: libwhatenc decodes Shift_JIS\n");
	return 0;
}
