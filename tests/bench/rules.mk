# SPDX-License-Identifier: GPL-2.0-only
# tests/bench: whatenc against glibc iconv, ICU4C and encoding_rs
# (docs/performance.md), included by the top Makefile.
#
#   make bench          the full table (a few minutes): build/bench/bench.txt
#                       and build/bench/bench.csv, then the names group
#                       (make bench-names, tests/bench/names/rules.mk)
#   make bench-quick    seconds (BENCH_QUICK=1), what scripts/check-bench runs
#   make bench-vm       in the test VM: /dev/whatenc (write/read loop,
#                       CONVERT ioctl) against the core in-process
#   make bench-build    only build
# Environment knobs of the bench program: see tests/bench/bench.c.
#
# Peers built here besides the libraries: simdutf from
# $(SHARED)/anchors/simdutf (g++; skipped with a note when absent) and
# "whatenc-kflags", the core compiled with the kernel's x86-64 code
# generation flags (BENCH_KFLAGS) and linked in under one global symbol.
#
# Needs: libicu-dev, cargo + librust-encoding-rs-dev (built offline with
# a cargo source replacement pointing at /usr/share/cargo/registry, in a
# CARGO_HOME under build/bench/), python3 (scripts/bench-corpus), the
# packages whose translations make the corpus (gettext catalogs of any
# installed package, manpages-ja/-zh/-de/-fr/-pl/-ru).

BENCH_DIR := $(B)/bench
BENCH_BIN := $(BENCH_DIR)/whatenc-bench
BENCH_SRCS := $(wildcard tests/bench/*.c)
BENCH_HOST_SRCS := $(filter-out tests/bench/bench_vm.c,$(BENCH_SRCS))
BENCH_ERS := $(BENCH_DIR)/ers/release/libwhatenc_bench_ers.a
BENCH_CARGO_HOME := $(BENCH_DIR)/cargo-home
BENCH_CFLAGS = $(filter-out -MMD -MP,$(USER_CFLAGS))
BENCH_COMMIT = $(shell git rev-parse --short HEAD 2>/dev/null)$(shell git diff --quiet HEAD -- module 2>/dev/null || echo +dirty)

$(BENCH_CARGO_HOME)/config.toml:
	@mkdir -p $(@D)
	@printf '%s\n' '[source.crates-io]' 'replace-with = "debian"' \
		'[source.debian]' 'directory = "/usr/share/cargo/registry"' \
		'[net]' 'offline = true' > $@

# The crate is built from a copy, so that Cargo.lock stays out of the tree.
$(BENCH_ERS): tests/bench/ers/Cargo.toml tests/bench/ers/src/lib.rs $(BENCH_CARGO_HOME)/config.toml
	@if [ ! -d /usr/share/cargo/registry/encoding_rs-0.8.31 ] && \
	    ! ls -d /usr/share/cargo/registry/encoding_rs-* >/dev/null 2>&1; then \
		echo "bench: apt-get install librust-encoding-rs-dev"; exit 1; fi
	@mkdir -p $(BENCH_DIR)/ers-src/src
	@cp tests/bench/ers/Cargo.toml $(BENCH_DIR)/ers-src/
	@cp tests/bench/ers/src/lib.rs $(BENCH_DIR)/ers-src/src/
	CARGO_HOME=$(abspath $(BENCH_CARGO_HOME)) cargo build --release --offline \
		--quiet --manifest-path $(BENCH_DIR)/ers-src/Cargo.toml \
		--target-dir $(abspath $(BENCH_DIR)/ers)

# simdutf: only with $(SHARED) (tests/bench/peer_simdutf.c says n/a without)
BENCH_SIMDUTF := $(SHARED)/anchors/simdutf
ifneq ($(wildcard $(BENCH_SIMDUTF)/simdutf.cpp),)
BENCH_SU_OBJS := $(BENCH_DIR)/simdutf.o $(BENCH_DIR)/simdutf_glue.o
BENCH_SU_DEFS := -DBENCH_SIMDUTF
BENCH_SU_LIBS := -lstdc++
$(BENCH_DIR)/simdutf.o: $(BENCH_SIMDUTF)/simdutf.cpp $(BENCH_SIMDUTF)/simdutf.h
	@mkdir -p $(@D)
	$(CXX) -O2 -std=c++17 -I$(BENCH_SIMDUTF) -c -o $@ $<
$(BENCH_DIR)/simdutf_glue.o: tests/bench/simdutf_glue.cpp $(BENCH_SIMDUTF)/simdutf.h
	@mkdir -p $(@D)
	$(CXX) -O2 -std=c++17 -Wall -Werror -I$(BENCH_SIMDUTF) -c -o $@ $<
endif

# whatenc-kflags: the code generation flags of Debian's 6.1 x86-64
# kernel (its config: -O2, CONFIG_RETPOLINE, CONFIG_SLS,
# CONFIG_STACKPROTECTOR_STRONG, CONFIG_INIT_STACK_ALL_ZERO,
# CONFIG_FUNCTION_TRACER) that userspace can run; the test kernel is -Os.
# From linux 6.1's Makefile: -fno-strict-aliasing -fno-common -fno-PIE
# (not position-independent: tables by absolute address, as a module
# under -mcmodel=kernel; hence -no-pie for the bench program),
# -fstack-protector-strong, -pg -mfentry -mrecord-mcount with no
# -fomit-frame-pointer (FUNCTION_TRACER; the call is a 5-byte NOP once
# ftrace is up: -mnop-mcount), -ftrivial-auto-var-init=zero, ...; from
# arch/x86/Makefile: no SSE/MMX/AVX/x87, stack boundary 8,
# -falign-jumps=1 -falign-loops=1, -mno-red-zone, -fno-jump-tables
# (RETPOLINE with gcc), -mharden-sls=all (SLS). Left out:
# -mcmodel=kernel, the retpoline and return thunks (indirect calls and
# returns run as plain ones), -fshort-wchar (no wchar_t in the core).
BENCH_KFLAGS := -O2 -std=gnu11 -fno-strict-aliasing -fno-common -fno-PIE \
	-mno-sse -mno-mmx -mno-sse2 -mno-3dnow -mno-avx -mno-80387 \
	-mno-fp-ret-in-387 -mpreferred-stack-boundary=3 -mskip-rax-setup \
	-mtune=generic -mno-red-zone -fcf-protection=none -falign-jumps=1 \
	-falign-loops=1 -fno-jump-tables -mharden-sls=all \
	-fno-asynchronous-unwind-tables \
	-fno-delete-null-pointer-checks -fno-allow-store-data-races \
	-fstack-protector-strong -pg -mfentry -mrecord-mcount -mnop-mcount \
	-ftrivial-auto-var-init=zero \
	-fno-stack-clash-protection -fno-strict-overflow -fno-stack-check \
	-fconserve-stack -fno-builtin-wcslen

# whatenc-copy (only with BENCH_PEERS naming it; not in the default
# table): the core built a second time with the userspace flags and
# linked in as whatenc-kflags is: the same instructions at other
# addresses, so its ratio is what code placement alone moves a row, the
# floor under which a ÷kflags in wall time says nothing.
#
# $(call BENCH_CORE_COPY,name,flags,macro): $(BENCH_DIR)/name/, the core
# and peer_whatenc.c (-Dmacro) built with flags, as one object whose
# only global is bench_peer_whatenc_name. Its objects depend on
# name/flags, rewritten when the flags change (make BENCH_KFLAGS=...),
# so that no object of other flags is left in the copy.
define BENCH_CORE_COPY
$$(BENCH_DIR)/$(1)/flags: FORCE
	@mkdir -p $$(@D)
	@echo '$$(CC) $(2)' | cmp -s - $$@ || echo '$$(CC) $(2)' > $$@

$$(BENCH_DIR)/$(1)/%.o: module/%.c $$(WHATENC_HEADERS) $$(BENCH_DIR)/$(1)/flags
	@mkdir -p $$(@D)
	$$(CC) $$(USER_CPPFLAGS) $(2) -Wall -Werror -c -o $$@ $$<

$$(BENCH_DIR)/$(1)/peer.o: tests/bench/peer_whatenc.c tests/bench/bench.h $$(WHATENC_HEADERS) $$(BENCH_DIR)/$(1)/flags
	@mkdir -p $$(@D)
	$$(CC) $$(USER_CPPFLAGS) $(2) -D$(3) -c -o $$@ $$<

$$(BENCH_DIR)/$(1)/whatenc-$(1).o: $$(BENCH_DIR)/$(1)/peer.o \
		$$(addprefix $$(BENCH_DIR)/$(1)/,$$(WHATENC_CORE_SRCS:.c=.o))
	$$(LD) -r -o $$@.tmp $$^
	objcopy --keep-global-symbol=bench_peer_whatenc_$(1) $$@.tmp $$@
	@rm -f $$@.tmp
endef
.PHONY: FORCE
FORCE:

$(eval $(call BENCH_CORE_COPY,kflags,$$(BENCH_KFLAGS),BENCH_KFLAGS))
$(eval $(call BENCH_CORE_COPY,copy,$$(BENCH_CFLAGS),BENCH_COPY))
BENCH_KF := $(BENCH_DIR)/kflags/whatenc-kflags.o $(BENCH_DIR)/copy/whatenc-copy.o

$(BENCH_BIN): $(BENCH_HOST_SRCS) tests/bench/bench.h $(LIB) $(BENCH_ERS) $(BENCH_KF) $(BENCH_SU_OBJS) $(WHATENC_HEADERS)
	@mkdir -p $(@D)
	$(CC) $(USER_CPPFLAGS) $(BENCH_CFLAGS) $(BENCH_SU_DEFS) \
		-Wno-unused-parameter -no-pie -o $@ \
		$(BENCH_HOST_SRCS) $(BENCH_KF) $(BENCH_SU_OBJS) $(LIB) $(BENCH_ERS) \
		-licuuc -licudata $(BENCH_SU_LIBS) -lm -lpthread -ldl

$(BENCH_DIR)/data/.stamp: scripts/bench-corpus
	scripts/bench-corpus $(BENCH_DIR)/data
	@touch $@

.PHONY: bench bench-quick bench-build bench-vm
bench-build: $(BENCH_BIN) $(BENCH_DIR)/data/.stamp

bench: bench-build
	@set -o pipefail; BENCH_COMMIT=$(BENCH_COMMIT) \
		BENCH_CSV=$(BENCH_DIR)/bench.csv $(BENCH_BIN) | \
		tee $(BENCH_DIR)/bench.txt
	@echo "bench: table in $(BENCH_DIR)/bench.txt, CSV in $(BENCH_DIR)/bench.csv"
	@$(MAKE) --no-print-directory bench-names

bench-quick: bench-build
	BENCH_QUICK=1 BENCH_COMMIT=$(BENCH_COMMIT) \
		BENCH_CSV=$(BENCH_DIR)/bench-quick.csv $(BENCH_BIN)

# In the VM: a static program, on PATH there (build/vm-bin/).
$(B)/vm-bin/whatenc-bench-vm: tests/bench/bench_vm.c $(LIB) uapi/linux/whatenc.h $(WHATENC_HEADERS)
	@mkdir -p $(@D)
	$(CC) $(USER_CPPFLAGS) $(BENCH_CFLAGS) -static -o $@ $< $(LIB)

vm-progs: $(B)/vm-bin/whatenc-bench-vm

bench-vm: $(BENCH_DIR)/data/.stamp
	@mkdir -p $(BENCH_DIR)
	@set -o pipefail; WHATENC_VM_TIMEOUT=$${WHATENC_VM_TIMEOUT:-900} \
		scripts/vm-run "BENCH_COMMIT=$(BENCH_COMMIT) whatenc-bench-vm \
		$(abspath $(BENCH_DIR))/data $(abspath $(BENCH_DIR))/bench-vm.csv" | \
		tee $(BENCH_DIR)/bench-vm.txt
