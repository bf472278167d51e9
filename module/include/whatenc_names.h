/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * whatenc_names.h - one-shot conversions of names for filesystems and
 * drivers (names.c) and WTF-8 (wtf8.c)
 */
#ifndef WHATENC_NAMES_H
#define WHATENC_NAMES_H

#include "whatenc.h"

/**
 * DOC: name and WTF-8 helpers
 *
 * One-shot conversions of short strings such as file names, for code
 * that would otherwise use fs/nls (which converts one character at a
 * time, knows only the BMP and has no error modes). Every function here
 * converts a whole string in one call into a caller-provided buffer:
 *
 * - Input is a pointer and a length; it need not be NUL-terminated and
 *   may contain NUL bytes.
 * - The return value is the number of bytes (for u16 output: code
 *   units) written, not counting an optional terminating NUL, or a
 *   negative errno: -EINVAL for bad arguments (unknown encoding or flag
 *   bits, a NULL pointer with a non-zero length), -EILSEQ for input that
 *   is malformed or cannot be represented, and, when the output does not
 *   fit, -ENAMETOOLONG from the name helpers and -ENOSPC from the WTF-8
 *   helpers. On error the contents of the output buffer are unspecified.
 * - Sizes above INT_MAX are treated as INT_MAX, so a successful return
 *   value always fits in an int.
 * - They never sleep, allocate or take a lock, and keep no global state:
 *   Context: Any context, including hard interrupts and code holding
 *   spinlocks.
 *
 * WTF-8 (https://simonsapin.github.io/wtf-8/) represents potentially
 * ill-formed UTF-16 ("WTF-16", as in NTFS, Joliet or FAT long names)
 * losslessly in a UTF-8 superset: a lone surrogate is written as its
 * 3-byte generalized UTF-8 form (ED A0..BF 80..BF). WTF-8 must be made
 * UTF-8 (whatenc_wtf8_to_utf8_lossy() or _strict()) before it leaves the
 * system, e.g. before it is shown to userspace as a name.
 */

/**
 * enum whatenc_name_flags - flags of whatenc_name_decode() and
 * whatenc_name_encode()
 * @WHATENC_NAME_NO_SEP: reject a name whose conversion would change the
 *	structure of a path: decoding fails with -EINVAL if the UTF-8 output
 *	contains U+0000 or U+002F (/); encoding fails with -EINVAL if the
 *	UTF-8 input contains U+0000 or U+002F, or if the output, unless it is
 *	UTF-16, contains a 0x00 or 0x2F byte (ISO-2022-JP's two-byte codes
 *	can contain 0x2F).
 * @WHATENC_NAME_NUL_TERM: terminate the output with a NUL code unit (one
 *	zero byte; two zero bytes for UTF-16BE/LE output of
 *	whatenc_name_encode()). It must fit in the buffer too but is not
 *	counted in the return value. Without this flag the output is not
 *	terminated.
 * @WHATENC_NAME_REPLACE: decode in replacement mode: malformed input
 *	becomes U+FFFD instead of failing with -EILSEQ. Only for
 *	whatenc_name_decode(); names are fatal by default, and encoding is
 *	always fatal (html mode makes no sense for names).
 */
enum whatenc_name_flags {
	WHATENC_NAME_NO_SEP	= 0x01,
	WHATENC_NAME_NUL_TERM	= 0x02,
	WHATENC_NAME_REPLACE	= 0x04,
};

int whatenc_name_decode(enum whatenc_encoding enc, const u8 *src, size_t len,
			u8 *dst, size_t dst_size, unsigned int flags);
int whatenc_name_encode(enum whatenc_encoding enc, const u8 *src, size_t len,
			u8 *dst, size_t dst_size, unsigned int flags);

/* WTF-8 (wtf8.c) */
int whatenc_wtf8_check(const u8 *src, size_t len);
int whatenc_wtf8_next(const u8 *src, size_t len, u32 *cp);
int whatenc_wtf16_to_wtf8(const u16 *src, size_t units, u8 *dst,
			  size_t dst_size);
int whatenc_wtf16le_to_wtf8(const u8 *src, size_t len, u8 *dst,
			    size_t dst_size);
int whatenc_wtf16be_to_wtf8(const u8 *src, size_t len, u8 *dst,
			    size_t dst_size);
int whatenc_wtf8_to_wtf16(const u8 *src, size_t len, u16 *dst,
			  size_t dst_units);
int whatenc_wtf8_to_wtf16le(const u8 *src, size_t len, u8 *dst,
			    size_t dst_size);
int whatenc_wtf8_to_wtf16be(const u8 *src, size_t len, u8 *dst,
			    size_t dst_size);
int whatenc_wtf8_to_utf8_lossy(const u8 *src, size_t len, u8 *dst,
			       size_t dst_size);
int whatenc_wtf8_to_utf8_strict(const u8 *src, size_t len, u8 *dst,
				size_t dst_size);
int whatenc_wtf8_concat(u8 *buf, size_t len, size_t size, const u8 *src,
			size_t src_len);

#endif /* WHATENC_NAMES_H */
