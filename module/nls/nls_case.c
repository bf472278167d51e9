// SPDX-License-Identifier: GPL-2.0-only
/*
 * nls_case.c - charset2lower/charset2upper of whatenc_nls.ko's tables
 *
 * fs/nls folds case one byte at a time with two 256-byte tables per
 * charset (nls_tolower(), nls_toupper(), nls_strnicmp(); vfat compares
 * names with them). A byte can only be folded where a byte is a
 * character: the single-byte encodings get the generated tables of
 * nls_case_tables.h (Unicode's case mappings, within the encoding),
 * EUC-JP and x-user-defined fold ASCII letters only, and Shift_JIS, GBK,
 * gb18030, Big5 and EUC-KR fold nothing, since their second bytes can be
 * ASCII letters (Shift_JIS 0x83 0x41 is U+30A2, 0x83 0x61 U+30C2: folding
 * would make the two names one).
 */
#include "whatenc_nls.h"
#include "nls_case_tables.h"

struct nls_case {
	const u8 *lower;
	const u8 *upper;
};

#define WHATENC_NLS(id, name, stem)					\
	[WHATENC_##id] = { nls_lower_##stem, nls_upper_##stem },
static const struct nls_case nls_cases[WHATENC_NR_ENCODINGS] = {
#include "whatenc_nls_list.h"
};

#undef WHATENC_NLS

/**
 * whatenc_nls_lower() - the charset2lower table of an encoding
 * @enc: the encoding
 *
 * Return: 256 bytes: the lowercase of each byte, 0 where it has none (or
 * none of one byte); NULL if @enc has no NLS table.
 */
const u8 *whatenc_nls_lower(enum whatenc_encoding enc)
{
	return (unsigned int)enc < WHATENC_NR_ENCODINGS ? nls_cases[enc].lower : NULL;
}

/**
 * whatenc_nls_upper() - the charset2upper table of an encoding
 * @enc: the encoding
 *
 * Return: 256 bytes: the uppercase of each byte, 0 where it has none (or
 * none of one byte); NULL if @enc has no NLS table.
 */
const u8 *whatenc_nls_upper(enum whatenc_encoding enc)
{
	return (unsigned int)enc < WHATENC_NR_ENCODINGS ? nls_cases[enc].upper : NULL;
}
