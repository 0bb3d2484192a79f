#if canImport(Glibc)
    import Glibc
#endif

// A closed pipe must surface as EPIPE (exit 74), not kill the process silently.
signal(SIGPIPE, SIG_IGN)
exit(CommandLineTool.main(Array(CommandLine.arguments.dropFirst())))
