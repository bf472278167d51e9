// SPDX-License-Identifier: GPL-2.0-only
/*
 * fuzz_codec.c - libFuzzer harness for whatenc's decoders and encoders
 *
 * One source, built once per target (tests/fuzz/rules.mk):
 *   -DFUZZ_FAMILY=F_xxx  the encoding family (table below)
 *   -DFUZZ_ENCODE=0|1    decoder or encoder target
 *
 * Input layout: byte 0 chooses the encoding in the family (and flags),
 * byte 1 the mode flags, byte 2 seeds the chunking PRNG and (mod 3) picks
 * the vector level (whatenc_vec_set_level(): scalar, SSE2, AVX2, or the
 * best below it the CPU has), the rest is the data to convert (bytes to
 * decode, or UTF-8 to encode, malformed or not). The one-call runs use
 * that level's vector paths; the chunked runs' small output windows
 * mostly keep them scalar, so D5/E4 compare the levels too.
 *
 * Decoder invariants (abort() on violation):
 *  D1 one call (last = true) with a buffer of exactly
 *     whatenc_decoder_max_utf8() bytes consumes everything and never
 *     reports WHATENC_OUTPUT_FULL (the bound holds);
 *  D2 the output is well-formed UTF-8 without surrogates (WTF-8 with
 *     WHATENC_DEC_WTF8: generalized UTF-8, no lead+trail 3-byte pairs);
 *  D3 fatal mode: every WHATENC_MALFORMED has 1 <= err.len <= 4,
 *     err.bytes equal to the input at err.offset, errors in order and
 *     not overlapping, and all of it before the bytes consumed so far;
 *  D4 fatal mode, continuing after each error and appending U+FFFD
 *     there, gives exactly the replacement-mode output: so fatal mode
 *     stops exactly where replacement mode emits the U+FFFD of its first
 *     error (a U+FFFD that is in the input, e.g. EF BF BD, is not an
 *     error and does not stop fatal mode);
 *  D5 random chunkings (split points, empty non-final chunks, an empty
 *     final call, output windows of 12..64 bytes) give the same output
 *     and the same errors (offsets, bytes, output positions) as one call;
 *     the chunked run reuses the decoder after its last call (reset);
 *  D6 round trip, for encodings with an encoder: if the fatal encoder
 *     accepts the decoded text D, decoding its output gives D again
 *     (after the substitutions of fold(), e.g. ISO-2022-JP katakana).
 *     It must accept D (no decode errors needed) for UTF-8, UTF-16
 *     (encoded back to UTF-16), x-user-defined; with no decode errors
 *     for the single-byte encodings (every index code point has a
 *     pointer) and gb18030 (every code point but U+E5E5 encodes, and no
 *     pointer decodes to U+E5E5 since GB18030-2022: A3A0 is U+3000).
 *     Not for GBK (four-byte sequences decode, GBK encodes no four-byte
 *     sequences), Big5 (pointers below 5024 decode only), Shift_JIS
 *     (8272..8835 and the PUA pointers decode only), EUC-JP (JIS X 0212
 *     decodes only), ISO-2022-JP (katakana, escapes), EUC-KR (checked by
 *     the weak property only). With BOM_KEEP and no errors the bytes come
 *     back exactly for UTF-8, x-user-defined, UTF-16 (WTF-8 included).
 *
 * Encoder invariants:
 *  E1 one html-mode call with whatenc_encoder_max_out() bytes of output
 *     consumes everything and never reports WHATENC_OUTPUT_FULL;
 *  E2 fatal mode: errors have the right kind, err.bytes equal to the
 *     input at err.offset (UNMAPPABLE: the UTF-8 of err.cp, but for
 *     ISO-2022-JP's SO, SI and ESC, which are errors with U+FFFD), in
 *     order;
 *  E3 fatal mode, continuing after each error and doing there what html
 *     mode does (UNMAPPABLE: "&#cp;"; MALFORMED: U+FFFD fed to the same
 *     encoder, "&#65533;" if that is unmappable), gives exactly the html
 *     output;
 *  E4 random chunkings give the same output and errors as one call;
 *  E5 if fatal mode reports no error, the input was well-formed UTF-8
 *     (generalized UTF-8 for UTF-16 output) and decoding the output gives
 *     the input back, after the spec's encoder substitutions (EUC-JP and
 *     Shift_JIS: U+00A5 -> 5C, U+203E -> 7E; these and ISO-2022-JP: U+2212
 *     -> U+FF0D; ISO-2022-JP's halfwidth katakana become fullwidth and
 *     gb18030's asymmetric table maps 18 PUA code points to bytes that
 *     decode to other characters, so such inputs are not compared);
 *  E6 exact error set where the spec makes it simple: UTF-8 output fails
 *     iff the input is malformed (and otherwise is the input); UTF-16 iff
 *     not generalized UTF-8; gb18030 iff malformed or U+E5E5;
 *     x-user-defined iff malformed or a code point outside ASCII and
 *     U+F780..U+F7FF; single-byte iff malformed or a non-ASCII code point
 *     that no byte decodes to.
 */
#include <stdint.h>
#include "fuzz_util.h"

enum fuzz_family {
	F_UTF8, F_UTF16, F_SB, F_GB, F_BIG5, F_EUCJP, F_ISO2022JP, F_SJIS,
	F_EUCKR, F_REPL,
};

#ifndef FUZZ_FAMILY
#error "FUZZ_FAMILY must be defined"
#endif
#ifndef FUZZ_ENCODE
#define FUZZ_ENCODE 0
#endif

#define FUZZ_MAX_ERRS 8192

static enum whatenc_encoding pick_encoding(u8 sel)
{
	switch (FUZZ_FAMILY) {
	case F_UTF8:
		if (FUZZ_ENCODE) {	/* all encode as UTF-8 */
			static const enum whatenc_encoding e[] = {
				WHATENC_UTF_8, WHATENC_REPLACEMENT,
				WHATENC_UTF_16BE, WHATENC_UTF_16LE,
			};
			return e[sel % 4];
		}
		return WHATENC_UTF_8;
	case F_UTF16:
		return sel & 1 ? WHATENC_UTF_16LE : WHATENC_UTF_16BE;
	case F_SB:
		sel %= WHATENC_LAST_SINGLE_BYTE - WHATENC_FIRST_SINGLE_BYTE + 2;
		if (sel == WHATENC_LAST_SINGLE_BYTE - WHATENC_FIRST_SINGLE_BYTE + 1)
			return WHATENC_X_USER_DEFINED;
		return WHATENC_FIRST_SINGLE_BYTE + sel;
	case F_GB:
		return sel & 1 ? WHATENC_GB18030 : WHATENC_GBK;
	case F_BIG5:
		return WHATENC_BIG5;
	case F_EUCJP:
		return WHATENC_EUC_JP;
	case F_ISO2022JP:
		return WHATENC_ISO_2022_JP;
	case F_SJIS:
		return WHATENC_SHIFT_JIS;
	case F_EUCKR:
		return WHATENC_EUC_KR;
	default:
		return WHATENC_REPLACEMENT;
	}
}

static bool is_single_byte(enum whatenc_encoding enc)
{
	return enc >= WHATENC_FIRST_SINGLE_BYTE &&
	       enc <= WHATENC_LAST_SINGLE_BYTE;
}

static bool is_utf16(enum whatenc_encoding enc)
{
	return enc == WHATENC_UTF_16BE || enc == WHATENC_UTF_16LE;
}

struct errrec {
	u64 off;
	size_t out_at;
	u32 cp;
	u8 kind;
	u8 len;
	u8 bytes[4];
};

struct run {
	struct fuzz_str out;
	struct errrec *errs;
	size_t nerr;
};

static void run_init(struct run *r)
{
	static struct errrec pool[4][FUZZ_MAX_ERRS];
	static unsigned int next;

	/* four runs live at a time; no malloc per run (speed) */
	memset(r, 0, sizeof(*r));
	r->errs = pool[next++ % 4];
	FUZZ_CHECK(r->errs);
}

static void run_free(struct run *r)
{
	fuzz_str_free(&r->out);
}

static void run_same(const struct run *a, const struct run *b)
{
	size_t i;

	FUZZ_CHECK(a->out.len == b->out.len);
	FUZZ_CHECK(!a->out.len || !memcmp(a->out.p, b->out.p, a->out.len));
	FUZZ_CHECK(a->nerr == b->nerr);
	for (i = 0; i < a->nerr && i < FUZZ_MAX_ERRS; i++) {
		FUZZ_CHECK(a->errs[i].off == b->errs[i].off);
		FUZZ_CHECK(a->errs[i].out_at == b->errs[i].out_at);
		FUZZ_CHECK(a->errs[i].cp == b->errs[i].cp);
		FUZZ_CHECK(a->errs[i].kind == b->errs[i].kind);
		FUZZ_CHECK(a->errs[i].len == b->errs[i].len);
		FUZZ_CHECK(!memcmp(a->errs[i].bytes, b->errs[i].bytes,
				   a->errs[i].len));
	}
}

/* Record and check one fatal error; @consumed: stream bytes read so far. */
static void add_err(struct run *r, const struct whatenc_error *err, u8 kind,
		    const u8 *in, size_t consumed)
{
	struct errrec *e;

	FUZZ_CHECK(err->len >= 1 && err->len <= 4);
	FUZZ_CHECK(err->offset + err->len <= consumed);
	FUZZ_CHECK(!memcmp(in + err->offset, err->bytes, err->len));
	if (r->nerr) {
		const struct errrec *p = &r->errs[(r->nerr - 1) %
						  FUZZ_MAX_ERRS];

		/*
		 * ISO-2022-JP's trail byte state consumes an ESC with its
		 * error (reported as lead + ESC); the ESC then starts an
		 * escape sequence that may be an error of its own.
		 */
		if (FUZZ_FAMILY == F_ISO2022JP && p->len == 2 &&
		    p->bytes[1] == 0x1b)
			FUZZ_CHECK(err->offset >= p->off + 1);
		else
			FUZZ_CHECK(err->offset >= p->off + p->len);
	}
	if (kind == WHATENC_UNMAPPABLE) {
		u8 tmp[4];

		FUZZ_CHECK(err->cp <= 0x10ffff &&
			   (err->cp < 0xd800 || err->cp > 0xdfff));
		/*
		 * ISO-2022-JP's encoder: SO, SI, ESC are "error with U+FFFD";
		 * err.bytes are the input byte, err.cp is U+FFFD.
		 */
		if (FUZZ_FAMILY == F_ISO2022JP && err->cp == 0xfffd &&
		    err->len == 1) {
			FUZZ_CHECK(err->bytes[0] == 0x0e ||
				   err->bytes[0] == 0x0f ||
				   err->bytes[0] == 0x1b);
		} else {
			FUZZ_CHECK(fuzz_utf8_put(tmp, err->cp) == err->len);
			FUZZ_CHECK(!memcmp(tmp, err->bytes, err->len));
		}
	} else {
		FUZZ_CHECK(err->cp == 0);
		if (FUZZ_ENCODE)	/* a maximal subpart: 1..3 bytes */
			FUZZ_CHECK(err->len <= 3);
	}
	/* keep the last FUZZ_MAX_ERRS errors (ring) for the comparisons */
	e = &r->errs[r->nerr % FUZZ_MAX_ERRS];
	e->off = err->offset;
	e->out_at = r->out.len;
	e->cp = err->cp;
	e->kind = kind;
	e->len = err->len;
	memcpy(e->bytes, err->bytes, 4);
	r->nerr++;
}

static size_t pick_chunk(struct fuzz_rng *rng, size_t left)
{
	u32 x = fuzz_rand(rng);

	switch (x % 8) {
	case 0:
		return 0;
	case 1: case 2: case 3:
		return x / 8 % 5 < left ? x / 8 % 5 : left;
	case 4: case 5:
		return x / 8 % 65 < left ? x / 8 % 65 : left;
	default:
		return left ? x / 8 % (left + 1) : 0;
	}
}

/* ---- decoding ---------------------------------------------------------- */

static const u8 fffd[3] = { 0xef, 0xbf, 0xbd };


/*
 * Decode @in with @d. @rng NULL: one call into a buffer of exactly @cap
 * bytes; else random chunks and output windows. In fatal mode every
 * error is recorded and followed by U+FFFD in the output.
 */
static void dec_run(struct whatenc_decoder *d, bool fatal, const u8 *in,
		    size_t len, struct fuzz_rng *rng, size_t cap,
		    struct run *r)
{
	u8 scratch[64];
	struct whatenc_buf b;
	enum whatenc_ret ret;
	size_t pos = 0;

	if (!rng) {
		u8 *buf = malloc(cap ? cap : 1);

		FUZZ_CHECK(buf);
		b = (struct whatenc_buf){ in, 0, len, buf, 0, cap };
		for (;;) {
			ret = whatenc_decode(d, &b, true);
			if (ret == WHATENC_MALFORMED) {
				FUZZ_CHECK(fatal);
				r->out.len = b.out_pos;	/* for out_at */
				add_err(r, &d->err, ret, in, b.in_pos);
				FUZZ_CHECK(cap - b.out_pos >= 3);
				memcpy(buf + b.out_pos, fffd, 3);
				b.out_pos += 3;
				continue;
			}
			/* D1: the bound holds, everything is consumed */
			FUZZ_CHECK(ret == WHATENC_INPUT_EMPTY);
			FUZZ_CHECK(b.in_pos == len);
			break;
		}
		r->out.len = 0;
		fuzz_str_add(&r->out, buf, b.out_pos);
		free(buf);
		return;
	}
	for (;;) {
		size_t left = len - pos, clen;
		bool last;

		if (!left) {
			clen = 0;
			last = true;
		} else {
			clen = pick_chunk(rng, left);
			last = clen == left && fuzz_rand(rng) % 4;
		}
		b.in = in ? in + pos : NULL;	/* NULL, 0 is valid */
		b.in_pos = 0;
		b.in_size = clen;
		for (;;) {
			size_t k = 12 + fuzz_rand(rng) % 53, ip = b.in_pos;

			b.out = scratch + sizeof(scratch) - k;
			b.out_pos = 0;
			b.out_size = k;
			ret = whatenc_decode(d, &b, last);
			FUZZ_CHECK(b.out_pos <= k && b.in_pos <= clen);
			fuzz_str_add(&r->out, b.out, b.out_pos);
			if (ret == WHATENC_MALFORMED) {
				FUZZ_CHECK(fatal);
				add_err(r, &d->err, ret, in, pos + b.in_pos);
				fuzz_str_add(&r->out, fffd, 3);
				continue;
			}
			if (ret == WHATENC_INPUT_EMPTY) {
				FUZZ_CHECK(b.in_pos == clen);
				break;
			}
			FUZZ_CHECK(ret == WHATENC_OUTPUT_FULL);
			FUZZ_CHECK(b.out_pos > 0 || b.in_pos > ip);
		}
		pos += clen;
		if (last)
			break;
	}
}

/* Encode @in with a fresh fatal encoder for @enc in one call. */
__attribute__((unused))
static bool enc_fatal_once(enum whatenc_encoding enc, unsigned int flags,
			   const u8 *in, size_t len, struct fuzz_str *out)
{
	struct whatenc_encoder e;
	struct whatenc_buf b;
	enum whatenc_ret ret;
	size_t cap;
	u8 *buf;

	FUZZ_CHECK(!whatenc_encoder_init(&e, enc, flags));
	cap = whatenc_encoder_max_out(&e, len);
	buf = malloc(cap ? cap : 1);
	FUZZ_CHECK(buf);
	b = (struct whatenc_buf){ in, 0, len, buf, 0, cap };
	ret = whatenc_encode(&e, &b, true);
	FUZZ_CHECK(ret != WHATENC_OUTPUT_FULL);
	if (ret == WHATENC_INPUT_EMPTY)
		fuzz_str_add(out, buf, b.out_pos);
	free(buf);
	return ret == WHATENC_INPUT_EMPTY;
}

/* Decode @in with a fresh replacement-mode decoder, in one call. */
static void dec_once(enum whatenc_encoding enc, unsigned int flags,
		     const u8 *in, size_t len, struct fuzz_str *out)
{
	struct whatenc_decoder d;
	struct run r;

	FUZZ_CHECK(!whatenc_decoder_init(&d, enc, flags));
	memset(&r, 0, sizeof(r));
	dec_run(&d, false, in, len, NULL, whatenc_decoder_max_utf8(&d, len),
		&r);
	*out = r.out;
}

static bool str_eq(const struct fuzz_str *a, const u8 *p, size_t n)
{
	return a->len == n && (!n || !memcmp(a->p, p, n));
}

/* The 18 PUA code points of the gb18030 encoder's asymmetric table. */
static bool gb_pua_2005(u32 cp)
{
	static const u16 pua[] = {
		0xe78d, 0xe78e, 0xe78f, 0xe790, 0xe791, 0xe792, 0xe793,
		0xe794, 0xe795, 0xe796, 0xe81e, 0xe826, 0xe82b, 0xe82c,
		0xe832, 0xe843, 0xe854, 0xe864,
	};
	size_t i;

	for (i = 0; i < sizeof(pua) / sizeof(pua[0]); i++)
		if (pua[i] == cp)
			return true;
	return false;
}

/*
 * E5, D6: the spec's encoder substitutions (EUC-JP, Shift_JIS: U+00A5,
 * U+203E; JP: U+2212), applied to the expected text; false: do not
 * compare (ISO-2022-JP halfwidth katakana become fullwidth; gb18030's
 * asymmetric table encodes 18 PUA code points as bytes that decode to
 * other characters).
 */
static bool fold(enum whatenc_encoding enc, const u8 *in, size_t len,
		 struct fuzz_str *out)
{
	size_t i = 0, l;
	u8 tmp[4];
	u32 cp;

	while (i < len) {
		l = fuzz_utf8_next(in + i, len - i, &cp, true);
		FUZZ_CHECK(l);
		if (enc == WHATENC_EUC_JP || enc == WHATENC_SHIFT_JIS) {
			if (cp == 0xa5)
				cp = 0x5c;
			else if (cp == 0x203e)
				cp = 0x7e;
		}
		if (enc == WHATENC_EUC_JP || enc == WHATENC_SHIFT_JIS ||
		    enc == WHATENC_ISO_2022_JP) {
			if (cp == 0x2212)
				cp = 0xff0d;
		}
		if (enc == WHATENC_ISO_2022_JP && cp >= 0xff61 && cp <= 0xff9f)
			return false;
		/* gb18030's asymmetric encoder table (GB18030-2005 PUA) */
		if ((enc == WHATENC_GB18030 || enc == WHATENC_GBK) &&
		    gb_pua_2005(cp))
			return false;
		fuzz_str_add(out, tmp, fuzz_utf8_put(tmp, cp));
		i += l;
	}
	return true;
}

#if !FUZZ_ENCODE
static void fuzz_decode(u8 sel, u8 fl, u8 seed, const u8 *in, size_t len)
{
	enum whatenc_encoding enc = pick_encoding(sel), real = enc;
	unsigned int bom = (fl & 3) == 3 ? WHATENC_BOM_SNIFF : (fl & 3) << 1;
	unsigned int flags = bom;
	struct whatenc_decoder d;
	struct fuzz_rng rng;
	struct run rep, fat, rep2, fat2;
	size_t cap, bl;
	int r;

	if ((fl & 4) && is_utf16(enc))
		flags |= WHATENC_DEC_WTF8;
	FUZZ_CHECK(!whatenc_decoder_init(&d, enc, flags));
	cap = whatenc_decoder_max_utf8(&d, len);
	run_init(&rep);
	run_init(&fat);
	run_init(&rep2);
	run_init(&fat2);
	fuzz_rng_init(&rng, seed, len);

	/* D1, D2 */
	dec_run(&d, false, in, len, NULL, cap, &rep);
	FUZZ_CHECK(rep.out.len <= cap);
	if (flags & WHATENC_DEC_WTF8)
		FUZZ_CHECK(fuzz_wtf8_valid(rep.out.p, rep.out.len));
	else
		FUZZ_CHECK(fuzz_utf8_valid(rep.out.p, rep.out.len));
	/* D5: the same decoder, reset by its last call */
	dec_run(&d, false, in, len, &rng, 0, &rep2);
	run_same(&rep, &rep2);

	/* D3, D4, D5 in fatal mode */
	FUZZ_CHECK(!whatenc_decoder_init(&d, enc, flags | WHATENC_DEC_FATAL));
	dec_run(&d, true, in, len, NULL, cap, &fat);
	FUZZ_CHECK(str_eq(&fat.out, rep.out.p, rep.out.len));
	dec_run(&d, true, in, len, &rng, 0, &fat2);
	run_same(&fat, &fat2);

	/* D6: the encoding actually used (BOM sniffing) */
	if (bom == WHATENC_BOM_SNIFF) {
		r = whatenc_bom_sniff(in, len, &bl);
		if (r >= 0)
			real = r;
	}
	if (real != WHATENC_REPLACEMENT) {
		struct fuzz_str y = { 0 }, d2 = { 0 }, want = { 0 };
		unsigned int eflags = is_utf16(real) ? WHATENC_ENC_UTF16 : 0;
		unsigned int dflags = WHATENC_BOM_KEEP;
		bool must, exact, ok;

		if (is_utf16(real) && (flags & WHATENC_DEC_WTF8))
			dflags |= WHATENC_DEC_WTF8;
		must = real == WHATENC_UTF_8 || is_utf16(real) ||
		       real == WHATENC_X_USER_DEFINED ||
		       (!fat.nerr && (is_single_byte(real) ||
				      real == WHATENC_GB18030));
		exact = bom == WHATENC_BOM_KEEP && !fat.nerr &&
			(real == WHATENC_UTF_8 ||
			 real == WHATENC_X_USER_DEFINED || is_utf16(real));
		ok = enc_fatal_once(real, eflags, rep.out.p, rep.out.len, &y);
		FUZZ_CHECK(ok || !must);
		if (ok && fold(real, rep.out.p, rep.out.len, &want)) {
			dec_once(real, dflags, y.p, y.len, &d2);
			FUZZ_CHECK(str_eq(&d2, want.p, want.len));
			if (exact)
				FUZZ_CHECK(str_eq(&y, in, len));
		}
		fuzz_str_free(&y);
		fuzz_str_free(&d2);
		fuzz_str_free(&want);
	}
	run_free(&rep);
	run_free(&fat);
	run_free(&rep2);
	run_free(&fat2);
}
#endif

/* ---- encoding ---------------------------------------------------------- */

#if FUZZ_ENCODE
/* Append to the output: into @b when one call (@one), else to r->out. */
static void put_out(struct run *r, struct whatenc_buf *b, bool one,
		    const u8 *p, size_t n)
{
	if (one) {
		FUZZ_CHECK(b->out_size - b->out_pos >= n);
		memcpy(b->out + b->out_pos, p, n);
		b->out_pos += n;
	} else {
		fuzz_str_add(&r->out, p, n);
	}
}

/*
 * After a fatal error: do what html mode does. MALFORMED: feed U+FFFD to
 * the encoder (its state matters: ISO-2022-JP); UNMAPPABLE: "&#cp;".
 */
static void enc_as_html(struct whatenc_encoder *e, enum whatenc_ret ret,
			struct run *r, struct whatenc_buf *b, bool one,
			struct fuzz_rng *rng)
{
	u8 unit[16], scratch[64];
	struct whatenc_buf ib;
	u32 cp = e->err.cp;

	if (ret == WHATENC_MALFORMED) {
		ib.in = fffd;
		ib.in_pos = 0;
		ib.in_size = 3;
		for (;;) {
			size_t k = one ? 0 : 12 + fuzz_rand(rng) % 53;

			if (one) {
				ib.out = b->out;
				ib.out_pos = b->out_pos;
				ib.out_size = b->out_size;
			} else {
				ib.out = scratch + sizeof(scratch) - k;
				ib.out_pos = 0;
				ib.out_size = k;
			}
			ret = whatenc_encode(e, &ib, false);
			if (one)
				b->out_pos = ib.out_pos;
			else
				fuzz_str_add(&r->out, ib.out, ib.out_pos);
			if (ret == WHATENC_OUTPUT_FULL) {
				FUZZ_CHECK(!one && ib.out_pos > 0);
				continue;
			}
			break;
		}
		if (ret == WHATENC_INPUT_EMPTY) {
			FUZZ_CHECK(ib.in_pos == 3);
			return;
		}
		FUZZ_CHECK(ret == WHATENC_UNMAPPABLE && e->err.cp == 0xfffd);
		FUZZ_CHECK(ib.in_pos == 3);
		cp = 0xfffd;
	}
	put_out(r, b, one, unit, fuzz_ncr(unit, cp));
}

/*
 * Encode @in with @e. @rng NULL: one call into a buffer of exactly @cap
 * bytes. In fatal mode errors are recorded and handled as html mode
 * would (enc_as_html), and the bytes fed for that are not counted in
 * the offsets.
 */
static void enc_run(struct whatenc_encoder *e, bool fatal, const u8 *in,
		    size_t len, struct fuzz_rng *rng, size_t cap,
		    struct run *r)
{
	u8 scratch[64], *buf = NULL;
	struct whatenc_buf b;
	struct whatenc_error err;
	enum whatenc_ret ret;
	size_t pos = 0, inj = 0;
	bool one = !rng;


	if (one) {
		buf = malloc(cap ? cap : 1);
		FUZZ_CHECK(buf);
	}
	for (;;) {
		size_t left = len - pos, clen;
		bool last;

		if (one) {
			clen = left;
			last = true;
		} else if (!left) {
			clen = 0;
			last = true;
		} else {
			clen = pick_chunk(rng, left);
			last = clen == left && fuzz_rand(rng) % 4;
		}
		b.in = in ? in + pos : NULL;	/* NULL, 0 is valid */
		b.in_pos = 0;
		b.in_size = clen;
		if (one) {
			b.out = buf;
			b.out_pos = 0;
			b.out_size = cap;
		}
		for (;;) {
			size_t ip = b.in_pos;

			if (!one) {
				size_t k = 12 + fuzz_rand(rng) % 53;

				b.out = scratch + sizeof(scratch) - k;
				b.out_pos = 0;
				b.out_size = k;
			}
			ret = whatenc_encode(e, &b, last);
			FUZZ_CHECK(b.in_pos <= clen && b.out_pos <= b.out_size);
			if (!one)
				fuzz_str_add(&r->out, b.out, b.out_pos);
			if (ret == WHATENC_MALFORMED ||
			    ret == WHATENC_UNMAPPABLE) {
				FUZZ_CHECK(fatal);
				err = e->err;
				FUZZ_CHECK(err.offset >= inj);
				err.offset -= inj;
				if (one)
					r->out.len = b.out_pos;
				add_err(r, &err, ret, in, pos + b.in_pos);
				if (ret == WHATENC_MALFORMED)
					inj += 3;
				enc_as_html(e, ret, r, &b, one, rng);
				continue;
			}
			if (ret == WHATENC_INPUT_EMPTY) {
				FUZZ_CHECK(b.in_pos == clen);
				break;
			}
			/* E1: no OUTPUT_FULL with the bound */
			FUZZ_CHECK(ret == WHATENC_OUTPUT_FULL && !one);
			FUZZ_CHECK(b.out_pos > 0 || b.in_pos > ip);
		}
		pos += clen;
		if (last)
			break;
	}
	if (one) {
		r->out.len = 0;
		fuzz_str_add(&r->out, buf, b.out_pos);
		free(buf);
	}
}

/* Single-byte: the code points some byte 0x80..0xFF decodes to. */
static bool sb_encodable(enum whatenc_encoding enc, u32 cp)
{
	static u32 table[WHATENC_NR_ENCODINGS][128];
	static bool done[WHATENC_NR_ENCODINGS];
	int i;

	if (cp < 0x80)
		return true;
	if (!done[enc]) {
		for (i = 0; i < 128; i++) {
			struct fuzz_str o = { 0 };
			u8 byte = 0x80 + i;
			u32 c = 0;

			dec_once(enc, WHATENC_BOM_KEEP, &byte, 1, &o);
			FUZZ_CHECK(fuzz_utf8_next(o.p, o.len, &c, false) ==
				   o.len);
			table[enc][i] = c;	/* U+FFFD: unmapped byte */
			fuzz_str_free(&o);
		}
		done[enc] = true;
	}
	if (cp == 0xfffd)
		return false;
	for (i = 0; i < 128; i++)
		if (table[enc][i] == cp)
			return true;
	return false;
}

/*
 * E6: whether fatal encoding of (well-formed) @in must succeed, or -1
 * when the harness does not know.
 */
static int must_encode(enum whatenc_encoding enc, const u8 *in, size_t len)
{
	size_t i = 0, l;
	u32 cp;

	if (enc != WHATENC_UTF_8 && !is_utf16(enc) &&
	    enc != WHATENC_GB18030 && enc != WHATENC_X_USER_DEFINED &&
	    !is_single_byte(enc))
		return -1;
	while (i < len) {
		l = fuzz_utf8_next(in + i, len - i, &cp, is_utf16(enc));
		if (!l)
			return 0;
		if (enc == WHATENC_GB18030 && cp == 0xe5e5)
			return 0;
		if (enc == WHATENC_X_USER_DEFINED && cp >= 0x80 &&
		    (cp < 0xf780 || cp > 0xf7ff))
			return 0;
		if (is_single_byte(enc) && !sb_encodable(enc, cp))
			return 0;
		i += l;
	}
	return 1;
}

static void fuzz_encode(u8 sel, u8 fl, u8 seed, const u8 *in, size_t len)
{
	enum whatenc_encoding enc = pick_encoding(sel), out_enc;
	unsigned int flags = 0;
	struct whatenc_encoder e;
	struct fuzz_rng rng;
	struct run html, fat, html2, fat2;
	size_t cap;
	int must;

	(void)fl;
	if (FUZZ_FAMILY == F_UTF16)
		flags |= WHATENC_ENC_UTF16;
	out_enc = is_utf16(enc) && (flags & WHATENC_ENC_UTF16) ? enc :
		  whatenc_output_encoding(enc);
	FUZZ_CHECK(!whatenc_encoder_init(&e, enc, flags | WHATENC_ENC_HTML));
	cap = whatenc_encoder_max_out(&e, len);
	run_init(&html);
	run_init(&fat);
	run_init(&html2);
	run_init(&fat2);
	fuzz_rng_init(&rng, seed, len);

	/* E1, E4 (html) */
	enc_run(&e, false, in, len, NULL, cap, &html);
	FUZZ_CHECK(html.out.len <= cap);
	enc_run(&e, false, in, len, &rng, 0, &html2);
	run_same(&html, &html2);
	/* E2, E3, E4 (fatal) */
	FUZZ_CHECK(!whatenc_encoder_init(&e, enc, flags));
	enc_run(&e, true, in, len, NULL, cap, &fat);
	FUZZ_CHECK(str_eq(&fat.out, html.out.p, html.out.len));
	enc_run(&e, true, in, len, &rng, 0, &fat2);
	run_same(&fat, &fat2);

	/* E6 */
	must = must_encode(out_enc, in, len);
	if (must >= 0)
		FUZZ_CHECK(must == !fat.nerr);
	if (out_enc == WHATENC_UTF_8 && !fat.nerr)
		FUZZ_CHECK(str_eq(&html.out, in, len));
	/* E5 */
	if (!fat.nerr) {
		struct fuzz_str d2 = { 0 }, want = { 0 };
		unsigned int dflags = WHATENC_BOM_KEEP;

		if (is_utf16(out_enc))
			dflags |= WHATENC_DEC_WTF8;	/* E6 checked the input */
		else
			FUZZ_CHECK(fuzz_utf8_valid(in, len));
		if ((!is_utf16(out_enc) || fuzz_wtf8_valid(in, len)) &&
		    fold(out_enc, in, len, &want)) {
			dec_once(out_enc, dflags, html.out.p, html.out.len,
				 &d2);
			FUZZ_CHECK(str_eq(&d2, want.p, want.len));
		}
		fuzz_str_free(&d2);
		fuzz_str_free(&want);
	}
	run_free(&html);
	run_free(&fat);
	run_free(&html2);
	run_free(&fat2);
}
#endif

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size < 3)
		return 0;
	whatenc_vec_set_level(data[2] % 3);
#if FUZZ_ENCODE
	fuzz_encode(data[0], data[1], data[2], data + 3, size - 3);
#else
	fuzz_decode(data[0], data[1], data[2], data + 3, size - 3);
#endif
	return 0;
}
