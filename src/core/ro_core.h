/* The runtime object that init builds from every layer, and the helpers of src/core.
 * Only src/core includes every layer. */
#ifndef RO_CORE_H
#define RO_CORE_H

#include <stdio.h>

#include "bootstrap/ro_boot.h"
#include "common/ro_env.h"
#include "common/ro_gpu_rt.h"
#include "gpu/ro_gpu.h"
#include "ofi/ro_ofi.h"
#include "proxy/ro_proxy.h"
#include "proxy/ro_xport_null.h"
#include "sheap/ro_sdata.h"
#include "sheap/ro_sheap.h"

struct ro_core {
    int initialized;
    struct ro_env env;
    struct ro_boot *boot;
    struct ro_ofi *ofi;
    struct ro_sheap heap;
    struct ro_proxy *proxy;
    struct ro_xport_null null_xport;  /* the proxy's transport with ROCSHMEM_RO_TRANSPORT=null */
    int local_rank, local_size;   /* among the PEs of this node (same hostname) */
    const struct ro_gpu_rt_ops *gpu;   /* the PE's GPU runtime, or ro_gpu_rt_none */
    struct ro_pe_activity *activity;   /* from gpu->mem: GPU threads write it */
    int kernels;                  /* the device library is linked: the program has GPU kernels */
    unsigned char *on_node;       /* on_node[pe]: pe runs on this node (same hostname) */
    /* The heap: GPU memory (heap_region from gpu->heap_alloc) or host memory, which
     * same-node CPU-only PEs map from each other when heap_shared (ro_sheap_share.h). */
    int heap_on_device;
    int heap_shared;
    void *heap_region;
    size_t heap_region_len;
    /* The program's data, symmetric on every PE (len 0 where it is not: ro_init_heap). */
    struct ro_sdata data;
    /* The on-node path: ipc_base[pe] as in struct ro_dev_state (host table), the device's
     * copy of it, and what ipc_open returned for each mapped peer (to close it). */
    uint8_t **ipc_base, **ipc_base_dev;
    int ipc_one_gpu;              /* every mapped PE drives this PE's GPU */
    void **ipc_mapped;
    /* The team pool (ro_team.c): host entries (the handles; [0] WORLD, [1] SHARED), the
     * device's copy (the same array on a CPU-only PE), and the team arena's offset in the
     * heap (its reserved bytes). */
    struct ro_team *teams, *teams_dev;
    size_t team_arena_off;
    /* ro_gpu_state as device code must see it (tables in device memory): the device
     * library's attach step copies it to the GPU. */
    struct ro_dev_state dev_view;
};

extern struct ro_core ro_core;

/* Ends the job with a message: the bootstrap's abort when there is one, else exit(1). */
void ro_core_fatal(const char *why) __attribute__((noreturn));
/* Everything rocshmem_info prints after init: bootstrap, provider, proxy core. */
void ro_core_info_print(FILE *out);
/* Build options and the environment, available before init. */
void ro_core_build_print(FILE *out);
/* rocshmem.hpp's init starts the program's MPI, when it has one and it is not running
 * (ro_mpi_start.c); finalize then ends it. */
int  rocshmem_ro_mpi_start(void);
void ro_mpi_stop(void);

#endif
