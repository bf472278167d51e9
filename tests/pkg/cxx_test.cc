// SPDX-License-Identifier: GPL-2.0-only
/*
 * cxx_test.cc - a C++ program against the installed libwhatenc
 * (tests/pkg/run): every API header, compiled as C++11 with -pedantic
 * -Werror and linked (extern "C"); an allocated decoder
 * (whatenc_lib.h) decodes Shift_JIS 93 FA 96 7B 8C EA ("日本語", the
 * WHATWG index-jis0208 pointers 3495, 4212, 4521) to UTF-8, the
 * library's sizes of the coders are the header's, and an unknown
 * encoding or flag is NULL with errno EINVAL.
 */
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <whatenc/whatenc.h>
#include <whatenc/whatenc_detect.h>
#include <whatenc/whatenc_guess.h>
#include <whatenc/whatenc_names.h>
#include <whatenc/whatenc_rules.h>
#include <whatenc/whatenc_lib.h>

int main()
{
	static const uint8_t sjis[] = { 0x93, 0xfa, 0x96, 0x7b, 0x8c, 0xea };
	static const char want[] = "\xe6\x97\xa5\xe6\x9c\xac\xe8\xaa\x9e";
	uint8_t out[64];
	whatenc_buf b = { sjis, 0, sizeof(sjis), out, 0, sizeof(out) };
	whatenc_decoder *d;

	if (whatenc_decoder_size() != sizeof(whatenc_decoder) ||
	    whatenc_encoder_size() != sizeof(whatenc_encoder)) {
		std::printf("FAILED: sizes %zu/%zu, headers %zu/%zu\n",
			    whatenc_decoder_size(), whatenc_encoder_size(),
			    sizeof(whatenc_decoder), sizeof(whatenc_encoder));
		return 1;
	}
	d = whatenc_decoder_new(whatenc_get_encoding("shift_jis", 9), 0);
	if (!d || whatenc_decode(d, &b, true) != WHATENC_INPUT_EMPTY ||
	    b.out_pos != sizeof(want) - 1 || std::memcmp(out, want, b.out_pos)) {
		std::printf("FAILED: Shift_JIS decode in C++\n");
		return 1;
	}
	whatenc_decoder_free(d);
	whatenc_encoder_free(NULL);
	errno = 0;
	if (whatenc_decoder_new(WHATENC_NR_ENCODINGS, 0) || errno != EINVAL) {
		std::printf("FAILED: whatenc_decoder_new(unknown encoding)\n");
		return 1;
	}
	errno = 0;
	if (whatenc_encoder_new(WHATENC_UTF_8, 0x80000000u) || errno != EINVAL) {
		std::printf("FAILED: whatenc_encoder_new(unknown flag)\n");
		return 1;
	}
	std::printf("OK: C++ decodes Shift_JIS through libwhatenc\n");
	return 0;
}
