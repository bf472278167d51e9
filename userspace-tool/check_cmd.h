/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * check_cmd.h - `whatenc check`: hold HTML, XHTML, XML and CSS files to
 * the encoding-declaration rules
 */
#ifndef WT_CHECK_CMD_H
#define WT_CHECK_CMD_H

/*
 * `whatenc check [OPTION...] FILE...`: argv[0] is the subcommand's name
 * ("check"), options and files follow. Prints every declaration and every
 * broken rule of each file (see whatenc(1)). Returns the exit status: 0
 * no findings, 1 findings, 2 usage or I/O error.
 */
int whatenc_check_main(int argc, char **argv);

#endif /* WT_CHECK_CMD_H */
