#!/bin/sh
# The compiler and launcher wrappers (contrib/wrappers/*.in), substituted here as configure
# would: the flags oshcc and oshcxx add when the command links and when it does not, the
# launcher oshrun picks and the options it rewrites (against stub launchers, then this
# machine's), its error when there is none, and a program built against the build tree with
# oshcc and run on 2 PEs with oshrun. Skips (77) without the built shared library or without
# a launcher, after the checks that need neither.
set -u
here=$(cd "$(dirname "$0")" && pwd)
srcdir=${top_srcdir:-$here/../..}
builddir=$(cd "${top_builddir:-$here/../..}" && pwd) || exit 1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail=0 skip=''
# Deterministic choices: no Slurm job, no launcher named by the caller.
unset SLURM_JOB_ID OSHRUN_LAUNCHER OSHRUN_OVERSUBSCRIBE OSHCC OSHCXX \
    OSHCC_BUILDDIR OSHCC_SRCDIR

expect() { # WHAT WANTED GOT
    if [ "$2" = "$3" ]; then echo "PASS: $1"; else printf 'FAIL: %s\n  want: %s\n  got:  %s\n' "$1" "$2" "$3"; fail=1; fi
}

# configure's values: the compilers of this build (its Makefile), a prefix of our own, and
# exec_prefix, includedir and libdir unexpanded, as configure writes them.
cc=$(sed -n 's/^CC = //p' "$builddir/Makefile" 2>/dev/null)
cxx=$(sed -n 's/^CXX = //p' "$builddir/Makefile" 2>/dev/null)
cc=${cc:-cc} cxx=${cxx:-c++}
prefix=$work/prefix bin=$work/bin
mkdir "$bin" || exit 1
for w in oshcc oshcxx oshrun; do
    # shellcheck disable=SC2016 # ${prefix} is written as is, for the wrapper to expand
    sed -e "s|@CC@|$cc|g" -e "s|@CXX@|$cxx|g" -e "s|@prefix@|$prefix|g" \
        -e 's|@exec_prefix@|${prefix}|g' -e 's|@includedir@|${prefix}/include|g' \
        -e 's|@libdir@|${exec_prefix}/lib|g' "$srcdir/contrib/wrappers/$w.in" >"$bin/$w" &&
        chmod +x "$bin/$w" || exit 1
done
left=$(grep -o '@[A-Za-z_]*@' "$bin"/* | sort -u | tr '\n' ' ')
expect "every @VAR@ substituted" "" "$left"

# oshcc and oshcxx: the library after the user's arguments only when linking.
inc=-I$prefix/include libs="-L$prefix/lib -lrocshmem_ro -Wl,-rpath,$prefix/lib"
expect "oshcc --showme links" "$cc $inc a.c -o a $libs" "$("$bin/oshcc" --showme a.c -o a)"
expect "oshcc -show links" "$cc $inc a.o -o a $libs" "$("$bin/oshcc" a.o -o a -show)"
expect "oshcc --showme -c does not link" "$cc $inc -c a.c" "$("$bin/oshcc" --showme -c a.c)"
expect "oshcc --showme -E does not link" "$cc $inc -E a.c" "$("$bin/oshcc" --showme -E a.c)"
expect "oshcc --showme:compile" "$inc" "$("$bin/oshcc" --showme:compile)"
expect "oshcc --showme:link" "$libs" "$("$bin/oshcc" --showme:link)"
expect "OSHCC replaces the compiler" "my cc $inc -c a.c" "$(OSHCC='my cc' "$bin/oshcc" --showme -c a.c)"
expect "oshcxx --showme" "$cxx $inc a.cc -o a $libs" "$("$bin/oshcxx" --showme a.cc -o a)"
expect "OSHCXX replaces the compiler" "my++ $inc -c a.cc" "$(OSHCXX=my++ "$bin/oshcxx" --showme -c a.cc)"
expect "oshcc --showme:link in the build tree" "-L$builddir/.libs -lrocshmem_ro -Wl,-rpath,$builddir/.libs" \
    "$(OSHCC_BUILDDIR=$builddir "$bin/oshcc" --showme:link)"

# oshrun against stub launchers, which print how they were called.
stubs=$work/stubs
mkdir "$stubs" "$work/empty" || exit 1
for l in srun mpiexec.hydra mpirun.openmpi mpirun mpiexec; do
    # shellcheck disable=SC2016 # $0 and $* are the stub's, expanded when it runs
    printf '#!/bin/sh\necho "$0 $*"\n' >"$stubs/$l" && chmod +x "$stubs/$l" || exit 1
done
expect "oshrun: mpiexec.hydra first, -np N to -n N before the program only" \
    "$stubs/mpiexec.hydra -n 3 --verbose ./p -np 1" "$(PATH=$stubs:$PATH "$bin/oshrun" -np 3 --verbose ./p -np 1)"
expect "oshrun: srun in a Slurm job" "$stubs/srun -n 2 ./p" "$(SLURM_JOB_ID=7 PATH=$stubs:$PATH "$bin/oshrun" -np 2 ./p)"
root=''
[ "$(id -u)" = 0 ] && root='--allow-run-as-root '
expect "oshrun: Open MPI flags" "$stubs/mpirun.openmpi $root--oversubscribe -n 2 ./p" \
    "$(OSHRUN_LAUNCHER=$stubs/mpirun.openmpi OSHRUN_OVERSUBSCRIBE=1 "$bin/oshrun" -n 2 ./p)"
expect "oshrun --showme" "$stubs/mpiexec.hydra -n 2 ./p" "$(PATH=$stubs:$PATH "$bin/oshrun" --showme -n 2 ./p)"
if hydra=$(command -v mpiexec.hydra); then
    expect "oshrun --showme picks this machine's mpiexec.hydra" "$hydra -n 2 ./p" "$("$bin/oshrun" --showme -n 2 ./p)"
fi

# No launcher: exit 127 with a message, for a launcher named and for none found.
for how in "OSHRUN_LAUNCHER=/nonexistent" "PATH=$work/empty"; do
    msg=$(env "$how" "$bin/oshrun" -n 1 true 2>&1)
    rc=$?
    if [ $rc -eq 127 ] && [ -n "$msg" ]; then echo "PASS: $how: exit 127, $msg"
    else echo "FAIL: $how oshrun -n 1 true: exit $rc, message '$msg' (want 127 and a message)"; fail=1; fi
done

# A program built against the build tree (compiled, then linked: the link alone adds the
# library) and run on 2 PEs, on loopback.
if [ ! -e "$builddir/.libs/librocshmem_ro.so" ]; then
    echo "skip: no $builddir/.libs/librocshmem_ro.so: nothing to build against"
    [ $fail -eq 0 ] && exit 77
    exit 1
fi
cat >"$work/hello.c" <<'PROG'
#include <stdio.h>
#include <rocshmem/rocshmem.h>
int main(void)
{
    rocshmem_init();
    printf("hello from pe %d of %d\n", rocshmem_my_pe(), rocshmem_n_pes());
    rocshmem_finalize();
    return 0;
}
PROG
# The build-tree variables only for the builds: the library warns about every ROCSHMEM_*
# variable it does not know, so the run must not see them.
tree() { # WRAPPER ARGS...: run a wrapper in $work against the build tree
    (w=$1; shift; cd "$work" && OSHCC_BUILDDIR=$builddir \
        OSHCC_SRCDIR=$srcdir "$bin/$w" "$@") >"$work/build.log" 2>&1
}
if tree oshcc -c hello.c -o hello.o && tree oshcc hello.o -o hello; then
    echo "PASS: oshcc builds a program against the build tree"
else
    echo "FAIL: oshcc -c hello.c; oshcc hello.o -o hello:"; cat "$work/build.log"; exit 1
fi
if command -v "${cxx%% *}" >/dev/null; then
    cp "$work/hello.c" "$work/hello.cc"
    if tree oshcxx hello.cc -o hello_cxx; then
        echo "PASS: oshcxx builds a program against the build tree"
    else
        echo "FAIL: oshcxx hello.cc -o hello_cxx:"; cat "$work/build.log"; fail=1
    fi
else
    echo "note: no C++ compiler ($cxx): oshcxx's build not tried"
fi

export FI_TCP_IFACE=lo FI_SOCKETS_IFACE=lo ROCSHMEM_RO_IFACE=lo ROCSHMEM_BOOTSTRAP_IFACE=lo
export OMPI_MCA_oob_tcp_if_include=lo OMPI_MCA_btl_tcp_if_include=lo
export ROCSHMEM_RO_PROVIDER=shm ROCSHMEM_RO_TIMEOUT=30
# Two PEs may be more than this machine's cores (Open MPI refuses without this).
OSHRUN_OVERSUBSCRIBE=1 timeout -k 5 60 "$bin/oshrun" -n 2 "$work/hello" >"$work/run.log" 2>&1
rc=$?
if [ $rc -eq 127 ] && grep -q "^oshrun: no launcher" "$work/run.log"; then
    echo "skip: the 2-PE run: $(cat "$work/run.log")"
    skip=yes
else
    got=$(grep -c '^hello from pe [01] of 2$' "$work/run.log")
    pes=$(sed -n 's/^hello from pe \([01]\) of 2$/\1/p' "$work/run.log" | sort | tr -d '\n')
    if [ $rc -eq 0 ] && [ "$got" -eq 2 ] && [ "$pes" = 01 ]; then
        echo "PASS: oshrun -n 2 runs it ($("$bin/oshrun" --showme -n 2 hello))"
    else
        echo "FAIL: oshrun -n 2 hello: exit $rc, $got of 2 PEs said hello:"; cat "$work/run.log"; fail=1
    fi
fi
[ $fail -eq 0 ] || exit 1
[ -z "$skip" ] || exit 77
exit 0
