/* The HIP runtime under a PE (host side): see ro_gpu_rt.h. */
#ifndef RO_HIP_H
#define RO_HIP_H

#include "common/ro_gpu_rt.h"

extern const struct ro_gpu_rt_ops ro_gpu_rt_hip;

#endif
