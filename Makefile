# SPDX-License-Identifier: GPL-2.0-only
#
# whatenc: top-level Makefile. `make help` lists the targets.
#
# Kernel builds go through Kbuild (make -C <kernel tree> M=...). Builds
# against the distro headers and the test kernel work in copies of the
# sources under build/k-<name>/ so that they never clobber each other or
# the plain `make` build in module/.

include module/sources.mk
include module/version.mk
include kunit/sources.mk

.DEFAULT_GOAL := all

SHARED ?= ../shared
SHARED_ABS := $(abspath $(SHARED))
KDIR ?= /lib/modules/$(shell uname -r)/build
DISTRO_KDIR ?= $(lastword $(sort $(wildcard /usr/src/linux-headers-*-amd64)))

SHELL := /bin/bash
CC ?= gcc
# -Wno-unused-parameter: family hooks share one signature (the kernel does
# not warn about unused parameters either, W=1 included). -Werror in
# development only: a package build (debian/rules) passes WERROR= so that
# a newer compiler's new warning does not break it. CFLAGS, CPPFLAGS and
# LDFLAGS from the environment or the command line (dpkg-buildflags:
# hardening, -g) come last, for the userspace builds only.
WERROR ?= -Werror
USER_CFLAGS := -O2 -Wall -Wextra -Wno-unused-parameter $(WERROR) -MMD -MP $(CFLAGS)
# every module/ folder (WHATENC_DIRS, module/sources.mk), the uapi
# header (<linux/whatenc.h>) and the userspace mapping of the core's
# kernel vocabulary (userspace-lib/whatenc_user.h) are on the include path
WHATENC_INCLUDES := $(addprefix -Imodule/,$(WHATENC_DIRS)) -Iuapi -Iuserspace-lib
WHATENC_HEADERS := $(wildcard $(addsuffix /*.h,$(addprefix module/,$(WHATENC_DIRS)))) \
	userspace-lib/whatenc_user.h
USER_CPPFLAGS := $(WHATENC_INCLUDES) $(CPPFLAGS)
B := build

# --- userspace build of the core -------------------------------------------

# The core, and what the library adds in userspace (userspace-lib/*.c:
# whatenc_lib.h's allocated coders), in build/user/ulib/.
ULIB_SRCS := $(notdir $(wildcard userspace-lib/*.c))
CORE_OBJS := $(addprefix $(B)/user/,$(WHATENC_CORE_SRCS:.c=.o)) \
	$(addprefix $(B)/user/ulib/,$(ULIB_SRCS:.c=.o))
LIB := $(B)/user/libwhatenc.a
# the shared library (make shlib, make install: below)
WHATENC_SOVERSION := 0
SONAME := libwhatenc.so.$(WHATENC_SOVERSION)
SHLIB := $(B)/shlib/libwhatenc.so.$(WHATENC_VERSION)

$(B)/user/%.o: module/%.c
	@mkdir -p $(@D)
	$(CC) $(USER_CPPFLAGS) $(USER_CFLAGS) -c -o $@ $<

$(B)/user/ulib/%.o: userspace-lib/%.c
	@mkdir -p $(@D)
	$(CC) $(USER_CPPFLAGS) $(USER_CFLAGS) -c -o $@ $<

$(LIB): $(CORE_OBJS)
	@rm -f $@
	ar rcs $@ $^

# --- CLI --------------------------------------------------------------------

# The one version (whatenc --version, MODULE_VERSION via Kbuild, the
# library, dkms.conf and the Debian packages): module/version.mk.
TOOL_CPPFLAGS = -DWHATENC_VERSION='"$(WHATENC_VERSION)"'
$(B)/tool/main.o: module/version.mk

TOOL_SRCS := $(wildcard userspace-tool/*.c)
TOOL_OBJS := $(patsubst userspace-tool/%.c,$(B)/tool/%.o,$(TOOL_SRCS))
TOOL := userspace-tool/whatenc

$(B)/tool/%.o: userspace-tool/%.c
	@mkdir -p $(@D)
	$(CC) $(USER_CPPFLAGS) -Iuserspace-tool $(TOOL_CPPFLAGS) $(USER_CFLAGS) -c -o $@ $<

# Static, so that the same binary runs in the test VM's initramfs. A
# distribution's build (debian/rules) sets TOOL_LINK=shared: linked with
# libc and libwhatenc.so.0 dynamically, as a packaged program should be.
TOOL_LINK ?= static
ifeq ($(TOOL_LINK),shared)
$(TOOL): $(TOOL_OBJS) $(SHLIB)
	$(CC) $(LDFLAGS) -o $@ $(TOOL_OBJS) -L$(B)/shlib -lwhatenc
else
$(TOOL): $(TOOL_OBJS) $(LIB)
	$(CC) -static $(LDFLAGS) -o $@ $(TOOL_OBJS) $(LIB)
endif

.PHONY: all lib tool module
all: module tool
lib: $(LIB)
ifneq ($(TOOL_SRCS),)
tool: $(TOOL)
else
tool:
	@echo "tool: no userspace-tool/*.c yet, nothing to build"
endif

# --- generated test vectors --------------------------------------------------
#
# scripts/gen-vectors SHARED OUTDIR writes C headers; they are generated
# into a scratch dir and copied only when changed, so rebuilds stay minimal.

VEC := $(B)/vectors
.PHONY: vectors
vectors:
	@mkdir -p $(VEC)
	@if [ -x scripts/gen-vectors ]; then \
		tmp=$$(mktemp -d $(VEC).tmp.XXXXXX) && \
		scripts/gen-vectors $(SHARED_ABS) $$tmp && \
		rsync -r --checksum --delete $$tmp/ $(VEC)/ && rm -rf $$tmp; \
	fi

# --- kernel module builds -----------------------------------------------------

KBUILD_ARGS = WHATENC_VECTORS=$(CURDIR)/$(VEC)
# WHATENC_CONFIG=FILE: the module's options (module/Kconfig) as a Kconfig
# fragment, e.g. module/configs/minimal.config; default: the full
# configuration, module/configs/full.config (Kbuild).
ifneq ($(WHATENC_CONFIG),)
override WHATENC_CONFIG := $(abspath $(WHATENC_CONFIG))
WHATENC_CONFIG_ARG := WHATENC_CONFIG=$(WHATENC_CONFIG)
KBUILD_ARGS += $(WHATENC_CONFIG_ARG)
endif

module: vectors
	@if [ ! -d "$(KDIR)" ]; then \
		echo "module: SKIPPED: no kernel build tree at KDIR=$(KDIR)"; \
		echo "  (the running kernel $$(uname -r) has no headers installed here)."; \
		echo "  Use 'make KDIR=/path/to/kernel/build', 'make distro' (Debian's"; \
		echo "  linux-headers-amd64) or 'make testkernel' (the test VM's kernel)."; \
	else \
		$(MAKE) -C $(KDIR) M=$(CURDIR) $(KBUILD_ARGS) modules; \
	fi

# kbuild_copy NAME TREE ARGS: copy the kernel sources (*.[ch], *.mk,
# Kbuild, Kbuild.inc; not build/) into build/k-NAME and build them there
# against TREE, log in build/k-NAME.log.
define kbuild_copy
	@mkdir -p $(B)/k-$(1)/build
	@rsync -a -m --delete --exclude=/build/ --exclude=/.git/ \
		--include='*/' --include='*.[ch]' --include='*.mk' \
		--include='*.config' --include=Kbuild --include=Kbuild.inc \
		--exclude='*' ./ $(B)/k-$(1)/
	@rsync -a --delete $(VEC) $(B)/k-$(1)/build/
	@set -o pipefail; \
	$(MAKE) -C $(2) M=$(CURDIR)/$(B)/k-$(1) $(WHATENC_CONFIG_ARG) $(3) modules 2>&1 | \
		tee $(B)/k-$(1).log
endef

# kbuild_lint NAME TREE ARGS: a W=1 build from scratch (so that every
# warning shows on every run); any "warning:" fails.
define kbuild_lint
	@rm -rf $(B)/k-$(1)
	$(call kbuild_copy,$(1),$(2),W=1 $(3))
	@if grep -q 'warning:' $(B)/k-$(1).log; then \
		echo "$(1): FAILED: warnings in the W=1 build:"; \
		grep 'warning:' $(B)/k-$(1).log; exit 1; \
	fi
	@echo "$(1): OK (W=1, no warnings)"
endef

.PHONY: distro testkernel sparse kernel vm-modules
distro: vectors
	@if [ -z "$(DISTRO_KDIR)" ]; then \
		echo "distro: no /usr/src/linux-headers-*-amd64: apt-get install linux-headers-amd64"; \
		exit 1; \
	fi
	$(call kbuild_lint,distro,$(DISTRO_KDIR))

# The module built against Debian's headers with -fstack-usage and
# -fcallgraph-info=su, for scripts/check-stack (build/k-stack/).
.PHONY: stack-usage
stack-usage: vectors
	@if [ -z "$(DISTRO_KDIR)" ]; then \
		echo "stack-usage: no /usr/src/linux-headers-*-amd64"; exit 1; \
	fi
	@rm -rf $(B)/k-stack
	$(call kbuild_copy,stack,$(DISTRO_KDIR),KCFLAGS="-fstack-usage -fcallgraph-info=su")

# make sizes: the sections of whatenc.ko and whatenc_nls.ko for the full
# and the minimal configuration (module/configs/), against Debian's
# headers (scripts/check-sizes; size-build is one of those builds, in
# build/k-size-$(SIZE_NAME)/).
.PHONY: sizes size-build
sizes:
	@scripts/check-sizes

size-build: vectors
	@if [ -z "$(DISTRO_KDIR)" ]; then \
		echo "size-build: no /usr/src/linux-headers-*-amd64"; exit 1; \
	fi
	$(call kbuild_copy,size-$(SIZE_NAME),$(DISTRO_KDIR),CONFIG_KUNIT=)

# make series: whatenc as git format-patch output against the pristine
# linux-source-6.1 tree, in build/series/ (scripts/series); scripts/check-series
# applies, builds, checkpatches and KUnit-tests it (docs/upstream.md).
.PHONY: series
series:
	@python3 scripts/series

kernel:
	scripts/build-kernel

testkernel: vectors
	@scripts/build-kernel >/dev/null
	$(call kbuild_lint,test,$$(scripts/build-kernel --dir))

sparse: vectors
	@scripts/build-kernel >/dev/null
	$(call kbuild_lint,sparse,$$(scripts/build-kernel --dir),C=2 CHECK=sparse)

# The modules that go into the test VM (incremental; warnings are the
# business of `make testkernel`). With WHATENC_KERNEL=debug in the
# environment scripts/build-kernel gives the debug kernel, and its
# modules go to build/k-vm-debug/ instead.
VM_KNAME := vm$(if $(filter debug,$(WHATENC_KERNEL)),-debug)
vm-modules: vectors
	@scripts/build-kernel >/dev/null
	$(call kbuild_copy,$(VM_KNAME),$$(scripts/build-kernel --dir))

# --- checkpatch ---------------------------------------------------------------

# Kernel code only (not kunit/host_main.c, the cmocka driver; the pathspecs'
# * match subfolders too), as git sees
# it (build artifacts such as *.mod.c are ignored files). The generated
# tables are data, not style: they are known by their path (GENERATED,
# what scripts/gen-tables and scripts/gen-detect-model write), never by
# what a file says about itself.
GENERATED := module/codec/tables/% module/detect/tables_guess.h
.PHONY: checkpatch
checkpatch:
	@ksrc=$$(scripts/build-kernel --source) && \
	files=$$(for f in $(filter-out $(GENERATED) kunit/host_main.c,$(shell \
			git ls-files -co --exclude-standard -- \
			'module/*.[ch]' 'kunit/*.[ch]' 'uapi/*.h' 'samples/*.[ch]')); do \
		[ -e "$$f" ] && echo "$$f"; done) && \
	echo $$files | xargs -n 4 -P $$(nproc) \
		perl $$ksrc/scripts/checkpatch.pl --no-tree --terse --show-types \
		--ignore FILE_PATH_CHANGES -f && \
	echo "checkpatch: OK ($$(echo $$files | wc -w) files)"

# --- host tests ---------------------------------------------------------------

HOST_SRCS := $(addprefix kunit/,$(WHATENC_KUNIT_SRCS)) $(wildcard kunit/host_main.c)
HOST_OBJS := $(patsubst kunit/%.c,$(B)/host/%.o,$(HOST_SRCS))
HOST_BIN := $(B)/host/wt_host

$(B)/host/%.o: kunit/%.c | vectors
	@mkdir -p $(@D)
	$(CC) $(USER_CPPFLAGS) -Ikunit -I$(VEC) $(USER_CFLAGS) -c -o $@ $<

$(HOST_BIN): $(HOST_OBJS) $(LIB)
	$(CC) -o $@ $(HOST_OBJS) $(LIB) -lcmocka

.PHONY: host-build host-test
host-build: vectors
	@$(MAKE) --no-print-directory $(HOST_BIN)

host-test: host-build
	$(HOST_BIN)

# The core and kunit/test_config.c built with a chosen configuration
# (HOST_MIN_CONFIG, a Kconfig fragment: the minimal one by default) in
# build/host-min/: what a family configured out does, on the host.
HOST_MIN_CONFIG ?= module/configs/minimal.config
HOST_MIN_FLAGS = -DWHATENC_CONFIG_GIVEN $(shell sed -n \
	's/^\(CONFIG_WHATENC_[A-Z0-9_]*\)=y$$/-D\1=1/p' $(HOST_MIN_CONFIG))
HOST_MIN_PARTS = $(filter $(WHATENC_PARTS),$(shell sed -n \
	's/^CONFIG_WHATENC_\([A-Z0-9]*\)=y$$/\1/p' $(HOST_MIN_CONFIG)))
HOST_MIN_SRCS = $(addprefix module/,$(WHATENC_BASE_SRCS) \
	$(foreach p,$(HOST_MIN_PARTS),$(WHATENC_$(p)_SRCS))) \
	kunit/test_config.c kunit/host_main.c
HOST_MIN_BIN := $(B)/host-min/wt_host_min
$(HOST_MIN_BIN): $(HOST_MIN_SRCS) $(WHATENC_HEADERS) $(HOST_MIN_CONFIG)
	@mkdir -p $(@D)
	$(CC) $(USER_CPPFLAGS) -Ikunit $(HOST_MIN_FLAGS) \
		$(filter-out -MMD -MP,$(USER_CFLAGS)) -o $@ $(HOST_MIN_SRCS) -lcmocka

.PHONY: host-test-min
host-test-min: deps
	@$(MAKE) --no-print-directory $(HOST_MIN_BIN)
	$(HOST_MIN_BIN)

# --- programs for the test VM ---------------------------------------------------
#
# Every tests/*.c is one program, linked statically with the core into
# build/vm-bin/. Every executable in build/vm-bin/ (also ones put there
# by other rules) is on PATH inside the VM, next to the CLI.

VM_PROGS := $(patsubst tests/%.c,$(B)/vm-bin/%,$(wildcard tests/*.c))

$(B)/vm-bin/%: tests/%.c $(LIB)
	@mkdir -p $(@D)
	$(CC) $(USER_CPPFLAGS) $(USER_CFLAGS) -static -o $@ $< $(LIB)

.PHONY: vm-progs vm-prep
vm-progs: tool $(VM_PROGS)

# Test data of the CLI tests (tests/cli/), made on the host: the VM has
# no python3.
.PHONY: cli-data cli-test
cli-data:
	@if [ -f tests/cli/gendata.py ]; then \
		python3 tests/cli/gendata.py $(SHARED_ABS) $(B)/cli-data; fi

# The CLI tests on the host (user engine); tests/vm/cli.sh runs them in the VM.
cli-test: tool cli-data
	sh tests/cli/run-tests

# Everything scripts/vm-run puts into the VM.
vm-prep: vm-modules vm-progs cli-data

# Per-directory rules (e.g. tests/devtest/rules.mk: more programs for
# build/vm-bin/, added as prerequisites of vm-progs).
include $(sort $(wildcard tests/*/rules.mk tests/*/*/rules.mk))

# --- test runs -------------------------------------------------------------------

.PHONY: kunit vm-test check check-tables try
# The committed generated tables (module/codec/tables/tables_*.h, the
# content detector's module/detect/tables_guess.h) must match what
# scripts/gen-tables and scripts/gen-detect-model make from the packaged
# data today.
check-tables:
	scripts/check-tables

kunit:
	scripts/run-kunit

vm-test:
	scripts/run-vm-tests

check:
	@scripts/check

try:
	scripts/try

# --- install, shared library, DKMS, Debian packages (issue 17) ------------------
#
# make install [PREFIX=/usr/local] [DESTDIR=...]: the CLI (static, as
# built), its man page and bash completion, and the core as a shared
# library (SONAME libwhatenc.so.$(WHATENC_SOVERSION), only the documented
# API exported: userspace-lib/libwhatenc.map) with its headers (C99 and
# C++, the uapi header among them, in INCLUDEDIR/whatenc/), whatenc(3)
# and a pkg-config file. examples/*.c use the installed library.
# make uninstall removes the same files. The module is installed by DKMS
# (make dkms-install, or the whatenc-dkms package: make deb).

PREFIX ?= /usr/local
BINDIR ?= $(PREFIX)/bin
LIBDIR ?= $(PREFIX)/lib
INCLUDEDIR ?= $(PREFIX)/include
MANDIR ?= $(PREFIX)/share/man
BASHCOMPDIR ?= $(PREFIX)/share/bash-completion/completions
PKGCONFIGDIR ?= $(LIBDIR)/pkgconfig
PIC_OBJS := $(addprefix $(B)/pic/,$(WHATENC_CORE_SRCS:.c=.o)) \
	$(addprefix $(B)/pic/ulib/,$(ULIB_SRCS:.c=.o))
PC := $(B)/shlib/whatenc.pc
# The headers of the library's API, installed through
# scripts/install-headers (plain C99/C++: no whatenc_types.h, stdint
# types, extern "C") into INCLUDEDIR/whatenc/, the uapi header as
# INCLUDEDIR/whatenc/linux/whatenc.h.
PUBLIC_HDRS := $(wildcard module/include/*.h) userspace-lib/whatenc_lib.h
INSTALLED_HDRS := $(addprefix $(INCLUDEDIR)/whatenc/,linux/whatenc.h \
	$(filter-out whatenc_types.h whatenc_config.h,$(notdir $(PUBLIC_HDRS))))

$(B)/pic/%.o: module/%.c
	@mkdir -p $(@D)
	$(CC) $(USER_CPPFLAGS) $(USER_CFLAGS) -fPIC -c -o $@ $<

$(B)/pic/ulib/%.o: userspace-lib/%.c
	@mkdir -p $(@D)
	$(CC) $(USER_CPPFLAGS) $(USER_CFLAGS) -fPIC -c -o $@ $<

# Exported: the names in userspace-lib/libwhatenc.map only
# (scripts/check-abi).
$(SHLIB): $(PIC_OBJS) userspace-lib/libwhatenc.map
	@mkdir -p $(@D)
	$(CC) -shared $(LDFLAGS) -Wl,-soname,$(SONAME) \
		-Wl,--version-script,userspace-lib/libwhatenc.map -o $@ $(PIC_OBJS)
	ln -sf $(notdir $@) $(B)/shlib/$(SONAME)
	ln -sf $(SONAME) $(B)/shlib/libwhatenc.so

$(PC): userspace-lib/whatenc.pc.in module/version.mk
	@mkdir -p $(@D)
	sed -e 's|@PREFIX@|$(PREFIX)|; s|@LIBDIR@|$(LIBDIR)|' \
	    -e 's|@INCLUDEDIR@|$(INCLUDEDIR)|; s|@VERSION@|$(WHATENC_VERSION)|' $< >$@

.PHONY: shlib install uninstall dkms-src dkms-install dkms-uninstall deb
shlib: $(SHLIB) $(PC)

# $(PC) depends on PREFIX: always remade for install.
install: tool $(SHLIB)
	@rm -f $(PC)
	@$(MAKE) --no-print-directory $(PC)
	install -D -m 755 $(TOOL) $(DESTDIR)$(BINDIR)/whatenc
	install -D -m 644 userspace-tool/whatenc.1 $(DESTDIR)$(MANDIR)/man1/whatenc.1
	install -D -m 644 userspace-lib/whatenc.3 $(DESTDIR)$(MANDIR)/man3/whatenc.3
	install -D -m 644 userspace-tool/whatenc.bash-completion \
		$(DESTDIR)$(BASHCOMPDIR)/whatenc
	scripts/install-headers $(DESTDIR)$(INCLUDEDIR)/whatenc $(PUBLIC_HDRS)
	install -D -m 644 $(SHLIB) $(DESTDIR)$(LIBDIR)/$(notdir $(SHLIB))
	ln -sf $(notdir $(SHLIB)) $(DESTDIR)$(LIBDIR)/$(SONAME)
	ln -sf $(SONAME) $(DESTDIR)$(LIBDIR)/libwhatenc.so
	install -D -m 644 $(PC) $(DESTDIR)$(PKGCONFIGDIR)/whatenc.pc
	@if [ -z "$(DESTDIR)" ] && [ -w /etc/ld.so.cache ]; then ldconfig; fi

uninstall:
	rm -f $(DESTDIR)$(BINDIR)/whatenc $(DESTDIR)$(MANDIR)/man1/whatenc.1 \
		$(DESTDIR)$(MANDIR)/man3/whatenc.3 \
		$(DESTDIR)$(BASHCOMPDIR)/whatenc \
		$(addprefix $(DESTDIR),$(INSTALLED_HDRS)) \
		$(DESTDIR)$(LIBDIR)/libwhatenc.so $(DESTDIR)$(LIBDIR)/$(SONAME) \
		$(DESTDIR)$(LIBDIR)/$(notdir $(SHLIB)) \
		$(DESTDIR)$(PKGCONFIGDIR)/whatenc.pc
	-rmdir $(DESTDIR)$(INCLUDEDIR)/whatenc/linux $(DESTDIR)$(INCLUDEDIR)/whatenc 2>/dev/null
	@if [ -z "$(DESTDIR)" ] && [ -w /etc/ld.so.cache ]; then ldconfig; fi

# The module's sources as DKMS builds them (DKMS_SRC, default
# build/dkms/whatenc-VERSION): Kbuild, module/ (with module/nls/Kbuild.inc:
# whatenc_nls.ko), uapi/, kunit/sources.mk
# (Kbuild reads it; no KUnit module is built: dkms.conf passes
# CONFIG_KUNIT=) and dkms.conf with its version filled in.
DKMS_SRC ?= $(B)/dkms/whatenc-$(WHATENC_VERSION)
dkms-src:
	rm -rf $(DKMS_SRC)
	mkdir -p $(DKMS_SRC)/kunit
	rsync -a -m --include='*/' --include='*.[ch]' --include='*.mk' \
		--include='*.config' --include=Kbuild.inc --exclude='*' \
		module uapi $(DKMS_SRC)/
	cp Kbuild $(DKMS_SRC)/
	cp kunit/sources.mk $(DKMS_SRC)/kunit/
	sed 's/#MODULE_VERSION#/$(WHATENC_VERSION)/' dkms.conf >$(DKMS_SRC)/dkms.conf

# Without Debian's packaging: the sources into /usr/src and DKMS builds
# and installs the module for the running kernel (and, with
# AUTOINSTALL, every later one).
dkms-install:
	$(MAKE) --no-print-directory dkms-src DKMS_SRC=$(DESTDIR)/usr/src/whatenc-$(WHATENC_VERSION)
	install -D -m 644 debian/whatenc-dkms.modules-load $(DESTDIR)/usr/lib/modules-load.d/whatenc.conf
	dkms add whatenc/$(WHATENC_VERSION)
	dkms install whatenc/$(WHATENC_VERSION)

dkms-uninstall:
	-dkms remove whatenc/$(WHATENC_VERSION) --all
	rm -rf $(DESTDIR)/usr/src/whatenc-$(WHATENC_VERSION)
	rm -f $(DESTDIR)/usr/lib/modules-load.d/whatenc.conf

# Debian packages from this tree (libwhatenc0, libwhatenc-dev, whatenc,
# whatenc-dkms) into build/deb/.
deb:
	scripts/build-deb

# --- set-up ----------------------------------------------------------------------
#
# Every target that needs Debian packages installs the missing ones first
# (scripts/install-deps: only what is missing, waiting for a held dpkg
# lock, saying what it installs; silent and quick when nothing is).
# make check and make try do it themselves (scripts/check, scripts/try).
.PHONY: deps
deps:
	@scripts/install-deps
host-build cli-test distro sizes series kernel testkernel sparse vm-modules checkpatch \
	kunit vm-test dkms-install deb bench-build bench-detect bench-names fuzz-build: deps

# --- misc ------------------------------------------------------------------------

.PHONY: clean help
clean:
	rm -rf $(B) $(TOOL)
	find . -path ./.git -prune -o \( -name '*.o' -o -name '*.ko' -o -name '*.mod' \
		-o -name '*.mod.c' -o -name '.*.cmd' -o -name '.*.o.d' \) -type f -print0 | \
		xargs -0 rm -f
	rm -f modules.order Module.symvers

help:
	@echo "make deps       install the Debian packages the builds and tests miss"
	@echo "make            module for KDIR=$(KDIR) (skipped if absent) + CLI"
	@echo "make lib        $(LIB) (userspace core)"
	@echo "make tool       $(TOOL)"
	@echo "make distro     W=1 module build against Debian's headers ($(DISTRO_KDIR))"
	@echo "make sizes      .text/.rodata of whatenc.ko, whatenc_nls.ko: full and"
	@echo "                minimal configuration (scripts/check-sizes)"
	@echo "make series     the patch series for linux-source-6.1 (build/series/;"
	@echo "                scripts/check-series applies and builds it)"
	@echo "make kernel     build (or reuse) the cached test kernel"
	@echo "make testkernel W=1 module build against the test kernel"
	@echo "make vm-modules the modules for the test VM (build/k-vm/)"
	@echo "                (WHATENC_KERNEL=debug: debug kernel, build/k-vm-debug/)"
	@echo "make sparse     sparse (C=2) against the test kernel"
	@echo "make checkpatch checkpatch.pl over the kernel sources"
	@echo "make bench      whatenc vs iconv, ICU, encoding_rs (docs/performance.md)"
	@echo "make bench-names file names: whatenc vs fs/nls, iconv, encoding_rs"
	@echo "make bench-names-fixed the fixed cost of a name call (a fitted line)"
	@echo "make bench-detect content detection vs uchardet, chardet, ICU"
	@echo "make bench-vm   /dev/whatenc vs the in-process core, in the VM"
	@echo "make bench-names-vm the names through /dev/whatenc's CONVERT, in the VM"
	@echo "make fuzz       libFuzzer targets, FUZZ_SECONDS=N each"
	@echo "                (FUZZ_RUNS=N: N executions each; FUZZ_CMP=0: no"
	@echo "                trace-cmp in the core, ~2x faster, build/fuzz-nocmp/)"
	@echo "make host-test  build and run $(HOST_BIN)"
	@echo "make host-test-min  kunit/test_config.c with the minimal configuration"
	@echo "                (HOST_MIN_CONFIG=module/configs/minimal.config)"
	@echo "make kunit      KUnit suites in the test VM"
	@echo "make vm-test    tests/vm/*.sh, each in its own test VM"
	@echo "make check      all of the above, with one closing tally"
	@echo "make try        boot the VM and convert a sample"
	@echo "make install    CLI, man page, completion, libwhatenc.so, its headers,"
	@echo "                whatenc.pc (PREFIX=$(PREFIX), DESTDIR=); make uninstall"
	@echo "make dkms-install  the module through DKMS (dkms-uninstall)"
	@echo "make deb        Debian packages libwhatenc0, libwhatenc-dev, whatenc,"
	@echo "                whatenc-dkms in build/deb/"

-include $(CORE_OBJS:.o=.d) $(TOOL_OBJS:.o=.d) $(HOST_OBJS:.o=.d) $(PIC_OBJS:.o=.d)
