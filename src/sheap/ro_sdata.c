/* Finds the executable's data and bss through its program headers (dl_iterate_phdr lists
 * the executable first): the writable PT_LOAD segment, less the PT_GNU_RELRO pages at its
 * start, which the loader makes read-only once relocations are done (.got, .data.rel.ro)
 * and which no program writes. */
#include "config.h"
#include "sheap/ro_sdata.h"

#include <errno.h>
#include <link.h>

#include "common/ro_log.h"

static int ro_sdata_of_exe(struct dl_phdr_info *info, size_t size, void *arg)
{
    struct ro_sdata *out = arg;
    uintptr_t lo = 0, hi = 0, relro_end = 0;

    (void)size;
    for (int i = 0; i < info->dlpi_phnum; i++) {
        const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
        uintptr_t start = info->dlpi_addr + ph->p_vaddr;

        if (ph->p_type == PT_LOAD && ph->p_flags & PF_W && !hi) {
            lo = start;
            hi = start + ph->p_memsz;
        } else if (ph->p_type == PT_GNU_RELRO) {
            relro_end = start + ph->p_memsz;
        }
    }
    if (relro_end > lo && relro_end <= hi)
        lo = relro_end;
    out->base = (uint8_t *)lo;
    out->len = hi - lo;
    return 1;   /* the executable only */
}

int ro_sdata_find(struct ro_sdata *out)
{
    out->base = NULL;
    out->len = 0;
    dl_iterate_phdr(ro_sdata_of_exe, out);
    if (!out->len) {
        RO_WARN("the program has no writable data segment to make symmetric; its globals "
                "are not symmetric (use rocshmem_malloc)");
        return -ENOENT;
    }
    return 0;
}
