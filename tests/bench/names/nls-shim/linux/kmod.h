/* SPDX-License-Identifier: GPL-2.0-only */
/* linux/kmod.h - what fs/nls needs of it, in userspace (tests/bench/names) */
#define try_then_request_module(x, ...)	(x)
