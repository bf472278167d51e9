/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * infra.h - the Infra Standard's ASCII definitions that labels and
 * declarations are read with: "ASCII whitespace", "ASCII
 * case-insensitive" (labels.c, the detectors)
 *
 * ASCII lowercase is tolower(), case-insensitive compares strncasecmp()
 * (the kernel's; the userspace build's from whatenc_user.h): the
 * kernel's also fold the Latin-1 letters, but every string they compare
 * with here is ASCII, which a byte from 0x80 never matches either way.
 * ASCII whitespace is not isspace(), which also takes VT (and in the
 * kernel 0xA0).
 */
#ifndef WHATENC_INFRA_H
#define WHATENC_INFRA_H

#include "whatenc_types.h"

/* ASCII whitespace: TAB, LF, FF, CR, SPACE. */
static inline bool we_ascii_ws(u8 c)
{
	return c == '\t' || c == '\n' || c == '\f' || c == '\r' || c == ' ';
}

/*
 * The bytes @s[0..@len) are the ASCII string @lit, ASCII
 * case-insensitively (a NUL in @s matches nothing).
 */
static inline bool we_ascii_ieq(const void *s, size_t len, const char *lit)
{
	return strlen(lit) == len && !strncasecmp(s, lit, len);
}

#endif /* WHATENC_INFRA_H */
