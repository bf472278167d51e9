// SPDX-License-Identifier: GPL-2.0-only
/*
 * bench_names.c - the names group of make bench: one file name per call,
 * whatenc_name_decode()/whatenc_name_encode() against fs/nls of Linux 6.1
 * (its tables and nls_base.c compiled unchanged, called as a filesystem
 * converts a name: char2uni() per character, then utf16s_to_utf8s();
 * utf8s_to_utf16s(), then uni2char() per character), glibc iconv()
 * (iconv_open() once per encoding and direction, one iconv() per name:
 * the encodings here are stateless) and encoding_rs (the bench's binding,
 * tests/bench/ers: a new decoder or encoder per call).
 *
 *   bench_names check DIR         the names every peer converts alike
 *   bench_names instr DIR         every cell once, for callgrind: see run
 *   bench_names time DIR [ROUNDS] wall time, peers alternating
 *
 * DIR holds the names (gen-names): <encoding>-<length>.bin and .utf8,
 * one name a line. Of each file, the first 64 names that every peer
 * converts to the other file's line are used; the others are counted.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <iconv.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "whatenc.h"
#include "whatenc_names.h"

#define NAMES	64
#define REPS	16		/* calls per name in a cell */
#define CAP	512

/* fs/nls (its own headers are the kernel's: declared here as there) */
typedef u16 nls_wchar;
struct nls_table {
	const char *charset;
	const char *alias;
	int (*uni2char)(nls_wchar uni, unsigned char *out, int boundlen);
	int (*char2uni)(const unsigned char *raw, int boundlen,
			nls_wchar *uni);
	const unsigned char *charset2lower;
	const unsigned char *charset2upper;
	void *owner;
	struct nls_table *next;
};
struct nls_table *load_nls(const char *charset);
int utf8s_to_utf16s(const u8 *s, int len, int endian, nls_wchar *pwcs,
		    int maxlen);
int utf16s_to_utf8s(const nls_wchar *pwcs, int len, int endian, u8 *s,
		    int maxlen);
int bench_init_nls_cp932(void), bench_init_nls_euc_jp(void),
	bench_init_nls_cp936(void), bench_init_nls_cp950(void),
	bench_init_nls_cp949(void), bench_init_nls_cp1251(void),
	bench_init_nls_koi8_r(void);
#define UTF16_HOST_ENDIAN 0

/* encoding_rs (tests/bench/ers) */
const void *ers_for_label(const u8 *label, size_t len);
size_t ers_decode(const void *enc, const u8 *src, size_t len, u8 *dst,
		  size_t cap);
size_t ers_encode(const void *enc, const u8 *src, size_t len, u8 *dst,
		  size_t cap);

static const struct {
	const char *name, *nls, *iconv;
} encs[] = {
	{ "Shift_JIS", "cp932", "CP932" },
	{ "EUC-JP", "euc-jp", "EUC-JP" },
	{ "GBK", "cp936", "GBK" },
	{ "Big5", "cp950", "BIG5" },
	{ "EUC-KR", "cp949", "EUC-KR" },
	{ "windows-1251", "cp1251", "CP1251" },
	{ "KOI8-R", "koi8-r", "KOI8-R" },
};
#define NENCS	(sizeof(encs) / sizeof(encs[0]))
static const int lens[] = { 8, 16, 32, 64 };
#define NLENS	4

enum { DEC, ENC };

/* one peer set up for an encoding and a direction */
struct ctx {
	int enc;			/* whatenc */
	struct nls_table *nls;
	iconv_t cd;
	const void *ers;
	int dir;
};

typedef int (*run_fn)(const struct ctx *c, const u8 *in, size_t len,
		      u8 *out);

static int w_run(const struct ctx *c, const u8 *in, size_t len, u8 *out)
{
	return c->dir == DEC ? whatenc_name_decode(c->enc, in, len, out, CAP, 0) :
			       whatenc_name_encode(c->enc, in, len, out, CAP, 0);
}

static int n_run(const struct ctx *c, const u8 *in, size_t len, u8 *out)
{
	nls_wchar uni[CAP];
	int i = 0, n = 0, k, o = 0;

	if (c->dir == DEC) {
		while (i < (int)len) {
			k = c->nls->char2uni(in + i, len - i, &uni[n]);
			if (k <= 0)
				return -1;
			i += k;
			n++;
		}
		return utf16s_to_utf8s(uni, n, UTF16_HOST_ENDIAN, out, CAP);
	}
	n = utf8s_to_utf16s(in, len, UTF16_HOST_ENDIAN, uni, CAP);
	if (n < 0)
		return -1;
	for (i = 0; i < n; i++) {
		k = c->nls->uni2char(uni[i], out + o, CAP - o);
		if (k <= 0)
			return -1;
		o += k;
	}
	return o;
}

static int i_run(const struct ctx *c, const u8 *in, size_t len, u8 *out)
{
	char *ip = (char *)in, *op = (char *)out;
	size_t il = len, ol = CAP;

	if (iconv(c->cd, &ip, &il, &op, &ol) == (size_t)-1)
		return -1;
	return op - (char *)out;
}

static int e_run(const struct ctx *c, const u8 *in, size_t len, u8 *out)
{
	size_t n = c->dir == DEC ? ers_decode(c->ers, in, len, out, CAP) :
				   ers_encode(c->ers, in, len, out, CAP);

	return n == (size_t)-1 ? -1 : (int)n;
}

/* the empty loop: what a cell costs besides the peer's work */
static int z_run(const struct ctx *c, const u8 *in, size_t len, u8 *out)
{
	__asm__ volatile("" : : "r"(in), "r"(len), "r"(out) : "memory");
	return 0;
}

static const struct {
	const char *name;
	run_fn run;
} peers[] = {
	{ "whatenc", w_run }, { "fs/nls", n_run }, { "iconv", i_run },
	{ "encoding_rs", e_run },
};
#define NPEERS	4

struct cell {
	struct ctx c;
	const u8 *in[NAMES];
	size_t len[NAMES];
	unsigned int dropped;
};

static u8 *slurp(const char *path, size_t *n)
{
	FILE *f = fopen(path, "rb");
	u8 *buf = malloc(1 << 20);

	if (!f || !buf) {
		fprintf(stderr, "bench_names: %s: %s\n", path, strerror(errno));
		exit(1);
	}
	*n = fread(buf, 1, 1 << 20, f);
	fclose(f);
	return buf;
}

/* Line @i of @buf (@n bytes), or NULL. */
static const u8 *line(const u8 *buf, size_t n, unsigned int i, size_t *len)
{
	const u8 *p = buf, *end = buf + n, *nl;

	for (;;) {
		nl = memchr(p, '\n', end - p);
		if (!nl)
			return NULL;
		if (!i--) {
			*len = nl - p;
			return p;
		}
		p = nl + 1;
	}
}

static void setup(struct cell *cl, unsigned int e, int len, int dir,
		  const char *dir_path)
{
	char path[512];
	u8 *bin, *utf8, out[CAP];
	size_t nb, nu, lb = 0, lu = 0;
	unsigned int i, p, got = 0;
	struct ctx *c = &cl->c;

	c->dir = dir;
	c->enc = whatenc_get_encoding(encs[e].name, strlen(encs[e].name));
	c->nls = load_nls(encs[e].nls);
	c->cd = dir == DEC ? iconv_open("UTF-8", encs[e].iconv) :
			     iconv_open(encs[e].iconv, "UTF-8");
	c->ers = ers_for_label((const u8 *)encs[e].name, strlen(encs[e].name));
	if (c->enc < 0 || !c->nls || c->cd == (iconv_t)-1 || !c->ers) {
		fprintf(stderr, "bench_names: %s: a peer lacks it\n", encs[e].name);
		exit(1);
	}
	snprintf(path, sizeof(path), "%s/%s-%d.bin", dir_path, encs[e].name, len);
	bin = slurp(path, &nb);
	snprintf(path, sizeof(path), "%s/%s-%d.utf8", dir_path, encs[e].name, len);
	utf8 = slurp(path, &nu);
	cl->dropped = 0;
	for (i = 0; got < NAMES; i++) {
		const u8 *b = line(bin, nb, i, &lb), *u = line(utf8, nu, i, &lu);
		const u8 *in = dir == DEC ? b : u, *want = dir == DEC ? u : b;
		size_t wl = dir == DEC ? lu : lb;
		bool ok = true;

		if (!b || !u) {
			fprintf(stderr, "bench_names: %s %d: %u names alike, of %u\n",
				encs[e].name, len, got, i);
			exit(1);
		}
		for (p = 0; p < NPEERS && ok; p++) {
			int r = peers[p].run(c, in, dir == DEC ? lb : lu, out);

			ok = r == (int)wl && !memcmp(out, want, wl);
		}
		if (!ok) {
			cl->dropped++;
			continue;
		}
		cl->in[got] = in;
		cl->len[got++] = dir == DEC ? lb : lu;
	}
}

/* One cell: every name REPS times. The unit callgrind counts (run). */
__attribute__((__noinline__)) void cell_loop(const struct cell *cl, run_fn run)
{
	static u8 out[CAP];
	unsigned int r, i;

	for (r = 0; r < REPS; r++)
		for (i = 0; i < NAMES; i++)
			run(&cl->c, cl->in[i], cl->len[i], out);
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static int cmp_d(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

int main(int argc, char **argv)
{
	static struct cell cells[NENCS][NLENS][2];
	unsigned int e, l, d, p, r, rounds;
	const char *mode;

	if (argc < 3) {
		fprintf(stderr, "usage: bench_names check|instr|time DIR [ROUNDS]\n");
		return 2;
	}
	mode = argv[1];
	rounds = argc > 3 ? atoi(argv[3]) : 21;
	whatenc_vec_set_level(WHATENC_VEC_AUTO);
	if (bench_init_nls_cp932() || bench_init_nls_euc_jp() ||
	    bench_init_nls_cp936() || bench_init_nls_cp950() ||
	    bench_init_nls_cp949() || bench_init_nls_cp1251() ||
	    bench_init_nls_koi8_r())
		return 1;
	for (e = 0; e < NENCS; e++)
		for (l = 0; l < NLENS; l++)
			for (d = 0; d < 2; d++)
				setup(&cells[e][l][d], e, lens[l], d, argv[2]);
	if (!strcmp(mode, "check")) {
		for (e = 0; e < NENCS; e++)
			for (l = 0; l < NLENS; l++)
				for (d = 0; d < 2; d++)
					printf("%s %d %s: %u names dropped\n",
					       encs[e].name, lens[l],
					       d == DEC ? "decode" : "encode",
					       cells[e][l][d].dropped);
		return 0;
	}
	if (!strcmp(mode, "instr")) {
		/* "cell" lines pair with callgrind's dumps, one per cell_loop() */
		for (e = 0; e < NENCS; e++)
			for (l = 0; l < NLENS; l++)
				for (d = 0; d < 2; d++) {
					for (p = 0; p < NPEERS; p++) {
						cell_loop(&cells[e][l][d], peers[p].run);
						printf("cell %s %d %s %s\n", encs[e].name,
						       lens[l], d == DEC ? "decode" : "encode",
						       peers[p].name);
					}
					cell_loop(&cells[e][l][d], z_run);
					printf("cell %s %d %s empty\n", encs[e].name,
					       lens[l], d == DEC ? "decode" : "encode");
				}
		return 0;
	}
	/* time: the peers in turn, the order rotating, the median of rounds */
	printf("# ns per name, median of %u alternating rounds of %u calls\n",
	       rounds, REPS * NAMES);
	for (e = 0; e < NENCS; e++)
		for (l = 0; l < NLENS; l++)
			for (d = 0; d < 2; d++) {
				double t[NPEERS + 1][101], t0;

				if (rounds > 101)
					rounds = 101;
				for (r = 0; r < rounds; r++)
					for (p = 0; p <= NPEERS; p++) {
						unsigned int q = (p + r) % (NPEERS + 1);

						t0 = now();
						cell_loop(&cells[e][l][d],
							  q < NPEERS ? peers[q].run : z_run);
						t[q][r] = (now() - t0) * 1e9 / (REPS * NAMES);
					}
				printf("time %s %d %s", encs[e].name, lens[l],
				       d == DEC ? "decode" : "encode");
				for (p = 0; p <= NPEERS; p++) {
					qsort(t[p], rounds, sizeof(double), cmp_d);
					printf(" %.1f", t[p][rounds / 2]);
				}
				printf("\n");
			}
	return 0;
}
