/* A host thread's spin hint, for the loops that poll memory (API waits, the proxy). */
#ifndef RO_CPU_H
#define RO_CPU_H

/* Tells the core this thread spins: a sibling hyperthread gets the issue slots meanwhile,
 * and leaving the loop costs no pipeline flush. No system call, unlike sched_yield. */
static inline void ro_cpu_relax(void)
{
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#elif defined(__aarch64__)
    __asm__ volatile("yield");
#endif
}

#endif
