// SPDX-License-Identifier: GPL-2.0-only
/*
 * jis0208.c - the tables of the Japanese encodings (see jis.h), shared
 * by euc_jp.c, iso_2022_jp.c and shift_jis.c.
 */
#include "jis.h"
#include "tables_jis.h"

static_assert(WE_JIS0208_DEC_LEN == WE_SJIS_DEC_LEN,
	      "index jis0208 runs to the end of Shift_JIS's pointers");
