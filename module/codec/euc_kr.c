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
 * EUC-KR decoder, step 3, as a packed UTF-8 character (text.h): that of
 * the index EUC-KR code point of pointer (@lead - 0x81) * 190 + (@byte -
 * 0x41), 0 if byte is outside 0x41..0xFE or the pointer is null. The
 * table holds each code point's UTF-8 (3 bytes an entry), with a column
 * for every byte (none outside 0x41..0xFE) and rows of none for the leads
 * 0x80 and 0xFF: its index is the two bytes as one big-endian number
 * less 0x8000, for any @lead 0x80..0xFF, with no test and no arithmetic
 * on the trail (scripts/gentables/korean.py). euc_kr_entry() is the
 * entry as it is, in the low 3 bytes.
 */
static __always_inline u32 euc_kr_entry(u8 lead, u8 byte)
{
	size_t i = (u32)(lead << 8 | byte) - 0x8000;

	return get_unaligned_le32(euc_kr_dec_utf8 + 3 * i);
}

static __always_inline u32 euc_kr_lookup(u8 lead, u8 byte)
{
	return we_utf8_packed3(euc_kr_entry(lead, byte));
}

/* The steps' lookup: the code point, 0 for none. */
static inline u32 euc_kr_lookup_cp(u8 lead, u8 byte)
{
	return we_utf8_unpack(euc_kr_lookup(lead, byte));
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

static __always_inline u32 euc_kr_step(struct whatenc_decoder *d, u8 byte)
{
	return we_two_byte_step(&d->s.euc_kr.lead, byte, euc_kr_lookup_cp);
}

/* The decoder's fast path: a code, as a packed UTF-8 character, or 0. */
static __always_inline u32 euc_kr_code(const u8 *p, size_t n,
				       unsigned int *len)
{
	*len = 2;
	return euc_kr_lookup(p[0], p[1]);
}

static __always_inline unsigned int euc_kr_enc_step(struct whatenc_encoder *e,
						    u32 cp, u8 *out)
{
	return we_two_byte_enc_step(cp, out, euc_kr_enc_lookup);
}

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
		u32 w, e;
		long nb;

		if (in[ip] < 0x80) {
			if (!we_ascii_short(in, &ip, out, &op))
				we_ascii_fast(in, &ip, in_size, out, &op,
					      out_size);
			continue;
		}
		/*
		 * no test on the lead: 0x80 and 0xFF have rows of none; a
		 * 3-byte form is one whose first byte is E0 or more (none of
		 * EUC-KR's is longer)
		 */
		e = euc_kr_entry(in[ip], in[ip + 1]);
		if (unlikely((u8)e < 0xe0)) {
			u32 c = we_utf8_packed3(e);

			if (!c)
				break;
			op += we_utf8_put_packed(out + op, c, true);
			ip += 2;
			continue;
		}
		w = get_unaligned_le32(in + ip);
		/* -1 if byte 2 is not ASCII, else 0 and it is taken along */
		nb = (s32)(w << 8) >> 31;
		put_unaligned_le32((e & 0xffffff) | (w & 0xff0000) << 8,
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
	we_dec_fast_packed(b, true, 2, euc_kr_code);
}

/*
 * A Hangul syllable U+AC00..U+D7A3 at the start of @w (UTF-8 bytes in
 * bits 0..23): its index in euc_kr_hangul_enc[] (the code point less
 * 0xAC00), or a number >= 11172 for anything else. The lead 0xEA..0xED
 * and the two continuation bytes are one test, the three bytes' tag bits
 * and the lead less 0xEA as one number below 4 (a lead below 0xEA
 * borrows into the bytes above). Then the two low bits of the lead
 * (which tell 0xEA..0xED apart) and the two continuations' six bits are
 * gathered by one multiplication, x << 2 + x << 16 + x << 30 with no two
 * fields overlapping, into bits 18..31: the code point's 14 low bits,
 * b2 | b1 << 6 | lead << 12. Over 0xA000..0xDFFF, which those 14 bits
 * tell apart, adding 0x1400 modulo 0x4000 is subtracting 0xAC00: every
 * code point outside the syllables lands at 11172 or above.
 */
static __always_inline u32 euc_kr_hangul_index(u32 w)
{
	if ((w & 0xc0c0ff) - 0x8080ea >= 4)
		return 11172;
	return ((w & 0x3f3f03) * 0x40010004u + (0x1400u << 18)) >> 18;
}

/*
 * The syllable of index @i and the byte after it, bits 24..31 of @w (its
 * UTF-8 form), at @out: 3 bytes, the third scratch when that byte is not
 * ASCII. Returns -1 if it is not (the bytes written and read are 2 and 3),
 * 0 if it is (3 and 4).
 */
static __always_inline long euc_kr_put_hangul(u8 *out, u32 i, u32 w)
{
	put_unaligned_be16(euc_kr_hangul_enc[i], out);
	out[2] = w >> 24;
	return (s32)w >> 31;
}

/*
 * The bulk of the encoder's fast path while 8 input bytes and 8 bytes of
 * output room remain: a Hangul syllable (every one has a code, read
 * without a test) takes the byte after it along when that is ASCII, as
 * we_enc_fast_two_byte_any()'s @take_ascii, and so does a second
 * syllable after that, from the same 8-byte load: Korean prose is runs
 * of syllables and single spaces, and the next position waits only on
 * the load and the two taken bytes' sign bits, once per two syllables.
 * ASCII runs, other 2- and 3-byte characters as there. No step writes
 * more bytes than it reads, so one bound serves both positions (as in
 * we_enc_fast_words()). Stops at what it does not take, for
 * we_enc_fast_two_byte_any(). (64 KiB of Korean text: 10.38 -> 8.05
 * instructions a byte, 1.39 -> 2.00 x ICU in wall time; docs/
 * performance.md, h-krenc.)
 */
static __always_inline void euc_kr_enc_hangul(struct whatenc_buf *b)
{
	const u8 *in = b->in;
	u8 *out = b->out;
	/* locals: the byte stores below could alias *b */
	const size_t in_size = b->in_size, out_size = b->out_size;
	size_t ip = b->in_pos, op = b->out_pos;
	size_t last;
	const u8 *p;
	u8 *o;

	if (in_size < 8 || out_size < 8 || op > out_size - 8)
		return;
	last = ip + (out_size - 8 - op);
	if (last > in_size - 8)
		last = in_size - 8;
	/* pointers in the loop: two registers fewer than bases and indices */
	p = in + ip;
	o = out + op;
	while (p <= in + last) {
		u64 q = get_unaligned_le64(p);
		u32 w = q, i, cp;
		unsigned int len;
		long nb;
		u16 code;

		i = euc_kr_hangul_index(w);
		if (i < 11172) {
			nb = euc_kr_put_hangul(o, i, w);
			p += 4 + nb;
			o += 3 + nb;
			/* the next character: byte 3 on, or 4 if taken */
			w = q >> (32 + 8 * nb);
			i = euc_kr_hangul_index(w);
			if (i < 11172) {
				nb = euc_kr_put_hangul(o, i, w);
				p += 4 + nb;
				o += 3 + nb;
			}
			continue;
		}
		if (*p < 0x80) {
			size_t ni = 0, no = 0;

			if (we_ascii_short(p, &ni, o, &no)) {
				p += ni;
				o += no;
				continue;
			}
			ip = p - in;
			op = o - out;
			we_ascii_enc_fast(in, &ip, in_size, out, &op, out_size);
			p = in + ip;
			o = out + op;
			continue;
		}
		len = we_utf8_23w(p, w, &cp);
		if (!len)
			break;
		code = we_rank_lookup(&euc_kr_enc_table, cp);
		if (!code)
			break;
		put_unaligned_be16(code, o);
		o += 2;
		p += len;
	}
	b->in_pos = p - in;
	b->out_pos = o - out;
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
