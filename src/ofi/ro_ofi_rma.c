/* Put and get as the proxy issues them: one injected fi_writemsg for a small put, else
 * fi_writemsg / fi_readmsg in fragments of at most max_msg_size, each completing into the CQ
 * with the caller's token. Proxy thread only. */
#include "config.h"
#include "ofi/ro_ofi_int.h"

#include <errno.h>

/* A one-piece fi_writemsg; the caller's flags carry FI_DELIVERY_COMPLETE where the provider
 * needs it for completion to mean the data is in the target's memory (see ro_ofi_quirk). */
struct ro_ofi_wmsg {
    struct iovec iov;
    struct fi_rma_iov rma;
    struct fi_msg_rma msg;
};

static void ro_ofi_wmsg_set(struct ro_ofi_wmsg *m, const struct ro_ofi *o, int pe,
                            struct ro_ofi_target t, const void *buf, size_t len, void *token)
{
    m->iov = (struct iovec){ .iov_base = (void *)buf, .iov_len = len };
    m->rma = (struct fi_rma_iov){ .addr = t.addr, .len = len, .key = t.key };
    m->msg = (struct fi_msg_rma){ .msg_iov = &m->iov, .iov_count = 1, .addr = o->addrs[pe],
                                  .rma_iov = &m->rma, .rma_iov_count = 1, .context = token };
}

int ro_ofi_put(struct ro_ofi *o, int pe, uint64_t roff, const void *src, size_t len,
               void *token)
{
    RO_OFI_PE_CHECK(o, pe);
    const struct ro_ofi_target t = ro_ofi_target(o, pe, roff);
    const char *buf = src;
    struct ro_ofi_wmsg m;
    int ret = 0, posts = 0;

    /* FI_INJECT: the provider copies the source before returning, so the proxy may reuse it
     * at once (fi_inject_write would too, but takes no flags and completes nothing). */
    if (len && len <= o->inject_size) {
        ro_ofi_wmsg_set(&m, o, pe, t, buf, len, token);
        RO_OFI_POST(o, pe, fi_writemsg(o->ep, &m.msg,
                                       o->write_flags | FI_INJECT | FI_COMPLETION), err);
        o->posted++;
        return 1;
    }
    for (size_t off = 0, n; off < len; off += n, posts++) {
        n = len - off < o->max_msg ? len - off : o->max_msg;
        ro_ofi_wmsg_set(&m, o, pe, (struct ro_ofi_target){ t.addr + off, t.key }, buf + off, n,
                        token);
        RO_OFI_POST(o, pe, fi_writemsg(o->ep, &m.msg, o->write_flags | FI_COMPLETION), err);
        o->posted++;
    }
    return posts;
err:
    return ret;
}

int ro_ofi_get(struct ro_ofi *o, int pe, uint64_t roff, void *dst, size_t len, void *token)
{
    RO_OFI_PE_CHECK(o, pe);
    const struct ro_ofi_target t = ro_ofi_target(o, pe, roff);
    char *buf = dst;
    int ret = 0, posts = 0;

    for (size_t off = 0, n; off < len; off += n, posts++) {
        n = len - off < o->max_msg ? len - off : o->max_msg;
        RO_OFI_POST(o, pe, fi_read(o->ep, buf + off, n, NULL, o->addrs[pe], t.addr + off,
                                   t.key, token), err);
        o->posted++;
    }
    return posts;
err:
    return ret;
}
