/* rocshmem_info: what this library is, how it was built, every ROCSHMEM_* variable,
 * and, when init succeeds (alone or under a launcher), the bootstrap and provider it
 * chose with the provider's capabilities. */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "core/ro_core.h"

int main(int argc, char **argv)
{
    if (argc > 1 && (!strcmp(argv[1], "-h") || !strcmp(argv[1], "--help"))) {
        printf("usage: rocshmem_info\n  Prints the build, the environment variables and, after "
               "init, the bootstrap and provider in use.\n  Run it under a launcher to see "
               "what a job gets (e.g. mpiexec.hydra -n 1 rocshmem_info).\n");
        return 0;
    }
    /* The environment table prints even when init would refuse it. */
    if (ro_env_parse(&ro_core.env))
        printf("(some variables are invalid: see the errors above)\n");
    ro_core_build_print(stdout);
    fflush(stdout);
    if (rocshmem_init_thread(ROCSHMEM_THREAD_MULTIPLE, NULL) != ROCSHMEM_SUCCESS) {
        printf("init: failed (see the errors above)\n");
        return 1;
    }
    if (rocshmem_my_pe() == 0)
        ro_core_info_print(stdout);
    rocshmem_finalize();
    return 0;
}
