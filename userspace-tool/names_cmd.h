/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * names_cmd.h - `whatenc names`: find and convert file names that are
 * not UTF-8 (convmv's job, with encoding detection)
 */
#ifndef WT_NAMES_CMD_H
#define WT_NAMES_CMD_H

/*
 * `whatenc names [OPTION...] DIR...`: argv[0] is "names". Returns the
 * exit status: 0 nothing left to do; 1 some name could not be converted
 * (collision, undecodable, not text); 2 usage or I/O error.
 */
int whatenc_names_main(int argc, char **argv);

#endif /* WT_NAMES_CMD_H */
