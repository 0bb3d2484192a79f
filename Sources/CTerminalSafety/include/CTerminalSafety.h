#ifndef CTERMINALSAFETY_H
#define CTERMINALSAFETY_H
// Restores the terminal when the process is killed or crashes (the idea of htop's CRT.c).
// State the signal handler needs lives here, in C, not in Swift globals.

/// Installs handlers for every signal whose default action ends the process: SIGTERM, SIGHUP,
/// SIGINT, SIGQUIT, SIGUSR1/2, SIGALRM, SIGVTALRM, SIGPROF, SIGXCPU, SIGXFSZ, SIGPIPE, SIGIO,
/// SIGSYS, SIGSTKFLT, SIGPWR, the real-time signals and the crash signals. Each handler
/// ends curses (once), puts back the handler that was there before and re-raises, so the
/// previous handler (or the default action) still runs and the shell sees the real signal.
/// Signals that were ignored stay ignored. Calling it again is a no-op.
void iam_safety_install(void);

/// How many signals `iam_safety_install` handles, and the `index`th of them (for tests).
int iam_safety_signal_count(void);
int iam_safety_signal(int index);
/// SIGRTMIN and SIGRTMAX (glibc computes them at run time; Swift does not import the macros).
int iam_safety_rtmin(void);
int iam_safety_rtmax(void);

/// Puts back the handlers that were there before `iam_safety_install`. Idempotent.
void iam_safety_uninstall(void);

/// Whether curses is on screen, so a handler must call endwin. Set before/after endwin.
void iam_safety_set_active(int active);

/// Ends curses at most once per activation (also what the handlers call).
void iam_safety_end_curses(void);
#endif
