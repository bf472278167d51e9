// SPDX-License-Identifier: GPL-2.0-only
/*
 * devtest.c - drive the real /dev/whatenc (run inside the test VM)
 *
 * Every ioctl with good and bad input (including bad user pointers:
 * EFAULT with nothing changed), short writes, O_NONBLOCK, poll,
 * FIONREAD, end of stream and restart, fatal error offsets, 1000
 * sessions at once, threads on separate fds and on one fd, signals
 * during a blocking read, and the device's output for every encoding
 * compared with the userspace build of the same core (linked in).
 *
 * Prints "N passed, N failed"; exits 1 on any failure.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <sys/sysmacros.h>
#include <time.h>
#include <unistd.h>
#include <linux/whatenc.h>
#include "devcheck.h"
#include "sysfs.h"
#include "whatenc.h"

static const char *dev = "/dev/whatenc";

static int xopen(int flags)
{
	int fd = open(dev, O_RDWR | flags);

	if (fd < 0) {
		printf("cannot open %s: %s\n", dev, strerror(errno));
		exit(1);
	}
	return fd;
}

static int cfg(int fd, const char *label, unsigned int dir, unsigned int flags,
	       struct whatenc_configure *out)
{
	struct whatenc_configure c;

	memset(&c, 0, sizeof(c));
	snprintf(c.label, sizeof(c.label), "%s", label);
	c.direction = dir;
	c.flags = flags;
	if (ioctl(fd, WHATENC_IOC_CONFIGURE, &c))
		return -errno;
	if (out)
		*out = c;
	return 0;
}

static void status(int fd, struct whatenc_status *st)
{
	memset(st, 0xaa, sizeof(*st));
	if (ioctl(fd, WHATENC_IOC_STATUS, st))
		printf("STATUS failed: %s\n", strerror(errno));
}

static int fionread(int fd)
{
	int n = -1;

	if (ioctl(fd, FIONREAD, &n))
		return -errno;
	return n;
}

static ssize_t xwrite(int fd, const void *p, size_t n)
{
	ssize_t r = write(fd, p, n);

	return r < 0 ? -errno : r;
}

static ssize_t xread(int fd, void *p, size_t n)
{
	ssize_t r = read(fd, p, n);

	return r < 0 ? -errno : r;
}

static __thread uint64_t rng = 0x9e3779b97f4a7c15ull;

static uint32_t rnd(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return (uint32_t)(rng >> 16);
}

/* ---- reference conversions with the userspace core --------------------- */

static size_t ref_convert(int dir, int enc, unsigned int flags, const u8 *in,
			  size_t n, u8 *out, size_t cap, int *ret)
{
	struct whatenc_decoder d;
	struct whatenc_encoder e;
	struct whatenc_buf b = { in, 0, n, out, 0, cap };

	if (dir == WHATENC_DIR_DECODE) {
		whatenc_decoder_init(&d, enc, flags);
		*ret = whatenc_decode(&d, &b, true);
	} else {
		whatenc_encoder_init(&e, enc, flags);
		*ret = whatenc_encode(&e, &b, true);
	}
	return b.out_pos;
}

/* Random input for decoders: mostly ASCII, some bytes of every value. */
static void gen_bytes(u8 *p, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		uint32_t r = rnd();

		p[i] = (r & 3) ? (u8)(0x20 + (r >> 8) % 0x5f) : (u8)(r >> 8);
	}
}

/* Random UTF-8 for encoders, some of it malformed. */
static size_t gen_utf8(u8 *p, size_t n)
{
	size_t i = 0;

	while (i + 4 <= n) {
		uint32_t r = rnd(), cp;

		switch (r & 7) {
		case 0: case 1: case 2:
			p[i++] = 0x20 + (r >> 8) % 0x5f;
			continue;
		case 3:
			cp = 0x80 + (r >> 8) % 0x780;
			break;
		case 4: case 5:
			cp = 0x800 + (r >> 8) % 0xf800;
			if (cp >= 0xd800 && cp < 0xe000)
				cp = 0x3042;
			break;
		case 6:
			cp = 0x10000 + (r >> 8) % 0x100000;
			break;
		default:
			p[i++] = 0x80 + (r >> 8) % 0x80;	/* malformed */
			continue;
		}
		if ((r >> 30) == 0)	/* common CJK and Latin */
			cp = 0x4e00 + (r >> 10) % 0x5000;
		if (cp < 0x800) {
			p[i++] = 0xc0 | cp >> 6;
			p[i++] = 0x80 | (cp & 0x3f);
		} else if (cp < 0x10000) {
			p[i++] = 0xe0 | cp >> 12;
			p[i++] = 0x80 | ((cp >> 6) & 0x3f);
			p[i++] = 0x80 | (cp & 0x3f);
		} else {
			p[i++] = 0xf0 | cp >> 18;
			p[i++] = 0x80 | ((cp >> 12) & 0x3f);
			p[i++] = 0x80 | ((cp >> 6) & 0x3f);
			p[i++] = 0x80 | (cp & 0x3f);
		}
	}
	return i;
}

/* Through write()/read() on a non-blocking fd in random chunks. */
static ssize_t dev_stream(int fd, const u8 *in, size_t n, u8 *out, size_t cap)
{
	size_t ip = 0, op = 0;
	ssize_t r;

	while (ip < n) {
		size_t c = 1 + rnd() % 9000;

		if (c > n - ip)
			c = n - ip;
		r = xwrite(fd, in + ip, c);
		if (r > 0) {
			ip += r;
			continue;
		}
		if (r != -EAGAIN)
			return r;
		r = xread(fd, out + op, cap - op);
		if (r <= 0)
			return r < 0 ? r : -EPIPE;
		op += r;
	}
	if (ioctl(fd, WHATENC_IOC_END_OF_STREAM))
		return -errno;
	for (;;) {
		size_t c = 1 + rnd() % 20000;

		r = xread(fd, out + op, c < cap - op ? c : cap - op);
		if (r == 0)
			break;
		if (r < 0)
			return r;
		op += r;
	}
	return op;
}

/* Through WHATENC_IOC_CONVERT in random chunks. */
static ssize_t dev_convert(int fd, const u8 *in, size_t n, u8 *out, size_t cap)
{
	struct whatenc_convert cv;
	size_t ip = 0, op = 0;

	while (1) {
		size_t ci = 1 + rnd() % 7000, co = 1 + rnd() % 9000;
		int last;

		if (ci > n - ip)
			ci = n - ip;
		if (co > cap - op)
			co = cap - op;
		last = ip + ci == n;
		memset(&cv, 0, sizeof(cv));
		cv.in = (uintptr_t)(in + ip);
		cv.in_size = ci;
		cv.out = (uintptr_t)(out + op);
		cv.out_size = co;
		cv.flags = last ? WHATENC_CONVERT_LAST : 0;
		if (ioctl(fd, WHATENC_IOC_CONVERT, &cv))
			return -errno;
		ip += cv.in_pos;
		op += cv.out_pos;
		if (cv.result != WHATENC_RES_OK &&
		    cv.result != WHATENC_RES_OUTPUT_FULL)
			return -EILSEQ;
		if (last && cv.result == WHATENC_RES_OK && ip == n)
			break;
	}
	return op;
}

/*
 * Fatal mode: the device stops where the core stops, with the same output
 * before the error, the same kind of error and the same stream offset.
 */
static void test_fatal_equivalence(void)
{
	size_t n = 20000, cap = 8 * n + 64;
	u8 *in = malloc(n), *ref = malloc(cap), *out = malloc(cap);
	int enc, dir, fd = xopen(O_NONBLOCK), same = 0, errors = 0;

	for (dir = 0; dir < 2; dir++) {
		for (enc = 0; enc < WHATENC_NR_ENCODINGS; enc++) {
			unsigned int flags = dir ? 0 : WHATENC_DEC_FATAL;
			struct whatenc_decoder d;
			struct whatenc_encoder e;
			struct whatenc_status st;
			struct whatenc_buf b;
			size_t len = n, ip = 0, op = 0;
			u64 ref_off = 0;
			int ret, werr = 0;
			ssize_t r;

			if (dir)
				len = gen_utf8(in, n);
			else
				gen_bytes(in, n);
			b = (struct whatenc_buf){ in, 0, len, ref, 0, cap };
			if (dir) {
				whatenc_encoder_init(&e, enc, flags);
				ret = whatenc_encode(&e, &b, true);
				ref_off = e.err.offset;
			} else {
				whatenc_decoder_init(&d, enc, flags);
				ret = whatenc_decode(&d, &b, true);
				ref_off = d.err.offset;
			}
			if (cfg(fd, whatenc_encoding_name(enc), dir, flags, NULL)) {
				CHECK(0, "configure %s", whatenc_encoding_name(enc));
				continue;
			}
			while (ip < len) {
				size_t c = 1 + rnd() % 3000;

				r = xwrite(fd, in + ip, c < len - ip ? c : len - ip);
				if (r > 0) {
					ip += r;
					continue;
				}
				if (r != -EAGAIN) {
					werr = (int)r;
					break;
				}
				r = xread(fd, out + op, cap - op);
				if (r > 0)
					op += r;
			}
			if (!werr && ioctl(fd, WHATENC_IOC_END_OF_STREAM))
				werr = -errno;
			while ((r = xread(fd, out + op, cap - op)) > 0)
				op += r;
			status(fd, &st);
			if (ret == WHATENC_INPUT_EMPTY) {
				if (r == 0 && !werr && op == b.out_pos &&
				    !memcmp(out, ref, op))
					same++;
				else
					CHECK(0, "fatal %s %s: no error expected (%zd, %d)",
					      dir ? "encode" : "decode",
					      whatenc_encoding_name(enc), r, werr);
				continue;
			}
			errors++;
			if (r == -EILSEQ && op == b.out_pos &&
			    !memcmp(out, ref, op) && st.err_kind == (u32)ret &&
			    st.err_offset == ref_off)
				same++;
			else
				CHECK(0, "fatal %s %s: out %zu/%zu kind %u/%d offset %llu/%llu",
				      dir ? "encode" : "decode", whatenc_encoding_name(enc),
				      op, b.out_pos, st.err_kind, ret,
				      (unsigned long long)st.err_offset,
				      (unsigned long long)ref_off);
		}
	}
	CHECK(same == 2 * WHATENC_NR_ENCODINGS,
	      "fatal mode equal to core: %d of 80", same);
	printf("# fatal equivalence: %d of 80 equal (%d stopped at an error)\n",
	       same, errors);
	close(fd);
	free(in);
	free(ref);
	free(out);
}

static void test_equivalence(void)
{
	size_t n = 60000, cap;
	u8 *in = malloc(n), *ref, *out;
	int enc, dir, fd = xopen(O_NONBLOCK);
	int eq_stream = 0, eq_conv = 0, total = 0;

	cap = 8 * n + 64;
	ref = malloc(cap);
	out = malloc(cap);
	for (dir = 0; dir < 2; dir++) {
		for (enc = 0; enc < WHATENC_NR_ENCODINGS; enc++) {
			unsigned int flags = dir ? WHATENC_ENC_HTML : 0;
			size_t len = n, rlen;
			ssize_t dlen;
			int ret, c;

			if (dir)
				len = gen_utf8(in, n);
			else
				gen_bytes(in, n);
			rlen = ref_convert(dir, enc, flags, in, len, ref, cap,
					   &ret);
			CHECK(ret == WHATENC_INPUT_EMPTY, "core %s: %d",
			      whatenc_encoding_name(enc), ret);
			c = cfg(fd, whatenc_encoding_name(enc), dir, flags, NULL);
			CHECK(c == 0, "configure %s dir %d", whatenc_encoding_name(enc),
			      dir);
			if (c)
				continue;
			total++;
			dlen = dev_stream(fd, in, len, out, cap);
			if (dlen == (ssize_t)rlen && !memcmp(out, ref, rlen))
				eq_stream++;
			else
				CHECK(0, "%s %s: write/read gives %zd bytes, core %zu",
				      dir ? "encode" : "decode",
				      whatenc_encoding_name(enc), dlen, rlen);
			dlen = dev_convert(fd, in, len, out, cap);
			if (dlen == (ssize_t)rlen && !memcmp(out, ref, rlen))
				eq_conv++;
			else
				CHECK(0, "%s %s: CONVERT gives %zd bytes, core %zu",
				      dir ? "encode" : "decode",
				      whatenc_encoding_name(enc), dlen, rlen);
		}
	}
	CHECK(eq_stream == total && total == 2 * WHATENC_NR_ENCODINGS,
	      "write/read equal to core: %d of %d", eq_stream, total);
	CHECK(eq_conv == total, "CONVERT equal to core: %d of %d", eq_conv,
	      total);
	printf("# equivalence: %d conversions (40 decoders, 40 encoders), write/read %d equal, CONVERT %d equal\n",
	       total, eq_stream, eq_conv);
	close(fd);
	free(in);
	free(ref);
	free(out);
}

/* ---- basics ------------------------------------------------------------- */

static void test_node(void)
{
	struct stat st;
	int fd = xopen(0);

	CHECK(stat(dev, &st) == 0 && S_ISCHR(st.st_mode) &&
	      (st.st_mode & 0777) == 0666, "mode %o", st.st_mode);
	CHECK(lseek(fd, 0, SEEK_SET) == -1 && errno == ESPIPE, "lseek");
	CHECK(ioctl(fd, _IO(WHATENC_IOC_MAGIC, 0x7f)) == -1 &&
	      errno == ENOTTY, "unknown ioctl");
	CHECK(ioctl(fd, _IO('T', 0x7f)) == -1 && errno == ENOTTY,
	      "foreign ioctl");
	close(fd);
}

static void test_configure(void)
{
	struct whatenc_configure c, ro_src;
	struct whatenc_status a, b;
	int fd = xopen(O_NONBLOCK);
	void *ro;
	char buf[16];

	CHECK(cfg(fd, "latin1", WHATENC_DIR_DECODE, 0, &c) == 0, "latin1");
	CHECK(c.encoding == WHATENC_WINDOWS_1252 &&
	      !strcmp(c.name, "windows-1252"), "name %s", c.name);
	CHECK(cfg(fd, "utf-16le", WHATENC_DIR_ENCODE, 0, &c) == 0 &&
	      !strcmp(c.name, "UTF-8"), "output encoding %s", c.name);
	CHECK(cfg(fd, "utf-16le", WHATENC_DIR_ENCODE, WHATENC_CFG_ENC_UTF16,
		  &c) == 0 && !strcmp(c.name, "UTF-16LE"), "UTF16 ext %s",
	      c.name);
	CHECK(cfg(fd, "unicodefffe", WHATENC_DIR_DECODE, WHATENC_CFG_DEC_WTF8,
		  &c) == 0 && !strcmp(c.name, "UTF-16BE"), "WTF8 %s", c.name);

	/* a state worth keeping, then every bad input */
	CHECK(cfg(fd, "koi8-r", WHATENC_DIR_ENCODE, 0, NULL) == 0, "koi8");
	CHECK(xwrite(fd, "ab\xe2\x82", 4) == 4, "partial");
	status(fd, &a);
	CHECK(cfg(fd, "nonsense", 0, 0, NULL) == -EINVAL, "unknown label");
	CHECK(cfg(fd, "", 0, 0, NULL) == -EINVAL, "empty label");
	CHECK(cfg(fd, "utf-8", 2, 0, NULL) == -EINVAL, "direction");
	CHECK(cfg(fd, "utf-8", 0, 0x40, NULL) == -EINVAL, "dec flag");
	CHECK(cfg(fd, "utf-8", 1, WHATENC_CFG_DETECT, NULL) == -EINVAL,
	      "detect with encode");
	CHECK(cfg(fd, "utf-8", 0, 0x06, NULL) == -EINVAL, "bom 6");
	CHECK(cfg(fd, "utf-8", 0, WHATENC_CFG_DEC_WTF8, NULL) == -EINVAL,
	      "wtf8 on utf-8");
	CHECK(cfg(fd, "utf-8", 1, 0x04, NULL) == -EINVAL, "enc flag");
	CHECK(cfg(fd, "big5", 1, WHATENC_CFG_ENC_UTF16, NULL) == -EINVAL,
	      "utf16 on big5");
	memset(&c, 0, sizeof(c));
	memset(c.label, 'a', sizeof(c.label));
	CHECK(ioctl(fd, WHATENC_IOC_CONFIGURE, &c) == -1 && errno == EINVAL,
	      "unterminated");
	memset(&c, 0, sizeof(c));
	strcpy(c.label, "utf-8");
	c.format = 1;
	CHECK(ioctl(fd, WHATENC_IOC_CONFIGURE, &c) == -1 && errno == EINVAL,
	      "format without DETECT");
	c.flags = WHATENC_CFG_DETECT;
	c.format = WHATENC_DETECT_FMT_CSS + 1;
	CHECK(ioctl(fd, WHATENC_IOC_CONFIGURE, &c) == -1 && errno == EINVAL,
	      "unknown detect format");
	c.flags = 0;
	c.format = 0;
	c.reserved[2] = 1;
	CHECK(ioctl(fd, WHATENC_IOC_CONFIGURE, &c) == -1 && errno == EINVAL,
	      "reserved[2]");
	/* bad pointers */
	CHECK(ioctl(fd, WHATENC_IOC_CONFIGURE, NULL) == -1 && errno == EFAULT,
	      "NULL");
	CHECK(ioctl(fd, WHATENC_IOC_CONFIGURE, (void *)8) == -1 &&
	      errno == EFAULT, "low pointer");
	CHECK(ioctl(fd, WHATENC_IOC_CONFIGURE, (void *)-4096L) == -1 &&
	      errno == EFAULT, "kernel pointer");
	memset(&ro_src, 0, sizeof(ro_src));
	strcpy(ro_src.label, "sjis");
	ro = mmap(NULL, 8192, PROT_READ | PROT_WRITE,
		  MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	munmap((char *)ro + 4096, 4096);
	memcpy(ro, &ro_src, sizeof(ro_src));
	mprotect(ro, 4096, PROT_READ);
	CHECK(ioctl(fd, WHATENC_IOC_CONFIGURE, ro) == -1 && errno == EFAULT,
	      "read-only argument");
	/* a struct straddling into an unmapped page */
	CHECK(ioctl(fd, WHATENC_IOC_STATUS, (char *)ro + 4096 - 8) == -1 &&
	      errno == EFAULT, "STATUS straddling");
	CHECK(ioctl(fd, WHATENC_IOC_STATUS, ro) == -1 && errno == EFAULT,
	      "STATUS read-only");
	CHECK(ioctl(fd, FIONREAD, NULL) == -1 && errno == EFAULT,
	      "FIONREAD NULL");
	munmap(ro, 4096);
	status(fd, &b);
	CHECK(!memcmp(&a, &b, sizeof(a)), "bad CONFIGUREs changed the session");
	CHECK(!strcmp(b.name, "KOI8-R") && b.bytes_in == 4 && b.out_ready == 2,
	      "status %s %llu %u", b.name, (unsigned long long)b.bytes_in,
	      b.out_ready);
	/* the held partial euro sign survived: U+20AC is not in KOI8-R */
	CHECK(cfg(fd, "koi8-r", 1, WHATENC_CFG_ENC_HTML, NULL) == 0, "reconf");
	CHECK(fionread(fd) == 0, "configure resets the buffer");
	CHECK(xwrite(fd, "\xe2\x82\xac", 3) == 3, "euro");
	CHECK(xread(fd, buf, sizeof(buf)) == 7 && !memcmp(buf, "&#8364;", 7),
	      "html ncr");
	close(fd);
}

static void test_status_fields(void)
{
	struct whatenc_status st;
	int fd = xopen(O_NONBLOCK);

	CHECK(xwrite(fd, "\xfe\xff\0A", 4) == 4, "utf-16be bom");
	status(fd, &st);
	CHECK(st.encoding == WHATENC_UTF_16BE && !strcmp(st.name, "UTF-16BE"),
	      "sniffed %s", st.name);
	CHECK(st.mask == WHATENC_STATUS_REPLACEMENTS && !st.replacements &&
	      !st.detect_state &&
	      !st.detect_encoding && !st.detect_source &&
	      !st.detect_unsupported && !st.detect_buffered &&
	      !st.detect_certain && !st.detect_flags && !st.detect_bom_len &&
	      !st.detect_confidence &&
	      st.err_kind == 0 && st.err_len == 0 && st.state == 0 &&
	      st.buf_size >= 4096, "zeroed fields");
	CHECK(!memchr(st.name + strlen(st.name), 0xaa,
		      sizeof(st.name) - strlen(st.name)), "name padding");
	close(fd);
}

static int cfg_detect(int fd, const char *label, unsigned int fmt,
		      unsigned int flags)
{
	struct whatenc_configure c;

	memset(&c, 0, sizeof(c));
	snprintf(c.label, sizeof(c.label), "%s", label);
	c.direction = WHATENC_DIR_DECODE;
	c.flags = WHATENC_CFG_DETECT | flags;
	c.format = fmt;
	return ioctl(fd, WHATENC_IOC_CONFIGURE, &c) ? -errno : 0;
}

/*
 * whatenc_status.replacements. The counts are the Encoding Standard's
 * (one U+FFFD per maximal subpart in UTF-8; Python's
 * b"a\xffb\xc3(\xe3\x81".decode("utf-8", "replace") has 3 as well)
 * and "日本".encode("iso-8859-2", "xmlcharrefreplace") writes 2
 * character references.
 */
static void test_replacements(void)
{
	static const char bad[] = "a\377b\xc3(\xe3\x81";	/* 3 errors */
	static const char nihon[] = "\xe6\x97\xa5\xe6\x9c\xac";	/* U+65E5 U+672C */
	struct whatenc_convert cv;
	struct whatenc_status st;
	char buf[256];
	int fd = xopen(O_NONBLOCK);

	/* write()/read(), two streams: the count goes on until RESET */
	CHECK(cfg(fd, "utf-8", WHATENC_DIR_DECODE, 0, NULL) == 0, "cfg utf-8");
	CHECK(xwrite(fd, bad, sizeof(bad) - 1) == sizeof(bad) - 1 &&
	      ioctl(fd, WHATENC_IOC_END_OF_STREAM) == 0, "stream 1");
	status(fd, &st);
	CHECK(st.mask == WHATENC_STATUS_REPLACEMENTS && st.replacements == 3,
	      "stream 1: %llu replacements", (unsigned long long)st.replacements);
	while (xread(fd, buf, sizeof(buf)) > 0)
		;
	/* C0: not a BOM's first byte, which sniffing would hold */
	CHECK(xwrite(fd, "x\xc0", 2) == 2, "stream 2");
	status(fd, &st);
	CHECK(st.replacements == 4, "stream 2: %llu replacements",
	      (unsigned long long)st.replacements);
	CHECK(ioctl(fd, WHATENC_IOC_RESET) == 0, "reset");
	status(fd, &st);
	CHECK(st.replacements == 0, "reset: %llu", (unsigned long long)st.replacements);

	/* fatal mode: the error state, no count */
	CHECK(cfg(fd, "utf-8", WHATENC_DIR_DECODE, WHATENC_CFG_DEC_FATAL,
		  NULL) == 0, "cfg fatal");
	CHECK(xwrite(fd, "\xc0", 1) == 1, "fatal write");
	status(fd, &st);
	CHECK(st.state == WHATENC_STATE_ERROR && st.replacements == 0,
	      "fatal: state %u, %llu", st.state,
	      (unsigned long long)st.replacements);

	/* CONVERT, encoding in html mode: character references */
	CHECK(cfg(fd, "latin2", WHATENC_DIR_ENCODE, WHATENC_CFG_ENC_HTML,
		  NULL) == 0, "cfg latin2 html");
	memset(&cv, 0, sizeof(cv));
	cv.in = (uintptr_t)nihon;
	cv.in_size = sizeof(nihon) - 1;
	cv.out = (uintptr_t)buf;
	cv.out_size = sizeof(buf);
	cv.flags = WHATENC_CONVERT_LAST;
	CHECK(ioctl(fd, WHATENC_IOC_CONVERT, &cv) == 0 &&
	      cv.result == WHATENC_RES_OK && cv.out_pos == 16 &&
	      !memcmp(buf, "&#26085;&#26412;", 16), "html convert");
	status(fd, &st);
	CHECK(st.replacements == 2, "html: %llu references",
	      (unsigned long long)st.replacements);

	/* detect mode: each stream's decoder is new, the count is not */
	CHECK(cfg_detect(fd, "utf-8", WHATENC_DETECT_FMT_TEXT, 0) == 0,
	      "cfg detect");
	CHECK(xwrite(fd, "\xef\xbb\xbf\xff", 4) == 4 &&
	      ioctl(fd, WHATENC_IOC_END_OF_STREAM) == 0, "detect stream 1");
	while (xread(fd, buf, sizeof(buf)) > 0)
		;
	CHECK(xwrite(fd, "\xef\xbb\xbfx\xff\xff", 6) == 6 &&
	      ioctl(fd, WHATENC_IOC_END_OF_STREAM) == 0, "detect stream 2");
	status(fd, &st);
	CHECK(st.detect_state == WHATENC_DETSTATE_DONE && st.replacements == 3,
	      "detect: state %u, %llu replacements", st.detect_state,
	      (unsigned long long)st.replacements);
	close(fd);
}

/* Detect mode end to end; expected bytes from the standards. */
static void test_detect(void)
{
	static const char meta[] = "<meta charset=\"shift_jis\">\x82\xa0";
	struct whatenc_status st;
	struct whatenc_convert cv;
	char buf[256];
	int fd = xopen(O_NONBLOCK);
	size_t i;
	ssize_t n;

	/* HTML <meta charset> in 4-byte writes; Shift_JIS 82 A0 = U+3042 */
	CHECK(cfg_detect(fd, "windows-1252", WHATENC_DETECT_FMT_HTML, 0) == 0,
	      "detect html");
	status(fd, &st);
	CHECK(st.detect_state == WHATENC_DETSTATE_PENDING &&
	      st.encoding == WHATENC_WINDOWS_1252, "pending %u", st.detect_state);
	for (i = 0; i < sizeof(meta) - 1; i += 4)
		CHECK(xwrite(fd, meta + i, sizeof(meta) - 1 - i < 4 ?
			     sizeof(meta) - 1 - i : 4) > 0, "meta write");
	status(fd, &st);
	CHECK(st.detect_state == WHATENC_DETSTATE_DONE &&
	      st.detect_encoding == WHATENC_SHIFT_JIS &&
	      st.encoding == WHATENC_SHIFT_JIS &&
	      !strcmp(st.name, "Shift_JIS") &&
	      st.detect_source == WHATENC_DETSRC_META &&
	      st.detect_certain == 0 && st.detect_bom_len == 0 &&
	      st.detect_confidence == 0 && st.replacements == 0,
	      "meta status: state %u enc %u src %u", st.detect_state,
	      st.detect_encoding, st.detect_source);
	CHECK(ioctl(fd, WHATENC_IOC_END_OF_STREAM) == 0, "eos");
	n = xread(fd, buf, sizeof(buf));
	CHECK(n == 29 && !memcmp(buf, "<meta charset=\"shift_jis\">"
				 "\xe3\x81\x82", 29), "meta output %zd", n);
	CHECK(xread(fd, buf, sizeof(buf)) == 0, "meta eof");

	/* text: UTF-16LE BOM removed once, a second one is U+FEFF */
	CHECK(cfg_detect(fd, "windows-1252", WHATENC_DETECT_FMT_TEXT, 0) == 0,
	      "detect text");
	CHECK(xwrite(fd, "\xff\xfe", 2) == 2 &&
	      xwrite(fd, "A\0\xff\xfe", 4) == 4, "bom writes");
	status(fd, &st);
	CHECK(st.detect_source == WHATENC_DETSRC_BOM &&
	      st.detect_encoding == WHATENC_UTF_16LE &&
	      st.detect_certain == 1 && st.detect_bom_len == 2, "bom status");
	CHECK(ioctl(fd, WHATENC_IOC_END_OF_STREAM) == 0, "bom eos");
	n = xread(fd, buf, sizeof(buf));
	CHECK(n == 4 && !memcmp(buf, "A\xef\xbb\xbf", 4), "bom output %zd",
	      n);
	CHECK(xread(fd, buf, sizeof(buf)) == 0, "bom eof");

	/* text: not UTF-8, so the label; decided at END_OF_STREAM */
	CHECK(xwrite(fd, "caf\xe9", 4) == 4, "latin write");
	CHECK(xread(fd, buf, sizeof(buf)) == -EAGAIN, "held");
	status(fd, &st);
	CHECK(st.detect_state == WHATENC_DETSTATE_PENDING &&
	      st.detect_buffered == 4, "held status");
	CHECK(ioctl(fd, WHATENC_IOC_END_OF_STREAM) == 0, "latin eos");
	n = xread(fd, buf, sizeof(buf));
	CHECK(n == 5 && !memcmp(buf, "caf\xc3\xa9", 5), "latin output %zd",
	      n);
	status(fd, &st);
	CHECK(st.detect_source == WHATENC_DETSRC_FALLBACK &&
	      st.detect_encoding == WHATENC_WINDOWS_1252, "fallback status");
	CHECK(xread(fd, buf, sizeof(buf)) == 0, "latin eof");

	/* CONVERT is not available in detect mode */
	memset(&cv, 0, sizeof(cv));
	cv.in = (uintptr_t)"a";
	cv.in_size = 1;
	cv.out = (uintptr_t)buf;
	cv.out_size = sizeof(buf);
	CHECK(ioctl(fd, WHATENC_IOC_CONVERT, &cv) == -1 &&
	      errno == EOPNOTSUPP, "convert in detect mode");

	/* UTF-32BE BOM: unsupported, the error state */
	CHECK(xwrite(fd, "\0\0\xfe\xff\0\0\0A", 8) == 8, "utf-32 write");
	status(fd, &st);
	CHECK(st.state == WHATENC_STATE_ERROR &&
	      st.err_kind == WHATENC_RES_UNSUPPORTED &&
	      st.detect_state == WHATENC_DETSTATE_UNSUPPORTED &&
	      st.detect_unsupported == WHATENC_DETUNSUP_UTF32BE &&
	      st.detect_encoding == 0xffffffffu && st.err_len == 4 &&
	      !memcmp(st.err_bytes, "\0\0\xfe\xff", 4), "utf-32 status");
	CHECK(xwrite(fd, "a", 1) == -EOPNOTSUPP, "write after utf-32");
	CHECK(xread(fd, buf, sizeof(buf)) == -EOPNOTSUPP, "read after utf-32");
	CHECK(ioctl(fd, WHATENC_IOC_END_OF_STREAM) == -1 &&
	      errno == EOPNOTSUPP, "eos after utf-32");
	CHECK(ioctl(fd, WHATENC_IOC_RESET) == 0 && xwrite(fd, "ok", 2) == 2 &&
	      ioctl(fd, WHATENC_IOC_END_OF_STREAM) == 0 &&
	      xread(fd, buf, sizeof(buf)) == 2, "reset after utf-32");
	close(fd);
}

/*
 * Detect mode with WHATENC_CFG_DETECT_CONTENT: undeclared KOI8-R text
 * (a sentence encoded by Python's koi8_r codec) is guessed, not decoded
 * with the label; random bytes keep the label.
 */
static void test_detect_content(void)
{
	static const char koi[] =
		"\xf0\xd2\xc9\xd7\xc5\xd4\x21\x20\xfc\xd4\xcf\x20\xcb\xcf"
		"\xd2\xcf\xd4\xcb\xcf\xc5\x20\xd0\xc9\xd3\xd8\xcd\xcf\x20"
		"\xcf\x20\xd0\xcf\xc7\xcf\xc4\xc5\x3a\x20\xda\xc1\xd7\xd4"
		"\xd2\xc1\x20\xc2\xd5\xc4\xc5\xd4\x20\xc4\xcf\xd6\xc4\xd8"
		"\x20\xc9\x20\xc8\xcf\xcc\xcf\xc4\xce\xd9\xca\x20\xd7\xc5"
		"\xd4\xc5\xd2\x2e";
	static const char want[] = "Привет! Это короткое письмо о погоде: "
		"завтра будет дождь и холодный ветер.";
	struct whatenc_status st;
	char buf[512];
	int fd = xopen(O_NONBLOCK);
	ssize_t n;
	unsigned int i, x = 1;

	CHECK(cfg_detect(fd, "windows-1252", WHATENC_DETECT_FMT_TEXT,
			 WHATENC_CFG_DETECT_CONTENT) == 0, "detect content");
	CHECK(xwrite(fd, koi, sizeof(koi) - 1) == sizeof(koi) - 1, "koi write");
	CHECK(ioctl(fd, WHATENC_IOC_END_OF_STREAM) == 0, "koi eos");
	n = xread(fd, buf, sizeof(buf));
	CHECK(n == (ssize_t)sizeof(want) - 1 && !memcmp(buf, want, n),
	      "koi output %zd", n);
	status(fd, &st);
	CHECK(st.detect_source == WHATENC_DETSRC_CONTENT &&
	      (st.detect_encoding == WHATENC_KOI8_R ||
	       st.detect_encoding == WHATENC_KOI8_U) &&
	      st.detect_confidence >= 50 && st.detect_confidence <= 100 &&
	      st.detect_certain == 0, "content status: src %u enc %u conf %u",
	      st.detect_source, st.detect_encoding, st.detect_confidence);
	CHECK(xread(fd, buf, sizeof(buf)) == 0, "koi eof");
	/* not text: the rules' answer (the label) stands */
	for (i = 0; i < 256; i++) {
		x = x * 1103515245 + 12345;
		buf[i] = x >> 23;
	}
	CHECK(xwrite(fd, buf, 256) == 256, "random write");
	CHECK(ioctl(fd, WHATENC_IOC_END_OF_STREAM) == 0, "random eos");
	status(fd, &st);
	CHECK(st.detect_source == WHATENC_DETSRC_FALLBACK &&
	      st.detect_encoding == WHATENC_WINDOWS_1252 &&
	      st.detect_confidence == 0, "random status: src %u",
	      st.detect_source);
	/* the flag needs DETECT */
	CHECK(cfg(fd, "utf-8", 1, WHATENC_CFG_DETECT_CONTENT, NULL) == -EINVAL,
	      "content without detect");
	close(fd);
}

static void test_rw_faults(void)
{
	int fd = xopen(O_NONBLOCK);
	char *p = mmap(NULL, 8192, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	struct whatenc_status a, b;
	char buf[64];

	memset(p, 'q', 8192);
	munmap(p + 4096, 4096);
	CHECK(xwrite(fd, NULL, 10) == -EFAULT, "write NULL");
	CHECK(xwrite(fd, (void *)-4096L, 10) == -EFAULT, "write kernel addr");
	CHECK(fionread(fd) == 0, "nothing consumed");
	/* write straddling into an unmapped page: consumed up to the fault */
	CHECK(xwrite(fd, p + 4096 - 100, 200) == 100, "write to the fault");
	CHECK(fionread(fd) == 100, "100 ready");
	CHECK(xread(fd, NULL, 10) == -EFAULT, "read NULL");
	CHECK(xread(fd, p + 4096, 10) == -EFAULT, "read unmapped");
	CHECK(fionread(fd) == 100, "read fault lost nothing");
	CHECK(xread(fd, buf, 40) == 40, "read");
	CHECK(fionread(fd) == 60, "60 left");
	CHECK(xread(fd, p + 4096 - 10, 30) == 10, "read up to the fault");
	CHECK(fionread(fd) == 50, "50 left");
	CHECK(xwrite(fd, buf, 0) == 0 && fionread(fd) == 50, "empty write");

	/* CONVERT: bad pointers change nothing */
	CHECK(xread(fd, buf, sizeof(buf)) == 50, "drain");
	CHECK(cfg(fd, "utf-8", 0, 0, NULL) == 0, "cfg");
	{
		struct whatenc_convert cv;
		char out[16];
		static char big_out[1024];

		CHECK(ioctl(fd, WHATENC_IOC_CONVERT, NULL) == -1 &&
		      errno == EFAULT, "CONVERT NULL");
		memset(&cv, 0, sizeof(cv));
		cv.in = (uintptr_t)"a\xe2\x82";
		cv.in_size = 3;
		cv.out = (uintptr_t)out;
		cv.out_size = sizeof(out);
		CHECK(ioctl(fd, WHATENC_IOC_CONVERT, &cv) == 0 &&
		      cv.in_pos == 3 && cv.out_pos == 1, "convert 1");
		status(fd, &a);
		memset(&cv, 0, sizeof(cv));
		cv.in = (uintptr_t)(p + 4096);
		cv.in_size = 5;
		cv.out = (uintptr_t)out;
		cv.out_size = sizeof(out);
		CHECK(ioctl(fd, WHATENC_IOC_CONVERT, &cv) == -1 &&
		      errno == EFAULT && cv.in_pos == 0, "bad in");
		cv.in = (uintptr_t)"\xac";
		cv.in_size = 1;
		cv.out = (uintptr_t)(p + 4096);
		CHECK(ioctl(fd, WHATENC_IOC_CONVERT, &cv) == -1 &&
		      errno == EFAULT, "bad out");
		cv.out = 16;
		CHECK(ioctl(fd, WHATENC_IOC_CONVERT, &cv) == -1 &&
		      errno == EFAULT, "low out");
		status(fd, &b);
		CHECK(!memcmp(&a, &b, sizeof(a)), "faults changed the session");
		cv.out = (uintptr_t)out;
		cv.flags = WHATENC_CONVERT_LAST;
		CHECK(ioctl(fd, WHATENC_IOC_CONVERT, &cv) == 0 &&
		      cv.in_pos == 1 && cv.out_pos == 3 &&
		      !memcmp(out, "\xe2\x82\xac", 3) &&
		      cv.result == WHATENC_RES_OK, "held state intact");
		/* input faulting after 100 good bytes: those are converted */
		memset(&cv, 0, sizeof(cv));
		cv.in = (uintptr_t)(p + 4096 - 100);
		cv.in_size = 200;
		cv.out = (uintptr_t)big_out;
		cv.out_size = sizeof(big_out);
		CHECK(ioctl(fd, WHATENC_IOC_CONVERT, &cv) == 0 &&
		      cv.in_pos == 100 && cv.out_pos == 100 &&
		      cv.result == WHATENC_RES_INTERRUPTED,
		      "fault after progress: %llu %llu %u",
		      (unsigned long long)cv.in_pos,
		      (unsigned long long)cv.out_pos, cv.result);
		CHECK(ioctl(fd, WHATENC_IOC_CONVERT, &cv) == -1 &&
		      errno == EFAULT, "then EFAULT");
		/* output faulting inside the first chunk: all undone */
		memset(&cv, 0, sizeof(cv));
		cv.in = (uintptr_t)p;
		cv.in_size = 4000;
		cv.out = (uintptr_t)(p + 4096 - 1000);
		cv.out_size = 4000;
		CHECK(ioctl(fd, WHATENC_IOC_CONVERT, &cv) == -1 &&
		      errno == EFAULT && cv.in_pos == 0, "out fault: EFAULT");
		/* output faulting in the second 16 KiB chunk */
		{
			char *src = malloc(40000);
			char *dst = mmap(NULL, 32768, PROT_READ | PROT_WRITE,
					 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

			memset(src, 'k', 40000);
			munmap(dst + 16384, 16384);
			memset(&cv, 0, sizeof(cv));
			cv.in = (uintptr_t)src;
			cv.in_size = 40000;
			cv.out = (uintptr_t)dst;
			cv.out_size = 30000;
			CHECK(ioctl(fd, WHATENC_IOC_CONVERT, &cv) == 0 &&
			      cv.result == WHATENC_RES_INTERRUPTED &&
			      cv.in_pos == 16384 && cv.out_pos == 16384 &&
			      dst[16383] == 'k',
			      "out fault after progress: %llu %llu %u",
			      (unsigned long long)cv.in_pos,
			      (unsigned long long)cv.out_pos, cv.result);
			munmap(dst, 16384);
			free(src);
		}
		cv.in_pos = 2;
		cv.in_size = 1;
		CHECK(ioctl(fd, WHATENC_IOC_CONVERT, &cv) == -1 &&
		      errno == EINVAL, "in_pos > in_size");
		cv.in_pos = 0;
		cv.flags = 0x80;
		CHECK(ioctl(fd, WHATENC_IOC_CONVERT, &cv) == -1 &&
		      errno == EINVAL, "convert flags");
		cv.flags = 0;
		cv.reserved[0] = 1;
		CHECK(ioctl(fd, WHATENC_IOC_CONVERT, &cv) == -1 &&
		      errno == EINVAL, "convert reserved");
		cv.reserved[0] = 0;
		CHECK(xwrite(fd, "z", 1) == 1, "buffer something");
		CHECK(ioctl(fd, WHATENC_IOC_CONVERT, &cv) == -1 &&
		      errno == EBUSY, "EBUSY with buffered output");
	}
	munmap(p, 4096);
	close(fd);
}

static void test_short_nonblock_poll(void)
{
	int fd = xopen(O_NONBLOCK);
	size_t big = 300000;
	char *p = malloc(big);
	struct whatenc_status st;
	struct pollfd pf = { .fd = fd, .events = POLLIN | POLLOUT };
	ssize_t r;

	memset(p, 'x', big);
	status(fd, &st);
	CHECK(poll(&pf, 1, 0) == 1 && pf.revents == POLLOUT, "empty: POLLOUT %x",
	      pf.revents);
	r = xwrite(fd, p, big);
	CHECK(r == (ssize_t)st.buf_size, "short write %zd of buf %u", r,
	      st.buf_size);
	CHECK(xwrite(fd, p, 10) == -EAGAIN, "full: EAGAIN");
	CHECK(fionread(fd) == (int)st.buf_size, "FIONREAD %d", fionread(fd));
	CHECK(poll(&pf, 1, 0) == 1 && pf.revents == POLLIN, "full: POLLIN %x",
	      pf.revents);
	CHECK(xread(fd, p, 1000) == 1000, "read 1000");
	CHECK(poll(&pf, 1, 0) == 1 && pf.revents == (POLLIN | POLLOUT),
	      "both %x", pf.revents);
	CHECK(xwrite(fd, p, big) == 1000, "refill");
	while (xread(fd, p, big) > 0)
		;
	CHECK(xread(fd, p, 10) == -EAGAIN, "empty: EAGAIN");
	CHECK(ioctl(fd, WHATENC_IOC_END_OF_STREAM) == 0, "eos");
	CHECK(poll(&pf, 1, 0) == 1 && (pf.revents & POLLIN), "eos: POLLIN");
	CHECK(xread(fd, p, 10) == 0, "eos read 0");
	CHECK(xread(fd, p, 10) == -EAGAIN, "then EAGAIN");
	free(p);
	close(fd);
}

static void test_eos_restart(void)
{
	int fd = xopen(O_NONBLOCK);
	char buf[64];
	struct whatenc_status st;

	CHECK(xwrite(fd, "\xef\xbb\xbf" "a\xf0\x9f", 6) == 6, "w1");
	CHECK(ioctl(fd, WHATENC_IOC_END_OF_STREAM) == 0, "eos1");
	CHECK(xread(fd, buf, sizeof(buf)) == 4 &&
	      !memcmp(buf, "a\xef\xbf\xbd", 4), "flush to U+FFFD");
	CHECK(xread(fd, buf, sizeof(buf)) == 0, "0 once");
	CHECK(xwrite(fd, "\xef\xbb\xbf" "b", 4) == 4, "w2 new stream");
	CHECK(xread(fd, buf, sizeof(buf)) == 1 && buf[0] == 'b', "bom again");
	status(fd, &st);
	CHECK(st.stream_start == 6 && st.bytes_in == 10, "offsets %llu %llu",
	      (unsigned long long)st.stream_start,
	      (unsigned long long)st.bytes_in);
	CHECK(ioctl(fd, WHATENC_IOC_RESET) == 0, "reset");
	status(fd, &st);
	CHECK(st.bytes_in == 0 && st.bytes_out == 0, "reset counters");

	/* ISO-2022-JP closes with ESC ( B */
	CHECK(cfg(fd, "csISO2022JP", 1, 0, NULL) == 0, "iso-2022-jp");
	CHECK(xwrite(fd, "a\xe3\x81\x82", 4) == 4, "a + hiragana a");
	CHECK(xread(fd, buf, sizeof(buf)) == 6 &&
	      !memcmp(buf, "a\x1b$B$\"", 6), "escape");
	CHECK(ioctl(fd, WHATENC_IOC_END_OF_STREAM) == 0, "eos");
	CHECK(xread(fd, buf, sizeof(buf)) == 3 && !memcmp(buf, "\x1b(B", 3),
	      "closing escape");
	CHECK(xread(fd, buf, sizeof(buf)) == 0, "0");
	close(fd);
}

static void test_fatal(void)
{
	int fd = xopen(O_NONBLOCK);
	size_t n = 10000;
	char *p = malloc(n + 10);
	struct whatenc_status st;
	ssize_t r, got = 0;

	CHECK(cfg(fd, "utf-8", 0, WHATENC_CFG_DEC_FATAL, NULL) == 0, "fatal");
	memset(p, 'a', n);
	memcpy(p + n, "\xed\xa0\x80zz", 5);	/* a surrogate: ED, then A0 */
	r = xwrite(fd, p, n + 5);
	CHECK(r == (ssize_t)n + 1, "consumed up to the error: %zd", r);
	status(fd, &st);
	CHECK(st.state == WHATENC_STATE_ERROR &&
	      st.err_kind == WHATENC_RES_MALFORMED && st.err_offset == n &&
	      st.err_len == 1 && st.err_bytes[0] == 0xed,
	      "err %u %llu %u %x", st.err_kind,
	      (unsigned long long)st.err_offset, st.err_len, st.err_bytes[0]);
	CHECK(xwrite(fd, "x", 1) == -EILSEQ, "write after error");
	CHECK(ioctl(fd, WHATENC_IOC_END_OF_STREAM) == -1 && errno == EILSEQ,
	      "eos after error");
	while ((r = xread(fd, p, 3000)) > 0)
		got += r;
	CHECK(got == (ssize_t)n && r == -EILSEQ, "all output before: %zd, %zd",
	      got, r);
	CHECK(xread(fd, p, 10) == -EILSEQ, "still EILSEQ");
	CHECK(ioctl(fd, WHATENC_IOC_RESET) == 0, "reset");
	CHECK(xwrite(fd, "ok", 2) == 2, "works again");

	CHECK(cfg(fd, "gbk", 1, 0, NULL) == 0, "gbk fatal");
	CHECK(xwrite(fd, "12\xe2\x82\xac\xf0\x9f\x98\x80", 9) == 9,
	      "emoji unmappable");
	status(fd, &st);
	CHECK(st.err_kind == WHATENC_RES_UNMAPPABLE && st.err_cp == 0x1f600 &&
	      st.err_offset == 5 && st.err_len == 4, "gbk err %u %x %llu",
	      st.err_kind, st.err_cp, (unsigned long long)st.err_offset);
	CHECK(xread(fd, p, 100) == 3 && !memcmp(p, "12\x80", 3), "gbk euro");
	free(p);
	close(fd);
}

/* ---- blocking, signals, threads ----------------------------------------- */

static void on_alarm(int sig)
{
	(void)sig;
}

static void *late_writer(void *arg)
{
	int fd = *(int *)arg;

	usleep(300000);
	if (write(fd, "late", 4) != 4)
		perror("late write");
	return NULL;
}

static void test_signals(void)
{
	int fd = xopen(0);
	struct sigaction sa;
	struct itimerval it = { .it_value = { 0, 100000 } };
	char buf[16];
	pthread_t t;
	ssize_t r;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_alarm;
	sigaction(SIGALRM, &sa, NULL);	/* no SA_RESTART */
	setitimer(ITIMER_REAL, &it, NULL);
	r = xread(fd, buf, sizeof(buf));
	CHECK(r == -EINTR, "blocking read interrupted: %zd", r);

	sa.sa_flags = SA_RESTART;
	sigaction(SIGALRM, &sa, NULL);
	setitimer(ITIMER_REAL, &it, NULL);
	pthread_create(&t, NULL, late_writer, &fd);
	r = xread(fd, buf, sizeof(buf));
	CHECK(r == 4 && !memcmp(buf, "late", 4), "restarted read: %zd", r);
	pthread_join(t, NULL);

	/* a blocked writer, woken by a reader */
	{
		size_t n = 1 << 20;
		char *p = malloc(n);
		struct whatenc_status st;
		int i, ok = 1;

		memset(p, 'w', n);
		status(fd, &st);
		CHECK(xwrite(fd, p, n) == (ssize_t)st.buf_size, "fill");
		setitimer(ITIMER_REAL, &it, NULL);
		sa.sa_flags = 0;
		sigaction(SIGALRM, &sa, NULL);
		CHECK(xwrite(fd, p, 10) == -EINTR, "blocked write interrupted");
		for (i = 0; i < 3; i++)
			ok &= xread(fd, p, 4096) == 4096;
		CHECK(ok && xwrite(fd, p, n) == 3 * 4096, "writer after reads");
		free(p);
	}
	signal(SIGALRM, SIG_DFL);
	close(fd);
}

struct shared {
	int fd;
	size_t total;
	size_t got;
	pthread_mutex_t m;
};

static void *shared_reader(void *arg)
{
	struct shared *sh = arg;
	char buf[3000];
	ssize_t r;
	size_t bad = 0;

	for (;;) {
		pthread_mutex_lock(&sh->m);
		if (sh->got >= sh->total) {
			pthread_mutex_unlock(&sh->m);
			break;
		}
		pthread_mutex_unlock(&sh->m);
		r = read(sh->fd, buf, sizeof(buf));
		if (r == 0)
			break;
		if (r < 0) {
			if (errno == EAGAIN) {
				struct pollfd pf = { sh->fd, POLLIN, 0 };

				poll(&pf, 1, 50);
				continue;
			}
			break;
		}
		for (ssize_t i = 0; i < r; i++)
			bad += memcmp(buf + i, "\xc3\xa9", 1) &&
			       memcmp(buf + i, "\xa9", 1);
		pthread_mutex_lock(&sh->m);
		sh->got += r;
		pthread_mutex_unlock(&sh->m);
	}
	return (void *)bad;
}

static void *shared_writer(void *arg)
{
	struct shared *sh = arg;
	size_t n = sh->total / 4, done = 0;
	char *p = malloc(n);

	memset(p, 0xe9, n);	/* latin1 e-acute: C3 A9 each */
	while (done < n) {
		ssize_t r = write(sh->fd, p + done,
				  n - done < 5000 ? n - done : 5000);

		if (r > 0)
			done += r;
		else if (r < 0 && errno != EAGAIN)
			break;
		else {
			struct pollfd pf = { sh->fd, POLLOUT, 0 };

			poll(&pf, 1, 50);
		}
	}
	free(p);
	return (void *)done;
}

static void *status_poker(void *arg)
{
	struct shared *sh = arg;
	struct whatenc_status st;
	int i;

	for (i = 0; i < 2000; i++)
		ioctl(sh->fd, WHATENC_IOC_STATUS, &st);
	return NULL;
}

static void test_shared_fd(void)
{
	struct shared sh;
	pthread_t r1, r2, w1, w2, p1;
	void *b1, *b2, *d1, *d2;

	memset(&sh, 0, sizeof(sh));
	pthread_mutex_init(&sh.m, NULL);
	sh.fd = xopen(O_NONBLOCK);
	CHECK(cfg(sh.fd, "latin1", 0, 0, NULL) == 0, "cfg");
	sh.total = 2 * 2 * 200000;	/* 2 writers x 200000 bytes x 2 */
	pthread_create(&r1, NULL, shared_reader, &sh);
	pthread_create(&r2, NULL, shared_reader, &sh);
	pthread_create(&p1, NULL, status_poker, &sh);
	pthread_create(&w1, NULL, shared_writer, &sh);
	pthread_create(&w2, NULL, shared_writer, &sh);
	pthread_join(w1, &d1);
	pthread_join(w2, &d2);
	pthread_join(r1, &b1);
	pthread_join(r2, &b2);
	pthread_join(p1, NULL);
	CHECK((size_t)d1 + (size_t)d2 == sh.total / 2, "written %zu",
	      (size_t)d1 + (size_t)d2);
	CHECK(sh.got == sh.total && !b1 && !b2, "shared fd: read %zu of %zu",
	      sh.got, sh.total);
	close(sh.fd);
}

struct worker {
	int id;
	int ok;
};

static void *separate_worker(void *arg)
{
	struct worker *w = arg;
	int fd = xopen(O_NONBLOCK), round, enc;
	size_t n = 50000, cap = 8 * n, rlen;
	u8 *in = malloc(n), *ref = malloc(cap), *out = malloc(cap);
	ssize_t d;
	int ret;

	w->ok = 1;
	for (round = 0; round < 6; round++) {
		enc = (w->id * 7 + round * 5) % WHATENC_NR_ENCODINGS;
		memset(in, 0, n);
		for (size_t i = 0; i < n; i++)
			in[i] = (u8)(i * 31 + w->id * 17 + round);
		rlen = ref_convert(0, enc, 0, in, n, ref, cap, &ret);
		if (cfg(fd, whatenc_encoding_name(enc), 0, 0, NULL)) {
			w->ok = 0;
			continue;
		}
		d = round & 1 ? dev_convert(fd, in, n, out, cap) :
				dev_stream(fd, in, n, out, cap);
		if (d != (ssize_t)rlen || memcmp(out, ref, rlen)) {
			size_t i = 0;

			while (d > 0 && i < rlen && i < (size_t)d &&
			       out[i] == ref[i])
				i++;
			printf("# thread %d round %d %s via %s: %zd bytes, core %zu, first difference at %zu\n",
			       w->id, round, whatenc_encoding_name(enc),
			       round & 1 ? "CONVERT" : "write/read", d, rlen, i);
			w->ok = 0;
		}
	}
	close(fd);
	free(in);
	free(ref);
	free(out);
	return NULL;
}

static void test_threads_separate(void)
{
	struct worker w[8];
	pthread_t t[8];
	int i, ok = 0;

	for (i = 0; i < 8; i++) {
		w[i].id = i;
		pthread_create(&t[i], NULL, separate_worker, &w[i]);
	}
	for (i = 0; i < 8; i++) {
		pthread_join(t[i], NULL);
		ok += w[i].ok;
	}
	CHECK(ok == 8, "separate fds: %d of 8 threads correct", ok);
}

static void test_many_sessions(void)
{
	enum { N = 1000 };
	static int fds[N];
	struct rlimit rl = { 4096, 4096 };
	char in[64], out[256], ref[256];
	int i, opened = 0, good = 0, ret;

	setrlimit(RLIMIT_NOFILE, &rl);
	for (i = 0; i < N; i++) {
		fds[i] = open(dev, O_RDWR | O_NONBLOCK);
		if (fds[i] < 0)
			break;
		opened++;
		snprintf(in, sizeof(in), "session %d \xa4\xa2\xe9", i);
		if (cfg(fds[i], whatenc_encoding_name(i % WHATENC_NR_ENCODINGS), 0, 0,
			NULL) == 0)
			xwrite(fds[i], in, strlen(in));
	}
	CHECK(opened == N, "opened %d sessions", opened);
	for (i = 0; i < opened; i++) {
		size_t rlen;
		ssize_t d;

		snprintf(in, sizeof(in), "session %d \xa4\xa2\xe9", i);
		rlen = ref_convert(0, i % WHATENC_NR_ENCODINGS, 0, (u8 *)in,
				   strlen(in), (u8 *)ref, sizeof(ref), &ret);
		ioctl(fds[i], WHATENC_IOC_END_OF_STREAM);
		d = xread(fds[i], out, sizeof(out));
		if (d == (ssize_t)rlen && !memcmp(out, ref, rlen) &&
		    xread(fds[i], out, sizeof(out)) == 0)
			good++;
	}
	CHECK(good == N, "%d of %d sessions correct", good, N);
	for (i = 0; i < opened; i++)
		close(fds[i]);
}

static void test_param(void)
{
	const char *pp = "/sys/module/whatenc/parameters/buf_size";
	char old[32] = "";
	struct whatenc_status st;
	FILE *f = fopen(pp, "r");
	int fd, w;

	if (!f) {
		CHECK(0, "no %s", pp);
		return;
	}
	CHECK(fgets(old, sizeof(old), f) && atoi(old) == 65536, "default %s",
	      old);
	fclose(f);
	w = sysfs_put(pp, "100");
	CHECK(w == -EINVAL, "100 rejected: %d", w);
	w = sysfs_put(pp, "16777217");
	CHECK(w == -EINVAL, "16M+1 rejected: %d", w);
	w = sysfs_put(pp, "8192");
	CHECK(w == 0, "8192 accepted: %d", w);
	fd = xopen(0);
	status(fd, &st);
	CHECK(st.buf_size == 8192, "new session buf %u", st.buf_size);
	close(fd);
	sysfs_put(pp, "65536");
}

int main(int argc, char **argv)
{
	if (argc > 1)
		dev = argv[1];
	setvbuf(stdout, NULL, _IOLBF, 0);
	printf("# whatenc-devtest (%zu-bit)\n", sizeof(long) * 8);
	test_node();
	test_configure();
	test_status_fields();
	test_detect();
	test_replacements();
	test_detect_content();
	test_rw_faults();
	test_short_nonblock_poll();
	test_eos_restart();
	test_fatal();
	test_signals();
	test_shared_fd();
	test_threads_separate();
	test_many_sessions();
	test_param();
	test_equivalence();
	test_fatal_equivalence();
	return devcheck_finish();
}
