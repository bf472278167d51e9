// SPDX-License-Identifier: GPL-2.0-only
/*
 * test_sb_encode.c - the single-byte encoders on mixed text
 *
 * The encoders' fast path (single_byte.c, sb_encode_run()) reads 2- and
 * 3-byte UTF-8 sequences straight into the page table and bounds each
 * run by the output room. For each of the 28 indexes, a text of ASCII
 * runs, runs of the index's letters, unmappable code points (around the
 * pages and WE_SB_PAGE_LIMIT, 4-byte ones) and malformed UTF-8 (overlong
 * C0/C1 and E0 80-9F, surrogates, truncated sequences, lone trail bytes)
 * must encode to the bytes derived from $(SHARED)/whatwg/index-*.txt
 * (build/vectors/sb_vectors.h): the first pointer + 0x80 of each code
 * point, "&#N;" for the unmappable ones and "&#65533;" for each maximal
 * subpart of malformed input in html mode, the errors in order at their
 * offsets in fatal mode. With the output full at every position, with
 * small output buffers and with the input cut at every position. Then
 * texts of the block kernels' shapes, and of runs of 3-byte letters
 * (windows-874's Thai letters: sb_enc3_lead_run()).
 */
#include "whatenc.h"
#include "wt_test.h"
#include "wt_util.h"
#include "sb_vectors.h"

#define MIX_IN	(WT_HEAVY ? 1500 : 400)	/* input bytes per encoding */
#define MIX_MAX	1600	/* input bytes of the longest text (MIX_IN, BLK_...) */
#define MIX_CAP	16384
#define MIX_EVENTS 512

/* Malformed UTF-8 and what the UTF-8 decoder makes of it. */
static const struct {
	const char *s;
	u8 n;		/* bytes */
	u8 parts[3];	/* lengths of its maximal subparts (0: end) */
	u8 tail;	/* bytes after them that are a good character */
} bad_utf8[] = {
	{ "\xc0\xaf", 2, { 1, 1 }, 0 },
	{ "\xc1\xbf", 2, { 1, 1 }, 0 },
	{ "\xe0\x80\x80", 3, { 1, 1, 1 }, 0 },
	{ "\xe0\x9f\xbf", 3, { 1, 1, 1 }, 0 },
	{ "\xe0\x83\x80", 3, { 1, 1, 1 }, 0 },	/* U+00C0 */
	{ "\xe0\x90\x90", 3, { 1, 1, 1 }, 0 },	/* U+0410 */
	{ "\xe0\x99\x80", 3, { 1, 1, 1 }, 0 },	/* U+0640 */
	{ "\xe0\x82\xa0", 3, { 1, 1, 1 }, 0 },	/* U+00A0 */
	{ "\xed\xa0\x80", 3, { 1, 1, 1 }, 0 },
	{ "\xd0x", 2, { 1 }, 1 },
	{ "\xd0\xd0\x90", 3, { 1 }, 2 },
	{ "\xe0\xb8x", 3, { 2 }, 1 },
	{ "\xe0\xb8\xd0\xb0", 4, { 2 }, 2 },
	{ "\xf0\x90\x80x", 4, { 3 }, 1 },
	{ "\x80", 1, { 1 }, 0 },
	{ "\xbf", 1, { 1 }, 0 },
	{ "\xf5", 1, { 1 }, 0 },
	{ "\xff", 1, { 1 }, 0 },
};

/* Code points at the edges of the encoder's pages and tables. */
static const u32 edge_cps[] = {
	0x80, 0xbf, 0xc0, 0xff, 0x100, 0x7ff, 0x800, 0x801, 0xe00, 0xe01,
	0xe3f, 0xe5b, 0xe7f, 0x2013, 0x20ac, 0x2116, 0x2122, 0x25a0, 0x25ff,
	0x2600, 0x2601, 0xf8ff, 0xfb01, 0xfb02, 0xfffd, 0xffff, 0x10000,
	0x10ffff,
};

/* fatal mode: an error */
struct mix_ev {
	u64 offset;
	u32 cp;		/* 0: malformed */
	size_t plain;	/* output before it */
};

struct mix {
	u8 in[MIX_MAX + 16], html[MIX_CAP], plain[MIX_MAX + 16];
	u8 out[MIX_CAP + 16];
	size_t n, nhtml, nplain;
	struct mix_ev ev[MIX_EVENTS];	/* in order */
	unsigned int nev;
	u16 rev[0x10000];	/* BMP: 0 = unmappable, else 0x100 | byte */
	u32 two[128];		/* BLK_TWO's letters */
	unsigned int ntwo;
	u32 lead2;		/* the first of their two leads' pages */
	u32 three[128];		/* R3's letters: the 3-byte ones */
	unsigned int nthree;
};

static u32 mix_rand(u32 *s)
{
	*s = *s * 1103515245u + 12345u;
	return *s >> 8;
}

/* One code point: its bytes, and in html mode its byte or "&#N;". */
static void mix_cp(struct mix *m, u32 cp)
{
	u32 byte = cp < 0x80 ? 0x100 | cp : cp < 0x10000 ? m->rev[cp] : 0;

	if (!byte && m->nev < MIX_EVENTS)
		m->ev[m->nev++] = (struct mix_ev){ m->n, cp, m->nplain };
	m->n += wt_utf8(m->in + m->n, cp);
	if (byte) {
		m->html[m->nhtml++] = byte & 0xff;
		m->plain[m->nplain++] = byte & 0xff;
	} else {
		m->nhtml += wt_ncr(m->html + m->nhtml, cp);
	}
}

static void mix_bad(struct mix *m, unsigned int i)
{
	size_t off = m->n;
	unsigned int p;

	for (p = 0; p < 3 && bad_utf8[i].parts[p]; p++) {
		if (m->nev < MIX_EVENTS)
			m->ev[m->nev++] = (struct mix_ev){ off, 0, m->nplain };
		off += bad_utf8[i].parts[p];
		m->nhtml += wt_ncr(m->html + m->nhtml, 0xfffd);
	}
	memcpy(m->in + m->n, bad_utf8[i].s, bad_utf8[i].n);
	m->n += bad_utf8[i].n;
	/* the good character after: ASCII, or the index's U+0430 */
	if (bad_utf8[i].tail == 1) {
		m->html[m->nhtml++] = 'x';
		m->plain[m->nplain++] = 'x';
	} else if (bad_utf8[i].tail) {
		m->n -= 2;
		mix_cp(m, 0x400 | ((u8)bad_utf8[i].s[bad_utf8[i].n - 1] & 0x3f));
	}
}

/* The index's code points in @m->rev[]. */
static void mix_rev(struct mix *m, const struct wtv_index *ix)
{
	int k;

	memset(m->rev, 0, sizeof(m->rev));
	for (k = 127; k >= 0; k--) {
		u32 cp = sb_cps[ix->off + k];

		if (cp != WTV_NONE && cp < 0x10000)
			m->rev[cp] = 0x100 | (0x80 + k);
	}
}

/* The text of index @ix: random tokens until MIX_IN bytes. */
static void mix_build(struct mix *m, const struct wtv_index *ix, u32 seed)
{
	u32 s = seed, cp;

	mix_rev(m, ix);
	m->n = m->nhtml = m->nplain = 0;
	m->nev = 0;
	while (m->n < MIX_IN - 48) {
		u32 r = mix_rand(&s), len, i;

		switch (r % 16) {
		case 0 ... 4:	/* ASCII: mostly one byte, up to 40 */
			len = r & 0x100 ? 1 : 1 + (r >> 9) % 40;
			for (i = 0; i < len; i++)
				mix_cp(m, 0x20 + (r + i * 7) % 0x5f);
			break;
		case 5 ... 10:	/* the index's characters, 1 to 8 */
			len = 1 + (r >> 4) % 8;
			for (i = 0; i < len; i++) {
				do
					cp = sb_cps[ix->off + mix_rand(&s) % 128];
				while (cp == WTV_NONE);
				mix_cp(m, cp);
			}
			break;
		case 11:	/* near the index's code points */
			do
				cp = sb_cps[ix->off + mix_rand(&s) % 128];
			while (cp == WTV_NONE);
			cp = cp + (r >> 4) % 5 - 2;
			mix_cp(m, cp < 0xd800 || cp > 0xdfff ? cp : 0xd7ff);
			break;
		case 12:
		case 13:
			mix_cp(m, edge_cps[(r >> 4) % ARRAY_SIZE(edge_cps)]);
			break;
		default:
			mix_bad(m, (r >> 4) % ARRAY_SIZE(bad_utf8));
			break;
		}
	}
}

/* @room, or less at the end of the output */
static size_t mix_room(size_t room, size_t outn)
{
	return room < MIX_CAP - outn ? room : MIX_CAP - outn;
}

/* Encode in[from..n) in calls of at most @room output bytes. */
static enum whatenc_ret mix_rest(struct whatenc_encoder *e, struct mix *m,
				 size_t from, size_t *outn, size_t room)
{
	enum whatenc_ret ret;

	do {
		struct whatenc_buf b = { m->in, from, m->n, m->out + *outn, 0,
					 mix_room(room, *outn) };

		ret = whatenc_encode(e, &b, true);
		from = b.in_pos;
		*outn += b.out_pos;
	} while (ret == WHATENC_OUTPUT_FULL);
	return ret;
}

/* Did the calls end with the whole html mode output? */
static bool mix_html_done(const struct mix *m, enum whatenc_ret ret,
			  size_t outn)
{
	return ret == WHATENC_INPUT_EMPTY && outn == m->nhtml &&
	       !memcmp(m->out, m->html, outn);
}

/*
 * html mode: one call, and with @every the output full at every position
 * first, then small output buffers all the way.
 */
static int mix_html(struct mix *m, int enc, bool every)
{
	struct whatenc_encoder e;
	enum whatenc_ret ret;
	size_t s, outn;
	int bad = 0;

	for (s = every ? 0 : m->nhtml + 1; s <= m->nhtml + 1; s++) {
		struct whatenc_buf b = { m->in, 0, m->n, m->out, 0, s };

		whatenc_encoder_init(&e, enc, WHATENC_ENC_HTML);
		memset(m->out, 0xaa, m->nhtml + 16);
		ret = whatenc_encode(&e, &b, true);
		/* a unit ("&#65533;", 8 bytes) is never split */
		if (m->out[s] != 0xaa || b.out_pos > s || b.out_pos + 10 < s ||
		    memcmp(m->out, m->html, b.out_pos) ||
		    ret != (s < m->nhtml ? WHATENC_OUTPUT_FULL :
			    WHATENC_INPUT_EMPTY)) {
			bad++;
			continue;
		}
		outn = b.out_pos;
		ret = mix_rest(&e, m, b.in_pos, &outn, MIX_CAP);
		bad += !mix_html_done(m, ret, outn);
	}
	/* small output buffers all the way, from the largest unit up */
	for (s = 10; every && s <= 40; s++) {
		whatenc_encoder_init(&e, enc, WHATENC_ENC_HTML);
		outn = 0;
		ret = mix_rest(&e, m, 0, &outn, s);
		bad += !mix_html_done(m, ret, outn);
	}
	return bad;
}

/* html mode, the input in two calls cut at every position */
static int mix_cuts(struct mix *m, int enc)
{
	struct whatenc_encoder e;
	enum whatenc_ret ret;
	size_t cut, outn;
	int bad = 0;

	for (cut = 0; cut <= m->n; cut++) {
		struct whatenc_buf b = { m->in, 0, cut, m->out, 0, MIX_CAP };

		whatenc_encoder_init(&e, enc, WHATENC_ENC_HTML);
		if (whatenc_encode(&e, &b, false) != WHATENC_INPUT_EMPTY ||
		    b.in_pos != cut) {
			bad++;
			continue;
		}
		outn = b.out_pos;
		ret = mix_rest(&e, m, cut, &outn, MIX_CAP);
		bad += !mix_html_done(m, ret, outn);
	}
	return bad;
}

/* fatal mode: the errors in order, output in calls of @room bytes */
static int mix_fatal(struct mix *m, int enc, size_t room)
{
	struct whatenc_encoder e;
	enum whatenc_ret ret;
	size_t from = 0, outn = 0;
	unsigned int i = 0;

	whatenc_encoder_init(&e, enc, 0);
	for (;;) {
		struct whatenc_buf b = { m->in, from, m->n, m->out + outn, 0,
					 mix_room(room, outn) };

		ret = whatenc_encode(&e, &b, true);
		from = b.in_pos;
		outn += b.out_pos;
		if (ret == WHATENC_OUTPUT_FULL)
			continue;
		if (ret == WHATENC_INPUT_EMPTY)
			break;
		if (i >= m->nev || outn != m->ev[i].plain ||
		    e.err.offset != m->ev[i].offset ||
		    ret != (m->ev[i].cp ? WHATENC_UNMAPPABLE :
			    WHATENC_MALFORMED) ||
		    (m->ev[i].cp && e.err.cp != m->ev[i].cp))
			return 1;
		i++;
	}
	return i != m->nev || outn != m->nplain ||
	       memcmp(m->out, m->plain, outn);
}

WT_CASE(sb_encode_mixed)
{
	struct mix *m = WT_ALLOC(sizeof(*m));
	static const size_t rooms[] = { 1, 2, 3, 7, 64, MIX_CAP };
	unsigned int r, texts = 0, evs = 0;
	int i, seed;

	if (!SB_PRESENT)
		WT_SKIP("index files missing (SHARED not found at build time)");
	for (i = 0; i < SB_N_INDEXES; i++) {
		const struct wtv_index *ix = &sb_indexes[i];
		int bad = 0;

		for (seed = 0; seed < 2; seed++) {
			WT_YIELD();
			mix_build(m, ix, 2 * i + seed + 1);
			if (m->nev >= MIX_EVENTS) {
				WT_FAIL("%s: too many errors for the test",
					ix->name);
				continue;
			}
			bad += mix_html(m, ix->enc, true);
			bad += mix_cuts(m, ix->enc);
			for (r = 0; r < ARRAY_SIZE(rooms); r++)
				bad += mix_fatal(m, ix->enc, rooms[r]);
			texts++;
			evs += m->nev;
		}
		if (bad)
			WT_FAIL("%s: %d mixed-text runs differ", ix->name, bad);
	}
	WT_NOTE("single-byte encode: %u mixed texts, %u errors in them",
		texts, evs);
}

/*
 * The block kernel (32 bytes a block, 64 bytes of input and of output
 * room): texts of well-formed prose, sparse (ASCII words and single
 * letters, as Latin prose, 3-byte ones among them), dense (runs of
 * letters, single spaces, as Cyrillic or Thai: the steps' loop) or dense
 * for BLK_DENSE bytes and then sparse (back to the blocks, SB_BACK bytes
 * after they stopped), with an ASCII run of BLK_LONG bytes now and then,
 * and one bad token (an unmappable code point or malformed UTF-8) at the
 * first character boundary from each of BLK_AT byte offsets (from 0, or
 * BLK_DENSE on), so that it falls at every position of a block and
 * across block edges whatever the blocks' starts. And for the AVX2
 * kernel (vec_sb_x86.c: ASCII and 2-byte sequences of two leads a
 * block), dense texts of BLK_TWO_IN bytes whose letters are
 * those of the two 2-byte leads with the most letters in the index
 * (Cyrillic, Greek, Arabic, Hebrew letters; Latin ones of C2 and C3),
 * the unmappable 2-byte code point one of the first lead's if it has
 * one: leads at every position of a block, the bad token at each from 0.
 */
#define BLK_IN		240	/* input bytes a text, after the dense part */
#define BLK_AT		100	/* offsets tried for the bad token */
#define BLK_LONG	20
#define BLK_DENSE	1200	/* dense bytes before the sparse ones */
/* BLK_TWO's: the kernel's 256 bytes (WE_VEC_MIN) left after the token */
#define BLK_TWO_IN	512

static_assert(BLK_DENSE + BLK_IN <= MIX_MAX, "text buffer size");

/* the texts: sparse, dense, dense and then sparse, dense of two leads */
enum { BLK_SPARSE, BLK_ALL_DENSE, BLK_BACK, BLK_TWO, BLK_SHAPES };

/* what goes at the offset: an unmappable code point or malformed UTF-8 */
enum { BLK_UNMAP2, BLK_UNMAP3, BLK_FOUR, BLK_MALFORMED, BLK_KINDS };

/* A code point of @lo..@hi not in the index (0: none). */
static u32 blk_unmapped(const struct mix *m, u32 lo, u32 hi)
{
	u32 cp;

	for (cp = lo; cp <= hi; cp++)
		if (!m->rev[cp])
			return cp;
	return 0;
}

/* One of the index's characters, at random. */
static u32 blk_letter(const struct wtv_index *ix, u32 *s)
{
	u32 cp;

	do
		cp = sb_cps[ix->off + mix_rand(s) % 128];
	while (cp == WTV_NONE || cp >= 0x10000);
	return cp;
}

/* BLK_TWO's letters: those of the two 2-byte leads with the most. */
static void blk_two(struct mix *m, const struct wtv_index *ix)
{
	unsigned int count[32] = { 0 }, k, l1 = 0, l2 = 1;
	u32 cp;

	for (k = 0; k < 128; k++) {
		cp = sb_cps[ix->off + k];
		if (cp != WTV_NONE && cp >= 0x80 && cp < 0x800)
			count[cp >> 6]++;
	}
	for (k = 0; k < 32; k++) {
		if (count[k] > count[l1]) {
			l2 = l1;
			l1 = k;
		} else if (k != l1 && count[k] > count[l2]) {
			l2 = k;
		}
	}
	m->ntwo = 0;
	for (k = 0; k < 128; k++) {
		cp = sb_cps[ix->off + k];
		if (cp != WTV_NONE && (cp >> 6 == l1 || cp >> 6 == l2))
			m->two[m->ntwo++] = cp;
	}
	m->lead2 = l1 << 6;
}

/* The bad token of @kind (the texts of @shape), its @variant. */
static void blk_token(struct mix *m, int shape, int kind,
		      unsigned int variant)
{
	u32 cp;

	switch (kind) {
	case BLK_UNMAP2:
		cp = shape == BLK_TWO ?
		     blk_unmapped(m, m->lead2, m->lead2 + 63) : 0;
		mix_cp(m, cp ? cp : blk_unmapped(m, 0x100, 0x7ff));
		break;
	case BLK_UNMAP3:
		mix_cp(m, blk_unmapped(m, 0x800 + variant, 0x25ff));
		break;
	case BLK_FOUR:
		mix_cp(m, 0x1f600 + variant);
		break;
	default:
		mix_bad(m, variant % ARRAY_SIZE(bad_utf8));
		break;
	}
}

/* The text of @shape, @kind at the boundary from @at. */
static void blk_build(struct mix *m, const struct wtv_index *ix, int shape,
		      u32 seed, size_t at, int kind, unsigned int variant)
{
	size_t size = shape == BLK_BACK ? BLK_DENSE + BLK_IN :
		      shape == BLK_TWO ? BLK_TWO_IN : BLK_IN;
	u32 s = seed, r, i, len;
	bool put = false, dense;

	m->n = m->nhtml = m->nplain = 0;
	m->nev = 0;
	while (m->n < size - 48) {
		if (!put && m->n >= at) {
			put = true;
			blk_token(m, shape, kind, variant);
			continue;
		}
		r = mix_rand(&s);
		if (r % 16 == 0) {		/* a long ASCII run */
			for (i = 0; i < BLK_LONG; i++)
				mix_cp(m, 'a' + (r + i) % 26);
			continue;
		}
		dense = shape == BLK_ALL_DENSE || shape == BLK_TWO ||
			(shape == BLK_BACK && m->n < BLK_DENSE);
		len = dense ? 2 + (r >> 4) % 7 :
			      1 + (r >> 4) % (r & 0x100 ? 2 : 1);
		for (i = 0; i < len; i++)
			mix_cp(m, shape == BLK_TWO && m->ntwo ?
			       m->two[mix_rand(&s) % m->ntwo] :
			       blk_letter(ix, &s));
		len = dense ? 1 : 1 + (r >> 8) % 9;
		for (i = 0; i < len; i++)
			mix_cp(m, i ? 'a' + (r + i) % 26 : ' ');
	}
}

/* The texts of index @i; returns how many runs differ. */
static int blk_index(struct mix *m, int i, unsigned int *texts,
		     unsigned int *evs)
{
	static const size_t rooms[] = { 7, 64, 65, 100, MIX_CAP };
	const struct wtv_index *ix = &sb_indexes[i];
	unsigned int r, kind;
	int bad = 0, shape;
	size_t at;

	mix_rev(m, ix);
	blk_two(m, ix);
	for (shape = 0; shape < BLK_SHAPES; shape++) {
		size_t from = shape == BLK_BACK ? BLK_DENSE : 0;

		for (kind = 0; kind < BLK_KINDS; kind++) {
			for (at = from; at < from + BLK_AT; at++) {
				/* output full, input cut: every 23rd short */
				bool every = !from && at % 23 == 0;

				blk_build(m, ix, shape, 7 * i + shape + 1, at,
					  kind, at + i);
				bad += mix_html(m, ix->enc, every);
				if (every)
					bad += mix_cuts(m, ix->enc);
				for (r = 0; r < ARRAY_SIZE(rooms); r++)
					bad += mix_fatal(m, ix->enc, rooms[r]);
				(*texts)++;
				*evs += m->nev;
			}
		}
	}
	return bad;
}

/*
 * Runs of 3-byte letters: windows-874's Thai letters (and its quotes,
 * dashes, euro sign: E2 80-8F), which sb_enc3_lead_run() takes four a
 * step (12 bytes tested at once, four bytes stored before the test for
 * an unmapped one), then one a step, with a single ASCII byte between
 * two runs; and the other indexes' 3-byte letters (sb_enc3_run(): two a
 * step). Texts of R3_IN bytes: runs of 1 to 40 of the index's 3-byte
 * letters (half of them of one lead, so that E2 runs are taken four a
 * step too), between them a space, a line's end, an ASCII word, a 2-byte
 * letter or nothing (a lead change), and one bad token at the first
 * character boundary from each of R3_AT offsets, so that it falls at
 * every position of a step whatever the runs' starts: an unmappable
 * 3-byte code point (r3_unmapped(): in a page of the index's letters and
 * in the E0, E1 and E2 pages below WE_SB_PAGE_LIMIT, which each lead's
 * masks pass to the page table, which has no byte for it, and past the
 * limit, which they must not pass), an unmappable 2-byte or
 * 4-byte one, malformed UTF-8 (overlong E0 80-9F, a surrogate, a cut
 * sequence). html mode with the output full at every position and the
 * input cut at every position (every R3_EVERY-th offset, all of them
 * for windows-874), fatal mode in calls of several sizes, and the
 * one-shot entry (whatenc_encode_once()).
 */
#define R3_IN		240
#define R3_AT		120
#define R3_EVERY	23

/*
 * The unmappable 3-byte code point of the tokens, @variant's: in the
 * page of one of the letters, in U+0800-083F (E0 A0), U+1E00-1E3F (E1
 * B8), U+2100-213F (E2 84), U+25C0-25FF (E2 97, the last page below
 * WE_SB_PAGE_LIMIT) or in one of the pages U+2600-27FF (E2 98-9F, past
 * it), from a code point of the page on
 */
static u32 r3_unmapped(const struct mix *m, unsigned int variant)
{
	static const u32 from[] = { 0, 0x800, 0x1e00, 0x2100, 0x25c0, 0x2600 };
	u32 lo = from[variant % ARRAY_SIZE(from)], cp;

	if (!lo)
		lo = m->three[variant % m->nthree] & ~0x3fu;
	else if (lo == 0x2600)
		lo += 0x40 * (variant / 8 % 8);
	cp = blk_unmapped(m, lo + variant / 4 % 64, lo + 0x3f);
	if (!cp)
		cp = blk_unmapped(m, lo, lo + 0x3f);
	return cp ? cp : blk_unmapped(m, 0x800, 0xffff);
}

/* r3_build()'s text so far and its token */
struct r3_text {
	struct mix *m;
	size_t at;
	int kind;
	unsigned int variant;
	bool put;
};

/* @cp, after the token if it is due (the first boundary from @t->at) */
static void r3_cp(struct r3_text *t, u32 cp)
{
	if (!t->put && t->m->n >= t->at) {
		t->put = true;
		if (t->kind == BLK_UNMAP3)
			mix_cp(t->m, r3_unmapped(t->m, t->variant));
		else
			blk_token(t->m, BLK_ALL_DENSE, t->kind, t->variant);
	}
	mix_cp(t->m, cp);
}

/* The text, @kind at the boundary from @at (in a run or between two). */
static void r3_build(struct mix *m, u32 seed, size_t at, int kind,
		     unsigned int variant)
{
	struct r3_text t = { m, at, kind, variant, false };
	u32 s = seed, r, i, len, cp, lead;

	m->n = m->nhtml = m->nplain = 0;
	m->nev = 0;
	while (m->n < R3_IN - 48) {
		r = mix_rand(&s);
		len = r % 8 == 0 ? 1 + (r >> 3) % 3 : 4 + (r >> 3) % 37;
		/* with r & 0x100, all of the first or the last letter's lead */
		lead = m->three[r & 0x200 ? 0 : m->nthree - 1] >> 12;
		for (i = 0; i < len; i++) {
			unsigned int tries = 0;

			do
				cp = m->three[mix_rand(&s) % m->nthree];
			while ((r & 0x100) && cp >> 12 != lead && ++tries < 64);
			r3_cp(&t, cp);
		}
		switch (r >> 10 & 7) {
		case 0 ... 3:
			r3_cp(&t, ' ');
			break;
		case 4:
			r3_cp(&t, '\n');
			break;
		case 5:
			for (i = 0; i < 2 + (r >> 13) % 6; i++)
				r3_cp(&t, 'a' + (r + i) % 26);
			break;
		case 6:
			r3_cp(&t, m->ntwo ? m->two[(r >> 13) % m->ntwo] : ' ');
			break;
		default:	/* the next run right after */
			break;
		}
	}
}

/* The one-shot entry: the whole text, then the output full at @every */
static int r3_once(struct mix *m, int enc, bool every)
{
	struct whatenc_encoder e;
	enum whatenc_ret ret;
	size_t s;
	int bad = 0;

	for (s = every ? 0 : m->nhtml; s <= m->nhtml; s++) {
		struct whatenc_buf b = { m->in, 0, m->n, m->out, 0, s };

		memset(m->out, 0xaa, m->nhtml + 16);
		ret = whatenc_encode_once(&e, enc, WHATENC_ENC_HTML, &b);
		if (m->out[s] != 0xaa || b.out_pos > s || b.out_pos + 10 < s ||
		    memcmp(m->out, m->html, b.out_pos) ||
		    ret != (s < m->nhtml ? WHATENC_OUTPUT_FULL :
			    WHATENC_INPUT_EMPTY))
			bad++;
	}
	return bad;
}

/* The texts of index @i; returns how many runs differ. */
static int r3_index(struct mix *m, int i, unsigned int *texts,
		    unsigned int *evs)
{
	static const size_t rooms[] = { 1, 7, 64, 65, 100, MIX_CAP };
	const struct wtv_index *ix = &sb_indexes[i];
	bool thai = ix->enc == WHATENC_WINDOWS_874;
	unsigned int r, kind, k;
	int bad = 0;
	size_t at;
	u32 cp;

	mix_rev(m, ix);
	blk_two(m, ix);
	m->nthree = 0;
	for (k = 0; k < 128; k++) {
		cp = sb_cps[ix->off + k];
		if (cp != WTV_NONE && cp >= 0x800 && cp < 0x10000)
			m->three[m->nthree++] = cp;
	}
	if (m->nthree < 2)
		return 0;
	for (kind = 0; kind < BLK_KINDS; kind++) {
		for (at = 0; at < R3_AT; at++) {
			bool every = thai || at % R3_EVERY == 0;

			WT_YIELD();
			r3_build(m, 5 * i + kind + 1, at, kind, at + i);
			bad += mix_html(m, ix->enc, every);
			if (every)
				bad += mix_cuts(m, ix->enc);
			for (r = 0; r < ARRAY_SIZE(rooms); r++)
				bad += mix_fatal(m, ix->enc, rooms[r]);
			bad += r3_once(m, ix->enc, every);
			(*texts)++;
			*evs += m->nev;
		}
	}
	return bad;
}

/*
 * The texts of windows-874 (@thai) or of the other indexes: two cases,
 * as one took 32 s under the debug kernel in QEMU TCG on a loaded
 * machine, where the hung-task check flags insmod waiting 60 s on one
 * case (see BLK_PARTS).
 */
static void r3_part(struct wt_ctx *wt, bool thai)
{
	struct mix *m = WT_ALLOC(sizeof(*m));
	unsigned int texts = 0, evs = 0;
	int i, bad;

	if (!SB_PRESENT)
		WT_SKIP("index files missing (SHARED not found at build time)");
	WT_ASSERT_TRUE(m);
	for (i = 0; i < SB_N_INDEXES; i++) {
		if ((sb_indexes[i].enc == WHATENC_WINDOWS_874) != thai)
			continue;
		bad = r3_index(m, i, &texts, &evs);
		if (bad)
			WT_FAIL("%s: %d 3-byte-run text runs differ",
				sb_indexes[i].name, bad);
	}
	WT_EXPECT_TRUE(texts > 0);
	WT_NOTE("single-byte encode, runs of 3-byte letters (%s): %u texts, %u errors in them",
		thai ? "windows-874" : "the other indexes", texts, evs);
}

WT_CASE(sb_encode_runs3_thai)
{
	r3_part(wt, true);
}

WT_CASE(sb_encode_runs3_other)
{
	r3_part(wt, false);
}

/*
 * The block texts of part @part (of BLK_PARTS) of the indexes at vector
 * @level. One case a level and part: under QEMU TCG a level took 33 s
 * on a free core and 71-78 s while the CI's other VMs ran (28ee2e1's CI
 * run, 2026-11-27), where the debug kernel's hung-task check flags
 * insmod waiting 60 s on one case.
 */
#define BLK_PARTS 3

static void blk_level(struct wt_ctx *wt, int level, int part)
{
	struct mix *m = WT_ALLOC(sizeof(*m));
	unsigned int texts = 0, evs = 0;
	int i, bad;
	const int from = SB_N_INDEXES * part / BLK_PARTS;
	const int to = SB_N_INDEXES * (part + 1) / BLK_PARTS;

	if (!SB_PRESENT)
		WT_SKIP("index files missing (SHARED not found at build time)");
	WT_ASSERT_TRUE(m);
	if (whatenc_vec_set_level(level) != level) {
		whatenc_vec_set_level(WHATENC_VEC_AUTO);
		WT_SKIP("vector level %d not on this CPU", level);
	}
	for (i = from; i < to; i++) {
		WT_YIELD();
		bad = blk_index(m, i, &texts, &evs);
		if (bad)
			WT_FAIL("%s: level %d: %d block-text runs differ",
				sb_indexes[i].name, level, bad);
	}
	whatenc_vec_set_level(WHATENC_VEC_AUTO);
	WT_NOTE("single-byte encode blocks, level %d, indexes %d-%d of %d: %u texts, %u errors in them",
		level, from, to - 1, SB_N_INDEXES, texts, evs);
}

WT_CASE(sb_encode_blocks_scalar_1)
{
	blk_level(wt, WHATENC_VEC_SCALAR, 0);
}

WT_CASE(sb_encode_blocks_scalar_2)
{
	blk_level(wt, WHATENC_VEC_SCALAR, 1);
}

WT_CASE(sb_encode_blocks_scalar_3)
{
	blk_level(wt, WHATENC_VEC_SCALAR, 2);
}

WT_CASE(sb_encode_blocks_sse2_1)
{
	blk_level(wt, WHATENC_VEC_SSE2, 0);
}

WT_CASE(sb_encode_blocks_sse2_2)
{
	blk_level(wt, WHATENC_VEC_SSE2, 1);
}

WT_CASE(sb_encode_blocks_sse2_3)
{
	blk_level(wt, WHATENC_VEC_SSE2, 2);
}

WT_CASE(sb_encode_blocks_avx2_1)
{
	blk_level(wt, WHATENC_VEC_AVX2, 0);
}

WT_CASE(sb_encode_blocks_avx2_2)
{
	blk_level(wt, WHATENC_VEC_AVX2, 1);
}

WT_CASE(sb_encode_blocks_avx2_3)
{
	blk_level(wt, WHATENC_VEC_AVX2, 2);
}

WT_SUITE(sb_encode,
	 WT_RUN(sb_encode_mixed),
	 WT_RUN(sb_encode_runs3_thai),
	 WT_RUN(sb_encode_runs3_other),
	 WT_RUN(sb_encode_blocks_scalar_1),
	 WT_RUN(sb_encode_blocks_scalar_2),
	 WT_RUN(sb_encode_blocks_scalar_3),
	 WT_RUN(sb_encode_blocks_sse2_1),
	 WT_RUN(sb_encode_blocks_sse2_2),
	 WT_RUN(sb_encode_blocks_sse2_3),
	 WT_RUN(sb_encode_blocks_avx2_1),
	 WT_RUN(sb_encode_blocks_avx2_2),
	 WT_RUN(sb_encode_blocks_avx2_3));
