/* The deprecated names OpenSHMEM 1.5 still lists (its Annex), each the routine that
 * replaced it: the setup and allocation names of SGI SHMEM, the AMO names before 1.4,
 * shmem_TYPENAME_wait, and the cache routines, which have nothing to do on a coherent
 * machine. The active-set collectives are in ro_shmem_aset.c. */
#include "config.h"
#include "shmem/ro_shmem.h"

/* npes is ignored, as 1.5 says: the launcher decides. */
void start_pes(int npes)
{
    (void)npes;
    shmem_init();
}
int _my_pe(void) { return shmem_my_pe(); }
int _num_pes(void) { return shmem_n_pes(); }
void *shmalloc(size_t size) { return shmem_malloc(size); }
void *shmemalign(size_t alignment, size_t size) { return shmem_align(alignment, size); }
void *shrealloc(void *ptr, size_t size) { return shmem_realloc(ptr, size); }
void shfree(void *ptr) { shmem_free(ptr); }

#define RO_SHMEM_OLD_AMO(NAME, TYPE)                                                       \
    TYPE pshmem_##NAME##_cswap(TYPE *dest, TYPE cond, TYPE value, int pe)                  \
    { return shmem_##NAME##_atomic_compare_swap(dest, cond, value, pe); }                  \
    RO_SHMEM_ALIAS(NAME##_cswap)                                                           \
    TYPE pshmem_##NAME##_finc(TYPE *dest, int pe) { return shmem_##NAME##_atomic_fetch_inc(dest, pe); } \
    RO_SHMEM_ALIAS(NAME##_finc)                                                            \
    void pshmem_##NAME##_inc(TYPE *dest, int pe) { shmem_##NAME##_atomic_inc(dest, pe); }  \
    RO_SHMEM_ALIAS(NAME##_inc)                                                             \
    TYPE pshmem_##NAME##_fadd(TYPE *dest, TYPE value, int pe)                              \
    { return shmem_##NAME##_atomic_fetch_add(dest, value, pe); }                           \
    RO_SHMEM_ALIAS(NAME##_fadd)                                                            \
    void pshmem_##NAME##_add(TYPE *dest, TYPE value, int pe)                               \
    { shmem_##NAME##_atomic_add(dest, value, pe); }                                        \
    RO_SHMEM_ALIAS(NAME##_add)
#define RO_SHMEM_OLD_AMO_EXT(NAME, TYPE)                                                   \
    TYPE pshmem_##NAME##_fetch(const TYPE *source, int pe)                                 \
    { return shmem_##NAME##_atomic_fetch(source, pe); }                                    \
    RO_SHMEM_ALIAS(NAME##_fetch)                                                           \
    void pshmem_##NAME##_set(TYPE *dest, TYPE value, int pe)                               \
    { shmem_##NAME##_atomic_set(dest, value, pe); }                                        \
    RO_SHMEM_ALIAS(NAME##_set)                                                             \
    TYPE pshmem_##NAME##_swap(TYPE *dest, TYPE value, int pe)                              \
    { return shmem_##NAME##_atomic_swap(dest, value, pe); }                                \
    RO_SHMEM_ALIAS(NAME##_swap)
#define RO_SHMEM_OLD_WAIT(NAME, TYPE)                                                      \
    void pshmem_##NAME##_wait(TYPE *ivar, TYPE cmp_value)                                  \
    { shmem_##NAME##_wait_until(ivar, SHMEM_CMP_NE, cmp_value); }                          \
    RO_SHMEM_ALIAS(NAME##_wait)
_SHMEM_RO_FOR_OLD_AMO_TYPES(RO_SHMEM_OLD_AMO)
_SHMEM_RO_FOR_OLD_AMO_EXT_TYPES(RO_SHMEM_OLD_AMO_EXT)
_SHMEM_RO_FOR_OLD_WAIT_TYPES(RO_SHMEM_OLD_WAIT)

void pshmem_wait(long *ivar, long cmp_value) { shmem_long_wait_until(ivar, SHMEM_CMP_NE, cmp_value); }
RO_SHMEM_ALIAS(wait)

void pshmem_clear_cache_inv(void) {}
RO_SHMEM_ALIAS(clear_cache_inv)
void pshmem_set_cache_inv(void) {}
RO_SHMEM_ALIAS(set_cache_inv)
void pshmem_clear_cache_line_inv(void *dest) { (void)dest; }
RO_SHMEM_ALIAS(clear_cache_line_inv)
void pshmem_set_cache_line_inv(void *dest) { (void)dest; }
RO_SHMEM_ALIAS(set_cache_line_inv)
void pshmem_udcflush(void) {}
RO_SHMEM_ALIAS(udcflush)
void pshmem_udcflush_line(void *dest) { (void)dest; }
RO_SHMEM_ALIAS(udcflush_line)
