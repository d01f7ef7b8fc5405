/* PMI-1 connection: the socket to the launcher (an inherited PMI_FD, or TCP to PMI_PORT),
 * whole-line sends and receives, each wait bounded by the bootstrap timeout. Used only by
 * ro_boot_pmi1.c. */
#ifndef RO_PMI1_CONN_H
#define RO_PMI1_CONN_H

#include <stddef.h>

#include "bootstrap/ro_pmi1_wire.h"

struct ro_pmi1_conn {
    int fd;
    unsigned timeout_s;   /* per wait; 0 waits without bound */
    struct ro_pmi1_rbuf rb;
};

/* Takes over the launcher's socket named by `fd_str` (PMI_FD's value). 0 or -errno. */
int ro_pmi1_conn_adopt(struct ro_pmi1_conn *c, const char *fd_str, unsigned timeout_s);
/* Connects over TCP to "host:port" (PMI_PORT's value). 0 or -errno. */
int ro_pmi1_conn_connect(struct ro_pmi1_conn *c, const char *hostport, unsigned timeout_s);
/* Sends all len bytes of line. `what` names the command in error messages. */
int ro_pmi1_conn_send(struct ro_pmi1_conn *c, const char *what, const char *line, size_t len);
/* Receives the next line into m. -ETIMEDOUT after timeout_s without one, -ECONNRESET if
 * the launcher closed the socket, -EMSGSIZE/-EBADMSG for a malformed line. */
int ro_pmi1_conn_recv(struct ro_pmi1_conn *c, const char *what, struct ro_pmi1_msg *m);
void ro_pmi1_conn_close(struct ro_pmi1_conn *c);

#endif
