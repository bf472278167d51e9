// SPDX-License-Identifier: GPL-2.0-only
/*
 * test_cjk_fast.c - the CJK decoders' fast path (we_dec_fast()) on prose
 * shapes: two-byte characters with short ASCII runs between them (the
 * word-wide copy of a run that ends within its first 8 bytes, and the
 * longer runs), malformed bytes at the edges of the runs, every output
 * size from 0 to past the room the fast path needs, both error modes,
 * at every vector level.
 *
 * Expected values come from the Encoding Standard, not from the code:
 * Shift_JIS 88 EA and EUC-JP B0 EC are index-jis0208.txt pointer 1485,
 * U+4E00; gb18030/GBK D2 BB index-gb18030.txt 15512, U+4E00; Big5 A4 40
 * index-big5.txt 5495, U+4E00; EUC-KR B0 A1 index-euc-kr.txt 9026,
 * U+AC00; gb18030 and EUC-KR A1 A4 (pointer 6179) and Big5 A1 50
 * (5040) U+00B7, a two-byte UTF-8 character; index-jis0208.txt has
 * U+7E8A at pointers 8272 and 10744: EUC-JP F9 A1 (the first pointer),
 * Shift_JIS FA 5C (index Shift_JIS pointer: 8272..8835 left out);
 * byte 0xFF is an error in each of these decoders, and a lead byte
 * followed by '!' (0x21, no trail byte anywhere) is one error and the
 * '!' is read again ("restore to I/O queue").
 */
#include "whatenc.h"
#include "wt_test.h"
#include "wt_util.h"

struct fast_case {
	enum whatenc_encoding enc;
	u8 code[2];	/* a two-byte code ... */
	u32 cp;		/* ... and its code point (index file) */
	u8 code2[2];	/* a code of a two-byte UTF-8 character, or 0 0 */
	u32 cp2;
};

static const struct fast_case fast_cases[] = {
	{ WHATENC_SHIFT_JIS, { 0x88, 0xea }, 0x4e00, { 0xfa, 0x5c }, 0x7e8a },
	{ WHATENC_EUC_JP, { 0xb0, 0xec }, 0x4e00, { 0xf9, 0xa1 }, 0x7e8a },
	{ WHATENC_GBK, { 0xd2, 0xbb }, 0x4e00, { 0xa1, 0xa4 }, 0xb7 },
	{ WHATENC_GB18030, { 0xd2, 0xbb }, 0x4e00, { 0xa1, 0xa4 }, 0xb7 },
	{ WHATENC_BIG5, { 0xa4, 0x40 }, 0x4e00, { 0xa1, 0x50 }, 0xb7 },
	{ WHATENC_EUC_KR, { 0xb0, 0xa1 }, 0xac00, { 0xa1, 0xa4 }, 0xb7 },
};

#define FAST_MAX_IN	64
#define FAST_MAX_OUT	(4 * FAST_MAX_IN + 16)
#define FAST_GUARD	16
/* a failing case: its level, encoding, code count, ASCII run, middle kind, ASCII run */
#define FAST_CASE	"level %d enc %d: %u codes, %u ASCII, middle %d, %u ASCII: size %zu"

/* One input, its expected output (replacement mode) and errors. */
struct fast_input {
	u8 in[FAST_MAX_IN];
	size_t len;
	u8 exp[FAST_MAX_OUT];
	size_t nexp;
	u32 err_off[8];
	unsigned int nerr;
};

static void put_code(const struct fast_case *c, struct fast_input *f,
		     bool second)
{
	const u8 *b = second && c->cp2 ? c->code2 : c->code;

	f->in[f->len++] = b[0];
	f->in[f->len++] = b[1];
	f->nexp += wt_utf8(f->exp + f->nexp, second && c->cp2 ? c->cp2 : c->cp);
}

static void put_ascii(struct fast_input *f, unsigned int n)
{
	while (n--) {
		u8 a = 'a' + f->len % 26;

		f->in[f->len++] = a;
		f->exp[f->nexp++] = a;
	}
}

/* @kind 0: a code; 1: the byte 0xFF; 2: a lead byte and '!' */
static void put_middle(const struct fast_case *c, struct fast_input *f,
		       int kind)
{
	if (!kind) {
		put_code(c, f, true);
		return;
	}
	f->err_off[f->nerr++] = f->len;
	f->in[f->len++] = kind == 1 ? 0xff : c->code[0];
	f->nexp += wt_utf8(f->exp + f->nexp, 0xfffd);
	if (kind == 2) {
		f->in[f->len++] = '!';
		f->exp[f->nexp++] = '!';
	}
}

/*
 * @ncodes codes, @r1 ASCII, the middle (@kind 0: two-byte UTF-8, 1: no
 * form, 2: four-byte UTF-8, 3: 0xFF, 4: a surrogate's bytes ED A0 80,
 * 5: U+00B7 overlong, E0 82 B7, both three U+FFFD (the spec's UTF-8
 * decoder: ED and E0 take no A0 and 82, the others are lone trail
 * bytes), 6: U+20AC, which index gb18030 has and GBK writes as 0x80),
 * @r2 ASCII, 5 codes. Returns the expected output's length before the
 * middle.
 */
static void fast_make(const struct fast_case *c, struct fast_input *f,
		      unsigned int ncodes, unsigned int r1, int kind,
		      unsigned int r2)
{
	unsigned int i;

	f->len = 0;
	f->nexp = 0;
	f->nerr = 0;
	for (i = 0; i < ncodes; i++)
		put_code(c, f, i & 1);
	put_ascii(f, r1);
	put_middle(c, f, kind);
	put_ascii(f, r2);
	put_code(c, f, false);
	put_code(c, f, true);
}

/*
 * One call (@dec: decoding, replacement mode; else encoding, html mode)
 * with exactly @size bytes of output (guard bytes after them must stay),
 * then the rest with room for all: the output must be the expected one,
 * cut anywhere.
 */
static bool fast_sized(const struct fast_case *c, const struct fast_input *f,
		       size_t size, u8 *buf, bool dec)
{
	struct whatenc_decoder d;
	struct whatenc_encoder e;
	struct whatenc_buf b = { .in = f->in, .in_size = f->len, .out = buf,
				 .out_size = size };
	enum whatenc_ret r;
	size_t i;

	memset(buf, 0xa5, size + FAST_GUARD);
	if (dec)
		whatenc_decoder_init(&d, c->enc, WHATENC_BOM_KEEP);
	else
		whatenc_encoder_init(&e, c->enc, WHATENC_ENC_HTML);
	r = dec ? whatenc_decode(&d, &b, true) : whatenc_encode(&e, &b, true);
	for (i = size; i < size + FAST_GUARD; i++)
		if (buf[i] != 0xa5)
			return false;
	if (b.out_pos > size || memcmp(buf, f->exp, b.out_pos))
		return false;
	if (r == WHATENC_INPUT_EMPTY)
		return b.out_pos == f->nexp && b.in_pos == f->len;
	if (r != WHATENC_OUTPUT_FULL || b.out_pos >= f->nexp)
		return false;
	b.out_size = FAST_MAX_OUT;
	r = dec ? whatenc_decode(&d, &b, true) : whatenc_encode(&e, &b, true);
	return r == WHATENC_INPUT_EMPTY && b.out_pos == f->nexp &&
	       !memcmp(buf, f->exp, f->nexp);
}

/* fatal mode, room for all: the errors where the model put them */
static void fast_error(void *ctx, const struct whatenc_error *err,
		       enum whatenc_ret ret)
{
	struct fast_input *got = ctx;

	if (got->nerr < ARRAY_SIZE(got->err_off))
		got->err_off[got->nerr] = err->offset;
	got->nerr++;
}

static bool fast_fatal(const struct fast_case *c, const struct fast_input *f,
		       struct fast_input *got)
{
	struct whatenc_decoder d;
	struct wt_stream s = {
		.grow = true, .error = fast_error, .ctx = got,
		.out = got->exp, .out_cap = sizeof(got->exp),
	};
	unsigned int i;

	got->nerr = 0;
	whatenc_decoder_init(&d, c->enc, WHATENC_BOM_KEEP | WHATENC_DEC_FATAL);
	wt_stream_run(&s, &d, NULL, f->in, f->len);
	if (s.status || got->nerr != f->nerr)
		return false;
	for (i = 0; i < f->nerr; i++)
		if (got->err_off[i] != f->err_off[i])
			return false;
	return true;
}

/* Every shape of fast_make() for @c: the number that failed. */
static unsigned int fast_shapes(struct wt_ctx *wt, const struct fast_case *c,
				int level, struct fast_input *f,
				struct fast_input *got, u8 *buf,
				unsigned int *n)
{
	/* KUnit (QEMU TCG): r2 0, 3, 6, 9 and up to 1 code before */
	const unsigned int nc = WT_HEAVY ? 4 : 2, step = WT_HEAVY ? 1 : 3;
	unsigned int fails = 0, i;

	for (i = 0; i < nc * 12 * 3 * 10; i++) {
		unsigned int ncodes = i / 360, r1 = i / 30 % 12, r2 = i % 10;
		int kind = i / 10 % 3;
		size_t size;
		bool ok = true;

		if (r2 % step)
			continue;
		fast_make(c, f, ncodes, r1, kind, r2);
		for (size = 0; size <= 4 * f->len + 8 && ok; size++)
			ok = fast_sized(c, f, size, buf, true);
		if (ok && !fast_fatal(c, f, got)) {
			size = SIZE_MAX;
			ok = false;
		}
		(*n)++;
		if (!ok && fails++ < 3)
			WT_FAIL("cjk_fast " FAST_CASE,
				level, c->enc, ncodes, r1, kind, r2, size - 1);
	}
	return fails;
}

WT_CASE(cjk_fast_short_runs)
{
	struct fast_input *f = WT_ALLOC(sizeof(*f));
	struct fast_input *got = WT_ALLOC(sizeof(*got));
	u8 *buf = WT_ALLOC(FAST_MAX_OUT + FAST_GUARD);
	unsigned int fails = 0, n = 0, ci;
	int level;

	WT_ASSERT_TRUE(f && got && buf);
	for (level = WHATENC_VEC_SCALAR; level <= WHATENC_VEC_AVX2; level++) {
		if (whatenc_vec_set_level(level) != level) {
			WT_NOTE("cjk_fast: level %d not on this CPU", level);
			continue;
		}
		for (ci = 0; ci < ARRAY_SIZE(fast_cases); ci++) {
			WT_YIELD();
			fails += fast_shapes(wt, &fast_cases[ci], level, f,
					     got, buf, &n);
		}
	}
	whatenc_vec_set_level(WHATENC_VEC_AUTO);
	WT_NOTE("cjk_fast: %u inputs checked", n);
	WT_EXPECT_EQ(fails, 0);
}

/*
 * Shift_JIS katakana bytes (0xA1..0xDF: U+FF61 - 0xA1 + byte, 3 bytes of
 * UTF-8 for 1 of input, the most output per input byte) after 0-2
 * two-byte codes, every output size: the fast path's 4-byte stores must
 * stay inside it also when the output is exactly 3 bytes per byte.
 */
WT_CASE(cjk_fast_katakana)
{
	const struct fast_case *c = &fast_cases[0];
	struct fast_input *f = WT_ALLOC(sizeof(*f));
	u8 *buf = WT_ALLOC(FAST_MAX_OUT + FAST_GUARD);
	unsigned int fails = 0, n, ncodes, i;
	int level;

	WT_ASSERT_TRUE(f && buf);
	for (level = WHATENC_VEC_SCALAR; level <= WHATENC_VEC_AVX2; level++) {
		if (whatenc_vec_set_level(level) != level)
			continue;
		for (ncodes = 0; ncodes < 3; ncodes++)
			for (n = 1; n <= 20; n++) {
				size_t size;

				f->len = 0;
				f->nexp = 0;
				for (i = 0; i < ncodes; i++)
					put_code(c, f, false);
				for (i = 0; i < n; i++) {
					f->in[f->len++] = 0xa1 + i;
					f->nexp += wt_utf8(f->exp + f->nexp,
							   0xff61 + i);
				}
				for (size = 0; size <= 4 * f->len + 8; size++)
					if (!fast_sized(c, f, size, buf, true) &&
					    fails++ < 3)
						WT_FAIL("level %d: %u codes, %u katakana: size %zu",
							level, ncodes, n, size);
			}
	}
	whatenc_vec_set_level(WHATENC_VEC_AUTO);
	WT_EXPECT_EQ(fails, 0);
}

/*
 * The two-byte encoders' fast path (we_enc_fast_two_byte()): the same
 * shapes in UTF-8, html mode, the middle a second character or U+0E01
 * (in none of the indexes: "&#3585;"), every output size. The code
 * points have one pointer each in the indexes (the ones above), but
 * U+7E8A (two in index jis0208: the EUC-JP fast path leaves it to the
 * step).
 */
static void enc_make(const struct fast_case *c, struct fast_input *f,
		     unsigned int ncodes, unsigned int r1, int kind,
		     unsigned int r2)
{
	unsigned int i, k;

	f->len = 0;
	f->nexp = 0;
	for (k = 0; k < ncodes + 4; k++) {
		/* ncodes codes, ASCII, the middle, ASCII, a code */
		bool ascii = k == ncodes || k == ncodes + 2;
		bool second = k == ncodes + 1 || k == ncodes + 4 - 1 || (k & 1);

		if (ascii) {
			put_ascii(f, k == ncodes ? r1 : r2);
			continue;
		}
		if (k == ncodes + 1 && kind) {
			f->len += wt_utf8(f->in + f->len, 0xe01);
			memcpy(f->exp + f->nexp, "&#3585;", 7);
			f->nexp += 7;
			continue;
		}
		f->len += wt_utf8(f->in + f->len, second ? c->cp2 : c->cp);
		for (i = 0; i < 2; i++)
			f->exp[f->nexp++] = second ? c->code2[i] : c->code[i];
	}
}

/*
 * fast_sized() in html mode at every output size up to 8 past the
 * output's length; false (*@size: the first that failed) if one failed
 */
static bool enc_sizes(const struct fast_case *c, const struct fast_input *f,
		      u8 *buf, size_t *size)
{
	for (*size = 0; *size <= f->nexp + 8; (*size)++)
		if (!fast_sized(c, f, *size, buf, false))
			return false;
	return true;
}

WT_CASE(cjk_fast_encode)
{
	struct fast_input *f = WT_ALLOC(sizeof(*f));
	u8 *buf = WT_ALLOC(FAST_MAX_OUT + FAST_GUARD);
	unsigned int fails = 0, n = 0, ci, i;
	int level;

	WT_ASSERT_TRUE(f && buf);
	for (level = WHATENC_VEC_SCALAR; level <= WHATENC_VEC_AVX2; level++) {
		if (whatenc_vec_set_level(level) != level)
			continue;
		for (ci = 0; ci < ARRAY_SIZE(fast_cases); ci++) {
			const struct fast_case *c = &fast_cases[ci];

			if (c->enc == WHATENC_GB18030 || !c->cp2)
				continue;	/* no unmappable U+0E01, no cp2 */
			WT_YIELD();
			for (i = 0; i < 4 * 12 * 2 * 10; i++) {
				unsigned int ncodes = i / 240, r1 = i / 20 % 12;
				unsigned int r2 = i % 10;
				int kind = i / 10 % 2;
				size_t size;
				bool ok;

				enc_make(c, f, ncodes, r1, kind, r2);
				ok = enc_sizes(c, f, buf, &size);
				n++;
				if (!ok && fails++ < 3)
					WT_FAIL("cjk_fast encode " FAST_CASE,
						level, c->enc, ncodes, r1, kind,
						r2, size);
			}
		}
	}
	whatenc_vec_set_level(WHATENC_VEC_AUTO);
	WT_NOTE("cjk_fast: %u encoder inputs checked", n);
	WT_EXPECT_EQ(fails, 0);
}

/*
 * The encoders' word loop (we_enc_fast_words(): GBK, gb18030, Shift_JIS,
 * EUC-JP):
 * codes with an ASCII run of 0-19 bytes before the middle (inside the
 * 8-byte word, at its end, through whole ASCII words), the middle one of
 * a two-byte UTF-8 character, a code point the encoding does not have, a
 * four-byte UTF-8 character or the malformed byte 0xFF, then 0-11 ASCII
 * bytes and codes: long enough for the loop to run and stop at the
 * middle, at the output's end and where the input has fewer than 11
 * bytes left. Every output size in html mode; in fatal mode the error
 * where the middle is. Expected bytes from the index files (as above;
 * U+00A7 is index-jis0208.txt pointer 87: Shift_JIS 81 98, EUC-JP
 * A1 F8; U+FF71, half-width katakana, is Shift_JIS B1 and EUC-JP 8E B1,
 * byte 0xFF71 - 0xFF61 + 0xA1), gb18030 four-byte forms from index gb18030 ranges (U+10000:
 * 90 30 81 30; U+FFFD, what html mode encodes for malformed input:
 * 84 31 A4 37); gb18030 has no form for U+E5E5 only.
 */
struct words_case {
	enum whatenc_encoding enc;
	u32 cp[3];		/* codes, in turn ... */
	const char *code[3];	/* ... and their bytes */
	u32 cp2;		/* a two-byte UTF-8 character */
	const char *code2;
	u32 bad;		/* no form in the encoding */
	const char *bad_html;
	u32 four;		/* a four-byte UTF-8 character */
	const char *four_out;	/* ... html mode */
	const char *fffd_out;	/* U+FFFD, html mode */
	const char *euro_out;	/* U+20AC, html mode */
};

static const struct words_case words_cases[] = {
	{ WHATENC_GBK, { 0x4e00, 0x4e00, 0x4e00 },
	  { "\xd2\xbb", "\xd2\xbb", "\xd2\xbb" }, 0xb7, "\xa1\xa4",
	  0xe01, "&#3585;", 0x20000, "&#131072;", "&#65533;", "\x80" },
	{ WHATENC_GB18030, { 0x4e00, 0x4e00, 0x4e00 },
	  { "\xd2\xbb", "\xd2\xbb", "\xd2\xbb" }, 0xb7, "\xa1\xa4",
	  0xe5e5, "&#58853;", 0x10000, "\x90\x30\x81\x30",
	  "\x84\x31\xa4\x37", "\xa2\xe3" },
	{ WHATENC_SHIFT_JIS, { 0x4e00, 0x7e8a, 0xff71 },
	  { "\x88\xea", "\xfa\x5c", "\xb1" }, 0xa7, "\x81\x98",
	  0xe01, "&#3585;", 0x20000, "&#131072;", "&#65533;", "&#8364;" },
	{ WHATENC_EUC_JP, { 0x4e00, 0x7e8a, 0xff71 },
	  { "\xb0\xec", "\xf9\xa1", "\x8e\xb1" }, 0xa7, "\xa1\xf8",
	  0xe01, "&#3585;", 0x20000, "&#131072;", "&#65533;", "&#8364;" },
};

static void words_put(struct fast_input *f, u32 cp, const char *out)
{
	size_t n = strlen(out);

	f->len += wt_utf8(f->in + f->len, cp);
	memcpy(f->exp + f->nexp, out, n);
	f->nexp += n;
}

/*
 * @ncodes codes, @r1 ASCII, the middle (@kind 0: two-byte UTF-8, 1: no
 * form, 2: four-byte UTF-8, 3: 0xFF, 4: a surrogate's bytes ED A0 80,
 * 5: U+00B7 overlong, E0 82 B7, both three U+FFFD (the spec's UTF-8 decoder: ED
 * and E0 take no A0 and 82, the others are lone trail bytes), 6: U+20AC,
 * which index gb18030 has and GBK writes as 0x80), @r2 ASCII, 5 codes.
 * Returns the expected output's length before the middle.
 */
static size_t words_make(const struct words_case *c, struct fast_input *f,
			 unsigned int ncodes, unsigned int r1, int kind,
			 unsigned int r2)
{
	unsigned int k;
	size_t pre;

	f->len = 0;
	f->nexp = 0;
	for (k = 0; k < ncodes; k++)
		words_put(f, c->cp[k % 3], c->code[k % 3]);
	put_ascii(f, r1);
	pre = f->nexp;
	if (kind == 0) {
		words_put(f, c->cp2, c->code2);
	} else if (kind == 1) {
		words_put(f, c->bad, c->bad_html);
	} else if (kind == 2) {
		words_put(f, c->four, c->four_out);
	} else if (kind == 6) {
		words_put(f, 0x20ac, c->euro_out);
	} else {
		static const char *const bad[] = {
			"\xff", "\xed\xa0\x80", "\xe0\x82\xb7"
		};
		size_t i, n = strlen(bad[kind - 3]);

		memcpy(f->in + f->len, bad[kind - 3], n);
		f->len += n;
		for (i = 0; i < n; i++) {
			memcpy(f->exp + f->nexp, c->fffd_out,
			       strlen(c->fffd_out));
			f->nexp += strlen(c->fffd_out);
		}
	}
	put_ascii(f, r2);
	for (k = 0; k < 5; k++)
		words_put(f, c->cp[(k + 1) % 3], c->code[(k + 1) % 3]);
	return pre;
}

/* fatal mode, room for all: the error at the middle, or none */
static bool words_fatal(const struct words_case *c, const struct fast_input *f,
			int kind, size_t pre, u8 *buf)
{
	struct whatenc_encoder e;
	struct whatenc_buf b = { .in = f->in, .in_size = f->len, .out = buf,
				 .out_size = FAST_MAX_OUT };
	enum whatenc_ret want = WHATENC_INPUT_EMPTY, r;

	if (kind == 1 || (kind == 2 && c->enc != WHATENC_GB18030) ||
	    (kind == 6 && c->euro_out[0] == '&'))
		want = WHATENC_UNMAPPABLE;
	else if (kind >= 3 && kind <= 5)
		want = WHATENC_MALFORMED;
	whatenc_encoder_init(&e, c->enc, 0);
	r = whatenc_encode(&e, &b, true);
	if (r != want)
		return false;
	if (r == WHATENC_INPUT_EMPTY)
		return b.out_pos == f->nexp && !memcmp(buf, f->exp, f->nexp);
	return b.out_pos == pre && !memcmp(buf, f->exp, pre);
}

/* Every shape of words_make() for @c: the number that failed. */
static unsigned int words_shapes(struct wt_ctx *wt, const struct words_case *c,
				 int level, struct fast_input *f, u8 *buf,
				 unsigned int *n)
{
	/* KUnit (QEMU TCG): every fifth shape */
	const unsigned int step = WT_HEAVY ? 1 : 5;
	struct fast_case fc = { .enc = c->enc };
	unsigned int fails = 0, i;

	for (i = 0; i < 5 * 20 * 7 * 12; i += step) {
		unsigned int ncodes = i / 1680, r1 = i / 84 % 20, r2 = i % 12;
		int kind = i / 12 % 7;
		size_t size, pre;
		bool ok;

		pre = words_make(c, f, ncodes, r1, kind, r2);
		ok = enc_sizes(&fc, f, buf, &size);
		if (ok && !words_fatal(c, f, kind, pre, buf)) {
			ok = false;
			size = SIZE_MAX;
		}
		(*n)++;
		if (!ok && fails++ < 3)
			WT_FAIL("cjk_fast words " FAST_CASE,
				level, c->enc, ncodes, r1, kind, r2, size);
	}
	return fails;
}

WT_CASE(cjk_fast_encode_words)
{
	struct fast_input *f = WT_ALLOC(sizeof(*f));
	u8 *buf = WT_ALLOC(FAST_MAX_OUT + FAST_GUARD);
	unsigned int fails = 0, n = 0, ci;
	int level;

	WT_ASSERT_TRUE(f && buf);
	for (level = WHATENC_VEC_SCALAR; level <= WHATENC_VEC_AVX2; level++) {
		if (whatenc_vec_set_level(level) != level)
			continue;
		for (ci = 0; ci < ARRAY_SIZE(words_cases); ci++) {
			WT_YIELD();
			fails += words_shapes(wt, &words_cases[ci], level, f,
					      buf, &n);
		}
	}
	whatenc_vec_set_level(WHATENC_VEC_AUTO);
	WT_NOTE("cjk_fast: %u word-loop encoder inputs checked", n);
	WT_EXPECT_EQ(fails, 0);
}

WT_SUITE(cjk_fast,
	 WT_RUN(cjk_fast_short_runs),
	 WT_RUN(cjk_fast_katakana),
	 WT_RUN(cjk_fast_encode),
	 WT_RUN(cjk_fast_encode_words));
