// SPDX-License-Identifier: GPL-2.0-only
/*
 * engine_kernel.c - the "kernel" engine: /dev/whatenc (whatenc.ko)
 *
 * One open file of /dev/whatenc per session. WHATENC_IOC_CONFIGURE
 * selects the encoding, direction and flags; WHATENC_IOC_CONVERT
 * converts the caller's buffers in place of whatenc_decode() /
 * whatenc_encode() (the same xz-style positions and result codes), so
 * nothing is ever queued in the device and no read()/write() ordering
 * can deadlock; WHATENC_IOC_STATUS says where a fatal error is and how
 * many errors were replaced (whatenc_status.replacements, from the
 * module that has it: WHATENC_STATUS_REPLACEMENTS).
 */
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>
#include <linux/whatenc.h>

#include "engine.h"

/* The uapi flag bits are the core's flag bits. */
static_assert(WHATENC_CFG_DEC_FATAL == WHATENC_DEC_FATAL);
static_assert(WHATENC_CFG_BOM_MASK == WHATENC_BOM_MASK);
static_assert(WHATENC_CFG_BOM_STRIP == WHATENC_BOM_STRIP);
static_assert(WHATENC_CFG_BOM_KEEP == WHATENC_BOM_KEEP);
static_assert(WHATENC_CFG_DEC_WTF8 == WHATENC_DEC_WTF8);
static_assert(WHATENC_CFG_ENC_HTML == WHATENC_ENC_HTML);
static_assert(WHATENC_CFG_ENC_UTF16 == WHATENC_ENC_UTF16);
static_assert(WHATENC_RES_OK == WHATENC_INPUT_EMPTY);
static_assert(WHATENC_RES_OUTPUT_FULL == WHATENC_OUTPUT_FULL);
static_assert(WHATENC_RES_MALFORMED == WHATENC_MALFORMED);
static_assert(WHATENC_RES_UNMAPPABLE == WHATENC_UNMAPPABLE);

/**
 * wt_device_path() - the kernel engine's device node
 *
 * Return: $WHATENC_DEVICE if set and not empty, else "/dev/whatenc".
 */
const char *wt_device_path(void)
{
	const char *p = getenv("WHATENC_DEVICE");

	return p && *p ? p : "/dev/whatenc";
}

static int kernel_probe(void)
{
	int fd = open(wt_device_path(), O_RDWR | O_CLOEXEC);
	struct whatenc_status st;

	if (fd < 0)
		return -errno;
	memset(&st, 0, sizeof(st));
	if (ioctl(fd, WHATENC_IOC_STATUS, &st)) {
		int err = errno == ENOTTY ? -ENODEV : -errno;

		close(fd);
		return err;
	}
	close(fd);
	return 0;
}

static int kernel_open(struct wt_session *s)
{
	struct whatenc_configure cfg;
	struct whatenc_status st;
	const char *label;

	s->fd = open(wt_device_path(), O_RDWR | O_CLOEXEC);
	if (s->fd < 0)
		return -errno;
	memset(&cfg, 0, sizeof(cfg));
	/* Any label of the encoding will do; names are not all labels. */
	label = whatenc_label_count(s->enc) > 0 ? whatenc_label(s->enc, 0) :
						 whatenc_encoding_name(s->enc);
	snprintf(cfg.label, sizeof(cfg.label), "%s", label);
	cfg.direction = s->dir == WT_DECODE ? WHATENC_DIR_DECODE :
					      WHATENC_DIR_ENCODE;
	cfg.flags = s->flags;
	if (ioctl(s->fd, WHATENC_IOC_CONFIGURE, &cfg)) {
		int err = -errno;

		close(s->fd);
		s->fd = -1;
		return err;
	}
	memset(&st, 0, sizeof(st));
	s->dev_counts = !ioctl(s->fd, WHATENC_IOC_STATUS, &st) &&
			(st.mask & WHATENC_STATUS_REPLACEMENTS);
	return 0;
}

static int kernel_status(struct wt_session *s)
{
	struct whatenc_status st;

	memset(&st, 0, sizeof(st));
	if (ioctl(s->fd, WHATENC_IOC_STATUS, &st))
		return -errno;
	memset(&s->err, 0, sizeof(s->err));
	s->err.offset = st.err_offset;
	s->err.cp = st.err_cp;
	s->err.len = st.err_len < sizeof(s->err.bytes) ? st.err_len :
							  sizeof(s->err.bytes);
	memcpy(s->err.bytes, st.err_bytes, s->err.len);
	return 0;
}

static int kernel_convert(struct wt_session *s, struct whatenc_buf *b,
			  bool last)
{
	struct whatenc_convert cv;
	int r;

	memset(&cv, 0, sizeof(cv));
	cv.in = (uintptr_t)b->in;
	cv.in_pos = b->in_pos;
	cv.in_size = b->in_size;
	cv.out = (uintptr_t)b->out;
	cv.out_pos = b->out_pos;
	cv.out_size = b->out_size;
	cv.flags = last ? WHATENC_CONVERT_LAST : 0;
	for (;;) {
		if (ioctl(s->fd, WHATENC_IOC_CONVERT, &cv)) {
			if (errno == EINTR)
				continue;
			return -errno;
		}
		b->in_pos = cv.in_pos;
		b->out_pos = cv.out_pos;
		if (cv.result != WHATENC_RES_INTERRUPTED)
			break;
		if (cv.out_pos == cv.out_size)
			return WHATENC_OUTPUT_FULL;
	}
	switch (cv.result) {
	case WHATENC_RES_OK:
	case WHATENC_RES_OUTPUT_FULL:
		return cv.result;
	case WHATENC_RES_MALFORMED:
	case WHATENC_RES_UNMAPPABLE:
		r = kernel_status(s);
		return r ? r : (int)cv.result;
	default:
		return -EPROTO;
	}
}

/* The device's count (s->dev_counts), or 0 if STATUS fails. */
static u64 kernel_replacements(const struct wt_session *s)
{
	struct whatenc_status st;

	memset(&st, 0, sizeof(st));
	if (!s->dev_counts || ioctl(s->fd, WHATENC_IOC_STATUS, &st))
		return 0;
	return st.replacements;
}

static void kernel_close(struct wt_session *s)
{
	if (s->fd >= 0)
		close(s->fd);
	s->fd = -1;
}

const struct wt_engine wt_engine_kernel = {
	.name = "kernel",
	.probe = kernel_probe,
	.open = kernel_open,
	.convert = kernel_convert,
	.close = kernel_close,
	.replacements = kernel_replacements,
};
