/* Deprecated location of shmem.h, still required by OpenSHMEM 1.5. */
#include <shmem.h>
