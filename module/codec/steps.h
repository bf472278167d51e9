/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * steps.h - the engine's loops, inlined into each family
 *
 * we_decode_steps() and we_encode_steps() run a family's spec steps
 * over a buffer: sequences, ASCII runs, the fast paths between
 * characters, the error modes, held output (family.h has the contract).
 * They are the engine's: their out-of-line parts are in engine.c
 * (whatenc_step_result(), whatenc_step_eof(), whatenc_enc_malformed(), whatenc_dec_error(),
 * whatenc_unmappable()). They live in this header rather than in engine.c
 * because each family instantiates them with its own constant step,
 * fast path and options, always inlined, so that no indirect call is
 * left per byte: a loop in engine.c calling the steps through a
 * family's pointers would make one per byte. The same holds for the
 * fast-path loops below (we_dec_fast(), we_enc_fast_words(), ...) and
 * the macros that assemble a family from its steps (WE_STEP_FAMILY(),
 * WE_CJK_STEP_FAMILY()). Only engine.c and the families' files include
 * it; detection, file names and the vector dispatch do not.
 */
#ifndef WHATENC_STEPS_H
#define WHATENC_STEPS_H

#include "family.h"

/* ---- encoder loops --------------------------------------------------- */

/*
 * Encoders: the next input code point (@wtf8: WTF-8 input). Returns
 * WE_NEED_MORE when this buffer is used up (at the end of the stream a
 * truncated sequence is malformed). Malformed input gives U+FFFD in html
 * mode; in fatal mode it gives WE_MALFORMED with e->err.len/bytes set,
 * and the family must return WHATENC_MALFORMED.
 */
u32 whatenc_enc_malformed(struct whatenc_encoder *e);

static __always_inline u32 we_enc_next(struct whatenc_encoder *e,
				       struct whatenc_buf *b, bool last,
				       bool wtf8)
{
	u32 cp = we_utf8_read_any(&e->in, b, wtf8);

	if (likely(cp < WE_MALFORMED))
		return cp;
	if (cp == WE_NEED_MORE && (!last || !e->in.needed))
		return WE_NEED_MORE;
	return whatenc_enc_malformed(e);
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

	if (!we_popcnt_usable())
		return;
	if (in_size < 4 || out_size < room)	/* a name of one character */
		goto tail;
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
		w = get_unaligned_le32(in + ip);
		len = we_utf8_23w(in + ip, w, &cp);
		if (!len)
			break;
		code = lookup(cp);
		if (!code)
			break;
		if (take_ascii && len == 3) {
			/* -1 if byte 3 is not ASCII, else 0: taken along */
			long nb = (s32)w >> 31;

			put_unaligned_le32(__builtin_bswap16(code) |
					   (w >> 24) << 16, out + op);
			ip += 4 + nb;
			op += 3 + nb;
			continue;
		}
		put_unaligned_be16(code, out + op);
		op += 2;
		ip += len;
	}
	/*
	 * A last 3-byte character (a name's, or a name of one character):
	 * not left to the general path
	 */
tail:
	if (in_size - ip == 3 && out_size - op >= 2 &&
	    we_utf8_23(in + ip, &cp3) == 3) {
		u16 code = lookup(cp3);

		if (code) {
			put_unaligned_be16(code, out + op);
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
	put_unaligned_be16(code, p);
	return 2;
}

/*
 * The bulk of a two-byte encoder's fast path, for prose that mixes ASCII
 * with three-byte characters (CJK). A step at an ASCII byte stores the
 * next 8 input bytes to the output and moves both positions past their
 * ASCII ones (a space, a short run: no branch on how much ASCII there
 * is, nor on its end, which the CPU mispredicts on text it has not
 * learnt), then encodes the character there; after a word all ASCII, the
 * next word. A step at a character encodes it, or the next two when
 * both are 3-byte characters with 2-byte codes (we_enc_pair(): the two
 * tested as one number from one 8-byte load, one 4-byte store; Shift_JIS
 * encode, 64 KiB: 11.43 -> 8.66 instructions a byte, EUC-JP 13.77 ->
 * 12.45, GBK 9.81 -> 8.53); in runs of characters the next position is
 * known before the bytes are read (no
 * count on that path). A @lookup value below 0x100 is one byte (if
 * @single: Shift_JIS's half-width katakana), else two. Stops, with both
 * positions at the character, at what @lookup has no code for and at
 * input that is not 2- or 3-byte UTF-8 (for the general path), and where
 * fewer than 11 input bytes (the word, then a character up to 7 bytes
 * on) or 10 output bytes remain (for the caller's tail). Runs where
 * hweight32() is POPCNT, as we_enc_fast_two_byte_any().
 */
/*
 * The two 3-byte characters of @w (we_utf8_3x2()) as @lookup's codes,
 * both two bytes (4 bytes to @out), and true; else false, @out scratch
 * (a surrogate, a code point @lookup has none for, a one-byte code: the
 * caller takes the first alone)
 */
static __always_inline bool we_enc_pair(u16 (*lookup)(u32 cp), u64 w,
					u8 *out)
{
	u16 c1 = lookup((w & 0x0f) << 12 | (w & 0x3f00) >> 2 |
			(w >> 16 & 0x3f));
	u16 c2 = lookup((w >> 12 & 0xf000) | (w >> 26 & 0xfc0) |
			(w >> 40 & 0x3f));

	put_unaligned_be32((u32)c1 << 16 | c2, out);
	return c1 >= 0x100 && c2 >= 0x100;
}

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
		} else {
			/* two 3-byte characters (ip <= last: 8 to read) */
			w = get_unaligned_le64(in + ip);
			if (likely(we_utf8_3x2(w)) &&
			    we_enc_pair(lookup, w, out + op)) {
				ip += 6;
				op += 4;
				continue;
			}
		}
		/* surrogates pass: @lookup has none, so it stops there */
		len = we_utf8_23w_any(in + ip, get_unaligned_le32(in + ip), &cp,
				      true);
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

/*
 * The CJK encoders' one-shot lane for short inputs (a name): inputs
 * shorter than WE_ENC_SHORT, with output room for as many bytes as the
 * input has (no character here writes more bytes than it reads: ASCII
 * one for one, 2- and 3-byte UTF-8 one or two bytes), so no step tests
 * the output. A character at a time: an ASCII byte copied, a 2- or
 * 3-byte UTF-8 character (read as a word, we_enc_short_word()) written
 * as @lookup's code (we_put_code(), @flags WE_SHORT_*). Nothing to set
 * up: the fast paths' POPCNT test, word loop and ASCII run copies cost a
 * name more than they save on it (make bench-names-fixed, in
 * docs/performance.md). The same @lookup as the fast path's: returns
 * the output's length where it takes the whole input, else -1 (at a
 * 4-byte or malformed character, a surrogate, a code point @lookup has
 * no code for), having written only scratch within the output.
 */
#define WE_ENC_SHORT	32
/* @flags of we_enc_short(): what @lookup does */
#define WE_SHORT_SINGLE	1u	/* codes below 0x100 are one byte */
#define WE_SHORT_RANK	2u	/* it reads a rank table (hweight32()) */

/*
 * The input at @ip as a little-endian word, bytes past the end 0 (which
 * no UTF-8 continuation byte is, so we_utf8_23w() reads only bytes
 * there are): one load while 4 bytes are left, else the last 4 bytes'
 * load shifted (or the 1..3 bytes of an input that short).
 */
static __always_inline u32 we_enc_short_word(const u8 *in, size_t in_size,
					     size_t ip)
{
	size_t n = in_size - ip;

	if (likely(n >= 4))
		return get_unaligned_le32(in + ip);
	if (in_size >= 4)
		return get_unaligned_le32(in + in_size - 4) >> (32 - 8 * n);
	return in[ip] | (n > 1 ? in[ip + 1] << 8 : 0) |
	       (n > 2 ? in[ip + 2] << 16 : 0);
}

static __always_inline int we_enc_short(const u8 *in, size_t in_size,
					u8 *out, u16 (*lookup)(u32 cp),
					unsigned int flags)
{
	size_t ip = 0, op = 0;

	/*
	 * the test of hweight32() (userspace) once, not per character:
	 * Big5 encode, make bench-names-fixed, 72 + 61.6 -> 78 + 52.6 a
	 * character (EUC-KR's Hangul need none: 72 -> 78 for nothing)
	 */
	if ((flags & WE_SHORT_RANK) && !we_popcnt_usable())
		return -1;
	do {
		unsigned int len;
		u32 cp;
		u16 code;

		if (in[ip] < 0x80) {
			out[op++] = in[ip++];
			continue;
		}
		/* surrogates pass: the lookups have none (as there) */
		len = we_utf8_23w_any(in + ip,
				      we_enc_short_word(in, in_size, ip), &cp,
				      true);
		if (!len)
			return -1;
		/* below 0x10000: the lookups need not test it */
		code = lookup(cp & 0xffff);
		if (!code)
			return -1;
		ip += len;
		op += we_put_code(out + op, code, flags & WE_SHORT_SINGLE);
	} while (ip < in_size);
	return op;
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
 * code points (whatenc_unmappable()), held output. Always inlined with
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
		ret = whatenc_unmappable(e, b, cp);
		if (ret != WHATENC_INPUT_EMPTY)
			return ret;
	}
}

/* ---- decoder loops --------------------------------------------------- */

/*
 * The decoder loop of the step families: always inlined with constant
 * @step, @fast (NULL: none), @opts and @eof, so no indirect call is left
 * per byte. @eof: the family's own end of the stream inside a sequence
 * (NULL: whatenc_step_eof(), one error).
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
		ret = whatenc_step_result(d, b, r);
		if (ret != WHATENC_INPUT_EMPTY || d->replay_len)
			return ret;
	}
	if (last && d->seq_len)
		return eof ? eof(d, b) : whatenc_step_eof(d, b);
	return WHATENC_INPUT_EMPTY;
}

/*
 * The decoders' fast paths, over local positions, while @min_in bytes of
 * input and @room bytes of output (3 when every code point is in the BMP)
 * remain: ASCII runs (@ascii), and for any other byte @code(p, n, &len),
 * the code point of the complete code at @p (@n bytes readable) with its
 * length in *len, or 0 for anything the steps must see, written as
 * UTF-8; with @packed, the packed UTF-8 character (text.h) instead of
 * the code point. Stops at the first code it is not given.
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
 *
 * The code is the straight path, with no jump (unlikely() on ASCII and on
 * the stop), so that a code costs one taken branch, the loop's; and the
 * ASCII path reads the input through @b->in, which the compiler cannot
 * take for the code's pointer (a store to out[] may change it): that
 * pointer is then dead on the ASCII path, whose registers had made GCC
 * keep it on the stack, a store and a load for every code. Callgrind
 * (--collect-jumps), taken branches per byte of 64 KiB and instructions
 * per byte, userspace / kernel flags: Shift_JIS 1.78 / 2.19 and
 * 14.83 / 14.88 before (the kernel build one jump more a code: 1.23x
 * the wall time), 0.54 / 0.54 and 14.18 / 14.56 after (with the fast
 * path out of line, WE_CJK_STEP_FAMILY()); EUC-JP 0.96 and 13.15 / 13.16
 * -> 0.55 and 12.84 / 13.26; Big5 1.69 and 13.45 / 11.90 -> 0.58 (with
 * big5_lookup()'s likely()) and 12.10 / 11.64. Not the stop of
 * ISO-2022-JP's loop (no @ascii), where unlikely() cost 20.17 -> 20.22.
 */
static __always_inline void
we_dec_fast_loop(struct whatenc_buf *b, bool ascii, unsigned int min_in,
		 unsigned int room,
		 u32 (*code)(const u8 *p, size_t n, unsigned int *len),
		 bool roomy, bool packed)
{
	const u8 *in = b->in;
	u8 *out = b->out;
	size_t ip = b->in_pos, op = b->out_pos;
	/* locals: the stores to out[] could alias *b */
	const size_t in_size = b->in_size, out_size = b->out_size;

	while (in_size - ip >= min_in && (roomy || out_size - op >= room)) {
		unsigned int len;
		u32 cp;

		if (ascii && unlikely(in[ip] < 0x80)) {
			/* the input as the code's pointer is not: above */
			const u8 *ain = b->in;

			/* one ASCII byte between codes (a space) */
			if (roomy && (min_in >= 2 || in_size - ip >= 2) &&
			    ain[ip + 1] >= 0x80) {
				out[op++] = ain[ip++];
				continue;
			}
			if (roomy && in_size - ip < 8) {
				/* the last bytes (a name's ".txt"), room for all */
				do {
					out[op++] = ain[ip++];
				} while (ip < in_size && ain[ip] < 0x80);
				continue;
			}
			if (!roomy || !we_ascii_short(ain, &ip, out, &op))
				we_ascii_fast(ain, &ip, in_size, out, &op,
					      out_size);
			continue;
		}
		cp = code(in + ip, in_size - ip, &len);
		if (ascii ? unlikely(!cp) : !cp)	/* ISO-2022-JP: above */
			break;
		if (packed)
			op += we_utf8_put_packed(out + op, cp, roomy);
		else
			op += roomy ? we_utf8_write_roomy(out + op, cp) :
				      we_utf8_write(out + op, cp);
		ip += len;
	}
	/* a last ASCII byte (a name's "2"): not left to the steps */
	if (ascii && min_in > 1 && in_size - ip == 1 && in[ip] < 0x80 &&
	    op < out_size)
		out[op++] = in[ip++];
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
we_dec_fast_any(struct whatenc_buf *b, bool ascii, unsigned int min_in,
		unsigned int room,
		u32 (*code)(const u8 *p, size_t n, unsigned int *len),
		bool packed)
{
	size_t out_left = b->out_size - b->out_pos;

	if (out_left && (out_left - 1) / room >= b->in_size - b->in_pos)
		we_dec_fast_loop(b, ascii, min_in, room, code, true, packed);
	else
		we_dec_fast_loop(b, ascii, min_in, room, code, false, packed);
}

static __always_inline void
we_dec_fast(struct whatenc_buf *b, bool ascii, unsigned int min_in,
	    unsigned int room,
	    u32 (*code)(const u8 *p, size_t n, unsigned int *len))
{
	we_dec_fast_any(b, ascii, min_in, room, code, false);
}

/*
 * we_dec_fast() over a @code that gives packed UTF-8 characters (text.h:
 * the decoders' tables of UTF-8, Shift_JIS, EUC-JP, ISO-2022-JP, Big5),
 * 3 bytes of output at most: the character is one load from the table
 * and one store.
 */
static __always_inline void
we_dec_fast_packed(struct whatenc_buf *b, bool ascii, unsigned int min_in,
		   u32 (*code)(const u8 *p, size_t n, unsigned int *len))
{
	we_dec_fast_any(b, ascii, min_in, 3, code, true);
}

/* ---- families from steps --------------------------------------------- */

/* The end of a one-shot entry (WE_FAST_ONCE()), after its fast path */
static __always_inline int we_once_end(struct whatenc_buf *b,
				       enum whatenc_encoding enc,
				       we_once_rest_fn rest)
{
	if (likely(b->in_pos == b->in_size) || we_once_ascii_rest(b))
		return b->out_pos;
	if (!rest)
		return -1;
	return rest(enc, b->in, b->in_size, b->out, b->out_size);
}

/*
 * WE_FAST_ONCE() - a family's fast path @fast (decoder or encoder, @dir
 * dec or enc: @coder, its state's type) as the one-shot entry
 * <@fam>_<@dir>_once (struct we_family's @dec_once and @enc_once): @fast
 * flattened into it, over a buffer and
 * a coder of its own that only the fast path reads (the encoding: the
 * single-byte tables), then the ASCII bytes it leaves at the end
 * (we_once_ascii_rest()); anything else to @rest, as a tail call
 * (-1 without one: the caller goes on itself). WE_FAST_ONCE_ATTR():
 * with attributes @attr instead of __flatten.
 */
#define WE_FAST_ONCE(fam, dir, coder, fast)				\
	WE_FAST_ONCE_ATTR(fam, dir, coder, fast, __flatten)
#define WE_FAST_ONCE_ATTR(fam, dir, coder, fast, attr)			\
static attr int fam##_##dir##_once(enum whatenc_encoding enc,	\
					 const u8 *in, size_t in_size,	\
					 u8 *out, size_t out_size,	\
					 we_once_rest_fn rest)		\
{									\
	struct whatenc_buf b = {					\
		.in = in, .in_size = in_size,				\
		.out = out, .out_size = out_size,			\
	};								\
	coder c;							\
									\
	c.enc = enc;							\
	fast(&c, &b);							\
	return we_once_end(&b, enc, rest);				\
}

/*
 * WE_STEP_FAMILY() - an ASCII-compatible family made of spec steps: its
 * decoder runs @dstep (fast path @dfast) in we_decode_steps(),
 * its encoder @estep (fast path @efast) in we_encode_steps();
 * defines we_family_<@fam>, whose @dec_once and @enc_once are @dfast and
 * @efast inlined into functions of their own (WE_FAST_ONCE()): @dfast and
 * @efast themselves stay called once, from the step loops, and inlined
 * there (their addresses taken, the compiler would keep them out of line:
 * a frame more on the deepest stack chains, scripts/check-stack, and
 * windows-874 encode 9.39 -> 10.18 instructions per byte).
 */
#define WE_STEP_FAMILY(fam, dstep, dfast, estep, efast)			\
	WE_STEP_FAMILY_CORE(fam, dstep, dfast, dfast, estep, efast,	\
			    WE_FAST_ONCE(fam, enc, struct whatenc_encoder, \
					 efast))

/*
 * WE_STEP_FAMILY() with the decoder's step loop calling @dloop for its
 * fast path (@dfast is the one-shot entry's) and the definitions of the
 * encoder's one-shot entry <@fam>_enc_once and of @dloop given (@defs)
 */
#define WE_STEP_FAMILY_CORE(fam, dstep, dfast, dloop, estep, efast, defs) \
defs									\
WE_FAST_ONCE(fam, dec, struct whatenc_decoder, dfast)			\
static enum whatenc_ret fam##_decode(struct whatenc_decoder *d,		\
				     struct whatenc_buf *b, bool last)	\
{									\
	return we_decode_steps(d, b, last, dstep, dloop, WE_ASCII_RUNS, NULL); \
}									\
static enum whatenc_ret fam##_encode(struct whatenc_encoder *e,		\
				     struct whatenc_buf *b, bool last)	\
{									\
	return we_encode_steps(e, b, last, estep, efast, WE_ASCII_RUNS); \
}									\
const struct we_family whatenc_family_##fam = {				\
	.decode = fam##_decode,						\
	.encode = fam##_encode,						\
	.dec_once = fam##_dec_once,					\
	.enc_once = fam##_enc_once,					\
}

/*
 * WE_CJK_STEP_FAMILY() - WE_STEP_FAMILY() for a CJK encoder whose fast
 * path @efast stops at what @elookup (its codes; @eflags WE_SHORT_*,
 * what it does) has none for: the one-shot entry sends a short input to
 * <@fam>_enc_short_once(), we_enc_short() over @elookup, and anything
 * else to <@fam>_enc_long_once(), @efast as WE_FAST_ONCE() has it;
 * dispatched once, both tail calls, so that neither pays for the
 * other's registers and frame (make bench-names: a 64-byte name's
 * entry 22 instructions dearer with both in one function). Where the
 * lane stops, the whole input goes to @rest (or -1): the lane wrote
 * only scratch.
 *
 * Its decoder's step loop calls @dfast in <@fam>_dec_fast_long(), out of
 * line and on a cache line of its own: its loop then has the registers
 * to itself, not those that the step loop keeps across it, and sits in
 * the same place whatever the code around it and the flags it is built
 * with (we_dec_fast_loop(): inlined, the Shift_JIS and Big5 decoders'
 * loops ran 1.11-1.24x the wall time with the kernel's flags, at the same
 * or fewer instructions, make bench on 76fc568). A fast run costs one
 * call.
 */
#define WE_CJK_STEP_FAMILY(fam, dstep, dfast, estep, efast, elookup,	\
			   eflags)					\
	WE_STEP_FAMILY_CORE(fam, dstep, dfast, fam##_dec_fast_long,	\
			    estep, efast,				\
			    WE_CJK_ENC_ONCE(fam, efast, elookup, eflags) \
			    WE_DEC_FAST_LONG(fam, dfast))

/* WE_CJK_STEP_FAMILY()'s decoder fast path for the step loop */
#define WE_DEC_FAST_LONG(fam, dfast)					\
static noinline __aligned(64) void fam##_dec_fast_long(		\
		struct whatenc_decoder *d, struct whatenc_buf *b)	\
{									\
	dfast(d, b);							\
}

/* WE_CJK_STEP_FAMILY()'s encoder entry <@fam>_enc_once and its two lanes */
#define WE_CJK_ENC_ONCE(fam, efast, elookup, eflags)			\
WE_FAST_ONCE_ATTR(fam, enc_long, struct whatenc_encoder, efast,	\
		  noinline __flatten)					\
static noinline int fam##_enc_short_once(enum whatenc_encoding enc,	\
					 const u8 *in, size_t in_size,	\
					 u8 *out, size_t out_size,	\
					 we_once_rest_fn rest)		\
{									\
	int n = we_enc_short(in, in_size, out, elookup, eflags);	\
									\
	if (likely(n >= 0))						\
		return n;						\
	return rest ? rest(enc, in, in_size, out, out_size) : -1;	\
}									\
static int fam##_enc_once(enum whatenc_encoding enc, const u8 *in,	\
			  size_t in_size, u8 *out, size_t out_size,	\
			  we_once_rest_fn rest)				\
{									\
	if (in_size < WE_ENC_SHORT && out_size >= in_size)		\
		return fam##_enc_short_once(enc, in, in_size, out,	\
					    out_size, rest);		\
	return fam##_enc_long_once(enc, in, in_size, out, out_size,	\
				   rest);				\
}

#endif /* WHATENC_STEPS_H */
