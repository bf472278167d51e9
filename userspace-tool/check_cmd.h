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

/*
 * The whatenc_check() format (enum whatenc_check_format) of a file: by
 * @fmt (an enum whatenc_format from --format; -1: none given), else by
 * the name @path (.html .htm; .xhtml .xht; .xml .svg ...; .css); -1 for
 * text.
 */
int wt_check_format_of(const char *path, int fmt);

#endif /* WT_CHECK_CMD_H */
