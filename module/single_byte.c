// SPDX-License-Identifier: GPL-2.0-only
/* PLACEHOLDER: replaced by the real family implementation. */
#include "internal.h"

enum whatenc_ret whatenc_sb_decode(struct whatenc_decoder *d,
				 struct whatenc_buf *b, bool last)
{
	return WHATENC_MALFORMED;
}

enum whatenc_ret whatenc_sb_encode(struct whatenc_encoder *e,
				 struct whatenc_buf *b, bool last)
{
	return WHATENC_UNMAPPABLE;
}
