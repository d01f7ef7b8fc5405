/* PMI-2 bootstrap through Slurm's libpmi2 (srun --mpi=pmi2; Hydra answers it too).
 * allgather puts hex-encoded chunks, fences, and gets every peer's chunks, like PMI-1.
 * Note: libpmi2 has no timeouts, so timeout_s does not bound these waits; the launcher
 * does (srun and Hydra end the job when a process dies). */
#include "config.h"
#include "bootstrap/ro_boot.h"
#include "bootstrap/ro_boot_kvs.h"

#include "bootstrap/ro_boot_int.h"
#include "bootstrap/ro_pmi1_wire.h"
#include "common/ro_log.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <slurm/pmi2.h>

struct ro_boot_pmi2 {
    unsigned seq;   /* allgathers so far: every PE counts the same, keys stay unique */
};

/* libpmi2 has no error-string function: name its codes ourselves. */
static const char *ro_boot_pmi2_strerror(int rc)
{
    static const char *const names[] = {
        "success", "PMI2_ERR_INIT", "PMI2_ERR_NOMEM", "PMI2_ERR_INVALID_ARG",
        "PMI2_ERR_INVALID_KEY", "PMI2_ERR_INVALID_KEY_LENGTH", "PMI2_ERR_INVALID_VAL",
        "PMI2_ERR_INVALID_VAL_LENGTH", "PMI2_ERR_INVALID_LENGTH", "PMI2_ERR_INVALID_NUM_ARGS",
        "PMI2_ERR_INVALID_ARGS", "PMI2_ERR_INVALID_NUM_PARSED", "PMI2_ERR_INVALID_KEYVALP",
        "PMI2_ERR_INVALID_SIZE", "PMI2_ERR_OTHER",
    };

    if (rc == PMI2_FAIL)
        return "PMI2_FAIL";
    if (rc >= 0 && (size_t)rc < sizeof(names) / sizeof(names[0]))
        return names[rc];
    return "unknown PMI-2 error";
}

#define RO_PMI2_CHECK(call, label)                                                         \
    do {                                                                                   \
        int rc_ = (call);                                                                  \
        if (RO_UNLIKELY(rc_ != PMI2_SUCCESS)) {                                            \
            RO_ERR("%s: %s (%d)", #call, ro_boot_pmi2_strerror(rc_), rc_);                 \
            ret = -EIO;                                                                    \
            goto label;                                                                    \
        }                                                                                  \
    } while (0)

static int ro_boot_pmi2_init(struct ro_boot *b)
{
    struct ro_boot_pmi2 *p;
    int spawned, appnum, rc;

    /* Without PMI_FD, PMI2_Init succeeds as a singleton and every later call fails:
     * refuse here, where the cause is clear. */
    if (!getenv("PMI_FD")) {
        RO_BOOT_PROBE_ERR(b, "pmi2: PMI_FD is not set: not started by a PMI-2 launcher");
        return -ENOENT;
    }
    p = calloc(1, sizeof(*p));
    if (!p) {
        RO_SYS_ERR("calloc(1, sizeof(struct ro_boot_pmi2))", ENOMEM);
        return -ENOMEM;
    }
    rc = PMI2_Init(&spawned, &b->size, &b->rank, &appnum);
    if (rc != PMI2_SUCCESS) {
        RO_BOOT_PROBE_ERR(b, "PMI2_Init(&spawned, &size, &rank, &appnum): %s (%d)",
                          ro_boot_pmi2_strerror(rc), rc);
        free(p);
        return -EIO;
    }
    b->priv = p;
    return 0;
}

static int ro_boot_pmi2_barrier(struct ro_boot *b)
{
    int ret = 0;

    RO_PMI2_CHECK(PMI2_KVS_Fence(), out);
out:
    return ret;
}

static int ro_boot_pmi2_put_chunk(struct ro_boot *b, size_t idx, const void *src, size_t len)
{
    unsigned seq = ((struct ro_boot_pmi2 *)b->priv)->seq;
    int rank = b->rank;
    char key[PMI2_MAX_KEYLEN], hex[PMI2_MAX_VALLEN];
    int ret = ro_pmi1_key_format(key, sizeof(key), seq, rank, idx);

    if (ret < 0) {
        RO_ERR("pmi2: key for allgather %u rank %d chunk %zu exceeds %d bytes", seq, rank, idx,
               PMI2_MAX_KEYLEN);
        return ret;
    }
    ret = ro_pmi1_hex_encode(src, len, hex, sizeof(hex));
    if (ret)
        return ret;
    RO_PMI2_CHECK(PMI2_KVS_Put(key, hex), out);
out:
    return ret;
}

static int ro_boot_pmi2_get_chunk(struct ro_boot *b, int rank, size_t idx, void *dst, size_t len)
{
    unsigned seq = ((struct ro_boot_pmi2 *)b->priv)->seq;
    char key[PMI2_MAX_KEYLEN], hex[PMI2_MAX_VALLEN];
    int vallen = 0, ret = ro_pmi1_key_format(key, sizeof(key), seq, rank, idx);

    if (ret < 0) {
        RO_ERR("pmi2: key for allgather %u rank %d chunk %zu exceeds %d bytes", seq, rank, idx,
               PMI2_MAX_KEYLEN);
        return ret;
    }
    ret = 0;
    RO_PMI2_CHECK(PMI2_KVS_Get(NULL, rank, key, hex, sizeof(hex), &vallen), out);
    if (ro_pmi1_hex_decode(hex, dst, len)) {
        RO_ERR("pmi2 get %s: value from rank %d is not %zu bytes of hex", key, rank, len);
        ret = -EPROTO;
    }
out:
    return ret;
}

static int ro_boot_pmi2_allgather(struct ro_boot *b, const void *in, void *out, size_t len)
{
    static const struct ro_boot_kvs_ops kvs = { ro_boot_pmi2_put_chunk, ro_boot_pmi2_get_chunk };
    struct ro_boot_pmi2 *p = b->priv;
    int rc = ro_boot_kvs_allgather(b, &kvs, ro_pmi1_chunk_bytes(PMI2_MAX_VALLEN), in, out, len);

    p->seq++;
    return rc;
}

static _Noreturn void ro_boot_pmi2_abort(struct ro_boot *b, int code, const char *why)
{
    int rc;

    RO_LOG(code ? RO_LOG_ERROR : RO_LOG_INFO, "aborting the job (exit code %d): %s", code, why);
    /* flag 1: abort every process of the job, not just this one. */
    rc = PMI2_Abort(1, why);
    if (rc != PMI2_SUCCESS)
        RO_ERR("PMI2_Abort(1, why): %s (%d)", ro_boot_pmi2_strerror(rc), rc);
    _exit(code);
}

static int ro_boot_pmi2_fini(struct ro_boot *b)
{
    int ret = 0;

    RO_PMI2_CHECK(PMI2_Finalize(), out);
out:
    free(b->priv);
    b->priv = NULL;
    return ret;
}

const struct ro_boot_ops ro_boot_pmi2_ops = {
    .name = "pmi2",
    .init = ro_boot_pmi2_init,
    .allgather = ro_boot_pmi2_allgather,
    .barrier = ro_boot_pmi2_barrier,
    .abort = ro_boot_pmi2_abort,
    .fini = ro_boot_pmi2_fini,
};
