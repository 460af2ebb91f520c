import ArgumentParser
import FlipbookScene

struct Schema: FlipbookCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print the JSON Schema of the scene format.",
        discussion: """
            The schema (JSON Schema draft-07) is generated from the loader's own definitions; \
            scenes/schema.json is a copy. Editors use it to complete and check scene files: see \
            docs/schema.md.
            """)

    func perform() throws {
        print(SceneSchema.text, terminator: "")
    }
}
