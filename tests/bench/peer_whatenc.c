// SPDX-License-Identifier: GPL-2.0-only
/*
 * peer_whatenc.c - whatenc's core (the userspace build of the module sources,
 * -O2 like the kernel) and memcpy (the ceiling line). Built a second time
 * with BENCH_KFLAGS, together with the core, with the kernel's code
 * generation flags (tests/bench/rules.mk): the peer "whatenc-kflags"; and
 * a third time with the userspace flags: "whatenc-copy", the same code at
 * other addresses (what placement alone does to a row's time).
 *
 * Decoding: replacement mode, no BOM handling (as encoding_rs'
 * new_decoder_without_bom_handling). Encoding: html error mode; UTF-16LE
 * output through the WHATENC_ENC_UTF16 extension.
 */
#include <stdlib.h>
#include <string.h>
#include "bench.h"

/* scripts/bench-instr counts inside w_run by name: each copy its own */
#if defined(BENCH_KFLAGS)
#define w_run kf_w_run
#define W_PEER bench_peer_whatenc_kflags
#define W_NAME "whatenc-kflags"
#elif defined(BENCH_COPY)
#define w_run cp_w_run
#define W_PEER bench_peer_whatenc_copy
#define W_NAME "whatenc-copy"
#endif

struct wctx {
	enum whatenc_encoding enc;
	enum bench_dir dir;
};

static void *w_open(const struct bench_case *c, enum bench_dir dir,
		    const char **why)
{
	struct wctx *x = malloc(sizeof(*x));

	x->enc = c->enc;
	x->dir = dir;
	return x;
}

static ssize_t w_run(void *ctx, const u8 *in, size_t len, u8 *out, size_t cap)
{
	struct wctx *x = ctx;
	struct whatenc_buf b = {
		.in = in, .in_size = len, .out = out, .out_size = cap,
	};
	enum whatenc_ret r;

	if (x->dir == BENCH_DECODE) {
		struct whatenc_decoder d;

		whatenc_decoder_init(&d, x->enc, WHATENC_BOM_KEEP);
		r = whatenc_decode(&d, &b, true);
	} else {
		struct whatenc_encoder e;
		unsigned int fl = WHATENC_ENC_HTML;

		if (x->enc == WHATENC_UTF_16LE || x->enc == WHATENC_UTF_16BE)
			fl |= WHATENC_ENC_UTF16;
		whatenc_encoder_init(&e, x->enc, fl);
		r = whatenc_encode(&e, &b, true);
	}
	if (r != WHATENC_INPUT_EMPTY || b.in_pos != len)
		return -1;
	return b.out_pos;
}

static void w_close(void *ctx)
{
	free(ctx);
}

#ifdef W_PEER
const struct bench_peer W_PEER = {
	.name = W_NAME, .open = w_open, .run = w_run, .close = w_close,
};
#else
const struct bench_peer bench_peer_whatenc = {
	.name = "whatenc", .open = w_open, .run = w_run, .close = w_close,
};

static void *m_open(const struct bench_case *c, enum bench_dir dir,
		    const char **why)
{
	return (void *)1;
}

static ssize_t m_run(void *ctx, const u8 *in, size_t len, u8 *out, size_t cap)
{
	if (len > cap)
		return -1;
	memcpy(out, in, len);
	/* keep the copy from being optimized away */
	__asm__ volatile("" : : "r"(out) : "memory");
	return len;
}

static void m_close(void *ctx)
{
}

const struct bench_peer bench_peer_memcpy = {
	.name = "memcpy", .open = m_open, .run = m_run, .close = m_close,
};
#endif
