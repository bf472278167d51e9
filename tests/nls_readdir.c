// SPDX-License-Identifier: GPL-2.0-only
/*
 * nls_readdir DIR TAG - print every name readdir() gives for DIR, in its
 * order, as "LS TAG <hex bytes>", without looking any name up (a name a
 * filesystem lists but cannot find again, such as one with '?' for a
 * character its NLS table refused, is listed too). For tests/vm/nls-fs.sh.
 */
#include <dirent.h>
#include <stdio.h>
#include <string.h>

int main(int argc, char **argv)
{
	struct dirent *e;
	DIR *d;

	if (argc != 3) {
		fprintf(stderr, "usage: nls_readdir DIR TAG\n");
		return 2;
	}
	d = opendir(argv[1]);
	if (!d) {
		perror(argv[1]);
		return 1;
	}
	while ((e = readdir(d))) {
		const unsigned char *p = (const unsigned char *)e->d_name;

		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
			continue;
		printf("LS %s ", argv[2]);
		while (*p)
			printf("%02x", *p++);
		printf("\n");
	}
	closedir(d);
	return 0;
}
