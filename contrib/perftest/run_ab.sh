#!/bin/sh
# Before / after on a GPU machine, NVSHMEM beside them: the point-to-point figures the speed
# targets name, from two builds of the library (base and head, e.g. the commit before a
# change and the change) and NVSHMEM's reference programs, in alternating passes of one
# call, so that the machine's drift hits all three alike. Then the proxy set of each: the
# floors (perf_floor, raw libfabric put and atomic rates), 8 B put + quiet, the atomic
# rates and the null transport. Two PEs on the one GPU under MPS (started and stopped
# here). Output: $OUT/ab/p<pass>-<base|head|nvshmem>/<path>.log, archived after each pass
# into $OUT/ab.tar.gz, so that a run cut short still returns what it did;
# contrib/perftest/medians.py takes each variant's pass folders.
#   usage: contrib/perftest/run_ab.sh BASE_BUILD HEAD_BUILD [NVSHMEM_BIN_DIR NVSHMEM_LIB_DIR]
#   env:   PASSES (3); STOP_AFTER (seconds: no new pass after this); NV_READY (a file whose
#          existence says NVSHMEM_BIN_DIR is built: passes before it skip NVSHMEM, so that
#          build_nvshmem.sh may run in the background meanwhile); PROBE=1 adds perf_probe
#          on base and head at the end; COLL=1 adds head's and NVSHMEM's collectives at 2
#          PEs to each pass.
set -u
base=${1:?usage: run_ab.sh BASE_BUILD HEAD_BUILD [NVSHMEM_BIN_DIR NVSHMEM_LIB_DIR]}
head=${2:?usage: run_ab.sh BASE_BUILD HEAD_BUILD [NVSHMEM_BIN_DIR NVSHMEM_LIB_DIR]}
nvbin=${3:-} nvlib=${4:-}
out=${OUT:-/tmp}/ab
mkdir -p "$out"
t0=$(date +%s)
{ nvidia-smi -L; nproc; date -u; } >"$out/machine.txt" 2>&1
export FI_TCP_IFACE=lo FI_SOCKETS_IFACE=lo ROCSHMEM_RO_IFACE=lo ROCSHMEM_RO_TIMEOUT=60
export ROCSHMEM_HEAP_SIZE=1G ROCSHMEM_RO_PROVIDER=shm PERF_LAYOUT=1gpu
export CUDA_MPS_PIPE_DIRECTORY=/tmp/ro_mps CUDA_MPS_LOG_DIRECTORY=/tmp/ro_mpslog
export NVSHMEM_DISABLE_NVLS=1 NCCL_NVLS_ENABLE=0 NVSHMEM_BOOTSTRAP=MPI
export NVSHMEM_IGNORE_CUDA_MPS_ACTIVE_THREAD_PERCENTAGE=1 NVSHMEM_DISABLE_NCCL=1
export LD_LIBRARY_PATH=${nvlib:+$nvlib:}${LD_LIBRARY_PATH:-}
mkdir -p "$CUDA_MPS_PIPE_DIRECTORY" "$CUDA_MPS_LOG_DIRECTORY"
nvidia-cuda-mps-control -d && mps=1 || mps=0

# pe VARIANT PATH PROGRAM ARGS...: one run on 2 PEs, appended to the pass's log of PATH.
pe() {
    v=$1 p=$2 prog=$3
    shift 3
    case $p in
    ipc) export ROCSHMEM_HEAP_LOCATION=auto ROCSHMEM_DISABLE_MIXED_IPC=0 ROCSHMEM_RO_TRANSPORT=ofi ;;
    proxy) export ROCSHMEM_HEAP_LOCATION=host ROCSHMEM_DISABLE_MIXED_IPC=1 ROCSHMEM_RO_TRANSPORT=ofi ;;
    null) export ROCSHMEM_HEAP_LOCATION=host ROCSHMEM_DISABLE_MIXED_IPC=1 ROCSHMEM_RO_TRANSPORT=null ;;
    esac
    case $v in
    base) dir=$base/tests/perf/gpu ;;
    head) dir=$head/tests/perf/gpu ;;
    nvshmem) dir=$nvbin ;;
    esac
    log=$out/p$pass-$v/$p.log
    mkdir -p "$out/p$pass-$v"
    echo "### $prog $*" >>"$log"
    timeout 60 mpirun --allow-run-as-root --bind-to none --oversubscribe -n 2 \
        -x FI_TCP_IFACE -x FI_SOCKETS_IFACE -x ROCSHMEM_RO_IFACE -x ROCSHMEM_RO_TIMEOUT \
        -x ROCSHMEM_HEAP_SIZE -x ROCSHMEM_HEAP_LOCATION -x ROCSHMEM_DISABLE_MIXED_IPC \
        -x ROCSHMEM_RO_TRANSPORT -x ROCSHMEM_RO_PROVIDER -x CUDA_MPS_PIPE_DIRECTORY \
        -x CUDA_MPS_LOG_DIRECTORY -x PERF_LAYOUT -x LD_LIBRARY_PATH -x NVSHMEM_BOOTSTRAP \
        -x NVSHMEM_DISABLE_NVLS -x NCCL_NVLS_ENABLE -x NVSHMEM_DISABLE_NCCL \
        -x NVSHMEM_IGNORE_CUDA_MPS_ACTIVE_THREAD_PERCENTAGE \
        ${ROCSHMEM_RO_DEFAULT_CTX_RINGS:+-x ROCSHMEM_RO_DEFAULT_CTX_RINGS} \
        ${ROCSHMEM_RO_RING_SIZE:+-x ROCSHMEM_RO_RING_SIZE} \
        "$dir/$prog" "$@" >>"$log" 2>&1 || echo "### FAILED (exit $?): $prog $*" >>"$log"
}
# The on-node figures of the targets, ours and NVSHMEM's with the same sizes.
onnode() {
    v=$1
    for op in g fetch_add fetch_add8 p; do pe "$v" ipc perf_latency -o $op -n 1000 -w 20; done
    pe "$v" ipc perf_latency -o put -s thread -b 8 -e 64 -f 8 -n 1000 -w 20
    pe "$v" ipc perf_pingpong -o signal -b 8 -e 4K -f 8 -n 1000 -w 20
    for c in 1 4 16 64; do
        pe "$v" ipc perf_bw -o put -s wg -t 1024 -c $c -b 4K -e 4M -f 4 -n 20 -w 1
    done
}
onnode_nvshmem() {
    for op in g p; do pe nvshmem ipc nv_put_latency -o $op -n 1000 -w 20; done
    pe nvshmem ipc nv_put_latency -o put -s thread -b 8 -e 64 -f 8 -n 1000 -w 20
    pe nvshmem ipc nv_atomic -n 1000 -w 20
    pe nvshmem ipc nv_pingpong -o signal -b 8 -e 4K -f 8 -n 1000 -w 20
    for c in 1 4 16 64; do
        pe nvshmem ipc nv_bw -c $c -t 1024 -b 4K -e 4M -f 4 -n 20 -w 1
    done
}
# The proxy targets, of base and of head: floors, 8 B put + quiet, atomic rates (against
# the raw ones), and the ring and proxy alone (null transport) at 16k threads and at 4 x
# the ring slots.
proxy_set() {
    v=$1
    eval "b=\$$v"
    d=$out/p$pass-$v
    mkdir -p "$d"
    "$b/tests/perf/gpu/perf_floor" -n 20000 -w 1000 >>"$d/floor.log" 2>&1
    timeout 60 "$b/tests/perf/ofi_latency" -p shm -b 8 -e 8 -n 2000 >>"$d/raw_ofi.log" 2>&1
    pe "$v" proxy perf_latency -o put -s thread -b 8 -e 8 -n 200 -w 20
    for op in add fetch_add cswap; do
        pe "$v" proxy perf_rate -o $op -c 64 -t 256 -n 16 -w 1
    done
    pe "$v" null perf_rate -o p -c 64 -t 256 -n 64 -w 1
    pe "$v" null perf_rate -o p -c 256 -t 256 -n 16 -w 1
    export ROCSHMEM_RO_DEFAULT_CTX_RINGS=32 ROCSHMEM_RO_RING_SIZE=1024
    pe "$v" null perf_rate -o p -c 64 -t 256 -n 64 -w 1
    pe "$v" null perf_rate -o p -c 512 -t 256 -n 16 -w 1
    unset ROCSHMEM_RO_DEFAULT_CTX_RINGS ROCSHMEM_RO_RING_SIZE
}
# With COLL=1: the collectives at 2 PEs up to 1 MiB (where ours were behind), head's and
# NVSHMEM's, one block of 1024 threads per PE on WORLD.
coll_ops="barrier_all reduce_int broadcast fcollect alltoall"
coll_set() {
    for op in $coll_ops; do
        pe head ipc perf_coll -o "$op" -t 1024 -b 8 -e 1M -f 4 -n 200 -w 20
        nvshmem_ready && pe nvshmem ipc nv_coll -o "$op" -t 1024 -b 8 -e 1M -f 4 -n 200 -w 20
    done
}
nvshmem_ready() {
    [ -n "$nvbin" ] && [ -x "$nvbin/nv_bw" ] && { [ -z "${NV_READY:-}" ] || [ -e "$NV_READY" ]; }
}

pass=1
while [ "$pass" -le "${PASSES:-3}" ]; do
    onnode base
    onnode head
    nvshmem_ready && onnode_nvshmem
    proxy_set base
    proxy_set head
    [ "${COLL:-0}" = 1 ] && coll_set
    echo "pass $pass done at $(($(date +%s) - t0)) s" >>"$out/machine.txt"
    tar czf "$out.tar.gz" -C "$(dirname "$out")" ab
    [ -n "${STOP_AFTER:-}" ] && [ $(($(date +%s) - t0)) -gt "$STOP_AFTER" ] && break
    pass=$((pass + 1))
done
if [ "${PROBE:-0}" = 1 ]; then
    pass=probe
    for v in base head; do
        pe "$v" ipc perf_probe -o ipc -n 2000
        pe "$v" proxy perf_probe -o proxy -n 2000
    done
fi
[ $mps = 1 ] && echo quit | nvidia-cuda-mps-control
echo "end at $(($(date +%s) - t0)) s" >>"$out/machine.txt"
tar czf "$out.tar.gz" -C "$(dirname "$out")" ab
cat "$out/machine.txt"
grep -h "FAILED" "$out"/*/*.log | head
