// SPDX-License-Identifier: GPL-2.0-only
/*
 * engine.c - the streaming API: init, BOM handling, held output, replayed
 * bytes, stream offsets, and the dispatch to one encoding family per call.
 *
 * Encoding Standard sections: "Decode and encode" (decode, UTF-8 decode,
 * BOM sniff), "Encoders and decoders" (process an item, error modes), and
 * TextDecoder's BOM handling (ignoreBOM, "BOM seen").
 */
#include "steps.h"
#include "oneshot.h"

/* ---- held output ----------------------------------------------------- */

/* Write out a held unit whole, or nothing. */
static bool flush_pend(u8 *pend, u8 *pend_len, struct whatenc_buf *b)
{
	if (!*pend_len)
		return true;
	if (b->out_size - b->out_pos < *pend_len)
		return false;
	memcpy(b->out + b->out_pos, pend, *pend_len);
	b->out_pos += *pend_len;
	*pend_len = 0;
	return true;
}

/* ---- decoders -------------------------------------------------------- */

static __always_inline enum whatenc_ret
family_decode(struct whatenc_decoder *d, struct whatenc_buf *b, bool last)
{
	return whatenc_encodings[d->enc].family->decode(d, b, last);
}

/*
 * The reset at the end of a stream: whatenc_decoder_reset() but for the
 * count of replacements, which the caller reads after that last call.
 */
static void decoder_restart(struct whatenc_decoder *d)
{
	unsigned int bom = d->flags & WHATENC_BOM_MASK;

	d->enc = d->label_enc;
	d->bom_len = 0;
	d->replay_len = 0;
	d->seq_len = 0;
	d->pend_len = 0;
	d->total_in = 0;
	memset(&d->err, 0, sizeof(d->err));
	/* Only UTF-8 and UTF-16 have a BOM to strip; sniffing applies to all. */
	d->bom_done = bom == WHATENC_BOM_KEEP ||
		      (bom == WHATENC_BOM_STRIP && !whatenc_encodings[d->enc].own_bom);
	memset(&d->s, 0, sizeof(d->s));	/* every family starts all zero */
}

/**
 * whatenc_decoder_reset() - start a new stream with the same settings
 * @d: decoder set up by whatenc_decoder_init()
 *
 * Forgets everything held: partial sequences, held output, BOM state,
 * the stream offset, the last error and the count of replacements.
 */
void whatenc_decoder_reset(struct whatenc_decoder *d)
{
	d->replacements = 0;
	decoder_restart(d);
}

/**
 * whatenc_decoder_init() - set up a decoder
 * @d:     caller-owned state
 * @enc:   the encoding (from whatenc_get_encoding())
 * @flags: WHATENC_DEC_FATAL, one of WHATENC_BOM_SNIFF (spec "decode"),
 *	WHATENC_BOM_STRIP (TextDecoder) or WHATENC_BOM_KEEP (ignoreBOM),
 *	and WHATENC_DEC_WTF8 (UTF-16 only)
 *
 * Context: any; does not sleep or allocate.
 * Return: 0, or -EINVAL for an unknown encoding, unknown flag bits, an
 * invalid BOM policy or WTF-8 output for an encoding other than UTF-16;
 * -EOPNOTSUPP for an encoding whose family is configured out
 * (module/Kconfig).
 */
int whatenc_decoder_init(struct whatenc_decoder *d, enum whatenc_encoding enc,
			 unsigned int flags)
{
	if ((unsigned int)enc >= WHATENC_NR_ENCODINGS ||
	    (flags & ~WHATENC_DEC_FLAGS) ||
	    (flags & WHATENC_BOM_MASK) == WHATENC_BOM_MASK)
		return -EINVAL;
	if ((flags & WHATENC_DEC_WTF8) && enc != WHATENC_UTF_16BE &&
	    enc != WHATENC_UTF_16LE)
		return -EINVAL;
	if (!whatenc_encoding_built(enc))
		return -EOPNOTSUPP;
	memset(d, 0, sizeof(*d));
	d->label_enc = enc;
	d->flags = flags;
	whatenc_decoder_reset(d);
	return 0;
}

/**
 * whatenc_decoder_encoding() - the encoding a decoder is decoding
 * @d: decoder
 *
 * Return: the label's encoding, or the one a BOM selected.
 */
enum whatenc_encoding whatenc_decoder_encoding(const struct whatenc_decoder *d)
{
	return d->enc;
}

/**
 * whatenc_bom_sniff() - the Encoding Standard's "BOM sniff"
 * @buf:     the first bytes of a stream
 * @len:     how many there are
 * @bom_len: set to the BOM's length when one is found
 *
 * Return: WHATENC_UTF_8, WHATENC_UTF_16BE or WHATENC_UTF_16LE for a BOM;
 * -ENOENT when @buf cannot start with one; -EAGAIN when @buf is a
 * proper prefix of a BOM (more bytes decide; at the end of the stream
 * this means no BOM).
 */
int whatenc_bom_sniff(const u8 *buf, size_t len, size_t *bom_len)
{
	static const u8 utf8_bom[3] = { 0xef, 0xbb, 0xbf };

	if (len && buf[0] == 0xef) {
		if (len < 3)
			return (len < 2 || buf[1] == 0xbb) ? -EAGAIN : -ENOENT;
		if (!memcmp(buf, utf8_bom, 3)) {
			*bom_len = 3;
			return WHATENC_UTF_8;
		}
		return -ENOENT;
	}
	if (len && (buf[0] == 0xfe || buf[0] == 0xff)) {
		if (len < 2)
			return -EAGAIN;
		if (buf[0] == 0xfe && buf[1] == 0xff) {
			*bom_len = 2;
			return WHATENC_UTF_16BE;
		}
		if (buf[0] == 0xff && buf[1] == 0xfe) {
			*bom_len = 2;
			return WHATENC_UTF_16LE;
		}
		return -ENOENT;
	}
	return len ? -ENOENT : -EAGAIN;
}

/*
 * Gather the stream's first bytes until the BOM question is settled.
 * Returns false while undecided (all input consumed). Bytes gathered but
 * not part of a BOM go to the replay queue, to be decoded first.
 */
static bool settle_bom(struct whatenc_decoder *d, struct whatenc_buf *b,
		       bool last)
{
	size_t bom_len = 0;
	int r;

	for (;;) {
		r = whatenc_bom_sniff(d->bom, d->bom_len, &bom_len);
		if (r != -EAGAIN)
			break;
		if (b->in_pos == b->in_size) {
			if (!last)
				return false;
			break;
		}
		d->bom[d->bom_len++] = b->in[b->in_pos++];
	}
	if (r >= 0) {
		if ((d->flags & WHATENC_BOM_MASK) == WHATENC_BOM_SNIFF) {
			d->enc = r;
			memset(&d->s, 0, sizeof(d->s));
		} else if (r != d->enc) {
			bom_len = 0;	/* strip only the label's own BOM */
		}
	}
	we_replay(d, d->bom + bom_len, d->bom_len - bom_len);
	d->bom_len = 0;
	d->bom_done = 1;
	return true;
}

/* Feed the replay queue to the family, keeping order with new replays. */
static enum whatenc_ret run_replay(struct whatenc_decoder *d,
				   struct whatenc_buf *b)
{
	enum whatenc_ret ret = WHATENC_INPUT_EMPTY;

	while (d->replay_len) {
		u8 tmp[sizeof(d->replay)];
		struct whatenc_buf rb = {
			.in = tmp, .in_pos = 0, .in_size = d->replay_len,
			.out = b->out, .out_pos = b->out_pos,
			.out_size = b->out_size,
		};
		unsigned int rest;

		memcpy(tmp, d->replay, d->replay_len);
		d->replay_len = 0;
		ret = family_decode(d, &rb, false);
		b->out_pos = rb.out_pos;
		rest = rb.in_size - rb.in_pos;
		memcpy(d->replay + d->replay_len, tmp + rb.in_pos, rest);
		d->replay_len += rest;
		if (ret != WHATENC_INPUT_EMPTY)
			break;
	}
	return ret;
}

static enum whatenc_ret decode_buf(struct whatenc_decoder *d,
				   struct whatenc_buf *b, bool last);
static enum whatenc_ret encode_buf(struct whatenc_encoder *e,
				   struct whatenc_buf *b, bool last);

/*
 * A buffer that breaks the preconditions of whatenc_decode() and
 * whatenc_encode(): a NULL pointer with a non-zero size, or a position
 * past its size. Out of line so that the warning names it.
 */
static noinline bool we_bad_buf(const struct whatenc_buf *b)
{
	return WARN_ON_ONCE((!b->in && b->in_size) || (!b->out && b->out_size) ||
			    b->in_pos > b->in_size || b->out_pos > b->out_size);
}

/*
 * The slow entry of whatenc_decode() and whatenc_encode(): a buffer with a
 * NULL pointer or a position past its size. A misused buffer is refused
 * (WHATENC_BUF_ERROR, nothing read or written). A NULL buffer with a zero
 * size (e.g. a zeroed struct whatenc_buf for the final flush) is valid,
 * but the families compute b->in + b->in_pos, and NULL + 0 is undefined
 * in C (UBSan reports it): such a call runs on a copy that points at an
 * empty array instead, which a zero size never lets anything read or
 * write.
 */
static enum whatenc_ret null_buf_call(void *coder, struct whatenc_buf *b,
				      bool last, bool dec)
{
	static u8 none[1];	/* never read or written: the sizes are 0 */
	const u8 *in = b->in;
	u8 *out = b->out;
	enum whatenc_ret ret;

	if (we_bad_buf(b))
		return WHATENC_BUF_ERROR;
	/* @b itself, not a copy: 48 bytes less on the stack of every chain */
	if (!in)
		b->in = none;
	if (!out)
		b->out = none;
	ret = dec ? decode_buf(coder, b, last) : encode_buf(coder, b, last);
	b->in = in;
	b->out = out;
	return ret;
}

/* Whether @b needs the slow entry (null_buf_call()). */
static __always_inline bool we_odd_buf(const struct whatenc_buf *b)
{
	return !b->in || !b->out || b->in_pos > b->in_size ||
	       b->out_pos > b->out_size;
}

/**
 * whatenc_decode() - decode bytes to UTF-8
 * @d:    decoder
 * @b:    input and output buffers; positions are advanced
 * @last: no input follows @b->in in this stream (flush at the end)
 *
 * Converts as much as fits. An empty non-last call changes nothing.
 * After a last call that returns WHATENC_INPUT_EMPTY the decoder is
 * ready for a new stream.
 *
 * Preconditions on @b: @b->in may be NULL only if @b->in_size is 0,
 * @b->out only if @b->out_size is 0, and @b->in_pos <= @b->in_size,
 * @b->out_pos <= @b->out_size. A call that breaks one reads and writes
 * nothing, leaves the coder and @b as they were, warns once
 * (WARN_ON_ONCE) and returns WHATENC_BUF_ERROR.
 *
 * Context: any; does not sleep or allocate.
 * Return: see enum whatenc_ret.
 */
enum whatenc_ret whatenc_decode(struct whatenc_decoder *d,
				struct whatenc_buf *b, bool last)
{
	if (unlikely(we_odd_buf(b)))
		return null_buf_call(d, b, last, true);
	return decode_buf(d, b, last);
}

static enum whatenc_ret decode_buf(struct whatenc_decoder *d,
				   struct whatenc_buf *b, bool last)
{
	size_t start = b->in_pos;
	enum whatenc_ret ret = WHATENC_OUTPUT_FULL;

	if (!flush_pend(d->pend, &d->pend_len, b))
		goto out;
	if (!d->bom_done && !settle_bom(d, b, last)) {
		ret = WHATENC_INPUT_EMPTY;
		goto out;
	}
	/*
	 * A family that restores bytes consumed in an earlier call
	 * (we_replay()) returns at once; feed those bytes before the rest.
	 */
	for (;;) {
		ret = run_replay(d, b);
		if (ret != WHATENC_INPUT_EMPTY)
			break;
		ret = family_decode(d, b, last);
		if (ret != WHATENC_INPUT_EMPTY || !d->replay_len)
			break;
	}
out:
	d->total_in += b->in_pos - start;
	if (ret == WHATENC_MALFORMED)
		d->err.offset = d->total_in - d->replay_len - d->err.len;
	else if (ret == WHATENC_INPUT_EMPTY && last)
		decoder_restart(d);
	return ret;
}

/**
 * whatenc_decoder_replacements() - how many decoding errors became U+FFFD
 * @d: decoder
 *
 * In replacement mode (no WHATENC_DEC_FATAL) every decoding error writes
 * one U+FFFD. This counts them since whatenc_decoder_init() or the last
 * whatenc_decoder_reset(), across calls and streams: the reset at the end
 * of a stream (a call with @last) keeps the count, so that it can be read
 * after that call. Non-zero means that the output is not the text the
 * input encodes (encoding_rs's "had replacements"); a U+FFFD that the
 * input itself encodes is not counted. Always 0 in fatal mode.
 *
 * Context: any.
 * Return: the number of U+FFFD written for errors.
 */
u64 whatenc_decoder_replacements(const struct whatenc_decoder *d)
{
	return d->replacements;
}

/**
 * whatenc_dec_error() - a decoder error
 * @d:     decoder
 * @b:     buffers
 * @bytes: the offending input bytes
 * @n:     how many (1..4)
 *
 * The one place that reads the decoders' error mode.
 *
 * Return: fatal mode: WHATENC_MALFORMED with the error recorded; else
 * U+FFFD is written (WHATENC_INPUT_EMPTY) or held (WHATENC_OUTPUT_FULL).
 */
enum whatenc_ret whatenc_dec_error(struct whatenc_decoder *d,
				   struct whatenc_buf *b, const u8 *bytes,
				     unsigned int n)
{
	if (d->flags & WHATENC_DEC_FATAL) {
		d->err.cp = 0;
		d->err.len = n;
		memcpy(d->err.bytes, bytes, n);
		return WHATENC_MALFORMED;
	}
	d->replacements++;
	return we_put_cp(d, b, WE_FFFD) ? WHATENC_INPUT_EMPTY :
					  WHATENC_OUTPUT_FULL;
}

/* WE_STEP_PAIR(): Big5's two code points as one output unit. */
static noinline enum whatenc_ret step_pair(struct whatenc_decoder *d,
					   struct whatenc_buf *b, u32 r)
{
	u8 unit[6];
	unsigned int len = we_utf8_write(unit, (r >> 15) & 0x7fff);

	len += we_utf8_write(unit + len, r & 0x7fff);
	return we_put_unit(b, d->pend, &d->pend_len, unit, len) ?
	       WHATENC_INPUT_EMPTY : WHATENC_OUTPUT_FULL;
}

/* An error (or WE_STEP_ERROR_AS()) at the end of a sequence of @n bytes. */
static noinline enum whatenc_ret step_error(struct whatenc_decoder *d,
					    struct whatenc_buf *b, u32 r,
					    unsigned int n)
{
	unsigned int unread = r & 0xff, keep;
	enum whatenc_ret ret;

	if (unread) {
		b->in_pos--;
		we_replay(d, d->seq + n - unread, unread - 1);
	}
	if (r & 0xffff00)	/* WE_STEP_ERROR_AS(): not an error */
		return we_put_cp(d, b, (r >> 8) & 0xffff) ?
		       WHATENC_INPUT_EMPTY : WHATENC_OUTPUT_FULL;
	ret = whatenc_dec_error(d, b, d->seq, n - unread);
	keep = (r >> 24) & 0xf;	/* WE_STEP_ERROR_KEEP() */
	if (keep) {
		memmove(d->seq, d->seq + n - keep, keep);
		d->seq_len = keep;
	}
	return ret;
}

/**
 * whatenc_step_result() - a decoder step's pair of code points or error
 * @d: decoder
 * @b: buffers; the byte the step was given is the last one consumed
 * @r: WE_STEP_PAIR(), WE_STEP_DONE or an error (WE_STEP_ERROR(),
 *	WE_STEP_ERROR_AS(), WE_STEP_ERROR_KEEP())
 *
 * Restores an error's unread bytes: the current one by not consuming it,
 * earlier ones through the replay queue (the caller returns to the
 * engine, which feeds them first). The work is out of line in
 * step_pair() and step_error(), so that WE_STEP_DONE, the common
 * result, costs no saved registers and no stack protector's canary
 * (the kernel builds with -fstack-protector-strong).
 *
 * Return: WHATENC_INPUT_EMPTY to carry on, else what to return.
 */
enum whatenc_ret whatenc_step_result(struct whatenc_decoder *d,
				     struct whatenc_buf *b, u32 r)
{
	unsigned int n = d->seq_len;

	d->seq_len = 0;
	if (r == WE_STEP_DONE)
		return WHATENC_INPUT_EMPTY;
	if (!(r & 0x80000000u))
		return step_pair(d, b, r);
	return step_error(d, b, r, n);
}

/**
 * whatenc_step_eof() - the end of the stream inside a step decoder's sequence
 * @d: decoder
 * @b: buffers
 *
 * Return: see whatenc_dec_error().
 */
enum whatenc_ret whatenc_step_eof(struct whatenc_decoder *d, struct whatenc_buf *b)
{
	unsigned int n = d->seq_len;

	d->seq_len = 0;
	memset(&d->s, 0, sizeof(d->s));
	return whatenc_dec_error(d, b, d->seq, n);
}

/**
 * whatenc_decoder_max_utf8() - worst-case output of a decode call
 * @d:      decoder in its current state
 * @in_len: input bytes the next call (with last set) will be given
 *
 * Every input byte, new or held, yields at most 3 bytes of UTF-8: a
 * lone bad byte is one U+FFFD, and a sequence of n >= 2 bytes yields at
 * most 4 bytes (Big5's pairs of code points, 4-byte gb18030). Add the
 * held output unit and a flush at the end.
 *
 * Return: an upper bound on the bytes written, or SIZE_MAX on overflow.
 */
size_t whatenc_decoder_max_utf8(const struct whatenc_decoder *d,
				size_t in_len)
{
	size_t held = (size_t)d->bom_len + d->replay_len + 4 + d->pend_len;

	if (in_len > (SIZE_MAX - held) / 3)
		return SIZE_MAX;
	return 3 * (in_len + held);
}

/* ---- encoders -------------------------------------------------------- */

/*
 * The reset at the end of a stream: whatenc_encoder_reset() but for the
 * count of unmappable code points, which the caller reads after that
 * last call.
 */
static void encoder_restart(struct whatenc_encoder *e)
{
	e->pend_len = 0;
	e->err_held = 0;
	e->total_in = 0;
	memset(&e->err, 0, sizeof(e->err));
	memset(&e->s, 0, sizeof(e->s));
	we_utf8_init(&e->in);
}

/**
 * whatenc_encoder_reset() - start a new stream with the same settings
 * @e: encoder set up by whatenc_encoder_init()
 *
 * Forgets everything held and the count of unmappable code points.
 */
void whatenc_encoder_reset(struct whatenc_encoder *e)
{
	e->unmappables = 0;
	encoder_restart(e);
}

/**
 * whatenc_encoder_init() - set up an encoder from UTF-8
 * @e:     caller-owned state
 * @enc:   the encoding; the spec's "get an output encoding" applies
 *	(replacement, UTF-16BE and UTF-16LE encode as UTF-8), except that
 *	with WHATENC_ENC_UTF16 UTF-16BE/LE are produced (an extension)
 * @flags: WHATENC_ENC_HTML (error mode html, else fatal), WHATENC_ENC_UTF16
 *
 * Context: any; does not sleep or allocate.
 * Return: 0, or -EINVAL for an unknown encoding or flag bits;
 * -EOPNOTSUPP for an encoding whose family is configured out
 * (module/Kconfig).
 */
int whatenc_encoder_init(struct whatenc_encoder *e, enum whatenc_encoding enc,
			 unsigned int flags)
{
	if ((unsigned int)enc >= WHATENC_NR_ENCODINGS ||
	    (flags & ~WHATENC_ENC_FLAGS))
		return -EINVAL;
	if (!whatenc_encoding_built(enc))
		return -EOPNOTSUPP;
	memset(e, 0, sizeof(*e));
	if (!((flags & WHATENC_ENC_UTF16) &&
	      (enc == WHATENC_UTF_16BE || enc == WHATENC_UTF_16LE)))
		enc = whatenc_output_encoding(enc);
	e->enc = enc;
	e->flags = flags;
	whatenc_encoder_reset(e);
	return 0;
}

/**
 * whatenc_encode() - encode UTF-8 to bytes
 * @e:    encoder
 * @b:    input (UTF-8) and output buffers; positions are advanced
 * @last: no input follows @b->in in this stream (flush at the end)
 *
 * Preconditions on @b: as for whatenc_decode() (a call that breaks one
 * returns WHATENC_BUF_ERROR).
 *
 * Context: any; does not sleep or allocate.
 * Return: see enum whatenc_ret.
 */
enum whatenc_ret whatenc_encode(struct whatenc_encoder *e,
				struct whatenc_buf *b, bool last)
{
	if (unlikely(we_odd_buf(b)))
		return null_buf_call(e, b, last, false);
	return encode_buf(e, b, last);
}

static enum whatenc_ret encode_buf(struct whatenc_encoder *e,
				   struct whatenc_buf *b, bool last)
{
	size_t start = b->in_pos;
	enum whatenc_ret ret = WHATENC_OUTPUT_FULL;

	if (flush_pend(e->pend, &e->pend_len, b))
		ret = whatenc_encodings[e->enc].family->encode(e, b, last);
	e->total_in += b->in_pos - start;
	if (ret == WHATENC_MALFORMED || ret == WHATENC_UNMAPPABLE)
		e->err.offset = e->total_in - e->err_held - e->err.len;
	else if (ret == WHATENC_INPUT_EMPTY && last)
		encoder_restart(e);
	return ret;
}

/**
 * whatenc_encoder_unmappables() - how many code points were written as "&#NNNN;"
 * @e: encoder
 *
 * In html mode (WHATENC_ENC_HTML) every code point the output encoding
 * cannot represent is written as a decimal character reference. This
 * counts them since whatenc_encoder_init() or the last
 * whatenc_encoder_reset(), across calls and streams (the reset at the end
 * of a stream, a call with @last, keeps the count, so that it can be read
 * after that call): one per unmappable code point of the input, however
 * the input is split, also where ISO-2022-JP's encoder reads a code point
 * again after a change of state. Non-zero means that the output is not
 * the text of the input (encoding_rs's "had unmappables"). Malformed
 * UTF-8 input, which html mode replaces by U+FFFD, counts when U+FFFD is
 * unmappable too (written as "&#65533;"); where the output encoding has
 * U+FFFD (UTF-8, UTF-16BE/LE, gb18030) it is encoded and not counted.
 * Always 0 in fatal mode, where WHATENC_UNMAPPABLE reports each.
 *
 * Context: any.
 * Return: the number of character references written for errors.
 */
u64 whatenc_encoder_unmappables(const struct whatenc_encoder *e)
{
	return e->unmappables;
}

/**
 * whatenc_encoder_max_out() - worst-case output of an encode call
 * @e:      encoder in its current state
 * @in_len: UTF-8 input bytes the next call (with last set) will be given
 *
 * In html mode one malformed input byte can become "&#65533;" (8 bytes);
 * ISO-2022-JP adds escape sequences. Otherwise no encoding writes more
 * bytes than it reads, but for the escapes and the final ESC ( B.
 *
 * Return: an upper bound on the bytes written, or SIZE_MAX on overflow.
 */
size_t whatenc_encoder_max_out(const struct whatenc_encoder *e, size_t in_len)
{
	const struct we_encoding *row = &whatenc_encodings[e->enc];
	size_t per = e->flags & WHATENC_ENC_HTML ? row->enc_per_byte_html :
						   row->enc_per_byte;
	size_t held = (size_t)e->in.len + 1;

	if (in_len > (SIZE_MAX - e->pend_len - 3) / per - held)
		return SIZE_MAX;
	return per * (in_len + held) + e->pend_len + 3;
}

/**
 * whatenc_enc_malformed() - an encoder's error for malformed UTF-8 input
 * @e: encoder; e->in holds the maximal subpart
 *
 * Return: html mode: U+FFFD, to be encoded (or written as "&#65533;");
 * fatal mode: WE_MALFORMED with the error recorded.
 */
u32 whatenc_enc_malformed(struct whatenc_encoder *e)
{
	if (e->flags & WHATENC_ENC_HTML) {
		we_utf8_init(&e->in);
		return WE_FFFD;
	}
	e->err.len = e->in.len;
	memcpy(e->err.bytes, e->in.seq, sizeof(e->err.bytes));
	e->err.cp = 0;
	e->err_held = 0;
	we_utf8_init(&e->in);
	return WE_MALFORMED;
}

/**
 * whatenc_unmappable() - an encoder's error for a code point
 * @e:  encoder
 * @b:  output
 * @cp: the code point
 *
 * Return: html mode: WHATENC_INPUT_EMPTY ("&#NNNN;" written) or
 * WHATENC_OUTPUT_FULL (held); fatal mode: WHATENC_UNMAPPABLE.
 */
enum whatenc_ret whatenc_unmappable(struct whatenc_encoder *e,
				    struct whatenc_buf *b, u32 cp)
{
	u8 digits[8], unit[WHATENC_PEND_MAX];
	unsigned int n = 0, i = 0;

	if (!(e->flags & WHATENC_ENC_HTML)) {
		e->err.cp = cp;
		e->err.len = we_utf8_write(e->err.bytes, cp);
		e->err_held = 0;
		return WHATENC_UNMAPPABLE;
	}
	e->unmappables++;
	do {
		digits[n++] = '0' + cp % 10;
		cp /= 10;
	} while (cp);
	unit[i++] = '&';
	unit[i++] = '#';
	while (n)
		unit[i++] = digits[--n];
	unit[i++] = ';';
	return we_put_bytes(e, b, unit, i) ? WHATENC_INPUT_EMPTY :
					     WHATENC_OUTPUT_FULL;
}

/* ---- the end of a one-shot call (oneshot.h) ---------------------- */

/*
 * The family stopped short of the end (error, output full) or restored
 * bytes to the input: complete @d as whatenc_decoder_init() and the
 * engine would have it after consuming @consumed bytes, and finish as the
 * engine does.
 */
static enum whatenc_ret whatenc_decode_finish(struct whatenc_decoder *d,
					      struct whatenc_buf *b,
					 enum whatenc_ret ret, size_t consumed)
{
	d->label_enc = d->enc;
	d->bom_done = 1;
	d->bom_len = 0;
	d->total_in = consumed;
	if (ret == WHATENC_MALFORMED) {
		d->err.offset = d->total_in - d->replay_len - d->err.len;
		return ret;
	}
	memset(&d->err, 0, sizeof(d->err));	/* as init leaves it */
	if (ret == WHATENC_INPUT_EMPTY)		/* replayed bytes wait */
		return whatenc_decode(d, b, true);
	return ret;
}

/* As whatenc_decode_finish(): an error, or output that does not fit. */
static enum whatenc_ret whatenc_encode_finish(struct whatenc_encoder *e,
					      enum whatenc_ret ret, size_t consumed)
{
	e->total_in = consumed;
	if (ret == WHATENC_MALFORMED || ret == WHATENC_UNMAPPABLE)
		e->err.offset = e->total_in - e->err_held - e->err.len;
	else
		memset(&e->err, 0, sizeof(e->err));	/* as init leaves it */
	return ret;
}

/*
 * The rest of a one-shot decode (we_decode_once_in()) that the family's
 * one-shot entry did not take, or all of it for a family without one:
 * the family over all of @b (what the entry wrote is scratch,
 * overwritten), as the streaming path runs it. With @lazy, @d is set up
 * here first.
 */
noinline enum whatenc_ret whatenc_decode_rest(struct whatenc_decoder *d,
					      enum whatenc_encoding enc,
					      unsigned int flags,
					      struct whatenc_buf *b, bool lazy)
{
	size_t start = b->in_pos;
	enum whatenc_ret ret;

	if (lazy)
		we_once_dec_state(d, enc, flags);
	ret = whatenc_encodings[enc].family->decode(d, b, true);
	if (unlikely(ret != WHATENC_INPUT_EMPTY || d->replay_len))
		return whatenc_decode_finish(d, b, ret, b->in_pos - start);
	return ret;
}

/* The same for an encoder (we_encode_once_in()); @enc is the output's. */
noinline enum whatenc_ret whatenc_encode_rest(struct whatenc_encoder *e,
					      enum whatenc_encoding enc,
					      unsigned int flags,
					      struct whatenc_buf *b, bool lazy)
{
	size_t start = b->in_pos;
	enum whatenc_ret ret;

	if (lazy)
		we_once_enc_state(e, enc, flags);
	ret = whatenc_encodings[enc].family->encode(e, b, true);
	if (unlikely(ret != WHATENC_INPUT_EMPTY))
		return whatenc_encode_finish(e, ret, b->in_pos - start);
	return ret;
}
