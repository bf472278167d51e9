/* SPDX-License-Identifier: GPL-2.0-only */
/* tests/fuzz/kshim: see kshim.h */
#include "../kshim.h"
