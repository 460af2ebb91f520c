import Foundation
import XCTest

/// `flipbook schema`: prints the scene schema, the same bytes as the committed copy.
final class SchemaCommandTests: CLITestCase {
    func testSchemaPrintsTheCommittedSchema() throws {
        let committed = try String(contentsOf: root.appendingPathComponent("scenes/schema.json"), encoding: .utf8)

        let result = try flipbook("schema")

        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertTrue(result.out.hasPrefix("{\n  \"$schema\": \"http://json-schema.org/draft-07/schema#\""))
        XCTAssertTrue(result.out == committed, "flipbook schema differs from scenes/schema.json; regenerate it")
    }
}
