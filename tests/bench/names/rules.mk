# SPDX-License-Identifier: GPL-2.0-only
# tests/bench/names: the names group of make bench (make bench-names): a
# file name per call, 8-64 bytes, in seven encodings, both directions,
# whatenc's name helpers against fs/nls of Linux 6.1 (compiled unchanged
# in userspace from /usr/src/linux-source-6.1.tar.xz, with the stand-in
# headers of nls-shim/), glibc iconv and encoding_rs: instructions per
# name (callgrind) and wall time (alternating runs), as ratios
# (docs/performance.md). About a minute.
#
# Needs: linux-source-6.1, valgrind, what make bench needs (the names
# are cut from its corpus by gen-names, with Python's codecs).
# Included before tests/bench/rules.mk: paths are spelled out, not
# taken from its variables.

BN_DIR := $(B)/bench/names
BN_BIN := $(BN_DIR)/bench_names
BN_ERS := $(B)/bench/ers/release/libwhatenc_bench_ers.a
BN_TAR := /usr/src/linux-source-6.1.tar.xz
BN_NLS := nls_base nls_cp932 nls_euc-jp nls_cp936 nls_cp950 nls_cp949 \
	nls_cp1251 nls_koi8-r
BN_NLS_OBJS := $(patsubst %,$(BN_DIR)/nls/%.o,$(BN_NLS))

# only the files used, from the tarball (they are not in the headers package)
$(BN_DIR)/nls/.stamp:
	@[ -r $(BN_TAR) ] || { echo "bench-names: apt-get install linux-source-6.1"; exit 1; }
	@mkdir -p $(@D)
	tar -xJf $(BN_TAR) -C $(@D) --strip-components=1 \
		linux-source-6.1/include/linux/nls.h \
		$(patsubst %,linux-source-6.1/fs/nls/%.c,$(BN_NLS))
	@touch $@

# as the kernel builds them (-O2), warnings off: the code is not ours
$(BN_NLS_OBJS): $(BN_DIR)/nls/%.o: $(BN_DIR)/nls/.stamp $(wildcard tests/bench/names/nls-shim/*/*.h)
	$(CC) -O2 -fno-strict-aliasing -w -DCONFIG_NLS_DEFAULT='"iso8859-1"' \
		-Itests/bench/names/nls-shim -I$(BN_DIR)/nls/include \
		-c -o $@ $(BN_DIR)/nls/fs/nls/$*.c

$(BN_BIN): tests/bench/names/bench_names.c $(LIB) $(BN_ERS) $(BN_NLS_OBJS) $(WHATENC_HEADERS)
	@mkdir -p $(@D)
	$(CC) $(USER_CPPFLAGS) $(filter-out -MMD -MP,$(USER_CFLAGS)) -o $@ $< \
		$(BN_NLS_OBJS) $(LIB) $(BN_ERS) -lpthread -ldl -lm

$(BN_DIR)/data/.stamp: tests/bench/names/gen-names $(B)/bench/data/.stamp
	tests/bench/names/gen-names $(B)/bench/data $(@D)
	@touch $@

.PHONY: bench-names
bench-names: $(BN_BIN) $(BN_DIR)/data/.stamp
	@BENCH_COMMIT=$(BENCH_COMMIT) tests/bench/names/run $(BN_BIN) \
		$(BN_DIR)/data $(B)/bench
	@echo "bench-names: table in $(B)/bench/names.txt, CSV in $(B)/bench/names.csv"

# In the VM (make bench-names-vm): the same names through /dev/whatenc's
# WHATENC_IOC_CONVERT, as a multiple of the in-process call; a static
# program on PATH there (build/vm-bin/).
$(B)/vm-bin/whatenc-bench-names-vm: tests/bench/names/bench_names_vm.c $(LIB) uapi/linux/whatenc.h $(WHATENC_HEADERS)
	@mkdir -p $(@D)
	$(CC) $(USER_CPPFLAGS) $(filter-out -MMD -MP,$(USER_CFLAGS)) -static -o $@ $< $(LIB)

vm-progs: $(B)/vm-bin/whatenc-bench-names-vm

.PHONY: bench-names-vm
bench-names-vm: $(BN_DIR)/data/.stamp
	@set -o pipefail; WHATENC_VM_TIMEOUT=$${WHATENC_VM_TIMEOUT:-900} \
		scripts/vm-run "BENCH_COMMIT=$(BENCH_COMMIT) whatenc-bench-names-vm \
		$(abspath $(BN_DIR))/data $(abspath $(B))/bench/names-vm.csv" | \
		tee $(B)/bench/names-vm.txt

# The fixed cost of a call (make bench-names-fixed): names of 1-8 copies
# of one character, a line fitted per encoding and direction
# (tests/bench/names/fixed-cost; callgrind, a few seconds).
BN_FIXED := $(BN_DIR)/bench_fixed
$(BN_FIXED): tests/bench/names/bench_fixed.c $(LIB) $(WHATENC_HEADERS)
	@mkdir -p $(@D)
	$(CC) $(USER_CPPFLAGS) $(filter-out -MMD -MP,$(USER_CFLAGS)) -o $@ $< $(LIB)

.PHONY: bench-names-fixed
bench-names-fixed: $(BN_FIXED)
	@tests/bench/names/fixed-cost $(BN_FIXED) | tee $(B)/bench/names-fixed.txt
