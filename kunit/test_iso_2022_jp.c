// SPDX-License-Identifier: GPL-2.0-only
/*
 * test_iso_2022_jp.c - ISO-2022-JP against a model of the Encoding
 * Standard's "ISO-2022-JP decoder"/"ISO-2022-JP encoder" state machines,
 * run over the index files read at build time (jis_index.h): every
 * escape sequence (valid, invalid, truncated) after every state, the
 * output flag, every byte pair in jis0208 state, every scalar value
 * through the encoder, encoder state transitions, html mode.
 */
#include "jp_util.h"

enum { D_ASCII, D_ROMAN, D_KATA, D_LEAD, D_TRAIL, D_ESC_START, D_ESC };
enum { E_ASCII, E_ROMAN, E_JIS };

/*
 * The spec's decoder handler, step by step. "Restore" moves the read
 * position back (the restored bytes are the ones just read).
 */
static void ref_iso_decode(const u8 *in, size_t n, struct jp_ref *r)
{
	int state = D_ASCII, ostate = D_ASCII, lead = 0;
	bool output = false;
	size_t pos = 0;

	r->n = 0;
	for (;;) {
		int byte = pos < n ? in[pos++] : -1;

		switch (state) {
		case D_ASCII:
		case D_ROMAN:
		case D_KATA:
		case D_LEAD:
			if (byte == 0x1b) {
				state = D_ESC_START;
				continue;
			}
			if (byte < 0)
				return;
			output = false;
			if (state == D_ASCII && byte < 0x80 && byte != 0x0e &&
			    byte != 0x0f) {
				jp_push(r, byte);
			} else if (state == D_ROMAN && byte == 0x5c) {
				jp_push(r, 0xa5);
			} else if (state == D_ROMAN && byte == 0x7e) {
				jp_push(r, 0x203e);
			} else if (state == D_ROMAN && byte < 0x80 &&
				   byte != 0x0e && byte != 0x0f) {
				jp_push(r, byte);
			} else if (state == D_KATA && byte >= 0x21 &&
				   byte <= 0x5f) {
				jp_push(r, 0xff61 - 0x21 + byte);
			} else if (state == D_LEAD && byte >= 0x21 &&
				   byte <= 0x7e) {
				lead = byte;
				state = D_TRAIL;
			} else {
				jp_push_err(r, 0, pos - 1, 1);
			}
			continue;
		case D_TRAIL:
			if (byte == 0x1b) {
				state = D_ESC_START;
				jp_push_err(r, 0, pos - 2, 2);
				continue;
			}
			state = D_LEAD;
			if (byte < 0) {
				jp_push_err(r, 0, pos - 1, 1);
				continue;
			}
			if (byte >= 0x21 && byte <= 0x7e &&
			    jisv_0208[(lead - 0x21) * 94 + byte - 0x21]) {
				jp_push(r, jisv_0208[(lead - 0x21) * 94 + byte -
						     0x21]);
				continue;
			}
			jp_push_err(r, 0, pos - 2, 2);
			continue;
		case D_ESC_START:
			if (byte == 0x24 || byte == 0x28) {
				lead = byte;
				state = D_ESC;
				continue;
			}
			if (byte >= 0)
				pos--;
			output = false;
			state = ostate;
			jp_push_err(r, 0, pos - 1, 1);
			continue;
		default: {
			int l = lead, s = -1;

			lead = 0;
			if (l == 0x28 && byte == 0x42)
				s = D_ASCII;
			if (l == 0x28 && byte == 0x4a)
				s = D_ROMAN;
			if (l == 0x28 && byte == 0x49)
				s = D_KATA;
			if (l == 0x24 && (byte == 0x40 || byte == 0x42))
				s = D_LEAD;
			if (s >= 0) {
				state = s;
				ostate = s;
				if (output)
					jp_push_err(r, 0, pos - 3, 3);
				output = true;
				continue;
			}
			pos -= byte < 0 ? 1 : 2;
			output = false;
			state = ostate;
			jp_push_err(r, 0, pos - 1, 1);
			continue;
		}
		}
	}
}

static void ref_put_ncr(u8 *out, size_t *len, u32 cp)
{
	u8 d[8];
	unsigned int k = 0;

	do {
		d[k++] = '0' + cp % 10;
		cp /= 10;
	} while (cp);
	out[(*len)++] = '&';
	out[(*len)++] = '#';
	while (k)
		out[(*len)++] = d[--k];
	out[(*len)++] = ';';
}

/* The spec's encoder handler over @cps; "restore" = read it again. */
static size_t ref_iso_encode(const u32 *cps, size_t n, bool html, u8 *out,
			     long *first_err, const u16 *rev)
{
	int state = E_ASCII;
	size_t i = 0, len = 0;

	*first_err = -1;
	for (;;) {
		u32 cp, p;

		if (i == n) {
			if (state != E_ASCII) {
				state = E_ASCII;
				memcpy(out + len, "\x1b(B", 3);
				len += 3;
			}
			return len;
		}
		cp = cps[i++];
		if (state != E_JIS && (cp == 0x0e || cp == 0x0f || cp == 0x1b)) {
			if (!html) {
				*first_err = i - 1;
				return len;
			}
			ref_put_ncr(out, &len, 0xfffd);
			continue;
		}
		if (state == E_ASCII && cp < 0x80) {
			out[len++] = cp;
			continue;
		}
		if (state == E_ROMAN && ((cp < 0x80 && cp != 0x5c && cp != 0x7e) ||
					 cp == 0xa5 || cp == 0x203e)) {
			out[len++] = cp < 0x80 ? cp : cp == 0xa5 ? 0x5c : 0x7e;
			continue;
		}
		if (cp < 0x80) {
			i--;
			state = E_ASCII;
			memcpy(out + len, "\x1b(B", 3);
			len += 3;
			continue;
		}
		if (cp == 0xa5 || cp == 0x203e) {
			i--;
			state = E_ROMAN;
			memcpy(out + len, "\x1b(J", 3);
			len += 3;
			continue;
		}
		if (cp == 0x2212)
			cp = 0xff0d;
		if (cp >= 0xff61 && cp <= 0xff9f)
			cp = jisv_katakana[cp - 0xff61];
		p = cp < 0x10000 ? rev[cp] : 0xffff;
		if (p == 0xffff) {
			if (state == E_JIS) {
				i--;
				state = E_ASCII;
				memcpy(out + len, "\x1b(B", 3);
				len += 3;
				continue;
			}
			if (!html) {
				*first_err = i - 1;
				return len;
			}
			ref_put_ncr(out, &len, cp);
			continue;
		}
		if (state != E_JIS) {
			i--;
			state = E_JIS;
			memcpy(out + len, "\x1b$B", 3);
			len += 3;
			continue;
		}
		out[len++] = p / 94 + 0x21;
		out[len++] = p % 94 + 0x21;
	}
}

/* Escape sequences after these prefixes (the decoder's states). */
static const char *const prefixes[] = {
	"", "A", "\x1b(J", "\x1b(JA", "\x1b(I", "\x1b(I1", "\x1b$@", "\x1b$B",
	"\x1b$B0", "\x1b$B0!",
};

WT_CASE(iso_decode_escapes)
{
	struct jp_ref *r = WT_ALLOC(sizeof(*r));
	unsigned int i, x, y, bad = 0;
	u8 in[16];

	if (!JISV_PRESENT)
		WT_SKIP("index files not found at build time");
	if (!r)
		return;
	for (i = 0; i < ARRAY_SIZE(prefixes) && bad < 10; i++) {
		size_t pl = strlen(prefixes[i]);

		memcpy(in, prefixes[i], pl);
		in[pl] = 0x1b;
		/* truncated: ESC at the end, ESC x at the end */
		ref_iso_decode(in, pl + 1, r);
		bad += !jp_check_dec(wt, WHATENC_ISO_2022_JP, in, pl + 1, r);
		for (x = 0; x < 256 && bad < 10; x++) {
			WT_YIELD();
			in[pl + 1] = x;
			ref_iso_decode(in, pl + 2, r);
			bad += !jp_check_dec(wt, WHATENC_ISO_2022_JP, in,
					     pl + 2, r);
			for (y = 0; y < 256 && bad < 10; y++) {
				in[pl + 2] = y;
				in[pl + 3] = '!';
				ref_iso_decode(in, pl + 4, r);
				bad += !jp_check_dec(wt, WHATENC_ISO_2022_JP,
						     in, pl + 4, r);
			}
		}
	}
	WT_EXPECT_EQ(bad, 0);
}

/*
 * Three pieces in a row, of runs in each mode and escape sequences
 * (valid, invalid, cut, doubled): the fast path goes from run to run over
 * the escape sequences that are not errors, and leaves everything else
 * to the steps.
 */
WT_CASE(iso_decode_stretches)
{
	static const char *const piece[] = {
		"ab", "\\~", "0!", "0!3q", "\x7f!", "1", "\x0e", "\x1b(B",
		"\x1b(J", "\x1b$B", "\x1b$@", "\x1b(I", "\x1b(X", "\x1b$",
	};
	const unsigned int np = ARRAY_SIZE(piece);
	struct jp_ref *r = WT_ALLOC(sizeof(*r));
	unsigned int i, j, k, bad = 0;
	u8 in[16];

	if (!JISV_PRESENT)
		WT_SKIP("index files not found at build time");
	if (!r)
		return;
	for (i = 0; i < np * np * np && bad < 10; i++) {
		size_t n = 0;

		WT_YIELD();
		for (j = 0, k = i; j < 3; j++, k /= np) {
			size_t pl = strlen(piece[k % np]);

			memcpy(in + n, piece[k % np], pl);
			n += pl;
		}
		ref_iso_decode(in, n, r);
		bad += !jp_check_dec(wt, WHATENC_ISO_2022_JP, in, n, r);
	}
	WT_EXPECT_EQ(bad, 0);
}

/* Every byte, and every byte pair, in each state. */
WT_CASE(iso_decode_all_pairs)
{
	struct jp_ref *r = WT_ALLOC(sizeof(*r));
	unsigned int i, x, y, bad = 0;
	u8 in[16];

	if (!JISV_PRESENT)
		WT_SKIP("index files not found at build time");
	if (!r)
		return;
	for (i = 0; i < ARRAY_SIZE(prefixes) && bad < 10; i++) {
		size_t pl = strlen(prefixes[i]);

		memcpy(in, prefixes[i], pl);
		for (x = 0; x < 256 && bad < 10; x++) {
			WT_YIELD();
			in[pl] = x;
			ref_iso_decode(in, pl + 1, r);
			bad += !jp_check_dec(wt, WHATENC_ISO_2022_JP, in,
					     pl + 1, r);
			if (i != 7 && x != 0x1b)
				continue;
			for (y = 0; y < 256 && bad < 10; y++) {
				in[pl + 1] = y;
				ref_iso_decode(in, pl + 2, r);
				bad += !jp_check_dec(wt, WHATENC_ISO_2022_JP,
						     in, pl + 2, r);
			}
		}
	}
	WT_EXPECT_EQ(bad, 0);
}

/* Values written in the spec's text. */
WT_CASE(iso_spec_examples)
{
	/* ISO-2022-JP encoder note: U+00A5 gives 1B 28 4A 5C 1B 28 42 ... */
	static const u8 yen_bytes[] = { 0x1b, 0x28, 0x4a, 0x5c, 0x1b, 0x28, 0x42 };
	/* ... and decoding that twice gives U+00A5 U+FFFD U+00A5 */
	static const u8 yen_twice[] = { 0xc2, 0xa5, 0xef, 0xbf, 0xbd, 0xc2, 0xa5 };
	u8 in[16], out[64];
	struct whatenc_decoder d;
	struct whatenc_encoder e;
	size_t n;

	WT_EXPECT_EQ(jp_encode(WHATENC_ISO_2022_JP, 0, (const u8 *)"\xc2\xa5", 2,
			       out, 64, &n, &e), WHATENC_INPUT_EMPTY);
	WT_EXPECT_EQ(n, 7);
	WT_EXPECT_MEMEQ(out, yen_bytes, 7);
	memcpy(in, yen_bytes, 7);
	memcpy(in + 7, yen_bytes, 7);
	WT_EXPECT_EQ(jp_decode(WHATENC_ISO_2022_JP, 0, in, 14, out, 64, &n, &d),
		     WHATENC_INPUT_EMPTY);
	WT_EXPECT_EQ(n, 7);
	WT_EXPECT_MEMEQ(out, yen_twice, 7);
	/* U+000E in ASCII state: error with U+FFFD, html "&#65533;" */
	WT_EXPECT_EQ(jp_encode(WHATENC_ISO_2022_JP, WHATENC_ENC_HTML,
			       (const u8 *)"a\x0e", 2, out, 64, &n, &e),
		     WHATENC_INPUT_EMPTY);
	WT_EXPECT_EQ(n, 9);
	WT_EXPECT_MEMEQ(out, "a&#65533;", 9);
	WT_EXPECT_EQ(jp_encode(WHATENC_ISO_2022_JP, 0, (const u8 *)"a\x1b", 2,
			       out, 64, &n, &e), WHATENC_UNMAPPABLE);
	WT_EXPECT_EQ(e.err.cp, 0xfffd);
	WT_EXPECT_EQ(e.err.offset, 1);
	WT_EXPECT_EQ(e.err.len, 1);
}

/*
 * WPT legacy-mb-japanese/iso-2022-jp/iso2022jp-encode-form-errors-
 * stateful.html (encode.tsv): html mode inside jis0208 state.
 */
WT_CASE(iso_wpt_stateful)
{
	static const u8 in[] = "ABC~\xc2\xa4\xe2\x80\xa2\xe2\x98\x85\xe6\x98\x9f"
			       "\xf0\x9f\x8c\x9f\xe6\x98\x9f\xe2\x98\x85\xe2\x80"
			       "\xa2\xc2\xa4~XYZ";
	static const u8 exp[] = "ABC~&#164;&#8226;\x1b$B!z@1\x1b(B&#127775;"
				"\x1b$B@1!z\x1b(B&#8226;&#164;~XYZ";
	struct whatenc_encoder e;
	u8 out[128];
	size_t n;

	WT_EXPECT_EQ(jp_encode(WHATENC_ISO_2022_JP, WHATENC_ENC_HTML, in,
			       sizeof(in) - 1, out, 128, &n, &e),
		     WHATENC_INPUT_EMPTY);
	WT_EXPECT_EQ(n, sizeof(exp) - 1);
	WT_EXPECT_MEMEQ(out, exp, sizeof(exp) - 1);
	jp_check_splits(wt, true, WHATENC_ISO_2022_JP, WHATENC_ENC_HTML, in,
			sizeof(in) - 1, exp, sizeof(exp) - 1);
}

WT_CASE(iso_encode_all_scalars)
{
	u16 *rev;

	if (!JISV_PRESENT)
		WT_SKIP("index files not found at build time");
	rev = jp_reverse(wt, 1, 0);
	if (rev)
		jp_check_enc_all(wt, WHATENC_ISO_2022_JP, ref_iso_encode, rev);
}

/*
 * Encoder state transitions: every sequence of 3 code points from
 * classes that take different paths, html and fatal mode, as one call
 * and (html) split everywhere.
 */
WT_CASE(iso_encode_transitions)
{
	static const u32 cls[] = { 'a', 0x5c, 0x7e, 0x0e, 0x1b, 0xa5, 0x203e,
				   0x65e5, 0xff71, 0xff9e, 0x2212, 0x2603,
				   0x1f600 };
	const unsigned int nc = ARRAY_SIZE(cls);
	u8 *in = WT_ALLOC(64), *out = WT_ALLOC(256), *exp = WT_ALLOC(256);
	unsigned int i, j, k, bad = 0;
	u16 *rev;

	if (!JISV_PRESENT)
		WT_SKIP("index files not found at build time");
	rev = jp_reverse(wt, 1, 0);
	if (!rev || !in || !out || !exp)
		return;
	for (i = 0; i < nc * nc * nc && bad < 10; i++) {
		u32 cps[3] = { cls[i % nc], cls[i / nc % nc], cls[i / nc / nc] };
		struct whatenc_encoder e;
		size_t il = 0, el, ol;
		enum whatenc_ret ret;
		long fe;

		for (j = 0; j < 3; j++)
			il += wt_utf8(in + il, cps[j]);
		el = ref_iso_encode(cps, 3, true, exp, &fe, rev);
		ret = jp_encode(WHATENC_ISO_2022_JP, WHATENC_ENC_HTML, in, il,
				out, 256, &ol, &e);
		if (ret != WHATENC_INPUT_EMPTY || ol != el ||
		    memcmp(out, exp, el)) {
			WT_FAIL("html U+%04X U+%04X U+%04X", cps[0], cps[1],
				cps[2]);
			bad++;
		}
		if (i % 7 == 0)
			jp_check_splits(wt, true, WHATENC_ISO_2022_JP,
					WHATENC_ENC_HTML, in, il, exp, el);
		el = ref_iso_encode(cps, 3, false, exp, &fe, rev);
		ret = jp_encode(WHATENC_ISO_2022_JP, 0, in, il, out, 256, &ol,
				&e);
		for (j = 0, k = 0; fe >= 0 && j < (unsigned int)fe; j++)
			k += wt_utf8(out + 200, cps[j]);
		if ((fe < 0 ? ret != WHATENC_INPUT_EMPTY :
		     ret != WHATENC_UNMAPPABLE || e.err.offset != k) ||
		    ol != el || memcmp(out, exp, el)) {
			WT_FAIL("fatal U+%04X U+%04X U+%04X: ret %d", cps[0],
				cps[1], cps[2], ret);
			bad++;
		}
	}
	WT_EXPECT_EQ(bad, 0);
}

WT_CASE(iso_decode_splits)
{
	static const u8 dec_in[] =
		"a\x1b(J\\~\x1b$B;z\x1b(I1\x1b(B\x1b(Bz\x1b$Bx\x1b(\x1b$\x1b$A\x1b(Jq\x1b\x1b$B!";
	struct jp_ref *r = WT_ALLOC(sizeof(*r));
	u8 *exp = WT_ALLOC(256);
	size_t elen;
	int f;

	if (!JISV_PRESENT)
		WT_SKIP("index files not found at build time");
	if (!r || !exp)
		return;
	ref_iso_decode(dec_in, sizeof(dec_in) - 1, r);
	elen = jp_ref_dec_utf8(r, false, exp, &f);
	jp_check_splits(wt, false, WHATENC_ISO_2022_JP, 0, dec_in,
			sizeof(dec_in) - 1, exp, elen);
	jp_check_dec(wt, WHATENC_ISO_2022_JP, dec_in, sizeof(dec_in) - 1, r);
}

WT_SUITE(iso_2022_jp, WT_RUN(iso_decode_escapes), WT_RUN(iso_decode_stretches),
	 WT_RUN(iso_decode_all_pairs),
	 WT_RUN(iso_spec_examples), WT_RUN(iso_wpt_stateful),
	 WT_RUN(iso_encode_all_scalars), WT_RUN(iso_encode_transitions),
	 WT_RUN(iso_decode_splits));
