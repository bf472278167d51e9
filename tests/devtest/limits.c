// SPDX-License-Identifier: GPL-2.0-only
/*
 * limits.c - whatenc-limits: what /dev/whatenc costs and lets a user do
 * (run inside the test VM by tests/vm/limits.sh; issue 15)
 *
 *   whatenc-limits idle N   kernel memory per idle open session: N fds
 *                           opened (as an unprivileged user), the
 *                           difference of Slab and of MemFree in
 *                           /proc/meminfo divided by N; at most 2048
 *                           bytes each (the goal) unless the kernel has
 *                           kmemleak/KASAN (the debug kernel: printed only)
 *   whatenc-limits cap      an unprivileged user at the user_mem_max cap:
 *                           busy sessions until write() fails with
 *                           ENOBUFS, what still works there (idle opens,
 *                           STATUS, reading held output, END_OF_STREAM's
 *                           errno, CONVERT), what frees room (close, a
 *                           stream read to its end), root exempt; the
 *                           ids of a subuid range (a user namespace of
 *                           nobody's that root maps 64 ids into) share
 *                           nobody's cap, not one cap each
 *   whatenc-limits kill     a 2 GiB write() to a "replacement" decoder
 *                           (consumes everything, outputs nothing more):
 *                           a signal stops it with a short count, SIGKILL
 *                           ends the process at once, and the whole 2 GiB
 *                           write completes without a soft lockup where
 *                           the kernel has a lockup detector
 *                           (watchdog_thresh lowered to 1 meanwhile)
 *
 * Each prints figures and "N passed, N failed"; exit 1 on any failure.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <linux/whatenc.h>
#include "devcheck.h"
#include "sysfs.h"

#define NOBODY 65534

static const char *dev = "/dev/whatenc";
static const char *cap_param = "/sys/module/whatenc/parameters/user_mem_max";

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* A /proc/meminfo field in kB, -1 if absent. */
static long meminfo(const char *key)
{
	char line[256];
	size_t kl = strlen(key);
	long v = -1;
	FILE *f = fopen("/proc/meminfo", "r");

	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f))
		if (!strncmp(line, key, kl) && line[kl] == ':') {
			v = atol(line + kl + 1);
			break;
		}
	fclose(f);
	return v;
}

/* kmemleak (the debug kernel), looked at as root before dropping root */
static int debug_kernel(void)
{
	static int dbg = -1;

	if (dbg < 0)
		dbg = access("/sys/kernel/debug/kmemleak", F_OK) == 0;
	return dbg;
}

static int cfg(int fd, const char *label, unsigned int dir, unsigned int flags)
{
	struct whatenc_configure c;

	memset(&c, 0, sizeof(c));
	snprintf(c.label, sizeof(c.label), "%s", label);
	c.direction = dir;
	c.flags = flags;
	return ioctl(fd, WHATENC_IOC_CONFIGURE, &c) ? -errno : 0;
}

static void become_nobody(void)
{
	if (setgid(NOBODY) || setuid(NOBODY)) {
		printf("FAIL: cannot become uid %d: %s\n", NOBODY,
		       strerror(errno));
		exit(1);
	}
}

/* Run @fn as uid NOBODY in a child; its pass/fail counts are added. */
static void as_nobody(void (*fn)(void))
{
	int p[2], st = 0, counts[2] = { 0, 1 };
	pid_t pid;

	fflush(stdout);
	if (pipe(p))
		exit(1);
	pid = fork();
	if (pid == 0) {
		close(p[0]);
		become_nobody();
		fn();
		counts[0] = npass;
		counts[1] = nfail;
		if (write(p[1], counts, sizeof(counts)) != sizeof(counts))
			_exit(1);
		fflush(stdout);
		_exit(0);
	}
	close(p[1]);
	if (read(p[0], counts, sizeof(counts)) != sizeof(counts))
		printf("FAIL: the child reported nothing\n");
	close(p[0]);
	waitpid(pid, &st, 0);
	npass += counts[0];
	nfail += counts[1];
	CHECK(WIFEXITED(st) && !WEXITSTATUS(st), "child status %#x", st);
}

/* ---- idle sessions -------------------------------------------------------- */

static int idle_n;

static void idle_fds(void)
{
	int *fds = calloc(idle_n, sizeof(int));
	long slab0, slab1, free0, free1, avail0;
	int i, n = 0;

	/* settle, then count */
	sleep(1);
	slab0 = meminfo("Slab");
	free0 = meminfo("MemFree");
	avail0 = meminfo("MemAvailable");
	for (i = 0; i < idle_n; i++) {
		fds[i] = open(dev, O_RDWR);
		if (fds[i] < 0)
			break;
		n++;
		/* before issue 15 each open took ~84 KiB: stop at 3/4 */
		if (i % 256 == 255 &&
		    meminfo("MemAvailable") < avail0 / 4) {
			printf("stopping at %d fds: MemAvailable %ld kB\n",
			       n, meminfo("MemAvailable"));
			break;
		}
	}
	sleep(1);
	slab1 = meminfo("Slab");
	free1 = meminfo("MemFree");
	CHECK(n == idle_n, "opened %d of %d", n, idle_n);
	printf("idle sessions: %d fds as uid %d: Slab %ld -> %ld kB (%.0f bytes per fd), MemFree %ld -> %ld kB (%.0f bytes per fd)\n",
	       n, NOBODY, slab0, slab1, (slab1 - slab0) * 1024.0 / n, free0,
	       free1, (free0 - free1) * 1024.0 / n);
	if (debug_kernel())
		printf("(debug kernel: KASAN/kmemleak/lockdep inflate every object; no limit checked)\n");
	else
		CHECK((free0 - free1) * 1024.0 / n <= 2048,
		      "%.0f bytes of kernel memory per idle fd (goal 2048)",
		      (free0 - free1) * 1024.0 / n);
	for (i = 0; i < n; i++)
		close(fds[i]);
	free(fds);
}

static int run_idle(int n)
{
	struct rlimit rl = { n + 64, n + 64 };

	idle_n = n;
	debug_kernel();
	if (setrlimit(RLIMIT_NOFILE, &rl)) {
		printf("FAIL: RLIMIT_NOFILE %d: %s\n", n + 64, strerror(errno));
		return 1;
	}
	as_nobody(idle_fds);
	return devcheck_finish();
}

/* ---- the per-user cap ------------------------------------------------------ */

#define CAP_BYTES	(1ul << 20)
#define MAXS		64

static void at_cap(void)
{
	int fds[MAXS], busy = 0, i, extra, fd2, ret;
	struct whatenc_status st;
	char out[64];
	ssize_t w, r;

	/* each busy session: a 64 KiB output and a 16 KiB bounce buffer */
	for (i = 0; i < MAXS; i++) {
		fds[i] = open(dev, O_RDWR | O_NONBLOCK);
		CHECK(fds[i] >= 0, "open %d", i);
		if (fds[i] < 0)
			return;
		w = write(fds[i], "caf\xc3\xa9", 5);
		if (w != 5)
			break;
		busy++;
	}
	CHECK(busy == (int)(CAP_BYTES / (80 << 10)),
	      "%d busy sessions under a %lu-byte cap (80 KiB each)", busy,
	      CAP_BYTES);
	CHECK(i < MAXS && w < 0 && errno == ENOBUFS,
	      "write() at the cap: %zd", w);
	printf("at the cap (%lu bytes): %d busy sessions of 80 KiB, then write() fails with ENOBUFS\n",
	       CAP_BYTES, busy);
	extra = fds[i];
	/* nothing changed in the refused session */
	CHECK(!ioctl(extra, WHATENC_IOC_STATUS, &st) && st.bytes_in == 0 &&
	      st.state == WHATENC_STATE_STREAM, "STATUS at the cap");
	errno = 0;
	ret = ioctl(extra, WHATENC_IOC_END_OF_STREAM);
	CHECK(ret < 0 && errno == ENOBUFS, "END_OF_STREAM at the cap: %d",
	      ret);
	{
		char in[4] = "abc", o[8];
		struct whatenc_convert cv = {
			.in = (unsigned long)in, .in_size = 3,
			.out = (unsigned long)o, .out_size = sizeof(o),
			.flags = WHATENC_CONVERT_LAST,
		};

		errno = 0;
		ret = ioctl(extra, WHATENC_IOC_CONVERT, &cv);
		CHECK(ret < 0 && errno == ENOBUFS && cv.in_pos == 0,
		      "CONVERT at the cap: %d", ret);
	}
	/* idle sessions still open: they hold no buffer */
	fd2 = open(dev, O_RDWR);
	CHECK(fd2 >= 0, "an idle open at the cap");
	if (fd2 >= 0)
		close(fd2);
	/* held output is intact */
	r = read(fds[0], out, sizeof(out));
	CHECK(r == 5 && !memcmp(out, "caf\xc3\xa9", 5), "held output: %zd", r);
	/* a stream read to its end gives its buffers back */
	CHECK(!ioctl(fds[0], WHATENC_IOC_END_OF_STREAM), "END_OF_STREAM");
	r = read(fds[0], out, sizeof(out));
	CHECK(r == 0, "end of stream read: %zd", r);
	w = write(extra, "x", 1);
	CHECK(w == 1, "write after a stream ended: %zd", w);
	/* so does close() */
	fd2 = open(dev, O_RDWR | O_NONBLOCK);
	w = write(fd2, "y", 1);
	CHECK(w < 0 && errno == ENOBUFS, "at the cap again: %zd", w);
	close(fds[1]);
	w = write(fd2, "y", 1);
	CHECK(w == 1, "write after close(): %zd", w);
	close(fd2);
	for (extra = 0; extra <= i; extra++)
		if (extra != 1)
			close(fds[extra]);
}

/*
 * Subuids: nobody creates a user namespace, root maps 64 ids into it
 * (SUBUID_BASE..+63, as newuidmap would from /etc/subuid), and the child
 * opens its sessions as a different id each: they all count in nobody's
 * cap (the namespace's owner), so the cap holds as for one user. Keyed by
 * uid, each id had a cap of its own and all MAXS sessions got buffers.
 */
#define SUBUID_BASE	300000

static void subuid_child(int ready, int go, int res)
{
	int fds[MAXS], busy = 0, i, counts[2], err = 0;
	char c;
	ssize_t w = 0;

	npass = 0;	/* the parent's counts are its own: report ours */
	nfail = 0;
	become_nobody();
	if (unshare(CLONE_NEWUSER)) {
		printf("SKIP: subuids: unshare(CLONE_NEWUSER): %s\n",
		       strerror(errno));
		c = 's';
		if (write(ready, &c, 1) != 1)
			_exit(1);
		fflush(stdout);
		_exit(0);
	}
	c = 'u';
	if (write(ready, &c, 1) != 1 || read(go, &c, 1) != 1)
		_exit(1);
	CHECK(!setresuid(0, 0, 0), "uid 0 in the namespace (kuid %d)",
	      SUBUID_BASE);
	for (i = 0; i < MAXS; i++) {
		/* id 1 + i: kuid SUBUID_BASE + 1 + i; saved id 0 to come back */
		if (setresuid(1 + i, 1 + i, 0)) {
			CHECK(0, "setresuid(%d)", 1 + i);
			break;
		}
		fds[i] = open(dev, O_RDWR | O_NONBLOCK);
		w = fds[i] >= 0 ? write(fds[i], "s", 1) : -1;
		err = errno;
		if (setresuid(0, 0, 0)) {
			CHECK(0, "back to id 0");
			break;
		}
		if (w != 1)
			break;
		busy++;
	}
	errno = err;
	CHECK(busy == (int)(CAP_BYTES / (80 << 10)) && w < 0 &&
	      err == ENOBUFS,
	      "%d busy sessions of %d ids in one namespace under a %lu-byte cap",
	      busy, i + 1, CAP_BYTES);
	printf("subuids: %d busy sessions, each opened by another id of nobody's namespace (then write %zd: %s)\n",
	       busy, w, strerror(err));
	counts[0] = npass;
	counts[1] = nfail;
	fflush(stdout);
	if (write(res, counts, sizeof(counts)) != sizeof(counts))
		_exit(1);
	_exit(0);
}

static void subuids(void)
{
	int ready[2], go[2], res[2], counts[2] = { 0, 1 }, st = 0, fd;
	char c = 0, path[64], map[64];
	pid_t pid;

	fflush(stdout);
	if (pipe(ready) || pipe(go) || pipe(res))
		exit(1);
	pid = fork();
	if (pid == 0) {
		close(ready[0]);
		close(go[1]);
		close(res[0]);
		subuid_child(ready[1], go[0], res[1]);
	}
	close(ready[1]);
	close(go[0]);
	close(res[1]);
	if (read(ready[0], &c, 1) != 1 || c != 'u') {
		waitpid(pid, &st, 0);
		CHECK(c == 's', "the subuid child did not start");
		return;
	}
	snprintf(path, sizeof(path), "/proc/%d/uid_map", (int)pid);
	snprintf(map, sizeof(map), "0 %d %d\n", SUBUID_BASE, MAXS + 1);
	fd = open(path, O_WRONLY);
	CHECK(fd >= 0 && write(fd, map, strlen(map)) == (ssize_t)strlen(map),
	      "write %s", path);
	if (fd >= 0)
		close(fd);
	c = 'g';
	if (write(go[1], &c, 1) != 1)
		exit(1);
	if (read(res[0], counts, sizeof(counts)) != sizeof(counts))
		printf("FAIL: the subuid child reported nothing\n");
	waitpid(pid, &st, 0);
	npass += counts[0];
	nfail += counts[1];
	CHECK(WIFEXITED(st) && !WEXITSTATUS(st), "child status %#x", st);
}

static int run_cap(void)
{
	char old[32];
	long o = sysfs_get_long(cap_param);
	int fds[MAXS], i, ok = 1;

	CHECK(o > 0, "%s: %ld (default 64 MiB)", cap_param, o);
	if (o <= 0)
		return devcheck_finish();
	CHECK(o == 64l << 20, "default cap %ld", o);
	snprintf(old, sizeof(old), "%ld", o);
	{
		char v[32];

		snprintf(v, sizeof(v), "%lu", CAP_BYTES);
		CHECK(sysfs_put(cap_param, v) == 0, "set the cap to %s", v);
	}
	for (i = 0; i < MAXS; i++)
		fds[i] = -1;
	as_nobody(at_cap);
	subuids();
	/* root (CAP_SYS_RESOURCE) is not capped */
	for (i = 0; i < 2 * (int)(CAP_BYTES / (80 << 10)) && ok; i++) {
		fds[i] = open(dev, O_RDWR | O_NONBLOCK);
		ok = fds[i] >= 0 && write(fds[i], "z", 1) == 1;
	}
	CHECK(ok, "root beyond the cap: session %d", i);
	for (i = 0; i < MAXS; i++)
		if (fds[i] >= 0)
			close(fds[i]);
	sysfs_put(cap_param, old);
	return devcheck_finish();
}

/* ---- a 2 GiB write --------------------------------------------------------- */

#define BIG	((size_t)2 << 30)

static void on_alarm(int sig)
{
	(void)sig;
}

static int open_replacement(void)
{
	int fd = open(dev, O_RDWR);

	if (fd < 0 || cfg(fd, "replacement", WHATENC_DIR_DECODE, 0)) {
		printf("FAIL: replacement session: %s\n", strerror(errno));
		exit(1);
	}
	return fd;
}

static int run_kill(void)
{
	struct sigaction sa = { .sa_handler = on_alarm };
	struct itimerval it = { .it_value = { 0, 200000 } };
	const char *thresh = "/proc/sys/kernel/watchdog_thresh";
	char *big;
	double t0, t1;
	ssize_t w;
	long old_thresh;
	int fd, st, pfd[2];
	char c;
	pid_t pid;

	big = mmap(NULL, BIG, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS |
		   MAP_NORESERVE, -1, 0);
	if (big == MAP_FAILED) {
		printf("FAIL: mmap 2 GiB: %s\n", strerror(errno));
		return 1;
	}
	if (pipe(pfd))
		return 1;
	/* 1. a signal (no SA_RESTART) stops it with the count done */
	fd = open_replacement();
	sigaction(SIGALRM, &sa, NULL);
	setitimer(ITIMER_REAL, &it, NULL);
	t0 = now();
	w = write(fd, big, BIG);
	t1 = now();
	CHECK(w > 0 && (size_t)w < BIG - 4096,
	      "write of 2 GiB with a signal after 0.2 s returned %zd", w);
	CHECK(t1 - t0 < 2.0, "it returned after %.2f s", t1 - t0);
	printf("2 GiB write, SIGALRM after 0.2 s: returned %zd after %.3f s\n",
	       w, t1 - t0);
	close(fd);

	/*
	 * 2. SIGKILL ends the process promptly. The child maps the zero
	 * page everywhere first: a user copy that faults sees a fatal
	 * signal by itself, a copy from mapped pages does not.
	 */
	fflush(stdout);
	pid = fork();
	if (pid == 0) {
		volatile char sink = 0;
		size_t off;

		for (off = 0; off < BIG; off += 4096)
			sink += big[off];
		write(pfd[1], "r", 1);
		fd = open_replacement();
		w = write(fd, big, BIG);
		_exit(w > 0 ? 0 : 1);
	}
	if (read(pfd[0], &c, 1) != 1)
		printf("FAIL: no word from the writer\n");
	usleep(200000);
	t0 = now();
	kill(pid, SIGKILL);
	waitpid(pid, &st, 0);
	t1 = now();
	CHECK(WIFSIGNALED(st) && WTERMSIG(st) == SIGKILL,
	      "the writer ended by SIGKILL (status %#x)", st);
	CHECK(t1 - t0 < 2.0, "SIGKILL took %.2f s", t1 - t0);
	printf("2 GiB write, SIGKILL after 0.2 s: the process was gone %.3f s later\n",
	       t1 - t0);

	/*
	 * 3. the whole write, with the soft-lockup detector on edge: where
	 * the kernel has one (the debug kernel, Debian's)
	 */
	old_thresh = sysfs_get_long(thresh);
	if (old_thresh <= 0) {
		printf("no lockup detector: the uninterrupted write is not run\n");
		munmap(big, BIG);
		return devcheck_finish();
	}
	sysfs_put(thresh, "1");
	fd = open_replacement();
	t0 = now();
	w = write(fd, big, BIG);
	t1 = now();
	{
		char v[32];

		snprintf(v, sizeof(v), "%ld", old_thresh);
		sysfs_put(thresh, v);
	}
	/* write() is limited to MAX_RW_COUNT (2 GiB - 4 KiB) */
	CHECK(w == (ssize_t)(BIG - 4096), "the whole write: %zd", w);
	printf("2 GiB write without a signal: %zd bytes in %.1f s, watchdog_thresh 1 (a soft lockup would be reported after 2 s)\n",
	       w, t1 - t0);
	close(fd);
	munmap(big, BIG);
	return devcheck_finish();
}

int main(int argc, char **argv)
{
	setvbuf(stdout, NULL, _IOLBF, 0);
	if (argc > 2 && !strcmp(argv[1], "idle"))
		return run_idle(atoi(argv[2]));
	if (argc > 1 && !strcmp(argv[1], "cap"))
		return run_cap();
	if (argc > 1 && !strcmp(argv[1], "kill"))
		return run_kill();
	fprintf(stderr, "usage: %s idle N | cap | kill\n", argv[0]);
	return 2;
}
