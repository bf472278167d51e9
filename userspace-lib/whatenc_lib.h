/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * whatenc_lib.h - what libwhatenc adds to the codec API in userspace
 *
 * The codec API (whatenc.h) lets the caller own the coders' state: its
 * layout is in the header, and C code puts it on the stack or in its own
 * struct. A caller that cannot see C struct layouts (an FFI: Python's
 * ctypes, Rust without bindgen, ...) allocates it here instead, sized by
 * the library it runs with, and passes the pointer to the functions of
 * whatenc.h as usual. Not in the kernel module: userspace only.
 */
#ifndef WHATENC_LIB_H
#define WHATENC_LIB_H

#include "whatenc.h"

/* sizeof(struct whatenc_decoder) / sizeof(struct whatenc_encoder) */
size_t whatenc_decoder_size(void);
size_t whatenc_encoder_size(void);

/*
 * A decoder (encoder) set up by whatenc_decoder_init()
 * (whatenc_encoder_init()) in memory from malloc(); NULL with errno
 * EINVAL for an unknown encoding or flag (what init returns) or ENOMEM.
 * Free it with whatenc_decoder_free() (whatenc_encoder_free()), which
 * accepts NULL.
 */
struct whatenc_decoder *whatenc_decoder_new(int enc, unsigned int flags);
void whatenc_decoder_free(struct whatenc_decoder *d);
struct whatenc_encoder *whatenc_encoder_new(int enc, unsigned int flags);
void whatenc_encoder_free(struct whatenc_encoder *e);

/*
 * The old name of whatenc_encoding_name() (an encoding's canonical name,
 * not a file name), kept so that programs linked against libwhatenc.so.0
 * before the rename (2026-11-26) still run. New code calls
 * whatenc_encoding_name().
 */
const char *whatenc_name(enum whatenc_encoding enc);

#endif /* WHATENC_LIB_H */
