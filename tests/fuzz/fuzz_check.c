// SPDX-License-Identifier: GPL-2.0-only
/*
 * fuzz_check.c - libFuzzer harness for whatenc_check()
 * (module/detect/rules.c)
 *
 * Input: byte 0 the format (all four), byte 1 the transport (0: none,
 * else one of a few labels, some unknown), byte 2 the finding after which
 * a callback stops the check (0: never, bits 0-2) and whether a content
 * detector stub answers (bit 3), byte 3 the encoding it answers; the rest
 * is the document.
 * Invariants: the return value is the number of findings reported (or
 * the callback's stop value); every finding has a known rule, an offset
 * within the document and an encoding in range; every declaration lies
 * within the document (its label too, unless it is the transport's, a
 * BOM's name or a UTF-16 declaration's copy), and at most one is in use;
 * and the same call twice gives the same findings.
 */
#include <stdint.h>
#include "fuzz_util.h"
#include "whatenc_rules.h"

struct fz {
	const u8 *buf;
	size_t len;
	int nf, nd, nused, stop_at, guess;
	u64 hash;
};

static bool in_doc(const struct fz *z, const u8 *p, size_t n)
{
	return p >= z->buf && n <= z->len && p - z->buf <= (long)(z->len - n);
}

static void check_decl(struct fz *z, const struct whatenc_decl *d)
{
	FUZZ_CHECK(d->kind <= WHATENC_DECL_CSS_CHARSET);
	FUZZ_CHECK(d->enc >= -1 && d->enc < WHATENC_NR_ENCODINGS);
	if (d->kind == WHATENC_DECL_TRANSPORT) {
		FUZZ_CHECK(!d->off && !d->end && d->label);
		return;
	}
	FUZZ_CHECK(d->off <= d->end && d->end <= z->len);
	if (d->label && d->kind != WHATENC_DECL_BOM && in_doc(z, d->label, 0))
		FUZZ_CHECK(in_doc(z, d->label, d->label_len) &&
			   d->label_off == (size_t)(d->label - z->buf));
	if (d->label)
		FUZZ_CHECK(d->label_off + d->label_len <= z->len ||
			   d->kind == WHATENC_DECL_BOM);
}

static int on_decl(void *ctx, const struct whatenc_decl *d)
{
	struct fz *z = ctx;

	check_decl(z, d);
	z->nd++;
	z->nused += d->used;
	return 0;
}

static int on_finding(void *ctx, const struct whatenc_finding *f)
{
	struct fz *z = ctx;

	FUZZ_CHECK(whatenc_rule_info(f->rule));
	FUZZ_CHECK(f->off <= z->len);
	FUZZ_CHECK(f->enc >= -1 && f->enc < WHATENC_NR_ENCODINGS);
	FUZZ_CHECK(f->guess == (f->rule == WHATENC_RULE_CONTENT_MISMATCH ?
				z->guess : -1));
	FUZZ_CHECK(f->len <= 4);
	if (f->decl)
		check_decl(z, f->decl);
	if (f->other)
		check_decl(z, f->other);
	z->hash = z->hash * 31 + f->rule * 1000003u + f->off;
	z->nf++;
	return z->stop_at && z->nf >= z->stop_at ? 77 : 0;
}

static int guess(void *ctx, const u8 *buf, size_t len)
{
	struct fz *z = ctx;

	FUZZ_CHECK(buf == z->buf && len == z->len);
	return z->guess;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char *const transports[] = {
		"utf-8", "UTF-16", "latin1", "koi8-r", "x-unknown", "",
		"utf-7", " Shift_JIS ",
	};
	struct whatenc_check_opts o = {
		.on_decl = on_decl, .on_finding = on_finding,
	};
	struct fz z1 = { 0 }, z2 = { 0 };
	const char *t;
	int r1, r2;

	if (size < 4)
		return 0;
	o.fmt = data[0] % 4;
	if (data[1]) {
		t = transports[data[1] % 8];
		o.transport = (const u8 *)t;
		o.transport_len = strlen(t);
	}
	z1.buf = z2.buf = data + 4;
	z1.len = z2.len = size - 4;
	z1.stop_at = z2.stop_at = data[2] & 7;
	if (data[2] & 8) {
		o.guess = guess;
		z1.guess = z2.guess = data[3] % (WHATENC_NR_ENCODINGS + 1) - 1;
	}

	o.ctx = &z1;
	r1 = whatenc_check(&o, z1.buf, z1.len);
	o.ctx = &z2;
	r2 = whatenc_check(&o, z2.buf, z2.len);
	FUZZ_CHECK(r1 == r2 && z1.nf == z2.nf && z1.nd == z2.nd &&
		   z1.hash == z2.hash);
	if (z1.stop_at && z1.nf >= z1.stop_at)
		FUZZ_CHECK(r1 == 77 && z1.nf == z1.stop_at);
	else
		FUZZ_CHECK(r1 == z1.nf);
	FUZZ_CHECK(z1.nused <= 1);
	return 0;
}
