// SPDX-License-Identifier: GPL-2.0-only
/*
 * gb18030.c - the gb18030 and GBK decoders and encoders
 *
 * Encoding Standard sections "gb18030 decoder", "gb18030 encoder" (GBK's
 * decoder is gb18030's; GBK's encoder is gb18030's with "is GBK" set),
 * "index gb18030 ranges code point" and "index gb18030 ranges pointer".
 * Tables: tables_gb18030.h (scripts/gentables/chinese.py), including the
 * GB18030-2022 changes (whatwg/encoding 2c3853e, 2024-10-04).
 */
#include "steps.h"
#include "tables_gb18030.h"

/*
 * Index gb18030 ranges from column @from (pointers or code points) to
 * column @to: the last row whose @from is at most @x (@hint: the row to
 * start looking from), and @x's offset from it.
 */
static u32 gb_ranges(u32 x, const u16 *from, const u16 *to, const u8 *hint)
{
	unsigned int i = hint[x >> 7];

	while (i + 1 < GB18030_NR_RANGES && from[i + 1] <= x)
		i++;
	return to[i] + x - from[i];
}

/* The index gb18030 ranges code point for @pointer, or 0 for null. */
static u32 gb_ranges_cp(u32 pointer)
{
	if ((pointer > 39419 && pointer < 189000) || pointer > 1237575)
		return 0;
	if (pointer == 7457)
		return 0xe7c7;
	if (pointer >= 189000)
		return 0x10000 + pointer - 189000;
	return gb_ranges(pointer, gb18030_rng_ptr, gb18030_rng_cp,
			 gb18030_rng_ptr_hint);
}

/* The index gb18030 ranges pointer for @cp (not ASCII, not a surrogate). */
static u32 gb_ranges_pointer(u32 cp)
{
	if (cp == 0xe7c7)
		return 7457;
	if (cp >= 0x10000)
		return 189000 + cp - 0x10000;
	return gb_ranges(cp, gb18030_rng_cp, gb18030_rng_ptr,
			 gb18030_rng_cp_hint);
}

/*
 * gb18030 decoder, step 5: the index gb18030 code point of pointer
 * (@lead - 0x81) * 190 + @byte - offset (offset 0x40 if byte < 0x7F,
 * else 0x41), 0 if byte is not in 0x40..0x7E or 0x80..0xFE. The table
 * has a column for every byte, 0 outside those (every pointer of index
 * gb18030 is non-null), and rows of 0 for the leads 0x80 and 0xFF: its
 * index is the two bytes as one big-endian number less 0x8000, for any
 * @lead 0x80..0xFF, with no test and no arithmetic on the trail
 * (scripts/gentables/chinese.py).
 */
static inline u32 gb_lookup(u8 lead, u8 byte)
{
	return gb18030_dec[(u32)(lead << 8 | byte) - 0x8000];
}

/* The gb18030 decoder's steps (GBK's decoder is the same). */
static __always_inline u32 gb_step(struct whatenc_decoder *d, u8 byte)
{
	u8 *first = &d->s.gb18030.first;
	u8 *second = &d->s.gb18030.second;
	u8 *third = &d->s.gb18030.third;
	u32 cp;

	if (*third) {
		/* restore second, third, byte */
		if (byte < 0x30 || byte > 0x39) {
			*first = *second = *third = 0;
			return WE_STEP_ERROR(3);
		}
		cp = gb_ranges_cp((*first - 0x81) * (10 * 126 * 10) +
				  (*second - 0x30) * (10 * 126) +
				  (*third - 0x81) * 10 + byte - 0x30);
		*first = *second = *third = 0;
		return cp ? cp : WE_STEP_ERROR(0);
	}
	if (*second) {
		if (byte >= 0x81 && byte <= 0xfe) {
			*third = byte;
			return WE_STEP_CONTINUE;
		}
		/* restore second, byte */
		*first = *second = 0;
		return WE_STEP_ERROR(2);
	}
	if (*first) {
		if (byte >= 0x30 && byte <= 0x39) {
			*second = byte;
			return WE_STEP_CONTINUE;
		}
		return we_lead_trail(first, byte, gb_lookup);
	}
	if (byte < 0x80)
		return byte;
	if (byte == 0x80)
		return 0x20ac;
	if (byte <= 0xfe) {
		*first = byte;
		return WE_STEP_CONTINUE;
	}
	return WE_STEP_ERROR(0);
}

static __always_inline u32 gb_code(const u8 *p, size_t n, unsigned int *len)
{
	*len = 2;
	return gb_lookup(p[0], p[1]);
}

/*
 * The decoder's fast path with room for 4 output bytes per input byte
 * (we_dec_fast()'s roomy case) while 2 input bytes remain: the steps of
 * we_dec_fast_loop(), with one test for the usual code (U+0800..U+FFFF:
 * a 3-byte UTF-8 form, one 32-bit store whose fourth byte is scratch),
 * the rest (0: not a code; below U+0800) under it, and the positions
 * tested against one bound. The code is the straight path, ASCII the branch
 * (we_dec_fast_loop()): GBK decode, 64 KiB, taken branches per byte
 * 1.32 -> 0.54, instructions 12.79 -> 11.86 (kernel flags 12.41 ->
 * 11.76). It runs to the end of the input, a name's too (the last 7
 * bytes left to we_dec_fast_loop(), a name's characters cost 35
 * instructions each there, 28 here).
 */
static void gb_fast_roomy(struct whatenc_buf *b)
{
	const u8 *in = b->in;
	u8 *out = b->out;
	size_t ip = b->in_pos, op = b->out_pos;
	/* locals: the stores to out[] could alias *b */
	const size_t in_size = b->in_size, out_size = b->out_size;
	const size_t last = in_size - 2;

	if (in_size < 2)
		return;
	while (ip <= last) {
		u32 cp;

		if (unlikely(in[ip] < 0x80)) {
			/* b->in: as in we_dec_fast_loop() */
			const u8 *ain = b->in;

			/* one ASCII byte between codes */
			if (ain[ip + 1] >= 0x80) {
				out[op++] = ain[ip++];
				continue;
			}
			/* we_ascii_short() reads 8 bytes */
			if (in_size - ip < 8 ||
			    !we_ascii_short(ain, &ip, out, &op))
				we_ascii_fast(ain, &ip, in_size, out, &op,
					      out_size);
			continue;
		}
		/* no test on the lead: 0x80 and 0xFF have zero rows */
		cp = gb_lookup(in[ip], in[ip + 1]);
		if (unlikely(cp - 0x800 >= 0x10000 - 0x800)) {
			if (!cp)
				break;
			op += we_utf8_write(out + op, cp);
			ip += 2;
			continue;
		}
		put_unaligned_le32(we_utf8_3_le(cp), out + op);
		ip += 2;
		op += 3;
	}
	b->in_pos = ip;
	b->out_pos = op;
}

static void gb_dec_fast(struct whatenc_decoder *d, struct whatenc_buf *b)
{
	size_t out_left = b->out_size - b->out_pos;

	if (out_left && (out_left - 1) / 4 >= b->in_size - b->in_pos) {
		gb_fast_roomy(b);
		if (likely(b->in_pos == b->in_size))
			return;
	}
	we_dec_fast(b, true, 2, 4, gb_code);
}

/*
 * Two-byte form of @cp (index gb18030 or the encoder's table) in the page
 * table of offsets @pidx (gb18030's or GBK's), or 0: one lookup, no
 * branch on the kind of character (scripts/gentables/chinese.py).
 */
static __always_inline u16 gb_enc_lookup_in(const u16 *pidx, u32 cp)
{
	if (cp >= 0x10000)
		return 0;
	return gb18030_enc_code[pidx[cp >> 6] + (cp & 63)];
}

static __always_inline u16 gb_enc_lookup(u32 cp)
{
	return gb_enc_lookup_in(gb18030_enc_pidx, cp);
}

/* GBK's two-byte forms: gb18030's but U+20AC's (its pages have none) */
static __always_inline u16 gbk_enc_lookup(u32 cp)
{
	return gb_enc_lookup_in(gb18030_gbk_enc_pidx, cp);
}

/* The gb18030 encoder's steps (GBK's: is GBK set). */
static __always_inline unsigned int gb_enc_step(struct whatenc_encoder *e,
						u32 cp, u8 *out)
{
	bool gbk = e->enc == WHATENC_GBK;
	u32 pointer;
	u16 code;

	if (cp < 0x80) {
		out[0] = cp;
		return 1;
	}
	if (cp == 0xe5e5)
		return 0;
	if (gbk && cp == 0x20ac) {
		out[0] = 0x80;
		return 1;
	}
	code = gb_enc_lookup(cp);
	if (code) {
		out[0] = code >> 8;
		out[1] = code & 0xff;
		return 2;
	}
	if (gbk)
		return 0;
	pointer = gb_ranges_pointer(cp);
	out[0] = pointer / (10 * 126 * 10) + 0x81;
	pointer %= 10 * 126 * 10;
	out[1] = pointer / (10 * 126) + 0x30;
	pointer %= 10 * 126;
	out[2] = pointer / 10 + 0x81;
	out[3] = pointer % 10 + 0x30;
	return 4;
}

/* The bulk a word at a time, then the last bytes (we_enc_fast_words()) */
static noinline __aligned(64) void gb_enc_fast(struct whatenc_encoder *e,
					       struct whatenc_buf *b)
{
	if (e->enc == WHATENC_GBK) {
		we_enc_fast_words(b, gbk_enc_lookup, 0);
		we_enc_fast_two_byte(b, gbk_enc_lookup);
	} else {
		we_enc_fast_words(b, gb_enc_lookup, false);
		we_enc_fast_two_byte(b, gb_enc_lookup);
	}
}
/*
 * The one-shot lane for short inputs reads GBK's two-byte forms for both
 * encodings: gb18030's but U+20AC's, which goes to the steps (GBK's one
 * byte 0x80, gb18030's two bytes A2 E3)
 */
WE_CJK_STEP_FAMILY(gb18030, gb_step, gb_dec_fast, gb_enc_step, gb_enc_fast,
		   gbk_enc_lookup, 0);
