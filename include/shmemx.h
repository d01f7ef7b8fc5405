/* Extensions to OpenSHMEM 1.5 (the shmemx_ prefix, as the specification asks). None yet:
 * programs include it unconditionally, so it exists. */
#ifndef _SHMEMX_H
#define _SHMEMX_H

#include <shmem.h>

#endif
