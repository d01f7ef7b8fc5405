/* init and finalize: the order in which the layers come up (env, bootstrap, fabric,
 * heap, proxy, device state) and go down, and the job-wide exits. */
#include "config.h"
#include "core/ro_core.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "common/ro_log.h"
#include "core/ro_device_lib.h"
#include "core/ro_init_steps.h"

struct ro_core ro_core;

_Static_assert(sizeof(rocshmem_uniqueid_t) == RO_BOOT_UID_BYTES,
               "the bootstrap's unique id is rocshmem_uniqueid_t");

void ro_core_fatal(const char *why)
{
    static int ending;

    RO_ERR("%s", why);
    /* The proxy and a PE's thread may both give up at once (a stopped peer: the proxy's
     * write and the thread's wait for ring room time out together): one of them ends the
     * job, the other waits for it, so two aborts never interleave on the launcher's socket. */
    if (__atomic_exchange_n(&ending, 1, __ATOMIC_ACQ_REL))
        for (;;)
            pause();
    if (ro_core.boot)
        ro_core.boot->ops->abort(ro_core.boot, 1, why);
    _exit(1);
}

/* Bounds that keep the sizes derived from these variables in range: a ring's size is an
 * unsigned, the context pool has MAX_NUM_CONTEXTS + 1 entries (4294967295 wrapped it to
 * none, and init wrote past it; found by fuzzing the parsers). */
#define RO_RING_SIZE_MAX ((size_t)1 << 24)
#define RO_MAX_NUM_CONTEXTS_MAX 65535u

static int ro_init_env(void)
{
    int rc = ro_env_parse(&ro_core.env);
    if (!rc && ro_core.env.DEBUG_LEVEL > RO_LOG_DEBUG) {
        RO_ERR("ROCSHMEM_DEBUG_LEVEL=%u: must be 0..%d", ro_core.env.DEBUG_LEVEL, RO_LOG_DEBUG);
        rc = -EINVAL;
    }
    if (!rc)
        ro_log_level = (int)ro_core.env.DEBUG_LEVEL;
    if (rc)
        RO_ERR("rocshmem_init: invalid environment (see the messages above; rocshmem_info lists "
               "every variable)");
    if (!rc && (ro_core.env.RO_RING_SIZE < 64 || ro_core.env.RO_RING_SIZE > RO_RING_SIZE_MAX ||
                (ro_core.env.RO_RING_SIZE & (ro_core.env.RO_RING_SIZE - 1)))) {
        RO_ERR("ROCSHMEM_RO_RING_SIZE=%zu: must be a power of two from 64 to %zu",
               ro_core.env.RO_RING_SIZE, RO_RING_SIZE_MAX);
        rc = -EINVAL;
    }
    if (!rc && ro_core.env.MAX_NUM_CONTEXTS > RO_MAX_NUM_CONTEXTS_MAX) {
        RO_ERR("ROCSHMEM_MAX_NUM_CONTEXTS=%u: must be at most %u", ro_core.env.MAX_NUM_CONTEXTS,
               RO_MAX_NUM_CONTEXTS_MAX);
        rc = -EINVAL;
    }
    if (!rc && (ro_core.env.RO_DEFAULT_CTX_RINGS < 1 || ro_core.env.RO_DEFAULT_CTX_RINGS > RO_CTX_MAX_RINGS)) {
        RO_ERR("ROCSHMEM_RO_DEFAULT_CTX_RINGS=%u: must be 1..%d", ro_core.env.RO_DEFAULT_CTX_RINGS,
               RO_CTX_MAX_RINGS);
        rc = -EINVAL;
    }
#if !defined(RO_HAVE_CUDA) && !defined(RO_HAVE_HIP)
    if (!rc && ro_core.env.HEAP_LOCATION == RO_HEAP_DEVICE) {
        RO_ERR("ROCSHMEM_HEAP_LOCATION=device needs a GPU build (configure --with-cuda or "
               "--with-hip); this library is CPU-only: use ROCSHMEM_HEAP_LOCATION=host");
        rc = -EINVAL;
    }
#endif
    return rc;
}

/* The steps of init, in order, for every public entry (`api` names it in messages).
 * `boot_ops` NULL picks the bootstrap from the environment, else init opens that one with
 * `boot_args`. ROCSHMEM_SUCCESS, or ROCSHMEM_ERROR for a failure before the bootstrap has
 * connected the PEs; a failure after it ends the job. */
static int ro_init_run(const char *api, int requested, const struct ro_boot_ops *boot_ops,
                       const void *boot_args)
{
    int rc;

    if (ro_core.initialized) {
        RO_ERR("%s: already initialized (call rocshmem_finalize first)", api);
        return ROCSHMEM_ERROR;
    }
    rc = ro_init_env();
    if (rc)
        return ROCSHMEM_ERROR;
    rc = ro_init_boot(boot_ops, boot_args);
    if (rc)
        return ROCSHMEM_ERROR;
    /* From here on a failure on one PE would leave the others waiting in the next
     * exchange: end the whole job instead. */
    rc = ro_init_gpu();
    if (!rc)
        rc = ro_init_heap_plan();
    if (!rc)
        rc = ro_init_fabric();
    if (!rc)
        rc = ro_init_heap();
    if (!rc)
        rc = ro_init_proxy();
    if (!rc)
        rc = ro_init_device_state(requested);
    if (rc)
        ro_core_fatal("rocshmem_init failed (the cause is logged above)");
    ro_core.initialized = 1;
    /* Every proxy must be draining and serving before any PE targets it. */
    if (ro_core.boot->ops->barrier(ro_core.boot))
        ro_core_fatal("rocshmem_init: final bootstrap barrier failed");
    char where[32] = "unpinned";
    if (ro_proxy_cpu(ro_core.proxy) >= 0)
        snprintf(where, sizeof(where), "on core %d", ro_proxy_cpu(ro_core.proxy));
    RO_INFO("initialized: PE %d of %d, provider %s, %s heap %zu bytes, %d PEs mapped (IPC), "
            "proxy %s", ro_core.boot->rank, ro_core.boot->size,
            ro_ofi_provider_name(ro_core.ofi), ro_core.heap_on_device ? "device" : "host",
            ro_core.heap.size, ROCSHMEM_TEAM_SHARED->size * (ro_core.ipc_base != NULL), where);
    return ROCSHMEM_SUCCESS;
}

int rocshmem_init_thread(int requested, int *provided)
{
    int rc;

    if (requested < ROCSHMEM_THREAD_SINGLE || requested > ROCSHMEM_THREAD_MULTIPLE) {
        RO_ERR("rocshmem_init_thread: thread level %d is not one of ROCSHMEM_THREAD_*", requested);
        return ROCSHMEM_ERROR;
    }
    rc = ro_init_run("rocshmem_init", requested, NULL, NULL);
    if (rc == ROCSHMEM_SUCCESS && provided)
        *provided = requested;
    return rc;
}

int rocshmem_ro_init_thread_kernels(int requested, int *provided)
{
    ro_core.kernels = 1;
    return rocshmem_init_thread(requested, provided);
}

int rocshmem_ro_init_attr_kernels(unsigned int flags, rocshmem_init_attr_t *attr)
{
    ro_core.kernels = 1;
    return rocshmem_init_attr(flags, attr);
}

/* 0 when rank and nranks name a rank, else -EINVAL after a message from `api`. */
static int ro_init_attr_ranks(const char *api, int rank, int nranks)
{
    if (nranks < 1) {
        RO_ERR("%s: nranks %d: must be at least 1", api, nranks);
        return -EINVAL;
    }
    if (rank < 0 || rank >= nranks) {
        RO_ERR("%s: rank %d is outside 0..%d (nranks %d)", api, rank, nranks - 1, nranks);
        return -EINVAL;
    }
    return 0;
}

int rocshmem_get_uniqueid(rocshmem_uniqueid_t *uid)
{
    const char *iface, *var = "ROCSHMEM_BOOTSTRAP_IFACE";

    if (!uid) {
        RO_ERR("rocshmem_get_uniqueid: uid is NULL");
        return ROCSHMEM_ERROR;
    }
    /* Before init nobody has read the environment yet (nor set the log level from it). */
    if (!ro_core.initialized && ro_init_env())
        return ROCSHMEM_ERROR;
    iface = ro_core.env.BOOTSTRAP_IFACE;
    if (!*iface && *ro_core.env.RO_IFACE) {
        iface = ro_core.env.RO_IFACE;
        var = "ROCSHMEM_RO_IFACE";
    }
    if (ro_boot_uid_id_create(iface, var, ro_core.env.BOOTSTRAP_PORT, uid->internal))
        return ROCSHMEM_ERROR;
    return ROCSHMEM_SUCCESS;
}

int rocshmem_set_attr_uniqueid_args(int rank, int nranks, rocshmem_uniqueid_t *uid,
                                    rocshmem_init_attr_t *attr)
{
    const char *why;

    if (!uid || !attr) {
        RO_ERR("rocshmem_set_attr_uniqueid_args: %s is NULL", uid ? "attr" : "uid");
        return ROCSHMEM_ERROR;
    }
    if (ro_init_attr_ranks("rocshmem_set_attr_uniqueid_args", rank, nranks))
        return ROCSHMEM_ERROR;
    if (ro_boot_uid_id_check(uid->internal, &why)) {
        RO_ERR("rocshmem_set_attr_uniqueid_args: uid is not a unique id: %s", why);
        return ROCSHMEM_ERROR;
    }
    attr->rank = rank;
    attr->nranks = nranks;
    attr->uid = *uid;
    return ROCSHMEM_SUCCESS;
}

/* One arm per way of finding the PEs; each ends in ro_init_run with its bootstrap. */
int rocshmem_init_attr(unsigned int flags, rocshmem_init_attr_t *attr)
{
    static const char api[] = "rocshmem_init_attr";
    struct ro_boot_uid_args uid_args;
    const struct ro_boot_ops *mpi_ops;

    if (ro_core.initialized) {
        RO_ERR("%s: already initialized (call rocshmem_finalize first)", api);
        return ROCSHMEM_ERROR;
    }
    if (!attr) {
        RO_ERR("%s: attr is NULL", api);
        return ROCSHMEM_ERROR;
    }
    switch (flags) {
    case ROCSHMEM_INIT_WITH_UNIQUEID:
        if (ro_init_attr_ranks(api, attr->rank, attr->nranks))
            return ROCSHMEM_ERROR;
        uid_args.rank = attr->rank;
        uid_args.nranks = attr->nranks;
        memcpy(uid_args.uid, attr->uid.internal, sizeof(uid_args.uid));
        return ro_init_run(api, ROCSHMEM_THREAD_SINGLE, &ro_boot_uid_ops, &uid_args);
    case ROCSHMEM_INIT_WITH_MPI_COMM:
        if (ro_init_env() || ro_boot_mpi_ops_load(ro_core.env.RO_MPI_MODULE, &mpi_ops))
            return ROCSHMEM_ERROR;
        return ro_init_run(api, ROCSHMEM_THREAD_SINGLE, mpi_ops, attr->mpi_comm);
    default:
        RO_ERR("%s: flags %u is neither ROCSHMEM_INIT_WITH_UNIQUEID (%d) nor "
               "ROCSHMEM_INIT_WITH_MPI_COMM (%d)", api, flags, ROCSHMEM_INIT_WITH_UNIQUEID,
               ROCSHMEM_INIT_WITH_MPI_COMM);
        return ROCSHMEM_ERROR;
    }
}

const struct ro_dev_state *rocshmem_ro_device_view(void)
{
    return &ro_core.dev_view;
}

void rocshmem_init(void)
{
    if (rocshmem_init_thread(ROCSHMEM_THREAD_SINGLE, NULL) != ROCSHMEM_SUCCESS) {
        RO_ERR("rocshmem_init failed; exiting");
        exit(1);
    }
}

void rocshmem_finalize(void)
{
    if (!ro_core.initialized) {
        RO_ERR("rocshmem_finalize: not initialized");
        return;
    }
    /* Complete everything, then make sure no peer still needs this PE's proxy (it serves
     * their operations on our heap) before it stops. */
    rocshmem_barrier_all();
    for (unsigned i = 1; i < ro_gpu_state.nctxs; i++)
        if (ro_gpu_state.ctxs[i].in_use)
            ro_gpu_ctx_release(&ro_gpu_state.ctxs[i]);
    rocshmem_quiet();
    if (ro_core.boot->ops->barrier(ro_core.boot))
        RO_ERR("rocshmem_finalize: bootstrap barrier failed; closing anyway");
    ro_fini_all();
    ro_core.initialized = 0;
    ro_mpi_stop();
}

void rocshmem_global_exit(int status)
{
    char why[96];
    snprintf(why, sizeof(why), "rocshmem_global_exit(%d) called on PE %d", status, ro_gpu_state.my_pe);
    fflush(stdout);
    if (ro_core.boot)
        ro_core.boot->ops->abort(ro_core.boot, status, why);
    _exit(status);
}

void rocshmem_info_get_version(int *major, int *minor)
{
    *major = ROCSHMEM_MAJOR_VERSION;
    *minor = ROCSHMEM_MINOR_VERSION;
}

void rocshmem_vendor_get_version_info(int *major, int *minor, int *patch)
{
    *major = ROCSHMEM_VENDOR_MAJOR_VERSION;
    *minor = ROCSHMEM_VENDOR_MINOR_VERSION;
    *patch = ROCSHMEM_VENDOR_PATCH_VERSION;
}

/* The name and its terminator only: strncpy would pad the rest of the caller's
 * ROCSHMEM_MAX_NAME_LEN bytes with zeros. The string is the library's own, and shorter. */
void rocshmem_info_get_name(char *name)
{
    _Static_assert(sizeof(ROCSHMEM_VENDOR_STRING) <= ROCSHMEM_MAX_NAME_LEN,
                   "ROCSHMEM_VENDOR_STRING must fit in ROCSHMEM_MAX_NAME_LEN bytes");
    memcpy(name, ROCSHMEM_VENDOR_STRING, sizeof(ROCSHMEM_VENDOR_STRING));
}
