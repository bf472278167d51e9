// SPDX-License-Identifier: GPL-2.0-only
/*
 * engine_user.c - the "user" engine: the conversion core linked in
 */
#include "engine.h"

static int user_probe(void)
{
	return 0;
}

static int user_open(struct wt_session *s)
{
	if (s->dir == WT_DECODE)
		return whatenc_decoder_init(&s->u.dec, s->enc, s->flags);
	return whatenc_encoder_init(&s->u.enc, s->enc, s->flags);
}

static int user_convert(struct wt_session *s, struct whatenc_buf *b,
			bool last)
{
	enum whatenc_ret r;

	if (s->dir == WT_DECODE) {
		r = whatenc_decode(&s->u.dec, b, last);
		if (r == WHATENC_MALFORMED)
			s->err = s->u.dec.err;
	} else {
		r = whatenc_encode(&s->u.enc, b, last);
		if (r == WHATENC_MALFORMED || r == WHATENC_UNMAPPABLE)
			s->err = s->u.enc.err;
	}
	return r;
}

static void user_close(struct wt_session *s)
{
	(void)s;
}

static bool user_snapshot(const struct wt_session *s,
			  struct whatenc_decoder *snap)
{
	if (s->dir != WT_DECODE)
		return false;
	*snap = s->u.dec;
	return true;
}

const struct wt_engine wt_engine_user = {
	.name = "user",
	.probe = user_probe,
	.open = user_open,
	.convert = user_convert,
	.close = user_close,
	.snapshot = user_snapshot,
};

/**
 * wt_user_locate() - find the input bytes that produced an output byte
 * @snap:   decoder state before the call that decoded @in
 * @in:     the input of that call
 * @len:    its length
 * @last:   whether that call was the last one of the stream
 * @target: offset, in that call's output, of the byte looked for
 * @start:  set to the offset in @in where the character's bytes start
 * @end:    set to the offset in @in just after them
 *
 * Replays the call one input byte at a time (chunk boundaries never
 * change results) and watches the output grow. @snap may be in fatal
 * mode: each malformed sequence counts as the 3 bytes of U+FFFD that
 * replace it.
 *
 * Return: 0, or -ENOENT if the replay never reaches @target.
 */
int wt_user_locate(const struct whatenc_decoder *snap, const u8 *in,
		   size_t len, bool last, u64 target, size_t *start,
		   size_t *end)
{
	struct whatenc_decoder d = *snap;
	u8 scratch[64];
	u64 out = 0;
	size_t p = 0, mark = 0;

	for (;;) {
		bool fin = p == len;
		struct whatenc_buf b = {
			.in = in + p, .in_size = fin ? 0 : 1,
			.out = scratch, .out_size = sizeof(scratch),
		};
		enum whatenc_ret r;
		u64 old = out;

		if (fin && !last)
			return -ENOENT;
		do {
			b.out_pos = 0;
			r = whatenc_decode(&d, &b, fin);
			out += b.out_pos;
			/* the CLI (or the device) writes U+FFFD for it */
			if (r == WHATENC_MALFORMED)
				out += 3;
		} while (r == WHATENC_OUTPUT_FULL || r == WHATENC_MALFORMED);
		if (r != WHATENC_INPUT_EMPTY)
			return -ENOENT;
		p += b.in_pos;
		if (out > old) {
			if (old <= target && target < out) {
				*start = mark;
				*end = p;
				return 0;
			}
			mark = p;
		}
		if (fin)
			return -ENOENT;
	}
}
