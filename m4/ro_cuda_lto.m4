dnl RO_CUDA_CHECK_LTO: can nvcc link device code with -dlto (link-time optimisation, which
dnl inlines the device API into an application's kernels)? Sets NVCC_LTO (the nvcc to link
dnl with), RO_CUDA_DLTO (-dlto or nothing), ro_cuda_lto (yes, view or no) and its summary.
dnl
dnl nvlink's LTO step loads libnvvm from TOP/nvvm/lib64, where nvcc.profile sets TOP to the
dnl folder above the nvcc that was started (as invoked: nvcc does not resolve symlinks to
dnl find it). Toolkits that keep libnvvm only in lib/ (CUDA 13 as installed on these
dnl machines) fail there: "nvlink fatal: elfLink linker library load error". A view of the
dnl toolkit in the build tree (symlinks to every part, plus nvvm/lib64/libnvvm.so pointing at
dnl the real library) gives nvlink that path without touching the installation. Where even
dnl that fails, programs link without -dlto (each device call a real call).
AC_DEFUN([RO_CUDA_CHECK_LTO], [
  ro_lto_dir=conftest.lto
  rm -rf $ro_lto_dir; mkdir $ro_lto_dir
  printf '__device__ int ro_f(int x);\n__global__ void ro_k(int *p) { *p = ro_f(*p); }\nint main(void) { ro_k<<<1, 1>>>(0); return 0; }\n' > $ro_lto_dir/a.cu
  printf '__device__ int ro_f(int x) { return x + 1; }\n' > $ro_lto_dir/b.cu
  ro_lto_flags="-rdc=true -dlto -arch=$CUDA_ARCH"
  AS_IF([$NVCC $ro_lto_flags -c $ro_lto_dir/a.cu -o $ro_lto_dir/a.o >&AS_MESSAGE_LOG_FD 2>&1 &&
         $NVCC $ro_lto_flags -c $ro_lto_dir/b.cu -o $ro_lto_dir/b.o >&AS_MESSAGE_LOG_FD 2>&1],
        [], [AC_MSG_ERROR([--with-cuda: $NVCC cannot compile relocatable device code with -dlto for $CUDA_ARCH (see config.log)])])
  AC_MSG_CHECKING([whether $NVCC links device code with -dlto])
  AS_IF([$NVCC $ro_lto_flags $ro_lto_dir/a.o $ro_lto_dir/b.o -o $ro_lto_dir/ab >&AS_MESSAGE_LOG_FD 2>&1],
        [AC_MSG_RESULT([yes]); ro_cuda_lto=yes; NVCC_LTO=$NVCC],
        [AC_MSG_RESULT([no]); ro_cuda_lto=no])
  ro_cuda_view=`pwd`/cuda-view
  rm -rf "$ro_cuda_view"
  ro_cuda_top=`cd "$ro_cuda_dir" && pwd`
  ro_nvvm_lib=
  for ro_f in "$ro_cuda_top/lib64/libnvvm.so" "$ro_cuda_top/lib/libnvvm.so" "$ro_cuda_top"/targets/*/lib/libnvvm.so; do
    AS_IF([test -z "$ro_nvvm_lib" && test -e "$ro_f"], [ro_nvvm_lib=$ro_f])
  done
  AS_IF([test $ro_cuda_lto = no && test -n "$ro_nvvm_lib"], [
    AC_MSG_CHECKING([whether $NVCC links with -dlto through a toolkit view that adds nvvm/lib64/libnvvm.so])
    mkdir -p "$ro_cuda_view/bin" "$ro_cuda_view/nvvm/lib64"
    for ro_f in "$ro_cuda_top"/*; do
      AS_CASE([`basename "$ro_f"`], [bin|nvvm], [], [ln -s "$ro_f" "$ro_cuda_view/"])
    done
    for ro_f in "$ro_cuda_top"/bin/*; do ln -s "$ro_f" "$ro_cuda_view/bin/"; done
    for ro_f in "$ro_cuda_top"/nvvm/*; do
      AS_CASE([`basename "$ro_f"`], [lib64], [], [ln -s "$ro_f" "$ro_cuda_view/nvvm/"])
    done
    ln -s "$ro_nvvm_lib" "$ro_cuda_view/nvvm/lib64/libnvvm.so"
    AS_IF([$ro_cuda_view/bin/nvcc $ro_lto_flags $ro_lto_dir/a.o $ro_lto_dir/b.o -o $ro_lto_dir/ab >&AS_MESSAGE_LOG_FD 2>&1],
          [AC_MSG_RESULT([yes]); ro_cuda_lto=view; NVCC_LTO=$ro_cuda_view/bin/nvcc],
          [AC_MSG_RESULT([no]); rm -rf "$ro_cuda_view"])
  ])
  rm -rf $ro_lto_dir
  AS_CASE([$ro_cuda_lto],
    [yes], [RO_CUDA_DLTO=-dlto; ro_cuda_lto_summary="yes"],
    [view], [RO_CUDA_DLTO=-dlto
             ro_cuda_lto_summary="yes, through ./cuda-view (the toolkit lacks nvvm/lib64/libnvvm.so, which nvlink loads)"],
    [RO_CUDA_DLTO=; NVCC_LTO=$NVCC
     ro_cuda_lto_summary="NO: nvlink cannot load libnvvm (see config.log); programs link without -dlto, each device call a real call (README: CUDA target)"
     AC_MSG_WARN([$NVCC cannot link with -dlto: the perftest links without it (slower device calls); README, CUDA target, says how to fix the toolkit])])
])
