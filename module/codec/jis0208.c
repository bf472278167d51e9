// SPDX-License-Identifier: GPL-2.0-only
/*
 * jis0208.c - the tables of the Japanese encodings (see jis.h), shared
 * by euc_jp.c, iso_2022_jp.c and shift_jis.c.
 */
#include "jis.h"
#include "tables_jis.h"
