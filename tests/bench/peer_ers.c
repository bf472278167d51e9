// SPDX-License-Identifier: GPL-2.0-only
/*
 * peer_ers.c - encoding_rs (Firefox's converter; Debian's
 * librust-encoding-rs-dev, built offline by tests/bench/rules.mk from
 * tests/bench/ers/ into a staticlib, features: fast-legacy-encode; no simd-accel,
 * which needs a nightly compiler). See ers/src/lib.rs.
 */
#include <stdint.h>
#include <string.h>
#include "bench.h"

const void *ers_for_label(const u8 *label, size_t len);
size_t ers_decode(const void *enc, const u8 *src, size_t len, u8 *dst,
		  size_t cap);
size_t ers_encode(const void *enc, const u8 *src, size_t len, u8 *dst,
		  size_t cap);
const u8 *ers_output_name(const void *enc, size_t *len);

struct ectx {
	const void *enc;
	enum bench_dir dir;
};

static void *e_open(const struct bench_case *c, enum bench_dir dir,
		    const char **why)
{
	static struct ectx ctx[2 * WHATENC_NR_ENCODINGS];
	const void *enc;
	struct ectx *x;
	size_t n;

	if (!c->ers) {
		*why = "n/a";
		return NULL;
	}
	enc = ers_for_label((const u8 *)c->ers, strlen(c->ers));
	if (!enc) {
		*why = "n/a";
		return NULL;
	}
	/* encoding_rs encodes UTF-16 and replacement as UTF-8 */
	if (dir == BENCH_ENCODE) {
		const u8 *name = ers_output_name(enc, &n);
		const char *ours = whatenc_encoding_name(c->enc);

		if (strlen(ours) != n || memcmp(name, ours, n)) {
			*why = "n/a";
			return NULL;
		}
	}
	x = &ctx[2 * c->enc + dir];
	x->enc = enc;
	x->dir = dir;
	return x;
}

static ssize_t e_run(void *ctx, const u8 *in, size_t len, u8 *out, size_t cap)
{
	struct ectx *x = ctx;
	size_t n = x->dir == BENCH_DECODE ? ers_decode(x->enc, in, len, out, cap) :
					    ers_encode(x->enc, in, len, out, cap);

	return n == SIZE_MAX ? -1 : (ssize_t)n;
}

static void e_close(void *ctx)
{
}

const struct bench_peer bench_peer_ers = {
	.name = "encoding_rs", .open = e_open, .run = e_run, .close = e_close,
};
