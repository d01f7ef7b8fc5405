/* PMIx bootstrap (Open MPI's mpirun, prterun, srun --mpi=pmix): allgather is put, commit,
 * a fence that collects data, then one get per peer. Values travel as byte objects, so
 * any length works without encoding. */
#include "config.h"
#include "bootstrap/ro_boot.h"

#include "bootstrap/ro_boot_int.h"
#include "common/ro_log.h"

#include <errno.h>
#include <limits.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <pmix.h>

struct ro_boot_pmix {
    pmix_proc_t me;
    unsigned seq;   /* allgathers so far: every PE counts the same, keys stay unique */
};

static int ro_boot_pmix_errno(pmix_status_t st)
{
    switch (st) {
    case PMIX_ERR_TIMEOUT: return -ETIMEDOUT;
    case PMIX_ERR_NOMEM: return -ENOMEM;
    case PMIX_ERR_UNREACH: return -ECONNREFUSED;
    case PMIX_ERR_NOT_FOUND: return -ENOENT;
    default: return -EIO;
    }
}

#define RO_PMIX_CHECK(call, label)                                                         \
    do {                                                                                   \
        pmix_status_t st_ = (call);                                                        \
        if (RO_UNLIKELY(st_ != PMIX_SUCCESS)) {                                            \
            RO_ERR("%s: %s (%d)", #call, PMIx_Error_string(st_), (int)st_);                \
            ret = ro_boot_pmix_errno(st_);                                                 \
            goto label;                                                                    \
        }                                                                                  \
    } while (0)

/* Fills info with PMIX_TIMEOUT (when bounded) and, if asked, PMIX_COLLECT_DATA; returns
 * the count. Bool and int values own no memory, so the array needs no destructor. A
 * server that does not support a timeout ignores it: info keys are optional by default. */
static size_t ro_boot_pmix_info(const struct ro_boot *b, bool collect, pmix_info_t info[2])
{
    int timeout = b->timeout_s > 0 && b->timeout_s <= (unsigned)INT_MAX ? (int)b->timeout_s : 0;
    bool yes = true;
    size_t n = 0;

    if (timeout)
        PMIX_INFO_LOAD(&info[n++], PMIX_TIMEOUT, &timeout, PMIX_INT);
    if (collect)
        PMIX_INFO_LOAD(&info[n++], PMIX_COLLECT_DATA, &yes, PMIX_BOOL);
    return n;
}

static int ro_boot_pmix_init(struct ro_boot *b)
{
    struct ro_boot_pmix *p = calloc(1, sizeof(*p));
    pmix_value_t *size = NULL;
    pmix_proc_t job;
    pmix_status_t st;
    int ret;

    if (!p) {
        RO_SYS_ERR("calloc(1, sizeof(struct ro_boot_pmix))", ENOMEM);
        return -ENOMEM;
    }
    st = PMIx_Init(&p->me, NULL, 0);
    if (st != PMIX_SUCCESS) {
        RO_BOOT_PROBE_ERR(b, "PMIx_Init(&p->me, NULL, 0): %s (%d)", PMIx_Error_string(st), (int)st);
        ret = ro_boot_pmix_errno(st);
        goto free_priv;
    }
    PMIX_LOAD_PROCID(&job, p->me.nspace, PMIX_RANK_WILDCARD);
    RO_PMIX_CHECK(PMIx_Get(&job, PMIX_JOB_SIZE, NULL, 0, &size), finalize);
    if (size->type != PMIX_UINT32 || size->data.uint32 > INT32_MAX || p->me.rank > INT32_MAX) {
        RO_ERR("PMIx_Get(%s): expected a PMIX_UINT32 job size, got %s", PMIX_JOB_SIZE,
               PMIx_Data_type_string(size->type));
        ret = -EPROTO;
        goto release_size;
    }
    b->size = (int)size->data.uint32;
    b->rank = (int)p->me.rank;
    b->priv = p;
    PMIX_VALUE_RELEASE(size);
    return 0;

release_size:
    PMIX_VALUE_RELEASE(size);
finalize:
    PMIx_Finalize(NULL, 0);
free_priv:
    free(p);
    return ret;
}

static int ro_boot_pmix_barrier(struct ro_boot *b)
{
    pmix_info_t info[2];
    size_t ninfo = ro_boot_pmix_info(b, false, info);
    int ret = 0;

    RO_PMIX_CHECK(PMIx_Fence(NULL, 0, info, ninfo), out);
out:
    return ret;
}

/* Copies rank r's value of `key` into dst, which holds exactly len bytes. */
static int ro_boot_pmix_get(struct ro_boot *b, const char *key, int r, void *dst, size_t len)
{
    struct ro_boot_pmix *p = b->priv;
    pmix_value_t *v = NULL;
    pmix_info_t info[2];
    size_t ninfo = ro_boot_pmix_info(b, false, info);
    pmix_proc_t peer;
    pmix_status_t st;
    int ret = 0;

    PMIX_LOAD_PROCID(&peer, p->me.nspace, (pmix_rank_t)r);
    st = PMIx_Get(&peer, key, info, ninfo, &v);
    if (st != PMIX_SUCCESS) {
        RO_ERR("PMIx_Get(rank %d, \"%s\"): %s (%d)", r, key, PMIx_Error_string(st), (int)st);
        return ro_boot_pmix_errno(st);
    }
    if (v->type != PMIX_BYTE_OBJECT || v->data.bo.size != len) {
        RO_ERR("PMIx_Get(rank %d, \"%s\"): expected %zu bytes as PMIX_BYTE_OBJECT, got %s of %zu bytes",
               r, key, len, PMIx_Data_type_string(v->type),
               v->type == PMIX_BYTE_OBJECT ? v->data.bo.size : (size_t)0);
        ret = -EPROTO;
    } else if (len) {
        memcpy(dst, v->data.bo.bytes, len);
    }
    PMIX_VALUE_RELEASE(v);
    return ret;
}

static int ro_boot_pmix_allgather(struct ro_boot *b, const void *in, void *out, size_t len)
{
    struct ro_boot_pmix *p = b->priv;
    char key[PMIX_MAX_KEYLEN + 1];
    pmix_value_t val;
    pmix_info_t info[2];
    size_t ninfo;
    int ret = 0;

    snprintf(key, sizeof(key), "ro.ag.%u", p->seq++);
    /* PMIx_Put copies the value: `in` need not outlive the call. */
    PMIX_VALUE_CONSTRUCT(&val);
    val.type = PMIX_BYTE_OBJECT;
    val.data.bo.bytes = (char *)in;
    val.data.bo.size = len;
    RO_PMIX_CHECK(PMIx_Put(PMIX_GLOBAL, key, &val), out);
    RO_PMIX_CHECK(PMIx_Commit(), out);
    ninfo = ro_boot_pmix_info(b, true, info);
    RO_PMIX_CHECK(PMIx_Fence(NULL, 0, info, ninfo), out);
    for (int r = 0; r < b->size && !ret; r++)
        ret = ro_boot_pmix_get(b, key, r, (char *)out + (size_t)r * len, len);
out:
    return ret;
}

static _Noreturn void ro_boot_pmix_abort(struct ro_boot *b, int code, const char *why)
{
    pmix_status_t st;

    RO_LOG(code ? RO_LOG_ERROR : RO_LOG_INFO, "aborting the job (exit code %d): %s", code, why);
    st = PMIx_Abort(code, why, NULL, 0);
    if (st != PMIX_SUCCESS)
        RO_ERR("PMIx_Abort(code, why, NULL, 0): %s (%d)", PMIx_Error_string(st), (int)st);
    /* The server normally kills us; if it has not yet, leave without running atexit
     * handlers that could block on a half-torn-down library. */
    _exit(code);
}

static int ro_boot_pmix_fini(struct ro_boot *b)
{
    int ret = 0;

    RO_PMIX_CHECK(PMIx_Finalize(NULL, 0), out);
out:
    free(b->priv);
    b->priv = NULL;
    return ret;
}

const struct ro_boot_ops ro_boot_pmix_ops = {
    .name = "pmix",
    .init = ro_boot_pmix_init,
    .allgather = ro_boot_pmix_allgather,
    .barrier = ro_boot_pmix_barrier,
    .abort = ro_boot_pmix_abort,
    .fini = ro_boot_pmix_fini,
};
