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

# Conversion core: plain C, builds in the kernel and in userspace. The
# parts module/Kconfig makes optional have their own lists; the userspace
# build (Makefile) takes them all: WHATENC_CORE_SRCS.
WHATENC_BASE_SRCS := \
	codec/engine.c \
	codec/oneshot.c \
	codec/labels.c \
	codec/encodings.c \
	detect/detect.c \
	codec/utf8.c \
	codec/vec.c \
	codec/vec_x86.c \
	codec/vec_sb_x86.c \
	codec/utf16.c \
	codec/single_byte.c \
	codec/sb_long.c \
	codec/x_user_defined.c \
	codec/replacement.c \
	names/names.c \
	names/wtf8.c

# CONFIG_WHATENC_CHINESE: gb18030 and GBK
WHATENC_CHINESE_SRCS := codec/gb18030.c
# CONFIG_WHATENC_BIG5
WHATENC_BIG5_SRCS := codec/big5.c
# CONFIG_WHATENC_JAPANESE: EUC-JP, ISO-2022-JP, Shift_JIS, their tables
WHATENC_JAPANESE_SRCS := \
	codec/euc_jp.c \
	codec/iso_2022_jp.c \
	codec/shift_jis.c \
	codec/jis0208.c
# CONFIG_WHATENC_KOREAN: EUC-KR
WHATENC_KOREAN_SRCS := codec/euc_kr.c
# CONFIG_WHATENC_GUESS: the content detector (undeclared encodings)
WHATENC_GUESS_SRCS := detect/guess.c detect/guess_names.c
# CONFIG_WHATENC_CHECK: the declaration checker
WHATENC_CHECK_SRCS := detect/rules.c

# The optional parts by option name (Kbuild: WHATENC_<part>_SRCS when
# CONFIG_WHATENC_<part>=y).
WHATENC_PARTS := CHINESE BIG5 JAPANESE KOREAN GUESS CHECK

WHATENC_CORE_SRCS := $(WHATENC_BASE_SRCS) \
	$(foreach p,$(WHATENC_PARTS),$(WHATENC_$(p)_SRCS))

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
