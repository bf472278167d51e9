/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * fuzz_util.h - shared helpers of the libFuzzer harnesses (tests/fuzz/)
 *
 * Every invariant violation calls abort() (FUZZ_CHECK), so that libFuzzer
 * reports it as a crash and writes the input to the artifact directory.
 */
#ifndef WHATENC_FUZZ_UTIL_H
#define WHATENC_FUZZ_UTIL_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "whatenc.h"

#define FUZZ_CHECK(c) do {						\
	if (!(c)) {							\
		fprintf(stderr, "fuzz invariant failed: %s:%d: %s\n",	\
			__FILE__, __LINE__, #c);			\
		abort();						\
	}								\
} while (0)

/* Deterministic PRNG seeded from the fuzz input (chunk sizes etc.). */
struct fuzz_rng {
	u64 s;
};

static inline u32 fuzz_rand(struct fuzz_rng *r)
{
	r->s = r->s * 6364136223846793005ull + 1442695040888963407ull;
	return (u32)(r->s >> 33);
}

static inline void fuzz_rng_init(struct fuzz_rng *r, u8 seed, size_t len)
{
	r->s = ((u64)seed << 32) ^ (u64)len ^ 0x9e3779b97f4a7c15ull;
	fuzz_rand(r);
}

/* A growable byte string. */
struct fuzz_str {
	u8 *p;
	size_t len, cap;
};

static inline void fuzz_str_add(struct fuzz_str *s, const u8 *p, size_t n)
{
	if (s->len + n > s->cap) {
		size_t cap = s->cap ? s->cap : 64;

		while (cap < s->len + n)
			cap *= 2;
		s->p = realloc(s->p, cap);
		FUZZ_CHECK(s->p);
		s->cap = cap;
	}
	if (n)
		memcpy(s->p + s->len, p, n);
	s->len += n;
}

static inline void fuzz_str_free(struct fuzz_str *s)
{
	free(s->p);
	memset(s, 0, sizeof(*s));
}

/*
 * Read one code point of generalized UTF-8 at @p (@n bytes left).
 * Returns its length (0: not well-formed) and the code point in @cp.
 * Surrogates (ED A0..BF xx) are accepted only with @surrogates.
 */
static inline size_t fuzz_utf8_next(const u8 *p, size_t n, u32 *cp,
				    bool surrogates)
{
	u8 b0 = p[0];
	size_t len, i;
	u32 c, min;

	if (b0 < 0x80) {
		*cp = b0;
		return 1;
	}
	if (b0 >= 0xc2 && b0 <= 0xdf) {
		len = 2;
		c = b0 & 0x1f;
		min = 0x80;
	} else if (b0 >= 0xe0 && b0 <= 0xef) {
		len = 3;
		c = b0 & 0x0f;
		min = 0x800;
	} else if (b0 >= 0xf0 && b0 <= 0xf4) {
		len = 4;
		c = b0 & 0x07;
		min = 0x10000;
	} else {
		return 0;
	}
	if (n < len)
		return 0;
	for (i = 1; i < len; i++) {
		if ((p[i] & 0xc0) != 0x80)
			return 0;
		c = (c << 6) | (p[i] & 0x3f);
	}
	if (c < min || c > 0x10ffff)
		return 0;
	if (c >= 0xd800 && c <= 0xdfff && !surrogates)
		return 0;
	*cp = c;
	return len;
}

/* Well-formed UTF-8 (no surrogates). */
static inline bool fuzz_utf8_valid(const u8 *p, size_t n)
{
	size_t i = 0, l;
	u32 cp;

	while (i < n) {
		l = fuzz_utf8_next(p + i, n - i, &cp, false);
		if (!l)
			return false;
		i += l;
	}
	return true;
}

/*
 * Well-formed WTF-8: generalized UTF-8 in which no lead surrogate is
 * directly followed by a trail surrogate (that pair must be one 4-byte
 * sequence).
 */
static inline bool fuzz_wtf8_valid(const u8 *p, size_t n)
{
	size_t i = 0, l;
	u32 cp, prev = 0;

	while (i < n) {
		l = fuzz_utf8_next(p + i, n - i, &cp, true);
		if (!l)
			return false;
		if (prev >= 0xd800 && prev <= 0xdbff &&
		    cp >= 0xdc00 && cp <= 0xdfff)
			return false;
		prev = cp;
		i += l;
	}
	return true;
}

static inline size_t fuzz_utf8_put(u8 *p, u32 cp)
{
	if (cp < 0x80) {
		p[0] = cp;
		return 1;
	}
	if (cp < 0x800) {
		p[0] = 0xc0 | (cp >> 6);
		p[1] = 0x80 | (cp & 0x3f);
		return 2;
	}
	if (cp < 0x10000) {
		p[0] = 0xe0 | (cp >> 12);
		p[1] = 0x80 | ((cp >> 6) & 0x3f);
		p[2] = 0x80 | (cp & 0x3f);
		return 3;
	}
	p[0] = 0xf0 | (cp >> 18);
	p[1] = 0x80 | ((cp >> 12) & 0x3f);
	p[2] = 0x80 | ((cp >> 6) & 0x3f);
	p[3] = 0x80 | (cp & 0x3f);
	return 4;
}

/*
 * "&#NNNN;" for @cp; returns its length. By hand: snprintf cost about a
 * tenth of every encoder execution under ASan.
 */
static inline size_t fuzz_ncr(u8 *p, u32 cp)
{
	u8 dig[10];
	size_t n = 0, k = 0;

	do {
		dig[k++] = '0' + cp % 10;
		cp /= 10;
	} while (cp);
	p[n++] = '&';
	p[n++] = '#';
	while (k)
		p[n++] = dig[--k];
	p[n++] = ';';
	return n;
}

#endif /* WHATENC_FUZZ_UTIL_H */
