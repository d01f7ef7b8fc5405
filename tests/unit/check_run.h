/* The one runner every Check unit test's main uses: runs the suite and exits nonzero on failure. */
#ifndef CHECK_RUN_H
#define CHECK_RUN_H

#include <check.h>
#include <stdlib.h>

static inline int ro_check_run(Suite *s)
{
    SRunner *sr = srunner_create(s);
    int failed;

    srunner_run_all(sr, CK_NORMAL);
    failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}

#endif
