#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# The man page renders without warnings and documents every option that
# each subcommand's --help lists (and the other way round).
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

# Each subcommand's --help against its section of the man page: every
# option (long and short) in one is documented in the other.
# section TITLE: the man page from ".SH TITLE" to the next ".SH"
section() {
	sed -n "/^\.SH $1\$/,/^\.SH /p" "$MAN" | sed '$d'
}
# long_opts FILE / short_opts FILE: options as --help writes them
long_opts() { grep -o -- '--[a-z][a-z0-9-]*' "$1" | sort -u; }
short_opts() { sed -n 's/^  \(-[a-zA-Z]\)[, ].*/\1/p' "$1" | sort -u; }
# man_long FILE: options as the man page writes them (\-\-name)
man_long() { grep -o -- '\\-\\-[a-z][a-z0-9\\-]*' "$1" | sed 's/\\//g' | sort -u; }
subcmd() { # NAME SECTION HELPCMD...
	_name=$1 _sec=$2
	shift 2
	"$@" >"$T/help.$_name"
	section "$_sec" >"$T/man.$_name"
	check "man page has $_sec" [ -s "$T/man.$_name" ]
	for o in $(long_opts "$T/help.$_name"); do
		contains "man page ($_sec) documents $_name $o" "$T/man.$_name" "$(echo "$o" | sed 's/-/\\-/g')"
	done
	for o in $(short_opts "$T/help.$_name"); do
		contains "man page ($_sec) documents $_name $o" "$T/man.$_name" "$(echo "$o" | sed 's/-/\\-/g')"
	done
	for o in $(man_long "$T/man.$_name"); do
		contains "$_name --help documents $o ($_sec)" "$T/help.$_name" "$o"
	done
}
subcmd convert OPTIONS we --help
subcmd detect "DETECT OPTIONS" "$WHATENC" detect --help
subcmd check "CHECKING DECLARATIONS" "$WHATENC" check --help
subcmd names "RENAMING FILE NAMES" "$WHATENC" names --help
contains "man page: the version of module/version.mk" "$MAN" "\"whatenc $(sed -n 's/^WHATENC_VERSION := //p' module/version.mk)\""
for sec in "DIFFERENCES FROM ICONV" "EXIT STATUS" DIAGNOSTICS; do
	check "man page has $sec" grep -q "^\.SH $sec\$" "$MAN"
done
for s in 0 1 2 141; do
	contains "man page: exit status $s" "$MAN" ".B $s"
done

finish
