// SPDX-License-Identifier: GPL-2.0-only
/*
 * fuzz_names.c - libFuzzer harness for the name and WTF-8 helpers
 * (module/names/names.c, module/names/wtf8.c)
 *
 * Input: byte 0 the encoding, byte 1 the name flags, byte 2 the output
 * size (< 0x80: the documented maximum 3 * len + 1 (+ NUL); else
 * 0..127 bytes), the rest is the name.
 * whatenc_name_decode() against the streaming decoder (BOM_KEEP, fatal
 * unless WHATENC_NAME_REPLACE): the same bytes on success, and on failure
 * the error of the problem that comes first in the output (malformed
 * input, no room, NUL or '/'); never -ENAMETOOLONG with the documented
 * size. WTF-8: WTF-16LE/BE -> WTF-8 -> WTF-16 gives the input back, the
 * WTF-8 is well-formed and whatenc_wtf8_check() classifies any input
 * like an independent checker; the lossy UTF-8 conversion of well-formed
 * WTF-8 is UTF-8, the strict one fails iff there is a surrogate.
 */
#include <stdint.h>
#include "fuzz_util.h"
#include "whatenc_names.h"

static void check_name_decode(enum whatenc_encoding enc, unsigned int fl,
			      const u8 *src, size_t len, size_t dsz)
{
	bool term = fl & WHATENC_NAME_NUL_TERM, rep = fl & WHATENC_NAME_REPLACE;
	struct whatenc_decoder d;
	struct whatenc_buf b;
	enum whatenc_ret ret;
	size_t cap, room, i, epos = SIZE_MAX, fpos = SIZE_MAX, spos = SIZE_MAX;
	size_t best;
	u8 *dst = malloc(dsz ? dsz : 1), *o;
	int r, want;

	FUZZ_CHECK(dst);
	r = whatenc_name_decode(enc, src, len, dsz ? dst : NULL, dsz, fl);
	FUZZ_CHECK(!whatenc_decoder_init(&d, enc, WHATENC_BOM_KEEP |
					 (rep ? 0 : WHATENC_DEC_FATAL)));
	cap = whatenc_decoder_max_utf8(&d, len);
	o = malloc(cap);
	FUZZ_CHECK(o);
	b = (struct whatenc_buf){ src, 0, len, o, 0, cap };
	ret = whatenc_decode(&d, &b, true);
	FUZZ_CHECK(ret == WHATENC_INPUT_EMPTY || ret == WHATENC_MALFORMED);
	if (ret == WHATENC_MALFORMED)
		epos = b.out_pos;
	room = dsz >= term ? dsz - term : 0;
	for (i = 0; i < b.out_pos;) {
		u32 cp;
		size_t l = fuzz_utf8_next(o + i, b.out_pos - i, &cp, false);

		FUZZ_CHECK(l);
		if (fpos == SIZE_MAX && i + l > room)
			fpos = i;
		if (spos == SIZE_MAX && (fl & WHATENC_NAME_NO_SEP) &&
		    (cp == 0 || cp == '/'))
			spos = i;
		i += l;
	}
	if (fpos == SIZE_MAX && epos == SIZE_MAX && term && dsz < 1)
		fpos = b.out_pos;
	best = epos < fpos ? epos : fpos;
	best = spos < best ? spos : best;
	want = best == SIZE_MAX ? (int)b.out_pos :
	       best == epos && epos != fpos && epos != spos ? -EILSEQ :
	       best == fpos && fpos != epos && fpos != spos ? -ENAMETOOLONG :
	       best == spos && spos != epos && spos != fpos ? -EINVAL : -1000;
	if (want != -1000)
		FUZZ_CHECK(r == want);
	if (r >= 0) {
		FUZZ_CHECK((size_t)r == b.out_pos && !memcmp(dst, o, r));
		if (term)
			FUZZ_CHECK(dst[r] == 0);
	}
	if (dsz >= 3 * len + 1 + term)
		FUZZ_CHECK(r != -ENAMETOOLONG);
	free(o);
	free(dst);
}

static void check_wtf8(const u8 *src, size_t len, bool be)
{
	size_t cap = len * 3 / 2 + 4, i;
	u8 *w = malloc(cap), *back = malloc(len + 1), *u = malloc(cap);
	int r, c, rb, ru;
	bool sur = false;

	FUZZ_CHECK(w && back && u);
	r = be ? whatenc_wtf16be_to_wtf8(src, len, w, cap) :
		 whatenc_wtf16le_to_wtf8(src, len, w, cap);
	if (len % 2) {
		FUZZ_CHECK(r == -EILSEQ);
	} else {
		FUZZ_CHECK(r >= 0 && fuzz_wtf8_valid(w, r));
		c = whatenc_wtf8_check(w, r);
		for (i = 0; i + 1 < len; i += 2) {
			unsigned int cu = be ? src[i] << 8 | src[i + 1] :
					       src[i + 1] << 8 | src[i];
			unsigned int nx = i + 3 < len ?
				(be ? src[i + 2] << 8 | src[i + 3] :
				      src[i + 3] << 8 | src[i + 2]) : 0;

			if (cu >= 0xd800 && cu <= 0xdbff &&
			    nx >= 0xdc00 && nx <= 0xdfff) {
				i += 2;
				continue;
			}
			if (cu >= 0xd800 && cu <= 0xdfff)
				sur = true;
		}
		FUZZ_CHECK(c == (sur ? 1 : 0));
		rb = be ? whatenc_wtf8_to_wtf16be(w, r, back, len + 1) :
			  whatenc_wtf8_to_wtf16le(w, r, back, len + 1);
		FUZZ_CHECK(rb == (int)len && !memcmp(back, src, len));
		ru = whatenc_wtf8_to_utf8_lossy(w, r, u, cap);
		FUZZ_CHECK(ru >= 0 && fuzz_utf8_valid(u, ru));
		ru = whatenc_wtf8_to_utf8_strict(w, r, u, cap);
		FUZZ_CHECK(sur ? ru == -EILSEQ : (ru == r && !memcmp(u, w, r)));
	}
	/* the raw input, as WTF-8 */
	c = whatenc_wtf8_check(src, len);
	FUZZ_CHECK(c == (fuzz_utf8_valid(src, len) ? 0 :
			 fuzz_wtf8_valid(src, len) ? 1 : -EILSEQ));
	free(w);
	free(back);
	free(u);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	enum whatenc_encoding enc;
	unsigned int fl;
	size_t len, dsz;
	const u8 *src;

	if (size < 3)
		return 0;
	enc = data[0] % WHATENC_NR_ENCODINGS;
	fl = data[1] & 7;
	src = data + 3;
	len = size - 3;
	dsz = data[2] < 0x80 ? 3 * len + 1 + !!(fl & WHATENC_NAME_NUL_TERM) :
			       data[2] & 0x7f;
	check_name_decode(enc, fl, src, len, dsz);
	check_wtf8(src, len, data[0] & 0x80);
	return 0;
}
