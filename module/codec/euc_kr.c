// SPDX-License-Identifier: GPL-2.0-only
/*
 * euc_kr.c - the EUC-KR decoder and encoder (windows-949: KS X 1001 and
 * the Unified Hangul Code)
 *
 * Encoding Standard sections "EUC-KR decoder" and "EUC-KR encoder".
 * Tables: tables_euc_kr.h (scripts/gentables/korean.py).
 */
#include "steps.h"
#include "tables_euc_kr.h"

/*
 * EUC-KR decoder, step 3: the index EUC-KR code point of pointer
 * (@lead - 0x81) * 190 + (@byte - 0x41), 0 if byte is outside 0x41..0xFE
 * or the pointer is null. The table has a column for every byte (0
 * outside 0x41..0xFE) and rows of 0 for the leads 0x80 and 0xFF: its
 * index is the two bytes as one big-endian number less 0x8000, for any
 * @lead 0x80..0xFF, with no test and no arithmetic on the trail
 * (scripts/gentables/korean.py).
 */
static inline u32 euc_kr_lookup(u8 lead, u8 byte)
{
	return euc_kr_dec[(u32)(lead << 8 | byte) - 0x8000];
}

static const struct we_rank_table euc_kr_enc_table = {
	euc_kr_enc_page, euc_kr_enc_bits, euc_kr_enc_base, euc_kr_enc_code
};

/* The bytes of the index pointer for @cp (lead << 8 | trail), or 0. */
static __always_inline u16 euc_kr_enc_lookup(u32 cp)
{
	if (cp - 0xac00 < 11172)
		return euc_kr_hangul_enc[cp - 0xac00];
	return we_rank_lookup(&euc_kr_enc_table, cp);
}

WE_TWO_BYTE_PARTS(euc_kr, euc_kr_lookup, WE_TB_ALL_LEADS,
		  euc_kr_enc_lookup)

/*
 * The decoder's fast path with room for 4 output bytes per input byte
 * (we_dec_fast()'s roomy case) while 8 input bytes remain. Korean prose
 * is Hangul syllables separated by single spaces: a branch on "ASCII or
 * not" before each code is mispredicted at the end of every word. So a
 * code takes the byte after it along when that is ASCII, without a
 * branch: the code's 3 UTF-8 bytes and that byte are one 32-bit store
 * (the fourth byte is scratch when it is not taken), the positions
 * advance by a computed length. The rest of a longer ASCII run, codes
 * below U+0800 and anything else are branches as in we_dec_fast_loop().
 * The length is 3 plus byte 2's sign bit spread (-1 or 0): two
 * operations after the load on the next position's chain. Every step
 * writes at most 4 bytes per byte it reads, so the room lasts; no store
 * reaches more than 8 bytes ahead. (64 KiB of Korean text: callgrind's
 * simulated mispredicts 27,308 -> 8,055 for two calls, 16.87 -> 14.85
 * instructions per byte with the zero rows of euc_kr_lookup(), 520 ->
 * 765 MB/s; issue 18 part E, in docs/performance.md as of 83c2acf.)
 */
static void euc_kr_fast_roomy(struct whatenc_buf *b)
{
	const u8 *in = b->in;
	u8 *out = b->out;
	size_t ip = b->in_pos, op = b->out_pos;
	/* locals: the stores to out[] could alias *b */
	const size_t in_size = b->in_size, out_size = b->out_size;
	const size_t last = in_size - 8;

	if (in_size < 8)
		return;
	while (ip <= last) {
		u32 w, cp;
		long nb;

		if (in[ip] < 0x80) {
			if (!we_ascii_short(in, &ip, out, &op))
				we_ascii_fast(in, &ip, in_size, out, &op,
					      out_size);
			continue;
		}
		/* no test on the lead: 0x80 and 0xFF have zero rows */
		cp = euc_kr_lookup(in[ip], in[ip + 1]);
		if (unlikely(cp < 0x800)) {
			if (!cp)
				break;
			op += we_utf8_write(out + op, cp);
			ip += 2;
			continue;
		}
		w = get_unaligned_le32(in + ip);
		/* -1 if byte 2 is not ASCII, else 0 and it is taken along */
		nb = (s32)(w << 8) >> 31;
		put_unaligned_le32(we_utf8_3_le(cp) | (w & 0xff0000) << 8,
				   out + op);
		ip += 3 + nb;
		op += 4 + nb;
	}
	b->in_pos = ip;
	b->out_pos = op;
}

/*
 * The take-along loop from 128 bytes on, below it we_dec_fast_loop()'s
 * branches: the take-along's next position waits for the load of the
 * byte after the code (a chain of about 8 cycles a code), where a
 * predicted branch lets the CPU run ahead. On prose the branch is
 * mispredicted at the end of every word and the chain is cheaper; on
 * names (make bench-names: 64 names converted 16 times, the branches
 * learnt) the branches were faster: whatenc / encoding_rs in wall time
 * at 8/16/32/64 bytes 0.66/0.85/1.04/1.18 with the take-along, 0.54/
 * 0.59/0.63/0.67 without (alternating runs, docs/performance.md).
 */
static void euc_kr_fast(struct whatenc_decoder *d, struct whatenc_buf *b)
{
	size_t out_left = b->out_size - b->out_pos;

	if (b->in_size - b->in_pos >= 128 && out_left &&
	    (out_left - 1) / 4 >= b->in_size - b->in_pos)
		euc_kr_fast_roomy(b);
	we_dec_fast(b, true, 2, 4, euc_kr_code);
}

/*
 * The bulk of the encoder's fast path while 8 input bytes and 8 bytes of
 * output room remain: a Hangul syllable (U+AC00..U+D7A3: its 3-byte
 * form's bit pattern and the range, which excludes the overlong and
 * surrogate forms, are all the checks; every syllable has a code, read
 * without a test) takes the byte after it along when that is ASCII, as
 * we_enc_fast_two_byte_any()'s @take_ascii; ASCII runs, other 2- and
 * 3-byte characters as there. No step writes more bytes than it reads,
 * so one bound serves both positions (as in we_enc_fast_words()).
 * Stops at what it does not take, for we_enc_fast_two_byte_any().
 */
static __always_inline void euc_kr_enc_hangul(struct whatenc_buf *b)
{
	const u8 *in = b->in;
	u8 *out = b->out;
	/* locals: the byte stores below could alias *b */
	const size_t in_size = b->in_size, out_size = b->out_size;
	size_t ip = b->in_pos, op = b->out_pos;
	size_t last;

	if (in_size < 8 || out_size < 8 || op > out_size - 8)
		return;
	last = ip + (out_size - 8 - op);
	if (last > in_size - 8)
		last = in_size - 8;
	while (ip <= last) {
		u32 w = get_unaligned_le32(in + ip), cp;
		unsigned int len;
		u16 code;

		if ((w & 0xc0c0f0) == 0x8080e0) {
			cp = (w & 0x0f) << 12 | (w & 0x3f00) >> 2 |
			     (w & 0x3f0000) >> 16;
			if (cp - 0xac00 < 11172) {
				/* -1 if byte 3 is not ASCII, else 0: taken */
				long nb = (s32)w >> 31;

				code = euc_kr_hangul_enc[cp - 0xac00];
				put_unaligned_le32(__builtin_bswap16(code) |
						   (w >> 24) << 16, out + op);
				ip += 4 + nb;
				op += 3 + nb;
				continue;
			}
		} else if (in[ip] < 0x80) {
			if (!we_ascii_short(in, &ip, out, &op))
				we_ascii_enc_fast(in, &ip, in_size, out, &op,
						  out_size);
			continue;
		}
		len = we_utf8_23w(in + ip, w, &cp);
		if (!len)
			break;
		code = we_rank_lookup(&euc_kr_enc_table, cp);
		if (!code)
			break;
		put_unaligned_be16(code, out + op);
		op += 2;
		ip += len;
	}
	b->in_pos = ip;
	b->out_pos = op;
}

/*
 * The encoder's fast path, on a cache line of its own as the other CJK
 * ones: inlined into euc_kr_encode(), where other code moved it, it ran
 * 1.46 -> 1.39 x ICU with the same instructions (docs/performance.md,
 * the current table)
 */
static noinline __aligned(64) void euc_kr_enc_fast(struct whatenc_encoder *e,
						   struct whatenc_buf *b)
{
	if (!we_popcnt_usable())
		return;
	euc_kr_enc_hangul(b);
	we_enc_fast_two_byte_any(b, euc_kr_enc_lookup, true);
}

WE_CJK_STEP_FAMILY(euc_kr, euc_kr_step, euc_kr_fast, euc_kr_enc_step,
		   euc_kr_enc_fast, euc_kr_enc_lookup, 0);
