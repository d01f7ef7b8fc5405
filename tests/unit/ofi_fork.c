/* Two forked PEs over src/ofi alone: see ofi_fork.h. */
#include "config.h"
#include "ofi_fork.h"

#include "common/ro_sym.h"

#include <errno.h>
#include <inttypes.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

double ofi_fork_now_s(void)
{
    struct timespec ts;

    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

int ofi_fork_start(struct ofi_fork *f)
{
    int sv[2];
    pid_t child;

    if (socketpair(AF_UNIX, SOCK_STREAM, 0, sv)) {
        perror("socketpair");
        return -1;
    }
    /* Fork before any libfabric call, so each PE initializes libfabric for itself. */
    child = fork();
    if (child < 0) {
        perror("fork");
        close(sv[0]);
        close(sv[1]);
        return -1;
    }
    f->pe = child == 0 ? 1 : 0;
    f->child = child;
    f->peer = 1 - f->pe;
    f->sock = sv[f->pe];
    f->o = NULL;
    close(sv[1 - f->pe]);
    return 0;
}

int ofi_fork_wait_child(const struct ofi_fork *f)
{
    int status;

    for (double end = ofi_fork_now_s() + OFI_FORK_WAIT_SEC; ofi_fork_now_s() < end;
         usleep(10000)) {
        pid_t r = waitpid(f->child, &status, WNOHANG);
        if (r == f->child)
            return WIFEXITED(status) ? WEXITSTATUS(status) : 1;
    }
    kill(f->child, SIGKILL);
    waitpid(f->child, &status, 0);
    fprintf(stderr, "FAIL pe 1 did not exit in time\n");
    return 1;
}

/* PE 0 does not wait for PE 1 to notice: a hung PE 1 would hold the program. */
_Noreturn void ofi_fork_leave(struct ofi_fork *f)
{
    if (f->pe == 0 && f->child > 0)
        kill(f->child, SIGKILL);
    _exit(1);
}

_Noreturn void ofi_fork_die(struct ofi_fork *f, const char *fmt, ...)
{
    char msg[512];
    va_list ap;

    va_start(ap, fmt);
    vsnprintf(msg, sizeof(msg), fmt, ap);
    va_end(ap);
    if (f->report)
        f->report(f, msg);
    else
        fprintf(stderr, "FAIL pe %d: %s\n", f->pe, msg);
    ofi_fork_leave(f);
}

void ofi_fork_check(struct ofi_fork *f, int rc, const char *what)
{
    if (rc < 0)
        ofi_fork_die(f, "%s returned %d (%s)", what, rc, strerror(-rc));
    f->owed += (uint64_t)rc;
}

/* Every operation is posted with its ofi_fork as the token: anything else coming back
 * means the transport mixed tokens up. */
static void ofi_fork_done(void *token, void *arg)
{
    struct ofi_fork *f = arg;

    if (token != f)
        ofi_fork_die(f, "completion with token %p, posted with %p", token, (void *)f);
    f->got++;
}

void ofi_fork_progress(struct ofi_fork *f)
{
    if (f->o && ro_ofi_progress(f->o))
        ofi_fork_die(f, "ro_ofi_progress reported a completion error");
}

void ofi_fork_wait_done(struct ofi_fork *f, const char *what)
{
    double end = ofi_fork_now_s() + OFI_FORK_WAIT_SEC;

    for (unsigned spin = 0;; spin++) {
        if (f->got > f->owed)
            ofi_fork_die(f, "%s: %" PRIu64 " completions, more than the %" PRIu64 " owed",
                         what, f->got, f->owed);
        if (f->got == f->owed)
            return;
        ofi_fork_progress(f);
        /* Look at the clock, and let a target or provider thread sharing our core run,
         * only now and then: both cost more than a poll of the completion queue. */
        if (spin % 64 == 63) {
            if (ofi_fork_now_s() > end)
                ofi_fork_die(f, "%s: not complete after %d s: %" PRIu64 " completions owed, %"
                             PRIu64 " came", what, OFI_FORK_WAIT_SEC, f->owed, f->got);
            sched_yield();
        }
    }
}

void ofi_fork_xchg(struct ofi_fork *f, const void *mine, void *theirs, size_t len)
{
    double end = ofi_fork_now_s() + OFI_FORK_WAIT_SEC;
    size_t got = 0;

    if (write(f->sock, mine, len) != (ssize_t)len)
        ofi_fork_die(f, "write to the other PE failed");
    while (got < len) {
        /* With a transport open, poll without blocking: the other PE may need our progress
         * to finish what it is doing before it answers. */
        struct pollfd pfd = { .fd = f->sock, .events = POLLIN };
        int n = poll(&pfd, 1, f->o ? 0 : 10);
        if (n > 0) {
            ssize_t r = read(f->sock, (char *)theirs + got, len - got);
            if (r <= 0)
                ofi_fork_die(f, "the other PE went away");
            got += (size_t)r;
            continue;
        }
        ofi_fork_progress(f);
        if (ofi_fork_now_s() > end)
            ofi_fork_die(f, "the other PE did not answer in time");
        sched_yield();
    }
}

void ofi_fork_barrier(struct ofi_fork *f)
{
    char a = 'b', b;

    ofi_fork_xchg(f, &a, &b, 1);
}

void ofi_fork_open(struct ofi_fork *f, const struct ro_ofi_params *params)
{
    f->owed = f->got = 0;
    ofi_fork_check(f, ro_ofi_open(params, &f->o), "ro_ofi_open");
    ro_ofi_on_done(f->o, ofi_fork_done, f);
}

void ofi_fork_join(struct ofi_fork *f, void *heap, size_t len)
{
    char names[2][RO_OFI_NAME_MAX];
    struct ro_ofi_mr_info mr[2][RO_SYM_REGIONS];
    size_t name_len = RO_OFI_NAME_MAX;

    memset(names, 0, sizeof(names));
    memset(mr, 0, sizeof(mr));
    ofi_fork_check(f, ro_ofi_ep_name(f->o, names[f->pe], &name_len), "ro_ofi_ep_name");
    ofi_fork_xchg(f, names[f->pe], names[f->peer], RO_OFI_NAME_MAX);
    ofi_fork_check(f, ro_ofi_av_insert(f->o, names), "ro_ofi_av_insert");
    ofi_fork_check(f, ro_ofi_mr_reg(f->o, RO_SYM_HEAP, heap, len, &mr[f->pe][RO_SYM_HEAP]),
                   "ro_ofi_mr_reg");
    ofi_fork_xchg(f, &mr[f->pe], &mr[f->peer], sizeof(mr[0]));
    ofi_fork_check(f, ro_ofi_mr_peers(f->o, &mr[0][0]), "ro_ofi_mr_peers");
}

void ofi_fork_close(struct ofi_fork *f)
{
    ofi_fork_barrier(f);
    ofi_fork_check(f, ro_ofi_close(f->o), "ro_ofi_close");
    f->o = NULL;
}
