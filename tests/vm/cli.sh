#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# vm-timeout: 900
# The CLI tests (tests/cli/*.sh but engines.sh, which has its own VM:
# tests/vm/cli-engines.sh) inside the test VM with the kernel engine
# (/dev/whatenc). The large-input size is reduced for TCG (WT_LARGE_MIB,
# default 32 here). The data comes from `make cli-data` (vm-prep).
cd "$(dirname "$0")/../.." || exit 2
if [ ! -c /dev/whatenc ]; then
	echo "tests/vm/cli.sh: no /dev/whatenc (whatenc.ko not loaded?)"
	echo "cli-test: 0 passed, 1 failed, 0 skipped"
	exit 1
fi
export WT_ENGINE=kernel
export WT_LARGE_MIB=${WT_LARGE_MIB:-32}
command -v whatenc >/dev/null && export WHATENC="${WHATENC:-$(command -v whatenc)}"
set --
for t in tests/cli/*.sh; do
	[ "$t" = tests/cli/engines.sh ] || set -- "$@" "$t"
done
exec sh tests/cli/run-tests "$@"
