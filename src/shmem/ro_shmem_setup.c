/* OpenSHMEM 1.5 chapters 9.1-9.5: setup, query, memory, teams and contexts, and the
 * profiling control. The handles shmem.h declares live here. */
#include "config.h"
#include "shmem/ro_shmem.h"

#include <stdlib.h>

#include "core/ro_heap_api.h"

_Static_assert(SHMEM_THREAD_MULTIPLE == ROCSHMEM_THREAD_MULTIPLE &&
               SHMEM_THREAD_SERIALIZED == ROCSHMEM_THREAD_SERIALIZED &&
               SHMEM_CMP_LE == ROCSHMEM_CMP_LE && SHMEM_CMP_GE == ROCSHMEM_CMP_GE &&
               SHMEM_SIGNAL_ADD == ROCSHMEM_SIGNAL_ADD &&
               SHMEM_CTX_NOSTORE == ROCSHMEM_CTX_NOSTORE &&
               SHMEM_CTX_SERIALIZED == ROCSHMEM_CTX_SERIALIZED &&
               SHMEM_CTX_PRIVATE == ROCSHMEM_CTX_WG_PRIVATE &&
               SHMEM_TEAM_NUM_CONTEXTS == ROCSHMEM_TEAM_NUM_CONTEXTS,
               "shmem.h's constants pass to rocshmem_ calls unchanged");

shmem_ctx_t const SHMEM_CTX_DEFAULT = &ROCSHMEM_CTX_DEFAULT;
shmem_team_t SHMEM_TEAM_WORLD;
shmem_team_t SHMEM_TEAM_SHARED;

uint64_t *ro_shmem_counts;
unsigned char *ro_shmem_scratch;

/* After init: the predefined teams, and the symmetric space of ro_shmem.h, one block.
 * Collective, as init is. */
static void ro_shmem_init_done(void)
{
    const size_t counts = ((size_t)rocshmem_n_pes() + 1) * sizeof(uint64_t);

    SHMEM_TEAM_WORLD = ROCSHMEM_TEAM_WORLD;
    SHMEM_TEAM_SHARED = ROCSHMEM_TEAM_SHARED;
    ro_shmem_scratch = rocshmem_calloc(1, RO_SHMEM_SCRATCH + counts);
    ro_shmem_counts = ro_shmem_scratch ? (uint64_t *)(ro_shmem_scratch + RO_SHMEM_SCRATCH) : NULL;
}

void pshmem_init(void)
{
    rocshmem_init();
    ro_shmem_init_done();
}
RO_SHMEM_ALIAS(init)

int pshmem_init_thread(int requested, int *provided)
{
    int rc = rocshmem_init_thread(requested, provided);

    ro_shmem_init_done();
    return rc;
}
RO_SHMEM_ALIAS(init_thread)

void pshmem_query_thread(int *provided) { rocshmem_query_thread(provided); }
RO_SHMEM_ALIAS(query_thread)

void pshmem_finalize(void)
{
    rocshmem_finalize();
    SHMEM_TEAM_WORLD = SHMEM_TEAM_SHARED = SHMEM_TEAM_INVALID;
    ro_shmem_counts = NULL;
    ro_shmem_scratch = NULL;
}
RO_SHMEM_ALIAS(finalize)

void pshmem_global_exit(int status) { rocshmem_global_exit(status); }
RO_SHMEM_ALIAS(global_exit)

int pshmem_my_pe(void) { return rocshmem_my_pe(); }
RO_SHMEM_ALIAS(my_pe)

int pshmem_n_pes(void) { return rocshmem_n_pes(); }
RO_SHMEM_ALIAS(n_pes)

int pshmem_pe_accessible(int pe) { return pe >= 0 && pe < rocshmem_n_pes(); }
RO_SHMEM_ALIAS(pe_accessible)

/* Symmetric (the heap, or the program's data where globals are symmetric) is what this PE
 * can name on any PE it reaches. */
int pshmem_addr_accessible(const void *addr, int pe)
{
    return pshmem_pe_accessible(pe) && rocshmem_ptr(addr, rocshmem_my_pe()) != NULL;
}
RO_SHMEM_ALIAS(addr_accessible)

void *pshmem_ptr(const void *dest, int pe) { return rocshmem_ptr(dest, pe); }
RO_SHMEM_ALIAS(ptr)

void pshmem_info_get_version(int *major, int *minor) { rocshmem_info_get_version(major, minor); }
RO_SHMEM_ALIAS(info_get_version)

void pshmem_info_get_name(char *name) { rocshmem_info_get_name(name); }
RO_SHMEM_ALIAS(info_get_name)

/* 1.5: a zero size, or a NULL pointer to free, is no action at all (no barrier). */
void *pshmem_malloc(size_t size) { return size ? rocshmem_malloc(size) : NULL; }
RO_SHMEM_ALIAS(malloc)

void *pshmem_calloc(size_t count, size_t size)
{
    return count && size ? rocshmem_calloc(count, size) : NULL;
}
RO_SHMEM_ALIAS(calloc)

void *pshmem_align(size_t alignment, size_t size)
{
    return size ? rocshmem_align(alignment, size) : NULL;
}
RO_SHMEM_ALIAS(align)

/* Hints only promise how memory will be used; every block here serves every use. */
void *pshmem_malloc_with_hints(size_t size, long hints)
{
    (void)hints;
    return pshmem_malloc(size);
}
RO_SHMEM_ALIAS(malloc_with_hints)

void *pshmem_realloc(void *ptr, size_t size)
{
    return ptr || size ? ro_heap_realloc(ptr, size, "shmem_realloc") : NULL;
}
RO_SHMEM_ALIAS(realloc)

void pshmem_free(void *ptr)
{
    if (ptr)
        rocshmem_free(ptr);
}
RO_SHMEM_ALIAS(free)

int pshmem_team_my_pe(shmem_team_t team) { return rocshmem_team_my_pe(team); }
RO_SHMEM_ALIAS(team_my_pe)

int pshmem_team_n_pes(shmem_team_t team) { return rocshmem_team_n_pes(team); }
RO_SHMEM_ALIAS(team_n_pes)

int pshmem_team_get_config(shmem_team_t team, long config_mask, shmem_team_config_t *config)
{
    return rocshmem_team_get_config(team, config_mask, (rocshmem_team_config_t *)config);
}
RO_SHMEM_ALIAS(team_get_config)

int pshmem_team_translate_pe(shmem_team_t src_team, int src_pe, shmem_team_t dest_team)
{
    return rocshmem_team_translate_pe(src_team, src_pe, dest_team);
}
RO_SHMEM_ALIAS(team_translate_pe)

int pshmem_team_split_strided(shmem_team_t parent_team, int start, int stride, int size,
                              const shmem_team_config_t *config, long config_mask,
                              shmem_team_t *new_team)
{
    return rocshmem_team_split_strided(parent_team, start, stride, size,
                                       (const rocshmem_team_config_t *)config, config_mask,
                                       new_team);
}
RO_SHMEM_ALIAS(team_split_strided)

int pshmem_team_split_2d(shmem_team_t parent_team, int xrange,
                         const shmem_team_config_t *xaxis_config, long xaxis_mask,
                         shmem_team_t *xaxis_team, const shmem_team_config_t *yaxis_config,
                         long yaxis_mask, shmem_team_t *yaxis_team)
{
    return rocshmem_team_split_2d(parent_team, xrange,
                                  (const rocshmem_team_config_t *)xaxis_config, xaxis_mask,
                                  xaxis_team, (const rocshmem_team_config_t *)yaxis_config,
                                  yaxis_mask, yaxis_team);
}
RO_SHMEM_ALIAS(team_split_2d)

void pshmem_team_destroy(shmem_team_t team) { rocshmem_team_destroy(team); }
RO_SHMEM_ALIAS(team_destroy)

/* A context handle is the address of a rocshmem_ctx_t of its own, made here. */
static int ro_shmem_ctx_made(int rc, rocshmem_ctx_t *made, shmem_ctx_t *ctx)
{
    if (rc) {
        free(made);
        *ctx = SHMEM_CTX_INVALID;
        return rc;
    }
    *ctx = made;
    return 0;
}

int pshmem_ctx_create(long options, shmem_ctx_t *ctx)
{
    rocshmem_ctx_t *made = malloc(sizeof(*made));

    if (!made) {
        RO_ERR("shmem_ctx_create: out of memory for a context handle");
        *ctx = SHMEM_CTX_INVALID;
        return 1;
    }
    return ro_shmem_ctx_made(rocshmem_ctx_create(options, made), made, ctx);
}
RO_SHMEM_ALIAS(ctx_create)

int pshmem_team_create_ctx(shmem_team_t team, long options, shmem_ctx_t *ctx)
{
    rocshmem_ctx_t *made = malloc(sizeof(*made));

    if (!made) {
        RO_ERR("shmem_team_create_ctx: out of memory for a context handle");
        *ctx = SHMEM_CTX_INVALID;
        return 1;
    }
    return ro_shmem_ctx_made(rocshmem_team_create_ctx(team, options, made), made, ctx);
}
RO_SHMEM_ALIAS(team_create_ctx)

void pshmem_ctx_destroy(shmem_ctx_t ctx)
{
    if (ctx == SHMEM_CTX_INVALID)
        return;
    if (ctx == SHMEM_CTX_DEFAULT) {
        RO_ERR("shmem_ctx_destroy: SHMEM_CTX_DEFAULT cannot be destroyed; the call is ignored");
        return;
    }
    rocshmem_ctx_destroy(*ctx);
    free(ctx);
}
RO_SHMEM_ALIAS(ctx_destroy)

int pshmem_ctx_get_team(shmem_ctx_t ctx, shmem_team_t *team)
{
    if (ctx == SHMEM_CTX_INVALID) {
        *team = SHMEM_TEAM_INVALID;
        return 1;
    }
    *team = ctx->team_opaque ? (shmem_team_t)ctx->team_opaque : SHMEM_TEAM_WORLD;
    return 0;
}
RO_SHMEM_ALIAS(ctx_get_team)

/* Chapter 10: the library collects no profile, so every level means the same. */
void pshmem_pcontrol(const int level, ...) { (void)level; }
RO_SHMEM_ALIAS(pcontrol)
