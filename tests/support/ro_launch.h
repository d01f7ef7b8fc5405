/* Test support: runs a function as a "kernel" of host threads, grouped into workgroups
 * and waves, so that the device API's _wg and _wave forms run with real groups on the
 * host target. Not part of the public API. */
#ifndef RO_LAUNCH_H
#define RO_LAUNCH_H

/* Runs kernel(arg) on nblocks x block_dim threads, in waves of wave_size lanes (block_dim
 * must be a multiple of wave_size, wave_size at most 64) and returns when all are done.
 * Inside, the device API sees ro_thread_id/ro_block_id/ro_lane_id of each thread.
 * Returns 0, or a negative errno (bad shape, thread creation failed). */
int ro_launch(unsigned nblocks, unsigned block_dim, unsigned wave_size,
              void (*kernel)(void *arg), void *arg);

/* Inside a kernel: this thread's position (0 outside a launch). */
int ro_launch_thread_id(void);
int ro_launch_block_id(void);
int ro_launch_lane_id(void);

#endif
