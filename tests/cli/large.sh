#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# Large input streams in constant memory: WT_LARGE_MIB (default 256) MiB
# of ASCII through utf-8 -> windows-1252, and WT_LARGE_MIB/8 MiB of
# Cyrillic through utf-8 -> windows-1251, fed through a pipe (the input
# is a file in $TMPDIR first, so the rate is the converter's). The peak
# RSS (VmHWM) is read while the program still runs, once after 1/16 of
# the input and once after all of it: it must stay flat (grow by less
# than 1 MiB) and below 16 MiB. Prints the throughput.
. "$(dirname "$0")/testlib"

MIB=${WT_LARGE_MIB:-256}

now() { cut -d' ' -f1 /proc/uptime; }
hwm() { sed -n 's/^VmHWM:[[:space:]]*\([0-9]*\) kB/\1/p' "/proc/$1/status"; }

# repeat FILE BYTES: FILE's content repeated to BYTES bytes, on stdout
repeat() {
	cp "$1" "$T/rep"
	while [ "$(wc -c <"$T/rep")" -lt "$2" ]; do
		cat "$T/rep" "$T/rep" >"$T/rep2"
		mv "$T/rep2" "$T/rep"
	done
	head -c "$2" "$T/rep"
	rm -f "$T/rep"
}

# run NAME INPUT EXPECTED OPTIONS...: stream INPUT through a pipe in two
# parts; checksum, memory, rate
run() {
	name=$1 input=$2 expected=$3
	shift 3
	total=$(wc -c <"$input")
	part=$((total / 16))
	rm -f "$T/in" "$T/out"
	mkfifo "$T/in" "$T/out"
	md5sum <"$T/out" >"$T/sum" &
	mpid=$!
	we "$@" <"$T/in" >"$T/out" 2>"$T/err" &
	wpid=$!
	exec 3>"$T/in"
	t0=$(now)
	head -c "$part" "$input" >&3
	h1=$(hwm "$wpid")
	tail -c +$((part + 1)) "$input" >&3
	h2=$(hwm "$wpid")
	exec 3>&-
	wait "$wpid"
	rc=$?
	t1=$(now)
	wait "$mpid"
	status "$name exit" 0 "$rc"
	[ -s "$T/err" ] && fail "$name stderr: $(head -c 200 "$T/err")"
	check "$name output" [ "$(cut -d' ' -f1 "$T/sum")" = "$(md5sum <"$expected" | cut -d' ' -f1)" ]
	if [ -n "$h1" ] && [ -n "$h2" ]; then
		check "$name memory flat (VmHWM ${h1} kB -> ${h2} kB)" [ $((h2 - h1)) -lt 1024 ]
		check "$name memory small (VmHWM ${h2} kB < 16 MiB)" [ "$h2" -lt 16384 ]
	else
		fail "$name: no VmHWM in /proc/$wpid/status"
	fi
	mib=$((total / 1048576))
	echo "$TEST: $name: $mib MiB in $(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.2f", b - a }') s ($(awk -v a="$t0" -v b="$t1" -v m="$mib" 'BEGIN { if (b > a) printf "%.0f", m / (b - a); else print "inf" }') MiB/s), max RSS ${h2} kB"
}

# ASCII: input and expected output are the same bytes.
head -c $((MIB * 1048576)) /dev/zero | tr '\0' a >"$T/ascii"
run "ascii utf-8->windows-1252" "$T/ascii" "$T/ascii" -t windows-1252
rm -f "$T/ascii"
# U+0416 ZHE and a space: D0 96 20 in UTF-8, C6 20 in windows-1251
printf '\320\226 ' >"$T/p8"
printf '\306 ' >"$T/p1251"
n=$((MIB * 1048576 / 8 / 3))
repeat "$T/p8" $((n * 3)) >"$T/cyr"
repeat "$T/p1251" $((n * 2)) >"$T/cyr.exp"
run "cyrillic utf-8->windows-1251" "$T/cyr" "$T/cyr.exp" -t windows-1251

finish
