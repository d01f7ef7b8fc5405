/* Every environment variable the library reads, one row each:
 * RO_ENV(NAME, KIND, DEFAULT, HELP). NAME is appended to "ROCSHMEM_". KIND is size
 * (bytes, K/M/G suffixes), uint, bool (0/1/yes/no/on/off/true/false), string, cpulist
 * (a core list: 3, 2-3, 0-3,8), or an
 * enum whose choices are listed in ro_env.c. Defaults are strings parsed like user
 * input, so what rocshmem_info prints can be typed back. Expanded into the settings
 * struct, the parser and the rocshmem_info printout. */
RO_ENV(HEAP_SIZE,            size,      "256M", "symmetric heap bytes per PE (K/M/G suffixes accepted)")
RO_ENV(HEAP_LOCATION,        heap_loc,  "auto", "where the heap lives: device (GPU memory; same-node peers by IPC) | host (pinned) | auto: device for programs with GPU kernels, else host")
RO_ENV(MAX_NUM_CONTEXTS,     uint,      "64",   "contexts that rocshmem_ctx_create may hand out, at most 65535 (each owns a ring)")
RO_ENV(MAX_TEAMS,            uint,      "32",   "teams that may exist at once, WORLD and SHARED included (2..1024); each owns a slot of the heap's team arena")
RO_ENV(RO_TEAM_SCRATCH,      size,      "64K",  "scratch bytes of each team slot in the symmetric heap (reductions and reduce_scatter are pipelined through it)")
RO_ENV(DISABLE_MIXED_IPC,    bool,      "0",    "1: reach same-node peers through the proxy and libfabric, not their mapped heaps")
RO_ENV(BOOTSTRAP,            bootstrap, "auto", "auto | pmix | pmi1 | pmi2 | single (rocshmem_init_attr with a unique id ignores it)")
RO_ENV(BOOTSTRAP_IFACE,      string,    "",     "interface name (e.g. lo) or IPv4 address where rocshmem_get_uniqueid listens; empty: ROCSHMEM_RO_IFACE, else the host name's address")
RO_ENV(RO_MPI_MODULE,        string,    "",     "path of the MPI module for ROCSHMEM_INIT_WITH_MPI_COMM; empty: librocshmem_ro_mpi.so beside the library")
RO_ENV(BOOTSTRAP_PORT,       uint,      "0",    "TCP port where rocshmem_get_uniqueid listens; 0: any free port")
RO_ENV(RO_PROVIDER,          string,    "",     "libfabric provider (e.g. shm, tcp, sockets); empty: FI_PROVIDER, else the first that fits")
RO_ENV(RO_IFACE,             string,    "",     "network interface or address the provider should use (tests set lo)")
RO_ENV(RO_PROXY_CPU,         cpulist,   "",     "core list for the proxy thread (e.g. 3 or 2-3); empty: last core of the PE's binding")
RO_ENV(RO_RING_SIZE,         size,      "4K",   "descriptors per ring (a power of two from 64, as a whole wave posts at once, to 16M)")
RO_ENV(RO_DEFAULT_CTX_RINGS, uint,      "4",    "rings of the default context (1..32); workgroup b posts to ring b mod N; more rings, more descriptors/s through the one proxy (BENCHMARKS.md)")
RO_ENV(RO_TIMEOUT,           uint,      "120",  "seconds a PE waits for the proxy or a bootstrap step before aborting the job")
RO_ENV(RO_OFI_MAX_MSG,       size,      "0",    "0, or a cap on bytes per libfabric operation: puts and gets are cut into pieces this size (testing)")
RO_ENV(RO_TRANSPORT,         transport, "ofi",  "ofi, or null (benchmarks only: the proxy completes every operation without moving data)")
RO_ENV(RO_AMO_EMULATE,       bool,      "0",    "1: emulate every AMO with compare-and-swap even where the provider has it (testing)")
RO_ENV(DEBUG_LEVEL,          uint,      "1",    "0 errors, 1 warnings, 2 info, 3 debug (debug needs --enable-debug)")
