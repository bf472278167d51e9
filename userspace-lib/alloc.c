// SPDX-License-Identifier: GPL-2.0-only
/*
 * alloc.c - libwhatenc's allocated coders (whatenc_lib.h), for callers
 * that cannot see the struct layouts
 */
#include <stdlib.h>
#include "whatenc_lib.h"

size_t whatenc_decoder_size(void)
{
	return sizeof(struct whatenc_decoder);
}

size_t whatenc_encoder_size(void)
{
	return sizeof(struct whatenc_encoder);
}

/* A decoder (@encoder false) or encoder from malloc(), set up; errno on failure. */
static void *coder_new(bool encoder, int enc, unsigned int flags)
{
	void *c = malloc(encoder ? sizeof(struct whatenc_encoder) :
			 sizeof(struct whatenc_decoder));
	int ret;

	if (!c)
		return NULL;
	ret = encoder ? whatenc_encoder_init(c, (enum whatenc_encoding)enc, flags) :
			whatenc_decoder_init(c, (enum whatenc_encoding)enc, flags);
	if (ret) {
		free(c);
		errno = -ret;
		return NULL;
	}
	return c;
}

/* enc is an int so that an FFI caller passes a plain integer */
struct whatenc_decoder *whatenc_decoder_new(int enc, unsigned int flags)
{
	return coder_new(false, enc, flags);
}

void whatenc_decoder_free(struct whatenc_decoder *d)
{
	free(d);
}

struct whatenc_encoder *whatenc_encoder_new(int enc, unsigned int flags)
{
	return coder_new(true, enc, flags);
}

void whatenc_encoder_free(struct whatenc_encoder *e)
{
	free(e);
}
