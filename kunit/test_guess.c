// SPDX-License-Identifier: GPL-2.0-only
/*
 * test_guess.c - whatenc_guess_*(): the content detector
 *
 * The inputs are sentences written for this test (not from the model's
 * training text), encoded by Python's codecs (an implementation
 * independent of whatenc; the codec is named in each case). A guess is
 * right when whatenc's decoder, given the guessed encoding, turns the
 * bytes into the sentence: encodings that decode the bytes alike (KOI8-R
 * and KOI8-U on Russian) are equally right.
 */
#include "whatenc.h"
#include "whatenc_guess.h"
#include "wt_test.h"

struct guess_case {
	const char *name;
	const char *utf8;	/* the truth */
	const char *in;
	size_t len;
	const char *codec;	/* the Python codec that made @in */
};

static const struct guess_case guess_cases[] = {
	{ "ru_1251",
	  "Привет! Это короткое письмо о погоде: завтра будет дождь и холодный ветер.",
	  "\xcf\xf0\xe8\xe2\xe5\xf2\x21\x20\xdd\xf2\xee\x20\xea\xee"
	  "\xf0\xee\xf2\xea\xee\xe5\x20\xef\xe8\xf1\xfc\xec\xee\x20"
	  "\xee\x20\xef\xee\xe3\xee\xe4\xe5\x3a\x20\xe7\xe0\xe2\xf2"
	  "\xf0\xe0\x20\xe1\xf3\xe4\xe5\xf2\x20\xe4\xee\xe6\xe4\xfc"
	  "\x20\xe8\x20\xf5\xee\xeb\xee\xe4\xed\xfb\xe9\x20\xe2\xe5"
	  "\xf2\xe5\xf0\x2e",
	  74, "cp1251" },
	{ "ru_koi8r",
	  "Привет! Это короткое письмо о погоде: завтра будет дождь и холодный ветер.",
	  "\xf0\xd2\xc9\xd7\xc5\xd4\x21\x20\xfc\xd4\xcf\x20\xcb\xcf"
	  "\xd2\xcf\xd4\xcb\xcf\xc5\x20\xd0\xc9\xd3\xd8\xcd\xcf\x20"
	  "\xcf\x20\xd0\xcf\xc7\xcf\xc4\xc5\x3a\x20\xda\xc1\xd7\xd4"
	  "\xd2\xc1\x20\xc2\xd5\xc4\xc5\xd4\x20\xc4\xcf\xd6\xc4\xd8"
	  "\x20\xc9\x20\xc8\xcf\xcc\xcf\xc4\xce\xd9\xca\x20\xd7\xc5"
	  "\xd4\xc5\xd2\x2e",
	  74, "koi8_r" },
	{ "ru_866",
	  "Привет! Это короткое письмо о погоде: завтра будет дождь и холодный ветер.",
	  "\x8f\xe0\xa8\xa2\xa5\xe2\x21\x20\x9d\xe2\xae\x20\xaa\xae"
	  "\xe0\xae\xe2\xaa\xae\xa5\x20\xaf\xa8\xe1\xec\xac\xae\x20"
	  "\xae\x20\xaf\xae\xa3\xae\xa4\xa5\x3a\x20\xa7\xa0\xa2\xe2"
	  "\xe0\xa0\x20\xa1\xe3\xa4\xa5\xe2\x20\xa4\xae\xa6\xa4\xec"
	  "\x20\xa8\x20\xe5\xae\xab\xae\xa4\xad\xeb\xa9\x20\xa2\xa5"
	  "\xe2\xa5\xe0\x2e",
	  74, "cp866" },
	{ "ru_8859_5",
	  "Привет! Это короткое письмо о погоде: завтра будет дождь и холодный ветер.",
	  "\xbf\xe0\xd8\xd2\xd5\xe2\x21\x20\xcd\xe2\xde\x20\xda\xde"
	  "\xe0\xde\xe2\xda\xde\xd5\x20\xdf\xd8\xe1\xec\xdc\xde\x20"
	  "\xde\x20\xdf\xde\xd3\xde\xd4\xd5\x3a\x20\xd7\xd0\xd2\xe2"
	  "\xe0\xd0\x20\xd1\xe3\xd4\xd5\xe2\x20\xd4\xde\xd6\xd4\xec"
	  "\x20\xd8\x20\xe5\xde\xdb\xde\xd4\xdd\xeb\xd9\x20\xd2\xd5"
	  "\xe2\xd5\xe0\x2e",
	  74, "iso8859_5" },
	{ "ru_maccyr",
	  "Привет! Это короткое письмо о погоде: завтра будет дождь и холодный ветер.",
	  "\x8f\xf0\xe8\xe2\xe5\xf2\x21\x20\x9d\xf2\xee\x20\xea\xee"
	  "\xf0\xee\xf2\xea\xee\xe5\x20\xef\xe8\xf1\xfc\xec\xee\x20"
	  "\xee\x20\xef\xee\xe3\xee\xe4\xe5\x3a\x20\xe7\xe0\xe2\xf2"
	  "\xf0\xe0\x20\xe1\xf3\xe4\xe5\xf2\x20\xe4\xee\xe6\xe4\xfc"
	  "\x20\xe8\x20\xf5\xee\xeb\xee\xe4\xed\xfb\xe9\x20\xe2\xe5"
	  "\xf2\xe5\xf0\x2e",
	  74, "mac_cyrillic" },
	{ "uk_koi8u",
	  "Ґанок і подвір'я їхнього будинку були засипані жовтим листям.",
	  "\xbd\xc1\xce\xcf\xcb\x20\xa6\x20\xd0\xcf\xc4\xd7\xa6\xd2"
	  "\x27\xd1\x20\xa7\xc8\xce\xd8\xcf\xc7\xcf\x20\xc2\xd5\xc4"
	  "\xc9\xce\xcb\xd5\x20\xc2\xd5\xcc\xc9\x20\xda\xc1\xd3\xc9"
	  "\xd0\xc1\xce\xa6\x20\xd6\xcf\xd7\xd4\xc9\xcd\x20\xcc\xc9"
	  "\xd3\xd4\xd1\xcd\x2e",
	  61, "koi8_u" },
	{ "de_1252", "Die Bäume im Garten müssen geschnitten werden, sagte die Großmutter.",
	  "\x44\x69\x65\x20\x42\xe4\x75\x6d\x65\x20\x69\x6d\x20\x47"
	  "\x61\x72\x74\x65\x6e\x20\x6d\xfc\x73\x73\x65\x6e\x20\x67"
	  "\x65\x73\x63\x68\x6e\x69\x74\x74\x65\x6e\x20\x77\x65\x72"
	  "\x64\x65\x6e\x2c\x20\x73\x61\x67\x74\x65\x20\x64\x69\x65"
	  "\x20\x47\x72\x6f\xdf\x6d\x75\x74\x74\x65\x72\x2e",
	  68, "cp1252" },
	{ "fr_1252", "Il était une fois un garçon qui rêvait de voir la mer à Noël.",
	  "\x49\x6c\x20\xe9\x74\x61\x69\x74\x20\x75\x6e\x65\x20\x66"
	  "\x6f\x69\x73\x20\x75\x6e\x20\x67\x61\x72\xe7\x6f\x6e\x20"
	  "\x71\x75\x69\x20\x72\xea\x76\x61\x69\x74\x20\x64\x65\x20"
	  "\x76\x6f\x69\x72\x20\x6c\x61\x20\x6d\x65\x72\x20\xe0\x20"
	  "\x4e\x6f\xeb\x6c\x2e",
	  61, "cp1252" },
	{ "pl_1250", "Zażółć gęślą jaźń, powiedział nauczyciel i uśmiechnął się.",
	  "\x5a\x61\xbf\xf3\xb3\xe6\x20\x67\xea\x9c\x6c\xb9\x20\x6a"
	  "\x61\x9f\xf1\x2c\x20\x70\x6f\x77\x69\x65\x64\x7a\x69\x61"
	  "\xb3\x20\x6e\x61\x75\x63\x7a\x79\x63\x69\x65\x6c\x20\x69"
	  "\x20\x75\x9c\x6d\x69\x65\x63\x68\x6e\xb9\xb3\x20\x73\x69"
	  "\xea\x2e",
	  58, "cp1250" },
	{ "cs_8859_2", "Příliš žluťoučký kůň úpěl ďábelské ódy na louce.",
	  "\x50\xf8\xed\x6c\x69\xb9\x20\xbe\x6c\x75\xbb\x6f\x75\xe8"
	  "\x6b\xfd\x20\x6b\xf9\xf2\x20\xfa\x70\xec\x6c\x20\xef\xe1"
	  "\x62\x65\x6c\x73\x6b\xe9\x20\xf3\x64\x79\x20\x6e\x61\x20"
	  "\x6c\x6f\x75\x63\x65\x2e",
	  48, "iso8859_2" },
	{ "el_1253",
	  "Η γρήγορη καφέ αλεπού πηδάει πάνω από τον τεμπέλη σκύλο.",
	  "\xc7\x20\xe3\xf1\xde\xe3\xef\xf1\xe7\x20\xea\xe1\xf6\xdd"
	  "\x20\xe1\xeb\xe5\xf0\xef\xfd\x20\xf0\xe7\xe4\xdc\xe5\xe9"
	  "\x20\xf0\xdc\xed\xf9\x20\xe1\xf0\xfc\x20\xf4\xef\xed\x20"
	  "\xf4\xe5\xec\xf0\xdd\xeb\xe7\x20\xf3\xea\xfd\xeb\xef\x2e",
	  56, "cp1253" },
	{ "el_8859_7",
	  "Η γρήγορη καφέ αλεπού πηδάει πάνω από τον τεμπέλη σκύλο.",
	  "\xc7\x20\xe3\xf1\xde\xe3\xef\xf1\xe7\x20\xea\xe1\xf6\xdd"
	  "\x20\xe1\xeb\xe5\xf0\xef\xfd\x20\xf0\xe7\xe4\xdc\xe5\xe9"
	  "\x20\xf0\xdc\xed\xf9\x20\xe1\xf0\xfc\x20\xf4\xef\xed\x20"
	  "\xf4\xe5\xec\xf0\xdd\xeb\xe7\x20\xf3\xea\xfd\xeb\xef\x2e",
	  56, "iso8859_7" },
	{ "tr_1254", "Pijamalı hasta yağız şoföre çabucak güvendi, dedi öğretmen.",
	  "\x50\x69\x6a\x61\x6d\x61\x6c\xfd\x20\x68\x61\x73\x74\x61"
	  "\x20\x79\x61\xf0\xfd\x7a\x20\xfe\x6f\x66\xf6\x72\x65\x20"
	  "\xe7\x61\x62\x75\x63\x61\x6b\x20\x67\xfc\x76\x65\x6e\x64"
	  "\x69\x2c\x20\x64\x65\x64\x69\x20\xf6\xf0\x72\x65\x74\x6d"
	  "\x65\x6e\x2e",
	  59, "cp1254" },
	{ "he_1255",
	  "שלום לכולם, היום נלמד על מזג האוויר בעיר הגדולה.",
	  "\xf9\xec\xe5\xed\x20\xec\xeb\xe5\xec\xed\x2c\x20\xe4\xe9"
	  "\xe5\xed\x20\xf0\xec\xee\xe3\x20\xf2\xec\x20\xee\xe6\xe2"
	  "\x20\xe4\xe0\xe5\xe5\xe9\xf8\x20\xe1\xf2\xe9\xf8\x20\xe4"
	  "\xe2\xe3\xe5\xec\xe4\x2e",
	  48, "cp1255" },
	{ "ar_1256",
	  "مرحبا بكم في هذا الدرس القصير عن الطقس في المدينة.",
	  "\xe3\xd1\xcd\xc8\xc7\x20\xc8\xdf\xe3\x20\xdd\xed\x20\xe5"
	  "\xd0\xc7\x20\xc7\xe1\xcf\xd1\xd3\x20\xc7\xe1\xde\xd5\xed"
	  "\xd1\x20\xda\xe4\x20\xc7\xe1\xd8\xde\xd3\x20\xdd\xed\x20"
	  "\xc7\xe1\xe3\xcf\xed\xe4\xc9\x2e",
	  50, "cp1256" },
	{ "th_874",
	  "สวัสดีครับ วันนี้อากาศดีมาก เราจะไปเที่ยวทะเลกัน",
	  "\xca\xc7\xd1\xca\xb4\xd5\xa4\xc3\xd1\xba\x20\xc7\xd1\xb9"
	  "\xb9\xd5\xe9\xcd\xd2\xa1\xd2\xc8\xb4\xd5\xc1\xd2\xa1\x20"
	  "\xe0\xc3\xd2\xa8\xd0\xe4\xbb\xe0\xb7\xd5\xe8\xc2\xc7\xb7"
	  "\xd0\xe0\xc5\xa1\xd1\xb9",
	  48, "cp874" },
	{ "lt_1257", "Įvažiavęs į kiemą, jis pamatė šunį, gulintį po ąžuolu.",
	  "\xc1\x76\x61\xfe\x69\x61\x76\xe6\x73\x20\xe1\x20\x6b\x69"
	  "\x65\x6d\xe0\x2c\x20\x6a\x69\x73\x20\x70\x61\x6d\x61\x74"
	  "\xeb\x20\xf0\x75\x6e\xe1\x2c\x20\x67\x75\x6c\x69\x6e\x74"
	  "\xe1\x20\x70\x6f\x20\xe0\xfe\x75\x6f\x6c\x75\x2e",
	  54, "cp1257" },
	{ "zh_gbk", "今天天气很好，我们一起去公园散步吧。",
	  "\xbd\xf1\xcc\xec\xcc\xec\xc6\xf8\xba\xdc\xba\xc3\xa3\xac"
	  "\xce\xd2\xc3\xc7\xd2\xbb\xc6\xf0\xc8\xa5\xb9\xab\xd4\xb0"
	  "\xc9\xa2\xb2\xbd\xb0\xc9\xa1\xa3",
	  36, "gbk" },
	{ "zh_big5", "今天天氣很好，我們一起去公園散步吧。",
	  "\xa4\xb5\xa4\xd1\xa4\xd1\xae\xf0\xab\xdc\xa6\x6e\xa1\x41"
	  "\xa7\xda\xad\xcc\xa4\x40\xb0\x5f\xa5\x68\xa4\xbd\xb6\xe9"
	  "\xb4\xb2\xa8\x42\xa7\x61\xa1\x43",
	  36, "big5" },
	{ "ja_sjis",
	  "今日はとても良い天気ですね。公園に散歩に行きましょう。",
	  "\x8d\xa1\x93\xfa\x82\xcd\x82\xc6\x82\xc4\x82\xe0\x97\xc7"
	  "\x82\xa2\x93\x56\x8b\x43\x82\xc5\x82\xb7\x82\xcb\x81\x42"
	  "\x8c\xf6\x89\x80\x82\xc9\x8e\x55\x95\xe0\x82\xc9\x8d\x73"
	  "\x82\xab\x82\xdc\x82\xb5\x82\xe5\x82\xa4\x81\x42",
	  54, "cp932" },
	{ "ja_eucjp",
	  "今日はとても良い天気ですね。公園に散歩に行きましょう。",
	  "\xba\xa3\xc6\xfc\xa4\xcf\xa4\xc8\xa4\xc6\xa4\xe2\xce\xc9"
	  "\xa4\xa4\xc5\xb7\xb5\xa4\xa4\xc7\xa4\xb9\xa4\xcd\xa1\xa3"
	  "\xb8\xf8\xb1\xe0\xa4\xcb\xbb\xb6\xca\xe2\xa4\xcb\xb9\xd4"
	  "\xa4\xad\xa4\xde\xa4\xb7\xa4\xe7\xa4\xa6\xa1\xa3",
	  54, "euc_jp" },
	{ "ja_2022",
	  "今日はとても良い天気ですね。公園に散歩に行きましょう。",
	  "\x1b\x24\x42\x3a\x23\x46\x7c\x24\x4f\x24\x48\x24\x46\x24"
	  "\x62\x4e\x49\x24\x24\x45\x37\x35\x24\x24\x47\x24\x39\x24"
	  "\x4d\x21\x23\x38\x78\x31\x60\x24\x4b\x3b\x36\x4a\x62\x24"
	  "\x4b\x39\x54\x24\x2d\x24\x5e\x24\x37\x24\x67\x24\x26\x21"
	  "\x23\x1b\x28\x42",
	  60, "iso2022_jp" },
	{ "ko_euckr",
	  "오늘은 날씨가 정말 좋네요. 같이 공원에 산책하러 갑시다.",
	  "\xbf\xc0\xb4\xc3\xc0\xba\x20\xb3\xaf\xbe\xbe\xb0\xa1\x20"
	  "\xc1\xa4\xb8\xbb\x20\xc1\xc1\xb3\xd7\xbf\xe4\x2e\x20\xb0"
	  "\xb0\xc0\xcc\x20\xb0\xf8\xbf\xf8\xbf\xa1\x20\xbb\xea\xc3"
	  "\xa5\xc7\xcf\xb7\xaf\x20\xb0\xa9\xbd\xc3\xb4\xd9\x2e",
	  55, "euc_kr" },
	{ "utf8_mixed", "Größe, размер, 大きさ",
	  "\x47\x72\xc3\xb6\xc3\x9f\x65\x2c\x20\xd1\x80\xd0\xb0\xd0"
	  "\xb7\xd0\xbc\xd0\xb5\xd1\x80\x2c\x20\xe5\xa4\xa7\xe3\x81"
	  "\x8d\xe3\x81\x95",
	  32, "utf-8" },
	{ "utf16le_de", "Die Bäume im Garten müssen geschnitten werden.",
	  "\x44\x00\x69\x00\x65\x00\x20\x00\x42\x00\xe4\x00\x75\x00"
	  "\x6d\x00\x65\x00\x20\x00\x69\x00\x6d\x00\x20\x00\x47\x00"
	  "\x61\x00\x72\x00\x74\x00\x65\x00\x6e\x00\x20\x00\x6d\x00"
	  "\xfc\x00\x73\x00\x73\x00\x65\x00\x6e\x00\x20\x00\x67\x00"
	  "\x65\x00\x73\x00\x63\x00\x68\x00\x6e\x00\x69\x00\x74\x00"
	  "\x74\x00\x65\x00\x6e\x00\x20\x00\x77\x00\x65\x00\x72\x00"
	  "\x64\x00\x65\x00\x6e\x00\x2e\x00",
	  92, "utf-16-le" },
	{ "utf16be_ru", "Привет! Это короткое письмо о погоде.",
	  "\x04\x1f\x04\x40\x04\x38\x04\x32\x04\x35\x04\x42\x00\x21"
	  "\x00\x20\x04\x2d\x04\x42\x04\x3e\x00\x20\x04\x3a\x04\x3e"
	  "\x04\x40\x04\x3e\x04\x42\x04\x3a\x04\x3e\x04\x35\x00\x20"
	  "\x04\x3f\x04\x38\x04\x41\x04\x4c\x04\x3c\x04\x3e\x00\x20"
	  "\x04\x3e\x00\x20\x04\x3f\x04\x3e\x04\x33\x04\x3e\x04\x34"
	  "\x04\x35\x00\x2e",
	  74, "utf-16-be" },
};

/* The guess of @in[0..len) fed in chunks of @chunk bytes (0: at once). */
static void guess_run(const u8 *in, size_t len, size_t chunk, int hint,
		      struct whatenc_guess_result *r)
{
	struct whatenc_guess g;
	size_t i, n;

	whatenc_guess_init(&g, hint);
	for (i = 0; i < len; i += n) {
		n = chunk && len - i > chunk ? chunk : len - i;
		whatenc_guess_feed(&g, in + i, n);
	}
	whatenc_guess_result(&g, true, r);
}

/* whatenc decodes @in with @enc to @utf8. */
static bool guess_decodes_to(const u8 *in, size_t len, int enc,
			     const char *utf8, u8 *out, size_t out_size)
{
	struct whatenc_decoder d;
	struct whatenc_buf b = { .in = in, .in_size = len, .out = out,
				 .out_size = out_size };

	if (enc < 0 || enc >= WHATENC_NR_ENCODINGS ||
	    whatenc_decoder_init(&d, enc, WHATENC_BOM_KEEP))
		return false;
	if (whatenc_decode(&d, &b, true) != WHATENC_INPUT_EMPTY)
		return false;
	return b.out_pos == strlen(utf8) && !memcmp(out, utf8, b.out_pos);
}

/*
 * Each case's guess is text that whatenc decodes to the truth, with a
 * confidence of at least @min_conf.
 */
static void guess_check(struct wt_ctx *wt, const struct guess_case *cases,
			size_t n, unsigned int min_conf)
{
	u8 *out = WT_ALLOC(1024);
	size_t i;

	WT_ASSERT_TRUE(out);
	for (i = 0; i < n; i++) {
		const struct guess_case *c = &cases[i];
		struct whatenc_guess_result r;

		guess_run((const u8 *)c->in, c->len, 0, -1, &r);
		WT_EXPECT_EQ(r.kind, WHATENC_GUESS_TEXT);
		if (!guess_decodes_to((const u8 *)c->in, c->len, r.enc,
				      c->utf8, out, 1024))
			WT_FAIL("%s (%s): guessed %s", c->name, c->codec,
				r.enc < WHATENC_NR_ENCODINGS ?
				whatenc_encoding_name(r.enc) : "not text");
		WT_EXPECT_TRUE(r.confidence >= min_conf);
	}
}

WT_CASE(guess_sentences)
{
	guess_check(wt, guess_cases, ARRAY_SIZE(guess_cases), 50);
}

/* The same answer whatever the chunks, also across block boundaries. */
WT_CASE(guess_chunk_split)
{
	static const size_t chunks[] = { 1, 2, 3, 7, 64, 1023, 1025 };
	u8 *big = WT_ALLOC(5000);
	size_t i, j;

	WT_ASSERT_TRUE(big);
	for (i = 0; i < ARRAY_SIZE(guess_cases); i++) {
		const struct guess_case *c = &guess_cases[i];
		struct whatenc_guess_result a, b;
		size_t n = 0;

		WT_YIELD();
		while (n + c->len <= 5000) {
			memcpy(big + n, c->in, c->len);
			n += c->len;
		}
		guess_run(big, n, 0, -1, &a);
		for (j = 0; j < ARRAY_SIZE(chunks); j++) {
			guess_run(big, n, chunks[j], -1, &b);
			WT_EXPECT_EQ(a.kind, b.kind);
			WT_EXPECT_EQ(a.enc, b.enc);
			WT_EXPECT_EQ(a.confidence, b.confidence);
			WT_EXPECT_EQ(a.bytes, b.bytes);
			WT_EXPECT_EQ(a.done, b.done);
		}
		guess_run((const u8 *)c->in, c->len, 0, -1, &a);
		for (j = 0; j < 4; j++) {
			guess_run((const u8 *)c->in, c->len, chunks[j], -1, &b);
			WT_EXPECT_EQ(a.enc, b.enc);
			WT_EXPECT_EQ(a.confidence, b.confidence);
		}
	}
}

WT_CASE(guess_empty_ascii)
{
	static const u8 ascii[] = "Plain ASCII text, with digits 0123 and tabs\t.\n";
	struct whatenc_guess_result r;

	guess_run(NULL, 0, 0, -1, &r);
	WT_EXPECT_EQ(r.kind, WHATENC_GUESS_ASCII);
	WT_EXPECT_EQ(r.enc, WHATENC_UTF_8);
	WT_EXPECT_EQ(r.confidence, 100);
	WT_EXPECT_EQ(r.bytes, 0);
	guess_run(ascii, sizeof(ascii) - 1, 0, -1, &r);
	WT_EXPECT_EQ(r.kind, WHATENC_GUESS_ASCII);
	WT_EXPECT_EQ(r.enc, WHATENC_UTF_8);
	WT_EXPECT_EQ(strcmp(whatenc_guess_kind_name(r.kind), "ascii"), 0);
}

/* Random bytes (a fixed LCG), NUL-filled and ELF-like data: not text. */
WT_CASE(guess_not_text)
{
	u8 *buf = WT_ALLOC(8192);
	struct whatenc_guess_result r;
	u32 x = 12345;
	size_t i, n;
	static const size_t lens[] = { 64, 512, 8192 };

	WT_ASSERT_TRUE(buf);
	for (n = 0; n < ARRAY_SIZE(lens); n++) {
		for (i = 0; i < lens[n]; i++) {
			x = x * 1103515245 + 12345;
			buf[i] = x >> 23;
		}
		guess_run(buf, lens[n], 0, -1, &r);
		WT_EXPECT_EQ(r.kind, WHATENC_GUESS_NOT_TEXT);
		WT_EXPECT_EQ(r.enc, WHATENC_NR_ENCODINGS);
		WT_EXPECT_TRUE(!r.lang);
	}
	WT_EXPECT_TRUE(r.confidence >= 99);
	memset(buf, 0, 4096);
	guess_run(buf, 4096, 0, -1, &r);
	WT_EXPECT_EQ(r.kind, WHATENC_GUESS_NOT_TEXT);
	memcpy(buf, "\x7f\x45\x4c\x46\x02\x01\x01\0\0\0\0\0\0\0\0\0\x03\0\x3e\0", 20);
	guess_run(buf, 256, 0, -1, &r);
	WT_EXPECT_EQ(r.kind, WHATENC_GUESS_NOT_TEXT);
	WT_EXPECT_EQ(strcmp(whatenc_guess_kind_name(r.kind), "not-text"), 0);
}

/*
 * 256 bytes from the middle of zlib's level-9 output for a 6000-byte
 * English document: compressed data, 24 of its bytes are controls.
 */
static const u8 guess_deflated[256] =
	"\x79\x79\xe6\x99\x19\xbe\x15\x9f\x95\xd5\xeb\x7c\x22\xaa"
	"\x8d\x12\x99\xdc\xab\xd2\x46\xfc\x7d\x25\xb7\x3a\xdb\x8b"
	"\xc4\xe4\x55\x29\x93\x2a\x12\x1b\xb3\x13\x52\x2c\xf7\x95"
	"\x12\x58\x79\x52\x99\x0d\x82\xb7\x6f\xc5\x15\x9f\x11\x83"
	"\x95\xc9\x52\xfa\x52\xe7\xf8\x23\xe2\xad\x49\xeb\x4c\x9d"
	"\xc4\x61\x10\xfc\x2e\xdc\x33\xf1\xbb\xd8\x6d\x64\xc5\x7f"
	"\x8c\xd0\x79\x92\xd5\xa9\xb2\x42\x63\x05\x7b\x86\xc3\xa1"
	"\x38\xf8\xc4\x5a\xec\x37\x9d\xc4\x58\x8c\xe9\xb0\xca\x93"
	"\xd1\x26\x76\xda\x26\x26\x55\x89\x38\xff\x36\x13\x03\x2c"
	"\x9b\x54\xe7\x6b\xe8\x1e\xdb\xaa\xac\x93\x4a\xf8\xdd\x8b"
	"\x65\xbd\x8a\x23\x51\x2a\x5b\x67\x15\x1e\xaf\x32\x49\xbb"
	"\xe8\x2c\x59\x9a\xc9\x25\x0c\x09\xcf\x5a\xe9\x8b\x56\x54"
	"\x7b\x4f\xa6\x6d\x25\xcc\x4a\xf4\x2e\x31\x39\x2d\xe3\x43"
	"\xc9\x64\xd3\x3b\x6c\x2b\xfc\x3d\x50\xb0\xb4\x47\xa2\x28"
	"\xf5\x13\xd6\x05\x3f\x15\x03\x5d\x59\xf2\xb4\xa9\x2b\xb1"
	"\xad\x21\x7a\xa9\xc4\x93\xb6\x7a\x99\xa9\x89\x48\x64\x96"
	"\x91\x17\xcd\x2e\xef\x89\xe8\xeb\x97\xaa\x4a\x25\x15\xee"
	"\x88\xba\xb5\x5c\x6e\x95\xd3\xd7\x3d\xd5\x26\x17\x32\x4f"
	"\x59\x02\x3d\x3b";

/* "Cliquez où vous\n" in cp1252 */
static const char guess_fr_ou[] =
	"\x43\x6c\x69\x71\x75\x65\x7a\x20\x6f\xf9\x20\x76\x6f\x75"
	"\x73\x0a";

/*
 * "Not text" is a decision of its own, from the rate of control bytes:
 * compressed data and text with a control every 8th byte are not text;
 * text with one control among 68 bytes, and text no candidate's
 * statistics fit (a short French phrase), is text, a guess.
 */
WT_CASE(guess_not_text_evidence)
{
	const struct guess_case *de = &guess_cases[6];	/* German cp1252 */
	u8 *buf = WT_ALLOC(256);
	struct whatenc_guess_result r;
	size_t i;

	WT_ASSERT_TRUE(buf);
	guess_run(guess_deflated, sizeof(guess_deflated), 0, -1, &r);
	WT_EXPECT_EQ(r.kind, WHATENC_GUESS_NOT_TEXT);
	WT_EXPECT_TRUE(r.confidence >= 99);
	/* control-heavy: every 8th byte of the German sentence a STX */
	memcpy(buf, de->in, de->len);
	for (i = 7; i < de->len; i += 8)
		buf[i] = 0x02;
	guess_run(buf, de->len, 0, -1, &r);
	WT_EXPECT_EQ(r.kind, WHATENC_GUESS_NOT_TEXT);
	/* one BEL after the sentence: still text, decoded as before */
	memcpy(buf, de->in, de->len);
	buf[de->len] = 0x07;
	guess_run(buf, de->len + 1, 0, -1, &r);
	WT_EXPECT_EQ(r.kind, WHATENC_GUESS_TEXT);
	WT_EXPECT_TRUE(r.enc == WHATENC_WINDOWS_1252 ||
		       r.enc == WHATENC_ISO_8859_15);
	/* "Cliquez où vous\n" (cp1252): a weak guess is still a guess */
	guess_run((const u8 *)guess_fr_ou, sizeof(guess_fr_ou) - 1, 0, -1,
		  &r);
	WT_EXPECT_EQ(r.kind, WHATENC_GUESS_TEXT);
	WT_EXPECT_TRUE(r.enc < WHATENC_NR_ENCODINGS);
}

/*
 * Vietnamese as windows-1258 text is written: the letters with
 * circumflex, breve or horn precomposed (0xE2 0xEA 0xF4 0xE3 0xF5 0xFD),
 * the tone marks combining (0xCC grave, 0xEC acute, 0xDE tilde, 0xD2
 * hook above, 0xF2 dot below). The bytes are Python's NFD of the
 * sentence, recomposed but for the tones, encoded by its cp1258 codec;
 * the truth is that codec's decoding of them. The first is the issue's
 * example, which was "not text".
 */
static const struct guess_case guess_vi_cases[] = {
	{ "vi_1258_short",
	  "\x56\x69\xc3\xaa\xcc\xa3\x74\x20\x4e\x61\x6d\x20\x6c\x61"
	  "\xcc\x80\x20\x71\x75\xc3\xb4\xcc\x81\x63\x20\x67\x69\x61"
	  "\x0a",
	  "\x56\x69\xea\xf2\x74\x20\x4e\x61\x6d\x20\x6c\x61\xcc\x20"
	  "\x71\x75\xf4\xec\x63\x20\x67\x69\x61\x0a",
	  24, "cp1258" },
	{ "vi_1258",
	  "\x56\x69\xc3\xaa\xcc\xa3\x74\x20\x4e\x61\x6d\x20\x6c\x61"
	  "\xcc\x80\x20\x71\x75\xc3\xb4\xcc\x81\x63\x20\x67\x69\x61"
	  "\x20\x6e\xc4\x83\xcc\x80\x6d\x20\xc6\xa1\xcc\x89\x20\x70"
	  "\x68\x69\xcc\x81\x61\x20\xc4\x91\xc3\xb4\x6e\x67\x20\x62"
	  "\x61\xcc\x81\x6e\x20\xc4\x91\x61\xcc\x89\x6f\x20\xc4\x90"
	  "\xc3\xb4\x6e\x67\x20\x44\xc6\xb0\xc6\xa1\x6e\x67\x2e",
	  "\x56\x69\xea\xf2\x74\x20\x4e\x61\x6d\x20\x6c\x61\xcc\x20"
	  "\x71\x75\xf4\xec\x63\x20\x67\x69\x61\x20\x6e\xe3\xcc\x6d"
	  "\x20\xf5\xd2\x20\x70\x68\x69\xec\x61\x20\xf0\xf4\x6e\x67"
	  "\x20\x62\x61\xec\x6e\x20\xf0\x61\xd2\x6f\x20\xd0\xf4\x6e"
	  "\x67\x20\x44\xfd\xf5\x6e\x67\x2e",
	  64, "cp1258" },
};

/* Only windows-1258 decodes the bytes to the truth. */
WT_CASE(guess_vietnamese_combining)
{
	guess_check(wt, guess_vi_cases, ARRAY_SIZE(guess_vi_cases), 50);
}

/*
 * The Latin single-byte candidates told apart by the letters where they
 * differ: Italian "più" and "sarà" (cp1252; ISO-8859-4 reads "pių",
 * windows-1250 "sarŕ"), a French phrase that was "not text", and a
 * sentence with the ISO-8859-15 letters œ € Š Ž (iso8859_15; windows-1252
 * reads ½ ¤ ¦ ´).
 */
static const struct guess_case guess_latin_cases[] = {
	{ "it_piu",
	  "\x70\x69\xc3\xb9",
	  "\x70\x69\xf9",
	  3, "cp1252" },
	{ "it_sara",
	  "\x73\x61\x72\xc3\xa0",
	  "\x73\x61\x72\xe0",
	  4, "cp1252" },
	{ "fr_ou",
	  "\x43\x6c\x69\x71\x75\x65\x7a\x20\x6f\xc3\xb9\x20\x76\x6f"
	  "\x75\x73\x0a",
	  "\x43\x6c\x69\x71\x75\x65\x7a\x20\x6f\xf9\x20\x76\x6f\x75"
	  "\x73\x0a",
	  16, "cp1252" },
	{ "fr_8859_15",
	  "\x4c\x27\xc5\x93\x75\x76\x72\x65\x20\x63\x6f\xc3\xbb\x74"
	  "\x65\x20\x31\x35\x20\xe2\x82\xac\x2c\x20\x64\x69\x74\x20"
	  "\xc5\xa0\x69\x6d\x6f\x6e\x20\xc3\xa0\x20\xc5\xbd\x6f\x66"
	  "\x69\x61\x2e",
	  "\x4c\x27\xbd\x75\x76\x72\x65\x20\x63\x6f\xfb\x74\x65\x20"
	  "\x31\x35\x20\xa4\x2c\x20\x64\x69\x74\x20\xa6\x69\x6d\x6f"
	  "\x6e\x20\xe0\x20\xb4\x6f\x66\x69\x61\x2e",
	  38, "iso8859_15" },
};

/* Weak guesses too: a word alone is little evidence. */
WT_CASE(guess_latin_letters)
{
	guess_check(wt, guess_latin_cases, ARRAY_SIZE(guess_latin_cases), 0);
}

/*
 * Short ISO-8859-15 text with the letters windows-1252 lacks (issue 33):
 * the euro sign between digits and spaces (A4; windows-1252 reads the
 * currency sign, and IBM866 the letter "д", which won), French œ and Œ
 * (BD, BC; windows-1252 reads ½ and ¼, and Big5 read "cœur" as "c",
 * 0xBD75, "r"). Python's iso8859_15 codec made the bytes.
 */
static const struct guess_case guess_latin9_cases[] = {
	{ "fr_euro",
	  "\x50\x72\x69\x78\x20\x3a\x20\x31\x32\x2c\x35\x30\x20\xe2"
	  "\x82\xac\x0a",
	  "\x50\x72\x69\x78\x20\x3a\x20\x31\x32\x2c\x35\x30\x20\xa4"
	  "\x0a",
	  15, "iso8859_15" },
	{ "fi_euro",
	  "\x6d\x61\x6b\x73\x61\x61\x20\x32\x30\x20\xe2\x82\xac\x20"
	  "\x6b\x75\x75\x73\x73\x61\x0a",
	  "\x6d\x61\x6b\x73\x61\x61\x20\x32\x30\x20\xa4\x20\x6b\x75"
	  "\x75\x73\x73\x61\x0a",
	  19, "iso8859_15" },
	{ "fr_coeur",
	  "\x63\xc5\x93\x75\x72\x0a",
	  "\x63\xbd\x75\x72\x0a",
	  5, "iso8859_15" },
	{ "fr_oeuvre",
	  "\x75\x6e\x65\x20\xc5\x93\x75\x76\x72\x65\x20\x64\x27\x61"
	  "\x72\x74\x0a",
	  "\x75\x6e\x65\x20\xbd\x75\x76\x72\x65\x20\x64\x27\x61\x72"
	  "\x74\x0a",
	  16, "iso8859_15" },
	{ "fr_manoeuvre",
	  "\x6d\x61\x6e\xc5\x93\x75\x76\x72\x65\x0a",
	  "\x6d\x61\x6e\xbd\x75\x76\x72\x65\x0a",
	  9, "iso8859_15" },
	{ "fr_OEuvres",
	  "\xc5\x92\x75\x76\x72\x65\x73\x20\x63\x6f\x6d\x70\x6c\xc3"
	  "\xa8\x74\x65\x73\x0a",
	  "\xbc\x75\x76\x72\x65\x73\x20\x63\x6f\x6d\x70\x6c\xe8\x74"
	  "\x65\x73\x0a",
	  17, "iso8859_15" },
};

WT_CASE(guess_latin9_letters)
{
	guess_check(wt, guess_latin9_cases, ARRAY_SIZE(guess_latin9_cases), 0);
}

/*
 * English quoted in CJK text and English in windows-1254: a lone CJK
 * punctuation mark between ASCII letters is not the lone ideograph of a
 * Latin word misread (GBK's A1AF is U+2019 in "don’t"), and windows-1254's
 * 0x92 in "you’ll" is not Shift_JIS's 0x926C (it was, before the lone
 * character was scored). Python's gbk and cp1254 codecs made the bytes.
 */
static const struct guess_case guess_lone_cases[] = {
	{ "zh_gbk_dont",
	  "\x49\x66\x20\x79\x6f\x75\x20\x64\x6f\x6e\xe2\x80\x99\x74"
	  "\x20\x65\x76\x65\x72\x20\x77\x61\x6e\x74\x20\x74\x68\x65"
	  "\x20\x73\x63\x72\x65",
	  "\x49\x66\x20\x79\x6f\x75\x20\x64\x6f\x6e\xa1\xaf\x74\x20"
	  "\x65\x76\x65\x72\x20\x77\x61\x6e\x74\x20\x74\x68\x65\x20"
	  "\x73\x63\x72\x65",
	  32, "gbk" },
	{ "tr_1254_youll",
	  "\x49\x66\x20\x6e\x6f\x20\x74\x61\x62\x6c\x65\x74\x20\x69"
	  "\x73\x20\x64\x65\x74\x65\x63\x74\x65\x64\x2c\x20\x79\x6f"
	  "\x75\xe2\x80\x99\x6c\x6c",
	  "\x49\x66\x20\x6e\x6f\x20\x74\x61\x62\x6c\x65\x74\x20\x69"
	  "\x73\x20\x64\x65\x74\x65\x63\x74\x65\x64\x2c\x20\x79\x6f"
	  "\x75\x92\x6c\x6c",
	  32, "cp1254" },
};

WT_CASE(guess_lone_cjk)
{
	guess_check(wt, guess_lone_cases, ARRAY_SIZE(guess_lone_cases), 0);
}

/*
 * Romanian: ISO-8859-2, windows-1250 and ISO-8859-16 encode its letters
 * with the same bytes (ş ţ with cedilla in the first two, ș ț with comma
 * below in ISO-8859-16, at BA FE): the bytes cannot tell them apart, and
 * either reading is the same Romanian text (docs/detection.md). The
 * sentence with cedilla letters through Python's iso8859_2 codec; the
 * truths are that text and Python's iso8859_16 decoding of the bytes.
 */
WT_CASE(guess_romanian)
{
	static const char in[] =
		"\x56\xe3\x20\x72\x75\x67\xe3\x6d\x20\x61\x6d\x69\x6e\x74"
		"\x69\xfe\x69\x2d\x76\xe3\x20\x70\x61\x72\x6f\x6c\x61\x20"
		"\xba\x69\x20\xee\x6e\x63\x65\x72\x63\x61\xfe\x69\x20\x64"
		"\x69\x6e\x20\x6e\x6f\x75\x2e\x0a";
	static const char cedilla[] =
		"\x56\xc4\x83\x20\x72\x75\x67\xc4\x83\x6d\x20\x61\x6d\x69"
		"\x6e\x74\x69\xc5\xa3\x69\x2d\x76\xc4\x83\x20\x70\x61\x72"
		"\x6f\x6c\x61\x20\xc5\x9f\x69\x20\xc3\xae\x6e\x63\x65\x72"
		"\x63\x61\xc5\xa3\x69\x20\x64\x69\x6e\x20\x6e\x6f\x75\x2e"
		"\x0a";
	static const char comma[] =
		"\x56\xc4\x83\x20\x72\x75\x67\xc4\x83\x6d\x20\x61\x6d\x69"
		"\x6e\x74\x69\xc8\x9b\x69\x2d\x76\xc4\x83\x20\x70\x61\x72"
		"\x6f\x6c\x61\x20\xc8\x99\x69\x20\xc3\xae\x6e\x63\x65\x72"
		"\x63\x61\xc8\x9b\x69\x20\x64\x69\x6e\x20\x6e\x6f\x75\x2e"
		"\x0a";
	struct whatenc_guess_result r;
	u8 *out = WT_ALLOC(256);

	WT_ASSERT_TRUE(out);
	guess_run((const u8 *)in, sizeof(in) - 1, 0, -1, &r);
	WT_EXPECT_EQ(r.kind, WHATENC_GUESS_TEXT);
	WT_EXPECT_TRUE(r.lang && !strcmp(r.lang, "ro"));
	if (!guess_decodes_to((const u8 *)in, sizeof(in) - 1, r.enc, cedilla,
			      out, 256) &&
	    !guess_decodes_to((const u8 *)in, sizeof(in) - 1, r.enc, comma,
			      out, 256))
		WT_FAIL("Romanian: guessed %s", r.enc < WHATENC_NR_ENCODINGS ?
			whatenc_encoding_name(r.enc) : "not text");
}

/* Once certain, the detector stops and ignores what follows. */
WT_CASE(guess_early_stop)
{
	const struct guess_case *c = &guess_cases[0];	/* Russian 1251 */
	struct whatenc_guess g;
	struct whatenc_guess_result r;
	size_t fed = 0;
	int i;

	whatenc_guess_init(&g, -1);
	for (i = 0; i < 1000 && !whatenc_guess_feed(&g, (const u8 *)c->in,
						    c->len); i++)
		fed += c->len;
	WT_EXPECT_TRUE(i < 1000);
	whatenc_guess_result(&g, false, &r);
	WT_EXPECT_TRUE(r.done);
	WT_EXPECT_EQ(r.enc, WHATENC_WINDOWS_1251);
	WT_EXPECT_EQ(r.confidence, 100);
	WT_EXPECT_TRUE(r.bytes <= fed + c->len);
	WT_EXPECT_EQ(r.bytes % 1024, 0);
	/* more input changes nothing */
	WT_EXPECT_TRUE(whatenc_guess_feed(&g, (const u8 *)"\xff\x00", 2));
	whatenc_guess_result(&g, true, &r);
	WT_EXPECT_EQ(r.enc, WHATENC_WINDOWS_1251);
}

/*
 * Once the language is certain but not its encoding, the byte that
 * decides comes later: the ISO-8859-7 sentence 20 times (1120 bytes,
 * which windows-1253 decodes alike), then "don’t" with U+2019 as
 * Python's iso8859_7 codec encodes it (A2; windows-1253 reads Ά there).
 */
WT_CASE(guess_late_difference)
{
	const struct guess_case *c = &guess_cases[11];	/* el iso8859_7 */
	static const char tail[] = "don\xa2t";
	static const char tail_utf8[] = "don\xe2\x80\x99t";
	size_t n = 0, t = 0, i, ul = strlen(c->utf8);
	u8 *buf = WT_ALLOC(2048), *truth = WT_ALLOC(4096);
	u8 *out = WT_ALLOC(4096);
	struct whatenc_guess_result r;

	WT_ASSERT_TRUE(buf && truth && out);
	WT_ASSERT_EQ(strcmp(c->codec, "iso8859_7"), 0);
	for (i = 0; i < 20; i++) {
		memcpy(buf + n, c->in, c->len);
		n += c->len;
		memcpy(truth + t, c->utf8, ul);
		t += ul;
	}
	memcpy(buf + n, tail, sizeof(tail) - 1);
	n += sizeof(tail) - 1;
	memcpy(truth + t, tail_utf8, sizeof(tail_utf8));
	for (i = 0; i < 3; i++) {
		guess_run(buf, n, i ? 7 * i : 0, -1, &r);
		WT_EXPECT_EQ(r.enc, WHATENC_ISO_8859_7);
		WT_EXPECT_TRUE(guess_decodes_to(buf, n, r.enc, (char *)truth,
						out, 4096));
	}
}

/* UTF-8 and UTF-16 are judged by validity too. */
WT_CASE(guess_unicode_validity)
{
	struct whatenc_guess_result r;
	/* "Größe" in UTF-16LE, cut to an odd length */
	static const u8 odd[] = "G\0r\0\xf6\0\xdf\0e";
	/* "é" as UTF-8 with its last byte missing at the end */
	static const u8 cut[] = "caf\xc3";

	guess_run(odd, sizeof(odd) - 1, 0, -1, &r);
	WT_EXPECT_NE(r.enc, WHATENC_UTF_16LE);
	guess_run(odd, sizeof(odd) - 2, 0, -1, &r);
	WT_EXPECT_EQ(r.enc, WHATENC_UTF_16LE);
	guess_run(cut, sizeof(cut) - 1, 0, -1, &r);
	WT_EXPECT_NE(r.enc, WHATENC_UTF_8);
}

WT_CASE(guess_hints)
{
	static const char *const same_as_ja[] = {
		"ja", "JA", "ja_JP.UTF-8", "ja-JP", "jp", ".jp", "www.example.co.jp"
	};
	const struct guess_case *c = &guess_cases[0];	/* Russian 1251 */
	struct whatenc_guess_result r;
	int ja = whatenc_guess_hint("ja", 2);
	size_t i;

	WT_EXPECT_TRUE(ja >= 0);
	for (i = 0; i < ARRAY_SIZE(same_as_ja); i++)
		WT_EXPECT_EQ(whatenc_guess_hint(same_as_ja[i],
						strlen(same_as_ja[i])), ja);
	WT_EXPECT_EQ(whatenc_guess_hint("zh-TW", 5),
		     whatenc_guess_hint("zh_HK", 5));
	WT_EXPECT_EQ(whatenc_guess_hint("zh-Hant", 7),
		     whatenc_guess_hint("tw", 2));
	WT_EXPECT_EQ(whatenc_guess_hint("zh", 2),
		     whatenc_guess_hint("cn", 2));
	WT_EXPECT_NE(whatenc_guess_hint("zh", 2),
		     whatenc_guess_hint("zh_TW", 5));
	WT_EXPECT_EQ(whatenc_guess_hint("ru_RU.KOI8-R", 12),
		     whatenc_guess_hint("example.ru", 10));
	WT_EXPECT_EQ(whatenc_guess_hint("xx", 2), -ENOENT);
	WT_EXPECT_EQ(whatenc_guess_hint("", 0), -ENOENT);
	/* a prior, not evidence: a wrong hint does not win over the text */
	guess_run((const u8 *)c->in, c->len, 0, ja, &r);
	WT_EXPECT_EQ(r.enc, WHATENC_WINDOWS_1251);
	guess_run((const u8 *)c->in, c->len, 0,
		  whatenc_guess_hint("de", 2), &r);
	WT_EXPECT_EQ(r.enc, WHATENC_WINDOWS_1251);
	/* an out-of-range hint is no hint */
	guess_run((const u8 *)c->in, c->len, 0, 1000, &r);
	WT_EXPECT_EQ(r.enc, WHATENC_WINDOWS_1251);
}

static const char *const guess_names_sjis[] = {
	"\x95\xf1\x8d\x90\x8f\x91\x2e\x74\x78\x74",	/* 報告書.txt */
	"\x89\xef\x8b\x63\x82\xcc\x8b\x63"
	"\x8e\x96\x98\x5e\x2e\x64\x6f\x63",	/* 会議の議事録.doc */
	"\x8e\xca\x90\x5e\x88\xea\x97\x97\x2e\x74\x78\x74",	/* 写真一覧.txt */
};

static const char *const guess_names_sjis_utf8[] = {
	"報告書.txt",
	"会議の議事録.doc",
	"写真一覧.txt",
};

static const char *const guess_names_gbk[] = {
	"\xb9\xa4\xd7\xf7\xb1\xa8\xb8\xe6\x2e\x74\x78\x74",	/* 工作报告.txt */
	"\xbb\xe1\xd2\xe9\xbc\xc7\xc2\xbc\x2e\x64\x6f\x63",	/* 会议记录.doc */
	"\xd5\xd5\xc6\xac\xc4\xbf\xc2\xbc\x2e\x74\x78\x74",	/* 照片目录.txt */
};

static const char *const guess_names_gbk_utf8[] = {
	"工作报告.txt",
	"会议记录.doc",
	"照片目录.txt",
};

static const char *const guess_names_cp1251[] = {
	"\xce\xf2\xf7\xb8\xf2\x2e\x74\x78\x74",	/* Отчёт.txt */
	"\xcf\xf0\xee\xf2\xee\xea\xee\xeb\x2e\x64\x6f\x63",	/* Протокол.doc */
	"\xd4\xee\xf2\xee\x2e\x74\x78\x74",	/* Фото.txt */
};

static const char *const guess_names_cp1251_utf8[] = {
	"Отчёт.txt",
	"Протокол.doc",
	"Фото.txt",
};

/* Each set of names, judged together, decodes to its UTF-8 form. */
static void guess_names_check(struct wt_ctx *wt, const char *const *legacy,
			      const char *const *utf8, size_t n)
{
	struct whatenc_guess *g = WT_ALLOC(sizeof(*g));
	const u8 *names[3];
	size_t lens[3], i;
	struct whatenc_guess_result r;
	u8 out[64];

	WT_ASSERT_TRUE(g);
	for (i = 0; i < n; i++) {
		names[i] = (const u8 *)legacy[i];
		lens[i] = strlen(legacy[i]);
	}
	WT_ASSERT_EQ(whatenc_guess_names(g, names, lens, n, -1, &r), 0);
	WT_EXPECT_EQ(r.kind, WHATENC_GUESS_TEXT);
	for (i = 0; i < n; i++)
		WT_EXPECT_TRUE(guess_decodes_to(names[i], lens[i], r.enc,
						utf8[i], out, sizeof(out)));
}

WT_CASE(guess_names)
{
	struct whatenc_guess_result r;
	struct whatenc_guess *g = WT_ALLOC(sizeof(*g));

	WT_ASSERT_TRUE(g);
	guess_names_check(wt, guess_names_sjis, guess_names_sjis_utf8, 3);
	guess_names_check(wt, guess_names_gbk, guess_names_gbk_utf8, 3);
	guess_names_check(wt, guess_names_cp1251, guess_names_cp1251_utf8, 3);
	/* no names: ASCII; bad arguments */
	WT_EXPECT_EQ(whatenc_guess_names(g, NULL, NULL, 0, -1, &r), 0);
	WT_EXPECT_EQ(r.kind, WHATENC_GUESS_ASCII);
	WT_EXPECT_EQ(whatenc_guess_names(g, NULL, NULL, 1, -1, &r), -EINVAL);
	WT_EXPECT_EQ(whatenc_guess_names(NULL, NULL, NULL, 0, -1, &r), -EINVAL);
	WT_EXPECT_EQ(whatenc_guess_names(g, NULL, NULL, 0, -1, NULL), -EINVAL);
}

/*
 * A long valid UTF-8 stream stays UTF-8: 48 MiB of "д" (D0 B4) is more
 * sequences (25 million) than scores of 24 bits each add up to in 32
 * bits unclamped. Once certain, only validity is checked, so this is
 * quick; the kernel (KASAN in the debug VM) gets 6 MiB.
 */
#ifdef __KERNEL__
#define GUESS_LONG_KIB	6144
#else
#define GUESS_LONG_KIB	49152
#endif
WT_CASE(guess_long_utf8)
{
	u8 *buf = WT_ALLOC(1024);
	struct whatenc_guess *g = WT_ALLOC(sizeof(*g));
	struct whatenc_guess_result r;
	int i;

	WT_ASSERT_TRUE(buf && g);
	for (i = 0; i < 1024; i += 2) {
		buf[i] = 0xd0;
		buf[i + 1] = 0xb4;
	}
	whatenc_guess_init(g, -1);
	for (i = 0; i < GUESS_LONG_KIB; i++) {
		WT_YIELD();
		whatenc_guess_feed(g, buf, 1024);
	}
	whatenc_guess_result(g, true, &r);
	WT_EXPECT_EQ(r.kind, WHATENC_GUESS_TEXT);
	WT_EXPECT_EQ(r.enc, WHATENC_UTF_8);
	WT_EXPECT_EQ(r.confidence, 100);
	WT_EXPECT_EQ(r.bytes, GUESS_LONG_KIB * 1024);
	WT_EXPECT_TRUE(!r.done);
}

WT_SUITE(guess,
	 WT_RUN(guess_sentences),
	 WT_RUN(guess_chunk_split),
	 WT_RUN(guess_empty_ascii),
	 WT_RUN(guess_not_text),
	 WT_RUN(guess_not_text_evidence),
	 WT_RUN(guess_vietnamese_combining),
	 WT_RUN(guess_latin_letters),
	 WT_RUN(guess_latin9_letters),
	 WT_RUN(guess_lone_cjk),
	 WT_RUN(guess_romanian),
	 WT_RUN(guess_early_stop),
	 WT_RUN(guess_late_difference),
	 WT_RUN(guess_unicode_validity),
	 WT_RUN(guess_hints),
	 WT_RUN(guess_names),
	 WT_RUN(guess_long_utf8));
