#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# vm-timeout: 900
# tests/cli/engines.sh in the test VM: the kernel engine (/dev/whatenc)
# and the user engine (the core built into the CLI) give byte-identical
# output, messages and exit statuses on every WPT vector and every
# encoding's characters in every mode.
cd "$(dirname "$0")/../.." || exit 2
if [ ! -c /dev/whatenc ]; then
	echo "tests/vm/cli-engines.sh: no /dev/whatenc (whatenc.ko not loaded?)"
	echo "cli-test: 0 passed, 1 failed, 0 skipped"
	exit 1
fi
export WT_ENGINE=kernel
command -v whatenc >/dev/null && export WHATENC="${WHATENC:-$(command -v whatenc)}"
exec sh tests/cli/run-tests tests/cli/engines.sh
