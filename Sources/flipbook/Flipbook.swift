import ArgumentParser
import FlipbookOutput
import FlipbookRender
import FlipbookScene
import Foundation

@main
struct Flipbook: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Render UIKit and Core Animation animations offscreen, frame by frame.",
        discussion: """
            A scene file (YAML or JSON) builds a view/layer tree and a timeline of animation \
            calls; Flipbook runs it on a virtual clock and draws each frame with Cairo.

            Examples:
              flipbook preview scenes/showcase.yaml
              flipbook render scenes/showcase.yaml --format mp4
              flipbook render scenes/showcase.yaml --frames 0,30,last -o out/stills
              flipbook probe scenes/showcase.yaml --at 0.5,1 --target card
              flipbook validate scenes/*.yaml
              flipbook sheet scenes/showcase.yaml --columns 4
              flipbook curves easeInEaseOut 'spring(damping:5)'

            flipbook --version prints the git commit, the build, the rendering libraries' versions and ffmpeg's.
            """,
        subcommands: [Render.self, Probe.self, Events.self, Validate.self, Check.self, Record.self,
                      Sheet.self, Curves.self, Join.self, Report.self, Schema.self, Preview.self]
    )

    static func main() {
        // Before any thread starts or Pango reads the locale: text looks the same whatever LANG is.
        FontFamilies.pinLanguage()
        signal(SIGPIPE, SIG_IGN)
        // A file-size limit (ulimit -f) then fails the write with "File too large", which is
        // reported with the file's path, instead of killing flipbook mid-frame.
        signal(SIGXFSZ, SIG_IGN)
        if CommandLine.arguments.dropFirst() == ["--version"] {
            // Here rather than in the configuration, which every command reads: it runs ffmpeg.
            print(BuildIdentity.versionText(commit: gitCommit))
            return
        }
        rejectUnknownCommand()
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch {
            exit(reporting: error)
        }
    }

    /// ArgumentParser's exit for `error`, but a usage error reads `flipbook: error: …`, as
    /// every other error of flipbook does, where ArgumentParser writes `Error: …`; its
    /// usage lines and status (64) stay.
    private static func exit(reporting error: Error) -> Never {
        let message = fullMessage(for: error), code = exitCode(for: error)
        guard code != .success, message.hasPrefix("Error: ") else { exit(withError: error) }
        FileHandle.standardError.write(Data(("flipbook: error: " + message.dropFirst("Error: ".count) + "\n").utf8))
        Foundation.exit(code.rawValue)
    }

    /// Exits with a usage error when the first argument names no command, suggesting the
    /// nearest one (`flipbook rendr` → "did you mean 'render'?"); ArgumentParser would
    /// only call it an unexpected argument.
    private static func rejectUnknownCommand() {
        guard let word = CommandLine.arguments.dropFirst().first, !word.hasPrefix("-") else { return }
        let names = configuration.subcommands.map { $0._commandName } + ["help"]
        guard !names.contains(word) else { return }
        FileHandle.standardError.write(Data(
            "flipbook: error: unknown command '\(word)'\(didYouMean(word, in: names)); see 'flipbook --help'\n".utf8))
        Foundation.exit(ExitCode.validationFailure.rawValue)
    }
}
