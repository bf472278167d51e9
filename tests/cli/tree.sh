#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# Issue 30, tree mode: `whatenc -r` plans (--dry-run, --json), converts in
# place, and a second run finds nothing to do; files that need no change
# keep their inode and mtime; a file that would need U+FFFD is left alone
# unless --allow-replace; --backup; -j 4 gives what -j 1 gives. The tree
# (tests/cli/gendata.py: tree/) is text encoded by Python's codecs, with
# its UTF-8 form and the action expected for each file.
. "$(dirname "$0")/testlib"

if ! need_data tree; then
	skip "no test data (make cli-data)"
	finish
fi
SRC=$WT_DATA/tree/src
WANT=$WT_DATA/tree/want
cd "$T" || exit 2

# idents DIR: every file's path, inode and mtime
idents() {
	(cd "$1" && find . -type f | LC_ALL=C sort | while read -r f; do
		printf '%s %s\n' "$f" "$(stat -c '%i %Y.%y' "$f")"
	done)
}
# fresh DIR: a copy of the tree (modes kept), with old mtimes
fresh() {
	rm -rf "$1"
	cp -pR "$SRC" "$1"
	find "$1" -type f | while read -r f; do touch -d '2001-02-03 04:05:06' "$f"; done
}

fresh t
idents t >id.before

# --- the plan ------------------------------------------------------------------------
we -r --dry-run --json -f auto t >plan.json 2>plan.err
status "--dry-run: exit 1 (a file would need U+FFFD)" 1 $?
idents t >id.dry
same "--dry-run: nothing touched" id.before id.dry
bad=0
while IFS='	' read -r f act; do
	grep -qF "{\"path\":\"t/$f\",\"action\":\"$act\"" plan.json ||
		{ bad=$((bad + 1)); echo "plan: t/$f: expected $act: $(grep -F "\"t/$f\"" plan.json)"; }
done <"$WT_DATA/tree/list"
check "--dry-run --json: every file's action as expected" [ "$bad" = 0 ]
check "--json: one object per file" [ "$(grep -c '^{"path":' plan.json)" -eq "$(($(wc -l <"$WT_DATA/tree/list")))" ]
contains "--json: the detected encoding and its source" plan.json '{"path":"t/ja/sjis.txt","action":"convert","encoding":"Shift_JIS","source":"content","confidence":'
contains "--json: a declaration to rewrite" plan.json '{"path":"t/web/page.html","action":"convert","encoding":"Shift_JIS","source":"meta"'
contains "--json: the declaration count" plan.json '"declarations":1'
contains "--json: would replace" plan.json '"replace":1'
we -r --dry-run -f auto t >plan.txt 2>plan.err
contains "--dry-run: text plan" plan.txt "convert"
contains "--dry-run: summary" plan.txt "18 files: 11 to convert, 2 already UTF-8, 1 empty, 3 binary, 1 left alone"

# --- apply -----------------------------------------------------------------------------
we -r -i -f auto t >apply.out 2>apply.err
status "-r -i: exit 1 (the truncated file is left alone)" 1 $?
bad=0
while IFS='	' read -r f act; do
	cmp -s "t/$f" "$WANT/$f" || { bad=$((bad + 1)); echo "apply: t/$f differs from want/$f"; }
done <"$WT_DATA/tree/list"
check "-r -i: every file as expected" [ "$bad" = 0 ]
idents t >id.after
bad=0
while IFS='	' read -r f act; do
	[ "$act" = convert ] && continue
	b=$(grep -F "./$f " id.before) a=$(grep -F "./$f " id.after)
	[ "$b" = "$a" ] || { bad=$((bad + 1)); echo "untouched? $b -> $a"; }
done <"$WT_DATA/tree/list"
check "-r -i: files not converted keep inode and mtime" [ "$bad" = 0 ]
check "-r -i: the executable keeps its mode" [ -x t/bin/prog ]
contains "-r -i: summary" apply.out "18 files: 11 converted, 2 already UTF-8, 1 empty, 3 binary, 1 left alone"
"$WHATENC" check t/web/page.html >check.out 2>&1
status "-r -i: the HTML page is clean for whatenc check" 0 $?

# --- a second run: nothing to do -------------------------------------------------------
idents t >id.second
we -r -i -f auto t >second.out 2>second.err
status "second run: exit 1 (the truncated file is still left alone)" 1 $?
contains "second run: nothing converted" second.out "18 files: 0 converted, 13 already UTF-8"
idents t >id.third
same "second run: nothing touched" id.second id.third
rm t/ja/truncated.txt
we -r -i -f auto t >third.out 2>third.err
status "without the truncated file: exit 0" 0 $?

# --- --allow-replace, --backup ---------------------------------------------------------
fresh b
we -r -i --backup --allow-replace -f auto b >b.out 2>b.err
status "--backup --allow-replace: exit 0" 0 $?
same "--backup: the original kept as FILE~" "$SRC/ja/sjis.txt" b/ja/sjis.txt~
check "--backup: only converted files are backed up" [ ! -e b/utf8.txt~ ]
check "--allow-replace: the truncated file converted" [ "$(tail -c 3 b/ja/truncated.txt | od -An -tx1 | tr -d ' ')" = efbfbd ]
fresh b2
we -r -i --backup=.orig -f auto b2/ja >b2.out 2>b2.err
same "--backup=.orig" "$SRC/ja/sjis.txt" b2/ja/sjis.txt.orig
cp b2/ja/eucjp.txt.orig keep
printf x >b2/ja/eucjp.txt.orig
cp "$SRC/ja/eucjp.txt" b2/ja/eucjp.txt
we -r -i --backup=.orig -f auto b2/ja >b2.out 2>b2.err
check "--backup: an existing backup is not overwritten" [ "$(cat b2/ja/eucjp.txt.orig)" = x ]
same "--backup: so the file is left alone" "$SRC/ja/eucjp.txt" b2/ja/eucjp.txt

# --- -o DIR: a mirror tree -------------------------------------------------------------
fresh m
idents m >id.m1
we -r -o mirror -f auto m >m.out 2>m.err
status "-r -o DIR: exit 1 (truncated left out)" 1 $?
bad=0
while IFS='	' read -r f act; do
	[ "$act" = replace ] && continue
	cmp -s "mirror/$f" "$WANT/$f" || { bad=$((bad + 1)); echo "mirror: $f"; }
done <"$WT_DATA/tree/list"
check "-r -o DIR: every file converted or copied" [ "$bad" = 0 ]
check "-r -o DIR: the truncated file is not written" [ ! -e mirror/ja/truncated.txt ]
idents m >id.m2
same "-r -o DIR: the source tree untouched" id.m1 id.m2
idents mirror >id.mir1
we -r -o mirror -f auto m >m2.out 2>m2.err
idents mirror >id.mir2
same "-r -o DIR, second run: the mirror untouched" id.mir1 id.mir2

# --- -j 4 gives what -j 1 gives --------------------------------------------------------
fresh j1
fresh j4
we -r -i -j 1 -f auto j1 >j1.out 2>j1.err
r1=$?
we -r -i -j 4 -f auto j4 >j4.out 2>j4.err
r4=$?
status "-j 4: the exit status of -j 1" "$r1" "$r4"
sed 's/j1/jX/g' j1.out >j1.norm
sed 's/j4/jX/g' j4.out >j4.norm
same "-j 4: the output of -j 1" j1.norm j4.norm
bad=0
while IFS='	' read -r f act; do
	cmp -s "j1/$f" "j4/$f" || bad=$((bad + 1))
done <"$WT_DATA/tree/list"
check "-j 4: the files of -j 1" [ "$bad" = 0 ]

# --- symbolic links and FIFOs are listed as skipped, never followed or waited on ---------
mkdir -p sp
cp "$SRC/ja/sjis.txt" sp/a.txt
ln -s a.txt sp/link.txt
ln -s /etc/passwd sp/out.txt
if mkfifo sp/fifo.txt 2>/dev/null && command -v timeout >/dev/null; then
	timeout 20 "$WHATENC" --engine="$WT_ENGINE" -r -i -f auto sp >sp.out 2>sp.err
	status "-r over links and a FIFO: exit 0" 0 $?
	contains "-r: a symbolic link is skipped" sp.out "skip        sp/link.txt"
	contains "-r: a FIFO is skipped" sp.out "skip        sp/fifo.txt"
	check "-r: the link stays a link" [ -L sp/link.txt ] && [ -L sp/out.txt ]
	same "-r: the file converted once" "$WANT/ja/sjis.txt" sp/a.txt
else
	skip "no mkfifo or timeout"
fi

# --- an explicit FROM the content contradicts: --strict leaves the file alone -------------
mkdir -p st
cp "$SRC/ru/cp1251.txt" "$SRC/utf8.txt" st/
we -r -i --strict -f windows-1251 st >st.out 2>st.err
status "-r --strict: exit 1" 1 $?
contains "-r --strict: the UTF-8 file is left alone" st.out "contradicted st/utf8.txt (windows-1251, given): the content is valid UTF-8"
same "-r --strict: the UTF-8 file untouched" "$SRC/utf8.txt" st/utf8.txt
same "-r --strict: the windows-1251 file converted" "$WANT/ru/cp1251.txt" st/cp1251.txt

# --- usage -----------------------------------------------------------------------------
we -r t >out 2>err
status "-r without -i, -o or --dry-run: usage error" 2 $?
we -r -i t/utf8.txt >out 2>err
status "-r on a file: converts it as a one-file tree" 0 $?

finish
