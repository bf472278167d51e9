# SPDX-License-Identifier: GPL-2.0-only
# tests/fuzz: libFuzzer harnesses (clang-14, libclang-rt-14-dev), included
# by the top Makefile.
#
#   make fuzz-build              build/fuzz/bin/<target> for every target
#   make fuzz FUZZ_SECONDS=N     run every target for N seconds (default 60),
#                                one after the other (FUZZ_RUNS=N: for N
#                                executions each instead); corpus in
#                                build/fuzz/corpus/<target> (seeded by
#                                scripts/gen-fuzz-corpus), crashes in
#                                build/fuzz/crashes/
#   scripts/check-fuzz           the short bounded pass of `make check`
#   FUZZ_CMP=0                   long runs: build into build/fuzz-nocmp/
#                                without comparison tracing in the core
#                                (-fno-sanitize-coverage=trace-cmp): about
#                                twice the executions per second, edge
#                                coverage only; same corpus
#
# Each harness compiles the core sources directly, with
# -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined;
# the harness code itself has no coverage (tests/fuzz/coverage-ignore.txt).

FUZZ_CC ?= clang-14
comma := ,
FUZZ_SECONDS ?= 60
FUZZ_CFLAGS := -g -O2 -fno-omit-frame-pointer \
	-fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined \
	-Wall -Wextra -Wno-unused-parameter
FUZZ_CMP ?= 1
ifeq ($(FUZZ_CMP),0)
FUZZ_OUT := $(B)/fuzz-nocmp
FUZZ_CFLAGS += -fno-sanitize-coverage=trace-cmp
else
FUZZ_OUT := $(B)/fuzz
endif
FUZZ_CORE := $(addprefix $(FUZZ_OUT)/obj/,$(WHATENC_CORE_SRCS:.c=.o))
FUZZ_DEPS := $(FUZZ_CORE) $(WHATENC_HEADERS) tests/fuzz/fuzz_util.h \
	tests/fuzz/rules.mk tests/fuzz/coverage-ignore.txt
FUZZ_HARNESS := -fsanitize-coverage-ignorelist=tests/fuzz/coverage-ignore.txt

# The core, compiled once with the sanitizers (linked into every target).
$(FUZZ_OUT)/obj/%.o: module/%.c $(WHATENC_HEADERS) tests/fuzz/rules.mk
	@mkdir -p $(@D)
	$(FUZZ_CC) $(subst fuzzer$(comma),fuzzer-no-link$(comma),$(FUZZ_CFLAGS)) \
		$(WHATENC_INCLUDES) -c -o $@ $<

# Codec targets: <name>:<family>:<0 decode, 1 encode>
FUZZ_CODECS := \
	dec_utf8:F_UTF8:0 enc_utf8:F_UTF8:1 \
	dec_utf16:F_UTF16:0 enc_utf16:F_UTF16:1 \
	dec_single_byte:F_SB:0 enc_single_byte:F_SB:1 \
	dec_gb18030:F_GB:0 enc_gb18030:F_GB:1 \
	dec_big5:F_BIG5:0 enc_big5:F_BIG5:1 \
	dec_euc_jp:F_EUCJP:0 enc_euc_jp:F_EUCJP:1 \
	dec_iso_2022_jp:F_ISO2022JP:0 enc_iso_2022_jp:F_ISO2022JP:1 \
	dec_shift_jis:F_SJIS:0 enc_shift_jis:F_SJIS:1 \
	dec_euc_kr:F_EUCKR:0 enc_euc_kr:F_EUCKR:1 \
	dec_replacement:F_REPL:0
FUZZ_OTHERS := $(patsubst tests/fuzz/fuzz_%.c,%,$(filter-out tests/fuzz/fuzz_codec.c,$(wildcard tests/fuzz/fuzz_*.c)))
FUZZ_TARGETS := $(foreach c,$(FUZZ_CODECS),$(word 1,$(subst :, ,$(c)))) \
	$(FUZZ_OTHERS)
FUZZ_BINS := $(addprefix $(FUZZ_OUT)/bin/,$(FUZZ_TARGETS))

define fuzz_codec_rule
$(FUZZ_OUT)/bin/$(word 1,$(1)): tests/fuzz/fuzz_codec.c $(FUZZ_DEPS)
	@mkdir -p $$(@D)
	$(FUZZ_CC) $(FUZZ_CFLAGS) $(FUZZ_HARNESS) $(WHATENC_INCLUDES) -DFUZZ_FAMILY=$(word 2,$(1)) \
		-DFUZZ_ENCODE=$(word 3,$(1)) -o $$@ $$< $(FUZZ_CORE)
endef
$(foreach c,$(FUZZ_CODECS),$(eval $(call fuzz_codec_rule,$(subst :, ,$(c)))))

# The session target: the real session layer (module/kernel/session.c and
# the files it is split into, session_impl.h), compiled in userspace
# against tests/fuzz/kshim/ (a few kernel definitions) with coverage, and
# linked with the core like every target.
FUZZ_SESSION_SRCS := $(addprefix module/kernel/,session.c session_buf.c lookahead.c convert.c)
FUZZ_SESSION_OBJS := $(patsubst module/kernel/%.c,$(FUZZ_OUT)/obj/session/%.o,$(FUZZ_SESSION_SRCS))
FUZZ_SESSION_INC := -Itests/fuzz/kshim $(WHATENC_INCLUDES) -Iuapi
$(FUZZ_SESSION_OBJS): $(FUZZ_OUT)/obj/session/%.o: module/kernel/%.c $(WHATENC_HEADERS) \
		$(wildcard tests/fuzz/kshim/*.h tests/fuzz/kshim/*/*.h tests/fuzz/kshim/*/*/*.h) \
		tests/fuzz/rules.mk
	@mkdir -p $(@D)
	$(FUZZ_CC) $(subst fuzzer$(comma),fuzzer-no-link$(comma),$(FUZZ_CFLAGS)) \
		$(FUZZ_SESSION_INC) -c -o $@ $<

$(FUZZ_OUT)/bin/session: tests/fuzz/fuzz_session.c $(FUZZ_SESSION_OBJS) $(FUZZ_DEPS)
	@mkdir -p $(@D)
	$(FUZZ_CC) $(FUZZ_CFLAGS) $(FUZZ_HARNESS) $(FUZZ_SESSION_INC) -o $@ $< \
		$(FUZZ_SESSION_OBJS) $(FUZZ_CORE)

$(FUZZ_OUT)/bin/%: tests/fuzz/fuzz_%.c $(FUZZ_DEPS)
	@mkdir -p $(@D)
	$(FUZZ_CC) $(FUZZ_CFLAGS) $(FUZZ_HARNESS) $(WHATENC_INCLUDES) -o $@ $< $(FUZZ_CORE)

.PHONY: fuzz-build fuzz-corpus fuzz
fuzz-build: $(FUZZ_BINS)

fuzz-corpus:
	scripts/gen-fuzz-corpus $(SHARED_ABS) $(B)/fuzz/corpus

fuzz: fuzz-build fuzz-corpus
	FUZZ_BIN=$(FUZZ_OUT)/bin \
	FUZZ_EXTRA="$(if $(FUZZ_RUNS),-runs=$(FUZZ_RUNS)) $(FUZZ_EXTRA)" \
	tests/fuzz/run $(if $(FUZZ_RUNS),0,$(FUZZ_SECONDS)) $(FUZZ_TARGETS)
