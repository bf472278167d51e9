// SPDX-License-Identifier: GPL-2.0-only
/*
 * test_oneshot.c - whatenc_decode_once() and whatenc_encode_once()
 *
 * Each must give what the streaming API gives for the same whole buffer:
 * whatenc_decoder_init() or whatenc_encoder_init() and one call with
 * last set, output, positions, result and error record alike, and a
 * coder that goes on as the streaming one does after an error or a full
 * output. Compared on every encoding, at every vector level, for output
 * full at every size, for malformed input inserted at every position,
 * for truncation at every position, and for empty input; the one-shot
 * coders start from garbage (they need no init).
 */
#include "whatenc.h"
#include "wt_test.h"
#include "wt_ref.h"

#define ON_OUT	4096		/* output room: 3 bytes per input byte, and more */
#define ON_IN	1024

/*
 * Prose in many scripts, a half-width katakana, a 4-byte character and
 * U+FFFD: the text of the inputs, as code points (on_setup() makes it
 * UTF-8).
 */
static const u32 on_cps[] = {
	'a', 'b', ' ', '1', '2', ' ', 0xdc, 'n', 0xef, ' ',
	0x420, 0x443, 0x441, ' ', 0x395, 0x3bb, ' ', 0x5e2, 0x5d1, ' ',
	0x639, 0x631, ' ', 0xe44, 0xe17, ' ',
	0x65e5, 0x672c, 0x8a9e, 0x306e, 0x30ab, ' ', 0xff76, 0xff80, ' ',
	0x4e2d, 0x6587, ' ', 0x7e41, ' ', 0xd55c, 0xad6d, 0xc5b4, ' ',
	0x1f600, ' ', 0xfffd, ' ', 'e', 'n', 'd',
};

/* Bytes that are malformed somewhere, and a surrogate's UTF-8 form. */
static const u8 on_bad[][3] = {
	{ 0x80 }, { 0xff }, { 0xa0 }, { 0x8e }, { 0x1b }, { 0xc3 },
	{ 0xed, 0xa0, 0x80 },
};

struct on_ctx {
	struct wt_ctx *wt;
	u8 *in, *o1, *o2;
	u8 *text, *lng, *lng_u;		/* on_decode_enc()'s; the long input */
	size_t lng_u_len;
	size_t in_pos0, out_pos0;	/* where the buffers start (0) */
	size_t last_out;		/* on_run(): the first call's output */
	struct whatenc_decoder d[2];	/* [0]: one-shot, [1]: streaming */
	struct whatenc_encoder e[2];
	u8 sample[4 * ARRAY_SIZE(on_cps)];
	size_t sample_len;
	unsigned int fails, runs, errors;
	int level;
};

static bool on_err_same(const struct whatenc_error *a,
			const struct whatenc_error *b)
{
	return a->offset == b->offset && a->cp == b->cp && a->len == b->len &&
	       !memcmp(a->bytes, b->bytes, sizeof(a->bytes));
}

static bool on_buf_same(const struct whatenc_buf *a, const struct whatenc_buf *b)
{
	return a->in_pos == b->in_pos && a->out_pos == b->out_pos &&
	       !memcmp(a->out, b->out, a->out_pos);
}

static void on_report(struct on_ctx *c, const char *what, int enc,
		      unsigned int flags, size_t len, size_t room, int r1,
		      int r2)
{
	struct wt_ctx *wt = c->wt;

	if (c->fails++ < 10)
		WT_FAIL("%s %s flags %#x level %d: %zu bytes, room %zu: %d vs %d",
			what, whatenc_encoding_name(enc), flags, c->level, len, room,
			r1, r2);
}

static bool on_is_error(enum whatenc_ret r)
{
	return r == WHATENC_MALFORMED || r == WHATENC_UNMAPPABLE;
}

/* Side @i's count of replacements (decoding) or unmappables. */
static u64 on_count(const struct on_ctx *c, bool dec, int i)
{
	return dec ? whatenc_decoder_replacements(&c->d[i]) :
		     whatenc_encoder_unmappables(&c->e[i]);
}

/* A streaming call with last set, on side @i. */
static enum whatenc_ret on_call(struct on_ctx *c, bool dec, int i,
				struct whatenc_buf *b)
{
	return dec ? whatenc_decode(&c->d[i], b, true) :
		     whatenc_encode(&c->e[i], b, true);
}

/*
 * One conversion of @in: side 0 in one shot (its coder garbage before),
 * side 1 by init and whatenc_decode() or whatenc_encode().
 */
static void on_run(struct on_ctx *c, bool dec, int enc, unsigned int flags,
		   const u8 *in, size_t len, size_t room)
{
	const struct whatenc_error *err[2] = {
		dec ? &c->d[0].err : &c->e[0].err,
		dec ? &c->d[1].err : &c->e[1].err,
	};
	struct whatenc_buf b[2];
	enum whatenc_ret r[2];
	bool same;
	int i;

	for (i = 0; i < 2; i++) {
		memset(&b[i], 0, sizeof(b[i]));
		b[i].in = in;
		b[i].in_pos = c->in_pos0;
		b[i].in_size = len;
		b[i].out = i ? c->o2 : c->o1;
		b[i].out_pos = c->out_pos0;
		b[i].out_size = room;
	}
	memset(&c->d[0], 0xa5, sizeof(c->d[0]));
	memset(&c->e[0], 0xa5, sizeof(c->e[0]));
	c->runs++;
	if (dec) {
		r[0] = whatenc_decode_once(&c->d[0], enc, flags, &b[0]);
		r[1] = whatenc_decoder_init(&c->d[1], enc, flags) ?
		       WHATENC_BUF_ERROR : on_call(c, dec, 1, &b[1]);
	} else {
		r[0] = whatenc_encode_once(&c->e[0], enc, flags, &b[0]);
		r[1] = whatenc_encoder_init(&c->e[1], enc, flags) ?
		       WHATENC_BUF_ERROR : on_call(c, dec, 1, &b[1]);
	}
	c->last_out = b[1].out_pos - c->out_pos0;
	same = r[0] == r[1] && on_buf_same(&b[0], &b[1]) &&
	       (r[0] == WHATENC_BUF_ERROR ||
		on_count(c, dec, 0) == on_count(c, dec, 1));
	if (same && on_is_error(r[0])) {
		c->errors++;
		same = on_err_same(err[0], err[1]);
	}
	/* after an error or a full output both go on alike, to the end */
	while (same && (on_is_error(r[0]) || r[0] == WHATENC_OUTPUT_FULL)) {
		for (i = 0; i < 2; i++) {
			b[i].out_size = ON_OUT;
			r[i] = on_call(c, dec, i, &b[i]);
		}
		same = r[0] == r[1] && on_buf_same(&b[0], &b[1]) &&
		       (!on_is_error(r[0]) || on_err_same(err[0], err[1]));
	}
	if (!same)
		on_report(c, dec ? "decode" : "encode", enc, flags, len, room,
			  r[0], r[1]);
}

static void on_decode(struct on_ctx *c, int enc, unsigned int flags,
		      const u8 *in, size_t len, size_t room)
{
	on_run(c, true, enc, flags, in, len, room);
}

static void on_encode(struct on_ctx *c, int enc, unsigned int flags,
		      const u8 *in, size_t len, size_t room)
{
	on_run(c, false, enc, flags, in, len, room);
}

typedef void (*on_fn)(struct on_ctx *c, int enc, unsigned int flags,
		      const u8 *in, size_t len, size_t room);

/*
 * @text (@len bytes) whole with every output size up to what its first
 * call writes (where the output is full, the error or the end comes),
 * truncated at every position, and with each of on_bad inserted at every
 * position, once with room for all and once with room for what comes
 * before the insertion (the output full just before the error).
 */
static void on_sweep(struct on_ctx *c, on_fn fn, int enc, unsigned int flags,
		     const u8 *text, size_t len)
{
	size_t room, p, i, n, full;

	/* every room up to the output of the first stop (end or error) */
	fn(c, enc, flags, text, len, ON_OUT);
	full = c->last_out;
	for (room = 0; room <= full + 1; room++)
		fn(c, enc, flags, text, len, room);
	for (p = 0; p <= len; p++) {
		fn(c, enc, flags, text, p, ON_OUT);
		for (i = 0; i < ARRAY_SIZE(on_bad); i++) {
			n = on_bad[i][1] ? 3 : 1;
			memcpy(c->in, text, p);
			memcpy(c->in + p, on_bad[i], n);
			memcpy(c->in + p + n, text + p, len - p);
			fn(c, enc, flags, c->in, len + n, ON_OUT);
			fn(c, enc, flags, c->in, len + n, p);
		}
	}
}

/*
 * @enc's bytes for @utf8: html mode (an unmappable character becomes
 * ASCII), UTF-16 for UTF-16BE/LE. Returns the length, 0 if none.
 */
static size_t on_bytes(int enc, const u8 *utf8, size_t n, u8 *out,
		       size_t cap)
{
	struct whatenc_encoder e;
	struct whatenc_buf b = { .in = utf8, .in_size = n,
				 .out = out, .out_size = cap };

	if (whatenc_encoder_init(&e, enc, WHATENC_ENC_HTML | WHATENC_ENC_UTF16) ||
	    whatenc_encode(&e, &b, true) != WHATENC_INPUT_EMPTY)
		return 0;
	return b.out_pos;
}

/* A long input: an ASCII run of 200 (the vector paths), then the sample. */
static size_t on_long(const struct on_ctx *c, u8 *buf, size_t cap)
{
	size_t n = 0;

	memset(buf, 'x', 200);
	n = 200;
	while (n + c->sample_len <= cap) {
		memcpy(buf + n, c->sample, c->sample_len);
		n += c->sample_len;
	}
	return n;
}

static struct on_ctx *on_setup(struct wt_ctx *wt)
{
	struct on_ctx *c = WT_ALLOC(sizeof(*c));
	size_t i;

	if (!c)
		return NULL;
	c->wt = wt;
	for (i = 0; i < ARRAY_SIZE(on_cps); i++)
		c->sample_len += wt_utf8(c->sample + c->sample_len, on_cps[i]);
	c->in = WT_ALLOC(ON_IN + 8);
	c->o1 = WT_ALLOC(ON_OUT);
	c->o2 = WT_ALLOC(ON_OUT);
	c->text = WT_ALLOC(ON_IN);
	c->lng = WT_ALLOC(ON_OUT);
	c->lng_u = WT_ALLOC(ON_IN);
	if (!c->in || !c->o1 || !c->o2 || !c->text || !c->lng || !c->lng_u)
		return NULL;
	c->lng_u_len = on_long(c, c->lng_u, ON_IN);
	return c;
}

static bool on_level(struct wt_ctx *wt, struct on_ctx *c, int level)
{
	c->level = level;
	if (whatenc_vec_set_level(level) == level)
		return true;
	WT_NOTE("oneshot: level %d not on this CPU", level);
	return false;
}

/* @fn for the encodings @from..@to - 1 at every vector level the CPU has */
static void on_each(struct wt_ctx *wt, struct on_ctx *c,
		    void (*fn)(struct on_ctx *c, int enc), int from, int to)
{
	int enc, level;

	for (level = WHATENC_VEC_SCALAR; level <= WHATENC_VEC_AVX2; level++) {
		if (!on_level(wt, c, level))
			continue;
		for (enc = from; enc < to; enc++) {
			WT_YIELD();
			fn(c, enc);
		}
	}
	whatenc_vec_set_level(WHATENC_VEC_AUTO);
}

/* @enc's bytes of the sample swept, of the long input at a few sizes */
static void on_decode_enc(struct on_ctx *c, int enc)
{
	struct wt_ctx *wt = c->wt;
	size_t len, llen, room;
	int f;

	len = on_bytes(enc, c->sample, c->sample_len, c->text, ON_IN);
	llen = on_bytes(enc, c->lng_u, c->lng_u_len, c->lng, ON_OUT);
	WT_ASSERT_TRUE(len && len <= ON_IN / 2 && llen);
	for (f = 0; f < 2; f++) {
		unsigned int flags = WHATENC_BOM_KEEP |
				     (f ? WHATENC_DEC_FATAL : 0);

		on_sweep(c, on_decode, enc, flags, c->text, len);
		for (room = 0; room < 3 * llen + 8; room += 61)
			on_decode(c, enc, flags, c->lng, llen, room);
		on_decode(c, enc, flags, c->lng, llen, ON_OUT);
	}
}

/* the sample swept, the long input at a few sizes, in every mode */
static void on_encode_enc(struct on_ctx *c, int enc)
{
	static const unsigned int fl[3] = {
		0, WHATENC_ENC_HTML, WHATENC_ENC_UTF16
	};
	size_t room;
	int f;

	for (f = 0; f < 3; f++) {
		/* UTF-16 output only changes what UTF-16BE/LE write */
		if (fl[f] != WHATENC_ENC_UTF16 || enc == WHATENC_UTF_16BE ||
		    enc == WHATENC_UTF_16LE)
			on_sweep(c, on_encode, enc, fl[f], c->sample,
				 c->sample_len);
		for (room = 0; room < 3 * c->lng_u_len + 8; room += 61)
			on_encode(c, enc, fl[f], c->lng_u, c->lng_u_len, room);
		on_encode(c, enc, fl[f], c->lng_u, c->lng_u_len, ON_OUT);
	}
}

WT_CASE(oneshot_decode)
{
	struct on_ctx *c = on_setup(wt);

	WT_ASSERT_TRUE(c);
	on_each(wt, c, on_decode_enc, 0, WHATENC_NR_ENCODINGS);
	WT_NOTE("oneshot: %u decodes, %u errors", c->runs, c->errors);
	WT_EXPECT_TRUE(c->errors > 1000);
	WT_EXPECT_EQ(c->fails, 0);
}

/*
 * The encoders in three cases of a third of the encodings each: one case
 * of them all ran 86 s in the debug kernel's VM, past its hung-task
 * check (60 s), which watches insmod waiting for the case to end.
 */
static void on_encode_part(struct wt_ctx *wt, int part)
{
	struct on_ctx *c = on_setup(wt);
	int n = WHATENC_NR_ENCODINGS;

	WT_ASSERT_TRUE(c);
	on_each(wt, c, on_encode_enc, n * part / 3, n * (part + 1) / 3);
	WT_NOTE("oneshot: %u encodes, %u errors", c->runs, c->errors);
	WT_EXPECT_TRUE(c->errors > 1000);
	WT_EXPECT_EQ(c->fails, 0);
}

WT_CASE(oneshot_encode_1)
{
	on_encode_part(wt, 0);
}

WT_CASE(oneshot_encode_2)
{
	on_encode_part(wt, 1);
}

WT_CASE(oneshot_encode_3)
{
	on_encode_part(wt, 2);
}

/*
 * What the one-shot path leaves to the streaming one: BOM sniffing and
 * stripping, WTF-8 output, a NULL buffer of size 0; and what it refuses.
 */
WT_CASE(oneshot_other_flags)
{
	static const u8 bom16[] = { 0xff, 0xfe, 'a', 0, 0x00, 0xd8, 'b', 0 };
	static const u8 bom8[] = { 0xef, 0xbb, 0xbf, 'a' };
	struct on_ctx *c = on_setup(wt);
	struct whatenc_decoder d;
	struct whatenc_encoder e;
	struct whatenc_buf b = { 0 };
	unsigned int bom;

	WT_ASSERT_TRUE(c);
	c->level = WHATENC_VEC_AUTO;
	for (bom = 0; bom <= WHATENC_BOM_MASK; bom++) {
		if ((bom & WHATENC_BOM_MASK) != bom)
			continue;
		on_decode(c, WHATENC_UTF_8, bom, bom8, sizeof(bom8), ON_OUT);
		on_decode(c, WHATENC_UTF_16LE, bom, bom16, sizeof(bom16),
			  ON_OUT);
		on_decode(c, WHATENC_WINDOWS_1252, bom, bom8, sizeof(bom8),
			  ON_OUT);
		on_decode(c, WHATENC_UTF_16LE, bom | WHATENC_DEC_WTF8, bom16,
			  sizeof(bom16), ON_OUT);
	}
	/* buffers that start past their beginning, in both directions */
	c->in_pos0 = 2;
	c->out_pos0 = 3;
	for (bom = 0; bom < 8; bom++) {
		size_t room = bom < 4 ? 2 * bom : ON_OUT;

		on_decode(c, WHATENC_SHIFT_JIS, WHATENC_BOM_KEEP |
			  (bom & 1 ? WHATENC_DEC_FATAL : 0), c->sample,
			  c->sample_len, c->out_pos0 + room);
		on_encode(c, WHATENC_EUC_KR, bom & 1 ? WHATENC_ENC_HTML : 0,
			  c->sample, c->sample_len, c->out_pos0 + room);
	}
	c->in_pos0 = 0;
	c->out_pos0 = 0;
	WT_EXPECT_EQ(c->fails, 0);
	/* no input at all, not even a buffer: nothing to do */
	WT_EXPECT_EQ(whatenc_decode_once(&d, WHATENC_SHIFT_JIS, WHATENC_BOM_KEEP,
					 &b), WHATENC_INPUT_EMPTY);
	WT_EXPECT_EQ(whatenc_encode_once(&e, WHATENC_ISO_2022_JP, 0, &b),
		     WHATENC_INPUT_EMPTY);
	WT_EXPECT_EQ(b.out_pos, 0);
	/* what init refuses */
	WT_EXPECT_EQ(whatenc_decode_once(&d, WHATENC_NR_ENCODINGS,
					 WHATENC_BOM_KEEP, &b),
		     WHATENC_BUF_ERROR);
	WT_EXPECT_EQ(whatenc_decode_once(&d, WHATENC_UTF_8, 0x80, &b),
		     WHATENC_BUF_ERROR);
	WT_EXPECT_EQ(whatenc_decode_once(&d, WHATENC_UTF_8,
					 WHATENC_BOM_KEEP | WHATENC_DEC_WTF8,
					 &b), WHATENC_BUF_ERROR);
	WT_EXPECT_EQ(whatenc_encode_once(&e, WHATENC_NR_ENCODINGS, 0, &b),
		     WHATENC_BUF_ERROR);
	WT_EXPECT_EQ(whatenc_encode_once(&e, WHATENC_UTF_8, 0x80, &b),
		     WHATENC_BUF_ERROR);
}

WT_SUITE(oneshot,
	 WT_RUN(oneshot_decode),
	 WT_RUN(oneshot_encode_1),
	 WT_RUN(oneshot_encode_2),
	 WT_RUN(oneshot_encode_3),
	 WT_RUN(oneshot_other_flags));
