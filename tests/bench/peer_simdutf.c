// SPDX-License-Identifier: GPL-2.0-only
/*
 * peer_simdutf.c - simdutf (SIMD UTF-8/UTF-16 validation and
 * transcoding; built from $(SHARED)/anchors/simdutf by tests/bench/rules.mk,
 * runtime-dispatched to the best implementation the CPU has). Rows:
 * UTF-8 decode and encode (simdutf::validate_utf8() then memcpy(): the
 * output a UTF-8 decoder or encoder gives for valid input), UTF-16LE decode
 * (convert_utf16le_to_utf8()) and UTF-16LE encode
 * (convert_utf8_to_utf16le()). Without $(SHARED) the peer is not built:
 * its column says n/a and a note goes to stderr.
 */
#include <stdio.h>
#include "bench.h"

typedef long (*su_fn)(const unsigned char *in, size_t len,
		      unsigned char *out, size_t cap);

#ifdef BENCH_SIMDUTF
long bench_simdutf_utf8_check(const unsigned char *in, size_t len,
			      unsigned char *out, size_t cap);
long bench_simdutf_utf8_to_utf16le(const unsigned char *in, size_t len,
				   unsigned char *out, size_t cap);
long bench_simdutf_utf16le_to_utf8(const unsigned char *in, size_t len,
				   unsigned char *out, size_t cap);
const char *bench_simdutf_impl(void);

static su_fn su_pick(const struct bench_case *c, enum bench_dir dir)
{
	static int noted;

	if (!noted++)
		fprintf(stderr, "bench: simdutf peer: %s implementation\n",
			bench_simdutf_impl());
	if (c->enc == WHATENC_UTF_8)
		return bench_simdutf_utf8_check;
	if (c->enc == WHATENC_UTF_16LE)
		return dir == BENCH_DECODE ? bench_simdutf_utf16le_to_utf8 :
					     bench_simdutf_utf8_to_utf16le;
	return NULL;
}
#else
static su_fn su_pick(const struct bench_case *c, enum bench_dir dir)
{
	static int noted;

	if (!noted++)
		fprintf(stderr, "bench: simdutf peer SKIPPED: not built "
			"(no $(SHARED)/anchors/simdutf)\n");
	return NULL;
}
#endif

static void *s_open(const struct bench_case *c, enum bench_dir dir,
		    const char **why)
{
	static su_fn fns[2 * WHATENC_NR_ENCODINGS];
	su_fn *x = &fns[2 * c->enc + dir];

	*x = su_pick(c, dir);
	if (!*x) {
		*why = "n/a";
		return NULL;
	}
	return x;
}

static ssize_t s_run(void *ctx, const u8 *in, size_t len, u8 *out, size_t cap)
{
	su_fn *x = ctx;

	return (*x)(in, len, out, cap);
}

static void s_close(void *ctx)
{
}

const struct bench_peer bench_peer_simdutf = {
	.name = "simdutf", .open = s_open, .run = s_run, .close = s_close,
};
