// SPDX-License-Identifier: GPL-2.0-only
/*
 * utf16.c - UTF-16BE and UTF-16LE
 *
 * Encoding Standard, "shared UTF-16 decoder", as a step per byte: a lone
 * surrogate is an error (U+FFFD), and so is an odd byte at the end of the
 * stream. A lead surrogate followed by a code unit that is not a trail
 * surrogate is an error for the lead, and the code unit's bytes are
 * restored to the input. Neither direction is ASCII-compatible: the step
 * loops run without ASCII runs, with each byte order's own fast path.
 *
 * Extensions (not in the standard, see whatenc.h):
 *
 * - WHATENC_DEC_WTF8: a lone surrogate is not an error but is written in
 *   its 3-byte generalized UTF-8 form (ED A0 80 .. ED BF BF), as WTF-8
 *   does; a lead followed by a trail is a normal pair. An odd final byte
 *   is still an error (after a lone lead surrogate written as WTF-8).
 *
 * - The UTF-16 encoder (only with WHATENC_ENC_UTF16; the standard's
 *   output encoding of UTF-16BE/LE is UTF-8): reads UTF-8 and also
 *   WTF-8, i.e. ED A0..BF 80..BF is read as the surrogate code unit
 *   D800..DFFF and written as that one code unit. Other input follows
 *   the UTF-8 decoder's rules (malformed input: U+FFFD in html mode,
 *   WHATENC_MALFORMED in fatal mode). Every code point is representable,
 *   so this encoder never reports WHATENC_UNMAPPABLE. A generalized
 *   UTF-8 lead surrogate followed by a trail surrogate gives the same
 *   two code units, i.e. the pair.
 */
#include "steps.h"

static inline u32 utf16_unit(const u8 *p, bool be)
{
	return be ? (u32)p[0] << 8 | p[1] : (u32)p[1] << 8 | p[0];
}

/*
 * Decoder fast path: a run of ASCII code units, 4 at a time (one 64-bit
 * load: the high bytes zero, the low bytes below 0x80). Returns the
 * number of code units (a multiple of 4) written as bytes to @out.
 */
static inline size_t utf16_ascii(const u8 *in, size_t in_len, u8 *out,
				 size_t out_len, bool be)
{
	const u64 mask = be ? 0x80ff80ff80ff80ffull : 0xff80ff80ff80ff80ull;
	size_t k = 0;

	while (8 * (k / 4) + 8 <= in_len && k + 4 <= out_len) {
		u64 w = get_unaligned_le64(in + 2 * k);

		if (w & mask)
			break;
		if (be)
			w >>= 8;
		out[k] = w;
		out[k + 1] = w >> 16;
		out[k + 2] = w >> 32;
		out[k + 3] = w >> 48;
		k += 4;
	}
	return k;
}

/* The bytes of code unit @cu in stream order. */
static inline void utf16_bytes(u8 *p, u32 cu, bool be)
{
	p[be ? 0 : 1] = cu >> 8;
	p[be ? 1 : 0] = cu & 0xff;
}

/*
 * Decoder fast path: a long stretch of BMP code units that are not
 * surrogates converted in vector blocks (vec.c), from @in[*@ip] to
 * @out[*@op]; both advance. Returns false if there was nothing for it
 * (too short, no vector level, or stopped at once).
 */
static inline bool utf16_dec_vec(const u8 *in, size_t *ip, size_t in_size,
				 u8 *out, size_t *op, size_t out_size, bool be)
{
	size_t n = in_size - *ip, w;

	if (n > (out_size - *op) / 3 * 2)
		n = (out_size - *op) / 3 * 2;
	if (n < WE_VEC_MIN || !we_vec_may(WHATENC_VEC_AVX2))
		return false;
	n = whatenc_vec_convert(WE_VEC_UTF16_TO_UTF8, out + *op, in + *ip, n, &w,
				be);
	*ip += n;
	*op += w;
	return n;
}

/*
 * Decoder fast path: BMP code units that are not surrogates, straight to
 * UTF-8, over local positions; @be is a constant at each call, so each
 * byte order gets its own loop.
 */
static inline void utf16_dec_fast(struct whatenc_buf *b, bool be)
{
	const u8 *in = b->in;
	u8 *out = b->out;
	size_t ip = b->in_pos, op = b->out_pos;
	const size_t in_size = b->in_size, out_size = b->out_size;

	while (in_size - ip >= 2 && out_size - op >= 3) {
		u32 cu = utf16_unit(in + ip, be);

		if (utf16_dec_vec(in, &ip, in_size, out, &op, out_size, be))
			continue;
		if (cu < 0x80) {
			size_t k = utf16_ascii(in + ip, in_size - ip, out + op,
					       out_size - op, be);

			if (k) {
				ip += 2 * k;
				op += k;
				continue;
			}
			out[op++] = cu;
		} else if (cu < 0x800) {
			out[op] = 0xc0 | (cu >> 6);
			out[op + 1] = 0x80 | (cu & 0x3f);
			op += 2;
		} else {
			if ((cu & 0xf800) == 0xd800)
				break;
			out[op] = 0xe0 | (cu >> 12);
			out[op + 1] = 0x80 | ((cu >> 6) & 0x3f);
			out[op + 2] = 0x80 | (cu & 0x3f);
			op += 3;
		}
		ip += 2;
	}
	b->in_pos = ip;
	b->out_pos = op;
}

/* A lone surrogate @cu: an error, or itself in WTF-8 output. */
static inline u32 utf16_lone(struct whatenc_decoder *d, u32 cu,
			     unsigned int unread)
{
	if (d->flags & WHATENC_DEC_WTF8)
		return WE_STEP_ERROR_AS(cu, unread);
	return WE_STEP_ERROR(unread);
}

/* The shared UTF-16 decoder's step. */
static __always_inline u32 utf16_step(struct whatenc_decoder *d, u8 byte)
{
	u8 lead_byte = d->s.utf16.lead_byte;
	u32 cu, lead;

	if (!d->s.utf16.have_lead_byte) {
		d->s.utf16.lead_byte = byte;
		d->s.utf16.have_lead_byte = 1;
		return WE_STEP_CONTINUE;
	}
	if (d->enc == WHATENC_UTF_16BE)
		cu = (u32)lead_byte << 8 | byte;
	else
		cu = (u32)byte << 8 | lead_byte;
	d->s.utf16.lead_byte = 0;
	d->s.utf16.have_lead_byte = 0;
	if (d->s.utf16.lead_surrogate) {
		lead = d->s.utf16.lead_surrogate;
		d->s.utf16.lead_surrogate = 0;
		if (cu >= 0xdc00 && cu <= 0xdfff)
			return 0x10000 + ((lead - 0xd800) << 10) + (cu - 0xdc00);
		/* restore the code unit's bytes to the input */
		return utf16_lone(d, lead, 2);
	}
	if (cu >= 0xd800 && cu <= 0xdbff) {
		d->s.utf16.lead_surrogate = cu;
		return WE_STEP_CONTINUE;
	}
	if (cu >= 0xdc00 && cu <= 0xdfff)
		return utf16_lone(d, cu, 0);
	return cu;
}

/* Each byte order has its own fast path (@be is a constant in each). */
static void utf16_fast(struct whatenc_decoder *d, struct whatenc_buf *b)
{
	if (d->enc == WHATENC_UTF_16BE)
		utf16_dec_fast(b, true);
	else
		utf16_dec_fast(b, false);
}

/*
 * The end of the stream inside a code unit or after a lead surrogate is
 * one error (whatenc_step_eof()); in WTF-8 output the lead surrogate is written
 * first, and only an odd byte after it is an error.
 */
static enum whatenc_ret utf16_eof(struct whatenc_decoder *d,
				  struct whatenc_buf *b)
{
	u32 lead = d->s.utf16.lead_surrogate;

	if (lead && (d->flags & WHATENC_DEC_WTF8)) {
		d->s.utf16.lead_surrogate = 0;
		d->seq_len -= 2;
		memmove(d->seq, d->seq + 2, d->seq_len);
		if (!we_put_cp(d, b, lead))
			return WHATENC_OUTPUT_FULL;
		if (!d->seq_len)
			return WHATENC_INPUT_EMPTY;
	}
	return whatenc_step_eof(d, b);
}

static enum whatenc_ret utf16_decode(struct whatenc_decoder *d,
				     struct whatenc_buf *b, bool last)
{
	return we_decode_steps(d, b, last, utf16_step, utf16_fast, 0,
			       utf16_eof);
}

/*
 * Encoder fast path: a long stretch of 1-3 byte sequences converted in
 * vector blocks (vec.c), from @in[*@ip] to @out[*@op]; both advance.
 * Returns false if there was nothing for it (too short, no vector
 * level, or stopped at once).
 */
static inline bool utf16_vec(const u8 *in, size_t *ip, size_t in_size,
			     u8 *out, size_t *op, size_t out_size, bool be)
{
	size_t n = in_size - *ip, w;

	if (n > (out_size - *op) / 2)
		n = (out_size - *op) / 2;
	if (n < WE_VEC_MIN || !we_vec_may(WHATENC_VEC_AVX2))
		return false;
	n = whatenc_vec_convert(WE_VEC_UTF8_TO_UTF16, out + *op, in + *ip, n, &w,
				be);
	*ip += n;
	*op += w;
	return n;
}

/*
 * Encoder fast path: ASCII and well-formed 2- and 3-byte UTF-8 that is
 * not a surrogate (WTF-8 ED A0..BF takes the general path), one code
 * unit each.
 */
static void utf16_enc_run(struct whatenc_buf *b, bool be)
{
	const u8 *in = b->in;
	u8 *out = b->out;
	size_t ip = b->in_pos, op = b->out_pos;
	const size_t in_size = b->in_size, out_size = b->out_size;

	while (ip < in_size && out_size - op >= 2) {
		u32 cu = in[ip];

		if (utf16_vec(in, &ip, in_size, out, &op, out_size, be))
			continue;
		if (cu < 0x80) {
			ip++;
		} else {
			unsigned int len;

			if (in_size - ip < 3)
				break;
			len = we_utf8_23(in + ip, &cu);
			if (!len)
				break;
			ip += len;
		}
		utf16_bytes(out + op, cu, be);
		op += 2;
	}
	b->in_pos = ip;
	b->out_pos = op;
}

/*
 * The UTF-16 encoder's step: one code unit, or a surrogate pair. Every
 * code point is representable; a surrogate code point (read from WTF-8)
 * is one code unit.
 */
static __always_inline unsigned int utf16_enc_step(struct whatenc_encoder *e,
						   u32 cp, u8 *out)
{
	bool be = e->enc == WHATENC_UTF_16BE;

	if (cp < 0x10000) {
		utf16_bytes(out, cp, be);
		return 2;
	}
	utf16_bytes(out, 0xd800 + ((cp - 0x10000) >> 10), be);
	utf16_bytes(out + 2, 0xdc00 + (cp & 0x3ff), be);
	return 4;
}

static void utf16_enc_fast(struct whatenc_encoder *e, struct whatenc_buf *b)
{
	if (e->enc == WHATENC_UTF_16BE)
		utf16_enc_run(b, true);
	else
		utf16_enc_run(b, false);
}

static enum whatenc_ret utf16_encode(struct whatenc_encoder *e,
				     struct whatenc_buf *b, bool last)
{
	return we_encode_steps(e, b, last, utf16_enc_step, utf16_enc_fast,
			       WE_WTF8_IN);
}

const struct we_family whatenc_family_utf16 = {
	.decode = utf16_decode,
	.encode = utf16_encode,
};
