// SPDX-License-Identifier: GPL-2.0-only
/*
 * shift_jis.c - Shift_JIS (Encoding Standard, "Shift_JIS decoder",
 * "Shift_JIS encoder", "index Shift_JIS pointer")
 *
 * Single bytes: ASCII, 0x80 and half-width katakana 0xA1..0xDF. Two
 * bytes: lead 0x81..0x9F or 0xE0..0xFC, trail 0x40..0x7E or 0x80..0xFC,
 * index jis0208, with pointers 8836..10715 decoding to U+E000..U+E757
 * (EUDC; never encoded). An ASCII byte after a lead byte is never part
 * of an error (Encoding Standard, "Security background": the 2011
 * attack where lead 0x82 masked a 0x22 in JSON).
 */
#include "jis.h"
#include "steps.h"

/*
 * Shift_JIS decoder, step 3: the packed UTF-8 character (text.h) of
 * @lead (0x81..0x9F, 0xE0..0xFC) and @byte, 0 if byte is outside
 * 0x40..0x7E, 0x80..0xFC or the pointer is null; pointers 8836..10715
 * are U+E000..U+E757, in the table (jis.h). The lead offset (lead - 0x81
 * or lead - 0xC1) is (lead ^ 0x20) - 0xA1; the trail's column comes from
 * a table, its two ranges and offsets in one load.
 */
static inline u32 sjis_lookup(u8 lead, u8 byte)
{
	unsigned int t = whatenc_sjis_trail[byte];

	if (t == WE_SJIS_NO_TRAIL)
		return 0;
	return whatenc_jis0208_utf8[(u8)((lead ^ 0x20) - 0xa1) * 188 + t];
}

/* sjis_lookup()'s code point */
static inline u32 sjis_lookup_cp(u8 lead, u8 byte)
{
	return we_utf8_unpack(sjis_lookup(lead, byte));
}

/* A Shift_JIS lead byte: 0x81..0x9F or 0xE0..0xFC. */
static inline bool sjis_is_lead(u8 byte)
{
	return (u8)((byte ^ 0x20) - 0xa1) < 60;
}

/* The Shift_JIS decoder's steps. */
static __always_inline u32 sjis_step(struct whatenc_decoder *d, u8 byte)
{
	if (d->s.shift_jis.lead)
		return we_lead_trail(&d->s.shift_jis.lead, byte, sjis_lookup_cp);
	if (byte <= 0x80)
		return byte;
	if (byte >= 0xa1 && byte <= 0xdf)
		return 0xff61 - 0xa1 + byte;
	if (sjis_is_lead(byte)) {
		d->s.shift_jis.lead = byte;
		return WE_STEP_CONTINUE;
	}
	return WE_STEP_ERROR(0);
}

/*
 * Decoder fast path, with no lead byte held: half-width katakana and
 * complete two-byte codes that have a code point (all in the BMP), as
 * packed UTF-8 characters. Stops, for the steps, at anything else
 * (0x80, a lead at the end of the input, an error). The lead byte is
 * tested first, the katakana after it (the two ranges are apart): two-byte
 * codes are most of Japanese text (scripts/bench-instr, Shift_JIS decode:
 * 27.18 instructions per byte, 28.78 katakana first).
 */
static __always_inline u32 sjis_code(const u8 *p, size_t n, unsigned int *len)
{
	if (sjis_is_lead(p[0])) {
		*len = 2;
		return n < 2 ? 0 : sjis_lookup(p[0], p[1]);
	}
	*len = 1;
	if (p[0] >= 0xa1 && p[0] <= 0xdf)
		return we_utf8_pack3(0xff61 - 0xa1 + p[0]);
	return 0;
}

static void sjis_dec_fast(struct whatenc_decoder *d, struct whatenc_buf *b)
{
	we_dec_fast_packed(b, true, 1, sjis_code);
}

/* The encoder's output for @cp (not ASCII): we_sjis_code() */
static __always_inline u16 sjis_enc_lookup(u32 cp)
{
	return we_sjis_code(cp);
}

/*
 * The last bytes of the encoder's fast path (we_enc_fast_words() does the
 * bulk): ASCII runs a word at a time, and well-formed 3-byte UTF-8
 * (U+0800..U+FFFF) that sjis_enc_lookup() has bytes for, written straight
 * to the output, read as a word while 4 bytes are left, the last one
 * byte by byte (a name's last character: not left to the general path,
 * which would cost the name a second entry to the fast path). Stops,
 * for the general path, at anything else (2- and 4-byte UTF-8, U+203E,
 * unmappable or malformed input) or when the output is short; does
 * nothing with fewer than 3 input bytes or 2 output bytes in all.
 */
static void sjis_enc_tail(struct whatenc_buf *b)
{
	const u8 *in = b->in;
	u8 *out = b->out;
	size_t ip = b->in_pos, op = b->out_pos;
	const size_t in_size = b->in_size, out_size = b->out_size;
	/* the last position with room for 2 */
	const size_t out_last = out_size - 2;

	if (in_size < 3 || out_size < 2)
		return;
	while (ip < in_size) {
		unsigned int code;
		u32 cp;

		if (in[ip] < 0x80) {
			if (!we_ascii_fast(in, &ip, in_size, out, &op,
					   out_size))
				break;
			continue;
		}
		if (op > out_last)
			break;
		if (in_size - ip >= 4)
			cp = we_utf8_3(in + ip);
		else if (in_size - ip != 3 || we_utf8_23(in + ip, &cp) != 3)
			break;
		code = cp ? we_sjis_code(cp) : 0;
		if (!code)
			break;
		ip += 3;
		op += we_put_code(out + op, code, true);
	}
	b->in_pos = ip;
	b->out_pos = op;
}

static noinline __aligned(64) void sjis_enc_fast(struct whatenc_encoder *e,
						 struct whatenc_buf *b)
{
	we_enc_fast_words(b, sjis_enc_lookup, WE_SHORT_SINGLE);
	sjis_enc_tail(b);
}

/*
 * The Shift_JIS encoder's steps: step 2 (ASCII), the others from
 * we_sjis_code()'s table.
 */
static __always_inline unsigned int sjis_enc_step(struct whatenc_encoder *e,
						  u32 cp, u8 *out)
{
	unsigned int code;

	if (cp < 0x80) {
		out[0] = cp;
		return 1;
	}
	code = we_sjis_code(cp);
	return code ? we_put_code(out, code, true) : 0;
}

WE_CJK_STEP_FAMILY(shift_jis, sjis_step, sjis_dec_fast, sjis_enc_step,
		   sjis_enc_fast, sjis_enc_lookup, WE_SHORT_SINGLE);
