import CNcurses
import CTerminalSafety
import IAMRender
import IAMSimulator

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension Terminal {
    /// Waits for the next input event.
    /// - Parameter timeout: seconds to wait at most; nil blocks with no wake-ups at all
    ///   (a paused simulation sleeps), 0 polls.
    /// - Returns: the event, or nil when the timeout passed (or the input is closed).
    ///   Interrupted reads (EINTR) are resumed with the remaining time; mouse reports that are
    ///   not button presses are swallowed. On a resize, `size` is already up to date.
    public func nextInput(timeout: Double?) -> InputEvent? {
        guard isActive, !isInputClosed else { return nil }
        set_term(screen)
        let clock = ContinuousClock()
        let deadline = timeout.map { clock.now.advanced(by: .seconds(max(0, $0))) }
        var readableButEmpty = false
        while true {
            // A deferred signal (`deferSignals`): the main loop saves and ends.
            if pendingSignal != nil { return nil }
            var milliseconds: Int32 = -1
            if let deadline {
                let left = clock.now.duration(to: deadline)
                let (seconds, attoseconds) = left.components
                let ms = seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
                milliseconds = Int32(clamping: max(0, ms))
            }
            wtimeout(window, milliseconds)
            var value: wint_t = 0
            errno = 0
            let status = wget_wch(window, &value)
            let interrupted = errno == EINTR
            switch status {
            case OK:
                return .key(Key.fromCharacter(UInt32(value)))
            case KEY_CODE_YES where Int32(value) == KEY_RESIZE:
                previous = nil
                followResize()
                return .resize
            case KEY_CODE_YES where Int32(value) == KEY_MOUSE:
                if let event = mouseEvent() { return event }
            case KEY_CODE_YES:
                return .key(Key.fromKeyCode(Int32(value)))
            default:
                if interrupted { continue }
                if let deadline, clock.now >= deadline { return nil }
                // curses gave up early without a signal: a hang-up, end of file, or a timer
                // that rounded down. Readable-but-empty twice in a row is end of file (a key
                // that arrived just after the first look is read by the retry).
                switch probeInput() {
                case .hungUp: return inputClosed()
                case .readable where readableButEmpty: return inputClosed()
                case .readable: readableButEmpty = true
                case .quiet: readableButEmpty = false
                }
            }
        }
    }

    private func mouseEvent() -> InputEvent? {
        var event = MEVENT()
        guard getmouse(&event) == OK else { return nil }
        let state = event.bstate
        let button: MouseButton
        if state & iam_button1_pressed() != 0 {
            button = .left
        } else if state & iam_button2_pressed() != 0 {
            button = .middle
        } else if state & iam_button3_pressed() != 0 {
            button = .right
        } else if state & iam_button4_pressed() != 0 {
            button = .wheelUp
        } else if state & iam_button5_pressed() != 0 {
            button = .wheelDown
        } else {
            return nil
        }
        return .mouse(x: Int(event.x), y: Int(event.y), button: button)
    }

    /// With the `--cast` tee, curses cannot read the terminal's size from its pipe: take it from
    /// the terminal, and record the resize.
    private func followResize() {
        guard let tee, let real = tee.size else { return }
        if real.width != size.width || real.height != size.height {
            resizeterm(Int32(real.height), Int32(real.width))
        }
        tee.recorder.resize(width: real.width, height: real.height)
    }

    private enum InputProbe { case quiet, readable, hungUp }

    /// A zero-timeout poll of the input descriptor.
    private func probeInput() -> InputProbe {
        guard let file = inputFile else { return .hungUp }
        var probe = pollfd(fd: fileno(file), events: Int16(POLLIN), revents: 0)
        guard poll(&probe, 1, 0) == 1 else { return .quiet }
        if probe.revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 { return .hungUp }
        return probe.revents & Int16(POLLIN) != 0 ? .readable : .quiet
    }

    /// End of file on the input. On the real TTY that is a hang-up: restore the terminal and
    /// die by SIGHUP as the shell expects. On a custom device, report it and return nil.
    private func inputClosed() -> InputEvent? {
        isInputClosed = true
        // While deferring signals the hang-up is one too: the main loop saves first.
        if isStandard, handlesSignals, iam_safety_defer_hangup() != 0 { return nil }
        if isStandard {
            restore()
            raise(SIGHUP)
        }
        return nil
    }
}
