// SPDX-License-Identifier: GPL-2.0-only
/*
 * single_byte.c - the 28 legacy single-byte encodings
 *
 * Encoding Standard, "Legacy single-byte encodings": one generic decoder
 * and encoder over the generated tables in tables_single_byte.h. The
 * decoder maps bytes 0x80-0xFF through a 128-entry table; the encoder
 * looks code points below WE_SB_PAGE_LIMIT up in a two-level page table
 * (pages shared by all encodings) and the few others by binary search in
 * the encoding's sorted code points (see the table header); its fast
 * path indexes the page table with the UTF-8 bytes themselves, on Latin
 * prose 32 bytes a block (sb_encode_blocks()). ASCII runs are copied a
 * word at a time.
 */
#include "steps.h"
#include "tables_single_byte.h"

static_assert(WE_SB_COUNT == WE_SB_ROWS, "one table per WHATENC_SB() line");

/* The encoding's index: the code points of bytes 0x80..0xFF (0: null). */
static __always_inline const u16 *sb_index(const struct whatenc_decoder *d)
{
	return we_sb_decode[whatenc_encodings[d->enc].table];
}

/* The single-byte decoder's step: ASCII, or the index code point. */
static __always_inline u32 sb_step(struct whatenc_decoder *d, u8 byte)
{
	u32 cp;

	if (byte < 0x80)
		return byte;
	cp = sb_index(d)[byte - 0x80];
	return cp ? cp : WE_STEP_ERROR(0);
}

/*
 * Its fast path: ASCII runs (a word at a time) and mapped bytes, while 3
 * bytes of output are free for a mapped byte; the steps take the rest
 * (an unmapped byte, a short output). Not inlined, and given the index
 * as an argument, so that the index stays in a register: inlined into the
 * step loop it measured 1-2% more instructions per byte, the step loop
 * itself 8% more (scripts/bench-instr).
 */
static noinline void sb_decode_run(const u16 *index, struct whatenc_buf *b)
{
	const u8 *in = b->in;
	u8 *out = b->out;
	size_t ip = b->in_pos, op = b->out_pos;
	const size_t in_size = b->in_size, out_size = b->out_size;

	while (ip < in_size) {
		u8 byte = in[ip];
		u32 cp;

		if (byte < 0x80) {
			/* one ASCII byte between letters (a space): no run */
			if (ip + 1 == in_size || in[ip + 1] >= 0x80) {
				if (op == out_size)
					break;
				out[op++] = byte;
				ip++;
				continue;
			}
			if (!we_ascii_fast(in, &ip, in_size, out, &op, out_size))
				break;
			continue;
		}
		if (out_size - op < 3)
			break;
		cp = index[byte - 0x80];
		if (unlikely(!cp))
			break;
		if (cp < 0x800) {
			out[op++] = 0xc0 | (cp >> 6);
			out[op++] = 0x80 | (cp & 0x3f);
		} else {
			out[op++] = 0xe0 | (cp >> 12);
			out[op++] = 0x80 | ((cp >> 6) & 0x3f);
			out[op++] = 0x80 | (cp & 0x3f);
		}
		ip++;
	}
	b->in_pos = ip;
	b->out_pos = op;
}

/*
 * From this many bytes on, sb_long.c's table loop (4-byte stores of each
 * byte's UTF-8, no branch on its length) goes first: names of 8 bytes
 * and more, windows-1251 decode, 8/16/32 bytes: 409 -> 368, 562 -> 434,
 * 980 -> 613 instructions per name (make bench-names, scalar).
 */
#define SB_TABLE_MIN	8

/*
 * The short-input lane (fewer than SB_TABLE_MIN bytes: a short name, or
 * what the table loop left): byte by byte, inlined, with none of the
 * set-up of sb_decode_run() and the table loop, which such an input
 * would pay without using. Takes the bytes whose UTF-8 has room at 3
 * bytes each (a name's output, as a rule, has room for all) and stops
 * at an unmapped byte; the steps take the rest.
 */
static __always_inline void sb_decode_short(const u16 *index,
					    struct whatenc_buf *b)
{
	const u8 *p = b->in + b->in_pos, *end;
	u8 *o = b->out + b->out_pos;
	size_t n = b->in_size - b->in_pos, room = b->out_size - b->out_pos;

	if (room < 3 * n)	/* n is short: no overflow */
		n = room / 3;
	for (end = p + n; p < end; p++) {
		u32 cp = *p;

		if (cp < 0x80) {
			*o++ = cp;
			continue;
		}
		cp = index[cp - 0x80];
		if (!cp)
			break;
		if (cp < 0x800) {	/* both bytes in one store */
			put_unaligned_be16(0xc080 | (cp << 2 & 0x1f00) |
					   (cp & 0x3f), o);
			o += 2;
			continue;
		}
		o[0] = 0xe0 | cp >> 12;
		o[1] = 0x80 | (cp >> 6 & 0x3f);
		o[2] = 0x80 | (cp & 0x3f);
		o += 3;
	}
	b->in_pos = p - b->in;
	b->out_pos = o - b->out;
}

/*
 * The table loop (sb_long.c) leaves the last byte or two, which the
 * short lane takes (a name of 8 bytes: sb_decode_run()'s set-up cost it
 * 58 instructions); more is left to sb_decode_run() (a short output).
 */
static void sb_fast(struct whatenc_decoder *d, struct whatenc_buf *b)
{
	if (b->in_size - b->in_pos >= SB_TABLE_MIN) {
		whatenc_sb_decode_long(whatenc_encodings[d->enc].table, b);
		if (b->in_size - b->in_pos >= SB_TABLE_MIN) {
			sb_decode_run(sb_index(d), b);
			return;
		}
	}
	sb_decode_short(sb_index(d), b);
}

/* The byte for code point @cp >= 0x80 in encoding @k, or -1. */
static inline int sb_lookup(unsigned int k, u32 cp)
{
	unsigned int lo, hi;

	if (likely(cp < WE_SB_PAGE_LIMIT)) {
		u8 byte = we_sb_enc_page[we_sb_enc_pidx[k][cp >> WE_SB_PAGE_SHIFT]]
					[cp & ((1 << WE_SB_PAGE_SHIFT) - 1)];

		return byte ? byte : -1;
	}
	lo = we_sb_enc_first[k];
	hi = we_sb_enc_first[k + 1];
	while (lo < hi) {
		unsigned int mid = (lo + hi) / 2;

		if (we_sb_enc_cp[mid] == cp)
			return we_sb_enc_byte[mid];
		if (we_sb_enc_cp[mid] < cp)
			lo = mid + 1;
		else
			hi = mid;
	}
	return -1;
}

/* The page index of the code points from U+0800 below WE_SB_PAGE_LIMIT */
#define SB_PAGES_3	((WE_SB_PAGE_LIMIT >> WE_SB_PAGE_SHIFT) - 0x20)
static_assert(WE_SB_PAGE_LIMIT <= 0x3000, "3-byte page index from E0-E2 only");

/*
 * The byte of 2-byte UTF-8 sequence @c @t (lead C0-DF, trail 80-BF) in the
 * encoding of page index @pidx, or 0.
 */
static __always_inline u8 sb_enc2(const u8 *pidx, const u8 *page, size_t c,
				  size_t t)
{
	return page[((size_t)pidx[c - 0xc0] << WE_SB_PAGE_SHIFT) + t - 0x80];
}

/*
 * we_ascii_copy() where @dst has room for @n bytes: a run ending in the
 * first word is stored as the whole word (the bytes past it are scratch
 * stores, overwritten by the next character or past the output), not by
 * we_copy_short()'s three tests on its length, which mispredict on the
 * word lengths of real text (issue 18 part D).
 */
static __always_inline size_t sb_ascii_copy(u8 *dst, const u8 *src, size_t n)
{
	u64 w, m;

	if (n < 8)
		return we_ascii_copy(dst, src, n);
	memcpy(&w, src, 8);
	memcpy(dst, &w, 8);
	m = w & 0x8080808080808080ull;
	if (m)
		return we_first_high_byte(m);
	return 8 + we_ascii_copy(dst + 8, src + 8, n - 8);
}

#define SB_HI		0x8080808080808080ull	/* the top bit of each byte */
#define SB_BLOCK	32	/* input bytes a block */
#define SB_WORDS	(SB_BLOCK / 8)
/* more leads than this in a block (Cyrillic, Greek...): the steps' loop */
#define SB_DENSE	12
/*
 * Bytes after the blocks stopped from which the steps' loop goes back to
 * them (at an ASCII run): every try on Cyrillic or Thai costs a block's
 * classes and a misprediction, 1024 bytes measured about as fast as no
 * blocks there (16, 256: 5-10% slower), Latin 5% slower than 16.
 */
#define SB_BACK		1024

/*
 * The block is copied in two vector moves where the compiler has vector
 * registers (userspace), else (the kernel: -mno-sse) from its words,
 * which are loaded anyway: windows-1250 encode under the kernel's flags
 * 9.46 -> 9.26 instructions a byte (scripts/bench-instr), 8.93 in
 * userspace against 8.90 with the vector moves.
 */
#ifdef __SSE2__
#define SB_VEC_COPY	1
#else
#define SB_VEC_COPY	0
#endif

/*
 * The top bits of the 8 bytes of @m (no other bit set) as bits 0-7, byte
 * k (bits 8k..8k+7) as bit k: the multiplier's bits 7(7 - k) move bit
 * 8k + 7 to bit 56 + k, and no two of the 64 products meet below bit 64.
 */
static __always_inline unsigned int sb_bits(u64 m)
{
	return (m * 0x02040810204081ull) >> 56;
}

/*
 * The block kernel of sb_encode_run(): 32 bytes a step, its branches
 * taken per block and per non-ASCII character, not at each switch
 * between ASCII and a letter (whose mispredictions cost most of the time
 * on Latin prose, issue 18 part E). The classes of the 32 bytes are
 * computed on four 8-byte words (the top bit of each byte: lead 11xxxxxx,
 * 3-byte lead 1110xxxx, trail 10xxxxxx), and the block is taken when its
 * trail bytes are exactly those its leads expect (one after each lead,
 * two after a 3-byte one; a trail expected past the end is not checked,
 * and a sequence that the last two bytes start ends the block before
 * its lead). The block is copied, then for each lead in turn (count
 * trailing zeros) its byte is stored and the 32 bytes after the sequence
 * are copied after it: scratch stores, overwritten by the next
 * character's. Anything the steps would stop at (an unmapped code point,
 * C0, C1, E3 or more, F0 and up taken as a 2-byte lead, an overlong
 * 3-byte sequence) stops it at that character, a block that is not well
 * formed at its start, and so does a block of more than SB_DENSE leads
 * (Cyrillic, Greek, Arabic, Hebrew: a letter in every other byte, which
 * the steps' loop takes with half the instructions, its mispredictions
 * only at the spaces) or of more than 3 3-byte leads (Thai, likewise);
 * sb_encode_run()'s loop goes on from there. Runs while 64 bytes of
 * input and of output room are left (@limit: the last block's start).
 */
static __always_inline void sb_encode_blocks(const u8 *pidx, const u8 *page,
					     const u8 **pp, u8 **op,
					     const u8 *limit)
{
	const u8 *p = *pp;
	u8 *o = *op;

	while (p <= limit) {
		/*
		 * not zeroed each block under the kernel's
		 * -ftrivial-auto-var-init=zero (every element is set)
		 */
		u64 w[SB_WORDS] __uninitialized, l[SB_WORDS] __uninitialized;
		u64 t[SB_WORDS] __uninitialized, bad = 0, hi = 0;
		u64 n3 = 0, n2 = 0;
		unsigned int k, end = SB_BLOCK;
		u32 lead = 0;

#pragma GCC unroll 4
		for (k = 0; k < SB_WORDS; k++) {
			w[k] = get_unaligned_le64(p + 8 * k);
			if (!SB_VEC_COPY)
				put_unaligned_le64(w[k], o + 8 * k);
			hi |= w[k];
		}
		if (SB_VEC_COPY)
			memcpy(o, p, SB_BLOCK);
		if (!(hi & SB_HI)) {
			p += SB_BLOCK;
			o += SB_BLOCK;
			continue;
		}
#pragma GCC unroll 4
		for (k = 0; k < SB_WORDS; k++) {
			u64 e, x = w[k];

			l[k] = x & x << 1 & SB_HI;
			t[k] = l[k] & x << 2 & ~(x << 3);
			/* the trails expected: 1 after a lead, 2 after 1110xxxx */
			e = l[k] << 8 | t[k] << 16;
			if (k)
				e |= l[k - 1] >> 56 | t[k - 1] >> 48;
			/* those not expected or missing */
			bad |= e ^ (x & ~(x << 1) & SB_HI);
			lead |= (u32)sb_bits(l[k]) << 8 * k;
			n2 += l[k] >> 7;
			n3 += t[k] >> 7;
		}
		/* a sequence cut at the end: up to its lead */
		if (l[SB_WORDS - 1] >> 63)
			end = SB_BLOCK - 1;
		else if (t[SB_WORDS - 1] >> 55 & 1)
			end = SB_BLOCK - 2;
		/* malformed, or Thai, or dense: the steps */
		if (bad || (n3 * 0x0101010101010101ull) >> 56 > 3 ||
		    (n2 * 0x0101010101010101ull) >> 56 > SB_DENSE)
			break;
		lead &= ~0u >> (SB_BLOCK - end);
		/* o[x - k]: the output of input byte p[x], k trails before */
		k = 0;
		while (lead) {
			size_t j = __ffs(lead), c = p[j], t = p[j + 1];
			size_t i, len = 2;
			u8 byte;

			if (c < 0xe0) {
				byte = sb_enc2(pidx, page, c, t);
			} else {
				i = ((c - 0xe0) << 6) + t - 0x80;
				len = 3;
				if (c - 0xe0 >= 3 || i - 0x20 >= SB_PAGES_3)
					byte = 0;
				else
					byte = page[((size_t)pidx[i] <<
						     WE_SB_PAGE_SHIFT) +
						    p[j + 2] - 0x80];
			}
			if (!byte) {
				p += j;
				o += j - k;
				goto out;
			}
			o[j - k] = byte;
			memcpy(o + j - k + 1, p + j + len, SB_BLOCK);
			k += len - 1;
			lead &= lead - 1;
		}
		o += end - k;
		p += end;
	}
out:
	*pp = p;
	*op = o;
}

/*
 * The byte of the 3-byte UTF-8 sequence in bits 0-23 of @w, whose page
 * index ((lead & 0x0f) << 6 | (trail1 & 0x3f)) is @i, in the encoding of
 * page index @pidx; 0 if it is not 1110xxxx 10xxxxxx 10xxxxxx (tested as
 * one number), or below U+0800 (index below 0x20: overlong), or from
 * WE_SB_PAGE_LIMIT up, or unmapped.
 */
static __always_inline u8 sb_enc3(const u8 *pidx, const u8 *page, u64 w,
				  size_t i)
{
	if ((w & 0xc0c0f0) != 0x8080e0 || i - 0x20 >= SB_PAGES_3)
		return 0;
	return page[((size_t)pidx[i] << WE_SB_PAGE_SHIFT) + (w >> 16 & 0x3f)];
}

/*
 * The byte of the 3-byte UTF-8 sequence at @p (@n >= 2 bytes readable),
 * tested byte by byte, in the encoding of page index @pidx; 0 if it is
 * cut (@n < 3), not 1110xxxx 10xxxxxx 10xxxxxx, overlong, from
 * WE_SB_PAGE_LIMIT up (its lead E3 or more), or unmapped. For the short
 * lane: sb_encode_run() keeps the same tests written out, as there
 * this function cost every encode row of scripts/bench-instr 0.01-0.07
 * instructions a byte, Thai 0.5.
 */
static __always_inline u8 sb_enc3_at(const u8 *pidx, const u8 *page,
				     const u8 *p, size_t n)
{
	size_t c = p[0], t = p[1], i = ((c - 0xe0) << 6) + t - 0x80;

	if (c - 0xe0 >= 3 || t - 0x80 >= 0x40 || i - 0x20 >= SB_PAGES_3 ||
	    n < 3 || p[2] - 0x80u >= 0x40)
		return 0;
	return page[((size_t)pidx[i] << WE_SB_PAGE_SHIFT) + p[2] - 0x80];
}

/*
 * sb_enc3_lead_run()'s tests of 3-byte sequences of one lead (E0, E1 or E2)
 * whose page indexes are in range, as masks and values of their bytes:
 * the lead itself; trail 1 by a mask that keeps the page index from 0x20
 * (E0: A0-BF, not overlong) and below WE_SB_PAGE_LIMIT (E1: 80-BF; E2:
 * 80-8F, U+2000-23FF: the page index's 0x98 on is past it); trail 2
 * 10xxxxxx. Four sequences: @m4, @v4 their bytes 0-7 (byte k in bits
 * 8k..8k+7), @m4b, @v4b bytes 8-11 (which are bytes 2-5 again); one:
 * @m1, @v1 in bits 0-23.
 */
struct sb_enc3_mask {
	u64 m4, v4;
	u32 m4b, v4b, m1, v1;
};

/* one sequence's bytes in bits 0-23, at bits 0, 24 and 48 (bytes 6, 7) */
#define SB_REP3(x)	((u64)(x) * 0x0001000001000001ull)
#define SB_M3(tm)	(0xc000ff | (tm) << 8)
#define SB_V3(c, tv)	(0x800000 | (tv) << 8 | (c))
#define SB_ENC3_MASK(c, tm, tv) {					\
	.m4 = SB_REP3(SB_M3(tm)), .v4 = SB_REP3(SB_V3(c, tv)),		\
	.m4b = SB_REP3(SB_M3(tm)) >> 16 & 0xffffffff,			\
	.v4b = SB_REP3(SB_V3(c, tv)) >> 16 & 0xffffffff,		\
	.m1 = SB_M3(tm), .v1 = SB_V3(c, tv),				\
}

static const struct sb_enc3_mask sb_enc3_masks[3] = {
	SB_ENC3_MASK(0xe0, 0xe0, 0xa0),
	SB_ENC3_MASK(0xe1, 0xc0, 0x80),
	SB_ENC3_MASK(0xe2, 0xf0, 0x80),
};
static_assert(WE_SB_PAGE_LIMIT >= 0x2400, "E2 80-8F below the page limit");

/*
 * The byte of the 3-byte sequence at @p that sb_enc3_masks[] passed, by
 * @pidx3 (the page index from its lead's first page), or 0 (unmapped).
 * Trail 1 as a size_t: as an int, under the kernel's -fno-strict-overflow
 * each character cost a sign extension and an add more (windows-874
 * encode under the kernel's flags 5.74 -> 5.12 instructions a byte,
 * scripts/bench-instr).
 */
static __always_inline u8 sb_enc3_in(const u8 *pidx3, const u8 *page,
				     const u8 *p)
{
	size_t t = p[1];

	return page[((size_t)pidx3[t - 0x80] << WE_SB_PAGE_SHIFT) +
		    p[2] - 0x80];
}

/*
 * A run of 3-byte characters from @p (in all encodings but windows-874,
 * whose runs sb_enc3_lead_run() takes: the quotes, dashes, euro sign of
 * windows-125x, box drawing): their bytes to *@op; returns where the run
 * ends (@p if it is not one). Two characters a step while 8 bytes can be
 * read, the indexes of both made at once (bits 0-9 and 24-33 of @x); a
 * run ending after the first of two still writes it, so the end of a run
 * costs one exit from the loop, not two.
 */
static __always_inline const u8 *sb_enc3_run(const u8 *pidx, const u8 *page,
					     const u8 *p, const u8 *end,
					     u8 **op)
{
	u8 *o = *op, b0, b1;

	while (end - p > 7) {
		u64 w = get_unaligned_le64(p);
		u64 x = (w & 0x0f00000full) << 6 | (w >> 8 & 0x3f00003full);

		b0 = sb_enc3(pidx, page, w, x & 0x3ff);
		if (!b0)
			goto out;
		o[0] = b0;
		b1 = sb_enc3(pidx, page, w >> 24, x >> 24 & 0x3ff);
		if (!b1) {
			o++;
			p += 3;
			goto out;
		}
		o[1] = b1;
		o += 2;
		p += 6;
	}
	while (end - p > 3) {
		u32 w = get_unaligned_le32(p);

		b0 = sb_enc3(pidx, page, w, (w & 0x0f) << 6 | (w >> 8 & 0x3f));
		if (!b0)
			break;
		*o++ = b0;
		p += 3;
	}
out:
	*op = o;
	return p;
}

/* sb_enc3_lead_run()'s result: the input and output positions after it */
struct sb_pos {
	const u8 *p;
	u8 *o;
};

/*
 * A run of 3-byte characters from @p (Thai; @end - @p > 3) in the
 * encoding of page index @pidx, their bytes from @o; returns where the run
 * ends (@p if it is not one) and the output's end. Characters of one
 * lead (E0-E2) four a step while 12 bytes can be read, their 12 bytes
 * tested at once by sb_enc3_masks[] (so that each character costs its
 * two table loads and little more; the four bytes are stored, then
 * tested for 0, unmapped, as one product), then one a step, each tested
 * as one number; any other 3-byte character (E2 90-97, a lead change) by
 * sb_enc3(), and 1 to 7 ASCII bytes before a lead E0-E2 (a space, a
 * line's end, " %s " between runs) in the run too, a word stored, not by
 * a return to the steps' loop. An unmapped or malformed sequence ends
 * the run at its first byte, and so does a sequence that @end cuts (the
 * steps' loop takes the last 3 bytes). Out of line, with its position
 * returned in registers: the steps' loop keeps its registers.
 * windows-874 encode, instructions a byte (scripts/bench-instr, 64 KiB
 * and 1 KiB; userspace, kernel flags): 9.39/9.73, 9.24/9.61 with the
 * two-character steps of sb_enc3_run(); 5.92/6.22, 6.19/6.53 with these
 * and a single ASCII byte in the run; 5.52/5.80, 5.74/6.06 with 1 to 7.
 */
static noinline struct sb_pos sb_enc3_lead_run(const u8 *pidx,
					       const u8 *page, const u8 *p,
					       const u8 *end, u8 *o)
{
	/* the four-character steps' last start */
	const u8 *const lim = end - p > 11 ? end - 11 : p;
	u8 byte;

	for (;;) {
		size_t c = p[0] - 0xe0;
		u32 w;

		if (c < 3) {
			const struct sb_enc3_mask *mk = &sb_enc3_masks[c];
			const u8 *pidx3 = pidx + (c << 6);

			while (p < lim &&
			       !(((get_unaligned_le64(p) & mk->m4) ^ mk->v4) |
				 ((get_unaligned_le32(p + 8) & mk->m4b) ^
				  mk->v4b))) {
				u64 b0, b1, b2, b3;

				/*
				 * stored before they are tested (scratch
				 * stores where one is 0, unmapped: the
				 * one-character steps stop there), each
				 * before the next is read (so that the
				 * compiler does not merge the stores)
				 */
				b0 = sb_enc3_in(pidx3, page, p);
				o[0] = b0;
				b1 = sb_enc3_in(pidx3, page, p + 3);
				o[1] = b1;
				b2 = sb_enc3_in(pidx3, page, p + 6);
				o[2] = b2;
				b3 = sb_enc3_in(pidx3, page, p + 9);
				o[3] = b3;
				if (b0 * b1 * (b2 * b3) == 0)
					break;
				o += 4;
				p += 12;
			}
			while (end - p > 3 &&
			       (get_unaligned_le32(p) & mk->m1) == mk->v1) {
				byte = sb_enc3_in(pidx3, page, p);
				if (!byte)
					goto out;
				*o++ = byte;
				p += 3;
			}
		}
		if (end - p <= 3)
			break;
		w = get_unaligned_le32(p);
		if (w & 0x80) {
			byte = sb_enc3(pidx, page, w,
				       (w & 0x0f) << 6 | (w >> 8 & 0x3f));
			if (!byte)
				break;
			*o++ = byte;
			p += 3;
			continue;
		}
		/* 1-7 ASCII bytes, then a lead E0-E2 (8 bytes stored) */
		if (end - p > 7) {
			u64 x = get_unaligned_le64(p), m = x & SB_HI;
			unsigned int n;

			if (!m)
				break;
			n = we_first_high_byte(m);
			if (p[n] - 0xe0u >= 3)
				break;
			put_unaligned_le64(x, o);
			o += n;
			p += n;
			continue;
		}
		if (((w >> 8 & 0xff) - 0xe0) >= 3)
			break;
		*o++ = w;
		p++;
	}
out:
	return (struct sb_pos){ p, o };
}

/*
 * Fast path of the encoder: complete, valid 1-3 byte UTF-8 sequences of
 * mappable code points below WE_SB_PAGE_LIMIT, straight from the input.
 * Stops (leaving the rest to the spec's reader and sb_enc_step()) at
 * anything else.
 *
 * The UTF-8 bytes index the page table without making the code point:
 * the page of a 2-byte sequence is entry lead - 0xc0 of the encoding's
 * page index (C0 and C1, overlong, find the empty pages of U+0000-007F,
 * so they stop the run as an unmapped code point would), that of a
 * 3-byte one entry (lead - 0xe0) << 6 | (trail1 - 0x80), from 0x20 up
 * (below: overlong). Each step writes one byte for one to three read, so
 * reading no more input than the output has room for keeps the writes
 * inside it with no test per byte; the bound is renewed when reached.
 * The blocks (sb_encode_blocks()) go first, the steps' loop where they
 * stop, and back to the blocks at an ASCII run SB_BACK bytes on. Runs of
 * 3-byte characters go to sb_enc3_lead_run() with @run3 (windows-874,
 * sb_enc_fast_thai()), else to sb_enc3_run(): the other encodings' loop
 * stays as it was, its registers and instructions (with the call in
 * their loop, windows-1251 and windows-1256 encode cost 0.02 and 0.01
 * instructions a byte more, scripts/bench-instr).
 */
static __always_inline void sb_encode_run(unsigned int k, struct whatenc_buf *b,
					  bool run3)
{
	/* locals: the byte stores below could alias *b */
	const u8 *pidx = we_sb_enc_pidx[k], *page = we_sb_enc_page[0];
	const u8 *p = b->in + b->in_pos, *const in_end = b->in + b->in_size;
	u8 *o = b->out + b->out_pos, *const out_end = b->out + b->out_size;
	const u8 *end, *last, *back;
	size_t n;

again:
	n = in_end - p;
	if (n > (size_t)(out_end - o))
		n = out_end - o;
	if (n >= 2 * SB_BLOCK) {
		sb_encode_blocks(pidx, page, &p, &o, p + n - 2 * SB_BLOCK);
		n = in_end - p;
		if (n > (size_t)(out_end - o))
			n = out_end - o;
	}
	back = p + SB_BACK;
	end = p + n;
	last = n ? end - 1 : end;	/* p < last: two bytes to read */
	while (p < last) {
		size_t c = p[0], t = p[1], i;
		u8 byte;

		if (((c | t << 8) & 0xc0e0) == 0x80c0) {
			/*
			 * 110xxxxx 10xxxxxx, tested as one number: the
			 * letters of Cyrillic, Greek, Hebrew, Arabic
			 */
			byte = sb_enc2(pidx, page, c, t);
			if (!byte)
				break;
			*o++ = byte;
			p += 2;
			continue;
		}
		if (c < 0x80) {
			if (t >= 0x80) {	/* a space between words */
				*o++ = c;
				p++;
				continue;
			}
			n = sb_ascii_copy(o, p, end - p);
			p += n;
			o += n;
			if (p >= back && end - p >= 2 * SB_BLOCK)
				goto again;
			continue;
		}
		/*
		 * 3 bytes: U+0800 up to WE_SB_PAGE_LIMIT (Thai), a run of
		 * them read a word at a time (1110xxxx 10xxxxxx 10xxxxxx
		 * tested as one number; the page index below 0x20 is
		 * overlong, its limit stops E3 and up), then the last ones;
		 * with @run3 a run of two or more (a lead E0-E2 3 bytes on)
		 */
		if (run3) {
			if (end - p > 3 && p[3] - 0xe0u < 3) {
				struct sb_pos q = sb_enc3_lead_run(pidx, page,
								   p, end, o);

				if (q.p != p) {
					p = q.p;
					o = q.o;
					continue;
				}
			}
		} else if (end - p > 3) {
			const u8 *q = sb_enc3_run(pidx, page, p, end, &o);

			if (q != p) {
				p = q;
				continue;
			}
		}
		i = ((c - 0xe0) << 6) + t - 0x80;
		if (c - 0xe0 >= 3 || t - 0x80 >= 0x40 || i - 0x20 >= SB_PAGES_3 ||
		    p + 1 == last || p[2] - 0x80u >= 0x40)
			break;
		byte = page[((size_t)pidx[i] << WE_SB_PAGE_SHIFT) + p[2] - 0x80];
		if (!byte)
			break;
		*o++ = byte;
		p += 3;
	}
	if (end - p == 1 && *p < 0x80)
		*o++ = *p++;
	if (p == end && p < in_end && o < out_end)
		goto again;
	b->in_pos = p - b->in;
	b->out_pos = o - b->out;
}

/*
 * The encoder's short-input lane (fewer than 2 * SB_BLOCK bytes, below
 * which sb_encode_run() takes no block: a name): one character a step,
 * inlined, with none of sb_encode_run()'s set-up (the blocks', the
 * word loops'), over the input that fits the output at a byte each
 * read. Stops where sb_encode_run() would: at an unmapped or malformed
 * sequence or one that bound cuts.
 */
static __always_inline void sb_encode_short(const u8 *pidx,
					    struct whatenc_buf *b)
{
	const u8 *page = we_sb_enc_page[0];
	const u8 *p = b->in + b->in_pos, *end;
	u8 *o = b->out + b->out_pos;
	size_t n = b->in_size - b->in_pos;

	if (n > b->out_size - b->out_pos)
		n = b->out_size - b->out_pos;
	end = p + n;
	while (p + 1 < end) {	/* two bytes to read */
		size_t c = p[0], t = p[1];
		u8 byte;

		if (((c | t << 8) & 0xc0e0) == 0x80c0) {	/* 2 bytes */
			byte = sb_enc2(pidx, page, c, t);
			if (!byte)
				goto out;
			*o++ = byte;
			p += 2;
			continue;
		}
		if (c < 0x80) {
			/* one byte before a letter (a space), else the run */
			if (t >= 0x80)
				*o = c;
			n = t >= 0x80 ? 1 : sb_ascii_copy(o, p, end - p);
			p += n;
			o += n;
			continue;
		}
		byte = sb_enc3_at(pidx, page, p, end - p);
		if (!byte)
			goto out;
		*o++ = byte;
		p += 3;
	}
	if (p + 1 == end && *p < 0x80)
		*o++ = *p++;
out:
	b->in_pos = p - b->in;
	b->out_pos = o - b->out;
}

/* The single-byte encoder's steps. */
static __always_inline unsigned int sb_enc_step(struct whatenc_encoder *e,
						u32 cp, u8 *out)
{
	int byte = cp < 0x80 ? (int)cp : cp > 0xffff ? -1 :
		   sb_lookup(whatenc_encodings[e->enc].table, cp);

	if (byte < 0)
		return 0;
	out[0] = byte;
	return 1;
}

/*
 * Input bytes sb_encode_run() takes after the vector kernel stopped at a
 * block it does not take (a 3-byte character, a third lead), before the
 * kernel is tried again: past that block after one or two; twice as
 * many each time the kernel took nothing, up to SB_VEC_GAP_MAX.
 * windows-1252 de and windows-1251 ru encode, instructions a byte
 * (scripts/bench-instr): gap 16 3.53/4.73, 32 3.19/4.66, 64 3.19/4.87,
 * 128 3.28/5.08.
 *
 * Each switch between the kernel and the steps costs more time than its
 * instructions say (mispredicted exits, the blocks' restart): where the
 * kernel has taken less than SB_VEC_AVG bytes a try on average (less
 * SB_VEC_SLACK: the first tries of Polish and Hebrew take less), no
 * more tries in this call. The bench's prose, bytes a try
 * (64 KiB): Latin de/fr/pl 909/637/634, Cyrillic, Greek, Arabic,
 * Hebrew 750-32742, and Turkish 211, Czech 83, Vietnamese 74, Thai 0:
 * those three were 25-35% slower in wall time with every try, with
 * fewer instructions (make bench, 2026-11-26).
 */
#define SB_VEC_GAP	32
#define SB_VEC_GAP_MAX	4096
#define SB_VEC_AVG	384
#define SB_VEC_SLACK	(2 * SB_VEC_AVG)

/* sb_encode_vec_run()'s state between the kernel's tries */
struct sb_vec_state {
	size_t in_size;		/* the buffer's end */
	size_t end;		/* sb_encode_run()'s */
	size_t gap;		/* its next length */
	size_t vec;		/* the bytes the kernel took */
	size_t tries;		/* its calls */
	unsigned int k;		/* the encoding's row */
};

/*
 * The AVX2 kernel (vec_sb_x86.c: ASCII and 2-byte characters of two
 * leads a block) from @b's position (@b's end: @st->in_size), and the
 * end of the next sb_encode_run() (@b's end, or @st->gap bytes after the
 * kernel's, @st->gap renewed).
 */
static __always_inline void sb_encode_vec(struct sb_vec_state *st,
					  struct whatenc_buf *b)
{
	size_t w, n;

	st->end = st->in_size;
	if (st->in_size - b->in_pos < WE_VEC_MIN ||
	    b->out_size - b->out_pos < WE_VEC_MIN)
		return;
	n = whatenc_vec_sb_encode(b->out + b->out_pos, b->out_size - b->out_pos,
				  b->in + b->in_pos, st->in_size - b->in_pos, &w,
			     we_sb_enc_pidx[st->k], we_sb_enc_page[0]);
	b->in_pos += n;
	b->out_pos += w;
	st->vec += n;
	st->tries++;
	st->gap = n ? SB_VEC_GAP :
		  st->gap < SB_VEC_GAP_MAX ? 2 * st->gap : SB_VEC_GAP_MAX;
	if (st->in_size - b->in_pos > st->gap)
		st->end = b->in_pos + st->gap;
}

/*
 * sb_encode_run() between two tries of the kernel: out of line, so that
 * its frame (the blocks' words) and the kernel's are not on the stack
 * together (scripts/check-stack), and so that its loop keeps its
 * registers: inlined into one loop with the kernel's call, Thai (which
 * the kernel never takes) cost 7-10% more instructions.
 */
static noinline void sb_encode_window(unsigned int k, struct whatenc_buf *b)
{
	sb_encode_run(k, b, false);
}

/*
 * With AVX2, the kernel and sb_encode_window() in turn: sb_encode_run() up
 * to where sb_encode_vec() says (the buffer's end moved there for the
 * call). It stops before that only at what it does not take (an
 * unmapped or malformed sequence, a full output: the end of the run) or
 * at a sequence that end cuts (3 bytes before it at most). Where the
 * kernel has taken too little (SB_VEC_AVG), sb_encode_window() goes on
 * alone: here rather than in sb_enc_fast() after a return, where its
 * inlined sb_encode_run() ran slower (windows-1250, windows-1254,
 * windows-1258 encode 0.3% more instructions, scripts/bench-instr).
 */
static noinline void sb_encode_vec_run(unsigned int k, struct whatenc_buf *b)
{
	struct sb_vec_state st = {
		.in_size = b->in_size, .gap = SB_VEC_GAP, .k = k,
	};

	for (;;) {
		if (st.tries * SB_VEC_AVG > st.vec + SB_VEC_SLACK) {
			sb_encode_window(st.k, b);
			return;
		}
		sb_encode_vec(&st, b);
		b->in_size = st.end;
		sb_encode_window(st.k, b);
		b->in_size = st.in_size;
		if (st.end == st.in_size || b->in_pos + 3 < st.end ||
		    b->out_pos == b->out_size)
			return;
	}
}

static void sb_enc_fast(struct whatenc_encoder *e, struct whatenc_buf *b)
{
	unsigned int k = whatenc_encodings[e->enc].table;

	if (unlikely(b->in_size - b->in_pos >= WE_VEC_MIN &&
		     we_vec_may(WHATENC_VEC_AVX2))) {
		sb_encode_vec_run(k, b);
		return;
	}
	sb_encode_run(k, b, false);
}

/*
 * windows-874's fast path, in a family of its own (whatenc_family_sb_thai
 * below): sb_encode_run() with the runs of Thai letters in
 * sb_enc3_lead_run(), not the AVX2 kernel's (which does not take 3-byte
 * UTF-8: its tries cost Thai on 1 KiB 11.77 instructions a byte, 10.23
 * without, scripts/bench-instr). In sb_enc_fast(), the test of the row
 * cost the other encodings' calls 2 instructions (1 under the kernel's
 * flags; tested after the kernel's call, 3, and Thai 0.03 a byte).
 */
static noinline void sb_enc_fast_thai(struct whatenc_encoder *e,
				      struct whatenc_buf *b)
{
	sb_encode_run(WE_SB_WINDOWS_874, b, true);
}

/*
 * The one-shot lanes' inputs: shorter than these. The decoder's lane
 * and the table loop cost about the same on names of 16 bytes (make
 * bench-names, windows-1251: 325 and 330 instructions a name; 8 bytes
 * 224 and 262, 32 bytes 629 and 509); the encoder's: below 2 * SB_BLOCK,
 * where sb_encode_run() takes no block.
 */
#define SB_ONCE_DEC	16
#define SB_ONCE_ENC	(2 * SB_BLOCK)

/*
 * The one-shot entries (struct we_family's @dec_once, @enc_once): a
 * long input goes to the fast paths of the step loops flattened into an
 * entry of their own (WE_FAST_ONCE(), as WE_STEP_FAMILY() makes them), a
 * tail call; a short one (a name) takes its lane, in a function that
 * holds nothing across a call, so that its registers are the lane's (the
 * lane beside the long path, which keeps the arguments across its call,
 * cost a name 20-30 instructions of saved registers and spills). The
 * step loops' fast paths stay without the encoder's lane: in sb_encode()
 * it cost Thai 9.39 -> 9.87 instructions a byte (scripts/bench-instr).
 */
static noinline int sb_long_dec_once(enum whatenc_encoding enc,
				     const u8 *in, size_t in_size, u8 *out,
				     size_t out_size, we_once_rest_fn rest);
static noinline int sb_long_enc_once(enum whatenc_encoding enc,
				     const u8 *in, size_t in_size, u8 *out,
				     size_t out_size, we_once_rest_fn rest);
static noinline int sb_thai_long_enc_once(enum whatenc_encoding enc,
					  const u8 *in, size_t in_size,
					  u8 *out, size_t out_size,
					  we_once_rest_fn rest);
WE_FAST_ONCE(sb_long, dec, struct whatenc_decoder, sb_fast)
WE_FAST_ONCE(sb_long, enc, struct whatenc_encoder, sb_enc_fast)
WE_FAST_ONCE(sb_thai_long, enc, struct whatenc_encoder, sb_enc_fast_thai)

/*
 * The end of a one-shot entry whose lane stopped short, out of line: its
 * calls (memcpy(), @rest) would cost the lane saved registers.
 */
static noinline int sb_once_left(enum whatenc_encoding enc, const u8 *in,
				 size_t in_size, size_t in_pos, u8 *out,
				 size_t out_size, size_t out_pos,
				 we_once_rest_fn rest)
{
	struct whatenc_buf b = {
		.in = in, .in_size = in_size, .in_pos = in_pos,
		.out = out, .out_size = out_size, .out_pos = out_pos,
	};

	return we_once_end(&b, enc, rest);
}

/*
 * Each single-byte encoding's decoder index and encoder page index, by
 * encoding: one load for a name's lane, not the encoding's row and then
 * the row's table (5 instructions fewer).
 */
#define WHATENC_ENCODING(id, ...)
#define WHATENC_SB(id)			WHATENC_SB_AS(id, id)
#define WHATENC_SB_AS(id, index)					\
	[WHATENC_##id] = we_sb_decode[WE_SB_##index],
static const u16 *const sb_dec_index[WHATENC_NR_ENCODINGS] = {
#include "whatenc_encodings.h"
};

#undef WHATENC_SB_AS
#define WHATENC_SB_AS(id, index)					\
	[WHATENC_##id] = we_sb_enc_pidx[WE_SB_##index],
static const u8 *const sb_enc_pidx[WHATENC_NR_ENCODINGS] = {
#include "whatenc_encodings.h"
};

#undef WHATENC_ENCODING
#undef WHATENC_SB_AS
#undef WHATENC_SB

/*
 * The lane of @enc's decoder, or its encoder (@enc_dir), then the end:
 * a function of its own, its registers saved only if the lane needs
 * them (sharing one with the long path's call, it had them saved for a
 * name too, or where it did not, the long path for a long one).
 */
static __always_inline int sb_once_short(enum whatenc_encoding enc,
					 bool enc_dir, const u8 *in,
					 size_t in_size, u8 *out,
					 size_t out_size, we_once_rest_fn rest)
{
	struct whatenc_buf b = {
		.in = in, .in_size = in_size,
		.out = out, .out_size = out_size,
	};

	if (enc_dir)
		sb_encode_short(sb_enc_pidx[enc], &b);
	else
		sb_decode_short(sb_dec_index[enc], &b);
	if (likely(b.in_pos == in_size))
		return b.out_pos;
	return sb_once_left(enc, in, in_size, b.in_pos, out, out_size,
			    b.out_pos, rest);
}

static noinline int sb_short_dec_once(enum whatenc_encoding enc,
				      const u8 *in, size_t in_size, u8 *out,
				      size_t out_size, we_once_rest_fn rest)
{
	return sb_once_short(enc, false, in, in_size, out, out_size, rest);
}

static noinline int sb_short_enc_once(enum whatenc_encoding enc,
				      const u8 *in, size_t in_size, u8 *out,
				      size_t out_size, we_once_rest_fn rest)
{
	return sb_once_short(enc, true, in, in_size, out, out_size, rest);
}

static int sb_dec_once(enum whatenc_encoding enc, const u8 *in,
		       size_t in_size, u8 *out, size_t out_size,
		       we_once_rest_fn rest)
{
	if (likely(in_size < SB_ONCE_DEC))
		return sb_short_dec_once(enc, in, in_size, out, out_size, rest);
	return sb_long_dec_once(enc, in, in_size, out, out_size, rest);
}

static __always_inline int sb_enc_once_of(bool thai,
					  enum whatenc_encoding enc,
					  const u8 *in, size_t in_size,
					  u8 *out, size_t out_size,
					  we_once_rest_fn rest)
{
	if (likely(in_size < SB_ONCE_ENC))
		return sb_short_enc_once(enc, in, in_size, out, out_size, rest);
	if (thai)
		return sb_thai_long_enc_once(enc, in, in_size, out, out_size,
					     rest);
	return sb_long_enc_once(enc, in, in_size, out, out_size, rest);
}

static int sb_enc_once(enum whatenc_encoding enc, const u8 *in,
		       size_t in_size, u8 *out, size_t out_size,
		       we_once_rest_fn rest)
{
	return sb_enc_once_of(false, enc, in, in_size, out, out_size, rest);
}

static int sb_thai_enc_once(enum whatenc_encoding enc, const u8 *in,
			    size_t in_size, u8 *out, size_t out_size,
			    we_once_rest_fn rest)
{
	return sb_enc_once_of(true, enc, in, in_size, out, out_size, rest);
}

/*
 * WE_STEP_FAMILY(sb, sb_step, sb_fast, sb_enc_step, sb_enc_fast), with
 * the one-shot entries above.
 */
static enum whatenc_ret sb_decode(struct whatenc_decoder *d,
				  struct whatenc_buf *b, bool last)
{
	return we_decode_steps(d, b, last, sb_step, sb_fast, WE_ASCII_RUNS,
			       NULL);
}

static enum whatenc_ret sb_encode(struct whatenc_encoder *e,
				  struct whatenc_buf *b, bool last)
{
	return we_encode_steps(e, b, last, sb_enc_step, sb_enc_fast,
			       WE_ASCII_RUNS);
}

static enum whatenc_ret sb_encode_thai(struct whatenc_encoder *e,
				       struct whatenc_buf *b, bool last)
{
	return we_encode_steps(e, b, last, sb_enc_step, sb_enc_fast_thai,
			       WE_ASCII_RUNS);
}

const struct we_family whatenc_family_sb = {
	.decode = sb_decode,
	.encode = sb_encode,
	.dec_once = sb_dec_once,
	.enc_once = sb_enc_once,
};

/* windows-874: the single-byte family with its encoder's Thai runs */
const struct we_family whatenc_family_sb_thai = {
	.decode = sb_decode,
	.encode = sb_encode_thai,
	.dec_once = sb_dec_once,
	.enc_once = sb_thai_enc_once,
};
