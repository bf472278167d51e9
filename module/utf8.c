// SPDX-License-Identifier: GPL-2.0-only
/*
 * utf8.c - UTF-8
 *
 * Encoding Standard, "UTF-8 decoder" and "UTF-8 encoder". Both directions
 * read UTF-8: the decoder writes what it reads as UTF-8 again, and the
 * encoder (UTF-8 from UTF-8, with malformed input read with the decoder's
 * rules) does the same. So both share one fast path: the longest prefix
 * of the input that is valid, complete UTF-8 (and fits in the output) is
 * validated in one pass - ASCII a word at a time, multi-byte sequences
 * with the spec's boundaries - and copied with one memcpy. Everything
 * else (errors, a sequence cut by the end of the buffer, a partial
 * sequence held from the previous call) goes one code point at a time
 * through we_utf8_read(), the spec's bytes-needed/lower/upper-boundary
 * algorithm, which gives one U+FFFD per maximal subpart.
 */
#include "internal.h"

/*
 * Length of the longest prefix of @p[0..@n-1] that is complete, valid
 * UTF-8. Never reads past @n.
 */
static size_t utf8_valid_prefix(const u8 *p, size_t n)
{
	size_t i = 0;

	for (;;) {
		u8 c, c1;

		if (i == n)
			return i;
		c = p[i];
		if (c < 0x80) {
			i += we_ascii_copy(NULL, p + i, n - i);
			continue;
		}
		if (c >= 0xc2 && c <= 0xdf) {
			if (i + 1 >= n || (p[i + 1] & 0xc0) != 0x80)
				return i;
			i += 2;
		} else if (c >= 0xe0 && c <= 0xef) {
			if (i + 2 >= n)
				return i;
			c1 = p[i + 1];
			if ((c1 & 0xc0) != 0x80 || (p[i + 2] & 0xc0) != 0x80 ||
			    (c == 0xe0 && c1 < 0xa0) || (c == 0xed && c1 > 0x9f))
				return i;
			i += 3;
		} else if (c >= 0xf0 && c <= 0xf4) {
			if (i + 3 >= n)
				return i;
			c1 = p[i + 1];
			if ((c1 & 0xc0) != 0x80 || (p[i + 2] & 0xc0) != 0x80 ||
			    (p[i + 3] & 0xc0) != 0x80 ||
			    (c == 0xf0 && c1 < 0x90) || (c == 0xf4 && c1 > 0x8f))
				return i;
			i += 4;
		} else {
			return i;
		}
	}
}

/* Copy the valid prefix of the input that fits in the output. */
static inline void utf8_copy_valid(struct whatenc_buf *b)
{
	size_t n = b->in_size - b->in_pos;

	if (n > b->out_size - b->out_pos)
		n = b->out_size - b->out_pos;
	n = utf8_valid_prefix(b->in + b->in_pos, n);
	memcpy(b->out + b->out_pos, b->in + b->in_pos, n);
	b->in_pos += n;
	b->out_pos += n;
}

enum whatenc_ret whatenc_utf8_decode(struct whatenc_decoder *d,
				     struct whatenc_buf *b, bool last)
{
	struct whatenc_utf8_state *st = &d->s.utf8;

	for (;;) {
		u32 cp;

		if (!st->needed)
			utf8_copy_valid(b);
		if (b->in_pos == b->in_size && (!last || !st->needed))
			return WHATENC_INPUT_EMPTY;
		if (b->out_pos == b->out_size && b->in_pos < b->in_size)
			return WHATENC_OUTPUT_FULL;
		cp = we_utf8_read(st, b);
		if (cp == WE_NEED_MORE) {
			if (!last || !st->needed)
				return WHATENC_INPUT_EMPTY;
			/* end of stream inside a sequence: one error */
			cp = WE_MALFORMED;
			st->needed = 0;
			st->lower = 0x80;
			st->upper = 0xbf;
		}
		if (cp == WE_MALFORMED) {
			if (d->flags & WHATENC_DEC_FATAL) {
				d->err.len = st->seen;
				memcpy(d->err.bytes, st->seq, sizeof(d->err.bytes));
				return WHATENC_MALFORMED;
			}
			cp = WE_FFFD;
		}
		if (!we_put_cp(d, b, cp))
			return WHATENC_OUTPUT_FULL;
	}
}

enum whatenc_ret whatenc_utf8_encode(struct whatenc_encoder *e,
				     struct whatenc_buf *b, bool last)
{
	for (;;) {
		u8 unit[4];
		u32 cp;

		if (!e->in.needed)
			utf8_copy_valid(b);
		if (b->out_pos == b->out_size && b->in_pos < b->in_size)
			return WHATENC_OUTPUT_FULL;
		cp = we_enc_next(e, b, last);
		if (cp == WE_NEED_MORE)
			return WHATENC_INPUT_EMPTY;
		if (cp == WE_MALFORMED)
			return WHATENC_MALFORMED;
		if (!we_put_bytes(e, b, unit, we_utf8_write(unit, cp)))
			return WHATENC_OUTPUT_FULL;
	}
}
