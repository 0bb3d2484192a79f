#ifndef CNCURSES_SHIM_H
#define CNCURSES_SHIM_H
// SwiftPM drops the -D flags of ncursesw.pc, so the wide-character API must be asked for here.
#define _XOPEN_SOURCE_EXTENDED 1
#define NCURSES_WIDECHAR 1
#include <locale.h>
#include <langinfo.h>
#include <wchar.h>
#include <strings.h>
#include <ncursesw/curses.h>

// Swift cannot import function-like macros, varargs or (in Swift 6) mutable C globals.
// These stateless helpers expose exactly what the IAMTerminal layer needs.

static inline int iam_colors(void) { return COLORS; }
static inline int iam_color_pairs(void) { return COLOR_PAIRS; }
/// The standard window of the current screen (set by newterm/set_term).
static inline WINDOW *iam_stdscr(void) { return stdscr; }

static inline attr_t iam_a_normal(void) { return A_NORMAL; }
static inline attr_t iam_a_bold(void) { return A_BOLD; }
static inline attr_t iam_a_dim(void) { return A_DIM; }
static inline attr_t iam_a_reverse(void) { return A_REVERSE; }
static inline attr_t iam_a_underline(void) { return A_UNDERLINE; }
static inline attr_t iam_a_italic(void) { return A_ITALIC; }

static inline int iam_key_f0(void) { return KEY_F0; }

static inline mmask_t iam_button1_pressed(void) { return BUTTON1_PRESSED; }
static inline mmask_t iam_button2_pressed(void) { return BUTTON2_PRESSED; }
static inline mmask_t iam_button3_pressed(void) { return BUTTON3_PRESSED; }
static inline mmask_t iam_button4_pressed(void) { return BUTTON4_PRESSED; }
static inline mmask_t iam_button5_pressed(void) { return BUTTON5_PRESSED; }

/// Display width of one code point in the current locale (-1: not printable here).
static inline int iam_wcwidth(wchar_t c) { return wcwidth(c); }

/// True when the current LC_CTYPE encodes text as UTF-8.
static inline int iam_locale_is_utf8(void) {
    const char *codeset = nl_langinfo(CODESET);
    if (codeset == NULL) return 0;
    return strcasecmp(codeset, "UTF-8") == 0 || strcasecmp(codeset, "UTF8") == 0;
}

/// stdin/stdout as FILE* without touching the libc globals from Swift.
static inline FILE *iam_stdin(void) { return stdin; }
static inline FILE *iam_stdout(void) { return stdout; }

/// The screen as curses believes the terminal shows it (its cursor is the terminal's after doupdate).
static inline WINDOW *iam_curscr(void) { return curscr; }

/// A terminfo string with one or two numeric parameters (tiparm is variadic), or NULL.
static inline const char *iam_tiparm1(const char *cap, int a) { return tiparm(cap, a); }
static inline const char *iam_tiparm2(const char *cap, int a, int b) { return tiparm(cap, a, b); }

/// Swallows what curses would send: used to tell curses which attributes the terminal has now.
static inline int iam_discard_output(int c) { (void)c; return 0; }
/// Records `attrs`/`pair` as the terminal's current attributes without sending anything.
static inline int iam_assume_attributes(attr_t attrs, short pair) {
    return vid_puts(attrs, pair, NULL, iam_discard_output);
}

/// Fills `cell` with one spacing character plus up to CCHARW_MAX-1 combining marks.
static inline int iam_setcchar(cchar_t *cell, const wchar_t *chars, attr_t attrs, short pair) {
    return setcchar(cell, chars, attrs, pair, NULL);
}
#endif
