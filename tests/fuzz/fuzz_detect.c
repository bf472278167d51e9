// SPDX-License-Identifier: GPL-2.0-only
/*
 * fuzz_detect.c - libFuzzer harness for whatenc_detect() (module/detect/detect.c)
 *
 * Input: byte 0 the format (all four), byte 1 the option flags, bytes
 * 2..4 transport, referrer and fallback encodings, byte 5 at_eof and the
 * prefix length seed; the rest is the document.
 * Invariants: the return value is 0, or -EAGAIN only without at_eof;
 * a result is consistent (an encoding xor an unsupported kind, a known
 * source, a BOM length that matches the buffer's first bytes, the
 * decisive label inside the buffer, a source name); the same call twice
 * gives the same answer; and an answer given for a prefix without at_eof
 * is the answer for the whole buffer (more bytes never change it), with
 * or without at_eof, for the formats with a bounded look-ahead (HTML
 * without UTF-8 sniffing, XML, CSS; text and the UTF-8 sniff answer
 * tentatively from what they have).
 */
#include <stdint.h>
#include "fuzz_util.h"
#include "whatenc_detect.h"

static void check_result(int r, bool at_eof, const u8 *buf, size_t len,
			 const struct whatenc_detection *o)
{
	FUZZ_CHECK(r == 0 || (r == -EAGAIN && !at_eof));
	if (r)
		return;
	if (o->unsupported == WHATENC_UNSUP_NONE)
		FUZZ_CHECK(o->enc < WHATENC_NR_ENCODINGS);
	else
		FUZZ_CHECK(o->enc == WHATENC_NR_ENCODINGS &&
			   o->unsupported <= WHATENC_UNSUP_LABEL);
	FUZZ_CHECK(o->source <= WHATENC_SRC_FALLBACK);
	FUZZ_CHECK(whatenc_detect_source_name(o->source));
	FUZZ_CHECK(!(o->flags & ~(WHATENC_DETECTED_ASCII |
				  WHATENC_DETECTED_CONFLICT)));
	FUZZ_CHECK(o->bom_len <= 4 && o->bom_len <= len);
	if (o->source == WHATENC_SRC_BOM) {
		static const u8 u8bom[] = { 0xef, 0xbb, 0xbf };

		FUZZ_CHECK(o->bom_len >= 2);
		if (o->enc == WHATENC_UTF_8)
			FUZZ_CHECK(o->bom_len == 3 && !memcmp(buf, u8bom, 3));
		else if (o->enc == WHATENC_UTF_16BE)
			FUZZ_CHECK(buf[0] == 0xfe && buf[1] == 0xff);
		else if (o->enc == WHATENC_UTF_16LE)
			FUZZ_CHECK(buf[0] == 0xff && buf[1] == 0xfe);
	}
	FUZZ_CHECK((size_t)o->label_off + o->label_len <= len);
}

static bool same(const struct whatenc_detection *a,
		 const struct whatenc_detection *b)
{
	return a->enc == b->enc && a->unsupported == b->unsupported &&
	       a->source == b->source && a->certain == b->certain &&
	       a->flags == b->flags && a->bom_len == b->bom_len &&
	       a->label_off == b->label_off && a->label_len == b->label_len;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct whatenc_detect_opts opts;
	struct whatenc_detection o1, o2, op;
	enum whatenc_format fmt;
	const u8 *buf;
	size_t len, k;
	bool eof;
	int r1, r2, rp;

	if (size < 6)
		return 0;
	fmt = data[0] % 4;
	opts.flags = data[1] & WHATENC_DETECT_FLAGS;
	opts.transport = data[2] % WHATENC_NR_ENCODINGS;
	opts.referrer = data[3] % WHATENC_NR_ENCODINGS;
	opts.fallback = data[4] % WHATENC_NR_ENCODINGS;
	eof = data[5] & 1;
	buf = data + 6;
	len = size - 6;

	r1 = whatenc_detect(fmt, buf, len, eof, &opts, &o1);
	check_result(r1, eof, buf, len, &o1);
	r2 = whatenc_detect(fmt, buf, len, eof, &opts, &o2);
	FUZZ_CHECK(r1 == r2 && (r1 || same(&o1, &o2)));

	/* an answer for a prefix (not at eof) stands */
	k = len ? (data[5] >> 1) * len / 127 : 0;
	if (k > len)
		k = len;
	rp = whatenc_detect(fmt, buf, k, false, &opts, &op);
	check_result(rp, false, buf, k, &op);
	/*
	 * Plain text and HTML's UTF-8 sniffing look at all of @buf and give
	 * a tentative answer for what they have (by design), which more
	 * bytes may change: only the bounded look-aheads are checked.
	 */
	if (!rp && fmt != WHATENC_FORMAT_TEXT &&
	    !(fmt == WHATENC_FORMAT_HTML &&
	      (opts.flags & WHATENC_DETECT_UTF8_SNIFF))) {
		FUZZ_CHECK(!r1 && same(&op, &o1));
		r2 = whatenc_detect(fmt, buf, len, !eof, &opts, &o2);
		FUZZ_CHECK(!r2 && same(&op, &o2));
	}
	return 0;
}
