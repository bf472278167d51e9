// SPDX-License-Identifier: GPL-2.0-only
/*
 * peer_iconv.c - glibc iconv(3). The descriptor is opened once per
 * encoding and direction and reset before each buffer; each buffer is
 * one stream (with the final flush, which ISO-2022-JP needs).
 */
#include <errno.h>
#include <iconv.h>
#include <stdlib.h>
#include "bench.h"

static void *i_open(const struct bench_case *c, enum bench_dir dir,
		    const char **why)
{
	iconv_t cd;
	iconv_t *x;

	if (!c->iconv) {
		*why = "n/a";
		return NULL;
	}
	cd = dir == BENCH_DECODE ? iconv_open("UTF-8", c->iconv) :
				   iconv_open(c->iconv, "UTF-8");
	if (cd == (iconv_t)-1) {
		*why = "n/a";
		return NULL;
	}
	x = malloc(sizeof(*x));
	*x = cd;
	return x;
}

static ssize_t i_run(void *ctx, const u8 *in, size_t len, u8 *out, size_t cap)
{
	iconv_t cd = *(iconv_t *)ctx;
	char *ip = (char *)in, *op = (char *)out;
	size_t il = len, ol = cap;

	iconv(cd, NULL, NULL, NULL, NULL);
	while (il) {
		if (iconv(cd, &ip, &il, &op, &ol) != (size_t)-1)
			break;
		if (errno != EILSEQ && errno != EINVAL)
			return -1;
		/* like the others: one bad byte -> U+FFFD / '?' and go on */
		if (!ol)
			return -1;
		ip++;
		il--;
		*op++ = '?';
		ol--;
	}
	if (iconv(cd, NULL, NULL, &op, &ol) == (size_t)-1)
		return -1;
	return op - (char *)out;
}

static void i_close(void *ctx)
{
	iconv_close(*(iconv_t *)ctx);
	free(ctx);
}

const struct bench_peer bench_peer_iconv = {
	.name = "iconv", .open = i_open, .run = i_run, .close = i_close,
};
