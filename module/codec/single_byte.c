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

static_assert(WE_SB_COUNT == WE_SB_ROWS, "one table per WHATENC_SB() line");

/* The encoding's index: the code points of bytes 0x80..0xFF (0: null). */
static __always_inline const u16 *sb_index(const struct whatenc_decoder *d)
{
	return we_sb_decode[we_encodings[d->enc].table];
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

static void sb_fast(struct whatenc_decoder *d, struct whatenc_buf *b)
{
	const u16 *index = sb_index(d);

	if (b->in_size - b->in_pos >= WE_SB_LONG)
		we_sb_decode_long(index, b);	/* sb_long.c */
	sb_decode_run(index, b);
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
			we_ascii_enc_fast(in, &ip, in_size, out, &op, out_size);
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
		   sb_lookup(we_encodings[e->enc].table, cp);

	if (byte < 0)
		return 0;
	out[0] = byte;
	return 1;
}

static void sb_enc_fast(struct whatenc_encoder *e, struct whatenc_buf *b)
{
	sb_encode_run(we_encodings[e->enc].table, b);
}

WE_STEP_FAMILY(sb, sb_step, sb_fast, sb_enc_step, sb_enc_fast);
