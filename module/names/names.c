// SPDX-License-Identifier: GPL-2.0-only
/*
 * names.c - one-shot conversion of names for filesystems and drivers
 *
 * A name is converted in one call, with the coder state on the stack:
 * whatenc_name_decode() turns a name stored in some encoding into UTF-8,
 * whatenc_name_encode() turns a UTF-8 name into the stored form. Both are
 * fatal (the first malformed or unmappable character fails the call) and
 * do no BOM handling (WHATENC_BOM_KEEP: a U+FEFF in a name is a
 * character like any other). See "DOC: name and WTF-8 helpers" in
 * whatenc.h for the conventions shared with wtf8.c.
 */
#include "oneshot.h"
#include "whatenc_names.h"

#define WE_INT_MAX	((size_t)(~0u >> 1))

/* Common argument checks; clamps *dst_size to INT_MAX. */
static int name_args(enum whatenc_encoding enc, const u8 *src, size_t len,
		     const u8 *dst, size_t *dst_size)
{
	if ((unsigned int)enc >= WHATENC_NR_ENCODINGS ||
	    (!src && len) || (!dst && *dst_size))
		return -EINVAL;
	if (!WE_ONCE_ALL_BUILT && !whatenc_encodings[enc].family)
		return -EOPNOTSUPP;	/* its family is configured out */
	if (*dst_size > WE_INT_MAX)
		*dst_size = WE_INT_MAX;
	return 0;
}

/* Does @s[0..n-1] contain a 0x00 or 0x2F byte? (@s may be NULL if !@n) */
static bool has_sep(const u8 *s, size_t n)
{
	return n && (memchr(s, 0, n) || memchr(s, '/', n));
}

/*
 * The output is full: decode the rest of the input into a scratch
 * buffer to learn what comes first. WHATENC_OUTPUT_FULL if more output
 * follows (the name does not fit), WHATENC_MALFORMED if malformed input
 * comes before any more output, WHATENC_INPUT_EMPTY if the rest produces
 * no output at all (e.g. ISO-2022-JP escape sequences).
 */
/* A conversion's result as the name helpers' error: 0, or a -errno. */
static int name_errno(enum whatenc_ret ret)
{
	switch (ret) {
	case WHATENC_INPUT_EMPTY:
		return 0;
	case WHATENC_OUTPUT_FULL:
		return -ENAMETOOLONG;
	default:
		return -EILSEQ;
	}
}

static enum whatenc_ret name_decode_rest(struct whatenc_decoder *d,
					 struct whatenc_buf *b)
{
	u8 scratch[16];
	enum whatenc_ret ret;

	b->out = scratch;
	b->out_pos = 0;
	b->out_size = sizeof(scratch);
	ret = whatenc_decode(d, b, true);
	if (b->out_pos)
		return WHATENC_OUTPUT_FULL;
	return ret;
}

/* whatenc_name_decode(): no room for the NUL (a flag bit of our own) */
#define NAME_NO_NUL_ROOM	0x80000000u

/*
 * What a call with a NULL @dst (and @dst_size 0) gives the families to
 * point into: never read or written, the size is 0 (NULL + 0 is
 * undefined in C).
 */
static u8 name_none[1];

/*
 * The rest of whatenc_name_decode() for what is not a plain name that
 * fits: a separator check, a full output, a NUL to add, an error.
 */
static noinline int name_decode_end(struct whatenc_decoder *d,
				    struct whatenc_buf *b, enum whatenc_ret ret,
				    unsigned int flags)
{
	u8 *dst = b->out;
	int err;

	/* A separator in the output came before whatever stopped us. */
	if ((flags & WHATENC_NAME_NO_SEP) && has_sep(dst, b->out_pos))
		return -EINVAL;
	if (ret == WHATENC_OUTPUT_FULL) {
		size_t full = b->out_pos;

		ret = name_decode_rest(d, b);
		b->out_pos = full;
	}
	err = name_errno(ret);
	if (err)
		return err;
	if (flags & NAME_NO_NUL_ROOM)
		return -ENAMETOOLONG;
	if (flags & WHATENC_NAME_NUL_TERM)
		dst[b->out_pos] = 0;
	return (int)b->out_pos;
}

/* All of whatenc_name_decode() but its plain name's lane (below). */
static noinline int name_decode_all(enum whatenc_encoding enc, const u8 *src,
				    size_t len, u8 *dst, size_t dst_size,
				    unsigned int flags)
{
	struct whatenc_decoder d;
	struct whatenc_buf b;
	enum whatenc_ret ret;
	size_t term = !!(flags & WHATENC_NAME_NUL_TERM);
	int err;

	if (flags & ~(WHATENC_NAME_NO_SEP | WHATENC_NAME_NUL_TERM |
		      WHATENC_NAME_REPLACE))
		return -EINVAL;
	err = name_args(enc, src, len, dst, &dst_size);
	if (err)
		return err;
	b.in = src;
	b.in_pos = 0;
	b.in_size = len;
	b.out = dst ? dst : name_none;
	b.out_pos = 0;
	/*
	 * Without room for the NUL the name cannot fit, but a malformed
	 * sequence or separator comes first in the output: decode anyway.
	 */
	b.out_size = dst_size >= term ? dst_size - term : 0;
	if (dst_size < term)	/* flags: the one value kept across the call */
		flags |= NAME_NO_NUL_ROOM;
	ret = we_decode_once_in(&d, enc, WHATENC_BOM_KEEP |
				(flags & WHATENC_NAME_REPLACE ? 0 :
				 WHATENC_DEC_FATAL), &b, true, true);
	if (likely(ret == WHATENC_INPUT_EMPTY &&
		   !(flags & (WHATENC_NAME_NO_SEP | WHATENC_NAME_NUL_TERM))))
		return (int)b.out_pos;
	return name_decode_end(&d, &b, ret, flags);
}

/*
 * The plain name's lane's @rest (whatenc_name_decode()): where the
 * family's one-shot entry stops short, the general path over all of the
 * name, its decoder set up only now, as name_decode_all() without flags
 * goes on after the fast path.
 */
static int name_decode_left(enum whatenc_encoding enc, const u8 *in,
			    size_t in_size, u8 *out, size_t out_size)
{
	struct whatenc_decoder d;
	struct whatenc_buf b = {
		.in = in, .in_size = in_size, .out = out, .out_size = out_size,
	};
	enum whatenc_ret ret;

	ret = whatenc_decode_rest(&d, enc, WHATENC_BOM_KEEP | WHATENC_DEC_FATAL,
				  &b, true);
	if (ret == WHATENC_INPUT_EMPTY)
		return (int)b.out_pos;
	return name_decode_end(&d, &b, ret, 0);
}

/**
 * whatenc_name_decode() - decode a name to UTF-8 in one call
 * @enc:      the encoding the name is stored in
 * @src:      the name; not NUL-terminated, @len bytes
 * @len:      length of @src in bytes
 * @dst:      output buffer for the UTF-8 name
 * @dst_size: size of @dst in bytes
 * @flags:    WHATENC_NAME_NO_SEP, WHATENC_NAME_NUL_TERM and
 *	WHATENC_NAME_REPLACE (see enum whatenc_name_flags)
 *
 * Decodes @src with the Encoding Standard's decoder for @enc, in fatal
 * mode unless WHATENC_NAME_REPLACE is given, without BOM handling. The
 * output is UTF-8 and is not NUL-terminated unless
 * WHATENC_NAME_NUL_TERM is given. At most 3 * @len + 1 bytes are ever
 * needed (whatenc_decoder_max_utf8() gives a bound for streams).
 *
 * Problems are reported in input order: the first malformed sequence,
 * the first byte that does not fit, or (WHATENC_NAME_NO_SEP) the first
 * NUL or '/', whichever comes first in the output. Input that produces
 * no output (ISO-2022-JP's escape sequences) needs no room: a name
 * whose output fills @dst exactly fits even if such input follows.
 *
 * Context: Any context. Does not sleep, allocate or take locks.
 * Return: the number of bytes written to @dst (without the terminating
 * NUL), or -EINVAL (bad arguments, or a NUL or '/' with
 * WHATENC_NAME_NO_SEP), -EILSEQ (malformed input in fatal mode) or
 * -ENAMETOOLONG (the output does not fit in @dst_size bytes) or
 * -EOPNOTSUPP (@enc's family is configured out: module/Kconfig).
 */
int whatenc_name_decode(enum whatenc_encoding enc, const u8 *src, size_t len,
			u8 *dst, size_t dst_size, unsigned int flags)
{
	const struct we_family *fam;

	/*
	 * A plain name (no flags, buffers given, a family with a one-shot
	 * entry): straight to the family's entry, which calls
	 * name_decode_left() for what its fast path does not take.
	 */
	if (likely(!flags && (unsigned int)enc < WHATENC_NR_ENCODINGS &&
		   src && dst)) {
		fam = whatenc_encodings[enc].family;
		if ((WE_ONCE_ALL_BUILT || fam) && fam->dec_once) {
			if (!len)
				return 0;
			return fam->dec_once(enc, src, len, dst,
					     dst_size > WE_INT_MAX ?
					     WE_INT_MAX : dst_size,
					     name_decode_left);
		}
	}
	return name_decode_all(enc, src, len, dst, dst_size, flags);
}

/* All of whatenc_name_encode() but its plain name's lane (below). */
static noinline int name_encode_all(enum whatenc_encoding enc, const u8 *src,
				    size_t len, u8 *dst, size_t dst_size,
				    unsigned int flags)
{
	struct whatenc_encoder e;
	struct whatenc_buf b;
	enum whatenc_ret ret;
	size_t term;
	bool utf16;
	int err;

	if (flags & ~(WHATENC_NAME_NO_SEP | WHATENC_NAME_NUL_TERM))
		return -EINVAL;
	err = name_args(enc, src, len, dst, &dst_size);
	if (err)
		return err;
	utf16 = enc == WHATENC_UTF_16BE || enc == WHATENC_UTF_16LE;
	/* The name itself must not contain a separator. */
	if ((flags & WHATENC_NAME_NO_SEP) && has_sep(src, len))
		return -EINVAL;
	term = flags & WHATENC_NAME_NUL_TERM ? (utf16 ? 2 : 1) : 0;
	if (dst_size < term)
		return -ENAMETOOLONG;

	b.in = src;
	b.in_pos = 0;
	b.in_size = len;
	b.out = dst ? dst : name_none;
	b.out_pos = 0;
	b.out_size = dst_size - term;
	ret = we_encode_once_in(&e, enc, utf16 ? WHATENC_ENC_UTF16 : 0, &b,
				true, true);
	if (likely(ret == WHATENC_INPUT_EMPTY &&
		   !(flags & (WHATENC_NAME_NO_SEP | WHATENC_NAME_NUL_TERM))))
		return (int)b.out_pos;
	err = name_errno(ret);
	if (err)
		return err;
	/* Nor may the stored form (bytes inside ISO-2022-JP's codes). */
	if ((flags & WHATENC_NAME_NO_SEP) && !utf16 && has_sep(dst, b.out_pos))
		return -EINVAL;
	if (term)
		memset(dst + b.out_pos, 0, term);
	return (int)b.out_pos;
}

/* The same for whatenc_name_encode(), as name_encode_all() goes on */
static int name_encode_left(enum whatenc_encoding enc, const u8 *in,
			    size_t in_size, u8 *out, size_t out_size)
{
	struct whatenc_encoder e;
	struct whatenc_buf b = {
		.in = in, .in_size = in_size, .out = out, .out_size = out_size,
	};
	int err;

	err = name_errno(whatenc_encode_rest(&e, enc, 0, &b, true));
	return err ? err : (int)b.out_pos;
}

/**
 * whatenc_name_encode() - encode a UTF-8 name in one call
 * @enc:      the encoding to store the name in
 * @src:      the UTF-8 name; not NUL-terminated, @len bytes
 * @len:      length of @src in bytes
 * @dst:      output buffer for the encoded name
 * @dst_size: size of @dst in bytes
 * @flags:    WHATENC_NAME_NO_SEP and WHATENC_NAME_NUL_TERM (see enum
 *	whatenc_name_flags)
 *
 * Encodes @src with the Encoding Standard's encoder for @enc in fatal
 * mode. As an extension, UTF-16BE and UTF-16LE produce UTF-16 (the
 * WHATENC_ENC_UTF16 encoder flag: what on-disk formats need), instead of
 * the spec's output encoding UTF-8; replacement still encodes as UTF-8.
 * Malformed UTF-8 (including surrogates in their 3-byte form) and code
 * points @enc cannot represent fail with -EILSEQ. ISO-2022-JP output
 * ends in ASCII mode. The output is not NUL-terminated unless
 * WHATENC_NAME_NUL_TERM is given.
 *
 * Context: Any context. Does not sleep, allocate or take locks.
 * Return: the number of bytes written to @dst (without the terminating
 * NUL), or -EINVAL (bad arguments, or NUL or '/' with
 * WHATENC_NAME_NO_SEP), -EILSEQ (malformed UTF-8 or a code point @enc
 * cannot represent), -ENAMETOOLONG (the output does not fit in
 * @dst_size bytes) or -EOPNOTSUPP (@enc's family is configured out).
 */
int whatenc_name_encode(enum whatenc_encoding enc, const u8 *src, size_t len,
			u8 *dst, size_t dst_size, unsigned int flags)
{
	const struct we_family *fam;

	/*
	 * As whatenc_name_decode(); an encoding that is its own output
	 * encoding (not UTF-16BE/LE, nor replacement: UTF-8).
	 */
	if (likely(!flags && (unsigned int)enc < WHATENC_NR_ENCODINGS &&
		   src && dst && whatenc_encodings[enc].output == enc)) {
		fam = whatenc_encodings[enc].family;
		if ((WE_ONCE_ALL_BUILT || fam) && fam->enc_once) {
			if (!len)
				return 0;
			return fam->enc_once(enc, src, len, dst,
					     dst_size > WE_INT_MAX ?
					     WE_INT_MAX : dst_size,
					     name_encode_left);
		}
	}
	return name_encode_all(enc, src, len, dst, dst_size, flags);
}
