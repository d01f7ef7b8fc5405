/* Teams in the core (ro_team.c): the pool and the heap's team arena. */
#ifndef RO_TEAM_H
#define RO_TEAM_H

#include <stddef.h>

/* Bytes of the team arena (ROCSHMEM_MAX_TEAMS slots), after checking the settings. */
int  ro_team_arena_size(size_t *bytes);
/* The pool, WORLD and SHARED; after the heap is mapped (needs ro_core.ipc_base). */
int  ro_team_init(void);
void ro_team_fini(void);

#endif
