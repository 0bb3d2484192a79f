#define _XOPEN_SOURCE_EXTENDED 1
#define _POSIX_C_SOURCE 200809L
#define _DEFAULT_SOURCE 1
#define NCURSES_WIDECHAR 1
#include "CTerminalSafety.h"
#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <ncursesw/curses.h>
#include <sys/ioctl.h>
#include <termios.h>

// Every signal whose default action ends the process (signal(7): "Term" and "Core"), so that
// none of them leaves the alternate screen, a hidden cursor, mouse reporting or raw tty modes
// behind. The real-time signals (also "Term") are added at install time: their numbers are
// only known at run time. Stop signals (SIGTSTP, ...) are curses' business, not ours.
static const int fixed_signals[] = {
    SIGTERM, SIGHUP, SIGINT, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF,
    SIGXCPU, SIGXFSZ, SIGPIPE, SIGIO, SIGSYS,
#ifdef SIGSTKFLT
    SIGSTKFLT,
#endif
#ifdef SIGPWR
    SIGPWR,
#endif
    SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE,
};
#define FIXED_COUNT ((int)(sizeof fixed_signals / sizeof fixed_signals[0]))
#define MAX_HANDLED (FIXED_COUNT + 64)

static int handled_signals[MAX_HANDLED];
static int HANDLED_COUNT;

static struct sigaction previous[MAX_HANDLED];
static volatile sig_atomic_t installed_mask[MAX_HANDLED];
static volatile sig_atomic_t installed;
static volatile sig_atomic_t curses_active;

// An alternate stack, so a stack overflow (SIGSEGV) can still restore the terminal.
static char alt_stack[64 * 1024];

static int index_of(int sig) {
    for (int i = 0; i < HANDLED_COUNT; i++)
        if (handled_signals[i] == sig) return i;
    return -1;
}

void iam_safety_set_active(int active) { curses_active = active ? 1 : 0; }

void iam_safety_end_curses(void) {
    if (!curses_active) return;
    curses_active = 0;
    endwin();
}

static volatile sig_atomic_t tee_pipe = -1, tee_out = -1, tee_tty = -1;
static struct termios tee_saved;
static volatile sig_atomic_t tee_saved_valid;

void iam_safety_set_tee(int pipe_read, int out_fd, int tty_fd) {
    tee_pipe = pipe_read;
    tee_out = out_fd;
    tee_tty = tty_fd;
}

int iam_tee_enter_raw(int tty_fd) {
    struct termios mode;
    if (tcgetattr(tty_fd, &mode) != 0) return -1;
    tee_saved = mode;
    tee_saved_valid = 1;
    tee_tty = tty_fd;
    cfmakeraw(&mode);
    return tcsetattr(tty_fd, TCSADRAIN, &mode);
}

void iam_tee_restore_mode(void) {
    if (tee_saved_valid && tee_tty >= 0) tcsetattr(tee_tty, TCSADRAIN, &tee_saved);
}

int iam_tty_size(int fd, int *width, int *height) {
    struct winsize size;
    if (ioctl(fd, TIOCGWINSZ, &size) != 0 || size.ws_col == 0 || size.ws_row == 0) return -1;
    *width = size.ws_col;
    *height = size.ws_row;
    return 0;
}

void iam_tee_drain(int from, int to) {
    char buffer[4096];
    for (;;) {
        ssize_t n = read(from, buffer, sizeof buffer);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return;
        for (ssize_t done = 0; done < n;) {
            ssize_t w = write(to, buffer + done, (size_t)(n - done));
            if (w < 0 && errno == EINTR) continue;
            if (w <= 0) return;
            done += w;
        }
    }
}

static volatile sig_atomic_t deferring, pending_signal;

void iam_safety_defer(int on) {
    deferring = on ? 1 : 0;
}

int iam_safety_pending(void) { return pending_signal; }

int iam_safety_defer_hangup(void) {
    if (!deferring) return 0;
    if (pending_signal == 0) pending_signal = SIGHUP;
    return 1;
}

void iam_safety_die_by(int sig) {
    signal(sig, SIG_DFL);
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, sig);
    sigprocmask(SIG_UNBLOCK, &set, NULL);
    raise(sig);
    _exit(128 + sig);
}

// Paths copied into static buffers: the handler must not read Swift memory.
static char commit_temporary[4096], commit_target[4096];
static volatile sig_atomic_t commit_set;

void iam_safety_set_commit(const char *temporary, const char *target) {
    commit_set = 0;
    if (!temporary || !target || strlen(temporary) >= sizeof commit_temporary
        || strlen(target) >= sizeof commit_target)
        return;
    strcpy(commit_temporary, temporary);
    strcpy(commit_target, target);
    commit_set = 1;
}

static int is_crash(int sig) {
    return sig == SIGSEGV || sig == SIGBUS || sig == SIGILL || sig == SIGTRAP || sig == SIGABRT
        || sig == SIGFPE || sig == SIGQUIT || sig == SIGSYS;
}

static void on_signal(int sig, siginfo_t *info, void *context) {
    int saved_errno = errno;
    // A hang-up often comes twice (the kernel when the terminal closes, then the shell passing it
    // on to its jobs): a repeated SIGHUP never cuts the save short; any other second signal does.
    if (deferring && !is_crash(sig) && (pending_signal == 0 || sig == SIGHUP)) {
        // The main loop saves and ends by this signal; poll/read in it return EINTR.
        if (pending_signal == 0) pending_signal = sig;
        errno = saved_errno;
        return;
    }
    // endwin is not async-signal-safe; like htop we accept that risk to get the shell back.
    iam_safety_end_curses();
    // With the --cast tee, endwin's bytes are in the pipe: pass them on, then the tty's mode.
    if (tee_pipe >= 0 && tee_out >= 0) iam_tee_drain(tee_pipe, tee_out);
    if (tee_pipe >= 0) iam_tee_restore_mode();
    // rename(2) is async-signal-safe: what was recorded so far is kept at its path.
    if (commit_set) {
        commit_set = 0;
        rename(commit_temporary, commit_target);
    }
    int i = index_of(sig);
    struct sigaction before;
    int chained = i >= 0 && installed_mask[i];
    if (chained) {
        before = previous[i];
        sigaction(sig, &previous[i], NULL);
        installed_mask[i] = 0;
    } else {
        signal(sig, SIG_DFL);
    }
    if (is_crash(sig) && chained && before.sa_handler != SIG_DFL && before.sa_handler != SIG_IGN) {
        // A crash handler before ours (the Swift runtime's backtracer) reports on standard error,
        // now that the screen is the shell's again. It may return (a signal sent with kill has
        // no faulting instruction to run again), so the process then ends by the signal itself:
        // a crashed simulator must never carry on with curses ended.
        if (before.sa_flags & SA_SIGINFO)
            before.sa_sigaction(sig, info, context);
        else
            before.sa_handler(sig);
        signal(sig, SIG_DFL);
        sigset_t set;
        sigemptyset(&set);
        sigaddset(&set, sig);
        sigprocmask(SIG_UNBLOCK, &set, NULL);
        raise(sig);
        _exit(128 + sig);
    }
    // The signal is blocked while this handler runs; it is delivered to the previous
    // handler (or the default action) as soon as we return.
    raise(sig);
    errno = saved_errno;
}

int iam_safety_signal_count(void) {
    if (HANDLED_COUNT == 0) {
        for (int i = 0; i < FIXED_COUNT; i++) handled_signals[HANDLED_COUNT++] = fixed_signals[i];
        for (int sig = SIGRTMIN; sig <= SIGRTMAX && HANDLED_COUNT < MAX_HANDLED; sig++)
            handled_signals[HANDLED_COUNT++] = sig;
    }
    return HANDLED_COUNT;
}

int iam_safety_rtmin(void) { return SIGRTMIN; }
int iam_safety_rtmax(void) { return SIGRTMAX; }

int iam_safety_signal(int index) {
    return index >= 0 && index < iam_safety_signal_count() ? handled_signals[index] : 0;
}

void iam_safety_install(void) {
    if (installed) return;
    iam_safety_signal_count();
    stack_t current;
    if (sigaltstack(NULL, &current) == 0 && (current.ss_flags & SS_DISABLE)) {
        stack_t ss;
        memset(&ss, 0, sizeof ss);
        ss.ss_sp = alt_stack;
        ss.ss_size = sizeof alt_stack;
        sigaltstack(&ss, NULL);
    }
    for (int i = 0; i < HANDLED_COUNT; i++) {
        struct sigaction old;
        if (sigaction(handled_signals[i], NULL, &old) != 0) continue;
        // A signal the parent chose to ignore (nohup) stays ignored.
        if (!(old.sa_flags & SA_SIGINFO) && old.sa_handler == SIG_IGN) continue;
        struct sigaction act;
        memset(&act, 0, sizeof act);
        act.sa_sigaction = on_signal;
        sigemptyset(&act.sa_mask);
        act.sa_flags = SA_ONSTACK | SA_SIGINFO;
        previous[i] = old;
        if (sigaction(handled_signals[i], &act, NULL) == 0) installed_mask[i] = 1;
    }
    installed = 1;
}

void iam_safety_uninstall(void) {
    if (!installed) return;
    for (int i = 0; i < HANDLED_COUNT; i++) {
        if (!installed_mask[i]) continue;
        sigaction(handled_signals[i], &previous[i], NULL);
        installed_mask[i] = 0;
    }
    installed = 0;
}
