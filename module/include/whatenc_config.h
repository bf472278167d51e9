/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * whatenc_config.h - which optional parts of whatenc are built
 *
 * The options are module/Kconfig's (CONFIG_WHATENC_*). In a kernel tree
 * they come from the kernel's configuration; an out-of-tree build
 * (Kbuild) passes them as -D flags made from a Kconfig fragment
 * (WHATENC_CONFIG=, default module/configs/full.config). The userspace
 * build (the library, the CLI, the host tests) has everything, unless a
 * build defines WHATENC_CONFIG_GIVEN and its own CONFIG_WHATENC_* flags
 * (the host test of a minimal configuration: make host-test-min).
 *
 * An encoding whose family is not built keeps its enum value, name and
 * labels; whatenc_get_encoding() of its labels and whatenc_decoder_init()
 * / whatenc_encoder_init() of it return -EOPNOTSUPP.
 */
#ifndef WHATENC_CONFIG_H
#define WHATENC_CONFIG_H

#if !defined(__KERNEL__) && !defined(WHATENC_CONFIG_GIVEN)
#define CONFIG_WHATENC_JAPANESE 1
#define CONFIG_WHATENC_CHINESE 1
#define CONFIG_WHATENC_BIG5 1
#define CONFIG_WHATENC_KOREAN 1
#define CONFIG_WHATENC_GUESS 1
#define CONFIG_WHATENC_CHECK 1
#endif

#endif /* WHATENC_CONFIG_H */
