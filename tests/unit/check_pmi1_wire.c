/* Bootstrap unit tests without a launcher: the PMI-1 wire helpers (hex, lines, parsing,
 * framing, chunks), the PMI-1 client against a scripted fake launcher on a socketpair
 * (success, refusal, silence, hang-up), and auto selection with no launcher. */
#include "config.h"

#include "bootstrap/ro_boot.h"
#include "bootstrap/ro_pmi1_wire.h"

#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include <check.h>

#include "check_run.h"

/* ---- hex ---- */

START_TEST(test_hex_all_bytes)
{
    unsigned char in[256], back[256];
    char hex[2 * 256 + 1];

    for (int i = 0; i < 256; i++)
        in[i] = (unsigned char)i;
    ck_assert_int_eq(ro_pmi1_hex_encode(in, sizeof(in), hex, sizeof(hex)), 0);
    ck_assert_uint_eq(strlen(hex), 512);
    ck_assert_str_eq(hex + 2 * 0xa5, "a5a6a7a8a9aaabacadaeafb0b1b2b3b4b5b6b7b8b9babbbcbdbebfc0c1c2c3c4c5c6c7c8c9cacbcccdcecfd0d1d2d3d4d5d6d7d8d9dadbdcdddedfe0e1e2e3e4e5e6e7e8e9eaebecedeeeff0f1f2f3f4f5f6f7f8f9fafbfcfdfeff");
    ck_assert_int_eq(ro_pmi1_hex_decode(hex, back, sizeof(back)), 0);
    ck_assert_mem_eq(in, back, sizeof(in));
}
END_TEST

START_TEST(test_hex_odd_lengths)
{
    static const size_t lens[] = { 0, 1, 3, 7, 511, 513 };
    unsigned char in[513], back[513];
    char hex[2 * 513 + 1];

    for (size_t i = 0; i < sizeof(in); i++)
        in[i] = (unsigned char)(i * 37 + 11);
    for (size_t k = 0; k < sizeof(lens) / sizeof(lens[0]); k++) {
        ck_assert_int_eq(ro_pmi1_hex_encode(in, lens[k], hex, sizeof(hex)), 0);
        ck_assert_uint_eq(strlen(hex), 2 * lens[k]);
        ck_assert_int_eq(ro_pmi1_hex_decode(hex, back, lens[k]), 0);
        ck_assert_mem_eq(in, back, lens[k]);
    }
    /* Upper case is accepted too. */
    ck_assert_int_eq(ro_pmi1_hex_decode("ABcd", back, 2), 0);
    ck_assert_uint_eq(back[0], 0xab);
    ck_assert_uint_eq(back[1], 0xcd);
}
END_TEST

START_TEST(test_hex_invalid)
{
    static const char *const bad[] = { "abc", "zz00", "0g", "00 0", "0x", "" };
    unsigned char out[2] = { 0x5a, 0x5a };
    char small[4];

    ck_assert_int_eq(ro_pmi1_hex_decode(bad[0], out, 2), -EINVAL);   /* odd length */
    ck_assert_int_eq(ro_pmi1_hex_decode(bad[1], out, 2), -EINVAL);   /* not hex */
    ck_assert_int_eq(ro_pmi1_hex_decode(bad[2], out, 1), -EINVAL);
    ck_assert_int_eq(ro_pmi1_hex_decode(bad[3], out, 2), -EINVAL);   /* space */
    ck_assert_int_eq(ro_pmi1_hex_decode(bad[4], out, 1), -EINVAL);
    ck_assert_int_eq(ro_pmi1_hex_decode(bad[5], out, 1), -EINVAL);   /* too short */
    ck_assert_int_eq(ro_pmi1_hex_decode("001122", out, 2), -EINVAL); /* too long */
    /* A rejected value leaves the output alone. */
    ck_assert_uint_eq(out[0], 0x5a);
    ck_assert_uint_eq(out[1], 0x5a);
    ck_assert_int_eq(ro_pmi1_hex_encode("ab", 2, small, sizeof(small)), -ENOSPC);
    ck_assert_int_eq(ro_pmi1_hex_encode("a", 1, small, 3), 0);
    ck_assert_str_eq(small, "61");
}
END_TEST

/* ---- command lines ---- */

START_TEST(test_format_lines)
{
    const struct ro_pmi1_field ver[] = { { "pmi_version", "1" }, { "pmi_subversion", "1" } };
    const struct ro_pmi1_field put[] = { { "kvsname", "kvs_9_0" }, { "key", "ro.ag.0.1.2" },
                                         { "value", "" } };
    char buf[128];

    ck_assert_int_eq(ro_pmi1_line_format(buf, sizeof(buf), "init", ver, 2), 40);
    ck_assert_str_eq(buf, "cmd=init pmi_version=1 pmi_subversion=1\n");
    ck_assert_int_eq(ro_pmi1_line_format(buf, sizeof(buf), "barrier_in", NULL, 0), 15);
    ck_assert_str_eq(buf, "cmd=barrier_in\n");
    ck_assert_int_eq(ro_pmi1_line_format(buf, sizeof(buf), "put", put, 3), 47);
    ck_assert_str_eq(buf, "cmd=put kvsname=kvs_9_0 key=ro.ag.0.1.2 value=\n");
}
END_TEST

START_TEST(test_format_rejects)
{
    const struct ro_pmi1_field space[] = { { "key", "a b" } };
    const struct ro_pmi1_field eq[] = { { "key", "a=b" } };
    const struct ro_pmi1_field nl[] = { { "key", "a\nb" } };
    const struct ro_pmi1_field nokey[] = { { "", "x" } };
    char buf[16];

    ck_assert_int_eq(ro_pmi1_line_format(buf, sizeof(buf), "get", space, 1), -EINVAL);
    ck_assert_int_eq(ro_pmi1_line_format(buf, sizeof(buf), "get", eq, 1), -EINVAL);
    ck_assert_int_eq(ro_pmi1_line_format(buf, sizeof(buf), "get", nl, 1), -EINVAL);
    ck_assert_int_eq(ro_pmi1_line_format(buf, sizeof(buf), "get", nokey, 1), -EINVAL);
    ck_assert_int_eq(ro_pmi1_line_format(buf, sizeof(buf), "bad cmd", NULL, 0), -EINVAL);
    /* "cmd=finalize\n" is 13 bytes plus NUL: 14 fits, 13 does not. */
    ck_assert_int_eq(ro_pmi1_line_format(buf, 14, "finalize", NULL, 0), 13);
    ck_assert_int_eq(ro_pmi1_line_format(buf, 13, "finalize", NULL, 0), -ENOSPC);
}
END_TEST

/* ---- response parsing ---- */

static int parse(struct ro_pmi1_msg *m, const char *line)
{
    return ro_pmi1_msg_parse(m, line, strlen(line));
}

START_TEST(test_parse_ok)
{
    struct ro_pmi1_msg m;

    ck_assert_int_eq(parse(&m, "cmd=get_result rc=0 msg=success value=0a1b"), 0);
    ck_assert_uint_eq(m.nf, 4);
    ck_assert_str_eq(m.f[0].key, "cmd");
    ck_assert_str_eq(m.f[0].val, "get_result");
    ck_assert_str_eq(ro_pmi1_msg_get(&m, "value"), "0a1b");
    ck_assert_ptr_null(ro_pmi1_msg_get(&m, "kvsname"));
    ck_assert_int_eq(ro_pmi1_msg_check(&m, "get_result"), 0);
    /* No rc at all (Hydra's maxes, barrier_out) counts as success. */
    ck_assert_int_eq(parse(&m, "cmd=barrier_out"), 0);
    ck_assert_int_eq(ro_pmi1_msg_check(&m, "barrier_out"), 0);
}
END_TEST

START_TEST(test_parse_error_rc)
{
    struct ro_pmi1_msg m;

    ck_assert_int_eq(parse(&m, "cmd=get_result rc=-1 msg=key not found"), 0);
    ck_assert_int_eq(ro_pmi1_msg_check(&m, "get_result"), -EREMOTEIO);
    ck_assert_str_eq(ro_pmi1_msg_get(&m, "msg"), "key not found");
    ck_assert_str_eq(ro_pmi1_msg_get(&m, "rc"), "-1");
    ck_assert_int_eq(parse(&m, "cmd=put_result rc=abc"), 0);
    ck_assert_int_eq(ro_pmi1_msg_check(&m, "put_result"), -EREMOTEIO);
    ck_assert_int_eq(parse(&m, "cmd=put_result rc="), 0);
    ck_assert_int_eq(ro_pmi1_msg_check(&m, "put_result"), -EREMOTEIO);
    ck_assert_int_eq(parse(&m, "cmd=barrier_out"), 0);
    ck_assert_int_eq(ro_pmi1_msg_check(&m, "get_result"), -EPROTO);
}
END_TEST

START_TEST(test_parse_odd_values)
{
    struct ro_pmi1_msg m;

    ck_assert_int_eq(parse(&m, "cmd=x  value=a=b=c  msg=(tab\t!) path=/tmp/k:v\r"), 0);
    ck_assert_str_eq(ro_pmi1_msg_get(&m, "value"), "a=b=c");
    ck_assert_str_eq(ro_pmi1_msg_get(&m, "msg"), "(tab\t!)");
    ck_assert_str_eq(ro_pmi1_msg_get(&m, "path"), "/tmp/k:v");
    ck_assert_int_eq(parse(&m, "cmd=x empty= msg=two  spaces"), 0);
    ck_assert_str_eq(ro_pmi1_msg_get(&m, "empty"), "");
    ck_assert_str_eq(ro_pmi1_msg_get(&m, "msg"), "two  spaces");
}
END_TEST

START_TEST(test_parse_malformed)
{
    char line[RO_PMI1_LINE_MAX + 8];
    struct ro_pmi1_msg m;

    ck_assert_int_eq(parse(&m, ""), -EBADMSG);
    ck_assert_int_eq(parse(&m, "hello"), -EBADMSG);
    ck_assert_int_eq(parse(&m, "rc=0 cmd=x"), -EBADMSG);
    ck_assert_int_eq(parse(&m, "cmd=x =y"), -EBADMSG);
    ck_assert_int_eq(parse(&m, "cmd=x a=1 b=2 c=3 d=4 e=5 f=6 g=7 h=8 i=9 j=10 k=11 l=12 m=13 n=14 o=15 p=16"),
                     -EBADMSG);
    memset(line, 'a', sizeof(line));
    memcpy(line, "cmd=x v=", 8);
    ck_assert_int_eq(ro_pmi1_msg_parse(&m, line, RO_PMI1_LINE_MAX), -EMSGSIZE);
    ck_assert_int_eq(ro_pmi1_msg_parse(&m, line, RO_PMI1_LINE_MAX - 1), 0);
    ck_assert_uint_eq(strlen(ro_pmi1_msg_get(&m, "v")), RO_PMI1_LINE_MAX - 9);
}
END_TEST

/* ---- line framing ---- */

static void rbuf_add(struct ro_pmi1_rbuf *rb, const char *s)
{
    ck_assert_uint_ge(ro_pmi1_rbuf_space(rb), strlen(s));
    memcpy(ro_pmi1_rbuf_tail(rb), s, strlen(s));
    rb->len += strlen(s);
}

START_TEST(test_framing)
{
    struct ro_pmi1_rbuf rb = { .len = 0 };
    struct ro_pmi1_msg m;

    /* Hydra's initack arrives as several lines in one write. */
    rbuf_add(&rb, "cmd=initack\ncmd=set size=4\ncmd=set ra");
    ck_assert_int_eq(ro_pmi1_rbuf_take(&rb, &m), 1);
    ck_assert_str_eq(m.f[0].val, "initack");
    ck_assert_int_eq(ro_pmi1_rbuf_take(&rb, &m), 1);
    ck_assert_str_eq(ro_pmi1_msg_get(&m, "size"), "4");
    ck_assert_int_eq(ro_pmi1_rbuf_take(&rb, &m), 0);
    rbuf_add(&rb, "nk=2\n");
    ck_assert_int_eq(ro_pmi1_rbuf_take(&rb, &m), 1);
    ck_assert_str_eq(ro_pmi1_msg_get(&m, "rank"), "2");
    ck_assert_uint_eq(rb.len, 0);
    /* A bad line is reported and dropped; the next one still parses. */
    rbuf_add(&rb, "garbage\ncmd=ok\n");
    ck_assert_int_eq(ro_pmi1_rbuf_take(&rb, &m), -EBADMSG);
    ck_assert_int_eq(ro_pmi1_rbuf_take(&rb, &m), 1);
    ck_assert_str_eq(m.f[0].val, "ok");
}
END_TEST

START_TEST(test_framing_overlong)
{
    struct ro_pmi1_rbuf rb = { .len = 0 };
    struct ro_pmi1_msg m;

    memset(rb.data, 'x', sizeof(rb.data));
    rb.len = sizeof(rb.data);
    ck_assert_int_eq(ro_pmi1_rbuf_take(&rb, &m), -EMSGSIZE);
}
END_TEST

/* ---- chunks and keys ---- */

START_TEST(test_chunks)
{
    char key[64];

    ck_assert_uint_eq(ro_pmi1_chunk_bytes(1024), 511);
    ck_assert_uint_eq(ro_pmi1_chunk_bytes(3), 1);
    ck_assert_uint_eq(ro_pmi1_chunk_bytes(2), 0);
    ck_assert_uint_eq(ro_pmi1_chunk_bytes(-1), 0);
    ck_assert_uint_eq(ro_pmi1_chunk_count(0, 511), 0);
    ck_assert_uint_eq(ro_pmi1_chunk_count(1, 511), 1);
    ck_assert_uint_eq(ro_pmi1_chunk_count(511, 511), 1);
    ck_assert_uint_eq(ro_pmi1_chunk_count(512, 511), 2);
    ck_assert_uint_eq(ro_pmi1_chunk_count(3000, 511), 6);
    ck_assert_uint_eq(ro_pmi1_chunk_len(3000, 511, 0), 511);
    ck_assert_uint_eq(ro_pmi1_chunk_len(3000, 511, 5), 3000 - 5 * 511);
    ck_assert_uint_eq(ro_pmi1_chunk_len(3000, 511, 6), 0);
    ck_assert_int_eq(ro_pmi1_key_format(key, sizeof(key), 7, 3, 12), 12);
    ck_assert_str_eq(key, "ro.ag.7.3.12");
    ck_assert_int_eq(ro_pmi1_key_format(key, 12, 7, 3, 12), -ENOSPC);
    ck_assert_int_eq(ro_pmi1_key_format(key, 13, 7, 3, 12), 12);
}
END_TEST

/* ---- the PMI-1 client against a fake launcher ---- */

enum fake_mode { FAKE_OK, FAKE_REFUSE, FAKE_SILENT, FAKE_HANGUP };

struct fake {
    int fd;
    enum fake_mode mode;
    char kvs[16][RO_PMI1_LINE_MAX];   /* "key=value" of every put */
    int nkvs;
};

static void fake_say(struct fake *f, const char *line)
{
    size_t len = strlen(line);
    ck_assert_int_eq(write(f->fd, line, len), (ssize_t)len);
}

/* Answers a get as Hydra would. The fake job has two ranks and rank 1 mirrors rank 0, so
 * a get of "ro.ag.S.1.C" answers the value put as "ro.ag.S.0.C". */
static void fake_get(struct fake *f, const char *key)
{
    char want[128], line[RO_PMI1_LINE_MAX + 64];
    const char *dot = strrchr(key, '.');
    unsigned seq;

    ck_assert_int_eq(sscanf(key, "ro.ag.%u.", &seq), 1);
    snprintf(want, sizeof(want), "ro.ag.%u.0%s=", seq, dot);
    for (int i = 0; i < f->nkvs; i++) {
        if (!strncmp(f->kvs[i], want, strlen(want))) {
            snprintf(line, sizeof(line), "cmd=get_result rc=0 msg=success value=%s\n",
                     f->kvs[i] + strlen(want));
            fake_say(f, line);
            return;
        }
    }
    fake_say(f, "cmd=get_result rc=-1 msg=key_not_found\n");
}

static void fake_answer(struct fake *f, const struct ro_pmi1_msg *m)
{
    const char *cmd = m->f[0].val;

    if (!strcmp(cmd, "init"))
        fake_say(f, f->mode == FAKE_REFUSE ? "cmd=response_to_init rc=-1 msg=version 9 not supported\n"
                                           : "cmd=response_to_init pmi_version=1 pmi_subversion=1 rc=0\n");
    else if (!strcmp(cmd, "get_maxes"))
        fake_say(f, "cmd=maxes kvsname_max=256 keylen_max=64 vallen_max=1024\n");
    else if (!strcmp(cmd, "get_my_kvsname"))
        fake_say(f, "cmd=my_kvsname kvsname=kvs_fake_0\n");
    else if (!strcmp(cmd, "barrier_in"))
        fake_say(f, "cmd=barrier_out\n");
    else if (!strcmp(cmd, "finalize"))
        fake_say(f, "cmd=finalize_ack\n");
    else if (!strcmp(cmd, "get"))
        fake_get(f, ro_pmi1_msg_get(m, "key"));
    else if (!strcmp(cmd, "put")) {
        ck_assert_int_lt(f->nkvs, 16);
        snprintf(f->kvs[f->nkvs++], RO_PMI1_LINE_MAX, "%s=%s", ro_pmi1_msg_get(m, "key"),
                 ro_pmi1_msg_get(m, "value"));
        fake_say(f, "cmd=put_result rc=0 msg=success\n");
    }
}

static void *fake_main(void *arg)
{
    struct fake *f = arg;
    struct ro_pmi1_rbuf rb = { .len = 0 };
    struct ro_pmi1_msg m;
    ssize_t n;

    while ((n = read(f->fd, ro_pmi1_rbuf_tail(&rb), ro_pmi1_rbuf_space(&rb))) > 0) {
        rb.len += (size_t)n;
        while (ro_pmi1_rbuf_take(&rb, &m) == 1) {
            if (f->mode == FAKE_HANGUP) {
                /* A launcher that dies while the client waits for its answer. */
                close(f->fd);
                return NULL;
            }
            if (f->mode != FAKE_SILENT)
                fake_answer(f, &m);
        }
    }
    return NULL;
}

static struct fake *fake;
static pthread_t fake_thread;

/* Starts the fake launcher and points PMI_FD at the client end, as Hydra would. */
static void fake_start(enum fake_mode mode)
{
    int sv[2];
    char num[16];

    fake = calloc(1, sizeof(*fake));
    ck_assert_ptr_nonnull(fake);
    ck_assert_int_eq(socketpair(AF_UNIX, SOCK_STREAM, 0, sv), 0);
    fake->fd = sv[0];
    fake->mode = mode;
    snprintf(num, sizeof(num), "%d", sv[1]);
    setenv("PMI_FD", num, 1);
    setenv("PMI_RANK", "0", 1);
    setenv("PMI_SIZE", "2", 1);
    ck_assert_int_eq(pthread_create(&fake_thread, NULL, fake_main, fake), 0);
}

START_TEST(test_client_allgather)
{
    unsigned char in[1200], out[2 * 1200];
    struct ro_boot *b = NULL;

    fake_start(FAKE_OK);
    ck_assert_int_eq(ro_boot_open(RO_BOOT_PMI1, 5, &b), 0);
    ck_assert_str_eq(b->ops->name, "pmi1");
    ck_assert_int_eq(b->rank, 0);
    ck_assert_int_eq(b->size, 2);
    for (size_t i = 0; i < sizeof(in); i++)
        in[i] = (unsigned char)(i * 13 + 1);
    ck_assert_int_eq(b->ops->allgather(b, in, out, sizeof(in)), 0);
    ck_assert_mem_eq(out, in, sizeof(in));
    ck_assert_mem_eq(out + sizeof(in), in, sizeof(in));
    /* 1200 bytes are 3 chunks of at most 511: three puts, keys from allgather 0. */
    ck_assert_int_eq(fake->nkvs, 3);
    ck_assert_int_eq(strncmp(fake->kvs[2], "ro.ag.0.0.2=", 12), 0);
    ck_assert_int_eq(b->ops->allgather(b, in, out, 0), 0);
    ck_assert_int_eq(b->ops->barrier(b), 0);
    ck_assert_int_eq(ro_boot_close(b), 0);
    pthread_join(fake_thread, NULL);
}
END_TEST

START_TEST(test_client_refused)
{
    struct ro_boot *b = NULL;

    fake_start(FAKE_REFUSE);
    ck_assert_int_eq(ro_boot_open(RO_BOOT_PMI1, 5, &b), -EREMOTEIO);
    ck_assert_ptr_null(b);
}
END_TEST

START_TEST(test_client_timeout)
{
    struct ro_boot *b = NULL;
    struct timespec t0, t1;

    fake_start(FAKE_SILENT);
    clock_gettime(CLOCK_MONOTONIC, &t0);
    ck_assert_int_eq(ro_boot_open(RO_BOOT_PMI1, 1, &b), -ETIMEDOUT);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    ck_assert_ptr_null(b);
    ck_assert_int_ge(t1.tv_sec - t0.tv_sec, 0);
    ck_assert_int_le(t1.tv_sec - t0.tv_sec, 3);
}
END_TEST

START_TEST(test_client_hangup)
{
    struct ro_boot *b = NULL;

    fake_start(FAKE_HANGUP);
    ck_assert_int_eq(ro_boot_open(RO_BOOT_PMI1, 5, &b), -ECONNRESET);
    ck_assert_ptr_null(b);
    pthread_join(fake_thread, NULL);
}
END_TEST

/* ---- selection ---- */

START_TEST(test_select_no_launcher)
{
    static const char *const vars[] = { "PMIX_RANK", "PMI_FD", "PMI_PORT", "SLURM_MPI_TYPE" };
    struct ro_boot *b = NULL;
    int in = 42, out = 0;

    for (size_t i = 0; i < sizeof(vars) / sizeof(vars[0]); i++)
        unsetenv(vars[i]);
    ck_assert_int_eq(ro_boot_open(RO_BOOT_AUTO, 5, &b), 0);
    ck_assert_str_eq(b->ops->name, "single");
    ck_assert_int_eq(b->size, 1);
    ck_assert_int_eq(b->ops->allgather(b, &in, &out, sizeof(in)), 0);
    ck_assert_int_eq(out, 42);
    ck_assert_int_eq(b->ops->barrier(b), 0);
    ck_assert_int_eq(ro_boot_close(b), 0);
    /* pmi1 by name, with nothing to connect to, fails at once instead of hanging. */
    b = NULL;
    ck_assert_int_eq(ro_boot_open(RO_BOOT_PMI1, 5, &b), -ENOENT);
    ck_assert_ptr_null(b);
}
END_TEST

/* One TCase per behaviour, each with its own timeout: a hung client fails, never hangs. */
static void add_case(Suite *s, const char *name, const TTest *test, int timeout_s)
{
    TCase *tc = tcase_create(name);

    tcase_set_timeout(tc, timeout_s);
    tcase_add_test(tc, test);
    suite_add_tcase(s, tc);
}

static Suite *pmi1_suite(void)
{
    Suite *s = suite_create("pmi1_wire");

    add_case(s, "hex_all_bytes", test_hex_all_bytes, 4);
    add_case(s, "hex_odd_lengths", test_hex_odd_lengths, 4);
    add_case(s, "hex_invalid", test_hex_invalid, 4);
    add_case(s, "format_lines", test_format_lines, 4);
    add_case(s, "format_rejects", test_format_rejects, 4);
    add_case(s, "parse_ok", test_parse_ok, 4);
    add_case(s, "parse_error_rc", test_parse_error_rc, 4);
    add_case(s, "parse_odd_values", test_parse_odd_values, 4);
    add_case(s, "parse_malformed", test_parse_malformed, 4);
    add_case(s, "framing", test_framing, 4);
    add_case(s, "framing_overlong", test_framing_overlong, 4);
    add_case(s, "chunks", test_chunks, 4);
    add_case(s, "client_allgather", test_client_allgather, 10);
    add_case(s, "client_refused", test_client_refused, 10);
    add_case(s, "client_timeout", test_client_timeout, 10);
    add_case(s, "client_hangup", test_client_hangup, 10);
    add_case(s, "select_no_launcher", test_select_no_launcher, 10);
    return s;
}

int main(void)
{
    return ro_check_run(pmi1_suite());
}
