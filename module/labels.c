// SPDX-License-Identifier: GPL-2.0-only
/* PLACEHOLDER: replaced by the generated label table and lookup. */
#include "internal.h"

enum whatenc_encoding whatenc_output_encoding(enum whatenc_encoding enc)
{
	return enc;
}
