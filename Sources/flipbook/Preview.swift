import ArgumentParser
import Dispatch
import FlipbookPreview
import FlipbookScene
import Foundation

struct Preview: FlipbookCommand {
    static let configuration = CommandConfiguration(
        abstract: "Serve a live page of a scene: scrub, play, inspect layers, reload on save.",
        discussion: """
            Serves one page on 127.0.0.1 (this machine only) and prints its URL. The page shows \
            the frame at the playhead, byte for byte what `render --still N` writes, with play, \
            step, a loop range and a zoom; the timeline's entries, the event log and each \
            animation's interval per layer as marks; the layer tree and a layer's probe values; \
            the scene's curves (and --curves) plotted; the render command of the frame or the \
            loop to copy; and buttons that render the mp4 or gif into out/ in the background, as \
            `render` would from the folder the preview runs in. Saving the scene (or an image it \
            reads) reloads it; a broken version shows its FILE:LINE:COL error over the last good \
            frame. Ctrl-C (or SIGTERM) stops the renders, waits for them to remove their \
            unfinished videos, and exits 130 (143), as render does.
            """)

    @OptionGroup var input: SceneInput

    @Option(help: "The port to listen on; 0 picks a free one.")
    var port: Int = 8017

    @Flag(help: "Open the page in the desktop's browser (xdg-open).")
    var open = false

    @Option(name: .customLong("curves"), help: ArgumentHelp(
        "Also plot these curves in the page's curves tab, beside the scene's own (as flipbook curves reads them; repeatable).",
        valueName: "curve"))
    var curves: [String] = []

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be 0…65535 (0 picks a free port), got \(port)") }
        for curve in curves {
            do {
                _ = try CurveSpec(curve)
            } catch {
                throw ValidationError("--curves: \(error)")
            }
        }
    }

    func perform() throws {
        // SIGINT and SIGTERM are taken by a thread of their own with sigwait: a dispatch
        // signal source missed them in a release build once a browser had loaded the page.
        // They are blocked here (threads made from here on inherit the mask); a thread made
        // earlier that gets one hands it on to the signal thread (`forwardStopSignal`).
        var stopSignals = sigset_t()
        sigemptyset(&stopSignals)
        for number in [SIGINT, SIGTERM] { sigaddset(&stopSignals, number) }
        pthread_sigmask(SIG_BLOCK, &stopSignals, nil)

        let studio = try PreviewStudio(path: input.scene, options: input.loading.options, renderArguments: renderArguments,
                                       executable: WorkerProcesses.executable, curves: curves)
        warnAbout(studio.scene)
        let renders = studio.renderProcessIDs
        let waited = stopSignals
        let started = DispatchSemaphore(value: 0)
        let signals = Thread {
            stopSignalThread = pthread_self()
            started.signal()
            var set = waited, signal: Int32 = 0
            sigwait(&set, &signal)
            // Each render removes its unfinished output when it gets SIGTERM; waited for, so
            // none is left running or half-written when the preview has exited.
            renders.signalAll()
            let status = 128 + signal
            Thread {
                renders.waitForAll()
                renders.removeFiles()
                Foundation.exit(status)
            }.start()
            // A second Ctrl-C stops the wait: each render has had its SIGTERM and cleans up
            // by itself.
            var again: Int32 = 0
            sigwait(&set, &again)
            renders.removeFiles()
            Foundation.exit(128 + again)
        }
        signals.start()
        started.wait()
        // Not ignored (a shell starts background jobs with SIGINT ignored), and on any
        // thread that has them unblocked, passed on.
        for number in [SIGINT, SIGTERM] { signal(number, forwardStopSignal) }
        let open = open
        Task { @MainActor in
            do {
                try await PreviewServer.serve(studio, port: UInt16(port)) { url in
                    FileHandle.standardOutput.write(Data((url + "\n").utf8))  // unbuffered: a pipe sees it at once
                    if open { Self.openInBrowser(url) }
                }
            } catch let taken as PreviewServer.PortInUse {
                report(PreviewFailure(description: taken.description))
                Foundation.exit(EXIT_FAILURE)
            } catch {
                report(PreviewFailure(description: "cannot serve on 127.0.0.1:\(port): \(error)"))
                Foundation.exit(EXIT_FAILURE)
            }
            studio.stopRenders()
            Foundation.exit(EXIT_SUCCESS)
        }
        dispatchMain()
    }

    /// The words of `flipbook render` of this scene with the loading options given, after `flipbook`.
    var renderArguments: [String] {
        ["render", input.scene] + input.loading.allowRead.flatMap { ["--allow-read", $0] } + input.loading.limit.flatMap { ["--limit", $0] }
    }

    /// Hands `url` to the desktop's opener, which returns at once; waits for it in the background.
    static func openInBrowser(_ url: String) {
        let opener = Process()
        opener.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        opener.arguments = ["xdg-open", url]
        opener.standardOutput = FileHandle.nullDevice
        opener.standardError = FileHandle.nullDevice
        do {
            try opener.run()
        } catch {
            warn("cannot open a browser (xdg-open: \(error)); open \(url)")
        }
    }
}

/// A preview that cannot start, in words.
struct PreviewFailure: Error, CustomStringConvertible {
    let description: String
}

/// The thread that waits for SIGINT and SIGTERM in `flipbook preview`.
nonisolated(unsafe) private var stopSignalThread = pthread_t()

/// A signal handler (async-signal-safe): sends the signal on to `stopSignalThread`, which
/// has it blocked and takes it with sigwait.
private func forwardStopSignal(_ number: Int32) {
    pthread_kill(stopSignalThread, number)
}
