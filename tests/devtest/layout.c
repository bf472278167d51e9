// SPDX-License-Identifier: GPL-2.0-only
/*
 * layout.c - print the ioctl ABI layout of uapi/linux/whatenc.h
 *
 * Built with -m32 and -m64 by scripts/check-uapi, which requires both
 * outputs to be identical. The static_asserts repeat the kernel's
 * compile-time layout check (module/kernel/session.c) for userspace.
 */
#include <stdio.h>
#include <stddef.h>
#include <assert.h>
#include <linux/whatenc.h>

#define F(type, field) \
	printf("  %-14s offset %3zu size %3zu\n", #field, \
	       offsetof(struct type, field), sizeof(((struct type *)0)->field))

static_assert(sizeof(struct whatenc_configure) == 144, "configure size");
static_assert(sizeof(struct whatenc_status) == 144, "status size");
static_assert(sizeof(struct whatenc_convert) == 72, "convert size");
static_assert(offsetof(struct whatenc_status, state) == 32, "status.state");
static_assert(offsetof(struct whatenc_status, mask) == 68, "status.mask");
static_assert(offsetof(struct whatenc_status, replacements) == 136,
	      "status.replacements");
static_assert(offsetof(struct whatenc_convert, flags) == 48, "convert.flags");

int main(void)
{
	printf("struct whatenc_configure: size %zu\n",
	       sizeof(struct whatenc_configure));
	F(whatenc_configure, label);
	F(whatenc_configure, direction);
	F(whatenc_configure, flags);
	F(whatenc_configure, encoding);
	F(whatenc_configure, format);
	F(whatenc_configure, name);
	F(whatenc_configure, reserved);
	printf("struct whatenc_status: size %zu\n",
	       sizeof(struct whatenc_status));
	F(whatenc_status, bytes_in);
	F(whatenc_status, bytes_out);
	F(whatenc_status, stream_start);
	F(whatenc_status, err_offset);
	F(whatenc_status, state);
	F(whatenc_status, direction);
	F(whatenc_status, flags);
	F(whatenc_status, encoding);
	F(whatenc_status, out_ready);
	F(whatenc_status, buf_size);
	F(whatenc_status, err_kind);
	F(whatenc_status, err_cp);
	F(whatenc_status, err_len);
	F(whatenc_status, mask);
	F(whatenc_status, err_bytes);
	F(whatenc_status, name);
	F(whatenc_status, detect_state);
	F(whatenc_status, detect_encoding);
	F(whatenc_status, detect_source);
	F(whatenc_status, detect_unsupported);
	F(whatenc_status, detect_buffered);
	F(whatenc_status, detect_certain);
	F(whatenc_status, detect_flags);
	F(whatenc_status, detect_bom_len);
	F(whatenc_status, detect_confidence);
	F(whatenc_status, replacements);
	printf("struct whatenc_convert: size %zu\n",
	       sizeof(struct whatenc_convert));
	F(whatenc_convert, in);
	F(whatenc_convert, in_pos);
	F(whatenc_convert, in_size);
	F(whatenc_convert, out);
	F(whatenc_convert, out_pos);
	F(whatenc_convert, out_size);
	F(whatenc_convert, flags);
	F(whatenc_convert, result);
	F(whatenc_convert, reserved);
	printf("ioctls:\n");
	printf("  WHATENC_IOC_CONFIGURE     0x%08lx\n",
	       (unsigned long)WHATENC_IOC_CONFIGURE);
	printf("  WHATENC_IOC_END_OF_STREAM 0x%08lx\n",
	       (unsigned long)WHATENC_IOC_END_OF_STREAM);
	printf("  WHATENC_IOC_RESET         0x%08lx\n",
	       (unsigned long)WHATENC_IOC_RESET);
	printf("  WHATENC_IOC_STATUS        0x%08lx\n",
	       (unsigned long)WHATENC_IOC_STATUS);
	printf("  WHATENC_IOC_CONVERT       0x%08lx\n",
	       (unsigned long)WHATENC_IOC_CONVERT);
	return 0;
}
