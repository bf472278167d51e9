// SPDX-License-Identifier: GPL-2.0-only
/*
 * simdutf_glue.cpp - C entry points into simdutf (built by
 * tests/bench/rules.mk from $(SHARED)/anchors/simdutf, never copied into
 * the tree) for peer_simdutf.c. Each returns the output length, or -1.
 */
#include <cstring>
#include "simdutf.h"

extern "C" {

/* validate, then copy: the same work as a UTF-8 decoder's valid input */
long bench_simdutf_utf8_check(const unsigned char *in, size_t len,
			      unsigned char *out, size_t cap)
{
	if (len > cap || !simdutf::validate_utf8((const char *)in, len))
		return -1;
	memcpy(out, in, len);
	return len;
}

long bench_simdutf_utf8_to_utf16le(const unsigned char *in, size_t len,
				   unsigned char *out, size_t cap)
{
	size_t n;

	if (2 * len > cap)
		return -1;
	n = simdutf::convert_utf8_to_utf16le((const char *)in, len,
					     (char16_t *)out);
	return n || !len ? (long)(2 * n) : -1;
}

long bench_simdutf_utf16le_to_utf8(const unsigned char *in, size_t len,
				   unsigned char *out, size_t cap)
{
	size_t n;

	if (len % 2 || len / 2 * 3 > cap)
		return -1;
	n = simdutf::convert_utf16le_to_utf8((const char16_t *)in, len / 2,
					     (char *)out);
	return n || !len ? (long)n : -1;
}

const char *bench_simdutf_impl(void)
{
	/* a string literal in simdutf: NUL-terminated */
	return simdutf::get_active_implementation()->name().data();
}

}
