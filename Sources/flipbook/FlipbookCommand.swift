import ArgumentParser
import FlipbookGolden
import FlipbookOutput
import FlipbookRender
import FlipbookScene
import Foundation

/// A command whose work runs on the main actor (where views and layers live) and whose
/// errors all leave through one door: printed by `report(_:)`, then a failing exit.
protocol FlipbookCommand: ParsableCommand, Sendable {
    /// The command's work; any error it throws is reported and fails the command.
    @MainActor func perform() throws
}

extension FlipbookCommand {
    func run() throws {
        try MainActor.assumeIsolated {
            do {
                try perform()
            } catch let exit as ExitCode {
                throw exit
            } catch is StandardOutputClosed {
                endAsAClosedPipeEnds()
            } catch {
                report(error)
                throw ExitCode.failure
            }
        }
    }
}

/// Prints an error the way the tools people already use do: `FILE:LINE:COL: error: …` for
/// an error that knows its place in a file, `flipbook: error: …` for any other.
func report(_ error: Error) {
    var text = error is SceneErrorMarker ? "\(error)" : "flipbook: error: \(error)"
    if text.hasPrefix("error: ") { text = "flipbook: " + text }  // one that names no file
    StandardError.write(text + "\n")
}

/// Ends the process as `cat`, `yes` or any filter with SIGPIPE's default action ends when
/// its reader closes the pipe (`… -o - | head -c 1000`): quietly, killed by SIGPIPE, which a
/// shell reports as 141. Not 0, as ffmpeg exits: a script with `set -o pipefail` should
/// learn that the output was cut short rather than take it for whole. `main` ignores
/// SIGPIPE so that a write error is reported where it happens; here it is let through.
func endAsAClosedPipeEnds() -> Never {
    signal(SIGPIPE, SIG_DFL)
    raise(SIGPIPE)
    exit(128 + SIGPIPE)  // not reached: the signal ends the process
}

/// Printed on standard error as `flipbook: warning: …`.
func warn(_ message: String) {
    StandardError.write("flipbook: warning: \(message)\n")
}

/// Prints the scene's load warnings (each `FILE:LINE:COL: warning: …`) on standard error.
func warnAbout(_ scene: Scene) {
    for warning in scene.warnings { StandardError.write(warning + "\n") }
}

/// Errors that already print as `FILE:LINE:COL: error: …` (or `FILE: error: …`, or
/// `error: …` when they name no file).
protocol SceneErrorMarker {}

extension SceneError: SceneErrorMarker {}
extension GoldenError: SceneErrorMarker {}
extension PNGError: SceneErrorMarker {}
