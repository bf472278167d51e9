/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * internal.h - what the engine and the encoding families share
 *
 * The engine (engine.c) owns BOM handling, held output, replayed bytes,
 * stream offsets, the error modes and the dispatch through the
 * encodings' table (encodings.c) to one struct we_family per family.
 *
 * The families are spec steps: a decoder step per byte and an encoder
 * step per code point, run by the engine's loops we_decode_steps() and
 * we_encode_steps() (see "decoder steps" and we_encode_steps() below for
 * the contract; WE_STEP_FAMILY() for the ASCII-compatible ones), with
 * optional fast-path hooks that use the same mapping functions as the
 * steps.
 *
 * One coder is not: the ISO-2022-JP encoder ("restore code point" after
 * an escape sequence) converts a whole buffer per call and follows these
 * rules:
 *
 * - It is entered with nothing held in ->pend.
 * - Output goes through we_put_cp() (decoders) or we_put_bytes()
 *   (encoders). When these return false the unit went to ->pend and the
 *   family must return WHATENC_OUTPUT_FULL at once, with the input that
 *   produced the unit consumed. Before consuming input for a new unit a
 *   family may return WHATENC_OUTPUT_FULL when b->out_pos == b->out_size.
 * - "Restore byte to the I/O queue" for the byte being processed means:
 *   do not advance b->in_pos. Restoring bytes consumed earlier (kept in
 *   the family's state) means: we_replay() them and return at once
 *   (WHATENC_INPUT_EMPTY, or what the error step returns); the engine
 *   feeds them to the family again before the rest of the input.
 * - Errors go through the engine, which alone reads the error mode:
 *   we_dec_error() (U+FFFD, or the fatal record of the offending bytes:
 *   WHATENC_MALFORMED), we_enc_next() for malformed UTF-8 and
 *   we_unmappable() for code points ("&#NNNN;" or WHATENC_UNMAPPABLE).
 *   The state is left as the spec's handler leaves it, so that calling
 *   again continues after the error; the engine computes ->err.offset.
 *   Encoders set ->err_held to the number of input bytes consumed after
 *   the offending ones (normally 0).
 * - With last == true and all input consumed, the family flushes (a
 *   partial sequence is an error; the ISO-2022-JP encoder returns to
 *   ASCII) and returns WHATENC_INPUT_EMPTY; the engine then resets the
 *   coder.
 */
#ifndef WHATENC_INTERNAL_H
#define WHATENC_INTERNAL_H

#include "whatenc.h"

#define WE_FFFD 0xfffdu

/* ---- output ---------------------------------------------------------- */

static inline unsigned int we_utf8_len(u32 cp)
{
	return cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
}

static inline unsigned int we_utf8_write(u8 *p, u32 cp)
{
	if (cp < 0x80) {
		p[0] = cp & 0x7f;
		return 1;
	}
	if (cp < 0x800) {
		p[0] = 0xc0 | ((cp >> 6) & 0x1f);
		p[1] = 0x80 | (cp & 0x3f);
		return 2;
	}
	if (cp < 0x10000) {
		p[0] = 0xe0 | ((cp >> 12) & 0x0f);
		p[1] = 0x80 | ((cp >> 6) & 0x3f);
		p[2] = 0x80 | (cp & 0x3f);
		return 3;
	}
	p[0] = 0xf0 | ((cp >> 18) & 0x07);
	p[1] = 0x80 | ((cp >> 12) & 0x3f);
	p[2] = 0x80 | ((cp >> 6) & 0x3f);
	p[3] = 0x80 | (cp & 0x3f);
	return 4;
}

/*
 * Write a unit of @n bytes to the output, or hold all of it in @pend if
 * it does not fit (or something is held already: order is kept).
 * Returns false when the unit was held.
 */
static inline bool we_put_unit(struct whatenc_buf *b, u8 *pend, u8 *pend_len,
			       const u8 *unit, unsigned int n)
{
	if (likely(!*pend_len && b->out_size - b->out_pos >= n)) {
		memcpy(b->out + b->out_pos, unit, n);
		b->out_pos += n;
		return true;
	}
	memcpy(pend + *pend_len, unit, n);
	*pend_len += n;
	return false;
}

/* Decoders: write code point @cp as UTF-8. */
static inline bool we_put_cp(struct whatenc_decoder *d, struct whatenc_buf *b,
			     u32 cp)
{
	u8 tmp[4];

	if (likely(!d->pend_len && b->out_size - b->out_pos >= 4)) {
		b->out_pos += we_utf8_write(b->out + b->out_pos, cp);
		return true;
	}
	return we_put_unit(b, d->pend, &d->pend_len, tmp,
			   we_utf8_write(tmp, cp));
}

/* Encoders: write @n output bytes as one unit. */
static inline bool we_put_bytes(struct whatenc_encoder *e,
				struct whatenc_buf *b, const u8 *bytes,
				unsigned int n)
{
	return we_put_unit(b, e->pend, &e->pend_len, bytes, n);
}

/* Encoders: one byte. */
static inline bool we_put_byte(struct whatenc_encoder *e,
			       struct whatenc_buf *b, u8 byte)
{
	if (likely(!e->pend_len && b->out_pos < b->out_size)) {
		b->out[b->out_pos++] = byte;
		return true;
	}
	return we_put_unit(b, e->pend, &e->pend_len, &byte, 1);
}

/* Encoders: two bytes. */
static inline bool we_put_byte2(struct whatenc_encoder *e,
				struct whatenc_buf *b, u8 b0, u8 b1)
{
	u8 tmp[2] = { b0, b1 };

	return we_put_unit(b, e->pend, &e->pend_len, tmp, 2);
}

/*
 * Encoders: an unmappable code point. In html mode, writes "&#NNNN;",
 * counts it (e->unmappables: called once per code point, also by
 * ISO-2022-JP, which reads one again after a change of state but only
 * calls this in ASCII or Roman state) and returns WHATENC_INPUT_EMPTY
 * (meaning: carry on), or WHATENC_OUTPUT_FULL if the unit was held. In
 * fatal mode records the error and returns WHATENC_UNMAPPABLE.
 */
enum whatenc_ret we_unmappable(struct whatenc_encoder *e,
			       struct whatenc_buf *b, u32 cp);

/* ---- rank tables ----------------------------------------------------- */

/*
 * The reverse tables are "bitmap + rank" tables (scripts/gentables): per
 * block of 32 code points a bitmap of those present and @base, how many
 * are present before the block. we_rank() is the number present before
 * @bit (0..31): the index of its entry if @bits has @bit (the absent ones
 * before it are then @bit + block start - we_rank()).
 */
static inline unsigned int we_rank(u32 bits, unsigned int base,
				   unsigned int bit)
{
	return base + hweight32(bits & ((1u << bit) - 1));
}

/*
 * A paged rank table of the BMP: @page maps each 1024 code points to a
 * run of 32 blocks of 32 (the pages without entries to one whose bitmaps
 * are 0), @bits and @base are per block, @code the values in code point
 * order.
 */
struct we_rank_table {
	const u8 *page;
	const u32 *bits;
	const u16 *base;
	const u16 *code;
};

/* The value for @cp in @t, or 0 if it has none. */
static __always_inline u16 we_rank_lookup(const struct we_rank_table *t,
					  u32 cp)
{
	unsigned int blk, bit = cp & 31;
	u32 bits;

	if (unlikely(cp >= 0x10000))
		return 0;
	blk = t->page[cp >> 10] * 32 + ((cp >> 5) & 31);
	/* @bit at the top, the bits below it under it: one shift for both */
	bits = t->bits[blk] << (31 - bit);
	if (unlikely((s32)bits >= 0))
		return 0;
	return t->code[t->base[blk] + hweight32(bits) - 1];
}

/* ---- replay ---------------------------------------------------------- */

/* Restore bytes consumed earlier to the front of the input. */
static inline void we_replay(struct whatenc_decoder *d, const u8 *bytes,
			     unsigned int n)
{
	memmove(d->replay + n, d->replay, d->replay_len);
	memcpy(d->replay, bytes, n);
	d->replay_len += n;
}

/* ---- input ----------------------------------------------------------- */

/* What a decoder step returns besides code points: see "decoder steps". */
#define WE_STEP_CONTINUE	0xffffffffu
#define WE_STEP_ERROR(unread)	(0x80000000u | (unread))
#define WE_STEP_PAIR(a, b)	(0x40000000u | (u32)(a) << 15 | (b))

/* Vector paths (vec.c): the level in use, as static keys */
DECLARE_STATIC_KEY_TRUE(we_vec_sse2);
DECLARE_STATIC_KEY_FALSE(we_vec_avx2);

/* Whether vector paths of @level may run (the dispatchers decide). */
static __always_inline bool we_vec_may(int level)
{
	if (level >= WHATENC_VEC_AVX2)
		return static_branch_likely(&we_vec_avx2);
	return level < WHATENC_VEC_SSE2 || static_branch_likely(&we_vec_sse2);
}

size_t we_vec_ascii_copy(u8 *dst, const u8 *src, size_t n);
#define WE_VEC_UTF8_TO_UTF16	0	/* we_vec_convert()'s conversions */
#define WE_VEC_UTF16_TO_UTF8	1
#define WE_VEC_SB_TO_UTF8	2	/* we_vec_sb_decode() */
size_t we_vec_convert(int conv, u8 *dst, const u8 *src, size_t n,
		      size_t *out, bool be);
size_t we_utf8_valid_copy(u8 *d, const u8 *s, size_t n);
/* single-byte decoding of long inputs (sb_long.c) */
#define WE_SB_LONG	512
void we_sb_decode_long(unsigned int row, struct whatenc_buf *b);
size_t we_vec_sb_decode(u8 *dst, size_t room, const u8 *src, size_t n,
			size_t *out, const u32 *high, const u8 *planes);
/* the scalar validator (utf8.c), the reference of we_utf8_valid_copy() */
size_t we_utf8_valid_scalar(const u8 *s, size_t n);

/* The 4 bytes at @p as a number, @p[k] in bits 8k..8k+7. */
static inline u32 we_le32(const u8 *p)
{
	u32 w;

	memcpy(&w, p, 4);
#if __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
	w = __builtin_bswap32(w);
#endif
	return w;
}

/* Store @v at @p, high byte first (one 16-bit store, not two bytes). */
static inline void we_put_be16(u8 *p, u16 v)
{
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	v = __builtin_bswap16(v);
#endif
	memcpy(p, &v, 2);
}

/* Store @v at @p, low byte first (one 32-bit store). */
static inline void we_put_le32(u8 *p, u32 v)
{
#if __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
	v = __builtin_bswap32(v);
#endif
	memcpy(p, &v, 4);
}

/* Index of the first byte of word @m (only bits 0x80 set) that has its bit. */
static inline unsigned int we_first_high_byte(u64 m)
{
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	return __builtin_ctzll(m) >> 3;
#else
	return __builtin_clzll(m) >> 3;
#endif
}

/*
 * Copy @n < 8 bytes from @src to @dst: at most three moves, not a loop
 * (the end of an ASCII run found in a word).
 */
static __always_inline void we_copy_short(u8 *dst, const u8 *src, size_t n)
{
	if (n & 4) {
		memcpy(dst, src, 4);
		dst += 4;
		src += 4;
	}
	if (n & 2) {
		memcpy(dst, src, 2);
		dst += 2;
		src += 2;
	}
	if (n & 1)
		*dst = *src;
}

/*
 * Length of the ASCII prefix of @src (at most @n), 32 bytes per step in
 * long runs, then a word at a time; the first non-ASCII byte of a word
 * is found with one count-trailing-zeros, not byte by byte. With @dst
 * non-NULL the prefix is also copied there (nothing past it is written).
 * With @vec, a run still going after 40 bytes with WE_VEC_MIN left goes
 * on in we_vec_ascii_copy() (vec.c): one call that ends the function.
 * (The encoders' loops measured 8% more instructions per byte with that
 * call inlined into them: they use we_ascii_copy().)
 */
static __always_inline size_t we_ascii_copy_vec(u8 *dst, const u8 *src,
						size_t n, bool vec)
{
	const u64 hi = 0x8080808080808080ull;
	size_t i = 0;
	u64 w, m;

	/* short runs (a space between words) end in the first word */
	if (n >= 8) {
		memcpy(&w, src, 8);
		m = w & hi;
		if (m) {
			n = we_first_high_byte(m);
			if (dst)
				we_copy_short(dst, src, n);
			return n;
		}
		if (dst)
			memcpy(dst, &w, 8);
		i = 8;
	}
	while (i + 32 <= n) {
		u64 w0, w1, w2, w3;

		memcpy(&w0, src + i, 8);
		memcpy(&w1, src + i + 8, 8);
		memcpy(&w2, src + i + 16, 8);
		memcpy(&w3, src + i + 24, 8);
		if ((w0 | w1 | w2 | w3) & hi)
			break;
		if (dst) {
			memcpy(dst + i, &w0, 8);
			memcpy(dst + i + 8, &w1, 8);
			memcpy(dst + i + 16, &w2, 8);
			memcpy(dst + i + 24, &w3, 8);
		}
		i += 32;
		if (vec && n - i >= WE_VEC_MIN && we_vec_may(WHATENC_VEC_SSE2))
			return i + we_vec_ascii_copy(dst ? dst + i : NULL,
						     src + i, n - i);
	}
	while (i + 8 <= n) {
		memcpy(&w, src + i, 8);
		m = w & hi;
		if (m) {
			n = we_first_high_byte(m);
			if (dst)
				we_copy_short(dst + i, src + i, n);
			return i + n;
		}
		if (dst)
			memcpy(dst + i, &w, 8);
		i += 8;
	}
	while (i < n && src[i] < 0x80) {
		if (dst)
			dst[i] = src[i];
		i++;
	}
	return i;
}

/* we_ascii_copy_vec() without the vector paths: for the encoders' loops */
static __always_inline size_t we_ascii_copy(u8 *dst, const u8 *src, size_t n)
{
	return we_ascii_copy_vec(dst, src, n, false);
}

/*
 * Fast paths over local positions: copy the ASCII run at in[*ip] to
 * out[*op], as far as both sizes allow, and advance both. Returns its
 * length (0: no room in the output).
 */
static __always_inline size_t we_ascii_fast_vec(const u8 *in, size_t *ip,
						size_t in_size, u8 *out,
						size_t *op, size_t out_size,
						bool vec)
{
	size_t n = in_size - *ip;

	if (n > out_size - *op)
		n = out_size - *op;
	n = we_ascii_copy_vec(out + *op, in + *ip, n, vec);
	*ip += n;
	*op += n;
	return n;
}

static __always_inline size_t we_ascii_fast(const u8 *in, size_t *ip,
					    size_t in_size, u8 *out,
					    size_t *op, size_t out_size)
{
	return we_ascii_fast_vec(in, ip, in_size, out, op, out_size, true);
}

/* we_ascii_fast() without the vector paths (see we_ascii_copy()) */
static __always_inline size_t we_ascii_enc_fast(const u8 *in, size_t *ip,
						size_t in_size, u8 *out,
						size_t *op, size_t out_size)
{
	return we_ascii_fast_vec(in, ip, in_size, out, op, out_size, false);
}

/*
 * Copy the ASCII run at the input position to the output, as far as both
 * have room; both positions advance past it.
 */
static __always_inline void we_ascii_run(struct whatenc_buf *b)
{
	size_t n = b->in_size - b->in_pos;

	if (n > b->out_size - b->out_pos)
		n = b->out_size - b->out_pos;
	n = we_ascii_copy_vec(b->out + b->out_pos, b->in + b->in_pos, n,
			      true);
	b->in_pos += n;
	b->out_pos += n;
}

/*
 * The ASCII run at in[*ip] when a non-ASCII byte ends it in the same
 * word (a space, a few letters between the characters of CJK prose; 8
 * bytes readable), without a branch on how long it is, for the CJK fast
 * paths (without the byte loop of we_ascii_fast(), whose end the CPU
 * mispredicts on such prose): the word is stored
 * whole (out[*op] has room for 8 bytes; what follows the run is
 * scratch, overwritten next) and both positions advance past the run.
 * Returns false, with nothing done, for a word all ASCII (a longer run).
 */
static __always_inline bool we_ascii_short(const u8 *in, size_t *ip,
					       u8 *out, size_t *op)
{
	u64 w, m;
	unsigned int k;

	memcpy(&w, in + *ip, 8);
	m = w & 0x8080808080808080ull;
	if (!m)
		return false;
	k = we_first_high_byte(m);
	memcpy(out + *op, &w, 8);
	*ip += k;
	*op += k;
	return true;
}

/*
 * Encoders' fast paths: a well-formed 2- or 3-byte UTF-8 sequence at @p
 * (3 bytes must be readable), whose bytes are also @w (@p[k] in bits
 * 8k..8k+7; bits 24..31 are not looked at: a caller with 4 bytes
 * readable loads them as one word, we_le32()). Returns its length and
 * sets *@cp, or returns 0 for anything else (ASCII, 4-byte, malformed,
 * overlong, surrogate unless @surrogates: for callers whose lookups have
 * no value for U+D800..U+DFFF and stop there all the same, one test
 * less), which the caller leaves to we_utf8_read(). The
 * bit patterns and the spec's boundaries are checked with masks on the
 * three bytes as one number (E0 80..9F: lead nibble 0 and trail bit 5
 * clear; ED A0..BF: lead nibble D and trail bit 5 set; C0, C1: lead bits
 * 1-4 clear).
 */
static __always_inline unsigned int we_utf8_23w_any(const u8 *p, u32 w,
						    u32 *cp, bool surrogates)
{
	u32 t;

	if ((w & 0xc0c0f0) == 0x8080e0) {
		t = w & 0x200f;
		if (t == 0 || (!surrogates && t == 0x200d))
			return 0;
		/* the tag bits are known: subtract them instead of masking */
		*cp = (p[0] << 12) + (p[1] << 6) + p[2] - 0xe2080;
		return 3;
	}
	if ((w & 0xc0e0) == 0x80c0 && (w & 0x1e)) {
		*cp = (w & 0x1f) << 6 | ((w >> 8) & 0x3f);
		return 2;
	}
	return 0;
}

/* we_utf8_23w_any(): surrogates are malformed. */
static __always_inline unsigned int we_utf8_23w(const u8 *p, u32 w, u32 *cp)
{
	return we_utf8_23w_any(p, w, cp, false);
}

/* we_utf8_23w() with 3 bytes readable at @p. */
static inline unsigned int we_utf8_23(const u8 *p, u32 *cp)
{
	return we_utf8_23w(p, p[0] | (u32)p[1] << 8 | (u32)p[2] << 16, cp);
}

/* Values of we_utf8_read() that are not code points. */
#define WE_NEED_MORE	0xffffffffu	/* input ended inside a sequence */
#define WE_MALFORMED	0xfffffffeu	/* a maximal subpart ended; see st->seq */

/* Initial UTF-8 decoder state: all zero. */
static inline void we_utf8_init(struct whatenc_utf8_state *st)
{
	memset(st, 0, sizeof(*st));
}

/*
 * The UTF-8 decoder (Encoding Standard, "UTF-8 decoder") for one byte, as
 * a decoder step (see "decoder steps" below for what it returns). Its
 * UTF-8 code point, bytes needed, bytes seen and lower and upper
 * boundaries are in @st, all zero between sequences: a lead byte sets the
 * boundaries. With @wtf8, ED keeps the upper boundary BF: ED A0..BF 80..BF
 * is a surrogate code point (WTF-8, read by the UTF-16 encoder).
 */
static __always_inline u32 we_utf8_step(struct whatenc_utf8_state *st,
					u8 byte, bool wtf8)
{
	u32 cp;

	if (st->needed == 0) {
		if (byte < 0x80)
			return byte;
		if (byte < 0xc2 || byte > 0xf4)
			return WE_STEP_ERROR(0);
		st->lower = 0x80;
		st->upper = 0xbf;
		if (byte <= 0xdf) {
			st->needed = 1;
			st->cp = byte & 0x1f;
		} else if (byte <= 0xef) {
			if (byte == 0xe0)
				st->lower = 0xa0;
			if (byte == 0xed && !wtf8)
				st->upper = 0x9f;
			st->needed = 2;
			st->cp = byte & 0xf;
		} else {
			if (byte == 0xf0)
				st->lower = 0x90;
			if (byte == 0xf4)
				st->upper = 0x8f;
			st->needed = 3;
			st->cp = byte & 0x7;
		}
		return WE_STEP_CONTINUE;
	}
	if (byte < st->lower || byte > st->upper) {
		st->cp = 0;
		st->needed = 0;
		st->seen = 0;
		st->lower = 0;
		st->upper = 0;
		/* restore byte to the input */
		return WE_STEP_ERROR(1);
	}
	st->lower = 0x80;
	st->upper = 0xbf;
	st->cp = (st->cp << 6) | (byte & 0x3f);
	st->seen++;
	if (st->seen != st->needed)
		return WE_STEP_CONTINUE;
	cp = st->cp;
	st->cp = 0;
	st->needed = 0;
	st->seen = 0;
	st->lower = 0;
	st->upper = 0;
	return cp;
}

/*
 * Read one code point of UTF-8 (of WTF-8 with @wtf8) from b->in at
 * b->in_pos with the UTF-8 decoder (we_utf8_step()). A partial sequence
 * is kept in @st across calls. On WE_MALFORMED the bytes of the maximal
 * subpart are in st->seq[0..st->len-1] (valid until the next call), and a
 * byte that must be processed again is left unconsumed.
 */
static __always_inline u32 we_utf8_read_any(struct whatenc_utf8_state *st,
					    struct whatenc_buf *b, bool wtf8)
{
	while (b->in_pos < b->in_size) {
		u8 byte = b->in[b->in_pos];
		u32 r;

		if (st->needed == 0)
			st->len = 0;
		r = we_utf8_step(st, byte, wtf8);
		if (r == WE_STEP_ERROR(1))
			return WE_MALFORMED;
		b->in_pos++;
		st->seq[st->len++] = byte;
		if (r == WE_STEP_CONTINUE)
			continue;
		if (r == WE_STEP_ERROR(0))
			return WE_MALFORMED;
		st->len = 0;
		return r;
	}
	return WE_NEED_MORE;
}

static inline u32 we_utf8_read(struct whatenc_utf8_state *st,
			       struct whatenc_buf *b)
{
	return we_utf8_read_any(st, b, false);
}

/*
 * Encoders: the next input code point (@wtf8: WTF-8 input). Returns
 * WE_NEED_MORE when this buffer is used up (at the end of the stream a
 * truncated sequence is malformed). Malformed input gives U+FFFD in html
 * mode; in fatal mode it gives WE_MALFORMED with e->err.len/bytes set,
 * and the family must return WHATENC_MALFORMED.
 */
u32 we_enc_malformed(struct whatenc_encoder *e);

static __always_inline u32 we_enc_next(struct whatenc_encoder *e,
				       struct whatenc_buf *b, bool last,
				       bool wtf8)
{
	u32 cp = we_utf8_read_any(&e->in, b, wtf8);

	if (likely(cp < WE_MALFORMED))
		return cp;
	if (cp == WE_NEED_MORE && (!last || !e->in.needed))
		return WE_NEED_MORE;
	return we_enc_malformed(e);
}

/*
 * Fast path of the two-byte encoders: ASCII runs and complete two- and
 * three-byte UTF-8 characters that have a two-byte form, while at least
 * 4 input bytes (each character read as one word) and 2 output bytes
 * (4 with @take_ascii) remain. Anything else (four-byte UTF-8, malformed
 * input, unmappable code points) is left to the general path
 * of we_encode_two_byte(), which handles it and comes back here. Runs
 * where hweight32() is POPCNT (we_popcnt_usable(): not in userspace on
 * a CPU without it, where the general path does it all), so the rank
 * lookups have the bare instruction, without a test.
 *
 * @take_ascii (EUC-KR: Korean prose is words of Hangul separated by
 * single spaces, and the branch on "ASCII or not" before each character
 * is mispredicted at the end of every word): a three-byte character
 * takes the byte after it along when that is ASCII, without a branch,
 * its code and that byte one 32-bit store (the fourth byte scratch),
 * the positions advanced by a computed length.
 */
static __always_inline void we_enc_fast_two_byte_any(struct whatenc_buf *b,
						     u16 (*lookup)(u32 cp),
						     bool take_ascii)
{
	const u8 *in = b->in;
	u8 *out = b->out;
	/* locals: the byte stores below could alias *b */
	const size_t in_size = b->in_size, out_size = b->out_size;
	const size_t room = take_ascii ? 4 : 2;
	size_t ip = b->in_pos, op = b->out_pos;
	/* the last positions with 4 bytes to read and room for @room */
	const size_t in_last = in_size - 4, out_last = out_size - room;
	u32 cp3;

	if (in_size < 4 || out_size < room || !we_popcnt_usable())
		return;
	while (ip <= in_last && op <= out_last) {
		unsigned int len;
		u32 cp, w;
		u16 code;

		if (in[ip] < 0x80) {
			if (ip + 4 > in_last || op + 8 - room > out_last ||
			    !we_ascii_short(in, &ip, out, &op))
				we_ascii_enc_fast(in, &ip, in_size, out, &op,
						  out_size);
			continue;
		}
		w = we_le32(in + ip);
		len = we_utf8_23w(in + ip, w, &cp);
		if (!len)
			break;
		code = lookup(cp);
		if (!code)
			break;
		if (take_ascii && len == 3) {
			/* -1 if byte 3 is not ASCII, else 0: taken along */
			long nb = (s32)w >> 31;

			we_put_le32(out + op, __builtin_bswap16(code) |
					      (w >> 24) << 16);
			ip += 4 + nb;
			op += 3 + nb;
			continue;
		}
		we_put_be16(out + op, code);
		op += 2;
		ip += len;
	}
	/* a last 3-byte character (a name's): not left to the general path */
	if (in_size - ip == 3 && out_size - op >= 2 &&
	    we_utf8_23(in + ip, &cp3) == 3) {
		u16 code = lookup(cp3);

		if (code) {
			we_put_be16(out + op, code);
			op += 2;
			ip += 3;
		}
	}
	b->in_pos = ip;
	b->out_pos = op;
}

static __always_inline void we_enc_fast_two_byte(struct whatenc_buf *b,
						 u16 (*lookup)(u32 cp))
{
	we_enc_fast_two_byte_any(b, lookup, false);
}

/*
 * Store a fast path's @code at @p: one byte if @single and @code is below
 * 0x100, else two, high byte first (room for two). Returns the count.
 */
static __always_inline unsigned int we_put_code(u8 *p, u16 code, bool single)
{
	if (single && unlikely(code < 0x100)) {
		*p = code;
		return 1;
	}
	we_put_be16(p, code);
	return 2;
}

/*
 * The bulk of a two-byte encoder's fast path, for prose that mixes ASCII
 * with three-byte characters (CJK). A step at an ASCII byte stores the
 * next 8 input bytes to the output and moves both positions past their
 * ASCII ones (a space, a short run: no branch on how much ASCII there
 * is, nor on its end, which the CPU mispredicts on text it has not
 * learnt), then encodes the character there; after a word all ASCII, the
 * next word. A step at a character encodes it (in runs of characters the
 * next position is known before the bytes are read: no word and no
 * count on that path). A @lookup value below 0x100 is one byte (if
 * @single: Shift_JIS's half-width katakana), else two. Stops, with both
 * positions at the character, at what @lookup has no code for and at
 * input that is not 2- or 3-byte UTF-8 (for the general path), and where
 * fewer than 11 input bytes (the word, then a character up to 7 bytes
 * on) or 10 output bytes remain (for the caller's tail). Runs where
 * hweight32() is POPCNT, as we_enc_fast_two_byte_any().
 */
static __always_inline void we_enc_fast_words(struct whatenc_buf *b,
					      u16 (*lookup)(u32 cp),
					      bool single)
{
	const u8 *in = b->in;
	u8 *out = b->out;
	const size_t in_size = b->in_size, out_size = b->out_size;
	size_t ip = b->in_pos, op = b->out_pos;
	size_t last;

	if (in_size < 11 || out_size < 10 || op > out_size - 10 ||
	    !we_popcnt_usable())
		return;
	/*
	 * No step writes more bytes than it reads (8 for 8, 2 or 1 for 2 or
	 * 3), so while ip moves at most out_size - 10 - op on, op stays at
	 * most out_size - 10: one test a step for both ends.
	 */
	last = ip + (out_size - 10 - op);
	if (last > in_size - 11)
		last = in_size - 11;
	while (ip <= last) {
		unsigned int k, len;
		u64 w, m;
		u32 cp;
		u16 code;

		if (in[ip] < 0x80) {
			memcpy(&w, in + ip, 8);
			memcpy(out + op, &w, 8);
			m = w & 0x8080808080808080ull;
			if (!m) {
				ip += 8;
				op += 8;
				continue;
			}
			k = we_first_high_byte(m);
			ip += k;
			op += k;
		}
		/* surrogates pass: @lookup has none, so it stops there */
		len = we_utf8_23w_any(in + ip, we_le32(in + ip), &cp, true);
		if (unlikely(!len))
			break;
		/* below 0x10000: the lookups need not test it */
		code = lookup(cp & 0xffff);
		if (unlikely(!code))
			break;
		ip += len;
		op += we_put_code(out + op, code, single);
	}
	b->in_pos = ip;
	b->out_pos = op;
}

/* What the step loops do besides the steps: @opts of we_decode_steps()
 * and we_encode_steps().
 */
#define WE_ASCII_RUNS	1u	/* ASCII-compatible: copy ASCII runs */
#define WE_WTF8_IN	2u	/* the encoder reads WTF-8 (UTF-16) */

/*
 * A family's encoder step is the spec's encoder handler for one code
 * point (not ASCII for the ASCII-compatible families' runs, never an
 * error): it writes the bytes to @out (at most 4) and returns how many,
 * or 0 for "error with code point" (unmappable). The engine's loop,
 * we_encode_steps(), owns the rest: reading UTF-8 (we_enc_next(), with
 * the error mode for malformed input), ASCII runs (@opts WE_ASCII_RUNS)
 * and the family's optional fast path between characters, unmappable
 * code points (we_unmappable()), held output. Always inlined with
 * constant @step, @fast (NULL: none) and @opts.
 */
static __always_inline enum whatenc_ret
we_encode_steps(struct whatenc_encoder *e, struct whatenc_buf *b, bool last,
		unsigned int (*step)(struct whatenc_encoder *e, u32 cp, u8 *out),
		void (*fast)(struct whatenc_encoder *e, struct whatenc_buf *b),
		unsigned int opts)
{
	for (;;) {
		enum whatenc_ret ret;
		unsigned int n;
		u8 out[4];
		u32 cp;

		if (!e->in.needed) {
			if (fast)
				fast(e, b);
			if (opts & WE_ASCII_RUNS)
				we_ascii_run(b);
		}
		if (b->out_pos == b->out_size && b->in_pos < b->in_size)
			return WHATENC_OUTPUT_FULL;
		cp = we_enc_next(e, b, last, opts & WE_WTF8_IN);
		if (cp == WE_NEED_MORE)
			return WHATENC_INPUT_EMPTY;
		if (cp == WE_MALFORMED)
			return WHATENC_MALFORMED;
		if (likely(b->out_size - b->out_pos >= sizeof(out))) {
			/* room for any step: straight to the output */
			n = step(e, cp, b->out + b->out_pos);
			b->out_pos += n;
		} else {
			n = step(e, cp, out);
			if (n && !we_put_bytes(e, b, out, n))
				return WHATENC_OUTPUT_FULL;
		}
		if (likely(n))
			continue;
		ret = we_unmappable(e, b, cp);
		if (ret != WHATENC_INPUT_EMPTY)
			return ret;
	}
}

/*
 * The step of the two-byte encoders (Big5, EUC-KR): ASCII, or the two
 * bytes @lookup gives (lead << 8 | trail, 0: unmappable).
 */
static __always_inline unsigned int we_two_byte_enc_step(u32 cp, u8 *out,
							 u16 (*lookup)(u32 cp))
{
	u16 code;

	if (cp < 0x80) {
		out[0] = cp;
		return 1;
	}
	code = lookup(cp);
	if (!code)
		return 0;
	out[0] = code >> 8;
	out[1] = code & 0xff;
	return 2;
}

/* ---- decoder steps --------------------------------------------------- */

/*
 * A family's decoder step is the spec's decoder handler for one byte: it
 * updates the family state (d->s) and returns
 * - a code point (below 0x110000): emit it;
 * - WE_STEP_PAIR(a, b): emit two code points, both below U+8000 (Big5);
 * - WE_STEP_CONTINUE: the byte is consumed, nothing to emit yet;
 * - WE_STEP_ERROR(unread): an error, encoding_rs's Malformed(bad, unread):
 *   of the bytes of the sequence so far (d->seq, the current one last),
 *   the last @unread go back to the input ("restore to I/O queue") and
 *   the ones before them (bad = d->seq_len - unread) are the malformed
 *   ones;
 * - WE_STEP_ERROR_AS(cp, unread): the same, but the bad bytes are written
 *   as @cp (below U+10000), not as an error (WTF-8 output of UTF-16's
 *   lone surrogates);
 * - WE_STEP_ERROR_KEEP(keep): an error of all the bytes, the last @keep of
 *   which also begin the next sequence (ISO-2022-JP: an ESC after a lead
 *   byte ends the error and begins an escape sequence);
 * - WE_STEP_DONE: the byte ends the sequence, with nothing to write (an
 *   ISO-2022-JP escape sequence).
 * The engine's loop (we_decode_steps()) owns all the rest: the bytes of
 * the sequence (d->seq), ASCII runs (@opts WE_ASCII_RUNS) and the
 * family's optional fast path between sequences, the error mode, held
 * output, restored bytes and the end of the stream (a sequence left open
 * is one error, @bad = all of it). The family state must be all zero
 * between sequences, but for what lasts the whole stream (ISO-2022-JP's
 * mode and output flag, which handles its own end of stream;
 * replacement's "error returned", which never leaves a sequence open).
 */
#define WE_STEP_ERROR_AS(cp, unread)	(WE_STEP_ERROR(unread) | (u32)(cp) << 8)
#define WE_STEP_ERROR_KEEP(keep)	(WE_STEP_ERROR(0) | (u32)(keep) << 24)
#define WE_STEP_DONE			0xfffffffeu

/*
 * Out of line (engine.c): a decoder error (U+FFFD, or the fatal record of
 * @bytes: the one place that reads the decoders' error mode), a step's
 * pair or error, and the end of the stream.
 */
enum whatenc_ret we_dec_error(struct whatenc_decoder *d, struct whatenc_buf *b,
			      const u8 *bytes, unsigned int n);
enum whatenc_ret we_step_result(struct whatenc_decoder *d,
				struct whatenc_buf *b, u32 r);
enum whatenc_ret we_step_eof(struct whatenc_decoder *d, struct whatenc_buf *b);

/*
 * The decoder loop of the step families: always inlined with constant
 * @step, @fast (NULL: none), @opts and @eof, so no indirect call is left
 * per byte. @eof: the family's own end of the stream inside a sequence
 * (NULL: we_step_eof(), one error).
 */
static __always_inline enum whatenc_ret
we_decode_steps(struct whatenc_decoder *d, struct whatenc_buf *b, bool last,
		u32 (*step)(struct whatenc_decoder *d, u8 byte),
		void (*fast)(struct whatenc_decoder *d, struct whatenc_buf *b),
		unsigned int opts,
		enum whatenc_ret (*eof)(struct whatenc_decoder *d,
					struct whatenc_buf *b))
{
	enum whatenc_ret ret;
	u32 r;
	u8 byte;

	while (b->in_pos < b->in_size) {
		if (!d->seq_len && (fast || (opts & WE_ASCII_RUNS))) {
			if (fast)
				fast(d, b);
			if (opts & WE_ASCII_RUNS) {
				we_ascii_run(b);
				if (b->in_pos < b->in_size &&
				    b->in[b->in_pos] < 0x80)
					return WHATENC_OUTPUT_FULL;
			}
			if (b->in_pos == b->in_size)
				break;
		}
		byte = b->in[b->in_pos++];
		d->seq[d->seq_len++] = byte;
		r = step(d, byte);
		if (r == WE_STEP_CONTINUE)
			continue;
		if (likely(r < 0x110000)) {
			d->seq_len = 0;
			if (!we_put_cp(d, b, r))
				return WHATENC_OUTPUT_FULL;
			continue;
		}
		ret = we_step_result(d, b, r);
		if (ret != WHATENC_INPUT_EMPTY || d->replay_len)
			return ret;
	}
	if (last && d->seq_len)
		return eof ? eof(d, b) : we_step_eof(d, b);
	return WHATENC_INPUT_EMPTY;
}

/*
 * The two-byte families (Big5, EUC-KR, and gb18030's two-byte codes):
 * @lookup(lead, byte) is the code point of a lead 0x81..0xFE and a byte
 * (or WE_STEP_PAIR), 0 for null, also for a byte outside the trail range.
 * The step is the spec's, with the lead in *@lead; we_lead_trail() is
 * its "lead is not 0x00" part, which Shift_JIS and gb18030 share.
 */
static __always_inline u32 we_lead_trail(u8 *lead, u8 byte,
					 u32 (*lookup)(u8 lead, u8 byte))
{
	u32 cp = lookup(*lead, byte);

	*lead = 0;
	if (cp)
		return cp;
	/* an ASCII byte is restored to the input */
	return WE_STEP_ERROR(byte < 0x80);
}

static __always_inline u32 we_two_byte_step(u8 *lead, u8 byte,
					    u32 (*lookup)(u8 lead, u8 byte))
{
	if (*lead)
		return we_lead_trail(lead, byte, lookup);
	if (byte < 0x80)
		return byte;
	if (byte >= 0x81 && byte <= 0xfe) {
		*lead = byte;
		return WE_STEP_CONTINUE;
	}
	return WE_STEP_ERROR(0);
}

/*
 * The UTF-8 form of @cp, U+0800..U+FFFF, as a number whose bits 8k..8k+7
 * are its byte k (we_put_le32() stores it; bits 24..31 are zero).
 */
static __always_inline u32 we_utf8_3_le(u32 cp)
{
	return (0xe0 | cp >> 12) | (0x80 | ((cp >> 6) & 0x3f)) << 8 |
	       (0x80 | (cp & 0x3f)) << 16;
}

/*
 * we_utf8_write() for a BMP character above U+07FF (most CJK
 * characters) as one 32-bit store instead of three byte stores: the
 * fourth byte is scratch, so @p must have room for 4 bytes.
 */
static __always_inline unsigned int we_utf8_write_roomy(u8 *p, u32 cp)
{
	if (cp < 0x800 || cp > 0xffff)
		return we_utf8_write(p, cp);
	we_put_le32(p, we_utf8_3_le(cp));
	return 3;
}

/*
 * The decoders' fast paths, over local positions, while @min_in bytes of
 * input and @room bytes of output (3 when every code point is in the BMP)
 * remain: ASCII runs (@ascii), and for any other byte @code(p, n, &len),
 * the code point of the complete code at @p (@n bytes readable) with its
 * length in *len, or 0 for anything the steps must see, written as
 * UTF-8. Stops at the first code it is not given.
 *
 * With @roomy (room for @room bytes per input byte) and 8 bytes left,
 * an ASCII run that ends within its first word is copied by
 * we_ascii_short(), without we_ascii_fast()'s byte loop whose end
 * the CPU mispredicts (EUC-KR decode, 64 KiB of prose: 703 -> 1129
 * MB/s, 22.92 -> 20.46 instructions per byte). Taking that step after
 * every code unconditionally, instead of the branch on "ASCII or not",
 * was slower (782 MB/s, 23.91; Shift_JIS 820 -> 663 MB/s): it makes the
 * next code's position wait for the word's load and count, where the
 * predicted branch lets the CPU run ahead. For the same reason a single
 * ASCII byte followed by a non-ASCII one (the space between the words of
 * Korean prose) is one byte copied, its length a constant, not a count
 * from the word (EUC-KR decode, 64 KiB: 17.82 -> 16.87 instructions per
 * byte, 1.03 -> 1.11 x encoding_rs).
 */
static __always_inline void
we_dec_fast_loop(struct whatenc_buf *b, bool ascii, unsigned int min_in,
		 unsigned int room,
		 u32 (*code)(const u8 *p, size_t n, unsigned int *len),
		 bool roomy)
{
	const u8 *in = b->in;
	u8 *out = b->out;
	size_t ip = b->in_pos, op = b->out_pos;
	/* locals: the stores to out[] could alias *b */
	const size_t in_size = b->in_size, out_size = b->out_size;

	while (in_size - ip >= min_in && (roomy || out_size - op >= room)) {
		unsigned int len;
		u32 cp;

		if (ascii && in[ip] < 0x80) {
			/* one ASCII byte between codes (a space) */
			if (roomy && (min_in >= 2 || in_size - ip >= 2) &&
			    in[ip + 1] >= 0x80) {
				out[op++] = in[ip++];
				continue;
			}
			if (!roomy || in_size - ip < 8 ||
			    !we_ascii_short(in, &ip, out, &op))
				we_ascii_fast(in, &ip, in_size, out, &op,
					      out_size);
			continue;
		}
		cp = code(in + ip, in_size - ip, &len);
		if (!cp)
			break;
		op += roomy ? we_utf8_write_roomy(out + op, cp) :
			      we_utf8_write(out + op, cp);
		ip += len;
	}
	b->in_pos = ip;
	b->out_pos = op;
}

/*
 * Every code reads a byte at least and writes @room bytes at most: with
 * that much room for all the input left (@roomy: the usual case of an
 * output sized for the input), the loop drops its output check per code
 * (scripts/bench-instr, instructions per byte with the check and without:
 * Shift_JIS decode 30.51 and 28.78, the dedicated loop before this one
 * 28.76; GBK 24.02 and 23.18, Big5 28.58 and 26.99). One byte more
 * than that is the scratch byte of we_utf8_write_roomy()'s 4-byte
 * store (a Shift_JIS katakana byte, 3 bytes of output, the last input).
 */
static __always_inline void
we_dec_fast(struct whatenc_buf *b, bool ascii, unsigned int min_in,
	    unsigned int room,
	    u32 (*code)(const u8 *p, size_t n, unsigned int *len))
{
	size_t out_left = b->out_size - b->out_pos;

	if (out_left && (out_left - 1) / room >= b->in_size - b->in_pos)
		we_dec_fast_loop(b, ascii, min_in, room, code, true);
	else
		we_dec_fast_loop(b, ascii, min_in, room, code, false);
}

/* What a two-byte family's decoder @lookup does: @flags of the below */
#define WE_TB_PAIRS	1u	/* it can return WE_STEP_PAIR() (Big5) */
#define WE_TB_ALL_LEADS	2u	/* it has rows of 0 for leads 0x80, 0xFF */

/*
 * The two-byte families' fast-path code (2 bytes readable): a complete
 * two-byte code with a single code point. The same @lookup as the
 * step's, with @flags WE_TB_*: pairs are left to the steps; without
 * WE_TB_ALL_LEADS, the leads 0x80 and 0xFF are tested for first.
 */
static __always_inline u32
we_two_byte_code(const u8 *p, unsigned int *len,
		 u32 (*lookup)(u8 lead, u8 byte), unsigned int flags)
{
	u32 cp;

	*len = 2;
	if (!(flags & WE_TB_ALL_LEADS) && (p[0] == 0x80 || p[0] == 0xff))
		return 0;
	cp = lookup(p[0], p[1]);
	return (flags & WE_TB_PAIRS) && cp >= 0x110000 ? 0 : cp;
}

/* ---- families and the encodings' table ------------------------------ */

/*
 * struct we_family - what an encoding family gives the engine
 * @decode:   convert one buffer (the rules at the top of this file)
 * @encode:   likewise from UTF-8; NULL if the family has no encoder (the
 *	engine only encodes to output encodings)
 *
 * Every family's decoder state (d->s) starts all zero.
 */
struct we_family {
	enum whatenc_ret (*decode)(struct whatenc_decoder *d,
				   struct whatenc_buf *b, bool last);
	enum whatenc_ret (*encode)(struct whatenc_encoder *e,
				   struct whatenc_buf *b, bool last);
};

/*
 * struct we_encoding - one row of the encodings' table (encodings.c)
 * @family:       its family
 * @output:       the spec's "get an output encoding"
 * @own_bom:      it has a BOM of its own (UTF-8, UTF-16BE/LE), which
 *	WHATENC_BOM_STRIP strips; sniffing applies to every encoding
 * @enc_per_byte: worst-case encoder output per UTF-8 input byte, fatal
 *	mode (e.g. gb18030: U+0080..U+07FF are 2 bytes in, 4 bytes out)
 * @enc_per_byte_html: the same in html mode ("&#65533;" for one byte)
 * @table:        a single-byte encoding's row in the single-byte tables
 *	(WE_SB_<id>), else WE_SB_ROW_NONE
 */
struct we_encoding {
	const struct we_family *family;
	u8 output;
	u8 own_bom;
	u8 enc_per_byte;
	u8 enc_per_byte_html;
	u8 table;
};

/*
 * The single-byte encodings' rows in tables_single_byte.h, in list order
 * (a WHATENC_SB_AS() line has none: it uses its index's row).
 */
#define WHATENC_ENCODING(id, ...)
#define WHATENC_SB(id)		WE_SB_##id,
#define WHATENC_SB_AS(id, index)
enum we_sb_row {
#include "whatenc_encodings.h"
	WE_SB_ROWS,
	WE_SB_ROW_NONE = 0xff
};
/* x-user-defined's row in tables_sb_utf8.h (sb_long.c), after theirs */
#define WE_SB_ROW_XUD	WE_SB_ROWS

#undef WHATENC_ENCODING
#undef WHATENC_SB
#undef WHATENC_SB_AS

extern const struct we_encoding we_encodings[WHATENC_NR_ENCODINGS];
bool we_encoding_built(enum whatenc_encoding enc);	/* encodings.c */
int we_label_lookup(const char *label, size_t len);	/* labels.c */

/*
 * WE_STEP_FAMILY() - an ASCII-compatible family made of spec steps: its
 * decoder runs @dstep (fast path @dfast, or NULL) in we_decode_steps(),
 * its encoder @estep (fast path @efast, or NULL) in we_encode_steps();
 * defines we_family_<@fam>.
 */
#define WE_STEP_FAMILY(fam, dstep, dfast, estep, efast)			\
static enum whatenc_ret fam##_decode(struct whatenc_decoder *d,		\
				     struct whatenc_buf *b, bool last)	\
{									\
	return we_decode_steps(d, b, last, dstep, dfast, WE_ASCII_RUNS, NULL); \
}									\
static enum whatenc_ret fam##_encode(struct whatenc_encoder *e,		\
				     struct whatenc_buf *b, bool last)	\
{									\
	return we_encode_steps(e, b, last, estep, efast, WE_ASCII_RUNS); \
}									\
const struct we_family we_family_##fam = {				\
	.decode = fam##_decode,						\
	.encode = fam##_encode,						\
}

/*
 * WE_TWO_BYTE_PARTS() - the parts of a two-byte family (Big5, EUC-KR)
 * over its decoder @lookup (@flags: WE_TB_*, what it does) and
 * its encoder @enc_lookup, the lead in d->s.<@fam>: the steps
 * <@fam>_step() and <@fam>_enc_step() and the decoder's fast-path code
 * <@fam>_code().
 */
#define WE_TWO_BYTE_PARTS(fam, lookup, flags, enc_lookup)		\
static __always_inline u32 fam##_step(struct whatenc_decoder *d, u8 byte) \
{									\
	return we_two_byte_step(&d->s.fam.lead, byte, lookup);		\
}									\
static __always_inline u32						\
fam##_code(const u8 *p, size_t n, unsigned int *len)			\
{									\
	return we_two_byte_code(p, len, lookup, flags);			\
}									\
static __always_inline unsigned int					\
fam##_enc_step(struct whatenc_encoder *e, u32 cp, u8 *out)		\
{									\
	return we_two_byte_enc_step(cp, out, enc_lookup);		\
}

/*
 * WE_TWO_BYTE_FAMILY() - a two-byte family with WE_TWO_BYTE_PARTS() and
 * the generic fast paths, we_dec_fast() over <@fam>_code() and
 * we_enc_fast_two_byte().
 */
#define WE_TWO_BYTE_FAMILY(fam, lookup, flags, enc_lookup)		\
WE_TWO_BYTE_PARTS(fam, lookup, flags, enc_lookup)			\
static void fam##_fast(struct whatenc_decoder *d, struct whatenc_buf *b) \
{									\
	we_dec_fast(b, true, 2, 4, fam##_code);				\
}									\
static void fam##_enc_fast(struct whatenc_encoder *e,			\
			   struct whatenc_buf *b)			\
{									\
	we_enc_fast_two_byte(b, enc_lookup);				\
}									\
WE_STEP_FAMILY(fam, fam##_step, fam##_fast, fam##_enc_step, fam##_enc_fast)

extern const struct we_family we_family_utf8, we_family_utf16,
	we_family_sb, we_family_xud, we_family_replacement,
	we_family_gb18030, we_family_big5, we_family_euc_jp,
	we_family_iso_2022_jp, we_family_shift_jis, we_family_euc_kr;

#endif /* WHATENC_INTERNAL_H */
