/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * whatenc_nls.h - the per-character conversions behind whatenc_nls.ko's
 * NLS tables (nls_conv.c), as portable C
 *
 * fs/nls converts one character per call, between a charset's bytes and
 * a 16-bit code point (NLS's wchar_t): the callbacks char2uni() and
 * uni2char() of struct nls_table. The functions here are those callbacks
 * for any whatenc encoding that whatenc_nls_supported() accepts, with
 * fs/nls's conventions (a result > 0 is a byte count); the kernel-only
 * nls_main.c binds them to one struct nls_table per encoding. They build
 * in userspace too, for the host tests.
 */
#ifndef WHATENC_NLS_H
#define WHATENC_NLS_H

#include "whatenc.h"

/* The longest character of an encoding that the tables carry (gb18030). */
#define WHATENC_NLS_MAX_CHAR	4

bool whatenc_nls_supported(enum whatenc_encoding enc);
int whatenc_nls_char2uni(enum whatenc_encoding enc, const u8 *raw,
			 int boundlen, u16 *uni);
int whatenc_nls_uni2char(enum whatenc_encoding enc, u16 uni, u8 *out,
			 int boundlen);
const u8 *whatenc_nls_lower(enum whatenc_encoding enc);
const u8 *whatenc_nls_upper(enum whatenc_encoding enc);

#endif /* WHATENC_NLS_H */
