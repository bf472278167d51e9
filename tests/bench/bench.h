/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * bench.h - the whatenc benchmark (make bench): one peer per file
 * (peer_*.c), all driven by bench.c on the same inputs.
 */
#ifndef WHATENC_BENCH_H
#define WHATENC_BENCH_H

#include <stddef.h>
#include <sys/types.h>
#include "whatenc.h"

enum bench_dir { BENCH_DECODE = 0, BENCH_ENCODE = 1 };

/* One benchmarked encoding and what each peer calls it. */
struct bench_case {
	enum whatenc_encoding enc;
	const char *lang;	/* corpus: build/bench/data/<lang>.txt */
	const char *iconv;	/* glibc iconv name, NULL: not available */
	const char *icu;	/* ICU converter name, NULL: not available */
	const char *ers;	/* encoding_rs label, NULL: not available */
	/* decode input made by this encoder instead of @enc (x-user-defined) */
	int bytes_from;
};

/*
 * A peer converts a whole buffer as one stream: bytes -> UTF-8 (decode)
 * or UTF-8 -> bytes (encode). open() returns NULL and sets *why when the
 * peer has no such converter.
 */
struct bench_peer {
	const char *name;
	void *(*open)(const struct bench_case *c, enum bench_dir dir,
		      const char **why);
	/* output length, or -1 on failure */
	ssize_t (*run)(void *ctx, const u8 *in, size_t len, u8 *out,
		       size_t cap);
	void (*close)(void *ctx);
};

extern const struct bench_peer bench_peer_whatenc;
extern const struct bench_peer bench_peer_memcpy;
extern const struct bench_peer bench_peer_iconv;
extern const struct bench_peer bench_peer_icu;
extern const struct bench_peer bench_peer_ers;
extern const struct bench_peer bench_peer_simdutf;
extern const struct bench_peer bench_peer_whatenc_kflags;
extern const struct bench_peer bench_peer_whatenc_copy;

#endif /* WHATENC_BENCH_H */
