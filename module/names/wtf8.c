// SPDX-License-Identifier: GPL-2.0-only
/*
 * wtf8.c - WTF-8 and potentially ill-formed UTF-16 ("WTF-16")
 *
 * Implements "The WTF-8 encoding" (Simon Sapin,
 * https://simonsapin.github.io/wtf-8/):
 *
 * - generalized UTF-8: UTF-8's bit distribution for every code point,
 *   surrogates included (a surrogate takes 3 bytes, ED A0..BF 80..BF);
 * - WTF-8: generalized UTF-8 without a surrogate pair byte sequence, i.e.
 *   a lead surrogate byte sequence (ED A0..AF 80..BF) immediately
 *   followed by a trail surrogate byte sequence (ED B0..BF 80..BF): a
 *   pair of surrogates is always written as its supplementary code point;
 * - conversion from potentially ill-formed UTF-16 (a lead followed by a
 *   trail is one supplementary code point, any other unit is the code
 *   point of its value) and back;
 * - conversion to UTF-8, lossy (each surrogate byte sequence becomes
 *   EF BF BD) or strict (fails on the first one);
 * - concatenation, which joins a lead surrogate at the end of the left
 *   string with a trail surrogate at the start of the right one.
 *
 * The spec's algorithms assume well-formed input; here every input is
 * checked and ill-formed input fails with -EILSEQ. A buffer too small for
 * the output fails with -ENOSPC. See "DOC: name and WTF-8 helpers" in
 * whatenc.h.
 */
#include "text.h"
#include "whatenc_names.h"

#define WE_INT_MAX	((size_t)(~0u >> 1))

/* Byte orders of 16-bit code units. */
enum { WE_HOST, WE_LE, WE_BE };

static inline bool is_lead(u32 u)
{
	return u >= 0xd800 && u <= 0xdbff;
}

static inline bool is_trail(u32 u)
{
	return u >= 0xdc00 && u <= 0xdfff;
}

static inline size_t clamp_size(size_t n)
{
	return n > WE_INT_MAX ? WE_INT_MAX : n;
}

/* Does @s (@len bytes) start with a trail surrogate byte sequence? */
static inline bool starts_with_trail(const u8 *s, size_t len)
{
	return len >= 3 && s[0] == 0xed && s[1] >= 0xb0 && s[1] <= 0xbf &&
	       s[2] >= 0x80 && s[2] <= 0xbf;
}

/* Does @s (@len bytes) end with a lead surrogate byte sequence? */
static inline bool ends_with_lead(const u8 *s, size_t len)
{
	return len >= 3 && s[len - 3] == 0xed && s[len - 2] >= 0xa0 &&
	       s[len - 2] <= 0xaf && s[len - 1] >= 0x80 && s[len - 1] <= 0xbf;
}

/*
 * One code point of generalized UTF-8 (the spec's table of well-formed
 * byte sequences: UTF-8's, with ED A0..BF allowed). Returns its length
 * (1..4), or -EILSEQ. @len must be at least 1.
 */
static inline int gen_utf8_next(const u8 *s, size_t len, u32 *cp)
{
	u8 b = s[0], lo = 0x80, hi = 0xbf;
	unsigned int n, i;
	u32 c;

	if (b < 0x80) {
		*cp = b;
		return 1;
	}
	if (b >= 0xc2 && b <= 0xdf) {
		n = 2;
		c = b & 0x1f;
	} else if (b >= 0xe0 && b <= 0xef) {
		n = 3;
		c = b & 0x0f;
		if (b == 0xe0)
			lo = 0xa0;
	} else if (b >= 0xf0 && b <= 0xf4) {
		n = 4;
		c = b & 0x07;
		if (b == 0xf0)
			lo = 0x90;
		if (b == 0xf4)
			hi = 0x8f;
	} else {
		return -EILSEQ;
	}
	if (len < n)
		return -EILSEQ;
	for (i = 1; i < n; i++) {
		b = s[i];
		if (b < lo || b > hi)
			return -EILSEQ;
		lo = 0x80;
		hi = 0xbf;
		c = (c << 6) | (b & 0x3f);
	}
	*cp = c;
	return n;
}

/* One code point of WTF-8: generalized UTF-8 without a surrogate pair. */
static inline int wtf8_next(const u8 *s, size_t len, u32 *cp)
{
	int n = gen_utf8_next(s, len, cp);

	if (n == 3 && is_lead(*cp) && starts_with_trail(s + 3, len - 3))
		return -EILSEQ;
	return n;
}

/**
 * whatenc_wtf8_next() - read one code point of WTF-8
 * @src: WTF-8 bytes, read from the start of a string (or from a code
 *	point boundary that does not follow a lead surrogate)
 * @len: bytes available at @src, at least 1
 * @cp:  set to the code point (a Unicode scalar value or a lone
 *	surrogate U+D800..U+DFFF)
 *
 * Decodes with the generalized UTF-8 rules: the byte sequences of UTF-8,
 * plus ED A0..BF 80..BF for surrogates. A lead surrogate whose bytes are
 * directly followed by a trail surrogate's is ill-formed in WTF-8 (the
 * pair must be written as one 4-byte sequence) and fails.
 *
 * Context: Any context.
 * Return: the length of the code point's sequence (1 to 4), or -EILSEQ
 * for ill-formed or truncated input, or -EINVAL if @len is 0.
 */
int whatenc_wtf8_next(const u8 *src, size_t len, u32 *cp)
{
	if (!len || !src || !cp)
		return -EINVAL;
	return wtf8_next(src, len, cp);
}

/**
 * whatenc_wtf8_check() - is a byte string well-formed WTF-8, or UTF-8?
 * @src: bytes
 * @len: number of bytes
 *
 * Context: Any context.
 * Return: 0 if @src is well-formed UTF-8 (hence also WTF-8), 1 if it is
 * well-formed WTF-8 and contains at least one surrogate (so it is not
 * UTF-8), -EILSEQ if it is not well-formed WTF-8, -EINVAL if @src is NULL
 * and @len is not 0.
 */
int whatenc_wtf8_check(const u8 *src, size_t len)
{
	size_t i = 0;
	int sur = 0;
	u32 cp;
	int n;

	if (!src && len)
		return -EINVAL;
	while (i < len) {
		i += we_ascii_copy(NULL, src + i, len - i);
		if (i == len)
			break;
		n = wtf8_next(src + i, len - i, &cp);
		if (n < 0)
			return n;
		if (cp >= 0xd800 && cp <= 0xdfff)
			sur = 1;
		i += n;
	}
	return sur;
}

/* ---- WTF-16 to WTF-8 ---------------------------------------------------- */

static inline u32 unit_at(const void *src, size_t i, int order)
{
	const u8 *p = (const u8 *)src + 2 * i;

	switch (order) {
	case WE_LE:
		return p[0] | (p[1] << 8);
	case WE_BE:
		return (p[0] << 8) | p[1];
	default:
		return ((const u16 *)src)[i];
	}
}

static inline int wtf16_to_wtf8(const void *src, size_t units, int order,
				u8 *dst, size_t dst_size)
{
	size_t i = 0, o = 0;

	dst_size = clamp_size(dst_size);
	while (i < units) {
		u32 cp = unit_at(src, i++, order);
		unsigned int n;

		if (cp < 0x80 && o < dst_size) {
			dst[o++] = cp;
			continue;
		}
		if (is_lead(cp) && i < units) {
			u32 t = unit_at(src, i, order);

			if (is_trail(t)) {
				cp = 0x10000 + ((cp - 0xd800) << 10) +
				     (t - 0xdc00);
				i++;
			}
		}
		n = we_utf8_len(cp);
		if (dst_size - o < n)
			return -ENOSPC;
		o += we_utf8_write(dst + o, cp);
	}
	return (int)o;
}

/**
 * whatenc_wtf16_to_wtf8() - potentially ill-formed UTF-16 to WTF-8
 * @src:      16-bit code units in host byte order
 * @units:    number of code units
 * @dst:      output buffer
 * @dst_size: size of @dst in bytes (3 * @units always suffices)
 *
 * The spec's "convert from potentially ill-formed UTF-16 to WTF-8": a
 * lead surrogate followed by a trail surrogate is one supplementary code
 * point; every other unit, lone surrogates included, is the code point
 * of its value. Never fails on any input, and is lossless:
 * whatenc_wtf8_to_wtf16() gives back @src.
 *
 * Context: Any context.
 * Return: bytes written, -ENOSPC if they do not fit, or -EINVAL for a
 * NULL pointer with a non-zero size.
 */
int whatenc_wtf16_to_wtf8(const u16 *src, size_t units, u8 *dst,
			  size_t dst_size)
{
	if ((!src && units) || (!dst && dst_size))
		return -EINVAL;
	return wtf16_to_wtf8(src, units, WE_HOST, dst, dst_size);
}

/* UTF-16LE or UTF-16BE bytes: the checks of the two functions below. */
static int wtf16_bytes_to_wtf8(const u8 *src, size_t len, u8 *dst,
			       size_t dst_size, int order)
{
	if ((!src && len) || (!dst && dst_size))
		return -EINVAL;
	if (len & 1)
		return -EILSEQ;
	return wtf16_to_wtf8(src, len / 2, order, dst, dst_size);
}

/**
 * whatenc_wtf16le_to_wtf8() - potentially ill-formed UTF-16LE bytes to WTF-8
 * @src:      little-endian 16-bit code units, as bytes
 * @len:      number of bytes; must be even
 * @dst:      output buffer
 * @dst_size: size of @dst in bytes (3 * @len / 2 always suffices)
 *
 * As whatenc_wtf16_to_wtf8(), for a byte array such as an on-disk name.
 *
 * Context: Any context.
 * Return: bytes written, -EILSEQ if @len is odd, -ENOSPC if the output
 * does not fit, or -EINVAL for a NULL pointer with a non-zero size.
 */
int whatenc_wtf16le_to_wtf8(const u8 *src, size_t len, u8 *dst,
			    size_t dst_size)
{
	return wtf16_bytes_to_wtf8(src, len, dst, dst_size, WE_LE);
}

/**
 * whatenc_wtf16be_to_wtf8() - potentially ill-formed UTF-16BE bytes to WTF-8
 * @src:      big-endian 16-bit code units, as bytes
 * @len:      number of bytes; must be even
 * @dst:      output buffer
 * @dst_size: size of @dst in bytes (3 * @len / 2 always suffices)
 *
 * As whatenc_wtf16_to_wtf8(), for a byte array such as a Joliet name.
 *
 * Context: Any context.
 * Return: bytes written, -EILSEQ if @len is odd, -ENOSPC if the output
 * does not fit, or -EINVAL for a NULL pointer with a non-zero size.
 */
int whatenc_wtf16be_to_wtf8(const u8 *src, size_t len, u8 *dst,
			    size_t dst_size)
{
	return wtf16_bytes_to_wtf8(src, len, dst, dst_size, WE_BE);
}

/* ---- WTF-8 to WTF-16 ---------------------------------------------------- */

static inline void put_unit(void *dst, size_t i, u32 u, int order)
{
	u8 *p = (u8 *)dst + 2 * i;

	switch (order) {
	case WE_LE:
		p[0] = u;
		p[1] = u >> 8;
		break;
	case WE_BE:
		p[0] = u >> 8;
		p[1] = u;
		break;
	default:
		((u16 *)dst)[i] = u;
	}
}

/* Returns code units written; @dst_units is in units. */
static inline int wtf8_to_wtf16(const u8 *src, size_t len, void *dst,
				size_t dst_units, int order)
{
	size_t i = 0, o = 0;

	dst_units = clamp_size(dst_units);
	while (i < len) {
		u32 cp;
		int n;

		if (src[i] < 0x80) {
			if (o == dst_units)
				return -ENOSPC;
			put_unit(dst, o++, src[i++], order);
			continue;
		}
		n = wtf8_next(src + i, len - i, &cp);
		if (n < 0)
			return n;
		i += n;
		if (cp >= 0x10000) {
			if (dst_units - o < 2)
				return -ENOSPC;
			cp -= 0x10000;
			put_unit(dst, o++, 0xd800 | (cp >> 10), order);
			put_unit(dst, o++, 0xdc00 | (cp & 0x3ff), order);
		} else {
			if (o == dst_units)
				return -ENOSPC;
			put_unit(dst, o++, cp, order);
		}
	}
	return (int)o;
}

/**
 * whatenc_wtf8_to_wtf16() - WTF-8 to potentially ill-formed UTF-16
 * @src:       WTF-8 (or UTF-8) bytes
 * @len:       number of bytes
 * @dst:       output, 16-bit code units in host byte order
 * @dst_units: size of @dst in code units (@len always suffices)
 *
 * The spec's "convert from WTF-8 to potentially ill-formed UTF-16":
 * supplementary code points become surrogate pairs, all other code
 * points (lone surrogates included) one unit of their value.
 *
 * Context: Any context.
 * Return: code units written, -EILSEQ if @src is not well-formed WTF-8,
 * -ENOSPC if the output does not fit, or -EINVAL for a NULL pointer with
 * a non-zero size.
 */
int whatenc_wtf8_to_wtf16(const u8 *src, size_t len, u16 *dst,
			  size_t dst_units)
{
	if ((!src && len) || (!dst && dst_units))
		return -EINVAL;
	return wtf8_to_wtf16(src, len, dst, dst_units, WE_HOST);
}

static int wtf8_to_wtf16_bytes(const u8 *src, size_t len, u8 *dst,
			       size_t dst_size, int order)
{
	int n;

	if ((!src && len) || (!dst && dst_size))
		return -EINVAL;
	n = wtf8_to_wtf16(src, len, dst, clamp_size(dst_size) / 2, order);
	return n < 0 ? n : 2 * n;
}

/**
 * whatenc_wtf8_to_wtf16le() - WTF-8 to potentially ill-formed UTF-16LE bytes
 * @src:      WTF-8 (or UTF-8) bytes
 * @len:      number of bytes
 * @dst:      output buffer for little-endian code units
 * @dst_size: size of @dst in bytes (2 * @len always suffices)
 *
 * As whatenc_wtf8_to_wtf16(), writing bytes.
 *
 * Context: Any context.
 * Return: bytes written (even), -EILSEQ if @src is not well-formed WTF-8,
 * -ENOSPC if the output does not fit, or -EINVAL for a NULL pointer with
 * a non-zero size.
 */
int whatenc_wtf8_to_wtf16le(const u8 *src, size_t len, u8 *dst,
			    size_t dst_size)
{
	return wtf8_to_wtf16_bytes(src, len, dst, dst_size, WE_LE);
}

/**
 * whatenc_wtf8_to_wtf16be() - WTF-8 to potentially ill-formed UTF-16BE bytes
 * @src:      WTF-8 (or UTF-8) bytes
 * @len:      number of bytes
 * @dst:      output buffer for big-endian code units
 * @dst_size: size of @dst in bytes (2 * @len always suffices)
 *
 * As whatenc_wtf8_to_wtf16(), writing bytes.
 *
 * Context: Any context.
 * Return: bytes written (even), -EILSEQ if @src is not well-formed WTF-8,
 * -ENOSPC if the output does not fit, or -EINVAL for a NULL pointer with
 * a non-zero size.
 */
int whatenc_wtf8_to_wtf16be(const u8 *src, size_t len, u8 *dst,
			    size_t dst_size)
{
	return wtf8_to_wtf16_bytes(src, len, dst, dst_size, WE_BE);
}

/* ---- WTF-8 to UTF-8 ----------------------------------------------------- */

static int wtf8_to_utf8(const u8 *src, size_t len, u8 *dst, size_t dst_size,
			bool strict)
{
	static const u8 fffd[3] = { 0xef, 0xbf, 0xbd };
	size_t i = 0;
	u32 cp;
	int n;

	if ((!src && len) || (!dst && dst_size))
		return -EINVAL;
	/* Output and input have the same length. */
	if (len > clamp_size(dst_size))
		return -ENOSPC;
	while (i < len) {
		i += we_ascii_copy(dst + i, src + i, len - i);
		if (i == len)
			break;
		n = wtf8_next(src + i, len - i, &cp);
		if (n < 0)
			return n;
		if (cp >= 0xd800 && cp <= 0xdfff) {
			if (strict)
				return -EILSEQ;
			memcpy(dst + i, fffd, 3);
		} else {
			memmove(dst + i, src + i, n);
		}
		i += n;
	}
	return (int)len;
}

/**
 * whatenc_wtf8_to_utf8_lossy() - WTF-8 to UTF-8, replacing surrogates
 * @src:      WTF-8 bytes
 * @len:      number of bytes
 * @dst:      output buffer; may be @src itself (in-place conversion)
 * @dst_size: size of @dst in bytes; the output is always @len bytes
 *
 * The spec's "convert lossily from WTF-8 to UTF-8": every surrogate byte
 * sequence becomes EF BF BD, the UTF-8 of U+FFFD; everything else is
 * copied.
 *
 * Context: Any context.
 * Return: @len, -EILSEQ if @src is not well-formed WTF-8, -ENOSPC if
 * @dst_size < @len, or -EINVAL for a NULL pointer with a non-zero size.
 */
int whatenc_wtf8_to_utf8_lossy(const u8 *src, size_t len, u8 *dst,
			       size_t dst_size)
{
	return wtf8_to_utf8(src, len, dst, dst_size, false);
}

/**
 * whatenc_wtf8_to_utf8_strict() - WTF-8 to UTF-8, failing on surrogates
 * @src:      WTF-8 bytes
 * @len:      number of bytes
 * @dst:      output buffer; may be @src itself
 * @dst_size: size of @dst in bytes; the output is always @len bytes
 *
 * The spec's "convert strictly from WTF-8 to UTF-8": fails if @src
 * contains a surrogate byte sequence, else copies it unchanged.
 *
 * Context: Any context.
 * Return: @len, -EILSEQ if @src contains a surrogate or is not
 * well-formed WTF-8, -ENOSPC if @dst_size < @len, or -EINVAL for a NULL
 * pointer with a non-zero size.
 */
int whatenc_wtf8_to_utf8_strict(const u8 *src, size_t len, u8 *dst,
				size_t dst_size)
{
	return wtf8_to_utf8(src, len, dst, dst_size, true);
}

/* ---- concatenation ------------------------------------------------------- */

/**
 * whatenc_wtf8_concat() - append one WTF-8 string to another
 * @buf:     the left string, in a buffer of @size bytes; the result
 *	replaces it
 * @len:     length of the left string
 * @size:    size of @buf
 * @src:     the right string; must not overlap @buf
 * @src_len: length of the right string
 *
 * The spec's "concatenate two WTF-8 strings": if the left string ends
 * with a lead surrogate and the right one starts with a trail surrogate,
 * the two 3-byte sequences are replaced by the 4-byte sequence of the
 * supplementary code point they form (the result is 2 bytes shorter than
 * @len + @src_len); otherwise the bytes are simply appended. This is the
 * same as converting both to UTF-16, concatenating and converting back.
 * Only the bytes at the join are inspected: given well-formed WTF-8, the
 * result is well-formed WTF-8.
 *
 * A @size above INT_MAX is treated as INT_MAX, as everywhere in
 * whatenc_names.h, so a @src_len above INT_MAX (a negative errno passed
 * as a size, say) never fits: -ENOSPC, on either path.
 *
 * Context: Any context.
 * Return: the new length of @buf, -ENOSPC if it would not fit in @size
 * (@buf is then unchanged), or -EINVAL for bad arguments (@len > @size, a
 * NULL pointer with a non-zero size).
 */
int whatenc_wtf8_concat(u8 *buf, size_t len, size_t size, const u8 *src,
			size_t src_len)
{
	size_t total;

	if ((!buf && size) || (!src && src_len) || len > size)
		return -EINVAL;
	size = clamp_size(size);
	if (len > size)
		return -ENOSPC;
	if (ends_with_lead(buf, len) && starts_with_trail(src, src_len)) {
		u32 lead = ((buf[len - 2] & 0x3f) << 6) | (buf[len - 1] & 0x3f);
		u32 trail = ((src[1] & 0x3f) << 6) | (src[2] & 0x3f);
		u32 cp;

		/* lead and trail are 0xd800 | ..., 0xdc00 | ... minus 0xd000 */
		lead += 0xd000;
		trail += 0xd000;
		/* src_len >= 3 and len <= size: neither side wraps */
		if (src_len - 2 > size - len)
			return -ENOSPC;
		total = len + src_len - 2;
		cp = 0x10000 + ((lead - 0xd800) << 10) + (trail - 0xdc00);
		we_utf8_write(buf + len - 3, cp);
		memcpy(buf + len + 1, src + 3, src_len - 3);
		return (int)total;
	}
	if (src_len > size - len)
		return -ENOSPC;
	if (src_len)
		memcpy(buf + len, src, src_len);
	return (int)(len + src_len);
}
