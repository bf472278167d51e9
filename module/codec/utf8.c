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
 * with the spec's boundaries - and copied with one memcpy (with AVX2:
 * validated and copied 64 bytes a step, whatenc_utf8_valid_copy()). Everything
 * else (errors, a sequence cut by the end of the buffer, a partial
 * sequence held from the previous call) goes one byte at a time through
 * the spec's decoder step, we_utf8_step() (bytes needed, lower and upper
 * boundary), which gives one U+FFFD per maximal subpart.
 */
#include "steps.h"

/*
 * Length of the longest prefix of @p[0..@n-1] that is complete, valid
 * UTF-8. Never reads past @n. With 4 bytes left or more, a sequence is
 * checked with masks on one 32-bit load (lead and trail bit patterns,
 * then the spec's lower/upper boundaries on the few payload bits that
 * decide them); the last 3 bytes byte by byte.
 */
size_t whatenc_utf8_valid_scalar(const u8 *p, size_t n)
{
	size_t i = 0;

	while (n - i >= 4) {
		u32 w = get_unaligned_le32(p + i), m;

		if (!(w & 0x80)) {
			m = w & 0x80808080;
			if (!m)		/* 4 ASCII bytes or more: by words */
				i += we_ascii_copy_vec(NULL, p + i, n - i,
						       true);
			else		/* 1-3 ASCII bytes */
				i += __ffs(m) >> 3;
			continue;
		}
		if ((w & 0xc0c0f0) == 0x8080e0) {
			/* 3 bytes: not E0 80..9F (overlong), ED A0..BF; in runs */
			do {
				m = w & 0x200f;
				if (m == 0 || m == 0x200d)
					return i;
				i += 3;
				if (n - i < 4)
					break;
				w = get_unaligned_le32(p + i);
			} while ((w & 0xc0c0f0) == 0x8080e0);
			continue;
		}
		if ((w & 0xc0e0) == 0x80c0) {
			/* 2 bytes: not C0, C1 (overlong); in runs */
			do {
				if (!(w & 0x1e))
					return i;
				i += 2;
				if (n - i < 4)
					break;
				w = get_unaligned_le32(p + i);
			} while ((w & 0xc0e0) == 0x80c0);
			continue;
		}
		if ((w & 0xc0c0c0f8) == 0x808080f0) {
			/* 4 bytes: plane (cp >> 16) 1..16 */
			m = (w & 7) << 2 | ((w >> 12) & 3);
			if (m < 1 || m > 16)
				return i;
			i += 4;
			continue;
		}
		return i;
	}
	for (;;) {
		u8 c, c1;

		if (i == n)
			return i;
		c = p[i];
		if (c < 0x80) {
			i++;
			continue;
		}
		/* the last 3 bytes: every check spelled out */
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

/*
 * Copy the valid prefix of the input that fits in the output, validated
 * and copied in 16 KiB pieces, so that the copy reads from the cache.
 */
static inline void utf8_copy_valid(struct whatenc_buf *b)
{
	size_t n = b->in_size - b->in_pos;

	if (n > b->out_size - b->out_pos)
		n = b->out_size - b->out_pos;
	while (n) {
		size_t piece = n < 16384 ? n : 16384;
		size_t v = whatenc_utf8_valid_copy(b->out + b->out_pos,
					      b->in + b->in_pos, piece);

		b->in_pos += v;
		b->out_pos += v;
		/* on, unless stopped by an error or the end (not a cut piece) */
		if (v < piece && (piece == n || piece - v >= 4))
			break;
		n -= v;
	}
}

/* The UTF-8 decoder's step, and the valid prefix as its fast path. */
static __always_inline u32 utf8_step(struct whatenc_decoder *d, u8 byte)
{
	return we_utf8_step(&d->s.utf8, byte, false);
}

static void utf8_fast(struct whatenc_decoder *d, struct whatenc_buf *b)
{
	utf8_copy_valid(b);
}

/* The UTF-8 encoder's step: UTF-8 from UTF-8, with the same fast path. */
static __always_inline unsigned int utf8_enc_step(struct whatenc_encoder *e,
						  u32 cp, u8 *out)
{
	return we_utf8_write(out, cp);
}

static void utf8_enc_fast(struct whatenc_encoder *e, struct whatenc_buf *b)
{
	utf8_copy_valid(b);
}

WE_STEP_FAMILY(utf8, utf8_step, utf8_fast, utf8_enc_step, utf8_enc_fast);
