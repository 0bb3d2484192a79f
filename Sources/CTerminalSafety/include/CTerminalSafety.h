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

/// While curses writes into a pipe (the `--cast` tee): after ending curses, a handler copies
/// what is left in `pipe_read` to `out_fd` and puts the terminal `tty_fd` back in the mode
/// saved by `iam_tee_save_mode`. -1 clears it.
void iam_safety_set_tee(int pipe_read, int out_fd, int tty_fd);

/// Saves the terminal mode of `tty_fd` (to restore later) and switches it to raw input without
/// echo or output processing, as curses would on its own terminal. 0 on success.
int iam_tee_enter_raw(int tty_fd);

/// Restores the mode saved by `iam_tee_enter_raw`. Safe in a signal handler.
void iam_tee_restore_mode(void);

/// Deferral, for a session with work to save (`--record`, `--cast`): while on, the first
/// signal that is not a crash (SIGTERM, SIGHUP, SIGINT, ...) only records itself (see
/// `iam_safety_pending`) and interrupts the wait for input, so the main loop can save, restore
/// the terminal and then end by that signal (`iam_safety_die_by`). A second signal, or any
/// crash, ends the process at once as without deferral.
void iam_safety_defer(int on);
/// The deferred signal, or 0.
int iam_safety_pending(void);
/// A hang-up seen on the input (end of file on the terminal) while deferring: recorded as a
/// pending SIGHUP. Returns 1 when deferring (the caller goes on), 0 when not.
int iam_safety_defer_hangup(void);
/// Ends the process by `sig` with its default action (the shell sees the real signal).
void iam_safety_die_by(int sig);

/// A file written under a temporary name and renamed into place when complete (the `--cast`
/// recording): a handler that ends the process renames it first, so a killed or crashed
/// session still leaves what was recorded so far at `target`. NULL clears it.
void iam_safety_set_commit(const char *temporary, const char *target);

/// Sets the size of the terminal on `fd` in *width and *height; 0 on success.
int iam_tty_size(int fd, int *width, int *height);

/// Copies everything readable now from `from` (non-blocking) to `to`. Safe in a signal handler.
void iam_tee_drain(int from, int to);
#endif
