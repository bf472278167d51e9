/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * text.h - reading and writing text, with no coder state
 *
 * Byte order, ASCII runs (32 bytes a step, then the vector dispatch of
 * vec.h), UTF-8 written and read (the Encoding Standard's UTF-8 decoder
 * as a decoder step, we_utf8_step()), the values a decoder step returns,
 * and the validators. For the families (family.h), the vector dispatch
 * (vec.c), detection (detect/) and file names (names/): none of it
 * knows a family, the engine or the encodings' table.
 */
#ifndef WHATENC_TEXT_H
#define WHATENC_TEXT_H

#include "whatenc.h"
#include "vec.h"

#define WE_FFFD 0xfffdu

/* ---- UTF-8 output ---------------------------------------------------- */

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

/* What a decoder step returns besides code points: see "decoder steps". */
#define WE_STEP_CONTINUE	0xffffffffu
#define WE_STEP_ERROR(unread)	(0x80000000u | (unread))
#define WE_STEP_PAIR(a, b)	(0x40000000u | (u32)(a) << 15 | (b))

/* ---- bytes, ASCII runs, UTF-8 input ---------------------------------- */

/*
 * Byte order: the kernel's get_unaligned_le32(), put_unaligned_be16()
 * and put_unaligned_le32() (the userspace build has the same from
 * whatenc_user.h).
 */

/* Index of the first byte of word @m (only bits 0x80 set) that has its bit. */
static inline unsigned int we_first_high_byte(u64 m)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
	return (64 - fls64(m)) >> 3;
#else
	return __ffs64(m) >> 3;
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
 * on in whatenc_vec_ascii_copy() (vec.c): one call that ends the function.
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
			return i + whatenc_vec_ascii_copy(dst ? dst + i : NULL,
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
 * readable loads them as one word, get_unaligned_le32()). Returns its length and
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

/*
 * Two 3-byte UTF-8 characters in bits 0-47 of @w (@p[0..5] as a
 * little-endian word), U+0800 and up (not overlong), surrogates too: both
 * tested as one number, as we_utf8_23w_any() tests one
 */
static __always_inline bool we_utf8_3x2(u64 w)
{
	return (w & 0xc0c0f0c0c0f0ull) == 0x8080e08080e0ull &&
	       (w & 0x200f) && (w & 0x200f000000ull);
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
 * The UTF-8 form of @cp, U+0800..U+FFFF, as a number whose bits 8k..8k+7
 * are its byte k (put_unaligned_le32() stores it; bits 24..31 are zero).
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
	put_unaligned_le32(we_utf8_3_le(cp), p);
	return 3;
}

/*
 * A packed UTF-8 character (decoders' tables of UTF-8, jis.h, big5.c):
 * the 2 or 3 bytes of a BMP character above U+007F in bits 8k..8k+7
 * (byte k) and their count in bits 24..31; 0 is none.
 * we_utf8_put_packed() stores one as we_utf8_write() would, in one 32-bit
 * store with @roomy (the fourth byte scratch: room for 4 bytes).
 */
static __always_inline unsigned int we_utf8_put_packed(u8 *p, u32 w,
						       bool roomy)
{
	unsigned int len = w >> 24;

	if (roomy) {
		put_unaligned_le32(w, p);
		return len;
	}
	p[0] = w;
	p[1] = w >> 8;
	if (len > 2)
		p[2] = w >> 16;
	return len;
}

/* The code point of a packed UTF-8 character @w, 0 for none. */
static inline u32 we_utf8_unpack(u32 w)
{
	if (w >> 24 == 3)
		return (w & 0x0f) << 12 | (w & 0x3f00) >> 2 | (w >> 16 & 0x3f);
	return (w & 0x1f) << 6 | (w >> 8 & 0x3f);
}

/*
 * The packed UTF-8 character of a table's 3-byte entry, loaded as the
 * low 3 bytes of @w (a 4-byte load): a 3-byte form, or a 2-byte form and
 * a 0 (big5.c, euc_kr.c); 0 for anything else (0 0 0: none).
 */
static __always_inline u32 we_utf8_packed3(u32 w)
{
	if (likely((w & 0xf0) == 0xe0))	/* most of CJK text */
		return (w & 0xffffff) | 3u << 24;
	if ((w & 0xe0) == 0xc0)
		return (w & 0xffff) | 2u << 24;
	return 0;
}

/* The packed UTF-8 character of @cp, U+0800..U+FFFF */
static __always_inline u32 we_utf8_pack3(u32 cp)
{
	return we_utf8_3_le(cp) | 3u << 24;
}

/*
 * The validators: whatenc_utf8_valid_copy() (vec.c, the vector paths, then
 * the scalar one from where they stop)
 */
size_t whatenc_utf8_valid_copy(u8 *d, const u8 *s, size_t n);
/* the scalar validator (utf8.c), the reference of whatenc_utf8_valid_copy() */
size_t whatenc_utf8_valid_scalar(const u8 *s, size_t n);

/* Labels and configured families, for the engine and detect/ alike */
bool whatenc_encoding_built(enum whatenc_encoding enc);	/* encodings.c */
int whatenc_label_lookup(const char *label, size_t len);	/* labels.c */

#endif /* WHATENC_TEXT_H */
