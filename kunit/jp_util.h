/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * jp_util.h - helpers of the Japanese suites (test_euc_jp.c,
 * test_iso_2022_jp.c, test_shift_jis.c): one-shot, split and tiny-buffer
 * runs of the public API, and the items a reference model produces.
 *
 * The reference models in the suites implement the Encoding Standard's
 * handlers step by step over the index files read at build time
 * (build/vectors/jis_index.h), never over module/'s tables. A model's
 * output is a list of items: a code point or byte, or an error with
 * the stream offset and length whatenc reports for it in fatal mode.
 */
#ifndef JP_UTIL_H
#define JP_UTIL_H

#include "wt_test.h"
#include "whatenc.h"
#include "jis_index.h"
#include "wt_ref.h"
#include "wt_util.h"

#define JP_MAXITEMS 64

struct jp_item {
	u32 v;		/* code point (decoders) or byte (encoders) */
	u8 err;		/* an error: v is the error's code point (encoders) */
	u8 len;		/* error: offending input bytes */
	u32 off;	/* error: offset of the first one */
};

struct jp_ref {
	struct jp_item it[JP_MAXITEMS];
	unsigned int n;
};

static inline void jp_push(struct jp_ref *r, u32 v)
{
	if (r->n < JP_MAXITEMS) {
		r->it[r->n].v = v;
		r->it[r->n].err = 0;
		r->n++;
	}
}

static inline void jp_push_err(struct jp_ref *r, u32 cp, u32 off, u8 len)
{
	if (r->n < JP_MAXITEMS) {
		r->it[r->n].v = cp;
		r->it[r->n].err = 1;
		r->it[r->n].off = off;
		r->it[r->n].len = len;
		r->n++;
	}
}

/*
 * Decoder model output as UTF-8: replacement mode (@upto = all items),
 * or the output before the first error (fatal; @first_err set to its
 * item index or -1).
 */
static inline size_t jp_ref_dec_utf8(const struct jp_ref *r, bool fatal,
				     u8 *out, int *first_err)
{
	size_t n = 0;
	unsigned int i;

	*first_err = -1;
	for (i = 0; i < r->n; i++) {
		if (r->it[i].err && fatal) {
			*first_err = i;
			break;
		}
		n += wt_utf8(out + n, r->it[i].err ? 0xfffd : r->it[i].v);
	}
	return n;
}

/*
 * Encoder model output as bytes: html mode writes "&#N;" for an error;
 * fatal mode stops at the first one (@first_err).
 */
static inline size_t jp_ref_enc_bytes(const struct jp_ref *r, bool html,
				      u8 *out, int *first_err)
{
	size_t n = 0;
	unsigned int i;

	*first_err = -1;
	for (i = 0; i < r->n; i++) {
		if (r->it[i].err) {
			u8 d[8];
			unsigned int k = 0;
			u32 cp = r->it[i].v;

			if (!html) {
				*first_err = i;
				break;
			}
			do {
				d[k++] = '0' + cp % 10;
				cp /= 10;
			} while (cp);
			out[n++] = '&';
			out[n++] = '#';
			while (k)
				out[n++] = d[--k];
			out[n++] = ';';
			continue;
		}
		out[n++] = r->it[i].v;
	}
	return n;
}

/* @n bytes as hex into @buf (at most 16 bytes shown). */
static inline const char *jp_hex(char *buf, const u8 *p, size_t n)
{
	size_t i;

	buf[0] = 0;
	for (i = 0; i < n && i < 16; i++)
		snprintf(buf + 3 * i, 4, "%02x ", p[i]);
	return buf;
}

/* One complete call (last = true) with room for everything. */
static inline enum whatenc_ret jp_decode(int enc, unsigned int flags,
					 const u8 *in, size_t n, u8 *out,
					 size_t cap, size_t *olen,
					 struct whatenc_decoder *d)
{
	struct whatenc_buf b = { in, 0, n, out, 0, cap };
	enum whatenc_ret ret;

	whatenc_decoder_init(d, enc, flags | WHATENC_BOM_KEEP);
	ret = whatenc_decode(d, &b, true);
	*olen = b.out_pos;
	return ret;
}

static inline enum whatenc_ret jp_encode(int enc, unsigned int flags,
					 const u8 *in, size_t n, u8 *out,
					 size_t cap, size_t *olen,
					 struct whatenc_encoder *e)
{
	struct whatenc_buf b = { in, 0, n, out, 0, cap };
	enum whatenc_ret ret;

	whatenc_encoder_init(e, enc, flags);
	ret = whatenc_encode(e, &b, true);
	*olen = b.out_pos;
	return ret;
}

/*
 * Every 1-, 2- and 3-way split of @in, and output room of 1..4 bytes per
 * call, must give @exp (@elen bytes): one call gives @exp and every other
 * run what one call gives (wt_split_check()).
 */
static inline void jp_check_splits(struct wt_ctx *wt, bool encode, int enc,
				   unsigned int flags, const u8 *in, size_t n,
				   const u8 *exp, size_t elen)
{
	static const size_t all[] = { 0 }, rooms[] = { 1, 2, 3, 4 };
	const struct wt_split cfg = {
		.lim1 = SIZE_MAX, .lim2 = SIZE_MAX,
		.cut_rooms = all, .ncut_rooms = 1,
		.rooms = rooms, .nrooms = ARRAY_SIZE(rooms), .grow = true,
	};
	struct wt_run *one = WT_ALLOC(sizeof(*one));
	struct wt_run *r = WT_ALLOC(sizeof(*r));
	int runs = 0, bad;

	if (!one || !r)
		return;
	one->out_cap = r->out_cap = 4096;
	one->out = WT_ALLOC(4096);
	r->out = WT_ALLOC(4096);
	if (!one->out || !r->out)
		return;
	bad = wt_split_check(encode, enc,
			     encode ? flags : flags | WHATENC_BOM_KEEP, in, n,
			     &cfg, one, r, &runs);
	if (one->nerr || one->out_len != elen || memcmp(one->out, exp, elen))
		WT_FAIL("enc %d: %zu bytes, %d errors; want %zu bytes", enc,
			one->out_len, one->nerr, elen);
	if (bad)
		WT_FAIL("enc %d: %d of %d splits differ", enc, bad, runs);
}

/*
 * Check one decode against the model @r: replacement mode output, and
 * in fatal mode the output before the first error, MALFORMED and the
 * error's offset, length and bytes. Returns false on a mismatch.
 */
static inline bool jp_check_dec(struct wt_ctx *wt, int enc, const u8 *in, size_t n,
				const struct jp_ref *r)
{
	struct whatenc_decoder d;
	u8 exp[JP_MAXITEMS * 4], out[JP_MAXITEMS * 4];
	size_t elen, olen;
	enum whatenc_ret ret;
	int fe;

	elen = jp_ref_dec_utf8(r, false, exp, &fe);
	ret = jp_decode(enc, 0, in, n, out, sizeof(out), &olen, &d);
	if (ret != WHATENC_INPUT_EMPTY || olen != elen ||
	    memcmp(out, exp, elen)) {
		char h1[52], h2[52], h3[52];

		WT_FAIL("enc %d decode %s: ret %d, %s, want %s", enc,
			jp_hex(h1, in, n), ret, jp_hex(h2, out, olen),
			jp_hex(h3, exp, elen));
		return false;
	}
	/* a byte a call: every code through the steps' lookup, not the fast path's */
	{
		struct whatenc_buf b = { in, 0, 0, out, 0, sizeof(out) };

		whatenc_decoder_init(&d, enc, WHATENC_BOM_KEEP);
		ret = WHATENC_INPUT_EMPTY;
		while (b.in_size < n && ret == WHATENC_INPUT_EMPTY) {
			b.in_size++;
			ret = whatenc_decode(&d, &b, b.in_size == n);
		}
		if (ret != WHATENC_INPUT_EMPTY || b.in_pos != n ||
		    b.out_pos != elen || memcmp(out, exp, elen)) {
			char h1[52], h2[52];

			WT_FAIL("enc %d decode %s a byte a call: ret %d, %s",
				enc, jp_hex(h1, in, n), ret,
				jp_hex(h2, out, b.out_pos));
			return false;
		}
	}
	elen = jp_ref_dec_utf8(r, true, exp, &fe);
	ret = jp_decode(enc, WHATENC_DEC_FATAL, in, n, out, sizeof(out), &olen,
			&d);
	if (fe < 0 ? ret != WHATENC_INPUT_EMPTY :
	    (ret != WHATENC_MALFORMED || d.err.offset != r->it[fe].off ||
	     d.err.len != r->it[fe].len ||
	     memcmp(d.err.bytes, in + r->it[fe].off, r->it[fe].len)) ||
	    olen != elen || memcmp(out, exp, elen)) {
		char h1[52];

		WT_FAIL("enc %d fatal decode %s: ret %d off %u len %u, %zu bytes, want error %d at %u len %u, %zu bytes",
			enc, jp_hex(h1, in, n), ret, (unsigned int)d.err.offset,
			d.err.len, olen, fe, fe < 0 ? 0 : r->it[fe].off,
			fe < 0 ? 0 : r->it[fe].len, elen);
		return false;
	}
	/* fatal, going on after each error: every error, then as replacement */
	{
		struct whatenc_buf b = { in, 0, n, out, 0, sizeof(out) - 3 };
		unsigned int i, k = 0;

		whatenc_decoder_init(&d, enc, WHATENC_DEC_FATAL |
				     WHATENC_BOM_KEEP);
		elen = jp_ref_dec_utf8(r, false, exp, &fe);
		for (i = 0; i < r->n + 1; i++) {
			ret = whatenc_decode(&d, &b, true);
			if (ret != WHATENC_MALFORMED)
				break;
			while (k < r->n && !r->it[k].err)
				k++;
			if (k == r->n || d.err.offset != r->it[k].off ||
			    d.err.len != r->it[k].len)
				break;
			k++;
			b.out_pos += wt_utf8(out + b.out_pos, 0xfffd);
		}
		if (ret != WHATENC_INPUT_EMPTY || b.out_pos != elen ||
		    memcmp(out, exp, elen)) {
			char h1[52];

			WT_FAIL("enc %d fatal-continue decode %s: ret %d at error %u (off %u len %u)",
				enc, jp_hex(h1, in, n), ret, k,
				(unsigned int)d.err.offset, d.err.len);
			return false;
		}
	}
	return true;
}

/* Model of a whole encoder run over code points: bytes, html or fatal. */
typedef size_t (*jp_ref_enc_fn)(const u32 *cps, size_t n, bool html,
				u8 *out, long *first_err, const u16 *rev);

/*
 * Every scalar value, in html mode 1024 at a time and in fatal mode one
 * by one for the BMP, against the model @ref (with reverse map @rev).
 */
static inline void jp_check_enc_all(struct wt_ctx *wt, int enc, jp_ref_enc_fn ref,
				    const u16 *rev)
{
	struct whatenc_encoder e;
	u32 *cps = WT_ALLOC(1024 * sizeof(u32));
	u8 *in = WT_ALLOC(4096 + 4), *out = WT_ALLOC(1024 * 16);
	u8 *exp = WT_ALLOC(1024 * 16);
	u32 base, cp;
	int fails = 0;

	if (!cps || !in || !out || !exp)
		return;
	for (base = 0; base < 0x110000 && fails < 5; base += 1024) {
		size_t n = 0, il = 0, olen, elen;
		long fe;
		enum whatenc_ret ret;

		WT_YIELD();
		for (cp = base; cp < base + 1024; cp++) {
			if (cp >= 0xd800 && cp <= 0xdfff)
				continue;
			cps[n++] = cp;
			il += wt_utf8(in + il, cp);
		}
		if (!n)
			continue;
		elen = ref(cps, n, true, exp, &fe, rev);
		ret = jp_encode(enc, WHATENC_ENC_HTML, in, il, out, 1024 * 16,
				&olen, &e);
		if (ret != WHATENC_INPUT_EMPTY || olen != elen ||
		    memcmp(out, exp, elen)) {
			size_t i;

			for (i = 0; i < n; i++) {
				u8 one[4], o1[16], e1[16];
				size_t l1 = wt_utf8(one, cps[i]), ol, el;

				el = ref(cps + i, 1, true, e1, &fe, rev);
				jp_encode(enc, WHATENC_ENC_HTML, one, l1, o1,
					  16, &ol, &e);
				if (ol != el || memcmp(o1, e1, el))
					break;
			}
			WT_FAIL("enc %d html block U+%04X: first bad U+%04X (%zu bytes, want %zu)",
				enc, base, i < n ? cps[i] : 0, olen, elen);
			fails++;
		}
	}
	for (cp = 0; cp < 0x10000 && fails < 10; cp++) {
		u8 one[4], o1[16], e1[16];
		size_t l1, ol, el;
		long fe;
		enum whatenc_ret ret;
		u32 want_cp;

		if (!(cp & 0xfff))
			WT_YIELD();
		if (cp >= 0xd800 && cp <= 0xdfff)
			continue;
		cps[0] = cp;
		l1 = wt_utf8(one, cp);
		el = ref(cps, 1, false, e1, &fe, rev);
		ret = jp_encode(enc, 0, one, l1, o1, 16, &ol, &e);
		want_cp = fe < 0 ? 0 : (enc == WHATENC_ISO_2022_JP &&
					(cp == 0x0e || cp == 0x0f || cp == 0x1b) ?
					0xfffd : cp);
		if (fe < 0 ? ret != WHATENC_INPUT_EMPTY :
		    (ret != WHATENC_UNMAPPABLE || e.err.cp != want_cp ||
		     e.err.offset != 0 || e.err.len != l1 ||
		     memcmp(e.err.bytes, one, l1)) ||
		    ol != el || memcmp(o1, e1, el)) {
			WT_FAIL("enc %d fatal U+%04X: ret %d cp %X off %u len %u, %zu bytes, want %zu",
				enc, cp, ret, e.err.cp, (unsigned int)e.err.offset,
				e.err.len, ol, el);
			fails++;
		}
	}
}

/*
 * The model's reverse map: the FIRST pointer of each code point in
 * index jis0208, without pointers @skip_lo..@skip_hi; 0xffff = null.
 */
static inline u16 *jp_reverse(struct wt_ctx *wt, unsigned int skip_lo,
			      unsigned int skip_hi)
{
	u16 *rev = WT_ALLOC(0x10000 * sizeof(u16));
	int p;

	if (!rev)
		return NULL;
	memset(rev, 0xff, 0x10000 * sizeof(u16));
	for (p = 11279; p >= 0; p--) {
		if (!jisv_0208[p] || (p >= (int)skip_lo && p <= (int)skip_hi))
			continue;
		rev[jisv_0208[p]] = p;
	}
	return rev;
}

#endif /* JP_UTIL_H */
