/* Opening and closing the transport: picks the provider (named, FI_PROVIDER, or the first
 * that fits), applies the interface hint, opens the endpoint and builds the AMO table.
 * Runs on the main thread before the proxy starts; also the describe printout. */
#include "config.h"
#include "ofi/ro_ofi_int.h"

#include <arpa/inet.h>
#include <errno.h>
#include <ifaddrs.h>
#include <netinet/in.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

#include "common/ro_env.h"

/* Testing hook (not in the env table's user settings): caps the bytes per libfabric
 * operation, so put/get fragmentation can be tested on providers whose max_msg_size is 2^64. */

/* Writes the first address of `family` on interface `name` into buf; 0 or -ENODEV. */
static int ro_ofi_iface_find(const struct ifaddrs *ifs, const char *name, int family,
                             char *buf, size_t len)
{
    for (const struct ifaddrs *ifa = ifs; ifa; ifa = ifa->ifa_next) {
        if (!ifa->ifa_addr || ifa->ifa_addr->sa_family != family ||
            strcmp(ifa->ifa_name, name) != 0)
            continue;
        const void *a = family == AF_INET
            ? (const void *)&((const struct sockaddr_in *)ifa->ifa_addr)->sin_addr
            : (const void *)&((const struct sockaddr_in6 *)ifa->ifa_addr)->sin6_addr;
        if (inet_ntop(family, a, buf, (socklen_t)len))
            return 0;
    }
    return -ENODEV;
}

/* Writes the numeric address of `iface` (an interface name such as "lo", or already an
 * address) into buf: IPv4 if the interface has one, else IPv6. */
static int ro_ofi_iface_addr(const char *iface, char *buf, size_t len)
{
    struct in6_addr probe;
    struct ifaddrs *ifs;
    int ret;

    if (inet_pton(AF_INET, iface, &probe) == 1 || inet_pton(AF_INET6, iface, &probe) == 1) {
        snprintf(buf, len, "%s", iface);
        return 0;
    }
    if (getifaddrs(&ifs)) {
        ret = -errno;
        RO_SYS_ERR("getifaddrs(&ifs)", -ret);
        return ret;
    }
    ret = ro_ofi_iface_find(ifs, iface, AF_INET, buf, len);
    if (ret)
        ret = ro_ofi_iface_find(ifs, iface, AF_INET6, buf, len);
    freeifaddrs(ifs);
    if (ret)
        RO_ERR("interface %s: no such interface with an IP address (see `ip addr`)", iface);
    return ret;
}

/* Asks again for the chosen provider, bound to the interface's address (FI_SOURCE), so the
 * endpoint listens and sends there. Providers not addressed by IP (shm) ignore the hint. */
static int ro_ofi_info_bind_iface(const char *iface, struct fi_info **chosen)
{
    char addr[INET6_ADDRSTRLEN];
    struct fi_info *hints, *list;
    int ret;

    if (!ro_ofi_addr_is_ip((*chosen)->addr_format))
        return 0;
    ret = ro_ofi_iface_addr(iface, addr, sizeof(addr));
    if (ret)
        return ret;
    hints = ro_ofi_hints_alloc((*chosen)->fabric_attr->prov_name,
                               ((*chosen)->caps & FI_HMEM) != 0);
    if (!hints)
        return -ENOMEM;
    ret = fi_getinfo(RO_OFI_VERSION, addr, NULL, FI_SOURCE, hints, &list);
    if (ret) {
        RO_ERR("provider %s cannot use interface %s (address %s): fi_getinfo: %s (%d)",
               (*chosen)->fabric_attr->prov_name, iface, addr, fi_strerror(-ret), ret);
        goto free_hints;
    }
    fi_freeinfo(*chosen);
    *chosen = fi_dupinfo(list);
    fi_freeinfo(list);
    if (!*chosen)
        ret = -ENOMEM;
free_hints:
    fi_freeinfo(hints);
    return ret;
}

/* Lists the provider entries that match the hints, libfabric's preference first. On
 * success *out holds the list (free with fi_freeinfo). */
static int ro_ofi_info_list(const char *prov, const char *env_prov, bool hmem,
                            struct fi_info **out)
{
    struct fi_info *hints, *list;
    int ret;

    hints = ro_ofi_hints_alloc(prov, hmem);
    if (!hints)
        return -ENOMEM;
    /* FI_PROVIDER needs no code here: libfabric itself filters by it. */
    ret = fi_getinfo(RO_OFI_VERSION, NULL, NULL, 0, hints, &list);
    if (ret == -FI_ENODATA && hmem) {
        /* The caller names the fixes: it knows why the heap is GPU memory. */
        RO_INFO("no provider%s%s registers GPU memory (FI_HMEM) here", prov ? " " : "",
                prov ? prov : "");
        ret = -ENODATA;
    } else if (ret == -FI_ENODATA && (prov || env_prov)) {
        ro_ofi_hints_explain(hints, prov ? prov : env_prov);
    } else if (ret == -FI_ENODATA) {
        RO_ERR("no libfabric provider offers RDM endpoints with RMA and atomics "
               "(`fi_info -t FI_EP_RDM -c 'FI_RMA|FI_ATOMIC'` lists what is there)");
    } else if (ret) {
        RO_ERR("fi_getinfo(version, NULL, NULL, 0, hints, &list): %s (%d)", fi_strerror(-ret),
               ret);
    } else {
        *out = list;
    }
    fi_freeinfo(hints);
    return ret;
}

/* Sizes for put/get: fragments of at most max_msg_size (or the testing cap); posts up to
 * the inject size carry FI_INJECT so the proxy may reuse the source at once. Verified with
 * ofi_pair on tcp, tcp;ofi_rxm, shm and sockets (1.17): injected writes and atomics posted
 * with FI_COMPLETION do complete into the CQ, like any other post. */
static void ro_ofi_sizes_set(struct ro_ofi *o, size_t cap)
{
    o->max_msg = o->info->ep_attr->max_msg_size;
    if (cap && cap < o->max_msg) {
        o->max_msg = cap;
        RO_INFO("ROCSHMEM_RO_OFI_MAX_MSG: put/get fragments of at most %zu bytes", o->max_msg);
    }
    o->inject_size = o->info->tx_attr->inject_size;
    if (o->inject_size > o->max_msg)
        o->inject_size = o->max_msg;
}

/* Reads back what the provider kept of the requested modes (see ro_ofi_mr.c) and what its
 * quirks call for (see ro_ofi_attr.c). */
static void ro_ofi_modes_set(struct ro_ofi *o)
{
    const struct ro_ofi_quirk *q = ro_ofi_quirk_find(o->info->fabric_attr->prov_name);
    int mode = o->info->domain_attr->mr_mode;

    o->virt_addr = (mode & FI_MR_VIRT_ADDR) != 0;
    o->prov_key = (mode & FI_MR_PROV_KEY) != 0;
    o->mr_endpoint = (mode & FI_MR_ENDPOINT) != 0;
    o->write_flags = q->no_delivery_complete ? 0 : FI_DELIVERY_COMPLETE;
    o->amo_plain_fetch = q->amo_plain_fetch;
    /* The combined bits cover RMA and atomics alike. Fetching atomics count as reads and
     * writes both, so all three are needed for any op to stay behind any earlier one. */
    const uint64_t order = FI_ORDER_RAW | FI_ORDER_WAR | FI_ORDER_WAW;
    o->ordered = (o->info->tx_attr->msg_order & order) == order;
}

/* A provider whose address vector cannot hold every PE returns -ENOTSUP, logged at
 * `level`, so that the caller may try the next. */
static int ro_ofi_peers_check(const struct fi_info *fi, int npes, int level)
{
    const struct ro_ofi_quirk *q = ro_ofi_quirk_find(fi->fabric_attr->prov_name);
    size_t max = fi->domain_attr->ep_cnt;

    if (!q->peers_max_ep_cnt || (size_t)npes <= max)
        return 0;
    RO_LOG(level, "provider %s reaches at most %zu peers (its address vector) and this job "
           "has %d PEs: name a network provider, e.g. ROCSHMEM_RO_PROVIDER=tcp, or "
           "\"udp;ofi_rxd\", which needs the least memory per peer on one machine",
           fi->fabric_attr->prov_name, max, npes);
    return -ENOTSUP;
}

/* Providers over IP (tcp, sockets) hold sockets per peer once traffic has flowed both
 * ways: after an alltoall, tcp;ofi_rxm held up to 3 per peer (1556 descriptors in a PE of
 * 512, 788 of 256), past the common soft limit of 1024 from 330 PEs on. Raises the soft
 * limit toward that (within the hard limit), and warns when the hard limit is short, since
 * the failure would come later, mid-job, from inside libfabric. */
static void ro_ofi_fd_room(const struct fi_info *fi, int npes)
{
    const rlim_t need = 3 * (rlim_t)npes + 256;   /* + the process's own: launcher, GPU */
    struct rlimit lim;

    if (!ro_ofi_addr_is_ip(fi->addr_format) || getrlimit(RLIMIT_NOFILE, &lim) ||
        lim.rlim_cur >= need)
        return;
    rlim_t want = lim.rlim_max == RLIM_INFINITY || lim.rlim_max >= need ? need : lim.rlim_max;
    if (want > lim.rlim_cur) {
        struct rlimit raised = { .rlim_cur = want, .rlim_max = lim.rlim_max };
        if (setrlimit(RLIMIT_NOFILE, &raised)) {
            RO_WARN("setrlimit(RLIMIT_NOFILE, %llu): %s: %d peers over %s may run out of "
                    "open files", (unsigned long long)want, ro_strerror(errno), npes,
                    fi->fabric_attr->prov_name);
            return;
        }
        RO_INFO("open-files limit raised from %llu to %llu for %d peers over %s",
                (unsigned long long)lim.rlim_cur, (unsigned long long)want, npes,
                fi->fabric_attr->prov_name);
    }
    if (want < need)
        RO_WARN("the open-files hard limit (%llu) is below the %llu that %d peers over %s may "
                "need (sockets): raise it (ulimit -Hn, or the launcher's limits)",
                (unsigned long long)lim.rlim_max, (unsigned long long)need, npes,
                fi->fabric_attr->prov_name);
}

static void ro_ofi_done_ignore(void *token, void *arg)
{
    (void)token;
    (void)arg;
}

/* Opens the transport on one provider entry. A provider without compare-and-swap, or too
 * small for the job, returns -ENOTSUP, logged at `level`, so that the caller may try the
 * next. */
static int ro_ofi_open_info(const struct ro_ofi_params *p, const struct fi_info *fi, int level,
                            struct ro_ofi **out)
{
    struct ro_ofi *o;
    int ret = ro_ofi_peers_check(fi, p->npes, level);

    if (ret)
        return ret;
    o = calloc(1, sizeof(*o));
    if (!o) {
        RO_SYS_ERR("calloc(1, sizeof(struct ro_ofi))", ENOMEM);
        return -ENOMEM;
    }
    o->pe = p->pe;
    o->wait_sec = p->timeout_s;
    o->done = ro_ofi_done_ignore;
    o->npes = p->npes;
    o->hmem_iface = p->hmem == RO_HEAP_MEM_CUDA ? FI_HMEM_CUDA :
                    p->hmem == RO_HEAP_MEM_ROCR ? FI_HMEM_ROCR : FI_HMEM_SYSTEM;
    o->hmem_device = p->hmem_device;
    o->info = fi_dupinfo(fi);
    if (!o->info) {
        ret = -ENOMEM;
        goto free_o;
    }
    if (p->iface && *p->iface) {
        ret = ro_ofi_info_bind_iface(p->iface, &o->info);
        if (ret)
            goto free_info;
    }
    ro_ofi_modes_set(o);
    ro_ofi_sizes_set(o, p->max_msg);
    ro_ofi_fd_room(o->info, o->npes);
    ret = ro_ofi_ep_open(o);
    if (ret)
        goto free_info;
    ret = ro_ofi_atomic_query(o, p->amo_emulate, level);
    if (ret)
        goto close_ep;
    RO_INFO("provider %s, fabric %s, domain %s, mr_mode [%s], inject %zu, max_msg_size %zu",
            o->info->fabric_attr->prov_name, o->info->fabric_attr->name,
            o->info->domain_attr->name, fi_tostr(&o->info->domain_attr->mr_mode,
                                                 FI_TYPE_MR_MODE),
            o->inject_size, o->info->ep_attr->max_msg_size);
    *out = o;
    return 0;

close_ep:
    ro_ofi_ep_close(o);
free_info:
    fi_freeinfo(o->info);
free_o:
    free(o);
    return ret;
}

int ro_ofi_open(const struct ro_ofi_params *p, struct ro_ofi **out)
{
    const char *prov = p->provider && *p->provider ? p->provider : NULL;
    const char *env_prov = getenv("FI_PROVIDER");
    const char *skip = "";
    struct fi_info *list;
    int ret;

    if (env_prov && !*env_prov)
        env_prov = NULL;
    ret = ro_ofi_info_list(prov, env_prov, p->hmem != RO_HEAP_MEM_HOST, &list);
    if (ret)
        return ret;
    /* A provider the user named must do; otherwise the first that fits, in libfabric's
     * order, where fitting also means compare-and-swap and room for every PE (its entries
     * for other addresses would fail the same way, so they are skipped). */
    for (const struct fi_info *fi = list; fi; fi = fi->next) {
        const char *name = fi->fabric_attr->prov_name;
        if (strcmp(name, skip) == 0)
            continue;
        ret = ro_ofi_open_info(p, fi, prov || env_prov ? RO_LOG_ERROR : RO_LOG_INFO, out);
        if (ret != -ENOTSUP || prov || env_prov)
            break;
        skip = name;
    }
    if (ret == -ENOTSUP && !prov && !env_prov)
        RO_ERR("no provider here has compare-and-swap for AMOs and room for %d PEs "
               "(ROCSHMEM_DEBUG_LEVEL=2 shows each one tried and why)", p->npes);
    fi_freeinfo(list);
    return ret;
}

int ro_ofi_close(struct ro_ofi *o)
{
    int ret = 0;

    if (!o)
        return 0;
    for (unsigned r = 0; r < RO_SYM_REGIONS; r++)
        if (o->mr[r])
            RO_OFI_CHECK(fi_close(&o->mr[r]->fid), close_ep);
close_ep:
    ro_ofi_ep_close(o);
    fi_freeinfo(o->info);
    free(o->addrs);
    free(o->peers);
    free(o);
    return ret;
}

size_t ro_ofi_inject_size(const struct ro_ofi *o)
{
    return o->inject_size;
}

const char *ro_ofi_provider_name(const struct ro_ofi *o)
{
    return o->info->fabric_attr->prov_name;
}

uint64_t ro_ofi_in_flight(const struct ro_ofi *o)
{
    return o->posted - o->completed;
}

void ro_ofi_describe(const struct ro_ofi *o, FILE *out)
{
    const struct fi_domain_attr *d = o->info->domain_attr;

    fprintf(out, "provider %s, fabric %s, domain %s\n", o->info->fabric_attr->prov_name,
            o->info->fabric_attr->name, d->name);
    fprintf(out, "mr_mode [%s]: remote addresses are %s, keys chosen by %s\n",
            d->mr_mode ? fi_tostr(&d->mr_mode, FI_TYPE_MR_MODE) : "none",
            o->virt_addr ? "virtual addresses" : "heap offsets",
            o->prov_key ? "the provider" : "us");
    fprintf(out, "inject %zu bytes, max msg %zu bytes (fragments of %zu), progress data %s "
            "control %s\n", o->inject_size, o->info->ep_attr->max_msg_size, o->max_msg,
            d->data_progress == FI_PROGRESS_AUTO ? "auto" : "manual",
            d->control_progress == FI_PROGRESS_AUTO ? "auto" : "manual");
    fprintf(out, "remote completion: puts %s, non-fetching amo %s\n",
            o->write_flags & FI_DELIVERY_COMPLETE ? "FI_DELIVERY_COMPLETE" : "as the provider "
            "completes them", o->amo_plain_fetch ? "sent as fetching"
            : o->write_flags & FI_DELIVERY_COMPLETE ? "FI_DELIVERY_COMPLETE" : "as the "
            "provider completes them");
    fprintf(out, "ordering per target: %s\n", o->ordered
            ? "the provider's (FI_ORDER_RAW|WAR|WAW): fence and put-with-signal post at once"
            : "kept by the proxy: after a fence, operations to a target with earlier ones "
              "outstanding wait for them");
    ro_ofi_atomic_describe(o, out);
}
