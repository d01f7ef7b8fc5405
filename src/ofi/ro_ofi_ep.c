/* The libfabric objects under the proxy: fabric, domain, address vector, one CQ that every
 * operation completes into, and one RDM endpoint. Also the endpoint-name exchange (setup,
 * main thread). */
#include "config.h"
#include "ofi/ro_ofi_int.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "common/ro_shm.h"

/* shm names its region "<pid>:<uid>:<n>" by default, so a PE killed before it closed its
 * endpoint leaves a region that makes fi_enable fail with EBUSY for the next process that gets
 * the same pid. A name carrying the start time cannot collide that way. */
static int ro_ofi_ep_name_shm(struct ro_ofi *o)
{
    struct timespec now;
    char name[64], tag[24];
    int ret;

    if (strcmp(o->info->fabric_attr->prov_name, "shm"))
        return 0;
    ro_shm_sweep();
    clock_gettime(CLOCK_REALTIME, &now);
    snprintf(tag, sizeof(tag), "%llx",
             (unsigned long long)now.tv_sec * 1000000000ull + (unsigned long long)now.tv_nsec);
    ro_shm_name(name, sizeof(name), tag);
    RO_OFI_CHECK(fi_setname(&o->ep->fid, name, strlen(name) + 1), err);
    return 0;
err:
    return ret;
}

/* Binds the AV and the CQ. Every operation completes into the CQ with its token.
 * Note: a completion counter would be cheaper, but one count cannot say *which* operations
 * completed: across targets they complete out of order, and the proxy must never call a
 * ring's descriptor complete because a later one somewhere else was. */
static int ro_ofi_ep_bind(struct ro_ofi *o)
{
    int ret;

    RO_OFI_CHECK(fi_ep_bind(o->ep, &o->av->fid, 0), err);
    RO_OFI_CHECK(fi_ep_bind(o->ep, &o->cq->fid, FI_TRANSMIT | FI_RECV), err);
    ret = ro_ofi_ep_name_shm(o);
    if (ret)
        goto err;
    RO_OFI_CHECK(fi_enable(o->ep), err);
    return 0;
err:
    return ret;
}

/* Logs where the endpoint listens, at info level: shows that the interface hint took. */
static void ro_ofi_ep_log(struct ro_ofi *o)
{
    char name[RO_OFI_NAME_MAX], addr[128];
    size_t n = sizeof(name), len = sizeof(addr);

    if (ro_log_level < RO_LOG_INFO || fi_getname(&o->ep->fid, name, &n))
        return;
    RO_INFO("provider %s endpoint address %s", o->info->fabric_attr->prov_name,
            fi_av_straddr(o->av, name, addr, &len));
}

/* Opens every object from o->info. On failure closes what it opened and leaves o as it was. */
int ro_ofi_ep_open(struct ro_ofi *o)
{
    struct fi_av_attr av_attr = { .type = FI_AV_TABLE, .count = (size_t)o->npes };
    struct fi_cq_attr cq_attr = { .format = FI_CQ_FORMAT_CONTEXT, .wait_obj = FI_WAIT_NONE };
    int ret;

    RO_OFI_CHECK(fi_fabric(o->info->fabric_attr, &o->fabric, NULL), err);
    RO_OFI_CHECK(fi_domain(o->fabric, o->info, &o->domain, NULL), close_fabric);
    RO_OFI_CHECK(fi_av_open(o->domain, &av_attr, &o->av, NULL), close_domain);
    RO_OFI_CHECK(fi_cq_open(o->domain, &cq_attr, &o->cq, NULL), close_av);
    RO_OFI_CHECK(fi_endpoint(o->domain, o->info, &o->ep, NULL), close_cq);
    ret = ro_ofi_ep_bind(o);
    if (ret)
        goto close_ep;
    ro_ofi_ep_log(o);
    return 0;

close_ep:
    fi_close(&o->ep->fid);
    o->ep = NULL;
close_cq:
    fi_close(&o->cq->fid);
    o->cq = NULL;
close_av:
    fi_close(&o->av->fid);
    o->av = NULL;
close_domain:
    fi_close(&o->domain->fid);
    o->domain = NULL;
close_fabric:
    fi_close(&o->fabric->fid);
    o->fabric = NULL;
err:
    return ret;
}

/* Closes in the reverse order of opening; the endpoint goes first because it holds
 * references to everything bound to it. Logs a failing close and carries on. */
void ro_ofi_ep_close(struct ro_ofi *o)
{
    const struct {
        struct fid **fid;
        const char *name;
    } objs[] = {
        { (struct fid **)&o->ep, "ep" },         { (struct fid **)&o->cq, "cq" },
        { (struct fid **)&o->av, "av" },         { (struct fid **)&o->domain, "domain" },
        { (struct fid **)&o->fabric, "fabric" },
    };

    for (size_t i = 0; i < sizeof(objs) / sizeof(objs[0]); i++) {
        if (!*objs[i].fid)
            continue;
        int ret = fi_close(*objs[i].fid);
        if (ret)
            RO_ERR("fi_close(&%s->fid): %s (%d)", objs[i].name, fi_strerror(-ret), ret);
        *objs[i].fid = NULL;
    }
}

int ro_ofi_ep_name(struct ro_ofi *o, void *name, size_t *len)
{
    char buf[RO_OFI_NAME_MAX];
    size_t n = sizeof(buf);
    int ret;

    RO_OFI_CHECK(fi_getname(&o->ep->fid, buf, &n), err);
    if (n > *len) {
        RO_ERR("endpoint name of provider %s is %zu bytes, room for %zu",
               o->info->fabric_attr->prov_name, n, *len);
        return -ENOSPC;
    }
    memcpy(name, buf, n);
    *len = n;
    return 0;
err:
    return ret;
}

int ro_ofi_av_insert(struct ro_ofi *o, const void *names)
{
    fi_addr_t *addrs = calloc((size_t)o->npes, sizeof(*addrs));
    int ret;

    if (!addrs) {
        RO_SYS_ERR("calloc(npes, sizeof(fi_addr_t))", ENOMEM);
        return -ENOMEM;
    }
    /* One name per call: the names sit RO_OFI_NAME_MAX bytes apart, not packed as
     * fi_av_insert expects, and a failure then names the PE. */
    for (int pe = 0; pe < o->npes; pe++) {
        const char *name = (const char *)names + (size_t)pe * RO_OFI_NAME_MAX;
        ret = fi_av_insert(o->av, name, 1, &addrs[pe], 0, NULL);
        if (ret != 1) {
            RO_ERR("fi_av_insert(av, name of pe %d, 1, ...): %s (%d)", pe,
                   ret < 0 ? fi_strerror(-ret) : "address not inserted", ret);
            ret = ret < 0 ? ret : -EINVAL;
            goto free_addrs;
        }
    }
    free(o->addrs);
    o->addrs = addrs;
    return 0;
free_addrs:
    free(addrs);
    return ret;
}
