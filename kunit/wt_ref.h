/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * wt_ref.h - reference helpers the tests compute expectations with
 *
 * Written apart from the core on purpose: a test never trusts the code
 * under test to build its own expected values.
 */
#ifndef WT_REF_H
#define WT_REF_H

#include "whatenc.h"

/* UTF-8 of code point @cp at @p (generalized: surrogates too). */
static inline unsigned int wt_utf8(u8 *p, u32 cp)
{
	if (cp < 0x80) {
		p[0] = cp & 0x7f;
		return 1;
	}
	if (cp < 0x800) {
		p[0] = 0xc0 | ((cp >> 6) & 0x1f);
		p[1] = 0x80 | (cp & 0x3f);
		return 2;
	}
	if (cp < 0x10000) {
		p[0] = 0xe0 | ((cp >> 12) & 0x0f);
		p[1] = 0x80 | ((cp >> 6) & 0x3f);
		p[2] = 0x80 | (cp & 0x3f);
		return 3;
	}
	p[0] = 0xf0 | ((cp >> 18) & 0x07);
	p[1] = 0x80 | ((cp >> 12) & 0x3f);
	p[2] = 0x80 | ((cp >> 6) & 0x3f);
	p[3] = 0x80 | (cp & 0x3f);
	return 4;
}

#endif /* WT_REF_H */
