# SPDX-License-Identifier: GPL-2.0-only
# whatenc CLI: test data and tests. Included by the top-level Makefile,
# which builds userspace-tool/whatenc (static) from userspace-tool/*.c and
# the userspace core.
#
#   make cli-data   build/cli-data: CLI test data from $(SHARED) (WPT TSVs,
#                   index files), by tests/cli/gendata.py
#   make cli-test   tests/cli/*.sh on the host (user engine); last line
#                   "cli-test: N passed, N failed, N skipped"
#   make cli-man    render the man page (man -l)
# tests/vm/cli.sh runs the same tests in the VM with the kernel engine and
# compares both engines; vm-prep makes the data it needs.

CLI_DATA := $(B)/cli-data

$(CLI_DATA)/STATUS: tests/cli/gendata.py
	@rm -rf $(CLI_DATA).tmp
	python3 tests/cli/gendata.py $(SHARED_ABS) $(CLI_DATA).tmp
	@rm -rf $(CLI_DATA) && mv $(CLI_DATA).tmp $(CLI_DATA)

.PHONY: cli-data cli-test cli-man
cli-data: $(CLI_DATA)/STATUS

cli-test: tool cli-data
	@WHATENC=$(CURDIR)/$(TOOL) SHARED=$(SHARED_ABS) \
		WT_DATA=$(CURDIR)/$(CLI_DATA) tests/cli/run-tests

cli-man:
	man -l userspace-tool/whatenc.1 | cat

vm-prep: cli-data
