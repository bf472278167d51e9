#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# Large input streams in constant memory: WT_LARGE_MIB (default 256) MiB
# of ASCII through utf-8 -> windows-1252, and WT_LARGE_MIB/8 MiB of
# Cyrillic through utf-8 -> windows-1251, fed through a pipe. The peak
# RSS (VmHWM) is read while the program still runs, once after 1/16 of
# the input and once after all of it: it must stay flat (grow by less
# than 1 MiB) and below 16 MiB. Prints the throughput.
. "$(dirname "$0")/testlib"

MIB=${WT_LARGE_MIB:-256}

now() { cut -d' ' -f1 /proc/uptime; }
hwm() { sed -n 's/^VmHWM:[[:space:]]*\([0-9]*\) kB/\1/p' "/proc/$1/status"; }

# gen KIND MIB: the input
gen() {
	case $1 in
	ascii) head -c $(($2 * 1048576)) /dev/zero | tr '\0' a ;;
	# U+0416 (ZHE, D0 96 in UTF-8) and a space: 3 bytes, 0xC6 0x20 in
	# windows-1251
	cyr) head -c $(($2 * 1048576 / 3)) /dev/zero | tr '\0' '\n' |
		sed 's/^/\xd0\x96 /' | tr -d '\n' ;;
	esac
}

# run NAME KIND MIB OPTIONS...: stream, checksum, memory, rate
run() {
	name=$1 kind=$2 mib=$3
	shift 3
	rm -f "$T/in" "$T/out"
	mkfifo "$T/in" "$T/out"
	md5sum <"$T/out" >"$T/sum" &
	mpid=$!
	we "$@" <"$T/in" >"$T/out" 2>"$T/err" &
	wpid=$!
	exec 3>"$T/in"
	t0=$(now)
	part=$((mib / 16))
	[ "$part" -gt 0 ] || part=1
	gen "$kind" "$part" >&3
	h1=$(hwm "$wpid")
	gen "$kind" $((mib - part)) >&3
	h2=$(hwm "$wpid")
	exec 3>&-
	wait "$wpid"
	rc=$?
	t1=$(now)
	wait "$mpid"
	status "$name exit" 0 "$rc"
	[ -s "$T/err" ] && fail "$name stderr: $(head -c 200 "$T/err")"
	# the expected output, from an independent description of the input
	case $kind in
	ascii) { gen ascii "$part"; gen ascii $((mib - part)); } | md5sum >"$T/exp" ;;
	cyr) { gen cyr "$part"; gen cyr $((mib - part)); } |
		sed 's/\xd0\x96/\xc6/g' | md5sum >"$T/exp" ;;
	esac
	check "$name output" [ "$(cut -d' ' -f1 "$T/sum")" = "$(cut -d' ' -f1 "$T/exp")" ]
	if [ -n "$h1" ] && [ -n "$h2" ]; then
		check "$name memory flat (VmHWM ${h1} kB -> ${h2} kB)" [ $((h2 - h1)) -lt 1024 ]
		check "$name memory small (VmHWM ${h2} kB < 16 MiB)" [ "$h2" -lt 16384 ]
	else
		fail "$name: no VmHWM in /proc/$wpid/status"
	fi
	echo "$TEST: $name: $mib MiB in $(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.2f", b - a }') s ($(awk -v a="$t0" -v b="$t1" -v m="$mib" 'BEGIN { if (b > a) printf "%.0f", m / (b - a); else print "inf" }') MiB/s including the generator), max RSS ${h2} kB"
}

run "ascii utf-8->windows-1252" ascii "$MIB" -t windows-1252
run "cyrillic utf-8->windows-1251" cyr $((MIB / 8)) -t windows-1251

finish
