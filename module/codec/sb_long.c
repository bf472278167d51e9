// SPDX-License-Identifier: GPL-2.0-only
/*
 * sb_long.c - the single-byte decoders' path for long inputs
 *
 * Non-Latin prose (Cyrillic, Greek, Arabic, Hebrew) mixes short ASCII
 * runs with letters of 2 UTF-8 bytes and a few of 3: byte by byte, the
 * branches between those cases are unpredictable. For an input of
 * WE_SB_LONG bytes or more, the encoding's 128 non-ASCII characters are
 * first written out as UTF-8 in a table on the stack (each entry the
 * bytes and their count), and every byte then costs a load or two, one
 * 4-byte store and one add, without branches, 4 bytes a step; 2 ASCII
 * bytes start an ASCII run (sb_ascii()). Up to 7 bytes past the output
 * written may be overwritten (output room the caller gave).
 * An unmapped byte (a null entry) or the end of the room ends it; the
 * caller's loop does the rest.
 */
#include "internal.h"

/* UTF-8 of @cp (< 0x10000) in the low bytes, its length in the top byte */
static inline u32 sb_utf8_entry(u32 cp)
{
	if (cp < 0x80)
		return cp | 1u << 24;
	if (cp < 0x800)
		return (0xc0 | cp >> 6) | (0x80 | (cp & 0x3f)) << 8 | 2u << 24;
	return (0xe0 | cp >> 12) | (0x80 | ((cp >> 6) & 0x3f)) << 8 |
	       (0x80 | (cp & 0x3f)) << 16 | 3u << 24;
}

/*
 * The entry of @byte: ASCII, or from @high[] (a table of all 256 bytes
 * measured 2.7 instructions per byte fewer, but its 1 KiB is over the
 * kernel's stack frame limit)
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
 * The ASCII run at @in (2 bytes at least, @n >= 8 readable) copied to
 * @out a word at a time, the word with the run's end stored whole (up
 * to 7 bytes past it); a run still going after SB_RUN_WORDS words goes
 * on in we_ascii_copy_vec(). Latin prose is short runs between accented
 * letters: we_ascii_copy_vec() from the first 8 ASCII bytes on, its end
 * found byte by byte, measured 4.51 instructions per byte on German
 * (windows-1252), this 3.20 (16 words: 3.04, 4: 3.62; out of line:
 * 3.52, and Cyrillic 11.76 instead of 10.96).
 */
#define SB_RUN_WORDS	8
static __always_inline size_t sb_ascii(u8 *out, const u8 *in, size_t n)
{
	const u64 hi = 0x8080808080808080ull;
	size_t i = 0;
	u64 w;

	do {
		memcpy(&w, in + i, 8);
		memcpy(out + i, &w, 8);
		if (w & hi)
			return i + we_first_high_byte(w & hi);
		i += 8;
	} while (i < SB_RUN_WORDS * 8 && n - i >= 8);
	return i + we_ascii_copy_vec(out + i, in + i, n - i, true);
}

/**
 * we_sb_decode_long() - decode from @b while bytes are mapped
 * @index: the encoding's code points of bytes 0x80..0xFF (0: unmapped);
 *	NULL for x-user-defined (U+F780 + byte - 0x80)
 * @b:     the buffers; both positions advance
 *
 * Stops at an unmapped byte, with fewer than 4 bytes of output room, or
 * at the end of the input.
 */
void we_sb_decode_long(const u16 *index, struct whatenc_buf *b)
{
	u32 high[128];
	const u8 *in = b->in;
	u8 *out = b->out;
	size_t ip = b->in_pos, op = b->out_pos, end;
	unsigned int k;

	for (k = 0; k < 128; k++) {
		u32 cp = index ? index[k] : 0xf780 + k;

		high[k] = cp ? sb_utf8_entry(cp) : 0;
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
