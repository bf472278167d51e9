// SPDX-License-Identifier: GPL-2.0-only
/*
 * compat.c - libwhatenc.so.0's old names of renamed functions
 * (whatenc_lib.h), so that programs linked before a rename still run
 */
#include "whatenc_lib.h"

const char *whatenc_name(enum whatenc_encoding enc)
{
	return whatenc_encoding_name(enc);
}
