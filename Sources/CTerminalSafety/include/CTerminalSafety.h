#ifndef CTERMINALSAFETY_H
#define CTERMINALSAFETY_H
// Restores the terminal when the process is killed or crashes (the idea of htop's CRT.c).
// State the signal handler needs lives here, in C, not in Swift globals.

/// Installs handlers for SIGTERM, SIGHUP, SIGINT, SIGQUIT and the crash signals. Each handler
/// ends curses (once), puts back the handler that was there before and re-raises, so the
/// previous handler (or the default action) still runs and the shell sees the real signal.
/// Signals that were ignored stay ignored. Calling it again is a no-op.
void iam_safety_install(void);

/// Puts back the handlers that were there before `iam_safety_install`. Idempotent.
void iam_safety_uninstall(void);

/// Whether curses is on screen, so a handler must call endwin. Set before/after endwin.
void iam_safety_set_active(int active);

/// Ends curses at most once per activation (also what the handlers call).
void iam_safety_end_curses(void);
#endif
