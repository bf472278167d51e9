// SPDX-License-Identifier: GPL-2.0-only
/*
 * peer_icu.c - ICU4C ucnv (Debian libicu-dev): ucnv_convertEx() between
 * the encoding's converter and ICU's UTF-8 converter, which is how ICU
 * converts bytes to bytes (through a UTF-16 pivot, or ICU's direct
 * UTF-8 <-> MBCS paths where it has them). Converters are opened once
 * per encoding and direction; each buffer is one stream (reset, flush).
 */
#include <stdlib.h>
#include <unicode/ucnv.h>
#include "bench.h"

struct uctx {
	UConverter *src, *dst;
	UChar pivot[8192];
};

static void *u_open(const struct bench_case *c, enum bench_dir dir,
		    const char **why)
{
	UErrorCode err = U_ZERO_ERROR;
	UConverter *enc, *utf8;
	struct uctx *x;

	if (!c->icu) {
		*why = "n/a";
		return NULL;
	}
	enc = ucnv_open(c->icu, &err);
	utf8 = ucnv_open("UTF-8", &err);
	if (U_FAILURE(err)) {
		*why = "n/a";
		return NULL;
	}
	x = malloc(sizeof(*x));
	x->src = dir == BENCH_DECODE ? enc : utf8;
	x->dst = dir == BENCH_DECODE ? utf8 : enc;
	return x;
}

static ssize_t u_run(void *ctx, const u8 *in, size_t len, u8 *out, size_t cap)
{
	struct uctx *x = ctx;
	UErrorCode err = U_ZERO_ERROR;
	const char *ip = (const char *)in;
	char *op = (char *)out;
	UChar *ps = x->pivot, *pt = x->pivot;

	ucnv_convertEx(x->dst, x->src, &op, (char *)out + cap, &ip,
		       (const char *)in + len, x->pivot, &ps, &pt,
		       x->pivot + sizeof(x->pivot) / sizeof(x->pivot[0]),
		       true, true, &err);
	if (U_FAILURE(err))
		return -1;
	return op - (char *)out;
}

static void u_close(void *ctx)
{
	struct uctx *x = ctx;

	ucnv_close(x->src);
	ucnv_close(x->dst);
	free(x);
}

const struct bench_peer bench_peer_icu = {
	.name = "ICU", .open = u_open, .run = u_run, .close = u_close,
};
