/* Deprecated location of shmemx.h, still required by OpenSHMEM 1.5. */
#include <shmemx.h>
