/// Exit statuses, from sysexits(3) where one fits.
enum ExitStatus {
    static let ok: Int32 = 0
    /// No terminal, or the terminal could not be set up.
    static let failure: Int32 = 1
    static let usage: Int32 = 64
    /// The scenario is not valid.
    static let badScenario: Int32 = 65
    /// The scenario file cannot be read.
    static let noInput: Int32 = 66
    /// An output path refused before the run: it cannot be created there (a missing or
    /// read-only folder), it is a symbolic link to a missing file, a folder, or not a regular
    /// file where one is required.
    static let cannotCreate: Int32 = 73
    /// The trace (or standard output) cannot be written.
    static let ioError: Int32 = 74
}

/// A failure that ends the command with a message on standard error and a status.
struct CommandFailure: Error, Equatable {
    var message: String
    var status: Int32
}

extension ExitStatus {
    /// `compare`: the platforms' traces differ (profiles.md), so CI can assert that they agree.
    static let differ: Int32 = 3
}
