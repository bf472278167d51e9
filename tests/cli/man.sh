#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# The man page renders without warnings and documents every option that
# --help and `whatenc check --help` list (and the other way round).
. "$(dirname "$0")/testlib"

MAN=userspace-tool/whatenc.1
check "man page exists" [ -f "$MAN" ]
if command -v groff >/dev/null 2>&1; then
	LC_ALL=C.UTF-8 groff -man -Tutf8 -ww -z "$MAN" >"$T/out" 2>"$T/err"
	status "groff exit" 0 $?
	check "groff: no warnings" [ ! -s "$T/err" ]
	[ -s "$T/err" ] && cat "$T/err"
else
	skip "no groff"
fi
if command -v man >/dev/null 2>&1; then
	man -l "$MAN" 2>"$T/err" | cat >"$T/out"
	check "man -l renders" grep -q "WHATENC(1)" "$T/out"
	check "man -l: no warnings" [ ! -s "$T/err" ]
	[ -s "$T/err" ] && cat "$T/err"
else
	skip "no man (apt-get install man-db)"
fi

we --help >"$T/help"
# `whatenc check` options are documented in whatenc(1) too
"$WHATENC" check --help >>"$T/help"
sed -n 's/.*\(--[a-z][a-z0-9-]*\).*/\1/p' "$T/help" | sort -u >"$T/help-opts"
for o in $(grep -o -- '--[a-z][a-z0-9-]*' "$T/help" | sort -u); do
	contains "man page documents $o" "$MAN" "$(echo "$o" | sed 's/-/\\-/g')"
done
for o in $(grep -o -- '\\-\\-[a-z][a-z0-9\\-]*' "$MAN" | sed 's/\\//g' | sort -u); do
	contains "--help documents $o" "$T/help" "$o"
done
for s in 0 1 2 141; do
	contains "man page: exit status $s" "$MAN" ".B $s"
done

finish
