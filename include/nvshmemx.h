/* NVSHMEM's extensions (nvshmemx_): declared with the rest in nvshmem.h, which NVSHMEM
 * programs include beside this. */
#ifndef NVSHMEMX_H
#define NVSHMEMX_H

#include <nvshmem.h>

#endif
