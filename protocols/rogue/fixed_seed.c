/*
 * belligerent's fixed-seed preload library for Rogue 5.4.4 (LD_PRELOAD).
 *
 * Why: Rogue seeds its dungeon with `Dnum = (int) time(NULL) + md_getpid()`
 * (main.c), so no two games are alike and two agent versions cannot be compared
 * on the same dungeons. Everything random after that comes from Rogue's own
 * generator, which depends on that one number only.
 *
 * How: with BELLIGERENT_ROGUE_SEED=S in the environment, getpid() called from
 * the Rogue program itself returns `S - t`, where t is what the program's last
 * call of time() returned, so the sum is exactly S. The clock is left alone (the
 * tombstone's date and the score file's lock checks stay real), and getpid()
 * called from a library (ncurses uses it to signal itself) returns the real pid.
 * The first faked getpid() writes "seed S" to the file named by
 * BELLIGERENT_ROGUE_SEED_ACK, so the caller can tell that the seed took effect
 * (LD_PRELOAD is ignored for set-user-id programs, for instance).
 *
 * S must be in 0 .. 2147483647; then neither subtraction nor Rogue's addition
 * overflows an int. Without the variable the library changes nothing.
 *
 * Built on demand by protocols/rogue/_seed.py with the system C compiler:
 *   cc -shared -fPIC -O2 -o fixed_seed.so fixed_seed.c -ldl
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <fcntl.h>
#include <link.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

static int seed_state = -1;  /* -1 unread, 0 no seed, 1 seed read */
static int32_t seed_value;
static int32_t last_time;
static int time_seen;
static int acknowledged;

static uintptr_t program_start, program_end;  /* the main program's loaded span */
static int span_known;

static int first_object(struct dl_phdr_info *info, size_t size, void *data)
{
    (void) size;
    (void) data;
    uintptr_t lo = UINTPTR_MAX, hi = 0;
    for (int i = 0; i < info->dlpi_phnum; i++) {
        const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
        if (ph->p_type != PT_LOAD)
            continue;
        uintptr_t start = info->dlpi_addr + ph->p_vaddr;
        if (start < lo)
            lo = start;
        if (start + ph->p_memsz > hi)
            hi = start + ph->p_memsz;
    }
    program_start = lo;
    program_end = hi;
    return 1;  /* the first object listed is the program itself */
}

static int from_program(const void *caller)
{
    if (!span_known) {
        dl_iterate_phdr(first_object, NULL);
        span_known = 1;
    }
    uintptr_t at = (uintptr_t) caller;
    return at >= program_start && at < program_end;
}

static void read_seed(void)
{
    if (seed_state >= 0)
        return;
    const char *text = getenv("BELLIGERENT_ROGUE_SEED");
    char *end = NULL;
    long value = text ? strtol(text, &end, 10) : -1;
    if (text == NULL || *text == '\0' || *end != '\0' || value < 0 || value > INT32_MAX) {
        seed_state = 0;
        return;
    }
    seed_value = (int32_t) value;
    seed_state = 1;
}

static void acknowledge(void)
{
    if (acknowledged)
        return;
    acknowledged = 1;
    const char *path = getenv("BELLIGERENT_ROGUE_SEED_ACK");
    if (path == NULL || *path == '\0')
        return;
    int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
    if (fd < 0)
        return;
    char line[32];
    int n = snprintf(line, sizeof line, "seed %ld\n", (long) seed_value);
    if (n > 0 && write(fd, line, (size_t) n) < 0) {
        /* nothing to do: the caller sees no acknowledgement and says so */
    }
    close(fd);
}

time_t time(time_t *out)
{
    struct timespec now;
    clock_gettime(CLOCK_REALTIME, &now);
    if (from_program(__builtin_return_address(0))) {
        last_time = (int32_t) now.tv_sec;
        time_seen = 1;
    }
    if (out != NULL)
        *out = now.tv_sec;
    return now.tv_sec;
}

pid_t getpid(void)
{
    read_seed();
    if (seed_state == 1 && time_seen && from_program(__builtin_return_address(0))) {
        acknowledge();
        return (pid_t) (int32_t) ((uint32_t) seed_value - (uint32_t) last_time);
    }
    return (pid_t) syscall(SYS_getpid);
}
