// SPDX-License-Identifier: GPL-2.0-only
/*
 * test_labels.c - names, labels and "get an encoding"
 *
 * The expected names are the Encoding Standard's (encodings.json); the
 * WPT label vectors are run by test_wpt.c. Here: every listed label
 * resolves to its encoding, whitespace and case rules, lengths, NUL
 * bytes, and "get an output encoding".
 */
#include "whatenc.h"
#include "wt_test.h"
#include "wt_util.h"

static const char *const spec_names[WHATENC_NR_ENCODINGS] = {
	"UTF-8", "IBM866", "ISO-8859-2", "ISO-8859-3", "ISO-8859-4",
	"ISO-8859-5", "ISO-8859-6", "ISO-8859-7", "ISO-8859-8",
	"ISO-8859-8-I", "ISO-8859-10", "ISO-8859-13", "ISO-8859-14",
	"ISO-8859-15", "ISO-8859-16", "KOI8-R", "KOI8-U", "macintosh",
	"windows-874", "windows-1250", "windows-1251", "windows-1252",
	"windows-1253", "windows-1254", "windows-1255", "windows-1256",
	"windows-1257", "windows-1258", "x-mac-cyrillic", "GBK", "gb18030",
	"Big5", "EUC-JP", "ISO-2022-JP", "Shift_JIS", "EUC-KR",
	"replacement", "UTF-16BE", "UTF-16LE", "x-user-defined",
};

static int get(const char *s)
{
	return whatenc_get_encoding(s, strlen(s));
}

WT_CASE(labels_names)
{
	int enc;

	for (enc = 0; enc < WHATENC_NR_ENCODINGS; enc++) {
		const char *n = whatenc_encoding_name(enc);

		WT_ASSERT_TRUE(n);
		WT_EXPECT_EQ(strcmp(n, spec_names[enc]), 0);
		/* lowercasing a name gives one of its labels */
		WT_EXPECT_EQ(get(n), enc);
	}
	WT_EXPECT_TRUE(!whatenc_encoding_name(WHATENC_NR_ENCODINGS));
	WT_EXPECT_TRUE(!whatenc_encoding_name((enum whatenc_encoding)-1));
}

WT_CASE(labels_all)
{
	int enc, i, total = 0;

	for (enc = 0; enc < WHATENC_NR_ENCODINGS; enc++) {
		int n = whatenc_label_count(enc);

		WT_EXPECT_TRUE(n >= 1);
		for (i = 0; i < n; i++) {
			const char *l = whatenc_label(enc, i);

			WT_ASSERT_TRUE(l);
			WT_EXPECT_EQ(get(l), enc);
			/* listed in ascending order, like encodings.json */
			if (i)
				WT_EXPECT_TRUE(strcmp(whatenc_label(enc, i - 1), l) < 0);
		}
		WT_EXPECT_TRUE(!whatenc_label(enc, n));
		WT_EXPECT_TRUE(!whatenc_label(enc, -1));
		total += n;
	}
	WT_EXPECT_EQ(total, 228);
	WT_EXPECT_EQ(whatenc_label_count(WHATENC_NR_ENCODINGS), -EINVAL);
	WT_EXPECT_EQ(whatenc_label_count(WHATENC_UTF_8), 6);
	WT_EXPECT_EQ(whatenc_label_count(WHATENC_UTF_16LE), 7);
	WT_EXPECT_EQ(whatenc_label_count(WHATENC_WINDOWS_1252), 17);
}

WT_CASE(labels_rules)
{
	/* ASCII whitespace: TAB LF FF CR SPACE, leading and trailing */
	WT_EXPECT_EQ(get(" \t\n\f\rutf-8 \t\n\f\r"), WHATENC_UTF_8);
	WT_EXPECT_EQ(get("\x0butf-8"), -EINVAL);		/* VT is not */
	WT_EXPECT_EQ(get("utf-8\x0b"), -EINVAL);
	WT_EXPECT_EQ(get("\xc2\xa0utf-8"), -EINVAL);	/* NBSP */
	WT_EXPECT_EQ(get("utf -8"), -EINVAL);
	/* ASCII case-insensitive, and only ASCII */
	WT_EXPECT_EQ(get("UTF-8"), WHATENC_UTF_8);
	WT_EXPECT_EQ(get("Shift_JIS"), WHATENC_SHIFT_JIS);
	WT_EXPECT_EQ(get("\xe2\x84\xaaoi8-r"), -EINVAL);	/* KELVIN SIGN */
	WT_EXPECT_EQ(get("koi8-r"), WHATENC_KOI8_R);
	WT_EXPECT_EQ(get("\xc4\xb1so-8859-1"), -EINVAL);	/* dotless i */
	/* empty, whitespace only, too long */
	WT_EXPECT_EQ(whatenc_get_encoding(NULL, 0), -EINVAL);
	WT_EXPECT_EQ(get(""), -EINVAL);
	WT_EXPECT_EQ(get(" \t "), -EINVAL);
	WT_EXPECT_EQ(get("cseucpkdfmtjapanese"), WHATENC_EUC_JP);
	WT_EXPECT_EQ(get("  cseucpkdfmtjapanese  "), WHATENC_EUC_JP);
	WT_EXPECT_EQ(get("cseucpkdfmtjapanesex"), -EINVAL);
	WT_EXPECT_EQ(get("utf-8utf-8utf-8utf-8utf-8utf-8utf-8"), -EINVAL);
	/* NUL bytes inside the length are bytes that do not match */
	WT_EXPECT_EQ(whatenc_get_encoding("utf-8\0", 6), -EINVAL);
	WT_EXPECT_EQ(whatenc_get_encoding("\0utf-8", 6), -EINVAL);
	WT_EXPECT_EQ(whatenc_get_encoding("utf-8\0xyz", 5), WHATENC_UTF_8);
	WT_EXPECT_EQ(whatenc_get_encoding("utf\0-8", 6), -EINVAL);
	/* not NUL-terminated */
	WT_EXPECT_EQ(whatenc_get_encoding("latin1XXXX", 6), WHATENC_WINDOWS_1252);
	/* labels added to the standard after 2017 */
	WT_EXPECT_EQ(get("replacement"), WHATENC_REPLACEMENT);
	WT_EXPECT_EQ(get("unicode11utf8"), WHATENC_UTF_8);
	WT_EXPECT_EQ(get("x-unicode20utf8"), WHATENC_UTF_8);
	WT_EXPECT_EQ(get("unicodefffe"), WHATENC_UTF_16BE);
	WT_EXPECT_EQ(get("ucs-2"), WHATENC_UTF_16LE);
	WT_EXPECT_EQ(get("utf-16"), WHATENC_UTF_16LE);
	/* some that are not labels */
	WT_EXPECT_EQ(get("utf-32"), -EINVAL);
	WT_EXPECT_EQ(get("utf-7"), -EINVAL);
	WT_EXPECT_EQ(get("x-mac-ukrainian"), WHATENC_X_MAC_CYRILLIC);
	WT_EXPECT_EQ(get("windows-936-2000"), -EINVAL);
}

WT_CASE(labels_output_encoding)
{
	int enc;

	for (enc = 0; enc < WHATENC_NR_ENCODINGS; enc++) {
		int want = enc == WHATENC_REPLACEMENT ||
			   enc == WHATENC_UTF_16BE ||
			   enc == WHATENC_UTF_16LE ? WHATENC_UTF_8 : enc;

		WT_EXPECT_EQ(whatenc_output_encoding(enc), want);
	}
}

WT_SUITE(labels,
	 WT_RUN(labels_names),
	 WT_RUN(labels_all),
	 WT_RUN(labels_rules),
	 WT_RUN(labels_output_encoding));
