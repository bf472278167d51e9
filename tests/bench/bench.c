// SPDX-License-Identifier: GPL-2.0-only
/*
 * bench.c - whatenc against glibc iconv, ICU and encoding_rs (make bench)
 *
 * For each encoding, direction (decode: bytes -> UTF-8, encode: UTF-8 ->
 * bytes), text variant (text: real prose; html: the same in ASCII
 * markup; ascii: pure ASCII prose) and size, every peer converts the
 * same input buffer as one stream. Peers alternate (round robin, the
 * starting peer rotating) for BENCH_REPS repetitions; each sample is
 * enough calls to last BENCH_MIN_MS. Printed: input MB/s (10^6 bytes
 * of input per second) median [min-max], and whatenc's median divided by
 * the peer's. A peer whose output is not byte-identical to whatenc's is
 * marked "differs" (different mapping, not the same work): the ratio is
 * then shown in parentheses and left out of the summary.
 *
 * Inputs: build/bench/data/<lang>.txt (scripts/bench-corpus), each line
 * encoded by whatenc's encoder (characters the encoding lacks are
 * dropped), whole lines replicated up to the size.
 *
 * Environment: BENCH_QUICK=1 (seconds: check-bench), BENCH_REPS,
 * BENCH_MIN_MS, BENCH_SIZES (KiB list for the text variant, default
 * "1,64,16384"), BENCH_SIZES_OTHER (for html and ascii, default "64"),
 * BENCH_VARIANTS
 * ("text,html,ascii"), BENCH_ONLY (substring of encoding names, comma
 * list), BENCH_DIRS ("decode,encode"), BENCH_DATA, BENCH_CSV,
 * BENCH_COMMIT, BENCH_PEERS (comma list of peer names; whatenc-copy,
 * the placement control, only when named), BENCH_CALLS (a
 * fixed number of calls per sample instead of BENCH_MIN_MS: for
 * instruction counts, e.g. valgrind --tool=callgrind
 * --toggle-collect=w_run, see scripts/bench-instr), BENCH_PIECES.
 *
 * Sizes below 1 MiB: BENCH_PIECES distinct inputs of that size,
 * consecutive pieces of the text, converted in turn; by default as many
 * as make 1 MiB of text (the corpus; a smaller corpus repeats), at most
 * MAXPIECES. One short input converted a million times lets the CPU's
 * branch predictor learn the outcome of every branch in it (on this
 * machine encoding_rs then ran its Shift_JIS decoder 3x faster per byte
 * at 1 KiB than at 64 KiB with the same instructions per byte): that
 * measured the predictor, not a converter. It learns more than one
 * might think: 64 KiB of text converted again and again ran whatenc's
 * windows-1250 encoder at 3,100 MB/s and 256 KiB or more at 390, the
 * speed of real text (issue 18 part D, docs/performance.md as of
 * 83c2acf), so the former default (64 pieces below 64 KiB, one from
 * 64 KiB up) measured 1 and 64 KiB on text the predictor had learned. BENCH_PIECES=1 gives
 * the old single input. The first piece is the single input of before;
 * instruction counts (one call, BENCH_CALLS=1) convert it.
 */
#define _GNU_SOURCE
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/utsname.h>
#include <unistd.h>
#include "bench.h"

#define MAXREPS 32
#define MAXPIECES 1024
#define DISTINCT (1 << 20)	/* bytes of distinct text per row */

static const struct bench_case cases[] = {
	{ WHATENC_UTF_8, "ja", "UTF-8", "UTF-8", "utf-8", -1 },
	{ WHATENC_UTF_8, "ru", "UTF-8", "UTF-8", "utf-8", -1 },
	{ WHATENC_UTF_8, "de", "UTF-8", "UTF-8", "utf-8", -1 },
	{ WHATENC_UTF_16LE, "ja", "UTF-16LE", "UTF-16LE", "utf-16le", -1 },
	{ WHATENC_WINDOWS_1252, "de", "CP1252", "windows-1252", "windows-1252", -1 },
	{ WHATENC_WINDOWS_1252, "fr", "CP1252", "windows-1252", "windows-1252", -1 },
	{ WHATENC_ISO_8859_2, "pl", "ISO-8859-2", "ISO-8859-2", "iso-8859-2", -1 },
	{ WHATENC_WINDOWS_1250, "cs", "CP1250", "windows-1250", "windows-1250", -1 },
	{ WHATENC_WINDOWS_1251, "ru", "CP1251", "windows-1251", "windows-1251", -1 },
	{ WHATENC_KOI8_U, "uk", "KOI8-U", "KOI8-U", "koi8-u", -1 },
	{ WHATENC_ISO_8859_7, "el", "ISO-8859-7", "ISO-8859-7", "iso-8859-7", -1 },
	{ WHATENC_WINDOWS_1254, "tr", "CP1254", "windows-1254", "windows-1254", -1 },
	{ WHATENC_ISO_8859_8, "he", "ISO-8859-8", "ISO-8859-8", "iso-8859-8", -1 },
	{ WHATENC_WINDOWS_1256, "ar", "CP1256", "windows-1256", "windows-1256", -1 },
	{ WHATENC_WINDOWS_874, "th", "CP874", "windows-874", "windows-874", -1 },
	{ WHATENC_WINDOWS_1258, "vi", "CP1258", "windows-1258", "windows-1258", -1 },
	{ WHATENC_SHIFT_JIS, "ja", "WINDOWS-31J", "windows-31j", "shift_jis", -1 },
	{ WHATENC_EUC_JP, "ja", "EUC-JP-MS", "EUC-JP", "euc-jp", -1 },
	{ WHATENC_ISO_2022_JP, "ja", "ISO-2022-JP", "ISO-2022-JP", "iso-2022-jp", -1 },
	{ WHATENC_GBK, "zh_CN", "GBK", "windows-936-2000", "gbk", -1 },
	{ WHATENC_GB18030, "zh_CN", "GB18030", "gb18030", "gb18030", -1 },
	{ WHATENC_BIG5, "zh_TW", "BIG5-HKSCS", "windows-950-2000", "big5", -1 },
	{ WHATENC_EUC_KR, "ko", "CP949", "windows-949-2000", "euc-kr", -1 },
	{ WHATENC_X_USER_DEFINED, "ru", NULL, NULL, "x-user-defined",
	  WHATENC_WINDOWS_1251 },
};

static const struct bench_peer *const all_peers[] = {
	&bench_peer_whatenc, &bench_peer_memcpy, &bench_peer_iconv,
	&bench_peer_icu, &bench_peer_ers, &bench_peer_simdutf,
	&bench_peer_whatenc_kflags, &bench_peer_whatenc_copy,
};
#define NPEERS_MAX (sizeof(all_peers) / sizeof(all_peers[0]))

struct vec {
	u8 *p;
	size_t len, cap;
};

static void vec_add(struct vec *v, const u8 *p, size_t n)
{
	if (v->len + n > v->cap) {
		v->cap = (v->len + n) * 2 + 64;
		v->p = realloc(v->p, v->cap);
		if (!v->p) {
			perror("realloc");
			exit(2);
		}
	}
	memcpy(v->p + v->len, p, n);
	v->len += n;
}

/* settings */
static int reps = 5;
static double min_s = 0.01;
static size_t sizes[16], osizes[16];	/* text; html and ascii */
static int nsizes, nosizes;
static const char *variants[3];
static int nvariants;
static const char *only;
static int dirs = 3;
static const char *datadir = "build/bench/data";
static const struct bench_peer *peers[NPEERS_MAX];
static int npeers;
static int failures, checks;
static long fixed_calls;	/* BENCH_CALLS: for instruction counts */
static int npieces;	/* BENCH_PIECES: inputs below DISTINCT, 0: default */

static const char *envs(const char *name, const char *def)
{
	const char *v = getenv(name);

	return v && *v ? v : def;
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

/* Lines of a UTF-8 file, each with its "\n". */
static int load_lines(const char *name, struct vec *text, size_t **offs,
		      size_t *nlines)
{
	char path[512];
	FILE *f;
	char *line = NULL;
	size_t cap = 0, n = 0, alloc = 0;
	ssize_t len;

	snprintf(path, sizeof(path), "%s/%s.txt", datadir, name);
	f = fopen(path, "r");
	if (!f)
		return -1;
	*offs = NULL;
	while ((len = getline(&line, &cap, f)) > 0) {
		if (n + 2 > alloc) {
			alloc = alloc * 2 + 1024;
			*offs = realloc(*offs, alloc * sizeof(**offs));
		}
		(*offs)[n++] = text->len;
		vec_add(text, (u8 *)line, len);
	}
	(*offs)[n] = text->len;
	*nlines = n;
	free(line);
	fclose(f);
	return 0;
}

/* whatenc's encoder, fatal mode, unmappable characters dropped. */
static void encode_drop(enum whatenc_encoding enc, const u8 *in, size_t len,
			struct vec *out)
{
	struct whatenc_encoder e;
	u8 buf[4096];
	struct whatenc_buf b = { .in = in, .in_size = len };
	enum whatenc_ret r;

	whatenc_encoder_init(&e, enc, enc == WHATENC_UTF_16LE ||
			     enc == WHATENC_UTF_16BE ? WHATENC_ENC_UTF16 : 0);
	do {
		b.out = buf;
		b.out_pos = 0;
		b.out_size = sizeof(buf);
		r = whatenc_encode(&e, &b, true);
		vec_add(out, buf, b.out_pos);
	} while (r != WHATENC_INPUT_EMPTY);
}

static void decode_all(enum whatenc_encoding enc, const u8 *in, size_t len,
		       struct vec *out)
{
	struct whatenc_decoder d;
	u8 buf[4096];
	struct whatenc_buf b = { .in = in, .in_size = len };
	enum whatenc_ret r;

	whatenc_decoder_init(&d, enc, WHATENC_BOM_KEEP);
	do {
		b.out = buf;
		b.out_pos = 0;
		b.out_size = sizeof(buf);
		r = whatenc_decode(&d, &b, true);
		vec_add(out, buf, b.out_pos);
	} while (r != WHATENC_INPUT_EMPTY);
}

/* Per line: the encoding's bytes (enc[]) and their UTF-8 (dec[]). */
struct corpus {
	struct vec enc, utf8;
	size_t *eoff, *uoff;
	size_t n;
};

static int make_corpus(const struct bench_case *c, const char *file,
		       struct corpus *k)
{
	struct vec text = { 0 };
	size_t *offs, n, i;
	int from = c->bytes_from >= 0 ? c->bytes_from : (int)c->enc;

	if (load_lines(file, &text, &offs, &n))
		return -1;
	memset(k, 0, sizeof(*k));
	k->eoff = malloc((n + 1) * sizeof(size_t));
	k->uoff = malloc((n + 1) * sizeof(size_t));
	for (i = 0; i < n; i++) {
		size_t e0 = k->enc.len;

		k->eoff[i] = e0;
		k->uoff[i] = k->utf8.len;
		encode_drop(from, text.p + offs[i], offs[i + 1] - offs[i],
			    &k->enc);
		decode_all(c->enc, k->enc.p + e0, k->enc.len - e0, &k->utf8);
	}
	k->eoff[n] = k->enc.len;
	k->uoff[n] = k->utf8.len;
	k->n = n;
	free(offs);
	free(text.p);
	return 0;
}

static void free_corpus(struct corpus *k)
{
	free(k->enc.p);
	free(k->utf8.p);
	free(k->eoff);
	free(k->uoff);
}

/*
 * Whole lines, cyclically from line *@start, up to @size bytes of input;
 * @in gets the input side, @ref the expected output. *@start becomes the
 * first line that did not fit: where the next piece starts.
 */
static void make_input(const struct corpus *k, enum bench_dir dir, size_t size,
		       size_t *start, struct vec *in, struct vec *ref)
{
	const struct vec *iv = dir == BENCH_DECODE ? &k->enc : &k->utf8;
	const struct vec *rv = dir == BENCH_DECODE ? &k->utf8 : &k->enc;
	const size_t *io = dir == BENCH_DECODE ? k->eoff : k->uoff;
	const size_t *ro = dir == BENCH_DECODE ? k->uoff : k->eoff;
	size_t i = *start, misses = 0, next = SIZE_MAX;

	in->len = ref->len = 0;
	while (misses < k->n) {
		size_t n = io[i + 1] - io[i];

		if (in->len + n <= size) {
			vec_add(in, iv->p + io[i], n);
			vec_add(ref, rv->p + ro[i], ro[i + 1] - ro[i]);
			misses = 0;
		} else {
			if (next == SIZE_MAX)
				next = i;
			misses++;
		}
		i = (i + 1) % k->n;
	}
	*start = next == SIZE_MAX ? i : next;
}

struct result {
	const char *status;	/* "ok", "differs", "n/a", "fails" */
	double med, min, max;
	size_t diff_at;
};

static FILE *csv;

static const char *fmt_ratio(char *buf, size_t n, const struct result *w,
			     const struct result *r)
{
	if (!strcmp(r->status, "n/a") || !strcmp(r->status, "fails"))
		snprintf(buf, n, "%s", r->status);
	else if (!strcmp(r->status, "differs"))
		snprintf(buf, n, "differs(%.2f)", w->med / r->med);
	else
		snprintf(buf, n, "%.2fx", w->med / r->med);
	return buf;
}

/* Summary: geometric means of whatenc/peer over "text" rows. */
static double sum_log[NPEERS_MAX][2][3];
static int sum_n[NPEERS_MAX][2][3];
static double worst[NPEERS_MAX][2];
static char worst_what[NPEERS_MAX][2][96];

/* Inputs per row of @size bytes: DISTINCT bytes of text, or BENCH_PIECES. */
static int pieces_for(size_t size)
{
	size_t n = (DISTINCT + size - 1) / size;

	if (size >= DISTINCT)
		return 1;
	if (npieces)
		return npieces;
	return n < MAXPIECES ? (int)n : MAXPIECES;
}

/*
 * @npieces distinct inputs (@in[i], expected output @ref[i]), converted
 * in turn: a short input converted again and again would let the branch
 * predictor learn its every branch (see BENCH_PIECES above).
 */
static void run_combo(const struct bench_case *c, enum bench_dir dir,
		      int variant, const struct vec *in, const struct vec *ref,
		      int npieces, size_t size_label)
{
	static const char *const dname[] = { "decode", "encode" };
	struct result res[NPEERS_MAX];
	void *ctx[NPEERS_MAX];
	long ncalls[NPEERS_MAX];
	double samples[NPEERS_MAX][MAXREPS];
	size_t cap = 64, maxlen = 0;
	u8 *out;
	int p, r, k, j;
	char line[1024], *lp = line;

	for (j = 0; j < npieces; j++)
		if (in[j].len > maxlen)
			maxlen = in[j].len;
	cap += 4 * maxlen;
	out = malloc(cap);
	for (p = 0; p < npeers; p++) {
		const char *why = "n/a";
		double t;
		ssize_t n;

		res[p] = (struct result){ .status = "ok" };
		ctx[p] = peers[p]->open(c, dir, &why);
		if (!ctx[p]) {
			res[p].status = why;
			continue;
		}
		t = 0;
		for (j = npieces - 1; j >= 0; j--) {
			/* ends with piece 0: its time calibrates the calls */
			t = now();
			n = peers[p]->run(ctx[p], in[j].p, in[j].len, out, cap);
			t = now() - t;
			if (n < 0)
				break;
			if (peers[p] != &bench_peer_memcpy &&
			    !strcmp(res[p].status, "ok") &&
			    ((size_t)n != ref[j].len ||
			     memcmp(out, ref[j].p, n))) {
				size_t i = 0;

				while (i < (size_t)n && i < ref[j].len &&
				       out[i] == ref[j].p[i])
					i++;
				res[p].status = "differs";
				res[p].diff_at = i;
			}
		}
		if (n < 0) {
			res[p].status = "fails";
			peers[p]->close(ctx[p]);
			ctx[p] = NULL;
			continue;
		}
		if (peers[p] == &bench_peer_whatenc) {
			checks++;
			if (strcmp(res[p].status, "ok")) {
				failures++;
				fprintf(stderr, "FAIL: whatenc %s %s %s: output differs from the reference at %zu\n",
					whatenc_encoding_name(c->enc), c->lang, dname[dir],
					res[p].diff_at);
			}
		}
		ncalls[p] = t > 0 ? (long)(min_s / t) + 1 : 1000;
		if (ncalls[p] > 1000000)
			ncalls[p] = 1000000;
		if (fixed_calls)
			ncalls[p] = fixed_calls;
	}
	for (r = 0; r < reps; r++) {
		for (k = 0; k < npeers; k++) {
			double t, bytes = 0;
			long i;

			p = (k + r) % npeers;
			if (!ctx[p])
				continue;
			j = 0;
			t = now();
			for (i = 0; i < ncalls[p]; i++) {
				peers[p]->run(ctx[p], in[j].p, in[j].len, out, cap);
				bytes += in[j].len;
				if (++j == npieces)
					j = 0;
			}
			t = now() - t;
			samples[p][r] = bytes / t / 1e6;
		}
	}
	for (p = 0; p < npeers; p++) {
		if (!ctx[p])
			continue;
		peers[p]->close(ctx[p]);
		qsort(samples[p], reps, sizeof(double), cmp_double);
		res[p].min = samples[p][0];
		res[p].max = samples[p][reps - 1];
		res[p].med = reps % 2 ? samples[p][reps / 2] :
			(samples[p][reps / 2 - 1] + samples[p][reps / 2]) / 2;
	}
	/* table row */
	lp += sprintf(lp, "%-14s %-5s %-6s %-5s %8zuK", whatenc_encoding_name(c->enc),
		      c->lang, dname[dir], variants[variant], size_label >> 10);
	for (p = 0; p < npeers; p++) {
		char rb[32];

		if (!ctx[p] && strcmp(res[p].status, "ok")) {
			lp += sprintf(lp, " | %-21s", res[p].status);
			continue;
		}
		if (p == 0 || peers[p] == &bench_peer_memcpy)
			lp += sprintf(lp, " | %6.0f [%5.0f-%5.0f]", res[p].med,
				      res[p].min, res[p].max);
		else
			lp += sprintf(lp, " | %6.0f %-14s", res[p].med,
				      fmt_ratio(rb, sizeof(rb), &res[0], &res[p]));
	}
	puts(line);
	fflush(stdout);
	for (p = 0; p < npeers; p++) {
		fprintf(csv, "%s,%s,%s,%s,%zu,%zu,%s,%s,%.1f,%.1f,%.1f,%.4f,%zu\n",
			whatenc_encoding_name(c->enc), c->lang, dname[dir],
			variants[variant], size_label, in->len, peers[p]->name,
			res[p].status, res[p].med, res[p].min, res[p].max,
			res[p].med > 0 ? res[0].med / res[p].med : 0,
			res[p].diff_at);
		if (p > 0 && !strcmp(res[p].status, "ok") && res[p].med > 0) {
			double ratio = res[0].med / res[p].med;

			sum_log[p][dir][variant] += log(ratio);
			sum_n[p][dir][variant]++;
			if (variant == 0 && (!worst[p][dir] || ratio < worst[p][dir])) {
				worst[p][dir] = ratio;
				snprintf(worst_what[p][dir], sizeof(worst_what[0][0]),
					 "%s/%s %zuK", whatenc_encoding_name(c->enc),
					 c->lang, size_label >> 10);
			}
		}
	}
	fflush(csv);
	free(out);
}

static bool wanted(const struct bench_case *c)
{
	char buf[256], *s, *tok, *save;

	if (!only)
		return true;
	snprintf(buf, sizeof(buf), "%s", only);
	for (s = buf; (tok = strtok_r(s, ",", &save)); s = NULL)
		if (strcasestr(whatenc_encoding_name(c->enc), tok) || !strcasecmp(tok, c->lang))
			return true;
	return false;
}

static void header(void)
{
	struct utsname u;
	char model[256] = "?";
	FILE *f = fopen("/proc/cpuinfo", "r");
	time_t t = time(NULL);
	char date[64];

	if (f) {
		char l[512];

		while (fgets(l, sizeof(l), f))
			if (!strncmp(l, "model name", 10)) {
				snprintf(model, sizeof(model), "%s",
					 strchr(l, ':') + 2);
				model[strcspn(model, "\n")] = 0;
				break;
			}
		fclose(f);
	}
	uname(&u);
	strftime(date, sizeof(date), "%Y-%m-%d %H:%M %Z", localtime(&t));
	printf("# whatenc benchmark, %s, commit %s\n", date,
	       envs("BENCH_COMMIT", "?"));
	printf("# machine: %s, %s %s, %ld CPUs online\n", model, u.sysname,
	       u.release, sysconf(_SC_NPROCESSORS_ONLN));
	printf("# %d repetitions, samples of >= %.0f ms, peers alternating; input MB/s (1e6 B/s), median [min-max]; ratio = whatenc / peer\n",
	       reps, min_s * 1e3);
	printf("# %-12s %-5s %-6s %-5s %9s", "encoding", "text", "dir",
	       "input", "size");
	for (int p = 0; p < npeers; p++)
		printf(" | %-21s", peers[p]->name);
	printf("\n");
}

int main(int argc, char **argv)
{
	static const char *const vnames[] = { "text", "html", "ascii" };
	const char *s;
	char buf[256], *tok, *save, *sp;
	size_t ci;
	int quick = atoi(envs("BENCH_QUICK", "0"));

	if (quick) {
		reps = 1;
		min_s = 0;
	}
	reps = atoi(envs("BENCH_REPS", quick ? "1" : "5"));
	if (reps < 1 || reps > MAXREPS)
		reps = 5;
	min_s = atof(envs("BENCH_MIN_MS", quick ? "0" : "10")) / 1e3;
	snprintf(buf, sizeof(buf), "%s", envs("BENCH_SIZES", quick ? "1,16" : "1,64,16384"));
	for (sp = buf; (tok = strtok_r(sp, ",", &save)) && nsizes < 16; sp = NULL)
		sizes[nsizes++] = (size_t)atol(tok) << 10;
	snprintf(buf, sizeof(buf), "%s", envs("BENCH_SIZES_OTHER", quick ? "16" : "64"));
	for (sp = buf; (tok = strtok_r(sp, ",", &save)) && nosizes < 16; sp = NULL)
		osizes[nosizes++] = (size_t)atol(tok) << 10;
	snprintf(buf, sizeof(buf), "%s", envs("BENCH_VARIANTS", "text,html,ascii"));
	for (sp = buf; (tok = strtok_r(sp, ",", &save)); sp = NULL)
		for (int v = 0; v < 3; v++)
			if (!strcmp(tok, vnames[v]) && nvariants < 3)
				variants[nvariants++] = vnames[v];
	fixed_calls = atol(envs("BENCH_CALLS", "0"));
	npieces = atoi(envs("BENCH_PIECES", "0"));
	if (npieces < 0 || npieces > MAXPIECES)
		npieces = 0;
	only = getenv("BENCH_ONLY");
	if (only && !*only)
		only = NULL;
	s = envs("BENCH_DIRS", "decode,encode");
	dirs = (strstr(s, "decode") ? 1 : 0) | (strstr(s, "encode") ? 2 : 0);
	datadir = envs("BENCH_DATA", datadir);
	s = envs("BENCH_PEERS",
		 "whatenc,memcpy,iconv,ICU,encoding_rs,simdutf,whatenc-kflags");
	peers[npeers++] = &bench_peer_whatenc;
	for (size_t p = 1; p < NPEERS_MAX; p++)
		if (strcasestr(s, all_peers[p]->name))
			peers[npeers++] = all_peers[p];
	csv = fopen(envs("BENCH_CSV", "build/bench/bench.csv"), "w");
	if (!csv) {
		perror("BENCH_CSV");
		return 2;
	}
	fprintf(csv, "encoding,text,direction,input,size,bytes,peer,status,mbps_median,mbps_min,mbps_max,ratio_whatenc_over_peer,first_difference\n");
	header();
	for (ci = 0; ci < sizeof(cases) / sizeof(cases[0]); ci++) {
		const struct bench_case *c = &cases[ci];

		if (!wanted(c))
			continue;
		for (int v = 0; v < nvariants; v++) {
			struct corpus k;
			char file[64];

			if (!strcmp(variants[v], "ascii"))
				snprintf(file, sizeof(file), "ascii");
			else if (!strcmp(variants[v], "html"))
				snprintf(file, sizeof(file), "%s-html", c->lang);
			else
				snprintf(file, sizeof(file), "%s", c->lang);
			if (make_corpus(c, file, &k)) {
				fprintf(stderr, "FAIL: no corpus %s/%s.txt (scripts/bench-corpus)\n",
					datadir, file);
				failures++;
				continue;
			}
			for (int d = 0; d < 2; d++) {
				if (!(dirs & (1 << d)))
					continue;
				bool text = !strcmp(variants[v], "text");

				for (int z = 0; z < (text ? nsizes : nosizes); z++) {
					size_t size = text ? sizes[z] : osizes[z];
					struct vec in[MAXPIECES] = { 0 };
					struct vec ref[MAXPIECES] = { 0 };
					size_t start = 0;
					int np = pieces_for(size);

					for (int j = 0; j < np; j++)
						make_input(&k, d, size, &start,
							   &in[j], &ref[j]);
					if (in[0].len)
						run_combo(c, d, v, in, ref, np, size);
					for (int j = 0; j < np; j++) {
						free(in[j].p);
						free(ref[j].p);
					}
				}
			}
			free_corpus(&k);
		}
	}
	printf("\n# summary: geometric mean of whatenc/peer over the rows where the peer's output is identical (memcpy: whatenc's fraction of memcpy)\n");
	for (int p = 1; p < npeers; p++)
		for (int d = 0; d < 2; d++) {
			printf("#   %-12s %s:", peers[p]->name, d ? "encode" : "decode");
			for (int v = 0; v < nvariants; v++)
				if (sum_n[p][d][v])
					printf("  %s %.2fx (%d rows)", variants[v],
					       exp(sum_log[p][d][v] / sum_n[p][d][v]),
					       sum_n[p][d][v]);
			if (worst[p][d])
				printf("; lowest text row %.2fx (%s)", worst[p][d],
				       worst_what[p][d]);
			printf("\n");
		}
	fclose(csv);
	printf("bench: %d passed, %d failed\n", checks - failures + 0, failures);
	return failures ? 1 : 0;
}
