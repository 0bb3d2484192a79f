#if canImport(Glibc)
    import Glibc
#endif

// Before anything else: no interactive crash prompt over the simulator's screen.
CrashReports.disableInteractiveBacktraces(CommandLine.arguments)
// A closed pipe must surface as EPIPE (exit 74), not kill the process silently.
signal(SIGPIPE, SIG_IGN)
// A write past the file size limit (`ulimit -f`) must fail with EFBIG like a full disk (exit 74,
// a trace cut back to its last whole line, a cast not saved), not kill the process mid-line.
signal(SIGXFSZ, SIG_IGN)
exit(CommandLineTool.main(Array(CommandLine.arguments.dropFirst())))
