import FlipbookScene
import Foundation

/// An answer of the preview server, before HTTP: a status code, a content type and the bytes.
public struct PreviewResponse: Sendable, Equatable {
    public var status: Int
    public var contentType: String
    public var body: [UInt8]

    public init(status: Int = 200, contentType: String, body: [UInt8]) {
        self.status = status
        self.contentType = contentType
        self.body = body
    }

    static func json(_ value: JSONValue, status: Int = 200) -> PreviewResponse {
        PreviewResponse(status: status, contentType: "application/json", body: Array(value.description.utf8))
    }

    /// `{"error": message}` with `status`: a request the preview cannot answer, or the
    /// scene's own `FILE:LINE:COL: error: …`.
    static func error(_ message: String, status: Int) -> PreviewResponse {
        json(.object([("error", .string(message))]), status: status)
    }

    static func text(_ text: String, type: String) -> PreviewResponse {
        PreviewResponse(contentType: type + "; charset=utf-8", body: Array(text.utf8))
    }
}
