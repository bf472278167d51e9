# SPDX-License-Identifier: GPL-2.0-only
# tests/bench/detect: make bench-detect, the content detector's accuracy
# and speed against uchardet, python3-chardet, python3-charset-normalizer
# and ICU (docs/detection.md), genre by genre. About 10 minutes
# (python3-charset-normalizer is slow).
# Needs libuchardet-dev, libicu-dev, python3-chardet,
# python3-charset-normalizer and the packages of the evaluation text.

BD_DIR := $(B)/bench-detect
BD_BIN := $(BD_DIR)/bench_detect

$(BD_BIN): tests/bench/detect/bench_detect.c $(LIB)
	@mkdir -p $(@D)
	$(CC) $(USER_CPPFLAGS) $(filter-out -MMD -MP,$(USER_CFLAGS)) -o $@ $< \
		$(LIB) -luchardet -licui18n -licuuc

.PHONY: bench-detect
bench-detect: $(BD_BIN)
	tests/bench/detect/run $(BD_BIN) $(BD_DIR)
