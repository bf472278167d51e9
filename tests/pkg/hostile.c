// SPDX-License-Identifier: GPL-2.0-only
/*
 * hostile.c - the installed API headers among a program's own names
 * (tests/pkg/run): the kernel's vocabulary (u8 ... s64, likely(),
 * ARRAY_SIZE(), static_assert, noinline, ...) is the program's to define,
 * <assert.h>'s static_assert included first stays C11's, and the system
 * headers may come before or after ours (-DWHATENC_FIRST). Each such name
 * is defined so that a header that used it would not compile, and one
 * that defined it would redefine it (an error with -Werror). Decodes
 * windows-1252 0x80 to U+20AC (the WHATWG index-windows-1252).
 */
#ifdef WHATENC_FIRST
#include <whatenc/whatenc.h>
#include <whatenc/whatenc_detect.h>
#include <whatenc/whatenc_guess.h>
#include <whatenc/whatenc_names.h>
#include <whatenc/whatenc_rules.h>
#include <whatenc/whatenc_lib.h>
#endif
#include <assert.h>
#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <locale.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>
#include <sys/cdefs.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <fcntl.h>
#include <unistd.h>
#include <linux/types.h>

/* the program's own kernel-style names */
typedef int u8;
typedef int u16;
typedef int u32;
typedef int u64;
typedef int s8;
typedef int s16;
typedef int s32;
typedef int s64;
#define likely(x)	hostile_likely_used
#define unlikely(x)	hostile_unlikely_used
#define ARRAY_SIZE(a)	hostile_array_size_used
#define noinline	hostile_noinline_used
#define fallthrough	hostile_fallthrough_used
#define __aligned(x)	hostile_aligned_used
#define READ_ONCE(x)	hostile_read_once_used
#define WRITE_ONCE(x, v)	hostile_write_once_used
#define WARN_ON_ONCE(c)	hostile_warn_on_once_used
#define EXPORT_SYMBOL_GPL(s)	hostile_export_used
#define hweight32(w)	hostile_hweight32_used

#ifndef WHATENC_FIRST
#include <whatenc/whatenc.h>
#include <whatenc/whatenc_detect.h>
#include <whatenc/whatenc_guess.h>
#include <whatenc/whatenc_names.h>
#include <whatenc/whatenc_rules.h>
#include <whatenc/whatenc_lib.h>
#endif

static_assert(sizeof(u8) == sizeof(int), "u8 is the program's");

int main(void)
{
	static const uint8_t in[] = { 0x80 };
	uint8_t out[8];
	struct whatenc_buf b = {
		.in = in, .in_size = sizeof(in), .out = out, .out_size = sizeof(out),
	};
	struct whatenc_decoder d;
	u8 e = whatenc_get_encoding("windows-1252", 12);

	if (whatenc_decoder_init(&d, e, 0) ||
	    whatenc_decode(&d, &b, true) != WHATENC_INPUT_EMPTY ||
	    b.out_pos != 3 || memcmp(out, "\xe2\x82\xac", 3)) {
		printf("FAILED: windows-1252 0x80\n");
		return 1;
	}
	printf("OK: the headers coexist with the program's own names\n");
	return 0;
}
