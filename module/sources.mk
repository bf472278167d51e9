# SPDX-License-Identifier: GPL-2.0-only
# The one list of whatenc's sources, included by Kbuild and by Makefile.
# One file per line; add yours in its section.

# Conversion core: plain C, builds in the kernel and in userspace.
WHATENC_CORE_SRCS := \
	engine.c \
	labels.c \
	detect.c \
	detect/guess.c \
	detect/guess_names.c \
	utf8.c \
	utf16.c \
	single_byte.c \
	x_user_defined.c \
	replacement.c \
	gb18030.c \
	big5.c \
	euc_jp.c \
	iso_2022_jp.c \
	shift_jis.c \
	jis0208.c \
	euc_kr.c \
	names.c \
	wtf8.c

# Kernel-only layers: module init, misc device, sessions, ioctls.
WHATENC_KERNEL_SRCS := \
	main.c \
	session.c \
	device.c \
	ioctl.c
