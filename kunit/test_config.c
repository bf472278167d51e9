// SPDX-License-Identifier: GPL-2.0-only
/*
 * test_config.c - encodings of families configured out (module/Kconfig)
 *
 * Whatever the configuration: the core's encodings resolve and set up;
 * an encoding of a family that is not built keeps its name (the Encoding
 * Standard's), its labels answer -EOPNOTSUPP (not -EINVAL: they are
 * labels), its decoder and encoder cannot be set up (-EOPNOTSUPP), and a
 * document that declares it is reported unsupported, never decoded in
 * the fallback encoding. The full configuration runs it in KUnit and on
 * the host (make host-test); the minimal one on the host
 * (make host-test-min: module/configs/minimal.config).
 */
#include "whatenc.h"
#include "whatenc_config.h"
#include "whatenc_detect.h"
#include "whatenc_names.h"
#include "wt_test.h"
#include "wt_util.h"

#ifdef CONFIG_WHATENC_JAPANESE
#define JAPANESE true
#else
#define JAPANESE false
#endif
#ifdef CONFIG_WHATENC_CHINESE
#define CHINESE true
#else
#define CHINESE false
#endif
#ifdef CONFIG_WHATENC_BIG5
#define BIG5 true
#else
#define BIG5 false
#endif
#ifdef CONFIG_WHATENC_KOREAN
#define KOREAN true
#else
#define KOREAN false
#endif

/* labels from the Encoding Standard's encodings.json, with their names */
static const struct {
	const char *label;
	const char *name;
	int enc;
	bool built;
} cfg_labels[] = {
	{ "unicode-1-1-utf-8", "UTF-8", WHATENC_UTF_8, true },
	{ "utf-16le", "UTF-16LE", WHATENC_UTF_16LE, true },
	{ "unicodefffe", "UTF-16BE", WHATENC_UTF_16BE, true },
	{ "latin1", "windows-1252", WHATENC_WINDOWS_1252, true },
	{ "koi8-ru", "KOI8-U", WHATENC_KOI8_U, true },
	{ "x-user-defined", "x-user-defined", WHATENC_X_USER_DEFINED, true },
	{ "csiso2022kr", "replacement", WHATENC_REPLACEMENT, true },
	{ "csshiftjis", "Shift_JIS", WHATENC_SHIFT_JIS, JAPANESE },
	{ "x-euc-jp", "EUC-JP", WHATENC_EUC_JP, JAPANESE },
	{ "csiso2022jp", "ISO-2022-JP", WHATENC_ISO_2022_JP, JAPANESE },
	{ "gb2312", "GBK", WHATENC_GBK, CHINESE },
	{ "gb18030", "gb18030", WHATENC_GB18030, CHINESE },
	{ "big5-hkscs", "Big5", WHATENC_BIG5, BIG5 },
	{ "ks_c_5601-1987", "EUC-KR", WHATENC_EUC_KR, KOREAN },
};

WT_CASE(config_labels)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(cfg_labels); i++) {
		const char *l = cfg_labels[i].label;
		int enc = cfg_labels[i].enc;
		int want = cfg_labels[i].built ? 0 : -EOPNOTSUPP;
		struct whatenc_decoder d;
		struct whatenc_encoder e;

		WT_EXPECT_EQ(whatenc_get_encoding(l, strlen(l)),
			     cfg_labels[i].built ? enc : -EOPNOTSUPP);
		WT_EXPECT_EQ(strcmp(whatenc_encoding_name(enc), cfg_labels[i].name), 0);
		WT_EXPECT_EQ(whatenc_decoder_init(&d, enc, 0), want);
		WT_EXPECT_EQ(whatenc_encoder_init(&e, enc, 0), want);
	}
	/* not a label, in any configuration */
	WT_EXPECT_EQ(whatenc_get_encoding("shiftjis", 8), -EINVAL);
	WT_EXPECT_EQ(whatenc_get_encoding("utf-32", 6), -EINVAL);
}

/* Decoding still works for what is built: windows-1252 0x80 is U+20AC. */
WT_CASE(config_core_decodes)
{
	static const u8 in[] = { 'a', 0x80 };
	struct whatenc_decoder d;
	u8 out[8];
	struct whatenc_buf b = { .in = in, .in_size = sizeof(in),
				 .out = out, .out_size = sizeof(out) };

	WT_ASSERT_EQ(whatenc_decoder_init(&d, WHATENC_WINDOWS_1252, 0), 0);
	WT_EXPECT_EQ(whatenc_decode(&d, &b, true), WHATENC_INPUT_EMPTY);
	WT_EXPECT_EQ(b.out_pos, 4);
	WT_EXPECT_MEMEQ(out, "a\xe2\x82\xac", 4);
}

/* A declaration of an encoding not built: unsupported, with its label. */
WT_CASE(config_detect)
{
	static const char html[] = "<meta charset=\"Shift_JIS\">";
	static const char xml[] = "<?xml version=\"1.0\" encoding=\"EUC-KR\"?>";
	struct whatenc_detection r;

	WT_ASSERT_EQ(whatenc_detect(WHATENC_FORMAT_HTML, (const u8 *)html,
				    strlen(html), true, NULL, &r), 0);
	if (JAPANESE) {
		WT_EXPECT_EQ(r.unsupported, WHATENC_UNSUP_NONE);
		WT_EXPECT_EQ(r.enc, WHATENC_SHIFT_JIS);
	} else {
		WT_EXPECT_EQ(r.unsupported, WHATENC_UNSUP_LABEL);
		WT_EXPECT_EQ(r.enc, WHATENC_NR_ENCODINGS);
	}
	WT_EXPECT_EQ(r.source, WHATENC_SRC_META);
	WT_EXPECT_EQ(r.label_off, 15);
	WT_EXPECT_EQ(r.label_len, 9);

	WT_ASSERT_EQ(whatenc_detect(WHATENC_FORMAT_XML, (const u8 *)xml,
				    strlen(xml), true, NULL, &r), 0);
	WT_EXPECT_EQ(r.unsupported,
		     KOREAN ? WHATENC_UNSUP_NONE : WHATENC_UNSUP_LABEL);
	WT_EXPECT_EQ(r.enc, KOREAN ? WHATENC_EUC_KR : WHATENC_NR_ENCODINGS);
	WT_EXPECT_EQ(r.source, WHATENC_SRC_XML_DECL);
}

/*
 * The one-shot calls and the name helpers refuse an encoding not built
 * as whatenc_decoder_init() does, and write nothing: "A" in Shift_JIS
 * is "A" when the family is built.
 */
WT_CASE(config_once_and_names)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(cfg_labels); i++) {
		int enc = cfg_labels[i].enc;
		bool built = cfg_labels[i].built;
		struct whatenc_decoder d;
		struct whatenc_encoder e;
		u8 out[8] = { 0 };
		struct whatenc_buf b = { .in = (const u8 *)"A", .in_size = 1,
					 .out = out, .out_size = sizeof(out) };

		if (enc == WHATENC_REPLACEMENT || enc == WHATENC_UTF_16LE ||
		    enc == WHATENC_UTF_16BE)
			continue;	/* "A" is not "A" in them */
		WT_EXPECT_EQ(whatenc_decode_once(&d, enc, 0, &b),
			     built ? WHATENC_INPUT_EMPTY : WHATENC_BUF_ERROR);
		WT_EXPECT_EQ(b.out_pos, built ? 1 : 0);
		b.in_pos = 0;
		b.out_pos = 0;
		WT_EXPECT_EQ(whatenc_encode_once(&e, enc, 0, &b),
			     built ? WHATENC_INPUT_EMPTY : WHATENC_BUF_ERROR);
		WT_EXPECT_EQ(b.out_pos, built ? 1 : 0);
		WT_EXPECT_EQ(whatenc_name_decode(enc, (const u8 *)"A", 1, out,
						 sizeof(out), 0),
			     built ? 1 : -EOPNOTSUPP);
		WT_EXPECT_EQ(whatenc_name_encode(enc, (const u8 *)"A", 1, out,
						 sizeof(out), 0),
			     built ? 1 : -EOPNOTSUPP);
	}
}

WT_SUITE(config,
	 WT_RUN(config_labels),
	 WT_RUN(config_once_and_names),
	 WT_RUN(config_core_decodes),
	 WT_RUN(config_detect));
