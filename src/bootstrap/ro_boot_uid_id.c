/* The unique id (rocshmem_get_uniqueid): opens the process-global listening socket of the
 * rendezvous on the bootstrap interface, draws a random secret, and encodes address, port
 * and secret into the 128 bytes the application hands to every rank. The process holding
 * the listener serves the rendezvous in ro_boot_uid.c. */
#include "config.h"
#include "bootstrap/ro_boot.h"

#include "bootstrap/ro_boot_int.h"
#include "bootstrap/ro_sock.h"
#include "bootstrap/ro_uid_wire.h"
#include "common/ro_log.h"

#include <arpa/inet.h>
#include <errno.h>
#include <ifaddrs.h>
#include <netdb.h>
#include <netinet/in.h>
#include <stdio.h>
#include <string.h>
#include <sys/random.h>
#include <sys/socket.h>
#include <unistd.h>

static_assert(RO_BOOT_UID_BYTES == RO_UID_BYTES, "ro_boot.h and ro_uid_wire.h agree");

/* Note: one per process. Kept until init uses it (ro_boot_uid_listener_take), the next
 * rocshmem_get_uniqueid replaces it, or finalize releases it. */
static struct {
    int fd;
    struct ro_uid id;
} ro_uid_listener = { .fd = -1 };

/* The IPv4 address of interface `name`; on failure lists the interfaces that have one. */
static int ro_uid_iface_addr(const char *name, const char *var, struct in_addr *out)
{
    struct ifaddrs *list, *ifa;
    char names[256] = "";
    size_t used = 0;

    if (getifaddrs(&list) < 0) {
        RO_SYS_ERR("getifaddrs(&list)", errno);
        return -errno;
    }
    for (ifa = list; ifa; ifa = ifa->ifa_next) {
        if (!ifa->ifa_addr || ifa->ifa_addr->sa_family != AF_INET)
            continue;
        if (!strcmp(ifa->ifa_name, name)) {
            *out = ((const struct sockaddr_in *)(const void *)ifa->ifa_addr)->sin_addr;
            freeifaddrs(list);
            return 0;
        }
        if (used < sizeof(names))
            used += (size_t)snprintf(names + used, sizeof(names) - used, "%s%s", used ? ", " : "",
                                     ifa->ifa_name);
    }
    freeifaddrs(list);
    RO_ERR("%s=%s: no interface of that name has an IPv4 address (those with one: %s); name "
           "one, or give an IPv4 address", var, name, names[0] ? names : "none");
    return -ENODEV;
}

/* The first IPv4 address of this host's name, as Hydra picks its own. */
static int ro_uid_host_addr(struct in_addr *out)
{
    const struct addrinfo hints = { .ai_family = AF_INET, .ai_socktype = SOCK_STREAM };
    struct addrinfo *list = NULL;
    char host[256] = "";
    int rc;

    if (gethostname(host, sizeof(host) - 1) < 0) {
        RO_SYS_ERR("gethostname(host, sizeof(host) - 1)", errno);
        return -errno;
    }
    rc = getaddrinfo(host, NULL, &hints, &list);
    if (rc) {
        RO_ERR("getaddrinfo(\"%s\", NULL, &hints, &list): %s: the host name has no IPv4 "
               "address; set ROCSHMEM_BOOTSTRAP_IFACE to an interface (e.g. eth0) or address",
               host, gai_strerror(rc));
        return -EADDRNOTAVAIL;
    }
    *out = ((const struct sockaddr_in *)(const void *)list->ai_addr)->sin_addr;
    freeaddrinfo(list);
    return 0;
}

static int ro_uid_pick_addr(const char *iface, const char *var, struct in_addr *out)
{
    if (!iface || !*iface)
        return ro_uid_host_addr(out);
    if (inet_pton(AF_INET, iface, out) == 1)
        return 0;
    return ro_uid_iface_addr(iface, var, out);
}

static int ro_uid_secret(uint8_t *secret, size_t len)
{
    size_t got = 0;

    while (got < len) {
        ssize_t n = getrandom(secret + got, len - got, 0);

        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0) {
            RO_SYS_ERR("getrandom(secret, len, 0)", errno);
            return -errno;
        }
        got += (size_t)n;
    }
    return 0;
}

/* A listening socket on sa; its port (the one the kernel chose for port 0) in sa. */
static int ro_uid_listen(struct sockaddr_in *sa, char *where, size_t wlen)
{
    socklen_t salen = sizeof(*sa);
    int one = 1, err;
    int fd = socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);

    snprintf(where, wlen, "%s:%u", inet_ntoa(sa->sin_addr), ntohs(sa->sin_port));
    if (fd < 0) {
        RO_SYS_ERR("socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0)", errno);
        return -errno;
    }
    /* A fixed ROCSHMEM_BOOTSTRAP_PORT must be usable again right after the last job's
     * connections (in TIME_WAIT). */
    if (setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one)) < 0) {
        RO_SYS_ERR("setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one))", errno);
        goto fail;
    }
    if (bind(fd, (const struct sockaddr *)sa, sizeof(*sa)) < 0) {
        RO_ERR("bind(%s): %s (%d)%s", where, ro_strerror(errno), errno,
               errno == EADDRINUSE ? ": set ROCSHMEM_BOOTSTRAP_PORT to a free port, or 0 for any"
               : errno == EADDRNOTAVAIL ? ": not an address of this host (ROCSHMEM_BOOTSTRAP_IFACE)"
               : "");
        goto fail;
    }
    if (listen(fd, SOMAXCONN) < 0) {
        RO_SYS_ERR("listen(fd, SOMAXCONN)", errno);
        goto fail;
    }
    if (getsockname(fd, (struct sockaddr *)sa, &salen) < 0) {
        RO_SYS_ERR("getsockname(fd, &sa, &salen)", errno);
        goto fail;
    }
    snprintf(where, wlen, "%s:%u", inet_ntoa(sa->sin_addr), ntohs(sa->sin_port));
    return fd;

fail:
    err = errno;
    close(fd);
    return -err;
}

int ro_boot_uid_id_create(const char *iface, const char *iface_var, unsigned port, void *uid)
{
    struct sockaddr_in sa = { .sin_family = AF_INET };
    struct ro_uid id;
    char where[32];
    int fd, rc;

    if (port > 65535) {
        RO_ERR("ROCSHMEM_BOOTSTRAP_PORT=%u: not a TCP port (0..65535)", port);
        return -EINVAL;
    }
    rc = ro_uid_pick_addr(iface, iface_var, &sa.sin_addr);
    if (rc)
        return rc;
    sa.sin_port = htons((uint16_t)port);
    /* The old listener first: a fixed port is still bound to it. */
    ro_boot_uid_id_release();
    fd = ro_uid_listen(&sa, where, sizeof(where));
    if (fd < 0)
        return fd;
    memcpy(id.addr, &sa.sin_addr.s_addr, sizeof(id.addr));
    id.port = ntohs(sa.sin_port);
    rc = ro_uid_secret(id.secret, sizeof(id.secret));
    if (rc) {
        close(fd);
        return rc;
    }
    ro_uid_listener.fd = fd;
    ro_uid_listener.id = id;
    ro_uid_encode(&id, uid);
    RO_INFO("rocshmem_get_uniqueid: the rendezvous listens at %s", where);
    return 0;
}

int ro_boot_uid_id_check(const void *uid, const char **why)
{
    struct ro_uid id;

    return ro_uid_decode(uid, &id, why);
}

void ro_boot_uid_id_release(void)
{
    ro_sock_close(&ro_uid_listener.fd, "the unique id's listener");
}

int ro_boot_uid_listener_take(const struct ro_uid *id)
{
    int fd = ro_uid_listener.fd;

    if (fd < 0 || !ro_uid_same(id, &ro_uid_listener.id))
        return -1;
    ro_uid_listener.fd = -1;
    return fd;
}
