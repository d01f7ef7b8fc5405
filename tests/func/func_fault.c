/* A peer that dies or freezes while the others are inside an operation (tests/func/fault.sh
 * runs it and judges how the job ends).
 *
 * usage: func_fault barrier|wait_until|nbi [kill|stop] [DIR]
 *
 * The victim is the last PE. Every other PE (a survivor) tells the victim it is about to
 * enter the operation (an atomic add on the victim's counter, then quiet) and enters it:
 *   barrier     rocshmem_barrier_all;
 *   wait_until  rocshmem_long_wait_until on a variable nobody sets;
 *   nbi         an endless stream of rocshmem_putmem_nbi and rocshmem_long_p to the
 *               victim, no quiet (the announcement comes after the first 1000 of them).
 * The victim waits for every announcement, sleeps RT_FAULT_DELAY_MS more so that the
 * survivors are well inside, then raises SIGKILL ("kill", the default) or SIGSTOP ("stop").
 * No survivor ever leaves its operation on its own: the job must be ended by the launcher
 * (a dead process) or by the library's ROCSHMEM_RO_TIMEOUT (a frozen one, where the
 * operation has a bound; wait_until has none by design). The program's watchdog ends a PE
 * that is still running after RT_WATCHDOG_S seconds, with a message saying so.
 *
 * With DIR, every PE writes DIR/pe<N>.pid (its pid) and the victim writes DIR/fault_time
 * (CLOCK_REALTIME seconds, as `date +%s.%N` reads them) just before the signal, so that the
 * script can time the end of the job from the fault and find processes left behind. */
#define RT_WATCHDOG_S 15
#include "ro_test.h"

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>

#define RT_FAULT_DELAY_MS 500
#define RT_NBI_BLOCK 1024
#define RT_NBI_ANNOUNCE_AFTER 1000

static const char *dir;

static void write_file(const char *name, const char *text)
{
    char path[4096];
    int fd;

    if (!dir)
        return;
    snprintf(path, sizeof(path), "%s/%s", dir, name);
    fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd < 0 || write(fd, text, strlen(text)) != (ssize_t)strlen(text)) {
        fprintf(stderr, "func_fault: PE %d: cannot write %s: %s\n", rocshmem_my_pe(), path,
                strerror(errno));
        exit(2);
    }
    close(fd);
}

int main(int argc, char **argv)
{
    const char *mode = argc > 1 ? argv[1] : "", *how = argc > 2 ? argv[2] : "kill";
    int me, npes, victim, sig;
    long *announced, *never;
    char *buf, text[64];

    if (strcmp(mode, "barrier") && strcmp(mode, "wait_until") && strcmp(mode, "nbi")) {
        fprintf(stderr, "usage: func_fault barrier|wait_until|nbi [kill|stop] [DIR]\n");
        return 2;
    }
    if (!strcmp(how, "kill"))
        sig = SIGKILL;
    else if (!strcmp(how, "stop"))
        sig = SIGSTOP;
    else {
        fprintf(stderr, "func_fault: '%s': kill or stop\n", how);
        return 2;
    }
    dir = argc > 3 ? argv[3] : NULL;

    rocshmem_init();
    rt_begin("func_fault", 2);
    me = rocshmem_my_pe();
    npes = rocshmem_n_pes();
    victim = npes - 1;
    snprintf(text, sizeof(text), "%d\n", (int)getpid());
    snprintf(text + 32, 32, "pe%d.pid", me);
    write_file(text + 32, text);

    rt_step("rocshmem_calloc");
    announced = rocshmem_calloc(1, sizeof(long));
    never = rocshmem_calloc(1, sizeof(long));
    buf = rocshmem_calloc(1, RT_NBI_BLOCK);
    RT_CHECK("rocshmem_calloc", "-", announced && never && buf, "returned NULL");
    rt_step("barrier before the fault");
    rocshmem_barrier_all();

    if (me == victim) {
        struct timespec now, delay = { 0, RT_FAULT_DELAY_MS * 1000000L };

        rt_step("victim: waiting for the survivors to announce");
        rocshmem_long_wait_until(announced, ROCSHMEM_CMP_GE, npes - 1);
        nanosleep(&delay, NULL);
        clock_gettime(CLOCK_REALTIME, &now);
        snprintf(text, sizeof(text), "%lld.%09ld\n", (long long)now.tv_sec, now.tv_nsec);
        write_file("fault_time", text);
        fprintf(stderr, "func_fault: PE %d (pid %d): raising %s while the other PEs are in %s\n",
                me, (int)getpid(), sig == SIGKILL ? "SIGKILL" : "SIGSTOP", mode);
        fflush(stderr);
        raise(sig);
        /* Only a SIGCONT gets here: whoever sent it wants the job over. */
        fprintf(stderr, "func_fault: PE %d: continued after SIGSTOP; exiting\n", me);
        _exit(3);
    }

    if (!strcmp(mode, "barrier")) {
        rocshmem_long_atomic_add(announced, 1, victim);
        rocshmem_quiet();
        rt_step("rocshmem_barrier_all (the victim never arrives)");
        rocshmem_barrier_all();
    } else if (!strcmp(mode, "wait_until")) {
        rocshmem_long_atomic_add(announced, 1, victim);
        rocshmem_quiet();
        rt_step("rocshmem_long_wait_until (nobody sets the variable)");
        rocshmem_long_wait_until(never, ROCSHMEM_CMP_NE, 0);
    } else {
        static char src[RT_NBI_BLOCK];
        rt_step("putmem_nbi/long_p stream to the victim");
        for (unsigned long i = 0;; i++) {
            if (i % 16 == 15)
                rocshmem_long_p(never, (long)i, victim);
            else
                rocshmem_putmem_nbi(buf, src, RT_NBI_BLOCK, victim);
            if (i == RT_NBI_ANNOUNCE_AFTER)
                rocshmem_long_atomic_add(announced, 1, victim);
        }
    }
    /* Not reached: the survivors never leave their operation. */
    fprintf(stderr, "func_fault: PE %d: FAIL: left %s although PE %d is gone\n", me, mode, victim);
    return 1;
}
