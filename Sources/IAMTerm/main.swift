#if canImport(Glibc)
    import Glibc
#endif

// Before anything else: no interactive crash prompt over the simulator's screen.
CrashReports.disableInteractiveBacktraces(CommandLine.arguments)
// A closed pipe must surface as EPIPE (exit 74), not kill the process silently.
signal(SIGPIPE, SIG_IGN)
exit(CommandLineTool.main(Array(CommandLine.arguments.dropFirst())))
