// SPDX-License-Identifier: GPL-2.0-only
/*
 * encodings.c - the encodings' table: one row per line of
 * whatenc_encodings.h, in the order of enum
 * whatenc_encoding. A new encoding in an existing family is one line
 * there (its names, labels and tables come from the spec's files through
 * scripts/gen-tables).
 *
 * A family configured out (module/Kconfig, whatenc_config.h) leaves its
 * encodings' rows without a family: the engine refuses them with
 * -EOPNOTSUPP, and their labels resolve to that (labels.c).
 */
#include "family.h"
#include "whatenc_config.h"

#define WE_FAM_utf8		(&whatenc_family_utf8)
#define WE_FAM_utf16		(&whatenc_family_utf16)
#define WE_FAM_xud		(&whatenc_family_xud)
#define WE_FAM_replacement	(&whatenc_family_replacement)
#ifdef CONFIG_WHATENC_JAPANESE
#define WE_FAM_euc_jp		(&whatenc_family_euc_jp)
#define WE_FAM_iso_2022_jp	(&whatenc_family_iso_2022_jp)
#define WE_FAM_shift_jis	(&whatenc_family_shift_jis)
#else
#define WE_FAM_euc_jp		NULL
#define WE_FAM_iso_2022_jp	NULL
#define WE_FAM_shift_jis	NULL
#endif
#ifdef CONFIG_WHATENC_CHINESE
#define WE_FAM_gb18030		(&whatenc_family_gb18030)
#else
#define WE_FAM_gb18030		NULL
#endif
#ifdef CONFIG_WHATENC_BIG5
#define WE_FAM_big5		(&whatenc_family_big5)
#else
#define WE_FAM_big5		NULL
#endif
#ifdef CONFIG_WHATENC_KOREAN
#define WE_FAM_euc_kr		(&whatenc_family_euc_kr)
#else
#define WE_FAM_euc_kr		NULL
#endif

/* The lines of whatenc_encodings.h, in enum order. */
#define WHATENC_ENCODING(id, fam, out, bom, per, per_html)		\
	[WHATENC_##id] = {						\
		.family = WE_FAM_##fam, .output = WHATENC_##out,	\
		.own_bom = bom, .enc_per_byte = per,			\
		.enc_per_byte_html = per_html, .table = WE_SB_ROW_NONE,	\
	},
/* windows-874's encoder has a fast path of its own (single_byte.c) */
#define WE_FAM_SB(index)						\
	(WE_SB_##index == WE_SB_WINDOWS_874 ? &whatenc_family_sb_thai :	\
	 &whatenc_family_sb)
#define WHATENC_SB_AS(id, index)					\
	[WHATENC_##id] = {						\
		.family = WE_FAM_SB(index), .output = WHATENC_##id,	\
		.enc_per_byte = 1, .enc_per_byte_html = 8,		\
		.table = WE_SB_##index,					\
	},
#define WHATENC_SB(id)		WHATENC_SB_AS(id, id)

const struct we_encoding whatenc_encodings[WHATENC_NR_ENCODINGS] = {
#include "whatenc_encodings.h"
};

/*
 * whatenc_encoding_built() - whether @enc's family is in this build; @enc
 * must be < WHATENC_NR_ENCODINGS.
 */
bool whatenc_encoding_built(enum whatenc_encoding enc)
{
	return whatenc_encodings[enc].family;
}
