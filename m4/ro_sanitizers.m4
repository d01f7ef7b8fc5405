dnl RO_ENABLE_SANITIZERS: --enable-sanitizers=LIST builds the library, the tests and the
dnl tools with -fsanitize=LIST (address,undefined or thread), for CI's checking builds of
dnl the CPU target. UBSan reports stop the program, so that a test cannot pass over one.
AC_DEFUN([RO_ENABLE_SANITIZERS], [
  AC_ARG_ENABLE([sanitizers],
    [AS_HELP_STRING([--enable-sanitizers=LIST], [build everything with -fsanitize=LIST, e.g. address,undefined or thread; CPU target only, for testing (default: no)])],
    [], [enable_sanitizers=no])
  AS_CASE([$enable_sanitizers],
    [no], [],
    [yes|""], [AC_MSG_ERROR([--enable-sanitizers takes a list, e.g. --enable-sanitizers=address,undefined or =thread])],
    [AS_IF([test "x$ro_gpu_target" != xhost],
           [AC_MSG_ERROR([--enable-sanitizers builds the CPU target only (configure without --with-cuda/--with-hip)])])
     ro_san_flags="-fsanitize=$enable_sanitizers -fno-omit-frame-pointer -g"
     AS_CASE([,$enable_sanitizers,], [*,undefined,*], [ro_san_flags="$ro_san_flags -fno-sanitize-recover=undefined"])
     AC_MSG_CHECKING([whether $CC builds with $ro_san_flags])
     CFLAGS="$CFLAGS $ro_san_flags"; LDFLAGS="$LDFLAGS $ro_san_flags"
     AC_LINK_IFELSE([AC_LANG_PROGRAM([], [])], [AC_MSG_RESULT([yes])],
                    [AC_MSG_RESULT([no]); AC_MSG_ERROR([$CC cannot build with $ro_san_flags (see config.log)])])
     AC_DEFINE([RO_SANITIZED], [1], [Built with sanitizers])])
])

dnl RO_ENABLE_FUZZERS: --enable-fuzzers builds the libFuzzer targets of tests/fuzz (clang:
dnl CC=clang-15 on Debian 12). The whole build gets libFuzzer's coverage instrumentation;
dnl only the targets link its driver (RO_FUZZ_LDFLAGS).
AC_DEFUN([RO_ENABLE_FUZZERS], [
  AC_ARG_ENABLE([fuzzers],
    [AS_HELP_STRING([--enable-fuzzers], [build the libFuzzer targets of tests/fuzz (needs clang, e.g. CC=clang-15; CPU target only)])],
    [], [enable_fuzzers=no])
  RO_FUZZ_LDFLAGS=
  AS_IF([test "x$enable_fuzzers" = xyes], [
    AS_IF([test "x$ro_gpu_target" != xhost],
          [AC_MSG_ERROR([--enable-fuzzers builds the CPU target only (configure without --with-cuda/--with-hip)])])
    AC_MSG_CHECKING([whether $CC links libFuzzer targets])
    ro_save_CFLAGS=$CFLAGS; CFLAGS="$CFLAGS -fsanitize=fuzzer"
    AC_LINK_IFELSE([AC_LANG_SOURCE([[#include <stddef.h>
#include <stdint.h>
int LLVMFuzzerTestOneInput(const uint8_t *d, size_t n);
int LLVMFuzzerTestOneInput(const uint8_t *d, size_t n) { (void)d; (void)n; return 0; }]])],
      [AC_MSG_RESULT([yes])],
      [AC_MSG_RESULT([no]); AC_MSG_ERROR([--enable-fuzzers: $CC cannot link with -fsanitize=fuzzer (use clang, e.g. CC=clang-15)])])
    CFLAGS="$ro_save_CFLAGS -fsanitize=fuzzer-no-link"
    RO_FUZZ_LDFLAGS=-fsanitize=fuzzer])
  AM_CONDITIONAL([RO_ENABLE_FUZZERS], [test "x$enable_fuzzers" = xyes])
  AC_SUBST([RO_FUZZ_LDFLAGS])
])
