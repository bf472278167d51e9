# SPDX-License-Identifier: GPL-2.0-only
# whatenc CLI: extra make rules. The top-level Makefile builds
# userspace-tool/whatenc (static) from userspace-tool/*.c and the
# userspace core, and has cli-data (tests/cli/gendata.py into
# build/cli-data, also made by vm-prep) and cli-test
# (tests/cli/run-tests: tally over tests/cli/*.sh, user engine);
# tests/vm/cli.sh runs the same tests in the VM with the kernel engine.
#
#   make cli-man    render the man page as man(1) does

.PHONY: cli-man
cli-man:
	man -l userspace-tool/whatenc.1 | cat
