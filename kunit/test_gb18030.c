// SPDX-License-Identifier: GPL-2.0-only
/*
 * test_gb18030.c - gb18030 and GBK against a reference model of the
 * Encoding Standard's algorithms run over the index files themselves
 * (build/vectors/cjk_index.h, read at build time from
 * $(SHARED)/whatwg/index-gb18030*.txt), independent of module/codec/tables/tables_*.h.
 */
#include "wt_cjk.h"
#define CJK_WANT_GB18030
#include "cjk_index.h"

#if CJK_INDEX_PRESENT

/* ---- reference model ---------------------------------------------------- */

/* index code point in index gb18030, 0 for null */
static u32 ref_index_cp(u32 pointer)
{
	return pointer < ARRAY_SIZE(cjk_gb18030_index) ?
	       cjk_gb18030_index[pointer] : 0;
}

/* "index gb18030 ranges code point", 0 for null */
static u32 ref_ranges_cp(u32 pointer)
{
	int i;

	if ((pointer > 39419 && pointer < 189000) || pointer > 1237575)
		return 0;
	if (pointer == 7457)
		return 0xe7c7;
	for (i = CJK_GB18030_NR_RANGES - 1; i > 0; i--)
		if (cjk_gb18030_ranges[i][0] <= pointer)
			break;
	return cjk_gb18030_ranges[i][1] + pointer - cjk_gb18030_ranges[i][0];
}

/* "index gb18030 ranges pointer" */
static u32 ref_ranges_pointer(u32 cp)
{
	int i;

	if (cp == 0xe7c7)
		return 7457;
	for (i = CJK_GB18030_NR_RANGES - 1; i > 0; i--)
		if (cjk_gb18030_ranges[i][1] <= cp)
			break;
	return cjk_gb18030_ranges[i][0] + cp - cjk_gb18030_ranges[i][1];
}

/* The gb18030 encoder's table (encoding.bs, "gb18030 encoder" step 5). */
static const u32 ref_side[18][2] = {
	{ 0xe78d, 0xa6d9 }, { 0xe78e, 0xa6da }, { 0xe78f, 0xa6db },
	{ 0xe790, 0xa6dc }, { 0xe791, 0xa6dd }, { 0xe792, 0xa6de },
	{ 0xe793, 0xa6df }, { 0xe794, 0xa6ec }, { 0xe795, 0xa6ed },
	{ 0xe796, 0xa6f3 }, { 0xe81e, 0xfe59 }, { 0xe826, 0xfe61 },
	{ 0xe82b, 0xfe66 }, { 0xe82c, 0xfe67 }, { 0xe832, 0xfe6d },
	{ 0xe843, 0xfe7e }, { 0xe854, 0xfe90 }, { 0xe864, 0xfea0 },
};

/* first pointer + 1 of each BMP code point in index gb18030, 0 = none */
static u16 *ref_rev;

static void ref_build_rev(struct wt_ctx *wt)
{
	int p;

	ref_rev = WT_ALLOC(0x10000 * sizeof(u16));
	for (p = ARRAY_SIZE(cjk_gb18030_index) - 1; p >= 0; p--)
		if (cjk_gb18030_index[p])
			ref_rev[cjk_gb18030_index[p]] = p + 1;
}

/* The gb18030 encoder for one code point: bytes written, 0 for error. */
static int ref_encode(u32 cp, bool gbk, u8 *out)
{
	u32 pointer;
	unsigned int i;

	if (cp < 0x80) {
		out[0] = cp;
		return 1;
	}
	if (cp == 0xe5e5)
		return 0;
	if (gbk && cp == 0x20ac) {
		out[0] = 0x80;
		return 1;
	}
	for (i = 0; i < ARRAY_SIZE(ref_side); i++) {
		if (ref_side[i][0] == cp) {
			out[0] = ref_side[i][1] >> 8;
			out[1] = ref_side[i][1] & 0xff;
			return 2;
		}
	}
	if (cp < 0x10000 && ref_rev[cp]) {
		u32 trailing;

		pointer = ref_rev[cp] - 1;
		trailing = pointer % 190;
		out[0] = pointer / 190 + 0x81;
		out[1] = trailing + (trailing < 0x3f ? 0x40 : 0x41);
		return 2;
	}
	if (gbk)
		return 0;
	pointer = ref_ranges_pointer(cp);
	out[0] = pointer / (10 * 126 * 10) + 0x81;
	pointer %= 10 * 126 * 10;
	out[1] = pointer / (10 * 126) + 0x30;
	pointer %= 10 * 126;
	out[2] = pointer / 10 + 0x81;
	out[3] = pointer % 10 + 0x30;
	return 4;
}

static int ref_encode_gb18030(u32 cp, u8 *out)
{
	return ref_encode(cp, false, out);
}

static int ref_encode_gbk(u32 cp, u8 *out)
{
	return ref_encode(cp, true, out);
}

/* The four bytes of a four-byte pointer. */
static void four_bytes(u32 pointer, u8 *out)
{
	out[0] = pointer / 12600 + 0x81;
	out[1] = pointer / 1260 % 10 + 0x30;
	out[2] = pointer / 10 % 126 + 0x81;
	out[3] = pointer % 10 + 0x30;
}

/* ---- cases ---------------------------------------------------------------- */

/*
 * Every lead 0x81..0xFE with every byte 0x00..0xFF, then end of stream,
 * in replacement and fatal mode, as the decoder's steps give it.
 */
static void two_byte_all(struct wt_ctx *wt, enum whatenc_encoding enc)
{
	struct cjk_result *r = cjk_result_alloc(wt, 64);
	unsigned int lead, byte, bad = 0, n = 0;

	for (lead = 0x81; lead <= 0xfe; lead++) {
		WT_YIELD();
		for (byte = 0; byte <= 0xff; byte++) {
			u8 in[2] = { lead, byte }, exp[8];
			size_t ne = 0;
			u32 pointer = 0, cp = 0;
			bool ptr = false;
			int errlen;

			if (byte >= 0x30 && byte <= 0x39) {
				/* gb18030 second set; end of queue: error */
				ne = wt_utf8(exp, 0xfffd);
				errlen = 2;
			} else {
				if ((byte >= 0x40 && byte <= 0x7e) ||
				    (byte >= 0x80 && byte <= 0xfe)) {
					pointer = (lead - 0x81) * 190 +
						  byte - (byte < 0x7f ? 0x40 : 0x41);
					ptr = true;
				}
				cp = ptr ? ref_index_cp(pointer) : 0;
				errlen = 0;
				if (cp) {
					ne = wt_utf8(exp, cp);
				} else {
					ne = wt_utf8(exp, 0xfffd);
					errlen = 2;
					if (byte < 0x80) {
						exp[ne++] = byte;
						errlen = 1;
					}
				}
			}
			n++;
			cjk_dec(enc, 0, in, 2, r);
			if (r->bad || r->n != ne || memcmp(r->out, exp, ne)) {
				if (bad++ < 5)
					WT_NOTE("%02X %02X replacement differs",
						lead, byte);
				continue;
			}
			/* fatal: the same minus U+FFFD, one error at 0 */
			cjk_dec(enc, WHATENC_DEC_FATAL, in, 2, r);
			if (errlen) {
				if (r->bad || r->nerr != 1 || r->err_off[0] ||
				    (int)r->err_len[0] != errlen ||
				    r->n != ne - 3 ||
				    memcmp(r->out, exp + 3, ne - 3)) {
					if (bad++ < 5)
						WT_NOTE("%02X %02X fatal differs",
							lead, byte);
				}
			} else if (r->bad || r->nerr || r->n != ne ||
				   memcmp(r->out, exp, ne)) {
				if (bad++ < 5)
					WT_NOTE("%02X %02X fatal differs", lead,
						byte);
			}
		}
	}
	WT_EXPECT_EQ(n, 126 * 256);
	WT_EXPECT_EQ(bad, 0);
}

WT_CASE(gb18030_two_byte_exhaustive)
{
	two_byte_all(wt, WHATENC_GB18030);
}

WT_CASE(gbk_two_byte_exhaustive)
{
	two_byte_all(wt, WHATENC_GBK);
}

WT_CASE(gb18030_encode_exhaustive)
{
	ref_build_rev(wt);
	WT_EXPECT_EQ(cjk_enc_check_range(wt, WHATENC_GB18030,
					 ref_encode_gb18030, 0, 0x10ffff), 0);
}

WT_CASE(gbk_encode_exhaustive)
{
	ref_build_rev(wt);
	WT_EXPECT_EQ(cjk_enc_check_range(wt, WHATENC_GBK, ref_encode_gbk, 0,
					 0x10ffff), 0);
}

/* Every valid four-byte pointer decodes to its ranges code point. */
WT_CASE(gb18030_four_byte_decode_exhaustive)
{
	enum { BATCH = 4096 };
	u8 *in = WT_ALLOC(BATCH * 4), *exp = WT_ALLOC(BATCH * 4);
	struct cjk_result *r = cjk_result_alloc(wt, BATCH * 4 + 64);
	unsigned int bad = 0, total = 0;
	u32 p = 0;

	while (p <= 1237575) {
		size_t nin = 0, ne = 0;
		unsigned int k;

		WT_YIELD();
		for (k = 0; k < BATCH && p <= 1237575; k++) {
			four_bytes(p, in + nin);
			nin += 4;
			ne += wt_utf8(exp + ne, ref_ranges_cp(p));
			p = p == 39419 ? 189000 : p + 1;
			total++;
		}
		if (!cjk_dec_is(wt, WHATENC_GB18030, in, nin, exp, ne, r) &&
		    bad++ < 5)
			WT_NOTE("batch ending at pointer %u differs", p);
	}
	WT_EXPECT_EQ(total, 39420 + 1237576 - 189000);
	WT_EXPECT_EQ(bad, 0);
}

/* Null four-byte pointers: one U+FFFD each, all four bytes consumed. */
WT_CASE(gb18030_four_byte_null)
{
	struct cjk_result *r = cjk_result_alloc(wt, 64);
	static const u8 fffd[3] = { 0xef, 0xbf, 0xbd };
	unsigned int bad = 0;
	u32 p;

	for (p = 39420; p <= 1587599; p += (p < 189000 || p > 1237575) ? 7 : 100003) {
		u8 in[4];

		if (ref_ranges_cp(p))
			continue;
		four_bytes(p, in);
		if (!cjk_dec_is(wt, WHATENC_GB18030, in, 4, fffd, 3, r) &&
		    bad++ < 5)
			WT_NOTE("pointer %u", p);
		cjk_dec(WHATENC_GB18030, WHATENC_DEC_FATAL, in, 4, r);
		if ((r->nerr != 1 || r->err_off[0] || r->err_len[0] != 4 ||
		     r->n) && bad++ < 5)
			WT_NOTE("pointer %u fatal", p);
	}
	WT_EXPECT_EQ(bad, 0);
}

/* Round trip of every code point the encoder writes as four bytes. */
WT_CASE(gb18030_four_byte_roundtrip)
{
	enum { BATCH = 4096 };
	u8 *in = WT_ALLOC(BATCH * 4);
	struct cjk_result *e = cjk_result_alloc(wt, BATCH * 4 + 64);
	struct cjk_result *d = cjk_result_alloc(wt, BATCH * 4 + 64);
	unsigned int bad = 0, total = 0;
	u32 cp = 0x80;

	ref_build_rev(wt);
	while (cp <= 0x10ffff) {
		size_t nin = 0;
		unsigned int k = 0;
		u8 tmp[4];

		WT_YIELD();
		for (; k < BATCH && cp <= 0x10ffff; cp++) {
			if ((cp >= 0xd800 && cp <= 0xdfff) ||
			    ref_encode(cp, false, tmp) != 4)
				continue;
			nin += wt_utf8(in + nin, cp);
			k++;
		}
		total += k;
		cjk_run(false, WHATENC_GB18030, 0, in, nin, NULL, 0, 0, e);
		if (e->bad || e->nerr || e->n != 4 * k) {
			if (bad++ < 5)
				WT_NOTE("encode batch before U+%04X", cp);
			continue;
		}
		if (!cjk_dec_is(wt, WHATENC_GB18030, e->out, e->n, in, nin, d) &&
		    bad++ < 5)
			WT_NOTE("decode batch before U+%04X", cp);
	}
	/* all but the two-byte index, E5E5, the side table and surrogates */
	WT_NOTE("%u code points round-tripped through four bytes", total);
	WT_EXPECT_TRUE(total > 1000000);
	WT_EXPECT_EQ(bad, 0);
}

/* Spec examples, written from encoding.bs (not from the index). */
WT_CASE(gb18030_spec_edges)
{
	struct cjk_result *r = cjk_result_alloc(wt, 256);
	static const u8 e7c7[] = { 0x81, 0x35, 0xf4, 0x37 };
	static const u8 e7c7_u[] = { 0xee, 0x9f, 0x87 };
	static const u8 ffff[] = { 0x84, 0x31, 0xa4, 0x39 };
	static const u8 ffff_u[] = { 0xef, 0xbf, 0xbf };
	static const u8 p39420[] = { 0x84, 0x31, 0xa5, 0x30 };
	static const u8 u10000[] = { 0x90, 0x30, 0x81, 0x30 };
	static const u8 u10000_u[] = { 0xf0, 0x90, 0x80, 0x80 };
	static const u8 u10ffff[] = { 0xe3, 0x32, 0x9a, 0x35 };
	static const u8 u10ffff_u[] = { 0xf4, 0x8f, 0xbf, 0xbf };
	static const u8 p1237576[] = { 0xe3, 0x32, 0x9a, 0x36 };
	static const u8 fffd[] = { 0xef, 0xbf, 0xbd };
	static const u8 euro[] = { 0x80 };
	static const u8 euro_u[] = { 0xe2, 0x82, 0xac };
	static const u8 ff[] = { 0xff };
	/* 81 30 81 41: restore 30 81 41 -> FFFD, "0", then 81 41 */
	static const u8 bad4[] = { 0x81, 0x30, 0x81, 0x41 };
	/* 81 30 41: restore 30 41 -> FFFD "0A" */
	static const u8 bad3[] = { 0x81, 0x30, 0x41 };
	static const u8 bad3_u[] = { 0xef, 0xbf, 0xbd, '0', 'A' };
	/* 81 30 81 FF: FFFD "0" then 81 FF -> FFFD */
	static const u8 bad4b[] = { 0x81, 0x30, 0x81, 0xff };
	static const u8 bad4b_u[] = { 0xef, 0xbf, 0xbd, '0', 0xef, 0xbf, 0xbd };
	/* the GB18030-2022 changes: A6 D9 -> U+FE10, FE 59 -> U+9FB4 */
	static const u8 a6d9[] = { 0xa6, 0xd9, 0xfe, 0x59 };
	static const u8 a6d9_u[] = { 0xef, 0xb8, 0x90, 0xe9, 0xbe, 0xb4 };
	/* A3 A0 -> U+3000 */
	static const u8 a3a0[] = { 0xa3, 0xa0 };
	static const u8 a3a0_u[] = { 0xe3, 0x80, 0x80 };
	u8 exp[16];
	size_t n;

	WT_EXPECT_TRUE(cjk_dec_is(wt, WHATENC_GB18030, e7c7, 4, e7c7_u, 3, r));
	WT_EXPECT_TRUE(cjk_dec_is(wt, WHATENC_GB18030, ffff, 4, ffff_u, 3, r));
	WT_EXPECT_TRUE(cjk_dec_is(wt, WHATENC_GB18030, p39420, 4, fffd, 3, r));
	WT_EXPECT_TRUE(cjk_dec_is(wt, WHATENC_GB18030, u10000, 4, u10000_u, 4, r));
	WT_EXPECT_TRUE(cjk_dec_is(wt, WHATENC_GB18030, u10ffff, 4, u10ffff_u, 4, r));
	WT_EXPECT_TRUE(cjk_dec_is(wt, WHATENC_GB18030, p1237576, 4, fffd, 3, r));
	WT_EXPECT_TRUE(cjk_dec_is(wt, WHATENC_GBK, euro, 1, euro_u, 3, r));
	WT_EXPECT_TRUE(cjk_dec_is(wt, WHATENC_GB18030, ff, 1, fffd, 3, r));
	WT_EXPECT_TRUE(cjk_dec_is(wt, WHATENC_GB18030, bad3, 3, bad3_u, 5, r));
	WT_EXPECT_TRUE(cjk_dec_is(wt, WHATENC_GB18030, bad4b, 4, bad4b_u, 7, r));
	WT_EXPECT_TRUE(cjk_dec_is(wt, WHATENC_GB18030, a6d9, 4, a6d9_u, 6, r));
	WT_EXPECT_TRUE(cjk_dec_is(wt, WHATENC_GBK, a3a0, 2, a3a0_u, 3, r));
	n = wt_utf8(exp, 0xfffd);
	exp[n++] = '0';
	n += wt_utf8(exp + n, ref_index_cp(0x41 - 0x40));
	WT_EXPECT_TRUE(cjk_dec_is(wt, WHATENC_GB18030, bad4, 4, exp, n, r));

	/* fatal: 81 30 81 41 -> error at 0, length 1; then "0" and 81 41 */
	cjk_dec(WHATENC_GB18030, WHATENC_DEC_FATAL, bad4, 4, r);
	WT_EXPECT_EQ(r->nerr, 1);
	WT_EXPECT_EQ(r->err_off[0], 0);
	WT_EXPECT_EQ(r->err_len[0], 1);
	WT_EXPECT_EQ(r->n, n - 3);
	WT_EXPECT_MEMEQ(r->out, exp + 3, n - 3);
	/* fatal: 81 30 81 FF -> errors at 0 (len 1) and 2 (81 FF, len 2) */
	cjk_dec(WHATENC_GB18030, WHATENC_DEC_FATAL, bad4b, 4, r);
	WT_EXPECT_EQ(r->nerr, 2);
	WT_EXPECT_EQ(r->err_off[0], 0);
	WT_EXPECT_EQ(r->err_len[0], 1);
	WT_EXPECT_EQ(r->err_off[1], 2);
	WT_EXPECT_EQ(r->err_len[1], 2);
	WT_EXPECT_EQ(r->n, 1);
	/* fatal: 3 bytes held at the end: error at 0, length 3 */
	cjk_dec(WHATENC_GB18030, WHATENC_DEC_FATAL, bad4, 3, r);
	WT_EXPECT_EQ(r->nerr, 1);
	WT_EXPECT_EQ(r->err_off[0], 0);
	WT_EXPECT_EQ(r->err_len[0], 3);
	WT_EXPECT_EQ(r->n, 0);
}

WT_CASE(gb18030_encode_edges)
{
	struct cjk_result *r = cjk_result_alloc(wt, 256);
	/* U+E5E5, U+20AC, U+E78D, U+E7C7, U+FE10, U+0080 */
	static const u8 in[] = { 0xee, 0x97, 0xa5, 0xe2, 0x82, 0xac,
				 0xee, 0x9e, 0x8d, 0xee, 0x9f, 0x87,
				 0xef, 0xb8, 0x90, 0xc2, 0x80 };
	u8 exp[64];
	size_t n = 0;

	ref_build_rev(wt);
	/* gb18030, html: &#58853; then the index forms */
	memcpy(exp, "&#58853;", 8);
	n = 8;
	n += ref_encode(0x20ac, false, exp + n);
	exp[n++] = 0xa6;
	exp[n++] = 0xd9;	/* U+E78D: the side table */
	memcpy(exp + n, "\x81\x35\xf4\x37", 4);	/* U+E7C7: pointer 7457 */
	n += 4;
	exp[n++] = 0xa6;
	exp[n++] = 0xd9;	/* U+FE10: index pointer 7182 */
	memcpy(exp + n, "\x81\x30\x81\x30", 4);	/* U+0080: pointer 0 */
	n += 4;
	cjk_run(false, WHATENC_GB18030, WHATENC_ENC_HTML, in, sizeof(in), NULL,
		0, 0, r);
	WT_EXPECT_EQ(r->n, n);
	WT_EXPECT_MEMEQ(r->out, exp, n);
	/* GBK: 0x80 for the euro, no four-byte forms */
	memcpy(exp, "&#58853;\x80\xa6\xd9&#59335;\xa6\xd9&#128;", 27);
	cjk_run(false, WHATENC_GBK, WHATENC_ENC_HTML, in, sizeof(in), NULL, 0,
		0, r);
	WT_EXPECT_EQ(r->n, 27);
	WT_EXPECT_MEMEQ(r->out, exp, 27);
	/* fatal: errors at 0 (U+E5E5), 9 (U+E7C7) and 15 (U+0080) */
	cjk_run(false, WHATENC_GBK, 0, in, sizeof(in), NULL, 0, 0, r);
	WT_EXPECT_EQ(r->nerr, 3);
	WT_EXPECT_EQ(r->err_off[0], 0);
	WT_EXPECT_EQ(r->err_cp[0], 0xe5e5);
	WT_EXPECT_EQ(r->err_len[0], 3);
	WT_EXPECT_EQ(r->err_off[1], 9);
	WT_EXPECT_EQ(r->err_cp[1], 0xe7c7);
	WT_EXPECT_EQ(r->err_off[2], 15);
	WT_EXPECT_EQ(r->err_cp[2], 0x80);
	WT_EXPECT_EQ(r->err_len[2], 2);
}

/*
 * The gb18030 decoder's handler run over an I/O queue, literally as the
 * standard writes it (restored bytes are read again first), in
 * replacement mode. Returns the UTF-8 length; *nerr = errors.
 */
static size_t ref_decode(const u8 *in, size_t len, u8 *out, unsigned int *nerr)
{
	u8 stack[8];
	int sp = 0;
	size_t i = 0, n = 0;
	u8 first = 0, second = 0, third = 0;

	*nerr = 0;
	for (;;) {
		int byte = sp ? stack[--sp] : i < len ? in[i++] : -1;
		u32 cp = 0;
		bool error = false;

		if (byte < 0) {
			if (first || second || third) {
				first = second = third = 0;
				n += wt_utf8(out + n, 0xfffd);
				(*nerr)++;
			}
			return n;
		}
		if (third) {
			if (byte < 0x30 || byte > 0x39) {
				/* restore « second, third, byte » */
				stack[sp++] = byte;
				stack[sp++] = third;
				stack[sp++] = second;
				first = second = third = 0;
				error = true;
			} else {
				cp = ref_ranges_cp((first - 0x81) * 12600 +
						   (second - 0x30) * 1260 +
						   (third - 0x81) * 10 + byte - 0x30);
				first = second = third = 0;
				error = !cp;
			}
		} else if (second) {
			if (byte >= 0x81 && byte <= 0xfe) {
				third = byte;
				continue;
			}
			stack[sp++] = byte;
			stack[sp++] = second;
			first = second = 0;
			error = true;
		} else if (first) {
			u8 lead = first;

			if (byte >= 0x30 && byte <= 0x39) {
				second = byte;
				continue;
			}
			first = 0;
			if ((byte >= 0x40 && byte <= 0x7e) ||
			    (byte >= 0x80 && byte <= 0xfe))
				cp = ref_index_cp((lead - 0x81) * 190 + byte -
						  (byte < 0x7f ? 0x40 : 0x41));
			if (!cp) {
				if (byte < 0x80)
					stack[sp++] = byte;
				error = true;
			}
		} else if (byte < 0x80) {
			cp = byte;
		} else if (byte == 0x80) {
			cp = 0x20ac;
		} else if (byte <= 0xfe) {
			first = byte;
			continue;
		} else {
			error = true;
		}
		if (error) {
			n += wt_utf8(out + n, 0xfffd);
			(*nerr)++;
		} else {
			n += wt_utf8(out + n, cp);
		}
	}
}

/* Random byte strings against ref_decode(), and split at random. */
WT_CASE(gb18030_random_vs_spec_steps)
{
	static const u8 alphabet[] = {
		0x81, 0x82, 0x84, 0x8f, 0x90, 0xa1, 0xa6, 0xe3, 0xfe, 0xff,
		0x80, 0x30, 0x31, 0x35, 0x39, 0x40, 0x41, 0x7e, 0x7f, 0x9a,
		0xa0, 0xd9, 0x00, 0x20,
	};
	struct cjk_result *r = cjk_result_alloc(wt, 256);
	struct cjk_result *f = cjk_result_alloc(wt, 256);
	u8 in[32], exp[128];
	u32 seed = 0x2545f491;
	unsigned int iter, bad = 0, errs = 0;

	for (iter = 0; iter < 20000; iter++) {
		size_t len, ne, k, cuts[2];
		unsigned int nerr;

		WT_YIELD();
		seed ^= seed << 13;
		seed ^= seed >> 17;
		seed ^= seed << 5;
		len = 1 + seed % 24;
		for (k = 0; k < len; k++) {
			seed ^= seed << 13;
			seed ^= seed >> 17;
			seed ^= seed << 5;
			in[k] = seed % 8 ? alphabet[(seed >> 8) % sizeof(alphabet)] :
					   seed >> 24;
		}
		ne = ref_decode(in, len, exp, &nerr);
		errs += nerr;
		cjk_dec(WHATENC_GB18030, 0, in, len, r);
		if (r->bad || r->n != ne || memcmp(r->out, exp, ne)) {
			if (bad++ < 5)
				WT_NOTE("iteration %u: differs from the spec steps",
					iter);
			continue;
		}
		cjk_dec(WHATENC_GB18030, WHATENC_DEC_FATAL, in, len, f);
		if (f->bad || f->nerr != nerr || f->n != ne - 3 * nerr) {
			if (bad++ < 5)
				WT_NOTE("iteration %u: fatal mode differs", iter);
			continue;
		}
		cuts[0] = (seed >> 4) % (len + 1);
		cuts[1] = cuts[0] + (seed >> 12) % (len + 1 - cuts[0]);
		cjk_run(true, WHATENC_GB18030, WHATENC_BOM_KEEP, in, len, cuts,
			2, (seed >> 20) % 4, r);
		if (r->bad || r->n != ne || memcmp(r->out, exp, ne)) {
			if (bad++ < 5)
				WT_NOTE("iteration %u: split %zu/%zu differs", iter,
					cuts[0], cuts[1]);
		}
	}
	WT_NOTE("20000 random strings, %u errors", errs);
	WT_EXPECT_EQ(bad, 0);
}

/*
 * Chinese-prose-like input of 8..215 bytes against ref_decode(), with
 * room for all (the roomy fast path, gb_fast_roomy()) and in fatal mode:
 * GB2312 codes (leads 0xB0..0xF7, trails 0xA1..0xFE), GBK/3 codes (leads
 * 0x81..0xA0, trails 0x40..0xFE), A1 A4 (U+00B7, two bytes of UTF-8),
 * single ASCII bytes and runs of 2-9, 0x80 (U+20AC), and after the first
 * 120 bytes in half the inputs 0xFF, a lead before '!', a lead before
 * 0x7F, four-byte sequences (0x81 0x30 0x81 0x30: U+0080).
 */
WT_CASE(gb18030_prose_fast)
{
	const size_t cap = 4 * 256 + 16;
	struct cjk_result *r = cjk_result_alloc(wt, cap);
	u8 *in = WT_ALLOC(256), *exp = WT_ALLOC(cap);
	u32 seed = 1;
	unsigned int i, bad = 0;

	for (i = 0; i < 2000; i++) {
		size_t n = 0, len = 8 + i % 208, ne;
		unsigned int nerr;

		if (i % 64 == 0)
			WT_YIELD();
		while (n < len) {
			u32 k, x;

			seed = seed * 1103515245 + 12345;
			x = seed >> 8;
			k = x % (i & 1 && n >= 120 ? 16 : 12);
			x >>= 4;
			if (k < 5) {
				in[n++] = 0xb0 + x % 72;
				in[n++] = 0xa1 + (x >> 7) % 94;
			} else if (k == 5) {
				in[n++] = 0x81 + x % 32;
				in[n++] = 0x40 + (x >> 5) % 190 +
					  ((x >> 5) % 190 >= 0x3f);
			} else if (k < 9) {
				in[n++] = k == 6 ? ' ' : x % 0x80;
			} else if (k == 9) {
				for (k = 2 + x % 8; k--;)
					in[n++] = 'a' + k;
			} else if (k == 10) {
				in[n++] = 0xa1;
				in[n++] = 0xa4;
			} else if (k == 11) {
				in[n++] = 0x80;
			} else if (k == 12) {
				in[n++] = 0xff;
			} else if (k == 13) {
				in[n++] = 0x81 + x % 126;
				in[n++] = '!';
			} else if (k == 14) {
				in[n++] = 0x81 + x % 126;
				in[n++] = 0x7f;
			} else {
				in[n++] = 0x81;
				in[n++] = 0x30;
				in[n++] = 0x81;
				in[n++] = 0x30;
			}
		}
		ne = ref_decode(in, n, exp, &nerr);
		cjk_dec(WHATENC_GB18030, 0, in, n, r);
		if (r->bad || r->n != ne || memcmp(r->out, exp, ne)) {
			if (bad++ < 5)
				WT_NOTE("input %u (%zu bytes) differs", i, n);
			continue;
		}
		cjk_dec(WHATENC_GB18030, WHATENC_DEC_FATAL, in, n, r);
		if (r->bad || r->nerr != nerr || r->n != ne - 3 * nerr) {
			if (bad++ < 5)
				WT_NOTE("input %u (%zu bytes): fatal mode differs",
					i, n);
		}
	}
	WT_EXPECT_EQ(bad, 0);
}

static const u8 split_dec_in[] = {
	'a', 0x81, 0x30, 0x81, 0x30, 'b', 0xa1, 0xa1, 0x81, 0x30, 0x81, 0x41,
	0x84, 0x31, 0xa5, 0x30, 0x81, 0x30, 0xff, 0x80, 0xe3, 0x32, 0x9a,
	0x35, 0x81, 0x41, 0x81, 0x7f, 0x81, 0x30, 0x41, 0x90, 0x30, 0x81,
	0x81, 0x35, 0xf4, 0x37, 0xfe,
};

static const u8 split_enc_in[] = {
	'x', 0xe4, 0xb8, 0x82, 0xf0, 0x9f, 0x98, 0x80, 0xee, 0x97, 0xa5,
	0xe2, 0x82, 0xac, 0xc2, 0x80, 0xed, 0xa0, 0x80, 0xf4, 0x8f, 0xbf,
	0xbf, 0xe3, 0x80, 0x80, 0xee, 0x9e, 0x8d, 0xf0, 0x9f, 0x98,
};

WT_CASE(gb18030_split_everywhere)
{
	unsigned int runs = 0;

	WT_EXPECT_EQ(cjk_split_all(wt, true, WHATENC_GB18030, 0, split_dec_in,
				   sizeof(split_dec_in), &runs), 0);
	WT_EXPECT_EQ(cjk_split_all(wt, true, WHATENC_GB18030,
				   WHATENC_DEC_FATAL, split_dec_in,
				   sizeof(split_dec_in), &runs), 0);
	WT_EXPECT_EQ(cjk_split_all(wt, false, WHATENC_GB18030,
				   WHATENC_ENC_HTML, split_enc_in,
				   sizeof(split_enc_in), &runs), 0);
	WT_EXPECT_EQ(cjk_split_all(wt, false, WHATENC_GBK, 0, split_enc_in,
				   sizeof(split_enc_in), &runs), 0);
	WT_EXPECT_EQ(cjk_split_all(wt, false, WHATENC_GB18030, 0, split_enc_in,
				   sizeof(split_enc_in), &runs), 0);
	WT_NOTE("%u split runs", runs);
}

WT_SUITE(gb18030,
	 WT_RUN(gb18030_two_byte_exhaustive),
	 WT_RUN(gbk_two_byte_exhaustive),
	 WT_RUN(gb18030_encode_exhaustive),
	 WT_RUN(gbk_encode_exhaustive),
	 WT_RUN(gb18030_four_byte_decode_exhaustive),
	 WT_RUN(gb18030_four_byte_null),
	 WT_RUN(gb18030_four_byte_roundtrip),
	 WT_RUN(gb18030_spec_edges),
	 WT_RUN(gb18030_encode_edges),
	 WT_RUN(gb18030_split_everywhere),
	 WT_RUN(gb18030_random_vs_spec_steps),
	 WT_RUN(gb18030_prose_fast));

#else /* !CJK_INDEX_PRESENT */

WT_CASE(gb18030_no_index)
{
	WT_SKIP("build/vectors/cjk_index.h: index files missing");
}

WT_SUITE(gb18030, WT_RUN(gb18030_no_index));

#endif
