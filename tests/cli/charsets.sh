#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# Every character of every encoding, with expectations computed by
# tests/cli/gendata.py from the index files ($SHARED/whatwg):
#   dec   every byte sequence of the index -> UTF-8
#   enc   a UTF-8 file of every BMP code point (and astral samples) ->
#         the encoding, --html (characters it lacks become &#N;);
#         UTF-16BE/LE are written as UTF-16; replacement cannot encode
#   rt    ... and back to UTF-8 (FROM -> UTF-8 -> TO -> UTF-8)
#   back  dec's output encoded again (TO -> UTF-8 -> TO)
# SKIPPED when $SHARED is absent.
. "$(dirname "$0")/testlib"

if ! need_data index; then
	skip "no index files (SHARED=$SHARED): run make cli-data"
	finish
fi
D=$WT_DATA/charsets
need_file "$D/list"
need_file "$D/allcp.utf8"

# cmpx NAME GOT EXPECTED: compare, show where they differ
cmpx() {
	if cmp -s "$2" "$3"; then
		pass "$1"
		return
	fi
	_at=$(cmp "$2" "$3" 2>/dev/null | sed -n 's/.* byte \([0-9]*\).*/\1/p')
	_at=${_at:-1}
	_from=$((_at > 8 ? _at - 8 : 1))
	fail "$1: differs at byte $_at: got$(tail -c +"$_from" "$2" | head -c 16 | od -An -tx1 | tr -s ' \n' ' ') expected$(tail -c +"$_from" "$3" | head -c 16 | od -An -tx1 | tr -s ' \n' ' ') (sizes $(wc -c <"$2") $(wc -c <"$3"))"
}

while IFS='	' read -r name label have_enc have_dec rt_label; do
	if [ "$name" = replacement ]; then
		# it only decodes: whatenc refuses to encode to it
		we -t "$label" "$D/allcp.utf8" >"$T/enc" 2>"$T/err"
		status "$name enc refused" 2 $?
		continue
	fi
	if [ "$have_dec" = 1 ]; then
		we -f "$label" "$D/$name.dec.in" >"$T/dec" 2>"$T/err"
		rc=$?
		[ "$rc" -eq 0 ] || fail "$name dec: exit $rc: $(cat "$T/err")"
		cmpx "$name dec" "$T/dec" "$D/$name.dec.exp"
	fi
	we -t "$label" --html "$D/allcp.utf8" >"$T/enc" 2>"$T/err"
	rc=$?
	status "$name enc exit" 0 "$rc"
	if [ "$have_enc" = 1 ]; then
		cmpx "$name enc" "$T/enc" "$D/$name.enc.exp"
	fi
	we -f "$rt_label" --fatal "$T/enc" >"$T/rt" 2>"$T/err"
	rc=$?
	status "$name rt decode exit" 0 "$rc"
	cmpx "$name rt" "$T/rt" "$D/$name.rt.exp"
	if [ "$have_enc" = 1 ] && [ "$have_dec" = 1 ]; then
		we -t "$label" --html "$D/$name.dec.exp" >"$T/back" 2>"$T/err"
		cmpx "$name back" "$T/back" "$D/$name.back.exp"
	fi
done <"$D/list"

finish
