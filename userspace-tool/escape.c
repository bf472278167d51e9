// SPDX-License-Identifier: GPL-2.0-only
/*
 * escape.c - file names and other bytes from outside, printed safely
 *
 * One escaping for every name whatenc prints as text: valid UTF-8 is kept
 * except control characters (C0, DEL, C1); those, the backslash and every
 * byte that is not part of valid UTF-8 are written as \xHH. So a name
 * cannot move the cursor, change colours or forge a line of output, and
 * the escaped form reads back to the same bytes (wt_unescape()). JSON
 * output uses JSON's own escapes instead (wt_put_json()).
 */
#include <stdio.h>
#include <string.h>

#include "tool.h"
#include "whatenc_names.h"

/* Bytes of a character @s[0..) to keep as they are, or 0: escape s[0]. */
static int keep_len(const u8 *s, size_t len)
{
	u32 cp;
	int n;

	if (*s < 0x80)
		return *s >= 0x20 && *s < 0x7f && *s != '\\';
	n = whatenc_wtf8_next(s, len, &cp);
	if (n <= 0 || (cp >= 0xd800 && cp <= 0xdfff) || cp < 0xa0)
		return 0;
	return n;
}

size_t wt_escape(const char *s, size_t len, char *out, size_t size)
{
	const u8 *p = (const u8 *)s;
	size_t i = 0, k = 0;

	while (i < len) {
		int n = keep_len(p + i, len - i);

		if (n && k + n < size) {
			memcpy(out + k, p + i, n);
			k += n;
			i += n;
		} else if (!n && k + 4 < size) {
			k += snprintf(out + k, size - k, "\\x%02x", p[i]);
			i++;
		} else {
			break;
		}
	}
	if (size)
		out[k < size ? k : size - 1] = 0;
	return k;
}

void wt_put_escaped(FILE *f, const char *s, size_t len)
{
	const u8 *p = (const u8 *)s;
	size_t i = 0;

	while (i < len) {
		int n = keep_len(p + i, len - i);

		if (n) {
			fwrite(p + i, 1, n, f);
			i += n;
		} else {
			fprintf(f, "\\x%02x", p[i++]);
		}
	}
}

static int hexval(char c)
{
	return c >= '0' && c <= '9' ? c - '0' :
	       c >= 'a' && c <= 'f' ? c - 'a' + 10 :
	       c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
}

int wt_unescape(const char *s, size_t len, char *out, size_t size)
{
	size_t i = 0, k = 0;

	while (i < len) {
		char c = s[i];

		if (c == '\\') {
			int hi, lo;

			if (i + 3 >= len || s[i + 1] != 'x')
				return -1;
			hi = hexval(s[i + 2]);
			lo = hexval(s[i + 3]);
			if (hi < 0 || lo < 0)
				return -1;
			c = (char)(hi << 4 | lo);
			i += 4;
		} else {
			i++;
		}
		if (k + 1 >= size)
			return -1;
		out[k++] = c;
	}
	out[k] = 0;
	return k;
}

void wt_put_json(FILE *f, const char *s, size_t len)
{
	size_t i = 0;
	int n;
	u32 cp;

	putc('"', f);
	while (i < len) {
		u8 c = s[i];

		if (c == '"' || c == '\\') {
			fprintf(f, "\\%c", c);
			i++;
		} else if (c < 0x20 || c == 0x7f) {
			fprintf(f, "\\u%04x", c);
			i++;
		} else if (c < 0x80) {
			putc(c, f);
			i++;
		} else {
			n = whatenc_wtf8_next((const u8 *)s + i, len - i, &cp);
			if (n > 0 && (cp < 0xd800 || cp > 0xdfff)) {
				fwrite(s + i, 1, n, f);
				i += n;
			} else {
				fputs("\\ufffd", f);
				i++;
			}
		}
	}
	putc('"', f);
}

void wt_name_error(const char *who, const char *name, const char *msg)
{
	fprintf(stderr, "%s: ", who);
	wt_put_escaped(stderr, name, strlen(name));
	fprintf(stderr, ": %s\n", msg);
}

const char *wt_shown(const char *name)
{
	static char buf[2][4 * 4096 + 1];
	static int k;

	k ^= 1;
	wt_escape(name, strlen(name), buf[k], sizeof(buf[k]));
	return buf[k];
}
