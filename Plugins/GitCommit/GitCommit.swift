import Foundation
import PackagePlugin

/// Before each build of the target, writes `GitCommit.swift` with the package's git commit
/// (`let gitCommit`), for `flipbook --version`: scripts/git-commit.sh does the work, so a
/// test can run it on a folder without `.git`.
@main
struct GitCommit: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let folder = context.pluginWorkDirectoryURL.appendingPathComponent("GitCommit")
        let package = context.package.directoryURL
        return [.prebuildCommand(
            displayName: "Reading the package's git commit",
            executable: URL(fileURLWithPath: "/bin/sh"),
            arguments: [package.appendingPathComponent("scripts/git-commit.sh").path, package.path, folder.path],
            outputFilesDirectory: folder)]
    }
}
