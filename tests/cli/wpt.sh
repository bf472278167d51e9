#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# WPT encoding vectors ($SHARED/wpt-encoding via tests/cli/gendata.py)
# through the CLI: decode.tsv rows grouped by label/mode/BOM handling
# (each row one input file = one stream, so one run per group) and every
# encode.tsv row. SKIPPED when $SHARED is absent.
. "$(dirname "$0")/testlib"

if ! need_data wpt; then
	skip "no WPT vectors (SHARED=$SHARED): run make cli-data"
	finish
fi
# the ~8000 small files come in one archive (fast over the VM's 9p)
tar -xf "$WT_DATA/wpt.tar" -C "$T" || fail "cannot unpack $WT_DATA/wpt.tar"
D=$T/wpt
need_file "$D/decode.list"
need_file "$D/encode.list"

casename() { grep "^$1	" "$D/rows" | cut -f2; }

# shellcheck disable=SC2086
while IFS='	' read -r id kind opts files; do
	set --
	for f in $files; do set -- "$@" "$D/$f.in"; done
	nrows=$#
	we $opts "$@" >"$T/out" 2>"$T/err"
	rc=$?
	case $kind in
	ok|noerror)
		if [ "$rc" -eq 0 ] && { [ "$kind" = noerror ] ||
		   cmp -s "$T/out" "$D/$id.exp"; }; then
			npass=$((npass + nrows))
			continue
		fi
		# Report the rows of the group that fail on their own.
		for f in $files; do
			we $opts "$D/$f.in" >"$T/one" 2>"$T/err"
			rc=$?
			if [ "$rc" -eq 0 ] && { [ "$kind" = noerror ] ||
			   cmp -s "$T/one" "$D/$f.exp"; }; then
				pass "decode $f"
			else
				fail "decode $f [$(casename "$f")] ($opts): exit $rc, got$(od -An -tx1 "$T/one" | head -n 2 | tr -s ' \n' ' ')"
			fi
		done
		;;
	error)
		if [ "$rc" -eq 1 ] && grep -q "byte [0-9]*: invalid" "$T/err"; then
			pass "decode $id $opts (error)"
		else
			fail "decode $files [$(casename "$files")] ($opts): exit $rc, expected 1 with a message"
		fi
		;;
	esac
done <"$D/decode.list"

# shellcheck disable=SC2086
while IFS='	' read -r id opts; do
	we $opts "$D/$id.in" >"$T/out" 2>"$T/err"
	rc=$?
	if [ "$rc" -eq 0 ] && cmp -s "$T/out" "$D/$id.exp"; then
		pass "encode $id $opts"
	else
		fail "encode $id ($opts): exit $rc, $(od -An -tx1 "$T/out" | head -n 2 | tr -s ' \n' ' ') expected $(od -An -tx1 "$D/$id.exp" | head -n 2 | tr -s ' \n' ' ')"
	fi
done <"$D/encode.list"

# WPT rows that the current encoding.bs overrides (gb18030 encoder's
# GB18030-2005 compatibility table, see gendata.py): not run, not passed.
if [ -s "$D/superseded" ]; then
	n=$(wc -l <"$D/superseded")
	nskip=$((nskip + n))
	echo "SKIPPED: $TEST: $n WPT rows superseded by encoding.bs (gb18030 compatibility table): wpt/superseded in $WT_DATA/wpt.tar"
fi

finish
