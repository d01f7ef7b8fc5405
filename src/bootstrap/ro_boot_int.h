/* Private to src/bootstrap: the object ro_boot_open allocates around the public handle,
 * and the log helper the implementations share for launcher probes. */
#ifndef RO_BOOT_INT_H
#define RO_BOOT_INT_H

#include <stddef.h>

#include "bootstrap/ro_boot.h"
#include "common/ro_log.h"

struct ro_boot_obj {
    struct ro_boot pub;
    /* Level for "could not reach the launcher" in init: RO_LOG_INFO while ro_boot_open
     * probes a kind guessed from the environment and has another to try, so a wrong
     * guess is not reported as an error; RO_LOG_ERROR otherwise. */
    int probe_level;
};

#define ro_boot_container_of(ptr, type, member)                                           \
    ((type *)(void *)((char *)(ptr) - offsetof(type, member)))

static inline int ro_boot_probe_level(const struct ro_boot *b)
{
    return ro_boot_container_of(b, const struct ro_boot_obj, pub)->probe_level;
}

/* A failed first contact with the launcher, logged at the level ro_boot_open chose. */
#define RO_BOOT_PROBE_ERR(b, ...) RO_LOG(ro_boot_probe_level(b), __VA_ARGS__)

struct ro_uid;
/* The listening socket of ro_boot_uid_id_create when `id` is the id it made (address,
 * port and secret): the caller owns it from then on, and serves the rendezvous. -1 when
 * this process holds no listener for that id. */
int ro_boot_uid_listener_take(const struct ro_uid *id);

#endif
