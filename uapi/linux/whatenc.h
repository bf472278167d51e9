/* SPDX-License-Identifier: GPL-2.0-only WITH Linux-syscall-note */
/*
 * whatenc.h - userspace ABI of /dev/whatenc
 *
 * /dev/whatenc converts text with the WHATWG Encoding Standard. Each
 * open file is an independent streaming session:
 *
 *   1. WHATENC_IOC_CONFIGURE picks a label (e.g. "latin1", "sjis") and a
 *      mode: decode bytes in that encoding to UTF-8, or encode UTF-8 to
 *      that encoding. It resets the stream and returns the canonical
 *      name of the encoding actually used. A session that was never
 *      configured decodes UTF-8 with replacement and BOM sniffing.
 *   2. write() feeds input, read() returns output, or
 *      WHATENC_IOC_CONVERT converts user buffers with one call per chunk.
 *   3. WHATENC_IOC_END_OF_STREAM flushes (a truncated sequence becomes
 *      U+FFFD or a fatal error; ISO-2022-JP output returns to ASCII).
 *      Once the output is drained, read() returns 0 once; the next
 *      write() starts a new stream (BOM sniffing and offsets restart).
 *
 * write(): consumes input and returns how many bytes it consumed. The
 *	session's output buffer is bounded (module parameter buf_size).
 *	When it fills up, write() returns a short count; when nothing at
 *	all fits, it blocks until a reader makes room (-EAGAIN with
 *	O_NONBLOCK). A zero-length write does nothing and returns 0.
 *	Partial characters are kept in the session between writes. If a
 *	user pointer faults, the bytes before the fault are consumed and
 *	counted; with none, -EFAULT and nothing changes. A write() after
 *	END_OF_STREAM (even before read() returned 0) starts a new stream.
 *	A signal stops a long write() after the chunk in progress (16 KiB)
 *	with the count done (-ERESTARTSYS / EINTR if none).
 *	Buffers are allocated on first use: -ENOBUFS (nothing consumed)
 *	when the user's sessions hold user_mem_max bytes (module parameter),
 *	-ENOMEM when the allocation fails.
 * Unconsumed input (after a short write(), or from CONVERT's @in_pos on)
 *	must be presented again unchanged, first thing in the next call:
 *	the output may already depend on it (a U+FFFD is emitted only once
 *	the byte after a bad sequence is seen, and that byte can be left
 *	unconsumed when the output buffer fills up).
 * read(): returns up to count bytes of the output ready (the converter
 *	adds whole characters only).
 *	With nothing ready it blocks (-EAGAIN with O_NONBLOCK, -ERESTARTSYS
 *	/ EINTR on a signal), except: after END_OF_STREAM and a full drain
 *	it returns 0 once; after a fatal error it returns -EILSEQ.
 * poll(): EPOLLIN when read() would not block, EPOLLOUT when write()
 *	would not block.
 * Fatal errors (WHATENC_CFG_DEC_FATAL, or an encoder without
 *	WHATENC_CFG_ENC_HTML): everything converted before the error stays
 *	readable; write() returns the bytes consumed up to and including
 *	the offending input (bytes after it that an earlier write() had
 *	already consumed, at most 4, stay counted: those the standard puts
 *	back into the input when it finds the error, e.g. the code unit
 *	after a UTF-16 lead surrogate; @err_offset is exact either way);
 *	then write(), END_OF_STREAM, CONVERT and
 *	(once drained) read() fail with EILSEQ until RESET or CONFIGURE.
 *	WHATENC_IOC_STATUS says where (stream offset) and what (bytes or
 *	code point).
 * Detect mode: see struct whatenc_configure (WHATENC_CFG_DETECT).
 * FIONREAD: the number of output bytes ready (int).
 * A caller waiting for a session that another thread is using (its
 *	mutex) waits killably in the ioctls (-EINTR only for a fatal
 *	signal, never seen by the process) and interruptibly in read() and
 *	write() (-ERESTARTSYS).
 * lseek(): not supported (ESPIPE).
 *
 * Layout rules: only fixed-size types, user pointers in __u64, no
 * implicit padding, sizes multiples of 8, so 32-bit and 64-bit programs
 * see the same layout and compat_ioctl needs no translation. Reserved
 * fields and unknown flag bits must be zero (else EINVAL). Every call
 * that fails with EINVAL leaves the session unchanged.
 */
#ifndef _UAPI_LINUX_WHATENC_H
#define _UAPI_LINUX_WHATENC_H

#include <linux/types.h>
#include <linux/ioctl.h>

/*
 * 0xB9 is free in Documentation/userspace-api/ioctl/ioctl-number.rst
 * (Linux 6.1).
 */
#define WHATENC_IOC_MAGIC	0xB9

#define WHATENC_LABEL_MAX	64	/* label[] size, NUL included */
#define WHATENC_NAME_MAX	32	/* name[] size, NUL included */

/* whatenc_configure.direction */
#define WHATENC_DIR_DECODE	0	/* bytes in the encoding -> UTF-8 */
#define WHATENC_DIR_ENCODE	1	/* UTF-8 -> bytes in the encoding */

/* whatenc_configure.flags, decode direction */
#define WHATENC_CFG_DEC_FATAL	0x01	/* error mode fatal (else replacement) */
#define WHATENC_CFG_BOM_MASK	0x06
#define WHATENC_CFG_BOM_SNIFF	0x00	/* spec "decode": a BOM overrides the label */
#define WHATENC_CFG_BOM_STRIP	0x02	/* TextDecoder default: strip own BOM */
#define WHATENC_CFG_BOM_KEEP	0x04	/* TextDecoder ignoreBOM: keep it */
#define WHATENC_CFG_DEC_WTF8	0x08	/* extension: UTF-16 lone surrogates as WTF-8 */
#define WHATENC_CFG_DETECT	0x10	/* detect the encoding for @format */
#define WHATENC_CFG_DETECT_TRANSPORT 0x20 /* with DETECT: label = transport */
#define WHATENC_CFG_DETECT_CONTENT 0x40 /* with DETECT: guess from content */

/* whatenc_configure.format (with WHATENC_CFG_DETECT) */
#define WHATENC_DETECT_FMT_TEXT	0	/* plain text: BOM, UTF-8 validity, label */
#define WHATENC_DETECT_FMT_HTML	1	/* HTML: BOM, <meta> prescan, label */
#define WHATENC_DETECT_FMT_XML	2	/* XML: BOM, XML declaration, UTF-8 */
#define WHATENC_DETECT_FMT_CSS	3	/* CSS: BOM, @charset, label, UTF-8 */

/* look-ahead bound: input held before the decision */
#define WHATENC_DETECT_LOOK_MARKUP	1024	/* HTML, XML, CSS */
#define WHATENC_DETECT_LOOK_TEXT	4096	/* text */

/* whatenc_configure.flags, encode direction */
#define WHATENC_CFG_ENC_HTML	0x01	/* error mode html (else fatal) */
#define WHATENC_CFG_ENC_UTF16	0x02	/* extension: really encode UTF-16BE/LE */

/**
 * struct whatenc_configure - WHATENC_IOC_CONFIGURE argument
 * @label:     in: an encoding label, NUL-terminated within the array;
 *	ASCII whitespace around it is ignored, case does not matter
 * @direction: in: WHATENC_DIR_DECODE or WHATENC_DIR_ENCODE
 * @flags:     in: WHATENC_CFG_* for that direction
 * @encoding:  out: the encoding used (enum whatenc_encoding number). For
 *	encoding this is the spec's "get an output encoding" (replacement,
 *	UTF-16BE and UTF-16LE encode as UTF-8) unless WHATENC_CFG_ENC_UTF16
 * @format:    in: with WHATENC_CFG_DETECT, the document format
 *	(WHATENC_DETECT_FMT_*); otherwise must be 0 (was reserved0)
 * @name:      out: canonical name of @encoding, NUL-terminated
 * @reserved:  must be 0
 *
 * Detect mode (decode, WHATENC_CFG_DETECT): the session finds the
 * encoding of each stream the way @format's standard says (HTML's
 * encoding sniffing algorithm, XML 1.0 Appendix F, CSS Syntax 3, or for
 * text a BOM or UTF-8 validity). The label is the fallback: the default
 * of HTML and text, CSS's environment encoding (XML always falls back
 * to UTF-8); with WHATENC_CFG_DETECT_TRANSPORT it is the transport
 * layer's encoding instead (a BOM still wins). Input is held (counted
 * as consumed) until the answer cannot change any more, at most
 * WHATENC_DETECT_LOOK_MARKUP or WHATENC_DETECT_LOOK_TEXT bytes, or until
 * END_OF_STREAM; then everything is decoded with the detected encoding,
 * and a BOM is removed once. WHATENC_IOC_STATUS reports the decision.
 * A UTF-32 BOM (or XML's UCS-4/EBCDIC patterns, or an XML declaration
 * with an unknown encoding) puts the session into the error state with
 * err_kind WHATENC_RES_UNSUPPORTED: then write(), read(), END_OF_STREAM
 * fail with EOPNOTSUPP until RESET or CONFIGURE. WHATENC_IOC_CONVERT is
 * not available in detect mode (EOPNOTSUPP). @encoding and @name return
 * the label's encoding.
 *
 * EINVAL (session unchanged): unknown label, label not NUL-terminated,
 * unknown direction or flag bit, BOM_MASK == 0x06, WTF8 with a label
 * that is not UTF-16BE/LE, non-zero reserved fields, a non-zero @format
 * without DETECT, DETECT with the encode direction, a BOM mode other
 * than BOM_SNIFF, WTF8 or a @format above WHATENC_DETECT_FMT_CSS,
 * DETECT_TRANSPORT without DETECT.
 */
struct whatenc_configure {
	char label[WHATENC_LABEL_MAX];
	__u32 direction;
	__u32 flags;
	__u32 encoding;
	__u32 format;
	char name[WHATENC_NAME_MAX];
	__u64 reserved[4];
};

/* whatenc_status.state */
#define WHATENC_STATE_STREAM	0	/* converting (or idle between streams) */
#define WHATENC_STATE_FLUSHING	1	/* END_OF_STREAM waits for buffer room */
#define WHATENC_STATE_EOS	2	/* flushed; read() returns 0 once drained */
#define WHATENC_STATE_ERROR	3	/* fatal error: see err_* */

/* whatenc_status.err_kind and whatenc_convert.result */
#define WHATENC_RES_OK		0	/* all input consumed */
#define WHATENC_RES_OUTPUT_FULL	1	/* output space exhausted, call again */
#define WHATENC_RES_MALFORMED	2	/* fatal: malformed input */
#define WHATENC_RES_UNMAPPABLE	3	/* fatal: code point not in the encoding */
#define WHATENC_RES_INTERRUPTED	4	/* CONVERT: stopped early, call again */
#define WHATENC_RES_UNSUPPORTED	5	/* detect: encoding not supported */

/* whatenc_status.mask: the optional fields filled in */
#define WHATENC_STATUS_REPLACEMENTS	0x01	/* @replacements */

/* whatenc_status.detect_state */
#define WHATENC_DETSTATE_OFF		0	/* not in detect mode */
#define WHATENC_DETSTATE_PENDING	1	/* buffering input, no answer yet */
#define WHATENC_DETSTATE_DONE		2	/* decided: detect_* are valid */
#define WHATENC_DETSTATE_UNSUPPORTED	3	/* see detect_unsupported */

/* whatenc_status.detect_source: what decided */
#define WHATENC_DETSRC_BOM		0	/* a byte order mark */
#define WHATENC_DETSRC_TRANSPORT	1	/* the label (DETECT_TRANSPORT) */
#define WHATENC_DETSRC_META		2	/* HTML <meta> (prescan) */
#define WHATENC_DETSRC_XML_DECL		3	/* XML declaration / patterns */
#define WHATENC_DETSRC_CSS_CHARSET	4	/* CSS @charset */
#define WHATENC_DETSRC_VALIDITY		5	/* valid UTF-8 (text) */
#define WHATENC_DETSRC_REFERRER		6	/* CSS: the label (environment) */
#define WHATENC_DETSRC_FALLBACK		7	/* the label, or XML/CSS UTF-8 */
#define WHATENC_DETSRC_CONTENT		8	/* guessed (DETECT_CONTENT) */

/* whatenc_status.detect_unsupported */
#define WHATENC_DETUNSUP_NONE		0
#define WHATENC_DETUNSUP_UTF32LE	1	/* FF FE 00 00, XML 3C 00 00 00 */
#define WHATENC_DETUNSUP_UTF32BE	2	/* 00 00 FE FF, XML 00 00 00 3C */
#define WHATENC_DETUNSUP_EBCDIC		3	/* XML: 4C 6F A7 94 */
#define WHATENC_DETUNSUP_LABEL		4	/* XML: unknown encoding name */

/* whatenc_status.detect_flags */
#define WHATENC_DETFLAG_ASCII		0x01	/* text: all bytes < 0x80 */
#define WHATENC_DETFLAG_CONFLICT	0x02	/* a declaration was overridden */

/**
 * struct whatenc_status - WHATENC_IOC_STATUS result
 * @bytes_in:     input bytes consumed since CONFIGURE or RESET
 * @bytes_out:    output bytes produced since then (read or not)
 * @stream_start: value of @bytes_in when the current stream began
 * @err_offset:   fatal error: offset in its stream of the first
 *	offending input byte (add @stream_start for the session offset)
 * @state:        WHATENC_STATE_*
 * @direction:    WHATENC_DIR_*
 * @flags:        WHATENC_CFG_* in effect
 * @encoding:     encoding in use now (after a BOM switched it)
 * @out_ready:    output bytes ready to read (as FIONREAD)
 * @buf_size:     size of the session's output buffer
 * @err_kind:     0, WHATENC_RES_MALFORMED, WHATENC_RES_UNMAPPABLE or
 *	WHATENC_RES_UNSUPPORTED (detect mode; @err_bytes: up to 4 bytes of
 *	the BOM, pattern or label, @err_offset where it starts)
 * @err_cp:       unmappable code point (encoders), else 0
 * @err_len:      number of bytes in @err_bytes, at most 4
 * @mask:         WHATENC_STATUS_* bits: which of the fields added after
 *	the first release are filled in (0 from a module older than them:
 *	those fields are 0 then, as they were reserved)
 * @err_bytes:    the offending input bytes (an unmappable code point
 *	as UTF-8): the first @err_len (at most 4) bytes; the rest is 0
 * @name:         canonical name of @encoding, NUL-terminated
 * @detect_state: WHATENC_DETSTATE_*; the fields below (but
 *	@detect_buffered) are 0 unless DONE
 *	or UNSUPPORTED (they describe the current or the last stream)
 * @detect_encoding: the detected encoding (0xffffffff if unsupported)
 * @detect_source: WHATENC_DETSRC_*
 * @detect_unsupported: WHATENC_DETUNSUP_*
 * @detect_buffered: input bytes held by detection, not yet decoded
 * @detect_certain: 1: confidence "certain", 0: "tentative" (HTML terms)
 * @detect_flags: WHATENC_DETFLAG_*
 * @detect_bom_len: length of the BOM found (removed from the output)
 * @detect_confidence: source WHATENC_DETSRC_CONTENT: the guess's
 *	confidence, 0-100 (see whatenc_guess_result); else 0
 * @replacements: with WHATENC_STATUS_REPLACEMENTS in @mask: the errors
 *	the session's converter replaced since CONFIGURE or RESET, in all
 *	its streams (CONVERT, write() and detect mode alike): decoding, each
 *	U+FFFD written for malformed input (not one the input encodes);
 *	encoding in html mode, each "&#NNNN;" written for an unmappable code
 *	point. Always 0 in fatal mode, where the error state reports the
 *	error instead. Non-zero means the output is not the input's text.
 */
struct whatenc_status {
	__u64 bytes_in;
	__u64 bytes_out;
	__u64 stream_start;
	__u64 err_offset;
	__u32 state;
	__u32 direction;
	__u32 flags;
	__u32 encoding;
	__u32 out_ready;
	__u32 buf_size;
	__u32 err_kind;
	__u32 err_cp;
	__u32 err_len;
	__u32 mask;
	__u8 err_bytes[8];
	char name[WHATENC_NAME_MAX];
	__u32 detect_state;
	__u32 detect_encoding;
	__u32 detect_source;
	__u32 detect_unsupported;
	__u32 detect_buffered;
	__u8 detect_certain;
	__u8 detect_flags;
	__u8 detect_bom_len;
	__u8 detect_confidence;
	__u64 replacements;
};

/* whatenc_convert.flags */
#define WHATENC_CONVERT_LAST	0x01	/* the input ends the stream: flush */

/**
 * struct whatenc_convert - WHATENC_IOC_CONVERT argument
 * @in:       in: user address of the input
 * @in_pos:   in/out: first unconsumed input byte; advanced
 * @in_size:  in: size of @in
 * @out:      in: user address of the output buffer
 * @out_pos:  in/out: first free output byte; advanced
 * @out_size: in: size of @out
 * @flags:    in: WHATENC_CONVERT_LAST
 * @result:   out: WHATENC_RES_OK (all input consumed; with LAST, the
 *	stream was flushed and the next call starts a new one; with LAST,
 *	once all input is consumed the stream has ended even if the result
 *	is OUTPUT_FULL: the next call, CONVERT or write(), first delivers
 *	the rest of its flush, and new input starts a new stream),
 *	WHATENC_RES_OUTPUT_FULL, WHATENC_RES_MALFORMED,
 *	WHATENC_RES_UNMAPPABLE (the session is now in the error state;
 *	positions stop after the offending input) or
 *	WHATENC_RES_INTERRUPTED (stopped early: a signal is pending, a
 *	buffer faulted after some progress, or the 2 GiB call limit)
 * @reserved: must be 0
 *
 * The same shape as struct xz_buf: convert as much as fits, one ioctl
 * per chunk, using the session's converter state (partial characters
 * carry over between calls). The read()/write() buffer is bypassed:
 * EBUSY while it holds output not yet read (or END_OF_STREAM is still
 * flushing into it). EINVAL for a position past its size, unknown
 * flags or non-zero reserved fields. EFAULT (nothing changed) when a
 * buffer faults before anything was converted; a fault later ends the
 * call early with the positions of the last complete chunk. ENOBUFS or
 * ENOMEM (nothing changed) when the session's buffer cannot be had (see
 * write()).
 *
 * A late EFAULT: the argument is written back unchanged before the
 * conversion, so EFAULT after it means another thread unmapped or
 * write-protected the argument during the call. The conversion then
 * happened (output written, the session's state and counters advanced)
 * but @in_pos, @out_pos and @result were not written back: STATUS's
 * @bytes_in and @bytes_out advanced by exactly the bytes consumed and
 * produced, or RESET to start over. The same for WHATENC_IOC_CONFIGURE:
 * the new configuration is in effect (a new stream), only @encoding and
 * @name were not written back (STATUS has both).
 */
struct whatenc_convert {
	__u64 in;
	__u64 in_pos;
	__u64 in_size;
	__u64 out;
	__u64 out_pos;
	__u64 out_size;
	__u32 flags;
	__u32 result;
	__u64 reserved[2];
};

#define WHATENC_IOC_CONFIGURE	_IOWR(WHATENC_IOC_MAGIC, 0x01, struct whatenc_configure)
#define WHATENC_IOC_END_OF_STREAM _IO(WHATENC_IOC_MAGIC, 0x02)
#define WHATENC_IOC_RESET	_IO(WHATENC_IOC_MAGIC, 0x03)
#define WHATENC_IOC_STATUS	_IOR(WHATENC_IOC_MAGIC, 0x04, struct whatenc_status)
#define WHATENC_IOC_CONVERT	_IOWR(WHATENC_IOC_MAGIC, 0x05, struct whatenc_convert)

#endif /* _UAPI_LINUX_WHATENC_H */
