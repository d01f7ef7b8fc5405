/* The steps of rocshmem_init, in order, each 0 or a negative errno after logging. */
#ifndef RO_INIT_STEPS_H
#define RO_INIT_STEPS_H

int  ro_init_boot(void);
int  ro_init_gpu(void);
int  ro_init_fabric(void);
int  ro_init_heap(void);
int  ro_init_proxy(void);
void ro_init_device_state(int thread_level);
void ro_fini_all(void);

#endif
