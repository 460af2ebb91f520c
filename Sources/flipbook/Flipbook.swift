import ArgumentParser
import Foundation

@main
struct Flipbook: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Render UIKit and Core Animation animations offscreen, frame by frame.",
        discussion: """
            A scene file (YAML or JSON) builds a view/layer tree and a timeline of animation \
            calls; Flipbook runs it on a virtual clock and draws each frame with Cairo.

            Examples:
              flipbook render scenes/showcase.yaml --format mp4
              flipbook render scenes/showcase.yaml --frames 0,30,last -o out/stills
              flipbook probe scenes/showcase.yaml --at 0.5,1 --target card
              flipbook validate scenes/*.yaml
              flipbook sheet scenes/showcase.yaml --columns 4
              flipbook curves easeInEaseOut 'spring(damping:5)'
            """,
        subcommands: [Render.self, Probe.self, Events.self, Validate.self, Check.self, Record.self,
                      Sheet.self, Curves.self, Join.self, Schema.self]
    )

    static func main() {
        signal(SIGPIPE, SIG_IGN)
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch {
            exit(withError: error)
        }
    }
}

/// Prints an error the way the tools people already use do: `FILE:LINE:COL: error: …` for
/// an error that knows its place in a file, `flipbook: error: …` for any other.
func report(_ error: Error) {
    var text = error is SceneErrorMarker ? "\(error)" : "flipbook: error: \(error)"
    if text.hasPrefix("error: ") { text = "flipbook: " + text }  // one that names no file
    FileHandle.standardError.write(Data((text + "\n").utf8))
}

/// Printed on standard error as `flipbook: warning: …`.
func warn(_ message: String) {
    FileHandle.standardError.write(Data("flipbook: warning: \(message)\n".utf8))
}

/// Errors that already print as `FILE:LINE:COL: error: …`.
protocol SceneErrorMarker {}
