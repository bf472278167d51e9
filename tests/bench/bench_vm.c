// SPDX-License-Identifier: GPL-2.0-only
/*
 * bench_vm.c - /dev/whatenc against the core in-process (make bench-vm)
 *
 * Runs inside the test VM (scripts/vm-run, whatenc.ko loaded), static,
 * linked with the userspace core. For a few encodings and sizes, the
 * same input is converted (a) by the core in this process, (b) through
 * the device with a 64 KiB write()/read() loop, (c) through the device
 * with one-shot WHATENC_IOC_CONVERT calls, alternating, several
 * repetitions. Under QEMU TCG absolute numbers mean nothing: the table
 * gives the device paths as a fraction of the in-process speed (both are
 * emulated the same way). Every device output is compared with the
 * core's.
 *
 * Usage: whatenc-bench-vm DATADIR [CSV]   (DATADIR: scripts/bench-corpus)
 * Environment: BENCH_REPS (default 3), BENCH_MIN_MS (default 200),
 * BENCH_QUICK=1.
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

#define CHUNK (64 * 1024)

struct vcase {
	enum whatenc_encoding enc;
	const char *label;
	const char *file;
};

static const struct vcase vcases[] = {
	{ WHATENC_UTF_8, "utf-8", "ja" },
	{ WHATENC_UTF_8, "utf-8", "ascii" },
	{ WHATENC_WINDOWS_1252, "windows-1252", "de" },
	{ WHATENC_WINDOWS_1251, "windows-1251", "ru" },
	{ WHATENC_SHIFT_JIS, "shift_jis", "ja" },
	{ WHATENC_GB18030, "gb18030", "zh_CN" },
	{ WHATENC_EUC_KR, "euc-kr", "ko" },
};

static int reps = 3;
static double min_s = 0.2;
static int passed, failed;

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static u8 *load(const char *dir, const char *name, size_t *len)
{
	char path[512];
	FILE *f;
	u8 *p;
	long n;

	snprintf(path, sizeof(path), "%s/%s.txt", dir, name);
	f = fopen(path, "r");
	if (!f)
		return NULL;
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	rewind(f);
	p = malloc(n + 1);
	*len = fread(p, 1, n, f);
	fclose(f);
	return p;
}

/* In-process core: one call for the whole buffer (last). */
static ssize_t core(enum whatenc_encoding enc, int dir, const u8 *in,
		    size_t len, u8 *out, size_t cap, bool drop)
{
	struct whatenc_buf b = { .in = in, .in_size = len, .out = out,
				 .out_size = cap };
	enum whatenc_ret r;

	if (dir == WHATENC_DIR_DECODE) {
		struct whatenc_decoder d;

		whatenc_decoder_init(&d, enc, WHATENC_BOM_KEEP);
		r = whatenc_decode(&d, &b, true);
	} else {
		struct whatenc_encoder e;

		whatenc_encoder_init(&e, enc, drop ? 0 : WHATENC_ENC_HTML);
		do	/* fatal: skip unmappable characters */
			r = whatenc_encode(&e, &b, true);
		while (drop && r == WHATENC_UNMAPPABLE);
	}
	return r == WHATENC_INPUT_EMPTY ? (ssize_t)b.out_pos : -1;
}

static int dev_open(const struct vcase *c, int dir)
{
	struct whatenc_configure cfg = { .direction = dir };
	int fd = open("/dev/whatenc", O_RDWR);

	if (fd < 0)
		return -1;
	snprintf(cfg.label, sizeof(cfg.label), "%s", c->label);
	cfg.flags = dir == WHATENC_DIR_DECODE ? WHATENC_CFG_BOM_KEEP :
						WHATENC_CFG_ENC_HTML;
	if (ioctl(fd, WHATENC_IOC_CONFIGURE, &cfg)) {
		close(fd);
		return -1;
	}
	return fd;
}

static ssize_t drain(int fd, u8 *out, size_t cap, size_t *pos)
{
	int ready;

	for (;;) {
		ssize_t n;

		if (ioctl(fd, FIONREAD, &ready) || ready <= 0)
			return 0;
		if ((size_t)ready > cap - *pos)
			return -1;
		n = read(fd, out + *pos, ready);
		if (n <= 0)
			return -1;
		*pos += n;
	}
}

/* write()/read() in 64 KiB chunks, END_OF_STREAM, read to the end. */
static ssize_t dev_rw(int fd, const u8 *in, size_t len, u8 *out, size_t cap)
{
	size_t ip = 0, op = 0;
	ssize_t n;

	while (ip < len) {
		n = write(fd, in + ip, len - ip < CHUNK ? len - ip : CHUNK);
		if (n < 0)
			return -1;
		ip += n;
		if (drain(fd, out, cap, &op))
			return -1;
	}
	if (ioctl(fd, WHATENC_IOC_END_OF_STREAM))
		return -1;
	while ((n = read(fd, out + op, cap - op)) > 0)
		op += n;
	return n < 0 ? -1 : (ssize_t)op;
}

/* One-shot CONVERT (called again while it says so). */
static ssize_t dev_convert(int fd, const u8 *in, size_t len, u8 *out,
			   size_t cap)
{
	struct whatenc_convert cv = {
		.in = (unsigned long)in, .in_size = len,
		.out = (unsigned long)out, .out_size = cap,
		.flags = WHATENC_CONVERT_LAST,
	};

	do {
		if (ioctl(fd, WHATENC_IOC_CONVERT, &cv))
			return -1;
	} while (cv.result == WHATENC_RES_OUTPUT_FULL ||
		 cv.result == WHATENC_RES_INTERRUPTED);
	return cv.result == WHATENC_RES_OK ? (ssize_t)cv.out_pos : -1;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

static void run(const struct vcase *c, int dir, const u8 *in, size_t len,
		FILE *csv)
{
	static const char *const pname[] = { "in-process", "write/read",
					     "CONVERT" };
	size_t cap = 4 * len + 64;
	u8 *ref = malloc(cap), *out = malloc(cap);
	double s[3][16], med[3];
	long calls[3];
	ssize_t rlen, n = 0;
	int fd = dev_open(c, dir), p, r, k;

	rlen = core(c->enc, dir, in, len, ref, cap, false);
	if (fd < 0 || rlen < 0) {
		printf("%-13s %-5s %s: FAILED: %s\n", c->label, c->file,
		       dir ? "encode" : "decode",
		       fd < 0 ? strerror(errno) : "core");
		failed++;
		goto out;
	}
	for (p = 0; p < 3; p++) {
		double t = now();

		n = p == 0 ? core(c->enc, dir, in, len, out, cap, false) :
		    p == 1 ? dev_rw(fd, in, len, out, cap) :
			     dev_convert(fd, in, len, out, cap);
		t = now() - t;
		if (n != rlen || memcmp(out, ref, n)) {
			printf("%-13s %-5s %s: FAILED: %s output differs from the core's\n",
			       c->label, c->file, dir ? "encode" : "decode",
			       pname[p]);
			failed++;
			goto out;
		}
		calls[p] = (long)(min_s / (t > 0 ? t : 1e-6)) + 1;
	}
	passed++;
	for (r = 0; r < reps; r++)
		for (k = 0; k < 3; k++) {
			double t;
			long i;

			p = (k + r) % 3;
			t = now();
			for (i = 0; i < calls[p]; i++)
				if (p == 0)
					core(c->enc, dir, in, len, out, cap, false);
				else if (p == 1)
					dev_rw(fd, in, len, out, cap);
				else
					dev_convert(fd, in, len, out, cap);
			t = now() - t;
			s[p][r] = len * (double)calls[p] / t / 1e6;
		}
	for (p = 0; p < 3; p++) {
		qsort(s[p], reps, sizeof(double), cmp_double);
		med[p] = s[p][reps / 2];
	}
	printf("%-13s %-5s %-6s %8zu | %8.1f | %8.1f %5.0f%% | %8.1f %5.0f%%\n",
	       c->label, c->file, dir ? "encode" : "decode", len, med[0],
	       med[1], 100 * med[1] / med[0], med[2], 100 * med[2] / med[0]);
	fflush(stdout);
	if (csv)
		fprintf(csv, "%s,%s,%s,%zu,%.2f,%.2f,%.2f,%.4f,%.4f\n", c->label,
			c->file, dir ? "encode" : "decode", len, med[0], med[1],
			med[2], med[1] / med[0], med[2] / med[0]);
out:
	if (fd >= 0)
		close(fd);
	free(ref);
	free(out);
}

int main(int argc, char **argv)
{
	static const size_t sizes[] = { 4096, 65536, 1 << 20 };
	const char *e;
	FILE *csv = NULL;
	bool quick;
	size_t ci;

	if (argc < 2) {
		fprintf(stderr, "usage: %s DATADIR [CSV]\n", argv[0]);
		return 2;
	}
	quick = (e = getenv("BENCH_QUICK")) && atoi(e);
	if ((e = getenv("BENCH_REPS")))
		reps = atoi(e);
	if (quick)
		reps = 1;
	if (reps < 1 || reps > 16)
		reps = 3;
	if ((e = getenv("BENCH_MIN_MS")))
		min_s = atof(e) / 1e3;
	if (quick)
		min_s = 0;
	if (argc > 2) {
		csv = fopen(argv[2], "w");
		if (csv)
			fprintf(csv, "label,text,direction,bytes,inprocess_mbps,writeread_mbps,convert_mbps,writeread_ratio,convert_ratio\n");
	}
	printf("# /dev/whatenc vs the core in-process, commit %s; in the test VM (TCG: only the ratios mean something)\n",
	       (e = getenv("BENCH_COMMIT")) ? e : "?");
	printf("# %d repetitions, median input MB/s; device as %% of in-process\n",
	       reps);
	printf("# %-11s %-5s %-6s %8s | %8s | %-15s | %-15s\n", "label", "text",
	       "dir", "bytes", "in-proc", "write/read 64K", "CONVERT");
	for (ci = 0; ci < sizeof(vcases) / sizeof(vcases[0]); ci++) {
		const struct vcase *c = &vcases[ci];
		size_t ulen, elen;
		u8 *utf8 = load(argv[1], c->file, &ulen), *enc;
		ssize_t n;

		if (!utf8) {
			printf("%s: FAILED: no %s/%s.txt\n", c->label, argv[1],
			       c->file);
			failed++;
			continue;
		}
		enc = malloc(4 * ulen + 64);
		n = core(c->enc, WHATENC_DIR_ENCODE, utf8, ulen, enc,
			 4 * ulen + 64, true);
		elen = n > 0 ? n : 0;
		for (size_t z = 0; z < 3 && !(quick && z); z++) {
			size_t dl = elen < sizes[z] ? elen : sizes[z];
			size_t ul = ulen < sizes[z] ? ulen : sizes[z];

			/* cut at a line end: whole characters */
			while (dl && enc[dl - 1] != '\n')
				dl--;
			while (ul && utf8[ul - 1] != '\n')
				ul--;
			run(c, WHATENC_DIR_DECODE, enc, dl, csv);
			if (c->enc != WHATENC_UTF_8)
				run(c, WHATENC_DIR_ENCODE, utf8, ul, csv);
		}
		free(utf8);
		free(enc);
	}
	if (csv)
		fclose(csv);
	printf("bench-vm: %d passed, %d failed\n", passed, failed);
	return failed ? 1 : 0;
}
