/* rocSHMEM's init starts MPI when the program links it, and its finalize ends MPI when init
 * started it; its programs then call MPI without MPI_Init. rocshmem.hpp (the rocSHMEM
 * dialect) asks for the same with rocshmem_ro_mpi_start before it initializes. The program's
 * MPI is found by name in the process, so this library still links no MPI, and a program
 * without MPI, or written for the C dialects, is unaffected. The functions used take and
 * return plain ints (MPI_SUCCESS is 0 in every MPI), so no MPI header is needed. */
#include "config.h"
#include "core/ro_core.h"

#include <dlfcn.h>

#include "common/ro_log.h"

static int ro_mpi_started;   /* 1: init started MPI, finalize ends it */

typedef int (*ro_mpi_flag_fn)(int *flag);

/* 0 (MPI runs, or the program has none), -1 after a message. */
int rocshmem_ro_mpi_start(void)
{
    const ro_mpi_flag_fn initialized = (ro_mpi_flag_fn)dlsym(RTLD_DEFAULT, "MPI_Initialized");
    int (*const init)(int *argc, char ***argv) =
        (int (*)(int *, char ***))dlsym(RTLD_DEFAULT, "MPI_Init");
    int flag = 0;

    if (!initialized || !init)
        return 0;
    if (initialized(&flag) != 0) {
        RO_ERR("rocshmem_init: MPI_Initialized failed; MPI was not started");
        return -1;
    }
    if (flag)
        return 0;
    if (init(NULL, NULL) != 0) {
        RO_ERR("rocshmem_init: MPI_Init failed; MPI was not started");
        return -1;
    }
    ro_mpi_started = 1;
    return 0;
}

void ro_mpi_stop(void)
{
    ro_mpi_flag_fn finalized;
    int (*fin)(void);
    int flag = 0;

    if (!ro_mpi_started)
        return;
    ro_mpi_started = 0;
    finalized = (ro_mpi_flag_fn)dlsym(RTLD_DEFAULT, "MPI_Finalized");
    fin = (int (*)(void))dlsym(RTLD_DEFAULT, "MPI_Finalize");
    if (!finalized || !fin || finalized(&flag) != 0 || flag)
        return;   /* the program ended MPI itself */
    if (fin() != 0)
        RO_ERR("rocshmem_finalize: MPI_Finalize (of the MPI that rocshmem_init started) failed");
}
