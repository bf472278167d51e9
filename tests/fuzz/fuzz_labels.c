// SPDX-License-Identifier: GPL-2.0-only
/*
 * fuzz_labels.c - libFuzzer harness for label lookup (module/codec/labels.c)
 *
 * Oracle: the Encoding Standard's "get an encoding": remove leading and
 * trailing ASCII whitespace (TAB, LF, FF, CR, SPACE), ASCII-lowercase,
 * compare with every label of every encoding (taken from
 * whatenc_label(), itself checked against encodings.json by the unit
 * tests). whatenc_get_encoding() must return exactly the encoding whose
 * label matches, else -EINVAL. The input is passed unterminated (ASan
 * catches reads past its end), with embedded NULs and any bytes.
 * Once per process, every label, upper-cased and padded with whitespace,
 * resolves to its encoding, and whatenc_encoding_name() is a label of its encoding.
 */
#include <stdint.h>
#include <ctype.h>
#include "fuzz_util.h"

static bool is_ws(u8 c)
{
	return c == 0x09 || c == 0x0a || c == 0x0c || c == 0x0d || c == 0x20;
}

static int oracle(const u8 *p, size_t len)
{
	char key[64];
	size_t i;
	int e, j, n;

	while (len && is_ws(p[0])) {
		p++;
		len--;
	}
	while (len && is_ws(p[len - 1]))
		len--;
	if (!len || len >= sizeof(key))
		return -EINVAL;
	for (i = 0; i < len; i++)
		key[i] = p[i] >= 'A' && p[i] <= 'Z' ? p[i] + 32 : p[i];
	for (e = 0; e < WHATENC_NR_ENCODINGS; e++) {
		n = whatenc_label_count(e);
		for (j = 0; j < n; j++) {
			const char *l = whatenc_label(e, j);

			if (strlen(l) == len && !memcmp(l, key, len))
				return e;
		}
	}
	return -EINVAL;
}

static void check_all_labels(void)
{
	char buf[80];
	int e, j, n, total = 0;

	for (e = 0; e < WHATENC_NR_ENCODINGS; e++) {
		const char *name = whatenc_encoding_name(e);
		bool found = false;

		n = whatenc_label_count(e);
		FUZZ_CHECK(n >= 1 && name);
		for (j = 0; j < n; j++) {
			const char *l = whatenc_label(e, j);
			size_t len = strlen(l), i;

			FUZZ_CHECK(len && len < 60);
			FUZZ_CHECK(whatenc_get_encoding(l, len) == e);
			buf[0] = ' ';
			buf[1] = '\t';
			for (i = 0; i < len; i++)
				buf[2 + i] = toupper((unsigned char)l[i]);
			buf[2 + len] = '\f';
			FUZZ_CHECK(whatenc_get_encoding(buf, len + 3) == e);
			if (strlen(name) == len) {
				for (i = 0; i < len; i++)
					if (tolower((unsigned char)name[i]) != l[i])
						break;
				found |= i == len;
			}
		}
		FUZZ_CHECK(found);
		FUZZ_CHECK(whatenc_label(e, n) == NULL);
		total += n;
	}
	FUZZ_CHECK(total == 228);	/* encodings.json */
	FUZZ_CHECK(whatenc_label_count(WHATENC_NR_ENCODINGS) < 0);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static bool done;
	int r;

	if (!done) {
		check_all_labels();
		done = true;
	}
	r = whatenc_get_encoding((const char *)data, size);
	FUZZ_CHECK(r == oracle(data, size));
	if (r >= 0) {
		FUZZ_CHECK(r < WHATENC_NR_ENCODINGS);
		FUZZ_CHECK(whatenc_output_encoding(r) < WHATENC_NR_ENCODINGS);
	}
	return 0;
}
