// SPDX-License-Identifier: GPL-2.0-only
/*
 * whatenc-stress: many threads x many /dev/whatenc sessions for a bounded
 * time, inside the test VM (tests/vm/stress.sh).
 *
 * Session workers open sessions and run random sequences: CONFIGURE with
 * a random encoding, direction and valid flags, write/read or CONVERT in
 * random chunks, RESET in the middle (the stream then starts over),
 * abandoned sessions (closed mid-stream), and injected errors that must
 * fail and change nothing: invalid CONFIGURE (unknown label, no NUL,
 * bad direction/flags/reserved), bad user pointers (EFAULT) for write,
 * read, STATUS, CONFIGURE and CONVERT, unknown ioctls. Every completed
 * session's output must equal the userspace core's for the same input.
 *
 * Hammer threads share one fd and throw random calls at it (no output
 * check there: only that every call returns a documented result).
 *
 * Usage: whatenc-stress [SECONDS [SESSION_THREADS [HAMMER_THREADS]]]
 *        whatenc-stress --failslab DEBUGFS_DIR
 * Prints totals and "N passed, N failed"; exit 0 only if nothing failed.
 *
 * --failslab (tests/vm/faults.sh, failslab configured with probability
 * 100, times 1, task-filter Y): sweeps failslab's "space" budget so that
 * each slab allocation of the open() path fails in turn, with only this
 * task's allocations affected (/proc/self/make-it-fail). Each open()
 * must fail with ENOMEM or succeed and work; sessions opened before keep
 * converting correctly; the module's reference count ends where it
 * started.
 */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <time.h>
#include <unistd.h>
#include <linux/whatenc.h>
#include "whatenc.h"
#include "sysfs.h"

#define MAX_IN		20000
#define OUT_CAP		(8 * MAX_IN + 64)

static const char *dev = "/dev/whatenc";
static time_t deadline;
static void *bad_ptrs[] = {
	NULL, (void *)1, (void *)0xfffffffffffff000ull,
	(void *)0xffff888000000000ull, (void *)0x7ffffffff000ull,
};

struct totals {
	unsigned long sessions, checked, abandoned, resets, bytes_in,
		      bytes_out, injected, mismatches, unexpected, hammer_calls;
};

static pthread_mutex_t tot_lock = PTHREAD_MUTEX_INITIALIZER;
static struct totals tot;

static uint32_t rnd(uint64_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 7;
	*s ^= *s << 17;
	return (uint32_t)(*s >> 16);
}

static void unexpected(struct totals *t, const char *what, long got)
{
	t->unexpected++;
	if (t->unexpected <= 5)
		printf("UNEXPECTED: %s: %ld (errno %d %s)\n", what, got, errno,
		       strerror(errno));
}

static void gen_input(uint64_t *s, int dir, u8 *p, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		uint32_t r = rnd(s);

		if (r & 3)
			p[i] = 0x20 + (r >> 8) % 0x5f;
		else if (dir == WHATENC_DIR_ENCODE && (r & 4))
			p[i] = 0xe3;	/* lead of U+3000..U+3FFF, or broken */
		else
			p[i] = r >> 8;
	}
	if (dir == WHATENC_DIR_ENCODE)	/* make most 0xe3 leads complete */
		for (i = 0; i + 2 < n; i++)
			if (p[i] == 0xe3 && (rnd(s) & 7)) {
				p[i + 1] = 0x80 + rnd(s) % 0x40;
				p[i + 2] = 0x80 + rnd(s) % 0x40;
			}
}

static size_t ref_convert(int dir, int enc, unsigned int flags, const u8 *in,
			  size_t n, u8 *out)
{
	struct whatenc_decoder d;
	struct whatenc_encoder e;
	struct whatenc_buf b = { in, 0, n, out, 0, OUT_CAP };

	if (dir == WHATENC_DIR_DECODE) {
		whatenc_decoder_init(&d, enc, flags);
		whatenc_decode(&d, &b, true);
	} else {
		whatenc_encoder_init(&e, enc, flags);
		whatenc_encode(&e, &b, true);
	}
	return b.out_pos;
}

static int configure(int fd, const char *label, unsigned int dir,
		     unsigned int flags)
{
	struct whatenc_configure c;

	memset(&c, 0, sizeof(c));
	snprintf(c.label, sizeof(c.label), "%s", label);
	c.direction = dir;
	c.flags = flags;
	return ioctl(fd, WHATENC_IOC_CONFIGURE, &c) ? -errno : 0;
}

/* An operation that must fail with an error and change nothing. */
static void inject_error(int fd, uint64_t *s, struct totals *t)
{
	struct whatenc_configure c;
	struct whatenc_convert cv;
	void *bad = bad_ptrs[rnd(s) % 5];
	long r;

	t->injected++;
	switch (rnd(s) % 7) {
	case 0:	/* unknown label */
		r = configure(fd, "no-such-encoding", 0, 0);
		break;
	case 1:	/* label without NUL, bad direction, flags or reserved */
		memset(&c, 0, sizeof(c));
		strcpy(c.label, "utf-8");
		switch (rnd(s) % 4) {
		case 0:
			memset(c.label, 'a', sizeof(c.label));
			break;
		case 1:
			c.direction = 2 + rnd(s) % 100;
			break;
		case 2:
			c.flags = 0x80000000u >> (rnd(s) % 24);
			break;
		default:
			c.reserved[rnd(s) % 4] = 1;
			break;
		}
		r = ioctl(fd, WHATENC_IOC_CONFIGURE, &c) ? -errno : 0;
		break;
	case 2:
		r = ioctl(fd, WHATENC_IOC_CONFIGURE, bad) ? -errno : 0;
		break;
	case 3:
		r = ioctl(fd, WHATENC_IOC_STATUS, bad) ? -errno : 0;
		break;
	case 4:	/* CONVERT with a bad structure or a bad input buffer */
		if (rnd(s) & 1) {
			r = ioctl(fd, WHATENC_IOC_CONVERT, bad) ? -errno : 0;
			break;
		}
		memset(&cv, 0, sizeof(cv));
		cv.in = (uintptr_t)bad;
		cv.in_size = 1 + rnd(s) % 100;
		cv.out = (uintptr_t)bad;
		cv.out_size = 1 + rnd(s) % 100;
		r = ioctl(fd, WHATENC_IOC_CONVERT, &cv);
		/* EFAULT, or EBUSY while write() output waits to be read */
		r = r ? -errno : 0;
		break;
	case 5:
		r = write(fd, bad, 1 + rnd(s) % 5000) < 0 ? -errno : 0;
		break;
	default:
		r = ioctl(fd, _IO(WHATENC_IOC_MAGIC, 0x40 + rnd(s) % 64)) ?
			-errno : 0;
		break;
	}
	/* EAGAIN: output buffer full; EILSEQ: shared fd in the error state */
	if (r != -EINVAL && r != -EFAULT && r != -ENOTTY && r != -EBUSY &&
	    r != -EAGAIN && r != -EILSEQ)
		unexpected(t, "injected error", r);
}

/* Read what is ready (non-blocking fd); -1 on a real error. */
static int drain(int fd, u8 *out, size_t *op, uint64_t *s)
{
	for (;;) {
		size_t c = 1 + rnd(s) % 30000;
		ssize_t r;

		if (c > OUT_CAP - *op)
			c = OUT_CAP - *op;
		if (!c)
			return -1;
		r = read(fd, out + *op, c);
		if (r > 0) {
			*op += r;
			continue;
		}
		if (r < 0 && errno == EAGAIN)
			return 0;
		return r == 0 ? 1 : -1;
	}
}

/*
 * One session: configure, stream the input (write/read or CONVERT), maybe
 * RESET and start over, maybe abandon; compare with the core.
 */
static void session(uint64_t *s, struct totals *t, u8 *in, u8 *out, u8 *ref)
{
	int fd = open(dev, O_RDWR | O_NONBLOCK);
	int dir = rnd(s) & 1, enc = rnd(s) % WHATENC_NR_ENCODINGS;
	int use_convert = rnd(s) % 3 == 0, resets = rnd(s) % 4 == 0;
	unsigned int flags;
	size_t n = rnd(s) % MAX_IN, ip, op, rlen;
	ssize_t r;
	int k;

	if (fd < 0) {
		unexpected(t, "open", -errno);
		return;
	}
	t->sessions++;
	flags = dir ? WHATENC_CFG_ENC_HTML : (rnd(s) % 3) * 2;
	for (k = rnd(s) % 3; k > 0; k--)
		inject_error(fd, s, t);
	r = configure(fd, whatenc_encoding_name(enc), dir, flags);
	if (r) {
		unexpected(t, "configure", r);
		close(fd);
		return;
	}
	gen_input(s, dir, in, n);
restart:
	ip = 0;
	op = 0;
	while (ip < n || use_convert) {
		size_t c = 1 + rnd(s) % 6000;
		uint32_t what = rnd(s) % 64;

		if (c > n - ip)
			c = n - ip;
		if (what == 0) {
			if (rnd(s) & 1) {	/* abandon mid-stream */
				t->abandoned++;
				close(fd);
				return;
			}
			if (resets) {
				resets = 0;
				t->resets++;
				if (ioctl(fd, WHATENC_IOC_RESET))
					unexpected(t, "reset", -errno);
				goto restart;
			}
		}
		if (what == 1 && !use_convert) {
			inject_error(fd, s, t);
			continue;
		}
		if (use_convert) {
			struct whatenc_convert cv;
			size_t co = 1 + rnd(s) % 9000;

			if (co > OUT_CAP - op)
				co = OUT_CAP - op;
			memset(&cv, 0, sizeof(cv));
			cv.in = (uintptr_t)(in + ip);
			cv.in_size = c;
			cv.out = (uintptr_t)(out + op);
			cv.out_size = co;
			cv.flags = ip + c == n ? WHATENC_CONVERT_LAST : 0;
			if (ioctl(fd, WHATENC_IOC_CONVERT, &cv)) {
				unexpected(t, "convert", -errno);
				goto out;
			}
			ip += cv.in_pos;
			op += cv.out_pos;
			if (cv.result != WHATENC_RES_OK &&
			    cv.result != WHATENC_RES_OUTPUT_FULL) {
				unexpected(t, "convert result", cv.result);
				goto out;
			}
			if (ip == n && cv.flags && cv.result == WHATENC_RES_OK)
				break;
			continue;
		}
		r = write(fd, in + ip, c);
		if (r > 0) {
			ip += r;
		} else if (r < 0 && errno == EAGAIN) {
			if (drain(fd, out, &op, s) < 0) {
				unexpected(t, "read", -errno);
				goto out;
			}
		} else {
			unexpected(t, "write", r < 0 ? -errno : r);
			goto out;
		}
		if (rnd(s) & 1 && drain(fd, out, &op, s) < 0) {
			unexpected(t, "read", -errno);
			goto out;
		}
	}
	if (!use_convert) {
		if (ioctl(fd, WHATENC_IOC_END_OF_STREAM)) {
			unexpected(t, "end of stream", -errno);
			goto out;
		}
		while ((k = drain(fd, out, &op, s)) == 0)
			;	/* the flush completes as reads make room */
		if (k < 0) {
			unexpected(t, "read after end of stream", -errno);
			goto out;
		}
	}
	rlen = ref_convert(dir, enc, flags, in, n, ref);
	t->checked++;
	t->bytes_in += n;
	t->bytes_out += op;
	if (op != rlen || memcmp(out, ref, rlen)) {
		t->mismatches++;
		printf("MISMATCH: %s %s flags %#x via %s: %zu bytes in, device %zu bytes, core %zu\n",
		       dir ? "encode" : "decode", whatenc_encoding_name(enc), flags,
		       use_convert ? "CONVERT" : "write/read", n, op, rlen);
	}
out:
	if (close(fd))
		unexpected(t, "close", -errno);
}

static void merge(const struct totals *t)
{
	pthread_mutex_lock(&tot_lock);
	tot.sessions += t->sessions;
	tot.checked += t->checked;
	tot.abandoned += t->abandoned;
	tot.resets += t->resets;
	tot.bytes_in += t->bytes_in;
	tot.bytes_out += t->bytes_out;
	tot.injected += t->injected;
	tot.mismatches += t->mismatches;
	tot.unexpected += t->unexpected;
	tot.hammer_calls += t->hammer_calls;
	pthread_mutex_unlock(&tot_lock);
}

static void *session_worker(void *arg)
{
	uint64_t s = 0x9e3779b97f4a7c15ull * (uintptr_t)arg + 12345;
	struct totals t = { 0 };
	u8 *in = malloc(MAX_IN), *out = malloc(OUT_CAP), *ref = malloc(OUT_CAP);

	if (!in || !out || !ref)
		exit(2);
	while (time(NULL) < deadline)
		session(&s, &t, in, out, ref);
	merge(&t);
	free(in);
	free(out);
	free(ref);
	return NULL;
}

/* Random calls on one fd shared by several threads. */
static void *hammer(void *arg)
{
	int fd = *(int *)((void **)arg)[0];
	uint64_t s = 0x2545f4914f6cdd1dull * (uintptr_t)((void **)arg)[1] + 7;
	struct totals t = { 0 };
	struct whatenc_status st;
	struct whatenc_convert cv;
	static const char * const labels[] = { "utf-8", "shift_jis", "gb18030",
					"iso-2022-jp", "big5", "utf-16le",
					"windows-1252", "euc-kr" };
	u8 buf[4096];
	long r;
	int i;

	/*
	 * Other threads change the state under us: EAGAIN (buffer full or
	 * empty), EILSEQ (error state) and EBUSY (CONVERT with output
	 * pending) are all documented results here.
	 */
	while (time(NULL) < deadline) {
		t.hammer_calls++;
		switch (rnd(&s) % 10) {
		case 0:
			r = configure(fd, labels[rnd(&s) % 8], rnd(&s) & 1, 0);
			if (r)
				unexpected(&t, "shared configure", r);
			break;
		case 1:
			if (ioctl(fd, WHATENC_IOC_RESET))
				unexpected(&t, "shared reset", -errno);
			break;
		case 2:
			/* may hit the error state (EILSEQ) or a flush */
			if (ioctl(fd, WHATENC_IOC_END_OF_STREAM) &&
			    errno != EILSEQ && errno != EBUSY)
				unexpected(&t, "shared eos", -errno);
			break;
		case 3:
			if (ioctl(fd, WHATENC_IOC_STATUS, &st))
				unexpected(&t, "shared status", -errno);
			break;
		case 4:
			inject_error(fd, &s, &t);
			break;
		case 5:
			memset(&cv, 0, sizeof(cv));
			for (i = 0; i < 512; i++)
				buf[i] = rnd(&s);
			cv.in = (uintptr_t)buf;
			cv.in_size = 512;
			cv.out = (uintptr_t)(buf + 512);
			cv.out_size = sizeof(buf) - 512;
			if (ioctl(fd, WHATENC_IOC_CONVERT, &cv) &&
			    errno != EBUSY && errno != EILSEQ)
				unexpected(&t, "shared convert", -errno);
			break;
		case 6: case 7:
			for (i = 0; i < 1000; i++)
				buf[i] = rnd(&s);
			r = write(fd, buf, 1 + rnd(&s) % 1000);
			if (r < 0 && errno != EAGAIN && errno != EILSEQ &&
			    errno != EBUSY)
				unexpected(&t, "shared write", -errno);
			break;
		default:
			r = read(fd, buf, 1 + rnd(&s) % sizeof(buf));
			if (r < 0 && errno != EAGAIN && errno != EILSEQ)
				unexpected(&t, "shared read", -errno);
			break;
		}
	}
	merge(&t);
	return NULL;
}

/* A session converting @in through write/read, checked against the core. */
static int check_session(int fd, const u8 *in, size_t n, size_t split,
			 const char *label, int enc, int part)
{
	static u8 out[OUT_CAP], ref[OUT_CAP];
	size_t op = 0, rlen;
	uint64_t s = 42;

	if (part != 2) {
		if (configure(fd, label, WHATENC_DIR_DECODE, 0))
			return -1;
		if (write(fd, in, split) != (ssize_t)split)
			return -1;
		if (part == 1)
			return 0;
	}
	if (write(fd, in + split, n - split) != (ssize_t)(n - split) ||
	    ioctl(fd, WHATENC_IOC_END_OF_STREAM))
		return -1;
	while (drain(fd, out, &op, &s) == 0)
		;
	rlen = ref_convert(WHATENC_DIR_DECODE, enc, 0, in, n, ref);
	return op == rlen && !memcmp(out, ref, rlen) ? 0 : -1;
}

/*
 * The buffers are allocated at a session's first write (issue 15): with
 * buf_size 4096 all of them come from the slab, so failslab reaches
 * every allocation of that write. The write fails with ENOMEM having
 * consumed nothing, or works; either way the session then converts the
 * whole input correctly. Returns the failures; counts ENOMEMs in @enomem.
 */
static int failslab_first_write(const char *dir, int mif, const u8 *in,
				size_t n, int enc, int *enomem, int *ok)
{
	const char *bs = "/sys/module/whatenc/parameters/buf_size";
	char times[256], space[256], v[32];
	struct whatenc_status st;
	int fd, fails = 0, e;
	ssize_t w;
	long sp;

	snprintf(times, sizeof(times), "%s/times", dir);
	snprintf(space, sizeof(space), "%s/space", dir);
	if (sysfs_put(bs, "4096")) {
		printf("FAIL: cannot set %s\n", bs);
		return 1;
	}
	for (sp = 0; sp < 1 << 20; sp += 32) {
		fd = open(dev, O_RDWR | O_NONBLOCK);
		if (fd < 0 || configure(fd, "sjis", WHATENC_DIR_DECODE, 0)) {
			printf("FAIL: open/configure: %s\n", strerror(errno));
			fails++;
			break;
		}
		snprintf(v, sizeof(v), "%ld", sp);
		if (sysfs_put(space, v) || sysfs_put(times, "1") ||
		    pwrite(mif, "1", 1, 0) != 1)
			return fails + 1;
		w = write(fd, in, 1001);
		e = errno;
		if (pwrite(mif, "0", 1, 0) != 1)
			return fails + 1;
		if (w < 0) {
			memset(&st, 0, sizeof(st));
			if (e != ENOMEM ||
			    ioctl(fd, WHATENC_IOC_STATUS, &st) ||
			    st.bytes_in != 0) {
				fails++;
				printf("FAIL: first write with space %ld: %s, bytes_in %llu\n",
				       sp, strerror(e),
				       (unsigned long long)st.bytes_in);
			}
			(*enomem)++;
			w = 0;
		} else {
			(*ok)++;
		}
		if (check_session(fd, in, n, w, "sjis", enc, 2)) {
			fails++;
			printf("FAIL: session after a first write with space %ld (%zd consumed) converts wrongly\n",
			       sp, w);
		}
		close(fd);
		if (sysfs_get_long(times) == 1)	/* no failure left to inject */
			break;
	}
	sysfs_put(times, "0");
	sysfs_put(bs, "65536");
	if (!*enomem) {
		fails++;
		printf("FAIL: no first write failed: failslab not effective\n");
	}
	return fails;
}

static int failslab_sweep(const char *dir)
{
	char times[256], space[256], v[32];
	u8 in[3000];
	int victim, fd, mif, i, fails = 0, enomem = 0, swallowed = 0;
	int wenomem = 0, wok = 0;
	int enc = WHATENC_SHIFT_JIS, opened = 0;
	long ref0, ref1, sp;

	for (i = 0; i < (int)sizeof(in); i++)
		in[i] = i % 7 ? 0x20 + i % 90 : 0x82 + i % 3;
	snprintf(times, sizeof(times), "%s/times", dir);
	snprintf(space, sizeof(space), "%s/space", dir);
	ref0 = sysfs_get_long("/sys/module/whatenc/refcnt");
	victim = open(dev, O_RDWR | O_NONBLOCK);
	mif = open("/proc/self/make-it-fail", O_WRONLY);
	if (victim < 0 || mif < 0 ||
	    check_session(victim, in, sizeof(in), 1001, "sjis", enc, 1)) {
		printf("FAIL: setup (victim %d, make-it-fail %d): %s\n",
		       victim, mif, strerror(errno));
		return 1;
	}
	for (sp = 0; sp < 1 << 20; sp += 32) {
		snprintf(v, sizeof(v), "%ld", sp);
		if (sysfs_put(space, v) || sysfs_put(times, "1")) {
			printf("FAIL: cannot set %s/{space,times}\n", dir);
			return 1;
		}
		if (pwrite(mif, "1", 1, 0) != 1)
			return 1;
		fd = open(dev, O_RDWR | O_NONBLOCK);
		i = errno;
		if (pwrite(mif, "0", 1, 0) != 1)
			return 1;
		if (fd < 0) {
			if (i == ENOMEM) {
				enomem++;
			} else {
				fails++;
				printf("FAIL: open with space %ld: %s\n", sp,
				       strerror(i));
			}
			continue;
		}
		opened++;
		if (sysfs_get_long(times) == 1) {	/* no failure left to inject */
			if (check_session(fd, in, sizeof(in), 700, "sjis",
					  enc, 0)) {
				fails++;
				printf("FAIL: session after the sweep\n");
			}
			close(fd);
			break;
		}
		swallowed++;	/* a failure the open path recovered from */
		if (check_session(fd, in, sizeof(in), 700, "sjis", enc, 0)) {
			fails++;
			printf("FAIL: session opened despite an injected failure (space %ld) does not convert\n",
			       sp);
		}
		close(fd);
	}
	sysfs_put(times, "0");
	if (sp >= 1 << 20) {
		fails++;
		printf("FAIL: the sweep never got through open()\n");
	}
	fails += failslab_first_write(dir, mif, in, sizeof(in), enc, &wenomem,
				      &wok);
	printf("failslab: first write: %d failed with ENOMEM (nothing consumed), %d worked; every session then converted correctly unless reported\n",
	       wenomem, wok);
	if (check_session(victim, in, sizeof(in), 1001, "sjis", enc, 2)) {
		fails++;
		printf("FAIL: the session opened before converts wrongly\n");
	}
	close(victim);
	close(mif);
	ref1 = sysfs_get_long("/sys/module/whatenc/refcnt");
	if (ref1 != ref0) {
		fails++;
		printf("FAIL: module refcnt %ld before, %ld after\n", ref0, ref1);
	}
	printf("failslab: %ld bytes of budget swept, %d open() failed with ENOMEM, %d survived an injected failure, %d other failures\n",
	       sp, enomem, swallowed, fails);
	if (!enomem) {
		fails++;
		printf("FAIL: no open() failed: failslab not effective\n");
	}
	printf("%d passed, %d failed\n", enomem + opened + wenomem + wok, fails);
	return fails ? 1 : 0;
}

int main(int argc, char **argv)
{
	int secs = argc > 1 ? atoi(argv[1]) : 20;
	int nsess = argc > 2 ? atoi(argv[2]) : 8;
	int nham = argc > 3 ? atoi(argv[3]) : 4;
	pthread_t th[128];
	void *hargs[64][2];
	int shared_fd, i, n = 0, fails;

	if (argc > 2 && !strcmp(argv[1], "--failslab"))
		return failslab_sweep(argv[2]);
	if (nsess + nham > 128 || nham > 64 || secs <= 0) {
		fprintf(stderr, "usage: %s [SECONDS [THREADS [HAMMERS]]]\n",
			argv[0]);
		return 2;
	}
	shared_fd = open(dev, O_RDWR | O_NONBLOCK);
	if (shared_fd < 0) {
		printf("cannot open %s: %s\n", dev, strerror(errno));
		return 1;
	}
	printf("# whatenc-stress: %d s, %d session threads, %d threads on a shared fd\n",
	       secs, nsess, nham);
	deadline = time(NULL) + secs;
	for (i = 0; i < nsess; i++)
		if (!pthread_create(&th[n], NULL, session_worker,
				    (void *)(uintptr_t)(i + 1)))
			n++;
	for (i = 0; i < nham; i++) {
		hargs[i][0] = &shared_fd;
		hargs[i][1] = (void *)(uintptr_t)(i + 1);
		if (!pthread_create(&th[n], NULL, hammer, hargs[i]))
			n++;
	}
	for (i = 0; i < n; i++)
		pthread_join(th[i], NULL);
	if (close(shared_fd))
		tot.unexpected++;
	printf("sessions: %lu (checked against the core %lu, abandoned %lu, resets %lu)\n",
	       tot.sessions, tot.checked, tot.abandoned, tot.resets);
	printf("bytes: %lu in, %lu out\n", tot.bytes_in, tot.bytes_out);
	printf("errors injected: %lu (all failed as documented unless counted below)\n",
	       tot.injected);
	printf("shared-fd calls: %lu\n", tot.hammer_calls);
	printf("mismatches: %lu\n", tot.mismatches);
	printf("unexpected results: %lu\n", tot.unexpected);
	fails = (tot.mismatches > 0) + (tot.unexpected > 0) +
		(n != nsess + nham) + (tot.checked == 0);
	printf("%d passed, %d failed\n", 4 - fails, fails);
	return fails ? 1 : 0;
}
