#include "config.h"
#include "common/ro_shm.h"

#include <dirent.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "common/ro_log.h"

#define RO_SHM_PREFIX "rocshmem_ro-"

void ro_shm_name(char *buf, size_t len, const char *tag)
{
    snprintf(buf, len, RO_SHM_PREFIX "%d-%d-%s", (int)getuid(), (int)getpid(), tag);
}

/* A PE killed before it cleaned up (a job ended by an abort is killed so) leaves its objects
 * behind: memory in /dev/shm for good. Note: a pid is looked up in this PID namespace; a
 * container that shares /dev/shm with another namespace but not its pids must not run two
 * jobs at once. */
void ro_shm_sweep(void)
{
    char mine[32];
    size_t n = (size_t)snprintf(mine, sizeof(mine), RO_SHM_PREFIX "%d-", (int)getuid());
    DIR *dir = opendir("/dev/shm");
    unsigned removed = 0;
    struct dirent *e;

    if (!dir)
        return;
    while ((e = readdir(dir))) {
        char *end;
        long pid;

        if (strncmp(e->d_name, mine, n))
            continue;
        pid = strtol(e->d_name + n, &end, 10);
        if (*end != '-' || pid <= 0 || kill((pid_t)pid, 0) == 0 || errno != ESRCH)
            continue;
        if (shm_unlink(e->d_name) == 0)
            removed++;
    }
    closedir(dir);
    if (removed)
        RO_INFO("removed %u shared-memory objects that killed processes left in /dev/shm",
                removed);
}
