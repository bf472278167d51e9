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

static u64 user_replacements(const struct wt_session *s)
{
	return s->dir == WT_DECODE ? whatenc_decoder_replacements(&s->u.dec) :
				     0;
}

const struct wt_engine wt_engine_user = {
	.name = "user",
	.probe = user_probe,
	.open = user_open,
	.convert = user_convert,
	.close = user_close,
	.snapshot = user_snapshot,
	.replacements = user_replacements,
};

/*
 * Whether decoder @d (fatal mode), @pos bytes into its stream, has
 * consumed input it has not decoded yet: a flush of a copy finds out. If
 * so, *@from is set to the stream offset of the first such byte when the
 * flush tells: its first result is an error, which names it. Output first
 * is bytes replayed after the error @d last reported (they start right
 * after it, at most 4 bytes back; a BOM's first bytes, before any error,
 * start at 0; else *@from is @pos) or, with WTF-8 output, a UTF-16 lead
 * surrogate (2 bytes, maybe followed by a lead byte, which is an error).
 */
static bool holds_input(const struct whatenc_decoder *d, u64 pos, u64 *from)
{
	struct whatenc_decoder t = *d;
	u8 scratch[64];
	struct whatenc_buf b = { .out = scratch, .out_size = sizeof(scratch) };
	enum whatenc_ret r = whatenc_decode(&t, &b, true);
	u64 after = d->err.offset + d->err.len;

	if (r == WHATENC_INPUT_EMPTY && !b.out_pos)
		return false;
	if (r == WHATENC_MALFORMED && !b.out_pos)
		*from = t.err.offset;
	else if (b.out_pos >= 3 && scratch[0] == 0xed && scratch[1] >= 0xa0)
		/* a lone surrogate: 2 bytes, before the lead byte's error */
		*from = (r == WHATENC_MALFORMED ? t.err.offset : pos) - 2;
	else
		*from = after <= pos && pos - after <= 4 ? after : pos;
	return true;
}

/**
 * wt_user_locate() - find the input bytes that produced an output byte
 * @snap:   decoder state before the call that decoded @in
 * @in:     the input of that call
 * @len:    its length
 * @src:    stream offset of @in[0]
 * @last:   whether that call was the last one of the stream
 * @target: offset, in that call's output, of the byte looked for
 * @start:  set to the stream offset where the character's bytes start
 * @end:    set to the stream offset just after them
 *
 * Replays the call one input byte at a time (chunk boundaries never
 * change results) and watches the output grow. A character starts where
 * the last one ended or where the decoder last held nothing (after a BOM
 * or an escape sequence), which may be before @in: @snap may hold the
 * start of a character from the previous call. @snap is in fatal mode:
 * each malformed sequence counts as the 3 bytes of U+FFFD that replace
 * it.
 *
 * Return: 0, or -ENOENT if the replay never reaches @target.
 */
int wt_user_locate(const struct whatenc_decoder *snap, const u8 *in,
		   size_t len, u64 src, bool last, u64 target, u64 *start,
		   u64 *end)
{
	struct whatenc_decoder d = *snap;
	u8 scratch[64];
	u64 out = 0, mark = src, held;
	size_t p = 0;

	holds_input(snap, src, &mark);
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
			if (target - out < b.out_pos) {
				*start = mark;
				*end = src + p + b.in_pos;
				return 0;
			}
			out += b.out_pos;
			if (r != WHATENC_MALFORMED)
				continue;
			/* the CLI (or the device) writes U+FFFD for it */
			mark = d.err.offset;
			if (target - out < 3) {
				*start = mark;
				*end = mark + d.err.len;
				return 0;
			}
			out += 3;
			mark += d.err.len;
		} while (r == WHATENC_OUTPUT_FULL || r == WHATENC_MALFORMED);
		if (r != WHATENC_INPUT_EMPTY)
			return -ENOENT;
		p += b.in_pos;
		/* the next character starts here, or where the held bytes do */
		if (!holds_input(&d, src + p, &held))
			mark = src + p;
		else if (out > old)
			mark = held;
		if (fin)
			return -ENOENT;
	}
}
