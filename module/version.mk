# SPDX-License-Identifier: GPL-2.0-only
# The one version of whatenc: MODULE_VERSION (Kbuild), whatenc --version,
# the shared library and its pkg-config file (Makefile), dkms.conf and the
# Debian packages (debian/rules checks debian/changelog against it).
WHATENC_VERSION := 0.2.0
