#ifndef CNCURSES_SHIM_H
#define CNCURSES_SHIM_H
// SwiftPM drops the -D flags of ncursesw.pc, so the wide-character API must be asked for here.
#define _XOPEN_SOURCE_EXTENDED 1
#define NCURSES_WIDECHAR 1
#include <locale.h>
#include <ncursesw/curses.h>
#endif
