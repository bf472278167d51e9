// SPDX-License-Identifier: GPL-2.0-only
/*
 * guess.c - guess the encoding of undeclared text from its content
 *
 * Every candidate's score is the log2 likelihood ratio (quarter bits) of
 * "text of its language in its encoding" against "random bytes", summed
 * over the stream:
 *
 * - single-byte (language, encoding) pairs: each pair of adjacent bytes
 *   of which one is above 0x7F maps through the candidate's byte -> class
 *   table to a class pair, scored by the language's table; a lowercase
 *   letter followed by a non-ASCII uppercase one costs a penalty;
 * - CJK: the candidate's decoder (fatal mode) decodes the stream; every
 *   non-ASCII character scores its frequency in the language, a
 *   malformed sequence WG_ERR; a lone kana, ideograph or hangul (ASCII
 *   before it) that an ASCII letter follows scores the language's rate of them against
 *   random bytes' (a Latin word with one high byte read as CJK: French
 *   "cœur" is "c", Big5's 0xBD75, "r");
 * - UTF-8: valid with non-ASCII wins by WG_UTF8 per sequence; invalid
 *   UTF-8 is out;
 * - UTF-16LE/BE without BOM: each 16-bit unit scores by what it is
 *   (ASCII, letters of the scripts above, a frequent CJK character, a
 *   control or unassigned-looking unit);
 * - C0 controls and DEL cost every byte-oriented candidate WG_CTRL (ESC
 *   too, but not for ISO-2022-JP).
 *
 * "Not text" is a decision of its own, not the leftover of low scores:
 * the evidence is the rate of control bytes (C0 but TAB LF FF CR ESC,
 * and DEL), as a log2 likelihood ratio of "random bytes" (28 of 256
 * byte values) against "text" (one byte in 1024 at most), unless a
 * UTF-16 candidate explains the controls (the zero halves of its ASCII
 * units). Text that no candidate's statistics fit well stays a guess,
 * with a low confidence.
 *
 * The stream is processed in blocks that end at multiples of WG_BLOCK
 * of the stream offset, whatever the caller's chunks; the early stop
 * and the pruning of hopeless candidates are decided only there, so the
 * answer never depends on how the input was split. Once the language is
 * certain but not its encoding (windows-1252 and ISO-8859-15 decode
 * the bytes seen alike), only that language's candidates read on, until
 * a byte where they differ decides. Valid UTF-8 never
 * stops early (one bad byte anywhere makes it invalid): once it is
 * certain, only UTF-8 validity is checked, and should it fail the other
 * candidates resume from the next block on.
 */
#include "text.h"
#include "infra.h"
#include "whatenc_guess.h"

struct wg_tld {
	const char *tld;
	u8 lang;
};

struct wg_sb_cand {
	u8 lang;
	u8 enc;		/* index into wg_sb_enc */
};

struct wg_cjk_lang {
	u16 off;
	u16 n;
	s8 floor;	/* score of a character not in the list */
	s8 lone;	/* a lone character followed by an ASCII letter */
};

struct wg_cjk_cand {
	u8 enc;
	u8 lang;	/* index into wg_cjk */
};

#include "tables_guess.h"

static_assert(WG_NR_SB_CANDS <= WHATENC_GUESS_SB_MAX);
static_assert(ARRAY_SIZE(wg_cjk_cands) <= WHATENC_GUESS_CJK_MAX);
static_assert(WG_NR_SB_LANGS + WG_NR_CJK_LANGS <= 127);

#define WG_NR_CJK	((int)ARRAY_SIZE(wg_cjk_cands))
#define WG_BLOCK	1024
#define WG_Q		4		/* quarter bits */
#define WG_CASE		(-4 * WG_Q)	/* lowercase then non-ASCII uppercase */
#define WG_ERR		(-24 * WG_Q)	/* malformed CJK sequence */
#define WG_CTRL		(-8 * WG_Q)	/* a C0 control or DEL */
#define WG_UTF8		(24 * WG_Q)	/* a valid UTF-8 multi-byte sequence */
#define WG_HINT		(6 * WG_Q)	/* prior of the hinted language */
#define WG_DEAD		(-256 * WG_Q)	/* prune below this, and below 0 */
#define WG_CLAMP	(1 << 28)
#define WG_SURE		(14 * WG_Q)	/* margin to stop early */
#define WG_SURE_BYTES	64		/* ... after this many non-ASCII bytes */
/*
 * The not-text evidence, in 1/32 bits a byte: log2((1 - 2^-10) /
 * (228 / 256)) = 0.167 for a byte that is not a control, log2(2^-10 /
 * (28 / 256)) = -6.8 for a control. Text is below one control in 42.
 */
#define WG_NT_PLAIN	5
#define WG_NT_CTRL	(-218)
#define WG_NT_SHIFT	3		/* 1/32 bits to quarter bits */

static bool wg_control(u8 c)
{
	return (c < 0x20 && c != '\t' && c != '\n' && c != '\f' &&
		c != '\r' && c != 0x1b) || c == 0x7f;
}

/* Score of CJK character @cp in language @l. */
static int wg_cjk_char(int l, u32 cp)
{
	const struct wg_cjk_lang *m = &wg_cjk[l];
	const u16 *t = wg_cjk_cp + m->off;
	unsigned int lo, hi;

	if (cp > 0xffff)
		return m->floor;
	lo = wg_cjk_page[l][cp >> 8];
	hi = wg_cjk_page[l][(cp >> 8) + 1];
	while (lo < hi) {
		unsigned int mid = (lo + hi) / 2;

		if (t[mid] == cp)
			return wg_cjk_score[m->off + mid];
		if (t[mid] < cp)
			lo = mid + 1;
		else
			hi = mid;
	}
	/* private use and compatibility forms: rare in prose */
	if ((cp >= 0xe000 && cp < 0xf900) || (cp >= 0xfe30 && cp < 0xff00))
		return m->floor - 8 * WG_Q;
	return m->floor;
}

/* Score of one UTF-16 code unit. */
static int wg_u16_unit(u16 u)
{
	int l, best;

	if (u < 0x80)
		return (u >= 0x20 && u < 0x7f) || u == '\t' || u == '\n' ||
		       u == '\r' ? 10 * WG_Q : -16 * WG_Q;
	if ((u >= 0xc0 && u < 0x250) || (u >= 0x370 && u < 0x530) ||
	    (u >= 0x5d0 && u < 0x6ff) || (u >= 0xe01 && u < 0xe5c) ||
	    (u >= 0x2010 && u < 0x2040) || u == 0xa0 || u == 0xab || u == 0xbb)
		return 8 * WG_Q;
	if ((u >= 0x3000 && u < 0xa000) || (u >= 0xac00 && u < 0xd7a4) ||
	    (u >= 0xff01 && u < 0xff5f)) {
		best = -2 * WG_Q;
		for (l = 0; l < WG_NR_CJK_LANGS; l++) {
			int s = wg_cjk_char(l, u);

			if (s > best)
				best = s;
		}
		return best;
	}
	return -16 * WG_Q;
}

static int wg_clamp(s32 v)
{
	return v > WG_CLAMP ? WG_CLAMP : v < -WG_CLAMP ? -WG_CLAMP : v;
}

/* @n times @w (a per-event score), clamped: counts grow without bound. */
static s32 wg_times(u32 n, s32 w)
{
	s32 lim = WG_CLAMP / (w < 0 ? -w : w);

	return n > (u32)lim ? (w < 0 ? -WG_CLAMP : WG_CLAMP) : (s32)n * w;
}

/* Single-byte candidates @lo..@hi-1: every pair with a non-ASCII byte. */
static void wg_sb_block(struct whatenc_guess *g, const u8 *p, size_t n,
			int lo, int hi)
{
	u8 prev = g->prev;
	size_t i;
	int k;

	for (i = 0; i < n; i++) {
		u8 c = p[i];

		if (c < 0x80) {
			if (unlikely(wg_control(c)))
				g->controls++;
			else if (unlikely(c == 0x1b))
				g->escapes++;
			if (prev < 0x80) {
				prev = c;
				continue;
			}
		} else {
			g->nonascii++;
			g->seen[(c - 0x80) >> 3] |= 1 << (c & 7);
		}
		if (c < 0x80) {		/* after a non-ASCII byte */
			for (k = lo; k < hi; k++) {
				const u8 *cls = wg_sb_class[k];

				g->sb[k] += wg_sb_row[k][(cls[prev] & 63) *
							 WG_NCLASS + (cls[c] & 63)];
			}
		} else {
			for (k = lo; k < hi; k++) {
				const u8 *cls = wg_sb_class[k];
				u8 a = cls[prev], b = cls[c];
				int s = wg_sb_row[k][(a & 63) * WG_NCLASS +
						     (b & 63)];

				if ((b & 0x80) && (a & 0x40))
					s += WG_CASE;
				g->sb[k] += s;
			}
		}
		prev = c;
	}
	g->prev = prev;
}

/* What a CJK candidate's last character was (2 bits of g->cjk_lone). */
#define WG_LONE_ASCII	0	/* ASCII, or the start of the stream */
#define WG_LONE_ONE	1	/* non-ASCII after ASCII */
#define WG_LONE_RUN	2	/* non-ASCII after non-ASCII */

/* Kana, ideographs, hangul: not CJK punctuation (U+2019 in GBK, A1AF). */
static bool wg_cjk_letter(u32 cp)
{
	return cp >= 0x3040 && cp < 0xff00;
}

/* One CJK candidate: decode @p[0..n) and score the characters. */
static void wg_cjk_block(struct whatenc_guess *g, int k, const u8 *p, size_t n)
{
	struct whatenc_decoder *d = &g->dec[k];
	struct whatenc_buf b = { .in = p, .in_size = n };
	u8 out[256];
	int l = wg_cjk_cands[k].lang;
	unsigned int st = (g->cjk_lone >> (2 * k)) & 3;
	s32 score = 0;

	for (;;) {
		enum whatenc_ret r;
		size_t i = 0;

		b.out = out;
		b.out_pos = 0;
		b.out_size = sizeof(out);
		r = whatenc_decode(d, &b, false);
		while (i < b.out_pos) {
			u8 c = out[i];
			u32 cp;

			if (c < 0x80) {
				if (st == WG_LONE_ONE && (c | 0x20) >= 'a' &&
				    (c | 0x20) <= 'z')
					score += wg_cjk[l].lone;
				st = WG_LONE_ASCII;
				/* the ASCII run, at least @c */
				i += we_ascii_copy(NULL, out + i,
						   b.out_pos - i);
				continue;
			}
			if (c < 0xe0) {
				cp = (c & 0x1f) << 6 | (out[i + 1] & 0x3f);
				i += 2;
			} else if (c < 0xf0) {
				cp = (c & 0x0f) << 12 | (out[i + 1] & 0x3f) << 6 |
				     (out[i + 2] & 0x3f);
				i += 3;
			} else {
				cp = 0x10000;
				i += 4;
			}
			score += wg_cjk_char(l, cp);
			st = st == WG_LONE_ASCII && wg_cjk_letter(cp) ?
			     WG_LONE_ONE : WG_LONE_RUN;
		}
		if (r == WHATENC_MALFORMED)
			score += WG_ERR;
		else if (r == WHATENC_INPUT_EMPTY)
			break;
	}
	g->cjk_lone = (g->cjk_lone & ~(3 << (2 * k))) | st << (2 * k);
	g->cjk[k] += score;
}

/* UTF-8 validity, counting multi-byte sequences. */
static void wg_utf8_block(struct whatenc_guess *g, const u8 *p, size_t n)
{
	struct whatenc_buf b = { .in = p, .in_size = n };

	for (;;) {
		u32 cp;

		if (!g->utf8.needed)
			b.in_pos += we_ascii_copy(NULL, p + b.in_pos,
						  n - b.in_pos);
		if (b.in_pos == n)
			return;
		cp = we_utf8_read(&g->utf8, &b);
		if (cp == WE_NEED_MORE)
			return;
		if (cp == WE_MALFORMED)
			g->utf8_errors++;
		else if (cp >= 0x80)
			g->utf8_multi++;
	}
}

static void wg_utf16_block(struct whatenc_guess *g, const u8 *p, size_t n,
			   u64 off)
{
	size_t i = 0;

	if (g->utf16_dead == 3)
		return;
	if (off & 1) {
		u8 a = g->odd;

		if (n) {
			if (!(g->utf16_dead & 1))
				g->utf16[0] += wg_u16_unit(a | p[0] << 8);
			if (!(g->utf16_dead & 2))
				g->utf16[1] += wg_u16_unit(a << 8 | p[0]);
			i = 1;
		}
	}
	for (; i + 1 < n; i += 2) {
		if (!(g->utf16_dead & 1))
			g->utf16[0] += wg_u16_unit(p[i] | p[i + 1] << 8);
		if (!(g->utf16_dead & 2))
			g->utf16[1] += wg_u16_unit(p[i] << 8 | p[i + 1]);
	}
	if (i < n)
		g->odd = p[i];
}

/* Total of candidate @k with the control and hint terms. */
static s32 wg_sb_total(const struct whatenc_guess *g, int k)
{
	s32 s = g->sb[k] + wg_sb_prior[k] +
		wg_times(g->controls, WG_CTRL) + wg_times(g->escapes, WG_CTRL);

	if (g->hint >= 0 && wg_sb_cands[k].lang == g->hint)
		s += WG_HINT;
	return s;
}

static s32 wg_cjk_total(const struct whatenc_guess *g, int k)
{
	s32 s = g->cjk[k] + wg_times(g->controls, WG_CTRL);

	if (wg_cjk_cands[k].enc != WHATENC_ISO_2022_JP)
		s += wg_times(g->escapes, WG_CTRL);
	if (g->hint >= 0 && wg_cjk_cands[k].lang + WG_NR_SB_LANGS == g->hint)
		s += WG_HINT;
	return s;
}

/* The candidates as one list: sb, cjk, UTF-8, UTF-16LE, UTF-16BE. */
#define WG_I_CJK	WG_NR_SB_CANDS
#define WG_I_UTF8	(WG_I_CJK + WG_NR_CJK)
#define WG_I_U16	(WG_I_UTF8 + 1)
#define WG_NR_ALL	(WG_I_U16 + 2)
#define WG_NONE		(-0x7fffffff)

static s32 wg_total(const struct whatenc_guess *g, int i, bool at_eof)
{
	if (i < WG_I_CJK)
		return wg_sb_total(g, i);
	if (i < WG_I_UTF8)
		return g->cjk_dead & (1 << (i - WG_I_CJK)) ? WG_NONE :
		       wg_cjk_total(g, i - WG_I_CJK);
	if (i == WG_I_UTF8) {
		if (g->utf8_errors || !g->utf8_multi ||
		    (at_eof && !g->done && g->utf8.needed))
			return WG_NONE;
		return wg_times(g->utf8_multi, WG_UTF8) +
		       wg_times(g->controls, WG_CTRL) +
		       wg_times(g->escapes, WG_CTRL);
	}
	i -= WG_I_U16;
	if (g->utf16_dead & (1 << i) || g->total < 2 ||
	    (at_eof && !g->done && (g->total & 1)))
		return WG_NONE;
	return g->utf16[i];
}

/*
 * The evidence that the bytes are text (> 0) rather than binary or random
 * (< 0), in quarter bits; the UTF-16 candidates' scores where they beat
 * the control rate (their ASCII units' zero bytes count as controls).
 */
static s32 wg_text_evidence(const struct whatenc_guess *g, bool at_eof)
{
	u64 n = g->scanned > WG_CLAMP ? WG_CLAMP : g->scanned;
	s64 t = (s64)(n - g->controls) * WG_NT_PLAIN +
		(s64)g->controls * WG_NT_CTRL;
	s32 e = (s32)(t >> WG_NT_SHIFT);
	int k;

	for (k = 0; k < 2; k++) {
		s32 u = wg_total(g, WG_I_U16 + k, at_eof);

		if (u > e)
			e = u;
	}
	return e;
}

static enum whatenc_encoding wg_enc(int i)
{
	if (i < WG_I_CJK)
		return wg_sb_enc[wg_sb_cands[i].enc];
	if (i < WG_I_UTF8)
		return wg_cjk_cands[i - WG_I_CJK].enc;
	if (i == WG_I_UTF8)
		return WHATENC_UTF_8;
	return i == WG_I_U16 ? WHATENC_UTF_16LE : WHATENC_UTF_16BE;
}

/* Whether candidates @i and @j decode the bytes seen so far the same. */
static bool wg_same(const struct whatenc_guess *g, int i, int j)
{
	const u8 *m;
	int b;

	if (wg_enc(i) == wg_enc(j))
		return true;
	if (i >= WG_I_CJK || j >= WG_I_CJK)
		return false;
	m = wg_sb_differ[wg_sb_cands[i].enc][wg_sb_cands[j].enc];
	for (b = 0; b < 16; b++)
		if (m[b] & g->seen[b])
			return false;
	return true;
}

/* The best candidate and its margin over the best that decodes differently. */
static int wg_best(const struct whatenc_guess *g, bool at_eof, s32 *margin)
{
	s32 best = WG_NONE, second = WG_NONE;
	int bi = 0, i;

	for (i = 0; i < WG_NR_ALL; i++) {
		s32 s = wg_total(g, i, at_eof);

		if (s > best) {
			best = s;
			bi = i;
		}
	}
	for (i = 0; i < WG_NR_ALL; i++) {
		s32 s = wg_total(g, i, at_eof);

		if (i == bi || s <= second || wg_same(g, bi, i))
			continue;
		second = s;
	}
	*margin = second == WG_NONE ? WG_CLAMP : best - second;
	return bi;
}

/*
 * Whether sb candidate @bi has a sibling (same language, another
 * encoding) that decodes the bytes seen so far the same: the encoding is
 * not decided yet (windows-1252 and ISO-8859-15 until one of the bytes
 * where they differ, windows-1253 and ISO-8859-7 until a quote or Ά).
 * If so, the siblings are g->sib_lo..sib_hi-1.
 */
static bool wg_siblings(struct whatenc_guess *g, int bi)
{
	int lang = wg_sb_cands[bi].lang, lo = bi, hi = bi + 1, k;
	bool open = false;

	while (lo > 0 && wg_sb_cands[lo - 1].lang == lang)
		lo--;
	while (hi < WG_NR_SB_CANDS && wg_sb_cands[hi].lang == lang)
		hi++;
	for (k = lo; k < hi; k++)
		if (k != bi && wg_enc(k) != wg_enc(bi) && wg_same(g, bi, k))
			open = true;
	g->sib_lo = lo;
	g->sib_hi = hi;
	return open;
}

/* Counters saturate (a stream may be longer than 4 GiB). */
static void wg_saturate(u32 *n)
{
	if (*n > WG_CLAMP)
		*n = WG_CLAMP;
}

/* At a block boundary: clamp, prune, decide whether to stop. */
static void wg_boundary(struct whatenc_guess *g)
{
	s32 margin, text;
	int k, bi;

	wg_saturate(&g->nonascii);
	wg_saturate(&g->controls);
	wg_saturate(&g->escapes);
	wg_saturate(&g->utf8_multi);
	wg_saturate(&g->utf8_errors);

	for (k = 0; k < WG_NR_SB_CANDS; k++)
		g->sb[k] = wg_clamp(g->sb[k]);
	for (k = 0; k < WG_NR_CJK; k++) {
		g->cjk[k] = wg_clamp(g->cjk[k]);
		if (g->cjk[k] < WG_DEAD)
			g->cjk_dead |= 1 << k;
	}
	for (k = 0; k < 2; k++) {
		g->utf16[k] = wg_clamp(g->utf16[k]);
		if (g->utf16[k] < WG_DEAD)
			g->utf16_dead |= 1 << k;
	}
	if (g->utf8_only && g->utf8_errors)
		g->utf8_only = false;
	if (g->utf8_only || g->nonascii + g->controls < WG_SURE_BYTES)
		return;
	text = wg_text_evidence(g, false);
	if (-text >= WG_SURE) {
		g->done = true;		/* sure it is not text */
		return;
	}
	g->sib_only = false;
	if (text < WG_SURE)
		return;
	bi = wg_best(g, false, &margin);
	if (margin < WG_SURE)
		return;
	if (bi == WG_I_UTF8)
		g->utf8_only = true;	/* validity needs every byte */
	else if (bi < WG_I_CJK && wg_siblings(g, bi))
		g->sib_only = true;	/* the language is sure, not its encoding */
	else
		g->done = true;
}

/**
 * whatenc_guess_init() - start guessing the encoding of a new stream
 * @g:    the state to initialize
 * @hint: a language from whatenc_guess_hint() whose encodings are
 *	favoured a little (a prior: a few bits, which evidence outweighs),
 *	or -1 for none
 */
void whatenc_guess_init(struct whatenc_guess *g, int hint)
{
	int k;

	memset(g, 0, sizeof(*g));
	g->hint = hint >= 0 && hint < WG_NR_SB_LANGS + WG_NR_CJK_LANGS ?
		  hint : -1;
	for (k = 0; k < WG_NR_CJK; k++)
		whatenc_decoder_init(&g->dec[k], wg_cjk_cands[k].enc,
				     WHATENC_DEC_FATAL | WHATENC_BOM_KEEP);
	we_utf8_init(&g->utf8);
}

/* Index of language @name in wg_lang_name, or -ENOENT. */
static int wg_lang(const char *name, size_t len)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(wg_lang_name); i++)
		if (len && we_ascii_ieq(name, len, wg_lang_name[i]))
			return i;
	return -ENOENT;
}

/**
 * whatenc_guess_hint() - the language hint for a locale, language tag or domain
 * @s:   "ja", "ja_JP.UTF-8", "pt-BR", "zh-TW", "zh_HK", or a top-level
 *	domain or host name ("jp", ".jp", "www.example.co.jp")
 * @len: length of @s
 *
 * A language tag or locale is tried first (zh with TW, HK, MO or Hant is
 * traditional Chinese, any other zh simplified), then the last label of
 * a domain name.
 *
 * Return: the hint for whatenc_guess_init(), or -ENOENT.
 */
int whatenc_guess_hint(const char *s, size_t len)
{
	size_t n = 0, i;
	const char *t;

	while (n < len && s[n] != '_' && s[n] != '-' && s[n] != '.' &&
	       s[n] != '@')
		n++;
	if (n == 2 && we_ascii_ieq(s, 2, "zh")) {
		const char *r = s + 3;
		size_t rl = len > 3 ? len - 3 : 0;

		if (rl >= 2 && (we_ascii_ieq(r, 2, "tw") ||
				we_ascii_ieq(r, 2, "hk") ||
				we_ascii_ieq(r, 2, "mo") ||
				(rl >= 4 && we_ascii_ieq(r, 4, "hant"))))
			return wg_lang("zh_TW", 5);
		return wg_lang("zh_CN", 5);
	}
	if (wg_lang(s, n) >= 0)
		return wg_lang(s, n);
	t = s + len;
	while (t > s && t[-1] != '.')
		t--;
	for (i = 0; i < ARRAY_SIZE(wg_tlds); i++)
		if (we_ascii_ieq(t, s + len - t, wg_tlds[i].tld))
			return wg_tlds[i].lang;
	return -ENOENT;
}

static void wg_block(struct whatenc_guess *g, const u8 *p, size_t n)
{
	int k;

	if (g->utf8_only) {
		/* the others resume at the next block after an error */
		wg_utf8_block(g, p, n);
		g->total += n;
		return;
	}
	if (g->sib_only) {
		/* the others resume at the next block if the answer changes */
		wg_sb_block(g, p, n, g->sib_lo, g->sib_hi);
		g->scanned += n;
		g->total += n;
		return;
	}
	wg_sb_block(g, p, n, 0, WG_NR_SB_CANDS);
	g->scanned += n;
	for (k = 0; k < WG_NR_CJK; k++)
		if (!(g->cjk_dead & (1 << k)))
			wg_cjk_block(g, k, p, n);
	wg_utf8_block(g, p, n);
	wg_utf16_block(g, p, n, g->total);
	g->total += n;
}

/**
 * whatenc_guess_feed() - give the detector the next bytes of the stream
 * @g:   the state
 * @buf: the bytes
 * @len: their number (any, 0 included)
 *
 * Return: true once the detector is certain: it has stopped reading and
 * ignores further input (whatenc_guess_result() can be called any time).
 */
bool whatenc_guess_feed(struct whatenc_guess *g, const u8 *buf, size_t len)
{
	while (len && !g->done) {
		size_t n = WG_BLOCK - (g->total % WG_BLOCK);

		if (n > len)
			n = len;
		wg_block(g, buf, n);
		buf += n;
		len -= n;
		if (!(g->total % WG_BLOCK))
			wg_boundary(g);
	}
	return g->done;
}

/* 100 - 100 / 2^(margin in bits / 2), by steps. */
static unsigned int wg_confidence(s32 margin)
{
	s32 half_bits = margin / (2 * WG_Q);

	if (margin <= 0)
		return 0;
	if (half_bits >= 7)
		return 100;
	return 100 - (100 >> half_bits) / (half_bits ? 1 : 2);
}

/**
 * whatenc_guess_result() - the detector's answer for the bytes fed so far
 * @g:      the state (not changed)
 * @at_eof: the bytes fed are the whole stream: a sequence cut off at the
 *	end (UTF-8, an odd byte of UTF-16) counts against its encoding
 * @r:      the answer
 *
 * Bytes with more controls than text has (about one in 42; see
 * %WHATENC_GUESS_NOT_TEXT) are not text, whatever the candidates score.
 * Otherwise input with no byte above 0x7F is %WHATENC_GUESS_ASCII
 * (UTF-8, confidence 100) unless a 7-bit encoding (ISO-2022-JP, UTF-16)
 * explains it better than random bytes would; anything else is text in
 * the best candidate, however weak (a low confidence says so).
 */
void whatenc_guess_result(const struct whatenc_guess *g, bool at_eof,
			  struct whatenc_guess_result *r)
{
	s32 margin, text = wg_text_evidence(g, at_eof);
	int bi = wg_best(g, at_eof, &margin);

	memset(r, 0, sizeof(*r));
	r->bytes = g->total;
	r->done = g->done;
	if (text < 0) {
		r->kind = WHATENC_GUESS_NOT_TEXT;
		r->enc = WHATENC_NR_ENCODINGS;
		r->confidence = wg_confidence(-text);
		return;
	}
	if (!g->nonascii && wg_total(g, bi, at_eof) <= 0) {
		r->kind = WHATENC_GUESS_ASCII;
		r->enc = WHATENC_UTF_8;
		r->confidence = 100;
		return;
	}
	/* controls make "not text" a competitor */
	if (g->controls && text < margin)
		margin = text;
	r->confidence = wg_confidence(margin);
	r->kind = WHATENC_GUESS_TEXT;
	r->enc = wg_enc(bi);
	if (bi < WG_I_CJK)
		r->lang = wg_lang_name[wg_sb_cands[bi].lang];
	else if (bi < WG_I_UTF8)
		r->lang = wg_lang_name[WG_NR_SB_LANGS +
				       wg_cjk_cands[bi - WG_I_CJK].lang];
}

/**
 * whatenc_guess_kind_name() - "text", "ascii" or "not-text"
 * @kind: the kind
 *
 * Return: a static string ("?" for an unknown value).
 */
const char *whatenc_guess_kind_name(enum whatenc_guess_kind kind)
{
	switch (kind) {
	case WHATENC_GUESS_TEXT:
		return "text";
	case WHATENC_GUESS_ASCII:
		return "ascii";
	case WHATENC_GUESS_NOT_TEXT:
		return "not-text";
	}
	return "?";
}
