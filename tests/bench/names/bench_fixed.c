// SPDX-License-Identifier: GPL-2.0-only
/*
 * bench_fixed.c - the fixed cost of a name call (make bench-names-fixed):
 * whatenc_name_decode()/whatenc_name_encode() on names of k copies of
 * one character (k = 0..8), each cell 1,024 calls of the same name, for
 * callgrind (fixed-cost, which fits a line per encoding and direction:
 * instructions = fixed + per character × k, over k = 1..8).
 *
 *   bench_fixed     every cell once, a "cell" line after each (make
 *                   bench-names-fixed runs it under callgrind)
 */
#include <stdio.h>
#include <string.h>
#include "whatenc.h"
#include "whatenc_names.h"

#define CALLS	1024
#define CAP	512

/* the character in each encoding, and as UTF-8 (Python's codecs) */
static const struct {
	const char *name;
	enum whatenc_encoding enc;
	const char *bytes, *utf8;
} encs[] = {
	{ "Shift_JIS", WHATENC_SHIFT_JIS, "\x93\xfa", "\xe6\x97\xa5" },	/* 日 */
	{ "EUC-JP", WHATENC_EUC_JP, "\xc6\xfc", "\xe6\x97\xa5" },
	{ "GBK", WHATENC_GBK, "\xd6\xd0", "\xe4\xb8\xad" },		/* 中 */
	{ "Big5", WHATENC_BIG5, "\xa4\xa4", "\xe4\xb8\xad" },
	{ "EUC-KR", WHATENC_EUC_KR, "\xc7\xd1", "\xed\x95\x9c" },	/* 한 */
	{ "windows-1251", WHATENC_WINDOWS_1251, "\xc6", "\xd0\x96" },	/* Ж */
	{ "KOI8-R", WHATENC_KOI8_R, "\xf6", "\xd0\x96" },
};
#define NENCS	(sizeof(encs) / sizeof(encs[0]))

struct cell {
	enum whatenc_encoding enc;
	int dir;		/* 0 decode, 1 encode, 2 empty loop */
	u8 in[64];
	size_t len;
};

static int call(const struct cell *c, u8 *out)
{
	if (c->dir == 0)
		return whatenc_name_decode(c->enc, c->in, c->len, out, CAP, 0);
	return whatenc_name_encode(c->enc, c->in, c->len, out, CAP, 0);
}

static __attribute__((__noinline__)) int none(const struct cell *c, u8 *out)
{
	__asm__ volatile("" ::: "memory");
	return 0;
}

/* One cell: the unit callgrind counts (fixed-cost). */
__attribute__((__noinline__)) void cell_loop(const struct cell *c,
					     int (*run)(const struct cell *,
							u8 *))
{
	static u8 out[CAP];
	unsigned int i;

	for (i = 0; i < CALLS; i++)
		if (run(c, out) < 0)
			__builtin_trap();
}

int main(void)
{
	unsigned int e, k, d, i;
	struct cell c;

	for (e = 0; e < NENCS; e++)
		for (d = 0; d < 3; d++)
			for (k = 0; k <= 8; k++) {
				const char *ch = d == 1 ? encs[e].utf8 :
							  encs[e].bytes;
				size_t n = strlen(ch);

				c.enc = encs[e].enc;
				c.dir = d;
				c.len = k * n;
				for (i = 0; i < k; i++)
					memcpy(c.in + i * n, ch, n);
				cell_loop(&c, d == 2 ? none : call);
				printf("cell %s %s %u %zu\n", encs[e].name,
				       d == 0 ? "decode" : d == 1 ? "encode" :
				       "empty", k, c.len);
			}
	return 0;
}
