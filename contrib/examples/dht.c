/* A distributed hash table updated with atomics: K slots per PE (open addressing, linear
 * probing within the home PE), 64-bit keys hashed to (PE, slot). Many threads on every PE
 * insert keys: rocshmem_uint64_atomic_compare_swap claims an empty slot (or finds the key
 * there) and rocshmem_uint64_atomic_fetch_add counts it, duplicates included; then they
 * look every key up with rocshmem_uint64_atomic_fetch. The keys repeat across PEs, so many
 * inserts are duplicates. Check: every key is found with its number of inserts, the counts
 * sum to the inserts, the occupied slots to the distinct keys, and the fetch-adds that
 * found a count already there to the duplicates. Prints inserts and lookups per second.
 *   usage: dht [-n INSERTS_PER_PE] [-k SLOTS_PER_PE] [-b BLOCKS] [-t THREADS]
 * Runs as C on CPU-only PEs and as CUDA (the same file, nvcc -x cu). */
#include "ex_launch.h"

struct dht_args {
    uint64_t *keys;               /* K slots: 0 (empty) or a key */
    uint64_t *counts;             /* K slots: inserts of that key */
    uint64_t *found;              /* N: the count each lookup found (0: key missing) */
    unsigned long long *stats;    /* [0] slots claimed, [1] duplicates, [2] table full */
    int me, npes, N, K;
    uint64_t U;                   /* distinct keys in the job */
};

/* splitmix64's finalizer: a bijection, and 0 only for 0. */
EX_HOST_DEVICE uint64_t mix64(uint64_t z)
{
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

/* Insert j of PE pe: key number (pe * N + j) mod U, so each key is inserted by several
 * PEs (and threads). Never 0, the empty slot. */
EX_HOST_DEVICE uint64_t key_of(int pe, int j, int N, uint64_t U)
{
    return mix64(((uint64_t)pe * (uint64_t)N + (uint64_t)j) % U + 1);
}

EX_HOST_DEVICE void home_of(uint64_t key, int npes, int K, int *pe, int *slot)
{
    uint64_t h = mix64(key ^ 0x5851f42d4c957f2dull);
    *pe = (int)(h % (uint64_t)npes);
    *slot = (int)((h / (uint64_t)npes) % (uint64_t)K);
}

EX_KERNEL(k_insert, struct dht_args, a)
{
    int stride = (int)(ex_nblocks() * ex_bdim());
    for (int j = (int)(ex_bid() * ex_bdim() + ex_tid()); j < a.N; j += stride) {
        uint64_t key = key_of(a.me, j, a.N, a.U);
        int pe, slot, probe;
        home_of(key, a.npes, a.K, &pe, &slot);
        for (probe = 0; probe < a.K; probe++) {
            uint64_t old = rocshmem_uint64_atomic_compare_swap(&a.keys[slot], 0, key, pe);
            if (old == 0 || old == key) {
                if (old == 0)
                    ex_atomic_add_ull(&a.stats[0], 1);
                if (rocshmem_uint64_atomic_fetch_add(&a.counts[slot], 1, pe) != 0)
                    ex_atomic_add_ull(&a.stats[1], 1);
                break;
            }
            slot = slot + 1 == a.K ? 0 : slot + 1;
        }
        if (probe == a.K)
            ex_atomic_add_ull(&a.stats[2], 1);
    }
}

EX_KERNEL(k_lookup, struct dht_args, a)
{
    int stride = (int)(ex_nblocks() * ex_bdim());
    for (int j = (int)(ex_bid() * ex_bdim() + ex_tid()); j < a.N; j += stride) {
        uint64_t key = key_of(a.me, j, a.N, a.U), c = 0;
        int pe, slot;
        home_of(key, a.npes, a.K, &pe, &slot);
        for (int probe = 0; probe < a.K; probe++) {
            uint64_t k = rocshmem_uint64_atomic_fetch(&a.keys[slot], pe);
            if (k == key) {
                c = rocshmem_uint64_atomic_fetch(&a.counts[slot], pe);
                break;
            }
            if (k == 0)
                break;
            slot = slot + 1 == a.K ? 0 : slot + 1;
        }
        a.found[j] = c;
    }
}

int main(int argc, char **argv)
{
    const char *usage = "usage: dht [-n INSERTS_PER_PE] [-k SLOTS_PER_PE] [-b BLOCKS] [-t THREADS]";
    int N = EX_GPU ? 1 << 16 : 512, K = EX_GPU ? 1 << 18 : 1024;
    unsigned blocks = EX_GPU ? 64 : 2, threads = EX_THREADS;
    struct dht_args a;
    long errors = 0;
    int opt;

    ex_start();
    while ((opt = getopt(argc, argv, "n:k:b:t:")) != -1) {
        long v = optarg ? ex_opt_long(optarg, usage) : 0;
        switch (opt) {
        case 'n': N = (int)v; break;
        case 'k': K = (int)v; break;
        case 'b': blocks = (unsigned)v; break;
        case 't': threads = (unsigned)v; break;
        default: ex_opt_long("", usage);
        }
    }

    uint64_t M = (uint64_t)ex_npes * (uint64_t)N;   /* inserts in the job */
    memset(&a, 0, sizeof(a));
    a.me = ex_me;
    a.npes = ex_npes;
    a.N = N;
    a.K = K;
    a.U = M / 2 ? M / 2 : 1;
    a.keys = (uint64_t *)ex_malloc((size_t)K * sizeof(uint64_t));
    a.counts = (uint64_t *)ex_malloc((size_t)K * sizeof(uint64_t));
    a.found = (uint64_t *)ex_malloc((size_t)N * sizeof(uint64_t));
    a.stats = (unsigned long long *)ex_malloc(3 * sizeof(unsigned long long));
    ex_sym_zero(a.keys, (size_t)K * sizeof(uint64_t));
    ex_sym_zero(a.counts, (size_t)K * sizeof(uint64_t));
    ex_sym_zero(a.stats, 3 * sizeof(unsigned long long));
    /* The table is empty everywhere before anyone inserts. */
    rocshmem_barrier_all();

    double t0 = ex_wtime();
    EX_LAUNCH(k_insert, blocks, threads, a);
    /* Every atomic of the inserts is a fetching one, done when its call returns. */
    rocshmem_barrier_all();
    double t1 = ex_wtime();
    EX_LAUNCH(k_lookup, blocks, threads, a);
    rocshmem_barrier_all();
    double t2 = ex_wtime();

    /* Each lookup found its key's number of inserts: key u = (pe N + j) mod U is inserted
     * M / U times, once more for u < M mod U. */
    uint64_t *found = (uint64_t *)ex_host_alloc((size_t)N * sizeof(uint64_t));
    ex_from_sym(found, a.found, (size_t)N * sizeof(uint64_t));
    for (int j = 0; j < N; j++) {
        uint64_t u = ((uint64_t)ex_me * (uint64_t)N + (uint64_t)j) % a.U;
        uint64_t want = M / a.U + (u < M % a.U ? 1 : 0);
        if (found[j] != want && errors++ < 5)
            printf("dht pe %d: key %#llx (insert %d) has count %llu, expected %llu\n", ex_me,
                   (unsigned long long)key_of(ex_me, j, N, a.U), j,
                   (unsigned long long)found[j], (unsigned long long)want);
    }
    free(found);

    /* The totals, over every PE: counts, occupied slots, claims, duplicates, full tables. */
    uint64_t *keys = (uint64_t *)ex_host_alloc((size_t)K * sizeof(uint64_t));
    uint64_t *counts = (uint64_t *)ex_host_alloc((size_t)K * sizeof(uint64_t));
    unsigned long long stats[3];
    long v[2], w[2], x[2];
    ex_from_sym(keys, a.keys, (size_t)K * sizeof(uint64_t));
    ex_from_sym(counts, a.counts, (size_t)K * sizeof(uint64_t));
    ex_from_sym(stats, a.stats, sizeof(stats));
    v[0] = v[1] = 0;
    for (int s = 0; s < K; s++) {
        v[0] += (long)counts[s];
        v[1] += keys[s] != 0;
    }
    w[0] = (long)stats[0];
    w[1] = (long)stats[1];
    x[0] = (long)stats[2];
    x[1] = 0;
    free(counts);
    free(keys);
    ex_sum2(v);
    ex_sum2(w);
    ex_sum2(x);
    if (ex_me == 0) {
        long want[5] = { (long)M, (long)a.U, (long)a.U, (long)(M - a.U), 0 };
        long got[5] = { v[0], v[1], w[0], w[1], x[0] };
        const char *what[5] = { "sum of counts", "occupied slots", "slots claimed",
                                "duplicate inserts", "inserts that found the table full" };
        for (int i = 0; i < 5; i++)
            if (got[i] != want[i]) {
                printf("dht: %s is %ld, expected %ld\n", what[i], got[i], want[i]);
                errors++;
            }
        printf("dht: %d PEs, %d inserts per PE (%llu distinct keys), %d slots per PE, %u x %u "
               "threads per PE: %.3g inserts/s, %.3g lookups/s\n", ex_npes, N,
               (unsigned long long)a.U, K, blocks, threads, (double)M / (t1 - t0),
               (double)M / (t2 - t1));
    }
    rocshmem_barrier_all();
    rocshmem_free(a.stats);
    rocshmem_free(a.found);
    rocshmem_free(a.counts);
    rocshmem_free(a.keys);
    return ex_finish("dht", errors);
}
