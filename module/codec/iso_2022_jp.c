// SPDX-License-Identifier: GPL-2.0-only
/*
 * iso_2022_jp.c - ISO-2022-JP (Encoding Standard, "ISO-2022-JP decoder",
 * "ISO-2022-JP encoder")
 *
 * Decoder states: ASCII, Roman (JIS X 0201 Roman), katakana, leading
 * byte and trailing byte (jis0208), escape start and escape; the output
 * flag makes two escape sequences in a row an error. "Restore" of the
 * byte being processed = not consuming it; of a byte consumed earlier
 * (the escape's 0x24/0x28) = we_replay() and return: the engine feeds
 * the restored bytes before the rest of the input.
 *
 * Encoder states: ASCII, Roman, jis0208. "Restore codePoint" = un-read
 * it: the UTF-8 reader's state and b->in_pos are put back as they were
 * before it was read, the escape sequence is written, and the code point
 * is read again (or, when the escape did not fit, on the next call).
 * In html mode the "&#NNNN;" of an error goes straight to the output in
 * whatever state the encoder is in (Encoding Standard, "process an
 * item"); an unmappable code point in jis0208 state first switches to
 * ASCII (ESC ( B), so the NCR always appears in ASCII or Roman state.
 */
#include "jis.h"
#include "steps.h"

enum {
	DS_ASCII,
	DS_ROMAN,
	DS_KATAKANA,
	DS_LEAD,
	DS_TRAIL,
	DS_ESC_START,
	DS_ESC,
};

enum {
	ES_ASCII,
	ES_ROMAN,
	ES_JIS0208,
};

/*
 * Length of the run at @s (at most @n bytes) that the ASCII (@roman
 * false) or Roman state decodes byte for byte: ASCII bytes but 0x0E,
 * 0x0F, 0x1B, and in Roman also 0x5C and 0x7E.
 */
static size_t plain_run(const u8 *s, size_t n, bool roman)
{
	size_t i = 0;

	/* ISO-2022-JP is all 7-bit: look at most 64 bytes ahead at a time */
	while (i < n) {
		size_t k = n - i < 64 ? n - i : 64;
		size_t m = we_ascii_copy(NULL, s + i, k);
		size_t end = i + m;

		for (; i < end; i++) {
			u8 c = s[i];

			if (c == 0x0e || c == 0x0f || c == 0x1b ||
			    (roman && (c == 0x5c || c == 0x7e)))
				return i;
		}
		if (m < k)
			return i;	/* a non-ASCII byte */
	}
	return i;
}

/*
 * Decoder fast path in the lead state: pairs of bytes 0x21..0x7E that
 * have an index jis0208 code point, as packed UTF-8 characters (BMP: 3
 * bytes of room). Stops, for the general path, at anything else (ESC,
 * an error, a pair cut by the end of the input).
 */
static __always_inline u32 iso_jis_code(const u8 *p, size_t n,
					unsigned int *len)
{
	u8 l = p[0] - 0x21, t = p[1] - 0x21;

	*len = 2;
	if (l >= 94 || t >= 94)
		return 0;
	return we_jis0208_utf8(l, t);
}

static void iso_dec_jis_run(struct whatenc_buf *b)
{
	we_dec_fast_packed(b, false, 2, iso_jis_code);
}

/*
 * The state that the escape sequence ESC @lead @byte switches to (the
 * decoder's escape state), 0xff for none.
 */
static __always_inline u8 iso_esc_state(u8 lead, u8 byte)
{
	if (lead == 0x28 && byte == 0x42)
		return DS_ASCII;
	if (lead == 0x28 && byte == 0x4a)
		return DS_ROMAN;
	if (lead == 0x28 && byte == 0x49)
		return DS_KATAKANA;
	if (lead == 0x24 && (byte == 0x40 || byte == 0x42))
		return DS_LEAD;
	return 0xff;
}

/*
 * The ISO-2022-JP decoder's step. The mode (ASCII, Roman, katakana, lead
 * byte) and the output flag stay between sequences.
 */
static __always_inline u32 iso_step(struct whatenc_decoder *d, u8 byte)
{
	u8 *state = &d->s.iso_2022_jp.state;
	u8 *lead = &d->s.iso_2022_jp.lead;
	u8 l, s;
	u32 cp;

	switch (*state) {
	case DS_ASCII:
	case DS_ROMAN:
	case DS_KATAKANA:
	case DS_LEAD:
		if (byte == 0x1b) {
			*state = DS_ESC_START;
			return WE_STEP_CONTINUE;
		}
		d->s.iso_2022_jp.output = 0;
		if (*state == DS_ROMAN && byte == 0x5c)
			return 0xa5;
		if (*state == DS_ROMAN && byte == 0x7e)
			return 0x203e;
		if (*state <= DS_ROMAN && byte < 0x80 && byte != 0x0e &&
		    byte != 0x0f)
			return byte;
		if (*state == DS_KATAKANA && byte >= 0x21 && byte <= 0x5f)
			return 0xff61 - 0x21 + byte;
		if (*state == DS_LEAD && byte >= 0x21 && byte <= 0x7e) {
			*lead = byte;
			*state = DS_TRAIL;
			return WE_STEP_CONTINUE;
		}
		return WE_STEP_ERROR(0);
	case DS_TRAIL:
		if (byte == 0x1b) {
			*state = DS_ESC_START;
			return WE_STEP_ERROR_KEEP(1);
		}
		*state = DS_LEAD;
		cp = 0;
		if (byte >= 0x21 && byte <= 0x7e)
			cp = we_jis0208_cp(*lead - 0x21, byte - 0x21);
		return cp ? cp : WE_STEP_ERROR(0);
	case DS_ESC_START:
		if (byte == 0x24 || byte == 0x28) {
			*lead = byte;
			*state = DS_ESC;
			return WE_STEP_CONTINUE;
		}
		/* restore byte */
		d->s.iso_2022_jp.output = 0;
		*state = d->s.iso_2022_jp.output_state;
		return WE_STEP_ERROR(1);
	default:	/* DS_ESC */
		l = *lead;
		*lead = 0;
		s = iso_esc_state(l, byte);
		if (s != 0xff) {
			*state = s;
			d->s.iso_2022_jp.output_state = s;
			if (!d->s.iso_2022_jp.output) {
				d->s.iso_2022_jp.output = 1;
				return WE_STEP_DONE;
			}
			return WE_STEP_ERROR(0);
		}
		/* restore lead and byte */
		d->s.iso_2022_jp.output = 0;
		*state = d->s.iso_2022_jp.output_state;
		return WE_STEP_ERROR(2);
	}
}

/*
 * Its fast path between sequences: in the ASCII and Roman states the
 * bytes those states write as they are (plain_run()), in the lead state
 * jis0208 pairs; and from one run to the next the escape sequences that
 * switch between these states without an error: complete, and after at
 * least one byte of the mode before (the output flag unset). Anything
 * else is left to the steps: the katakana state, an escape sequence that
 * is an error or cut by the end of the input, any other byte a run
 * stops at.
 *
 * Out of line and on a cache line of its own (WE_CJK_STEP_FAMILY()'s
 * reason): inlined in the step loop, its wall time under the kernel's
 * flags was 1.06x that of the userspace build's at the same instructions
 * (make bench, d459079). It is called once per stretch of text between
 * errors, not once per run: Japanese prose switches between ASCII and
 * jis0208 every 35 bytes (64 KiB of the bench's text: 1,846 escapes).
 */
static noinline __aligned(64) void iso_dec_fast(struct whatenc_decoder *d,
						struct whatenc_buf *b)
{
	u8 state = d->s.iso_2022_jp.state;

	for (;;) {
		size_t from = b->in_pos, n;
		const u8 *p;
		u8 next;

		if (state == DS_LEAD) {
			iso_dec_jis_run(b);
		} else if (state <= DS_ROMAN) {
			n = b->in_size - b->in_pos;
			if (n > b->out_size - b->out_pos)
				n = b->out_size - b->out_pos;
			n = plain_run(b->in + b->in_pos, n, state == DS_ROMAN);
			memcpy(b->out + b->out_pos, b->in + b->in_pos, n);
			b->in_pos += n;
			b->out_pos += n;
		} else {
			return;
		}
		if (b->in_pos != from)
			d->s.iso_2022_jp.output = 0;
		p = b->in + b->in_pos;
		if (d->s.iso_2022_jp.output || b->in_size - b->in_pos < 3 ||
		    p[0] != 0x1b)
			return;
		next = iso_esc_state(p[1], p[2]);
		if (next == 0xff)
			return;
		b->in_pos += 3;
		state = next;
		d->s.iso_2022_jp.state = next;
		d->s.iso_2022_jp.output_state = next;
		d->s.iso_2022_jp.output = 1;
	}
}

/*
 * The end of the stream in the trailing byte or an escape state is one
 * error, after which the decoder is in its mode again (the engine then
 * resets it), and in the escape state the lead (0x24 or 0x28) is
 * restored, to be decoded in that mode.
 */
static enum whatenc_ret iso_eof(struct whatenc_decoder *d,
				struct whatenc_buf *b)
{
	u8 state = d->s.iso_2022_jp.state;

	d->seq_len = 0;
	if (state == DS_TRAIL) {
		d->s.iso_2022_jp.state = DS_LEAD;
	} else {
		if (state == DS_ESC)
			we_replay(d, &d->s.iso_2022_jp.lead, 1);
		d->s.iso_2022_jp.lead = 0;
		d->s.iso_2022_jp.output = 0;
		d->s.iso_2022_jp.state = d->s.iso_2022_jp.output_state;
	}
	return whatenc_dec_error(d, b, d->seq, 1);
}

static enum whatenc_ret iso_decode(struct whatenc_decoder *d,
				   struct whatenc_buf *b, bool last)
{
	return we_decode_steps(d, b, last, iso_step, iso_dec_fast, 0, iso_eof);
}

/* Put the UTF-8 reader back to before the code point just read. */
static void unread(struct whatenc_encoder *e, struct whatenc_buf *b,
		   const struct whatenc_utf8_state *st, size_t pos)
{
	e->in = *st;
	b->in_pos = pos;
}

/*
 * Encoder fast path in the jis0208 state: well-formed 3-byte UTF-8 of
 * code points with an index jis0208 pointer (after the spec's U+2212 and
 * half-width katakana mappings), two bytes each, over local positions.
 * Stops, for the general path, at anything else (ASCII, U+203E, other
 * lengths, unmappable input, fewer than 4 bytes left) or when the output
 * is short.
 */
static void iso_enc_jis_run(struct whatenc_buf *b)
{
	const u8 *in = b->in;
	u8 *out = b->out;
	size_t ip = b->in_pos, op = b->out_pos;
	const size_t in_size = b->in_size, out_size = b->out_size;

	while (in_size - ip >= 4 && out_size - op >= 2) {
		u32 cp = we_utf8_3(in + ip);
		int p;

		if (!cp || cp == 0x203e)
			break;
		if (cp == 0x2212)
			cp = 0xff0d;
		else if (cp >= 0xff61 && cp <= 0xff9f)
			cp = whatenc_iso2022jp_katakana[cp - 0xff61];
		p = we_jis0208_pointer(cp);
		if (p < 0)
			break;
		out[op] = p / 94 + 0x21;
		out[op + 1] = p % 94 + 0x21;
		op += 2;
		ip += 3;
	}
	b->in_pos = ip;
	b->out_pos = op;
}

/**
 * whatenc_iso_2022_jp_encode() - ISO-2022-JP encoder (see family.h)
 * @e:    encoder
 * @b:    buffers
 * @last: end of stream after @b->in
 *
 * Return: see enum whatenc_ret.
 */
static enum whatenc_ret whatenc_iso_2022_jp_encode(struct whatenc_encoder *e,
						   struct whatenc_buf *b, bool last)
{
	static const u8 esc_ascii[3] = { 0x1b, 0x28, 0x42 };
	static const u8 esc_roman[3] = { 0x1b, 0x28, 0x4a };
	static const u8 esc_jis[3] = { 0x1b, 0x24, 0x42 };
	u8 state = e->s.iso_2022_jp.state;
	enum whatenc_ret ret;

	for (;;) {
		struct whatenc_utf8_state st;
		const u8 *esc;
		size_t pos;
		u32 cp;
		int p;

		if (state == ES_ASCII && !e->in.needed &&
		    b->in_pos < b->in_size && b->in[b->in_pos] < 0x80) {
			size_t n = b->in_size - b->in_pos;

			if (n > b->out_size - b->out_pos)
				n = b->out_size - b->out_pos;
			n = plain_run(b->in + b->in_pos, n, false);
			if (n) {
				memcpy(b->out + b->out_pos, b->in + b->in_pos,
				       n);
				b->in_pos += n;
				b->out_pos += n;
				continue;
			}
		}
		if (state == ES_JIS0208 && !e->in.needed && !e->pend_len)
			iso_enc_jis_run(b);
		st = e->in;
		pos = b->in_pos;
		cp = we_enc_next(e, b, last, false);
		if (cp == WE_NEED_MORE)
			break;
		if (cp == WE_MALFORMED) {
			/* U+FFFD's error: in jis0208 state after ESC ( B */
			if (state != ES_JIS0208) {
				ret = WHATENC_MALFORMED;
				goto out;
			}
			esc = esc_ascii;
			state = ES_ASCII;
			goto restore;
		}
		if (state != ES_JIS0208 &&
		    (cp == 0x0e || cp == 0x0f || cp == 0x1b)) {
			ret = whatenc_unmappable(e, b, WE_FFFD);
			if (ret == WHATENC_UNMAPPABLE) {
				e->err.len = 1;
				e->err.bytes[0] = cp;
			}
			if (ret != WHATENC_INPUT_EMPTY)
				goto out;
			continue;
		}
		if (state == ES_ASCII && cp < 0x80) {
			if (!we_put_byte(e, b, cp)) {
				ret = WHATENC_OUTPUT_FULL;
				goto out;
			}
			continue;
		}
		if (state == ES_ROMAN &&
		    ((cp < 0x80 && cp != 0x5c && cp != 0x7e) ||
		     cp == 0xa5 || cp == 0x203e)) {
			u8 byte = cp == 0xa5 ? 0x5c : cp == 0x203e ? 0x7e : cp;

			if (!we_put_byte(e, b, byte)) {
				ret = WHATENC_OUTPUT_FULL;
				goto out;
			}
			continue;
		}
		if (cp < 0x80) {
			esc = esc_ascii;
			state = ES_ASCII;
			goto restore;
		}
		if (cp == 0xa5 || cp == 0x203e) {
			esc = esc_roman;
			state = ES_ROMAN;
			goto restore;
		}
		if (cp == 0x2212)
			cp = 0xff0d;
		if (cp >= 0xff61 && cp <= 0xff9f)
			cp = whatenc_iso2022jp_katakana[cp - 0xff61];
		p = we_jis0208_pointer(cp);
		if (p < 0) {
			if (state == ES_JIS0208) {
				esc = esc_ascii;
				state = ES_ASCII;
				goto restore;
			}
			ret = whatenc_unmappable(e, b, cp);
			if (ret != WHATENC_INPUT_EMPTY)
				goto out;
			continue;
		}
		if (state != ES_JIS0208) {
			esc = esc_jis;
			state = ES_JIS0208;
			goto restore;
		}
		if (!we_put_byte2(e, b, p / 94 + 0x21, p % 94 + 0x21)) {
			ret = WHATENC_OUTPUT_FULL;
			goto out;
		}
		continue;
restore:
		unread(e, b, &st, pos);
		if (!we_put_bytes(e, b, esc, 3)) {
			ret = WHATENC_OUTPUT_FULL;
			goto out;
		}
	}
	ret = WHATENC_INPUT_EMPTY;
	if (last && state != ES_ASCII) {
		state = ES_ASCII;
		if (!we_put_bytes(e, b, esc_ascii, 3))
			ret = WHATENC_OUTPUT_FULL;
	}
out:
	e->s.iso_2022_jp.state = state;
	return ret;
}

const struct we_family whatenc_family_iso_2022_jp = {
	.decode = iso_decode,
	.encode = whatenc_iso_2022_jp_encode,
};
