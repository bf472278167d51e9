# SPDX-License-Identifier: GPL-2.0-only
# The one list of whatenc's sources, included by Kbuild and by Makefile.
# One file per line, relative to module/; add yours in its section.
#
# One folder per layer (the path of a byte, from names alone):
#   include/       headers for fs/driver code (the codec API)
#   codec/         the portable converter: engine, labels, families
#   codec/tables/  its generated tables (scripts/gen-tables)
#   detect/        detection of declared and undeclared encodings
#   names/         file-name helpers, WTF-8
#   kernel/        the kernel device: module init, misc device, sessions
#   nls/           whatenc_nls.ko: the encodings as fs/nls tables (its own
#                  module: module/nls/Kbuild.inc)
# Every folder is on the include path: include headers by bare name.
WHATENC_DIRS := include codec codec/tables detect names kernel nls

# Conversion core: plain C, builds in the kernel and in userspace.
WHATENC_CORE_SRCS := \
	codec/engine.c \
	codec/labels.c \
	codec/encodings.c \
	detect/detect.c \
	detect/rules.c \
	detect/guess.c \
	detect/guess_names.c \
	codec/utf8.c \
	codec/vec.c \
	codec/vec_x86.c \
	codec/vec_sb_x86.c \
	codec/utf16.c \
	codec/single_byte.c \
	codec/sb_long.c \
	codec/x_user_defined.c \
	codec/replacement.c \
	codec/gb18030.c \
	codec/big5.c \
	codec/euc_jp.c \
	codec/iso_2022_jp.c \
	codec/shift_jis.c \
	codec/jis0208.c \
	codec/euc_kr.c \
	names/names.c \
	names/wtf8.c

# Kernel-only layers: module init, misc device, sessions, ioctls.
WHATENC_KERNEL_SRCS := \
	kernel/main.c \
	kernel/session.c \
	kernel/session_buf.c \
	kernel/lookahead.c \
	kernel/convert.c \
	kernel/device.c \
	kernel/ioctl.c \
	kernel/exports.c
