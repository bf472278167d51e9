// SPDX-License-Identifier: GPL-2.0-only
/*
 * bench_names_vm.c - the names of make bench-names through /dev/whatenc
 * (make bench-names-vm): the price of the syscall a userspace tool pays
 *
 * Runs inside the test VM (scripts/vm-run, whatenc.ko loaded), static,
 * linked with the userspace core. For each encoding, length and
 * direction of the names group (gen-names' files, the first 64 names),
 * each name is converted (a) in this process by whatenc_name_decode() or
 * whatenc_name_encode() and (b) by one WHATENC_IOC_CONVERT call with
 * WHATENC_CONVERT_LAST on a session configured once (fatal, BOM kept:
 * what the name helpers do), alternating, several repetitions. Under
 * QEMU TCG absolute times mean nothing: the table gives the device call
 * as a multiple of the in-process one (both emulated alike). Every
 * device output is compared with the in-process one.
 *
 * Usage: whatenc-bench-names-vm NAMESDIR [CSV]
 * Environment: BENCH_REPS (default 5), BENCH_MIN_MS (default 100).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/ioctl.h>
#include <linux/whatenc.h>
#include "whatenc.h"
#include "whatenc_names.h"

#define NAMES	64
#define CAP	512

static const char *const encs[] = {
	"Shift_JIS", "EUC-JP", "GBK", "Big5", "EUC-KR", "windows-1251",
	"KOI8-R",
};
static const int lens[] = { 8, 16, 32, 64 };

struct names {
	u8 s[NAMES][CAP];
	size_t len[NAMES];
	int n;
};

static int reps = 5, passed, failed;
static double min_s = 0.1;

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* The first NAMES lines of DIR/ENC-LEN.EXT (gen-names: one name a line) */
static int load(struct names *nm, const char *dir, const char *enc, int len,
		const char *ext)
{
	char path[4096], line[CAP];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s-%d.%s", dir, enc, len, ext);
	f = fopen(path, "rb");
	if (!f)
		return -1;
	nm->n = 0;
	while (nm->n < NAMES && fgets(line, sizeof(line), f)) {
		size_t l = strlen(line);

		if (l && line[l - 1] == '\n')
			l--;
		memcpy(nm->s[nm->n], line, l);
		nm->len[nm->n++] = l;
	}
	fclose(f);
	return nm->n ? 0 : -1;
}

static int dev_open(const char *label, int dir)
{
	struct whatenc_configure cfg = { .direction = dir };
	int fd = open("/dev/whatenc", O_RDWR);

	if (fd < 0)
		return -1;
	snprintf(cfg.label, sizeof(cfg.label), "%s", label);
	cfg.flags = dir == WHATENC_DIR_DECODE ?
		    WHATENC_CFG_DEC_FATAL | WHATENC_CFG_BOM_KEEP : 0;
	if (ioctl(fd, WHATENC_IOC_CONFIGURE, &cfg)) {
		close(fd);
		return -1;
	}
	return fd;
}

static int in_proc(int enc, int dir, const u8 *in, size_t len, u8 *out)
{
	return dir == WHATENC_DIR_DECODE ?
	       whatenc_name_decode(enc, in, len, out, CAP, 0) :
	       whatenc_name_encode(enc, in, len, out, CAP, 0);
}

/* One CONVERT, the whole name: its output length, or -1. */
static int dev_convert(int fd, const u8 *in, size_t len, u8 *out)
{
	struct whatenc_convert cv = {
		.in = (unsigned long)in, .in_size = len,
		.out = (unsigned long)out, .out_size = CAP,
		.flags = WHATENC_CONVERT_LAST,
	};

	if (ioctl(fd, WHATENC_IOC_CONVERT, &cv) ||
	    cv.result != WHATENC_RES_OK || cv.in_pos != len)
		return -1;
	return (int)cv.out_pos;
}

/* Seconds for @calls passes over the names, in-process (@dev < 0) or not */
static double pass(const struct names *nm, int enc, int dir, int fd,
		   long calls)
{
	u8 out[CAP];
	double t = now();
	long c;
	int i;

	for (c = 0; c < calls; c++)
		for (i = 0; i < nm->n; i++)
			if (fd < 0)
				in_proc(enc, dir, nm->s[i], nm->len[i], out);
			else
				dev_convert(fd, nm->s[i], nm->len[i], out);
	return now() - t;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

static void run(const struct names *nm, const char *label, int len, int dir,
		FILE *csv)
{
	int enc = whatenc_get_encoding(label, strlen(label));
	int fd = dev_open(label, dir), i, r, k;
	u8 a[CAP], b[CAP];
	double s[2][16], t, med[2];
	long calls;

	for (i = 0; fd >= 0 && i < nm->n; i++) {
		int na = in_proc(enc, dir, nm->s[i], nm->len[i], a);
		int nb = dev_convert(fd, nm->s[i], nm->len[i], b);

		if (na < 0 || na != nb || memcmp(a, b, na))
			break;
	}
	if (fd < 0 || i < nm->n) {
		printf("%-13s %3d %-6s FAILED: %s\n", label, len,
		       dir ? "encode" : "decode",
		       fd < 0 ? strerror(errno) : "device output differs");
		failed++;
		goto out;
	}
	passed++;
	t = pass(nm, enc, dir, fd, 1);
	calls = (long)(min_s / (t > 0 ? t : 1e-6)) + 1;
	for (r = 0; r < reps; r++)
		for (k = 0; k < 2; k++) {
			int p = (k + r) % 2;

			s[p][r] = pass(nm, enc, dir, p ? fd : -1, calls) /
				  ((double)calls * nm->n) * 1e9;
		}
	for (k = 0; k < 2; k++) {
		qsort(s[k], reps, sizeof(double), cmp_double);
		med[k] = s[k][reps / 2];
	}
	printf("%-13s %3d %-6s | %9.0f | %9.0f | %6.1f\n", label, len,
	       dir ? "encode" : "decode", med[0], med[1], med[1] / med[0]);
	fflush(stdout);
	if (csv)
		fprintf(csv, "%s,%d,%s,%.1f,%.1f,%.2f\n", label, len,
			dir ? "encode" : "decode", med[0], med[1],
			med[1] / med[0]);
out:
	if (fd >= 0)
		close(fd);
}

/* @path with its header line, or NULL */
static FILE *csv_open(const char *path)
{
	FILE *f = fopen(path, "w");

	if (f)
		fprintf(f, "encoding,length,direction,inprocess_ns,convert_ns,ratio\n");
	return f;
}

static void header(const char *commit)
{
	printf("# names through WHATENC_IOC_CONVERT vs in-process, commit %s; in the test VM (TCG: only the ratios mean something)\n",
	       commit ? commit : "?");
	printf("# %d repetitions, median ns per name; CONVERT as a multiple of in-process\n",
	       reps);
	printf("# %-11s %3s %-6s | %9s | %9s | %6s\n", "encoding", "len", "dir",
	       "in-proc", "CONVERT", "ratio");
}

int main(int argc, char **argv)
{
	static struct names nm;
	FILE *csv = NULL;
	const char *e;
	size_t ei, li;
	int dir;

	if (argc < 2) {
		fprintf(stderr, "usage: %s NAMESDIR [CSV]\n", argv[0]);
		return 2;
	}
	if ((e = getenv("BENCH_REPS")))
		reps = atoi(e);
	if (reps < 1 || reps > 16)
		reps = 5;
	if ((e = getenv("BENCH_MIN_MS")))
		min_s = atof(e) / 1e3;
	csv = argc > 2 ? csv_open(argv[2]) : NULL;
	header(getenv("BENCH_COMMIT"));
	for (ei = 0; ei < sizeof(encs) / sizeof(encs[0]); ei++)
		for (li = 0; li < sizeof(lens) / sizeof(lens[0]); li++)
			for (dir = 0; dir < 2; dir++) {
				if (load(&nm, argv[1], encs[ei], lens[li],
					 dir ? "utf8" : "bin")) {
					printf("%s-%d: FAILED: no names in %s\n",
					       encs[ei], lens[li], argv[1]);
					failed++;
					continue;
				}
				run(&nm, encs[ei], lens[li],
				    dir ? WHATENC_DIR_ENCODE :
					  WHATENC_DIR_DECODE, csv);
			}
	if (csv)
		fclose(csv);
	printf("bench-names-vm: %d passed, %d failed\n", passed, failed);
	return failed ? 1 : 0;
}
