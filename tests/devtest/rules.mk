# SPDX-License-Identifier: GPL-2.0-only
# tests/devtest: programs that drive /dev/whatenc inside the test VM
# (tests/vm/device.sh), included by the top Makefile.
#
#   build/vm-bin/whatenc-devtest     64-bit, linked with the userspace core
#   build/vm-bin/whatenc-devtest32   the same test built -m32 (core compiled
#                                    -m32 too): proves compat_ioctl; runs
#                                    only on kernels with IA32 emulation
#   build/vm-bin/whatenc-limits      memory per idle fd, the per-user cap, a
#                                    killable 2 GiB write (tests/vm/limits.sh)
#   build/vm-bin/whatenc-stress      threads x sessions stress test, output
#                                    checked against the userspace core
#                                    (tests/vm/stress.sh)

DEVTEST_SRCS := tests/devtest/devtest.c
DEVTEST_HDRS := tests/devtest/devcheck.h tests/devtest/sysfs.h
DEVTEST_CORE := $(addprefix module/,$(WHATENC_CORE_SRCS))
DEVTEST_CFLAGS = $(filter-out -MMD -MP,$(USER_CFLAGS))

$(B)/vm-bin/whatenc-devtest: $(DEVTEST_SRCS) $(DEVTEST_HDRS) $(LIB) uapi/linux/whatenc.h $(WHATENC_HEADERS)
	@mkdir -p $(@D)
	$(CC) $(USER_CPPFLAGS) $(DEVTEST_CFLAGS) -pthread -static -o $@ \
		$(DEVTEST_SRCS) $(LIB)

$(B)/vm-bin/whatenc-devtest32: $(DEVTEST_SRCS) $(DEVTEST_HDRS) $(DEVTEST_CORE) uapi/linux/whatenc.h $(WHATENC_HEADERS)
	@mkdir -p $(@D)
	$(CC) -m32 $(USER_CPPFLAGS) $(DEVTEST_CFLAGS) -pthread -static -o $@ \
		$(DEVTEST_SRCS) $(DEVTEST_CORE)

$(B)/vm-bin/whatenc-stress: tests/devtest/stress.c tests/devtest/sysfs.h $(LIB) uapi/linux/whatenc.h $(WHATENC_HEADERS)
	@mkdir -p $(@D)
	$(CC) $(USER_CPPFLAGS) $(DEVTEST_CFLAGS) -pthread -static -o $@ \
		tests/devtest/stress.c $(LIB)

vm-progs: $(B)/vm-bin/whatenc-devtest $(B)/vm-bin/whatenc-devtest32 \
	$(B)/vm-bin/whatenc-stress

.PHONY: check-uapi
check-uapi:
	scripts/check-uapi

$(B)/vm-bin/whatenc-limits: tests/devtest/limits.c $(DEVTEST_HDRS) uapi/linux/whatenc.h
	@mkdir -p $(@D)
	$(CC) $(USER_CPPFLAGS) $(DEVTEST_CFLAGS) -static -o $@ tests/devtest/limits.c

vm-progs: $(B)/vm-bin/whatenc-limits
