// SPDX-License-Identifier: GPL-2.0-only
/*
 * bench_detect - make bench-detect: content detectors on the samples of
 * tests/bench/detect/gen-samples.
 *
 *   bench_detect guess DETECTOR SAMPLES > GUESSES
 *	DETECTOR is whatenc, uchardet or icu; one label a sample ("-" for
 *	no answer), and "# DETECTOR MB/s" on stderr twice: over all
 *	samples, then over the 2048-byte ones (the detection calls only,
 *	repeated for at least 1 s each)
 *   bench_detect score SAMPLES NAME=GUESSES...
 *	a guess is right when whatenc decodes the sample with the encoding
 *	the label names (Encoding Standard labels) to the truth text;
 *	prints accuracy overall, by length and by encoding, as a Markdown
 *	table
 *   bench_detect calibrate SAMPLES
 *	whatenc's accuracy at confidence >= 90 and below
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <uchardet/uchardet.h>
#include <unicode/ucsdet.h>

#include "whatenc.h"
#include "whatenc_guess.h"

struct sample {
	char enc[24], lang[8];
	int len;
	u8 *data, *truth;
	size_t n, tn;
};

static struct sample *S;
static size_t NS;

static u8 *unhex(const char *h, size_t *n)
{
	size_t l = strlen(h) / 2, i;
	u8 *p = malloc(l + 1);

	for (i = 0; i < l; i++) {
		unsigned int v;

		sscanf(h + 2 * i, "%2x", &v);
		p[i] = v;
	}
	*n = l;
	return p;
}

static void load(const char *path)
{
	FILE *f = fopen(path, "r");
	static char line[1 << 16], hb[1 << 15], ht[1 << 15];
	size_t cap = 0;

	if (!f) {
		perror(path);
		exit(2);
	}
	while (fgets(line, sizeof(line), f)) {
		struct sample s;

		if (sscanf(line, "%23s %7s %d %32767s %32767s", s.enc, s.lang,
			   &s.len, hb, ht) != 5)
			continue;
		s.data = unhex(hb, &s.n);
		s.truth = unhex(ht, &s.tn);
		if (NS == cap) {
			cap = cap ? cap * 2 : 1024;
			S = realloc(S, cap * sizeof(*S));
		}
		S[NS++] = s;
	}
	fclose(f);
}

static double now(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec + t.tv_nsec / 1e9;
}

static const char *guess_whatenc(const struct sample *s)
{
	struct whatenc_guess g;
	struct whatenc_guess_result r;

	whatenc_guess_init(&g, -1);
	whatenc_guess_feed(&g, s->data, s->n);
	whatenc_guess_result(&g, true, &r);
	return r.kind == WHATENC_GUESS_NOT_TEXT ? "-" : whatenc_encoding_name(r.enc);
}

static uchardet_t ud;

static const char *guess_uchardet(const struct sample *s)
{
	static char buf[64];
	const char *c;

	uchardet_reset(ud);
	uchardet_handle_data(ud, (const char *)s->data, s->n);
	uchardet_data_end(ud);
	c = uchardet_get_charset(ud);
	snprintf(buf, sizeof(buf), "%s", c && *c ? c : "-");
	return buf;
}

static UCharsetDetector *icu;

static const char *guess_icu(const struct sample *s)
{
	UErrorCode e = U_ZERO_ERROR;
	const UCharsetMatch *m;
	const char *n;

	ucsdet_setText(icu, (const char *)s->data, s->n, &e);
	m = ucsdet_detect(icu, &e);
	if (U_FAILURE(e) || !m)
		return "-";
	n = ucsdet_getName(m, &e);
	return U_FAILURE(e) || !n ? "-" : n;
}

static int guess(const char *det, const char *path)
{
	const char *(*fn)(const struct sample *);
	double t0, t;
	size_t i, bytes = 0, rounds = 0;
	int long_only;
	UErrorCode e = U_ZERO_ERROR;

	load(path);
	if (!strcmp(det, "whatenc")) {
		fn = guess_whatenc;
	} else if (!strcmp(det, "uchardet")) {
		ud = uchardet_new();
		fn = guess_uchardet;
	} else if (!strcmp(det, "icu")) {
		icu = ucsdet_open(&e);
		fn = guess_icu;
	} else {
		fprintf(stderr, "unknown detector %s\n", det);
		return 2;
	}
	for (i = 0; i < NS; i++)
		printf("%s\n", fn(&S[i]));
	/* all samples, then the 2048-byte ones only (less per-call cost) */
	for (long_only = 0; long_only < 2; long_only++) {
		bytes = 0;
		rounds = 0;
		t0 = now();
		do {
			for (i = 0; i < NS; i++) {
				if (long_only && S[i].len != 2048)
					continue;
				fn(&S[i]);
				bytes += S[i].n;
			}
			rounds++;
			t = now() - t0;
		} while (t < 1.0);
		fprintf(stderr, "# %s %.1f\n", det, bytes / t / 1e6);
	}
	return 0;
}

/*
 * The sample decoded by whatenc with @label, as long as the truth (@s->tn
 * bytes), or NULL (unknown label, malformed input, another length).
 */
static const u8 *decoded(const struct sample *s, const char *label)
{
	struct whatenc_decoder d;
	struct whatenc_buf b = { .in = s->data, .in_size = s->n };
	static u8 out[1 << 16];
	int e = whatenc_get_encoding(label, strlen(label));

	if (e < 0 || e >= WHATENC_NR_ENCODINGS ||
	    whatenc_decoder_init(&d, e, WHATENC_BOM_KEEP))
		return NULL;
	b.out = out;
	b.out_size = sizeof(out);
	if (whatenc_decode(&d, &b, true) != WHATENC_INPUT_EMPTY ||
	    b.out_pos != s->tn)
		return NULL;
	return out;
}

/* whatenc decodes the sample with @label to the truth. */
static int right(const struct sample *s, const char *label)
{
	const u8 *out = decoded(s, label);

	return out && !memcmp(out, s->truth, s->tn);
}

/*
 * Whether UTF-8 @a and @b, @n bytes each, differ only by Romanian s and t
 * with cedilla (U+015E U+015F U+0162 U+0163, ISO-8859-2 and windows-1250
 * at AA BA DE FE) against the same letters with comma below (U+0218
 * U+0219 U+021A U+021B, ISO-8859-16 at the same bytes).
 */
static int ro_same(const u8 *a, const u8 *b, size_t n)
{
	static const u8 ced[4] = { 0x9e, 0x9f, 0xa2, 0xa3 };
	static const u8 com[4] = { 0x98, 0x99, 0x9a, 0x9b };
	size_t i;
	int k, diff = 0;

	for (i = 0; i < n; i++) {
		if (a[i] == b[i])
			continue;
		if (i + 1 >= n || a[i + 1] == b[i + 1])
			return 0;
		for (k = 0; k < 4; k++)
			if ((a[i] == 0xc5 && a[i + 1] == ced[k] &&
			     b[i] == 0xc8 && b[i + 1] == com[k]) ||
			    (a[i] == 0xc8 && a[i + 1] == com[k] &&
			     b[i] == 0xc5 && b[i + 1] == ced[k]))
				break;
		if (k == 4)
			return 0;
		diff = 1;
		i++;
	}
	return diff;
}

/*
 * @label decodes the sample to the truth but for Romanian cedilla against
 * comma-below letters: the bytes are the same, only the encoding's
 * mapping differs (counted wrong by right()).
 */
static int ro_only(const struct sample *s, const char *label)
{
	const u8 *out = decoded(s, label);

	return out && ro_same(out, s->truth, s->tn);
}

/*
 * whatenc's confidence against the truth: how often a guess at or above
 * 90 (the CLI's default --min-confidence) is right, and below it.
 */
static int calibrate(const char *path)
{
	size_t i, n[2] = { 0 }, ok[2] = { 0 };

	load(path);
	for (i = 0; i < NS; i++) {
		struct whatenc_guess g;
		struct whatenc_guess_result r;
		int hi;

		if (!right(&S[i], S[i].enc))
			continue;
		whatenc_guess_init(&g, -1);
		whatenc_guess_feed(&g, S[i].data, S[i].n);
		whatenc_guess_result(&g, true, &r);
		hi = r.confidence >= 90;
		n[hi]++;
		ok[hi] += r.kind != WHATENC_GUESS_NOT_TEXT &&
			  right(&S[i], whatenc_encoding_name(r.enc));
	}
	printf("whatenc confidence >= 90: %zu samples, %.1f%% right; below 90: %zu samples, %.1f%% right\n",
	       n[1], n[1] ? 100.0 * ok[1] / n[1] : 0.0,
	       n[0], n[0] ? 100.0 * ok[0] / n[0] : 0.0);
	return 0;
}

#define MAXDET 8
static const int LENS[] = { 16, 32, 64, 128, 512, 2048 };

static int score(int argc, char **argv)
{
	int nd = argc - 3, d, l;
	char *names[MAXDET], **g[MAXDET];
	size_t i, j, bad = 0;
	char enc[64][24];
	int nenc = 0;

	load(argv[2]);
	for (d = 0; d < nd && d < MAXDET; d++) {
		char *eq = strchr(argv[3 + d], '=');
		FILE *f;
		static char line[256];

		names[d] = argv[3 + d];
		*eq = 0;
		f = fopen(eq + 1, "r");
		if (!f) {
			perror(eq + 1);
			return 2;
		}
		g[d] = calloc(NS, sizeof(char *));
		for (i = 0; i < NS && fgets(line, sizeof(line), f); i++) {
			line[strcspn(line, "\n")] = 0;
			g[d][i] = strdup(line);
		}
		fclose(f);
		if (i != NS) {
			fprintf(stderr, "%s: %zu guesses for %zu samples\n",
				eq + 1, i, NS);
			return 2;
		}
	}
	/* samples the true encoding does not decode to the truth: dropped */
	for (i = 0; i < NS; i++) {
		if (!right(&S[i], S[i].enc)) {
			S[i].len = 0;
			bad++;
		}
		for (j = 0; j < (size_t)nenc; j++)
			if (!strcmp(enc[j], S[i].enc))
				break;
		if (j == (size_t)nenc && nenc < 64)
			strcpy(enc[nenc++], S[i].enc);
	}
	if (getenv("BENCH_DETECT_FAILS"))
		for (i = 0; i < NS; i++)
			if (S[i].len && !right(&S[i], g[0][i]))
				fprintf(stderr, "fail %s %s %d %s\n", S[i].enc,
					S[i].lang, S[i].len, g[0][i]);
	printf("%zu samples (%zu dropped: the reference encoder and whatenc's decoder disagree)\n\n",
	       NS - bad, bad);
	printf("| | ");
	for (d = 0; d < nd; d++)
		printf("%s | ", names[d]);
	printf("\n|---|");
	for (d = 0; d < nd; d++)
		printf("---|");
	printf("\n");
	for (l = -1; l < (int)(sizeof(LENS) / sizeof(LENS[0])) + nenc; l++) {
		int lo = l - (int)(sizeof(LENS) / sizeof(LENS[0]));

		if (l == -1)
			printf("| **overall** | ");
		else if (lo < 0)
			printf("| %d bytes | ", LENS[l]);
		else
			printf("| %s | ", enc[lo]);
		for (d = 0; d < nd; d++) {
			size_t ok = 0, n = 0;

			for (i = 0; i < NS; i++) {
				if (!S[i].len)
					continue;
				if (l >= 0 && lo < 0 && S[i].len != LENS[l])
					continue;
				if (lo >= 0 && strcmp(S[i].enc, enc[lo]))
					continue;
				n++;
				ok += right(&S[i], g[d][i]);
			}
			printf("%.1f%% | ", n ? 100.0 * ok / n : 0.0);
		}
		printf("\n");
	}
	/* Romanian: ISO-8859-2, windows-1250 and ISO-8859-16 share the bytes */
	printf("\nWrong only by Romanian \u015f \u0163 against \u0219 \u021b (the same bytes): ");
	for (d = 0; d < nd; d++) {
		size_t n = 0;

		for (i = 0; i < NS; i++)
			n += S[i].len && !right(&S[i], g[d][i]) &&
			     ro_only(&S[i], g[d][i]);
		printf("%s %zu%s", names[d], n, d + 1 < nd ? ", " : "\n");
	}
	return 0;
}

int main(int argc, char **argv)
{
	if (argc == 4 && !strcmp(argv[1], "guess"))
		return guess(argv[2], argv[3]);
	if (argc == 3 && !strcmp(argv[1], "calibrate"))
		return calibrate(argv[2]);
	if (argc >= 4 && !strcmp(argv[1], "score"))
		return score(argc, argv);
	fprintf(stderr, "usage: bench_detect guess DETECTOR SAMPLES | score SAMPLES NAME=FILE...\n");
	return 2;
}
