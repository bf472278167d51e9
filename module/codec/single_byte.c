// SPDX-License-Identifier: GPL-2.0-only
/*
 * single_byte.c - the 28 legacy single-byte encodings
 *
 * Encoding Standard, "Legacy single-byte encodings": one generic decoder
 * and encoder over the generated tables in tables_single_byte.h. The
 * decoder maps bytes 0x80-0xFF through a 128-entry table; the encoder
 * looks code points below WE_SB_PAGE_LIMIT up in a two-level page table
 * (pages shared by all encodings) and the few others by binary search in
 * the encoding's sorted code points (see the table header). ASCII runs
 * are copied a word at a time.
 */
#include "internal.h"
#include "tables_single_byte.h"

static_assert(WE_SB_COUNT ==
	      WHATENC_LAST_SINGLE_BYTE - WHATENC_FIRST_SINGLE_BYTE + 1,
	      "one table per single-byte encoding");

/*
 * The single-byte decoder is not on we_decode_steps(): its one loop of
 * ASCII runs and mapped bytes measured 8% fewer instructions per byte
 * than the same loop as a fast-path hook (scripts/bench-instr). Its
 * error goes through the engine's we_dec_error() all the same.
 */
static enum whatenc_ret whatenc_sb_decode(struct whatenc_decoder *d,
					  struct whatenc_buf *b, bool last)
{
	const u16 *table = we_sb_decode[d->enc - WHATENC_FIRST_SINGLE_BYTE];

	(void)last;	/* nothing is ever held */

	while (b->in_pos < b->in_size) {
		const u8 *in = b->in;
		u8 *out = b->out, byte;
		size_t ip, op;
		u32 cp;

		/*
		 * ASCII runs (word at a time) and mapped bytes, while 3 bytes
		 * of output are free for a mapped byte
		 */
		ip = b->in_pos;
		op = b->out_pos;
		while (ip < b->in_size) {
			byte = in[ip];
			if (byte < 0x80) {
				if (!we_ascii_fast(in, &ip, b->in_size, out, &op,
						   b->out_size))
					break;
				continue;
			}
			if (b->out_size - op < 3)
				break;
			cp = table[byte - 0x80];
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
		if (b->in_pos == b->in_size)
			break;
		if (b->out_pos == b->out_size)
			return WHATENC_OUTPUT_FULL;
		byte = b->in[b->in_pos++];
		cp = byte < 0x80 ? byte : table[byte - 0x80];
		if (unlikely(!cp && byte)) {	/* 0x00 is U+0000, not unmapped */
			u8 bad = byte;	/* its own: byte stays in a register */
			enum whatenc_ret ret = we_dec_error(d, b, &bad, 1);

			if (ret != WHATENC_INPUT_EMPTY)
				return ret;
		} else if (!we_put_cp(d, b, cp)) {
			return WHATENC_OUTPUT_FULL;
		}
	}
	return WHATENC_INPUT_EMPTY;
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

/*
 * Fast path of the encoder: complete, valid 1-3 byte UTF-8 sequences of
 * mappable code points, straight from the input. Stops (leaving the rest
 * to the spec's reader) at anything else.
 */
static void sb_encode_run(unsigned int k, struct whatenc_buf *b)
{
	/* locals: the byte stores below could alias *b */
	const u8 *in = b->in;
	u8 *out = b->out;
	const size_t in_size = b->in_size, out_size = b->out_size;
	size_t ip = b->in_pos, op = b->out_pos;
	int byte;

	while (ip < in_size && op < out_size) {
		u8 c = in[ip];
		u32 cp;
		size_t n;

		/* first: the letters of Cyrillic, Greek, Hebrew, Arabic */
		if (c >= 0xc2 && c <= 0xdf) {
			if (in_size - ip < 2 || (in[ip + 1] & 0xc0) != 0x80)
				break;
			cp = (c & 0x1f) << 6 | (in[ip + 1] & 0x3f);
			byte = sb_lookup(k, cp);
			if (byte < 0)
				break;
			out[op++] = byte;
			ip += 2;
			continue;
		}
		if (c < 0x80) {
			n = in_size - ip;
			if (n > out_size - op)
				n = out_size - op;
			n = we_ascii_copy(out + op, in + ip, n);
			ip += n;
			op += n;
			continue;
		}
		if (c >= 0xe0 && c <= 0xef && in_size - ip >= 3 &&
		    (in[ip + 1] & 0xc0) == 0x80 &&
		    (in[ip + 2] & 0xc0) == 0x80) {
			cp = (c & 0xf) << 12 | (in[ip + 1] & 0x3f) << 6 |
			     (in[ip + 2] & 0x3f);
			if (cp < 0x800 || (cp >= 0xd800 && cp <= 0xdfff))
				break;
			n = 3;
		} else {
			break;
		}
		byte = sb_lookup(k, cp);
		if (byte < 0)
			break;
		out[op++] = byte;
		ip += n;
	}
	b->in_pos = ip;
	b->out_pos = op;
}

/* The single-byte encoder's steps. */
static __always_inline unsigned int sb_enc_step(struct whatenc_encoder *e,
						u32 cp, u8 *out)
{
	int byte = cp < 0x80 ? (int)cp : cp > 0xffff ? -1 :
		   sb_lookup(e->enc - WHATENC_FIRST_SINGLE_BYTE, cp);

	if (byte < 0)
		return 0;
	out[0] = byte;
	return 1;
}

static void sb_enc_fast(struct whatenc_encoder *e, struct whatenc_buf *b)
{
	sb_encode_run(e->enc - WHATENC_FIRST_SINGLE_BYTE, b);
}

static enum whatenc_ret sb_encode(struct whatenc_encoder *e,
				  struct whatenc_buf *b, bool last)
{
	return we_encode_steps(e, b, last, sb_enc_step, sb_enc_fast);
}

const struct we_family we_family_sb = {
	.decode = whatenc_sb_decode,
	.encode = sb_encode,
};
