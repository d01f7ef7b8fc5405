/* Registration of this PE's symmetric regions (the heap, and the program's data where its
 * globals are symmetric) as targets of remote RMA and atomics, and the table of every peer's
 * keys and bases that ro_ofi_target turns a symmetric offset with. Setup only, main thread. */
#include "config.h"
#include "ofi/ro_ofi_int.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/uio.h>

/* Without FI_MR_PROV_KEY we choose the key. It must be unique per domain in this process,
 * and the symmetric regions are the only ones ever registered: one key each. */
#define RO_OFI_KEY(region) (1u + (region))

int ro_ofi_mr_reg(struct ro_ofi *o, unsigned region, void *base, size_t len,
                  struct ro_ofi_mr_info *mine)
{
    static const char *const what[RO_SYM_REGIONS] = { "the heap", "the program's data" };
    const enum fi_hmem_iface iface = region == RO_SYM_HEAP ? o->hmem_iface : FI_HMEM_SYSTEM;
    struct fid_mr *mr;
    int ret;

    if (region >= RO_SYM_REGIONS || o->mr[region]) {
        RO_ERR("symmetric region %u: no such region, or already registered", region);
        return -EEXIST;
    }
    /* FI_READ/FI_WRITE as well as the remote rights: providers that need a local descriptor
     * (none of the ones here, as FI_MR_LOCAL is not requested) may then use the heap as a
     * local buffer too. */
    struct iovec iov = { .iov_base = base, .iov_len = len };
    struct fi_mr_attr attr = {
        .mr_iov = &iov,
        .iov_count = 1,
        .access = FI_REMOTE_READ | FI_REMOTE_WRITE | FI_READ | FI_WRITE,
        .requested_key = RO_OFI_KEY(region),
        .iface = iface,
    };

    /* A device heap names its GPU (FI_HMEM); host memory is FI_HMEM_SYSTEM, as fi_mr_reg
     * would register it. */
    if (iface == FI_HMEM_CUDA)
        attr.device.cuda = o->hmem_device;
    else if (iface == FI_HMEM_ROCR)
        attr.device.reserved = (uint64_t)o->hmem_device;
    RO_OFI_CHECK(fi_mr_regattr(o->domain, &attr, 0, &mr), err);
    /* FI_MR_ENDPOINT: the region is usable only once bound to the endpoint and enabled. */
    if (o->mr_endpoint) {
        RO_OFI_CHECK(fi_mr_bind(mr, &o->ep->fid, 0), close_mr);
        RO_OFI_CHECK(fi_mr_enable(mr), close_mr);
    }
    uint64_t key = fi_mr_key(mr);
    if (key == FI_KEY_NOTAVAIL) {
        RO_ERR("fi_mr_key(mr): provider %s gave no key for %s",
               o->info->fabric_attr->prov_name, what[region]);
        ret = -EINVAL;
        goto close_mr;
    }
    o->mr[region] = mr;
    mine->key = key;
    /* With FI_MR_VIRT_ADDR the target adds nothing to the address a peer sends, so peers
     * send region address + offset; without it they send the offset alone. */
    mine->base = o->virt_addr ? (uint64_t)(uintptr_t)base : 0;
    return 0;

close_mr:
    fi_close(&mr->fid);
err:
    return ret;
}

int ro_ofi_mr_peers(struct ro_ofi *o, const struct ro_ofi_mr_info *all)
{
    const size_t n = (size_t)o->npes * RO_SYM_REGIONS;
    struct ro_ofi_mr_info *peers = malloc(n * sizeof(*peers));

    if (!peers) {
        RO_SYS_ERR("malloc(npes * RO_SYM_REGIONS * sizeof(struct ro_ofi_mr_info))", ENOMEM);
        return -ENOMEM;
    }
    memcpy(peers, all, n * sizeof(*peers));
    free(o->peers);
    o->peers = peers;
    return 0;
}
