#include "config.h"
#include "sheap/ro_sheap_share.h"

#include <errno.h>
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <unistd.h>

#include "common/ro_log.h"
#include "common/ro_shm.h"

/* tmpfs gives pages on first touch: a heap object larger than the room left would map, and
 * the first store beyond the room would kill the process with SIGBUS. */
static int ro_sheap_share_room(size_t map_len, int local_pes)
{
    struct statvfs fs;
    unsigned long long room, need = (unsigned long long)map_len * (unsigned long long)local_pes;

    if (statvfs("/dev/shm", &fs)) {
        RO_WARN("statvfs(/dev/shm): %s: same-node PEs reach this heap through libfabric",
                ro_strerror(errno));
        return -ENOSPC;
    }
    room = (unsigned long long)fs.f_bavail * fs.f_frsize;
    if (room < need) {
        RO_WARN("/dev/shm has %llu bytes free, less than %d heaps of %zu bytes: same-node PEs "
                "reach this heap through libfabric (set ROCSHMEM_HEAP_SIZE lower, or enlarge "
                "/dev/shm)", room, local_pes, map_len);
        return -ENOSPC;
    }
    return 0;
}

int ro_sheap_share_open(struct ro_sheap *h, size_t size, size_t reserved, int local_pes,
                        char *name, size_t name_len)
{
    size_t map_len = ro_sheap_map_len(size);
    int fd, rc = ro_sheap_share_room(map_len, local_pes);

    if (rc)
        return rc;
    ro_shm_sweep();
    ro_shm_name(name, name_len, "heap");
    fd = shm_open(name, O_RDWR | O_CREAT | O_EXCL, S_IRUSR | S_IWUSR);
    if (fd < 0) {
        rc = -errno;
        RO_SYS_ERR("shm_open(heap object)", errno);
        return rc;
    }
    if (ftruncate(fd, (off_t)map_len)) {
        rc = -errno;
        RO_ERR("ftruncate(%s, %zu): %s", name, map_len, ro_strerror(errno));
    } else {
        rc = ro_sheap_open_fd(h, size, reserved, fd);
    }
    close(fd);
    if (rc)
        shm_unlink(name);
    return rc;
}

int ro_sheap_share_map(const char *name, size_t size, void **base)
{
    size_t map_len = ro_sheap_map_len(size);
    struct stat st;
    int rc = 0, fd = shm_open(name, O_RDWR, 0);

    *base = NULL;
    if (fd < 0) {
        rc = -errno;
        RO_ERR("shm_open(%s): %s", name, ro_strerror(errno));
        return rc;
    }
    if (fstat(fd, &st)) {
        rc = -errno;
        RO_ERR("fstat(%s): %s", name, ro_strerror(errno));
    } else if ((size_t)st.st_size != map_len) {
        RO_ERR("%s has %lld bytes, not the %zu of a heap of %zu", name, (long long)st.st_size,
               map_len, size);
        rc = -EINVAL;
    } else {
        void *p = mmap(NULL, map_len, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
        if (p == MAP_FAILED) {
            rc = -errno;
            RO_ERR("mmap(%s, %zu bytes): %s", name, map_len, ro_strerror(errno));
        } else {
            *base = p;
        }
    }
    close(fd);
    return rc;
}

void ro_sheap_share_unmap(void *base, size_t size)
{
    if (munmap(base, ro_sheap_map_len(size)))
        RO_SYS_ERR("munmap(a peer's heap)", errno);
}

void ro_sheap_share_unlink(const char *name)
{
    if (shm_unlink(name) && errno != ENOENT)
        RO_ERR("shm_unlink(%s): %s", name, ro_strerror(errno));
}
