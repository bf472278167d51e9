// SPDX-License-Identifier: GPL-2.0-only
/*
 * encodings.c - the encodings' table: one row per line of
 * whatenc_encodings.h, in the order of enum
 * whatenc_encoding. A new encoding in an existing family is one line
 * there (its names, labels and tables come from the spec's files through
 * scripts/gen-tables).
 */
#include "family.h"

/* The lines of whatenc_encodings.h, in enum order. */
#define WHATENC_ENCODING(id, fam, out, bom, per, per_html)		\
	[WHATENC_##id] = {						\
		.family = &we_family_##fam, .output = WHATENC_##out,	\
		.own_bom = bom, .enc_per_byte = per,			\
		.enc_per_byte_html = per_html, .table = WE_SB_ROW_NONE,	\
	},
#define WHATENC_SB_AS(id, index)					\
	[WHATENC_##id] = {						\
		.family = &we_family_sb, .output = WHATENC_##id,	\
		.enc_per_byte = 1, .enc_per_byte_html = 8,		\
		.table = WE_SB_##index,					\
	},
#define WHATENC_SB(id)		WHATENC_SB_AS(id, id)

const struct we_encoding we_encodings[WHATENC_NR_ENCODINGS] = {
#include "whatenc_encodings.h"
};
