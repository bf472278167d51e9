// SPDX-License-Identifier: GPL-2.0-only
/*
 * sb_long.c - the single-byte decoders' path for long inputs
 *
 * Non-Latin prose (Cyrillic, Greek, Arabic, Hebrew) mixes short ASCII
 * runs with letters of 2 UTF-8 bytes and a few of 3: byte by byte, the
 * branches between those cases are unpredictable. For an input of
 * 8 bytes or more (SB_TABLE_MIN in single_byte.c; x-user-defined:
 * WE_SB_LONG), every byte costs a load or two from the
 * encoding's table of its 128 non-ASCII characters as UTF-8 (each entry
 * the bytes and their count; generated, tables_sb_utf8.h, as building it
 * on the stack took 896 bytes of frame), one 4-byte store and one add,
 * without branches, 4 bytes a step; 2 ASCII bytes start an ASCII run
 * (sb_ascii()). Up to 7 bytes past the output written may be
 * overwritten (output room the caller gave).
 * An unmapped byte (a null entry) or the end of the room ends it; the
 * caller's loop does the rest. At the AVX2 level the same table, and
 * its bytes as three planes, go first to the vector kernel
 * (whatenc_vec_sb_decode(), vec_sb_x86.c), and this loop takes what it left.
 */
#include "family.h"
#include "tables_sb_utf8.h"

/*
 * The entry of @byte: ASCII, or from @high[] (a table of all 256 bytes,
 * then on the stack, measured 2.7 instructions per byte fewer)
 */
static __always_inline u32 sb_entry(const u32 *high, u8 byte)
{
	return byte < 0x80 ? byte | 1u << 24 : high[byte & 0x7f];
}

/* Store the 4 bytes of entry @e at @p; returns how many count (1-3). */
static __always_inline unsigned int sb_put(u8 *p, u32 e)
{
	unsigned int len = e >> 24;

#if __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
	e = __builtin_bswap32(e);
#endif
	memcpy(p, &e, 4);
	return len;
}

/*
 * ASCII runs: Latin prose has short ones between its accented letters,
 * markup longer ones. Copied a word at a time and then 32 bytes at a
 * time, the word with the run's end stored whole (up to 7 bytes past
 * it), and after SB_VEC_AFTER bytes on in the vector path (whose calls
 * cost more than shorter runs). we_ascii_copy_vec() from the first 8
 * ASCII bytes on, each run's end found byte by byte, measured 4.51
 * instructions per byte on German prose (windows-1252), 2.42 on its HTML;
 * this 3.12 and 1.92 (the vector path after 72 bytes: 3.43 and 2.43;
 * all inlined: Cyrillic 11.60 instead of 11.10).
 */
#define SB_VEC_AFTER	136

/* The 8 bytes at @p as a word (the stores below copy them in order). */
static __always_inline u64 sb_word(const u8 *p)
{
	u64 w;

	memcpy(&w, p, 8);
	return w;
}

/* The ASCII run at @in past its first 8 bytes (@n >= 8 readable). */
static noinline size_t sb_ascii_on(u8 *out, const u8 *in, size_t n)
{
	const u64 hi = 0x8080808080808080ull;
	size_t i = 8;
	u64 w;

	while (n - i >= 32) {
		if ((sb_word(in + i) | sb_word(in + i + 8) |
		     sb_word(in + i + 16) | sb_word(in + i + 24)) & hi)
			break;
		memcpy(out + i, in + i, 32);
		i += 32;
		if (i >= SB_VEC_AFTER && n - i >= WE_VEC_MIN &&
		    we_vec_may(WHATENC_VEC_SSE2))
			return i + whatenc_vec_ascii_copy(out + i, in + i, n - i);
	}
	while (n - i >= 8) {
		w = sb_word(in + i);
		memcpy(out + i, &w, 8);
		if (w & hi)
			return i + we_first_high_byte(w & hi);
		i += 8;
	}
	return i + we_ascii_copy(out + i, in + i, n - i);
}

/*
 * The ASCII run at @in (2 bytes at least, @n >= 8 readable) copied to
 * @out; returns its length. Most end in the first word.
 */
static __always_inline size_t sb_ascii(u8 *out, const u8 *in, size_t n)
{
	const u64 hi = 0x8080808080808080ull;
	u64 w;

	w = sb_word(in);
	memcpy(out, &w, 8);
	if (w & hi)
		return we_first_high_byte(w & hi);
	return sb_ascii_on(out, in, n);
}

/**
 * whatenc_sb_decode_long() - decode from @b while bytes are mapped
 * @row: the encoding's row in the single-byte tables (struct
 *	we_encoding's @table), or WE_SB_UTF8_XUD for x-user-defined
 * @b:   the buffers; both positions advance
 *
 * Stops at an unmapped byte, with fewer than 4 bytes of output room, or
 * at the end of the input.
 */
void whatenc_sb_decode_long(unsigned int row, struct whatenc_buf *b)
{
	const u32 *high = we_sb_utf8[row];
	const u8 *in = b->in;
	u8 *out = b->out;
	size_t ip = b->in_pos, op = b->out_pos, end, w;

	if (b->in_size - ip >= WE_VEC_MIN && we_vec_may(WHATENC_VEC_AVX2) &&
	    b->out_size - op >= 2 * WE_VEC_MIN) {
		ip += whatenc_vec_sb_decode(out + op, b->out_size - op, in + ip,
				       b->in_size - ip, &w, high,
				       &we_sb_utf8_planes[row][0][0]);
		op += w;
	}
	/*
	 * every byte writes at most 3 bytes, and 4 are stored (an ASCII
	 * run's word: 8, with 8 bytes of input left)
	 */
	end = b->in_size - ip;
	if (end > (b->out_size - op) / 3)
		end = (b->out_size - op) / 3;
	end = end > 1 ? ip + end - 1 : ip;
	while (ip + 8 <= end) {
		u32 e0, e1, e2, e3;

		if ((in[ip] | in[ip + 1]) < 0x80) {	/* an ASCII run */
			size_t n = sb_ascii(out + op, in + ip, end - ip);

			ip += n;
			op += n;
			continue;
		}
		e0 = sb_entry(high, in[ip]);
		e1 = sb_entry(high, in[ip + 1]);
		e2 = sb_entry(high, in[ip + 2]);
		e3 = sb_entry(high, in[ip + 3]);
		/* an entry is 0 (unmapped) or at least 1 << 24 */
		if ((e0 - 1) >> 31 | (e1 - 1) >> 31 | (e2 - 1) >> 31 |
		    (e3 - 1) >> 31)
			break;
		op += sb_put(out + op, e0);
		op += sb_put(out + op, e1);
		op += sb_put(out + op, e2);
		op += sb_put(out + op, e3);
		ip += 4;
	}
	while (ip < end && sb_entry(high, in[ip])) {
		op += sb_put(out + op, sb_entry(high, in[ip]));
		ip++;
	}
	b->in_pos = ip;
	b->out_pos = op;
}
