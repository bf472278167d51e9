#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# The kernel and user engines give byte-identical output, messages and
# exit statuses: every WPT vector, every encoding's index sequences in
# every decoder mode, every BMP code point through every encoder in both
# error modes. SKIPPED where /dev/whatenc is missing (the host).
. "$(dirname "$0")/testlib"

if ! "$WHATENC" --engine=kernel </dev/null >/dev/null 2>&1; then
	skip "no kernel engine ($(${WHATENC} --engine=kernel </dev/null 2>&1))"
	finish
fi

# both NAME ARGS...: run with both engines, compare everything
both() {
	_n=$1
	shift
	"$WHATENC" --engine=kernel "$@" >"$T/k.out" 2>"$T/k.err"
	_k=$?
	"$WHATENC" --engine=user "$@" >"$T/u.out" 2>"$T/u.err"
	_u=$?
	if [ "$_k" != "$_u" ]; then
		fail "$_n: exit $_k (kernel) vs $_u (user)"
	elif ! cmp -s "$T/k.out" "$T/u.out"; then
		fail "$_n: output differs: $(cmp "$T/k.out" "$T/u.out" 2>&1 | head -n 1)"
	elif ! cmp -s "$T/k.err" "$T/u.err"; then
		fail "$_n: messages differ: $(head -c 200 "$T/k.err") vs $(head -c 200 "$T/u.err")"
	else
		pass "$_n"
	fi
}

if need_data wpt; then
	# the ~8000 small files come in one archive (fast over the VM's 9p)
tar -xf "$WT_DATA/wpt.tar" -C "$T" || fail "cannot unpack $WT_DATA/wpt.tar"
D=$T/wpt
need_file "$D/decode.list"
need_file "$D/encode.list"
	# shellcheck disable=SC2086
	while IFS='	' read -r id kind opts files; do
		set --
		for f in $files; do set -- "$@" "$D/$f.in"; done
		both "wpt decode $id $opts" $opts "$@"
	done <"$D/decode.list"
	# shellcheck disable=SC2086
	while IFS='	' read -r id opts; do
		both "wpt encode $id $opts" $opts "$D/$id.in"
	done <"$D/encode.list"
else
	skip "no WPT vectors"
fi

if need_data index; then
	D=$WT_DATA/charsets
	need_file "$D/list"
	while IFS='	' read -r name label have_enc have_dec rt_label; do
		if [ "$have_dec" = 1 ]; then
			for m in "" --fatal; do
				both "$name decode $m" -f "$label" $m "$D/$name.dec.in"
			done
			# decode then encode in one run, both error modes
			both "$name back fatal" -f "$label" -t "$label" "$D/$name.dec.in"
		fi
		both "$name encode html" -t "$label" --html "$D/allcp.utf8"
		both "$name encode fatal" -t "$label" "$D/allcp.utf8"
		# every encoder output decoded again, both modes
		"$WHATENC" --engine=user -t "$label" --html "$D/allcp.utf8" >"$T/enc"
		both "$name rt" -f "$rt_label" "$T/enc"
		both "$name rt fatal" -f "$rt_label" --fatal "$T/enc"
		# random bytes as input
		head -c 65536 "$D/allcp.utf8" | tr 'a-z\200-\277' '\200-\277a-z' >"$T/junk"
		both "$name junk" -f "$label" "$T/junk"
		both "$name junk fatal" -f "$label" --fatal "$T/junk"
	done <"$D/list"
else
	skip "no index data"
fi

# BOM modes (the index files have no BOM: these add one)
printf '\357\273\277a\377\376b' >"$T/bom8"
printf '\377\376a\000\000\330' >"$T/bom16"
for m in sniff strip keep; do
	for l in utf-8 utf-16le utf-16be windows-1252; do
		both "--bom=$m -f $l" --bom=$m -f $l "$T/bom8" "$T/bom16"
		both "--bom=$m -f $l --fatal" --bom=$m --fatal -f $l "$T/bom8" "$T/bom16"
	done
done

# UTF-16 with lone surrogates, WTF-8 both ways
printf '\000\330a\000\000\334' >"$T/lone"
both "utf-16le --wtf8" -f utf-16le --wtf8 "$T/lone"
both "utf-16le --wtf8 -t utf-16be" -f utf-16le --wtf8 -t utf-16be "$T/lone"
both "utf-16le --wtf8 -t windows-1252" -f utf-16le --wtf8 -t windows-1252 "$T/lone"
both "utf-16le --wtf8 -t windows-1252 --html" -f utf-16le --wtf8 -t windows-1252 --html "$T/lone"

finish
