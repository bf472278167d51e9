#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# tests/vm/faults.sh - fault injection on the /dev/whatenc open path,
# inside the test VM: failslab (probability 100, times 1, task-filter, so
# only the test process is affected) fails each slab allocation of open()
# in turn (whatenc-stress --failslab sweeps failslab's space budget):
# open() fails cleanly with ENOMEM or works, an earlier session keeps
# converting correctly, the module reference count is unchanged, and
# kmemleak finds nothing. Then the same for each slab allocation of a
# session's first write (where its buffers are allocated, buf_size 4096
# so that all of them are slab objects): ENOMEM with nothing consumed,
# or it works, and the session then converts correctly. Needs CONFIG_FAILSLAB (the debug kernel,
# WHATENC_KERNEL=debug); exit 77 (skip) without it.
# vm-timeout: 900
fs=/sys/kernel/debug/failslab
if [ ! -d "$fs" ]; then
	echo "SKIP: no $fs (not the debug kernel)"
	exit 77
fi
echo 100 >"$fs/probability"
echo 1 >"$fs/interval"
echo 0 >"$fs/times"
echo 0 >"$fs/space"
echo 0 >"$fs/verbose"
echo Y >"$fs/task-filter"
echo N >"$fs/ignore-gfp-wait"
[ -e "$fs/cache-filter" ] && echo N >"$fs/cache-filter"
whatenc-stress --failslab "$fs"
rc=$?
echo 0 >"$fs/times"

kml=/sys/kernel/debug/kmemleak
leaks=0
if [ -w "$kml" ]; then
	sleep 6
	echo scan >"$kml"
	echo scan >"$kml"
	leaks=$(grep -c '^unreferenced object' "$kml")
	echo "kmemleak: $leaks suspected leaks"
	[ "$leaks" -eq 0 ] || cat "$kml"
fi
[ "$rc" -eq 0 ] && [ "$leaks" -eq 0 ]
