// SPDX-License-Identifier: GPL-2.0-only
/*
 * euc_jp.c - EUC-JP (Encoding Standard, "EUC-JP decoder", "EUC-JP encoder")
 *
 * The decoder reads jis0208 (two bytes 0xA1..0xFE), jis0212 (0x8F and
 * two such bytes) and half-width katakana (0x8E 0xA1..0xDF). The encoder
 * never writes jis0212. An ASCII byte after a lead byte is never part of
 * an error: it is decoded on its own (Encoding Standard, "Security
 * background").
 */
#include "jis.h"
#include "steps.h"

/*
 * EUC-JP decoder, step 5: the code point of @lead and @byte, both
 * 0xA1..0xFE, in index jis0212 after 0x8F (@j212) or else in index
 * jis0208 (@packed: its packed UTF-8 character, text.h); 0 for anything
 * else.
 */
static __always_inline u32 euc_jp_lookup(u8 lead, u8 byte, bool j212,
					 bool packed)
{
	u8 l = lead - 0xa1, t = byte - 0xa1;

	if (l >= 94 || t >= 94)
		return 0;
	if (j212)
		return we_jis0212_cp(l * 94 + t);
	return packed ? we_jis0208_utf8(l, t) : we_jis0208_cp(l, t);
}

/* The EUC-JP decoder's steps. */
static __always_inline u32 euc_jp_step(struct whatenc_decoder *d, u8 byte)
{
	u8 lead = d->s.euc_jp.lead;
	u32 cp;

	if (lead == 0x8e && byte >= 0xa1 && byte <= 0xdf) {
		d->s.euc_jp.lead = 0;
		return 0xff61 - 0xa1 + byte;
	}
	if (lead == 0x8f && byte >= 0xa1 && byte <= 0xfe) {
		d->s.euc_jp.jis0212 = 1;
		d->s.euc_jp.lead = byte;
		return WE_STEP_CONTINUE;
	}
	if (lead) {
		cp = euc_jp_lookup(lead, byte, d->s.euc_jp.jis0212, false);
		d->s.euc_jp.lead = 0;
		d->s.euc_jp.jis0212 = 0;
		if (cp)
			return cp;
		/* an ASCII byte is restored to the input */
		return WE_STEP_ERROR(byte < 0x80);
	}
	if (byte < 0x80)
		return byte;
	if (byte == 0x8e || byte == 0x8f || (byte >= 0xa1 && byte <= 0xfe)) {
		d->s.euc_jp.lead = byte;
		return WE_STEP_CONTINUE;
	}
	return WE_STEP_ERROR(0);
}

/*
 * Decoder fast path, with no lead byte held: complete two-byte JIS X 0208
 * codes (0xA1..0xFE twice) that have a code point and 0x8E half-width
 * katakana (BMP), as packed UTF-8 characters. Stops, for the steps, at
 * anything else (0x8F JIS X 0212, a lead at the end of the input, an
 * error).
 */
static __always_inline u32 euc_jp_code(const u8 *p, size_t n,
				       unsigned int *len)
{
	*len = 2;
	if (p[0] == 0x8e && p[1] >= 0xa1 && p[1] <= 0xdf)
		return we_utf8_pack3(0xff61 - 0xa1 + p[1]);
	return euc_jp_lookup(p[0], p[1], false, true);
}

static void euc_jp_dec_fast(struct whatenc_decoder *d, struct whatenc_buf *b)
{
	we_dec_fast_packed(b, true, 2, euc_jp_code);
}

/* The EUC-JP encoder's steps. */
static __always_inline unsigned int euc_jp_enc_step(struct whatenc_encoder *e,
						    u32 cp, u8 *out)
{
	int p;

	if (cp < 0x80) {
		out[0] = cp;
		return 1;
	}
	if (cp == 0xa5 || cp == 0x203e) {
		out[0] = cp == 0xa5 ? 0x5c : 0x7e;
		return 1;
	}
	if (cp >= 0xff61 && cp <= 0xff9f) {
		out[0] = 0x8e;
		out[1] = cp - 0xff61 + 0xa1;
		return 2;
	}
	p = we_jis0208_pointer(cp == 0x2212 ? 0xff0d : cp);
	if (p < 0)
		return 0;
	out[0] = p / 94 + 0xa1;
	out[1] = p % 94 + 0xa1;
	return 2;
}

/*
 * EUC-JP bytes of @cp for the encoders' fast path, or 0 (the step then
 * does it): index jis0208 pointers below 8272 from the Shift_JIS table
 * (we_sjis_to_euc_jp()), U+2212 as U+FF0D (as the table has it). U+00A5,
 * U+203E and the half-width katakana are one byte there: 0.
 */
static __always_inline u16 euc_jp_enc_lookup(u32 cp)
{
	return we_sjis_to_euc_jp(we_sjis_code(cp));
}

/* The bulk a word at a time, then the last bytes (we_enc_fast_words()) */
static noinline __aligned(64) void euc_jp_enc_fast(struct whatenc_encoder *e,
						   struct whatenc_buf *b)
{
	we_enc_fast_words(b, euc_jp_enc_lookup, 0);
	we_enc_fast_two_byte(b, euc_jp_enc_lookup);
}

WE_CJK_STEP_FAMILY(euc_jp, euc_jp_step, euc_jp_dec_fast, euc_jp_enc_step,
		   euc_jp_enc_fast, euc_jp_enc_lookup, 0);
