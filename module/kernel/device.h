/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * device.h - /dev/whatenc: what main.c, device.c and ioctl.c share
 */
#ifndef WHATENC_DEVICE_H
#define WHATENC_DEVICE_H

#include <linux/fs.h>

/* Output buffer size of new sessions (module parameter buf_size). */
extern unsigned int whatenc_buf_size;
/* Cap on the buffer bytes of one user's sessions (user_mem_max; 0: none). */
extern unsigned long whatenc_user_mem_max;

int whatenc_dev_register(void);
void whatenc_dev_unregister(void);
long whatenc_ioctl(struct file *file, unsigned int cmd, unsigned long arg);

#endif /* WHATENC_DEVICE_H */
