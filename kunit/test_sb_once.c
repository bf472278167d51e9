// SPDX-License-Identifier: GPL-2.0-only
/*
 * test_sb_once.c - the single-byte one-shot lanes and their exits
 *
 * whatenc_name_decode()/whatenc_name_encode() and whatenc_decode_once()/
 * whatenc_encode_once() take a short single-byte input through a lane of
 * their own (single_byte.c: decoding below 16 bytes, encoding below 64),
 * a longer one through the step loops' fast paths. For five encodings
 * (Cyrillic, Thai: 3-byte UTF-8, Hebrew and windows-1252: unmapped
 * bytes), names of every length across both bounds, at every vector
 * level: the empty name; the output full at every size; an unmapped
 * byte (decoding), an unmappable code point or malformed UTF-8
 * (encoding) at every position. Expected values come from
 * $(SHARED)/whatwg/index-*.txt (build/vectors/sb_vectors.h) and the
 * definition of UTF-8: a byte's code point is its pointer's, a code
 * point's byte its first pointer + 0x80.
 */
#include "whatenc.h"
#include "whatenc_names.h"
#include "wt_test.h"
#include "wt_ref.h"
#include "sb_vectors.h"

#define SO_DEC_MAX	40	/* decoder names: 0..SO_DEC_MAX bytes */
#define SO_ENC_MAX	48	/* encoder names: 0..SO_ENC_MAX characters */
#define SO_CAP		256	/* bytes of a name, either form, and more */

/* An encoding's bytes, from its index */
struct so_enc {
	const struct wtv_index *ix;
	u8 mapped[128];		/* non-ASCII bytes, each its cp's first */
	unsigned int nmapped;
	int unmapped;		/* a byte without a code point, or -1 */
	u32 unmappable2;	/* U+0080..U+07FF not in the index */
};

/*
 * A name: the bytes, their UTF-8, and where each character begins; and
 * the buffers and coders of the calls (not on the kernel's stack)
 */
struct so_name {
	u8 in[SO_CAP], u[SO_CAP];
	size_t in_len, u_len;
	size_t u_at[SO_CAP + 1];	/* UTF-8 offset of byte k */
	u8 buf[SO_CAP + 8], out[SO_CAP + 8];
	struct whatenc_decoder d;
	struct whatenc_encoder en;
};

static u32 so_cp(const struct wtv_index *ix, unsigned int b)
{
	return b < 0x80 ? b : sb_cps[ix->off + b - 0x80];
}

static bool so_setup(struct so_enc *e, const struct wtv_index *ix)
{
	unsigned int b, c;
	u32 cp;

	e->ix = ix;
	e->nmapped = 0;
	e->unmapped = -1;
	for (b = 0x80; b < 0x100; b++) {
		cp = so_cp(ix, b);
		if (cp == WTV_NONE) {
			e->unmapped = b;
			continue;
		}
		for (c = 0x80; c < b && so_cp(ix, c) != cp; c++)
			;
		if (c == b)
			e->mapped[e->nmapped++] = b;
	}
	e->unmappable2 = 0;
	for (cp = 0x80; cp < 0x800 && !e->unmappable2; cp++) {
		for (b = 0x80; b < 0x100 && so_cp(ix, b) != cp; b++)
			;
		if (b == 0x100)
			e->unmappable2 = cp;
	}
	return e->nmapped && e->unmappable2;
}

/*
 * A name of @len bytes: ASCII runs of 0-3 bytes between the index's
 * characters, all of them in turn (from @seed).
 */
static void so_build(struct so_name *nm, const struct so_enc *e, size_t len,
		     unsigned int seed)
{
	size_t k;

	nm->u_len = 0;
	for (k = 0; k < len; k++) {
		unsigned int r = (k + seed) * 7 % 11;
		u8 b = r < 4 ? 'a' + r + k % 20 :
			       e->mapped[(k * 13 + seed) % e->nmapped];

		nm->in[k] = b;
		nm->u_at[k] = nm->u_len;
		nm->u_len += wt_utf8(nm->u + nm->u_len, so_cp(e->ix, b));
	}
	nm->u_at[len] = nm->u_len;
	nm->in_len = len;
}

/* Nothing written past @size bytes of @out (filled with 0xA5 first) */
static bool so_untouched(const u8 *out, size_t size)
{
	size_t i;

	for (i = size; i < SO_CAP + 8; i++)
		if (out[i] != 0xa5)
			return false;
	return true;
}

/* whatenc_decode_once() in fatal mode (@b: where it stopped) */
static enum whatenc_ret so_dec(const struct so_enc *e, const u8 *in,
			       size_t len, u8 *out, size_t size,
			       struct whatenc_buf *b, struct whatenc_decoder *d)
{
	*b = (struct whatenc_buf){
		.in = in, .in_size = len, .out = out, .out_size = size,
	};
	return whatenc_decode_once(d, e->ix->enc,
				   WHATENC_BOM_KEEP | WHATENC_DEC_FATAL, b);
}

static enum whatenc_ret so_enc(const struct so_enc *e, const u8 *in,
			       size_t len, u8 *out, size_t size,
			       struct whatenc_buf *b, struct whatenc_encoder *en)
{
	*b = (struct whatenc_buf){
		.in = in, .in_size = len, .out = out, .out_size = size,
	};
	return whatenc_encode_once(en, e->ix->enc, 0, b);
}

/* The decoder: a name whole, into every output size */
static unsigned int so_dec_sizes(const struct so_enc *e, struct so_name *nm)
{
	struct whatenc_decoder *d = &nm->d;
	u8 *out = nm->out;
	struct whatenc_buf b;
	unsigned int fails = 0;
	size_t size, k;
	int r;

	for (size = 0; size <= nm->u_len + 1; size++) {
		memset(out, 0xa5, SO_CAP + 8);
		r = whatenc_name_decode(e->ix->enc, nm->in, nm->in_len, out,
					size, 0);
		if ((size < nm->u_len ? r != -ENAMETOOLONG :
		     r != (int)nm->u_len || memcmp(out, nm->u, r)) ||
		    !so_untouched(out, size))
			fails++;
		/* the characters that fit, whole */
		for (k = 0; k < nm->in_len && nm->u_at[k + 1] <= size; k++)
			;
		memset(out, 0xa5, SO_CAP + 8);
		if (so_dec(e, nm->in, nm->in_len, out, size, &b, d) !=
		    (k == nm->in_len ? WHATENC_INPUT_EMPTY :
				       WHATENC_OUTPUT_FULL) ||
		    b.out_pos != nm->u_at[k] || memcmp(out, nm->u, b.out_pos) ||
		    !so_untouched(out, size))
			fails++;
	}
	return fails;
}

/* The decoder: an unmapped byte inserted at every position */
static unsigned int so_dec_bad(const struct so_enc *e, struct so_name *nm)
{
	struct whatenc_decoder *d = &nm->d;
	u8 *buf = nm->buf, *out = nm->out;
	struct whatenc_buf b;
	unsigned int fails = 0;
	size_t at, n;
	int r;

	if (e->unmapped < 0)
		return 0;
	for (at = 0; at <= nm->in_len; at++) {
		memcpy(buf, nm->in, at);
		buf[at] = e->unmapped;
		memcpy(buf + at + 1, nm->in + at, nm->in_len - at);
		n = nm->in_len + 1;
		if (whatenc_name_decode(e->ix->enc, buf, n, out, SO_CAP, 0) !=
		    -EILSEQ)
			fails++;
		r = whatenc_name_decode(e->ix->enc, buf, n, out, SO_CAP,
					WHATENC_NAME_REPLACE);
		if (r != (int)nm->u_len + 3 ||
		    memcmp(out, nm->u, nm->u_at[at]) ||
		    memcmp(out + nm->u_at[at], "\xef\xbf\xbd", 3) ||
		    memcmp(out + nm->u_at[at] + 3, nm->u + nm->u_at[at],
			   nm->u_len - nm->u_at[at]))
			fails++;
		if (so_dec(e, buf, n, out, SO_CAP, &b, d) !=
		    WHATENC_MALFORMED || d->err.offset != at ||
		    b.out_pos != nm->u_at[at] || memcmp(out, nm->u, b.out_pos))
			fails++;
	}
	return fails;
}

/* The encoder: the UTF-8 of a name whole, into every output size */
static unsigned int so_enc_sizes(const struct so_enc *e, struct so_name *nm)
{
	struct whatenc_encoder *en = &nm->en;
	u8 *out = nm->out;
	struct whatenc_buf b;
	unsigned int fails = 0;
	size_t size;
	int r;

	for (size = 0; size <= nm->in_len + 1; size++) {
		memset(out, 0xa5, SO_CAP + 8);
		r = whatenc_name_encode(e->ix->enc, nm->u, nm->u_len, out,
					size, 0);
		if ((size < nm->in_len ? r != -ENAMETOOLONG :
		     r != (int)nm->in_len || memcmp(out, nm->in, r)) ||
		    !so_untouched(out, size))
			fails++;
		/* one byte a character: @size of them fit */
		memset(out, 0xa5, SO_CAP + 8);
		if (so_enc(e, nm->u, nm->u_len, out, size, &b, en) !=
		    (size >= nm->in_len ? WHATENC_INPUT_EMPTY :
					  WHATENC_OUTPUT_FULL) ||
		    b.out_pos != (size < nm->in_len ? size : nm->in_len) ||
		    memcmp(out, nm->in, b.out_pos) || !so_untouched(out, size))
			fails++;
	}
	return fails;
}

/* Malformed UTF-8 (none of it the start of a good character) */
static const struct {
	const char *s;
	u8 n;
} so_bad_utf8[] = {
	{ "\xff", 1 }, { "\x80", 1 }, { "\xc0\xaf", 2 }, { "\xc1\xbf", 2 },
	{ "\xe0\x80\x80", 3 }, { "\xed\xa0\x80", 3 }, { "\xf5", 1 },
	{ "\xd0", 1 }, { "\xe0\xb8", 2 },
};

/*
 * The encoder: at every character boundary, an unmappable code point
 * (2-byte, 3-byte, 4-byte UTF-8) or malformed UTF-8; the name's
 * bytes before it are written
 */
static unsigned int so_enc_bad(const struct so_enc *e, struct so_name *nm)
{
	struct whatenc_encoder *en = &nm->en;
	u8 *buf = nm->buf, *out = nm->out;
	const u32 cps[] = { e->unmappable2, 0x4e00, 0x1f600 };
	struct whatenc_buf b;
	unsigned int fails = 0, i;
	size_t at, u, n, m;
	enum whatenc_ret ret;

	for (at = 0; at <= nm->in_len; at++) {
		u = nm->u_at[at];
		for (i = 0; i < ARRAY_SIZE(cps) + ARRAY_SIZE(so_bad_utf8); i++) {
			memcpy(buf, nm->u, u);
			if (i < ARRAY_SIZE(cps)) {
				m = wt_utf8(buf + u, cps[i]);
			} else {
				m = so_bad_utf8[i - ARRAY_SIZE(cps)].n;
				memcpy(buf + u,
				       so_bad_utf8[i - ARRAY_SIZE(cps)].s, m);
			}
			memcpy(buf + u + m, nm->u + u, nm->u_len - u);
			n = nm->u_len + m;
			if (whatenc_name_encode(e->ix->enc, buf, n, out, SO_CAP,
						0) != -EILSEQ)
				fails++;
			ret = so_enc(e, buf, n, out, SO_CAP, &b, en);
			if (ret != (i < ARRAY_SIZE(cps) ? WHATENC_UNMAPPABLE :
							  WHATENC_MALFORMED) ||
			    (i < ARRAY_SIZE(cps) && en->err.cp != cps[i]) ||
			    en->err.offset != u || b.out_pos != at ||
			    memcmp(out, nm->in, at))
				fails++;
		}
	}
	return fails;
}

/* Every length of names of @e, at the current vector level */
static unsigned int so_encoding(const struct so_enc *e, struct so_name *nm)
{
	unsigned int fails = 0, seed;
	size_t len;

	for (seed = 0; seed < 2; seed++) {
		for (len = 0; len <= SO_DEC_MAX; len++) {
			so_build(nm, e, len, seed);
			fails += so_dec_sizes(e, nm);
			fails += so_dec_bad(e, nm);
		}
		for (len = 0; len <= SO_ENC_MAX; len++) {
			so_build(nm, e, len, seed);
			fails += so_enc_sizes(e, nm);
			fails += so_enc_bad(e, nm);
		}
	}
	return fails;
}

WT_CASE(sb_once_exits)
{
	static const int encs[] = {
		WHATENC_WINDOWS_1251, WHATENC_KOI8_R, WHATENC_WINDOWS_874,
		WHATENC_ISO_8859_8, WHATENC_WINDOWS_1252,
	};
	struct so_enc *e = WT_ALLOC(sizeof(*e));
	struct so_name *nm = WT_ALLOC(sizeof(*nm));
	unsigned int fails, i, j, levels = 0;
	int level;

	if (!SB_PRESENT)
		WT_SKIP("index files missing (SHARED not found at build time)");
	WT_ASSERT_TRUE(e && nm);
	for (level = WHATENC_VEC_SCALAR; level <= WHATENC_VEC_AVX2; level++) {
		if (whatenc_vec_set_level(level) != level)
			continue;
		levels++;
		for (i = 0; i < ARRAY_SIZE(encs); i++) {
			for (j = 0; j < SB_N_INDEXES; j++)
				if (sb_indexes[j].enc == encs[i])
					break;
			WT_ASSERT_TRUE(j < SB_N_INDEXES);
			WT_ASSERT_TRUE(so_setup(e, &sb_indexes[j]));
			WT_YIELD();
			fails = so_encoding(e, nm);
			if (fails)
				WT_FAIL("%s, vector level %d: %u cases wrong",
					sb_indexes[j].name, level, fails);
		}
	}
	whatenc_vec_set_level(WHATENC_VEC_AUTO);
	WT_NOTE("single-byte one-shot exits at %u vector levels", levels);
	WT_EXPECT_TRUE(levels > 0);
}

WT_SUITE(sb_once,
	 WT_RUN(sb_once_exits));
