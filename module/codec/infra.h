/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * infra.h - the Infra Standard's ASCII definitions that labels and
 * declarations are read with: "ASCII whitespace", "ASCII lowercase",
 * "ASCII case-insensitive" (labels.c, the detectors)
 */
#ifndef WHATENC_INFRA_H
#define WHATENC_INFRA_H

#include "whatenc_types.h"

/* ASCII whitespace: TAB, LF, FF, CR, SPACE. */
static inline bool we_ascii_ws(u8 c)
{
	return c == '\t' || c == '\n' || c == '\f' || c == '\r' || c == ' ';
}

/* ASCII lowercase of one byte: A-Z to a-z, every other byte as it is. */
static inline u8 we_ascii_lower(u8 c)
{
	return (c >= 'A' && c <= 'Z') ? c + ('a' - 'A') : c;
}

/* The bytes @s[0..@len) are the string @lit, ASCII case-insensitively. */
static inline bool we_ascii_ieq(const void *s, size_t len, const char *lit)
{
	const u8 *p = s;
	size_t i;

	for (i = 0; i < len; i++)
		if (!lit[i] || we_ascii_lower(p[i]) != we_ascii_lower(lit[i]))
			return false;
	return !lit[len];
}

#endif /* WHATENC_INFRA_H */
