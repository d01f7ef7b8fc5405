/* Finds the MPI bootstrap module (ro_boot_mpi.c, librocshmem_ro_mpi.so) at run time: beside
 * this library (installed, or in the build tree's .libs), or where ROCSHMEM_RO_MPI_MODULE
 * says (init passes it). librocshmem_ro links no MPI: only a program that asks for
 * ROCSHMEM_INIT_WITH_MPI_COMM loads it, into a process whose MPI it then uses. */
#include "config.h"
#include "bootstrap/ro_boot.h"

#include <dlfcn.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/ro_log.h"

#define RO_MPI_MODULE "librocshmem_ro_mpi.so"

/* The module's path beside the file this function was loaded from; "" when unknown. */
static void ro_boot_mpi_beside_us(char *path, size_t len)
{
    Dl_info info;
    const char *slash;

    path[0] = '\0';
    if (!dladdr((void *)ro_boot_mpi_beside_us, &info) || !info.dli_fname)
        return;
    slash = strrchr(info.dli_fname, '/');
    if (slash)
        snprintf(path, len, "%.*s/%s", (int)(slash - info.dli_fname), info.dli_fname,
                 RO_MPI_MODULE);
}

int ro_boot_mpi_ops_load(const char *module, const struct ro_boot_ops **ops)
{
    char path[4096];
    void *h;

    if (*module)
        snprintf(path, sizeof(path), "%s", module);
    else
        ro_boot_mpi_beside_us(path, sizeof(path));
    if (!path[0]) {
        RO_ERR("ROCSHMEM_INIT_WITH_MPI_COMM: cannot tell where librocshmem_ro is, to find "
               RO_MPI_MODULE " beside it; set ROCSHMEM_RO_MPI_MODULE to its path");
        return -ENOENT;
    }
    h = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (!h) {
        RO_ERR("ROCSHMEM_INIT_WITH_MPI_COMM needs the MPI module, built when configure finds "
               "MPI (mpicc; Debian: libopenmpi-dev or libmpich-dev): dlopen(%s): %s", path,
               dlerror());
        return -ENOENT;
    }
    *ops = (const struct ro_boot_ops *)dlsym(h, "ro_boot_mpi_ops");
    if (!*ops) {
        RO_ERR("%s is not this library's MPI module: dlsym(ro_boot_mpi_ops): %s", path, dlerror());
        dlclose(h);
        return -ENOENT;
    }
    /* Never closed: the bootstrap's functions stay in use until finalize, and after it
     * the next init may load it again (dlopen counts). */
    return 0;
}
