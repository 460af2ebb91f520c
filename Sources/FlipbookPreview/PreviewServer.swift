import FlipbookScene
import FlyingFox
import FlyingSocks
import Foundation

/// Serves a `PreviewStudio` over HTTP (FlyingFox) and keeps it following its files.
public enum PreviewServer {
    /// How often the scene's files are looked at (their modification times and sizes).
    public static let pollInterval = Duration.milliseconds(250)
    /// The header the page sends with every POST.
    static let actionHeader = "X-Flipbook-Preview"

    /// Serves `studio` on `host` (127.0.0.1 by default: this machine only) at `port` (0: a
    /// free one) until the task is cancelled; calls `listening` with the page's URL once
    /// connections are accepted, then reloads the scene whenever its files change.
    /// - Throws: the socket's error when the address cannot be bound.
    public static func serve(_ studio: PreviewStudio, host: String = "127.0.0.1", port: UInt16,
                             listening: @escaping @MainActor @Sendable (String) -> Void) async throws {
        let quiet: DisabledLogger = .disabled
        let server = HTTPServer(address: try .inet(ip4: host, port: port), logger: quiet)
        await server.appendRoute("*") { [unowned server] request in
            // Only requests for this address: a page of another site whose name was made to
            // point at 127.0.0.1 (DNS rebinding) sends its own name as Host, and is refused.
            // A request is answered only once the server listens, on an ip4 address.
            guard case .ip4(_, let boundPort) = await server.listeningAddress else { throw SocketError.disconnected }
            guard [host, "localhost"].map({ "\($0):\(boundPort)" }).contains(request.headers[.host] ?? "") else {
                return HTTPResponse(statusCode: .forbidden, body: Data("this server answers only http://\(host):\(boundPort)/\n".utf8))
            }
            let answer: PreviewResponse
            switch request.method {
            case .GET:
                var query: [String: String] = [:]
                for item in request.query where query[item.name] == nil { query[item.name] = item.value }
                answer = await studio.response(toGET: request.path, query: query)
            case .POST:
                // Only the page's own script sends this header: a form another site posts here
                // cannot (a script of another origin that tries is stopped by CORS), so it
                // cannot start renders.
                guard request.headers[HTTPHeader(actionHeader)] == "1" else {
                    return HTTPResponse(statusCode: .forbidden, body: Data("an action needs the header \(actionHeader): 1\n".utf8))
                }
                answer = await studio.response(toPOST: request.path)
            default:
                answer = .error("\(request.method.rawValue) is not answered here", status: 405)
            }
            return HTTPResponse(statusCode: HTTPStatusCode(answer.status, phrase: phrase(answer.status)),
                                headers: [.contentType: answer.contentType, .cacheControl: "no-store"],
                                body: Data(answer.body))
        }
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                do {
                    try await server.run()
                } catch SocketError.failed(type: "Bind", let number, let message) where number == EADDRINUSE {
                    throw PortInUse(port: port, reason: message)
                }
            }
            group.addTask {
                try await server.waitUntilListening()
                guard case .ip4(let address, let boundPort) = await server.listeningAddress else { return }
                await listening("http://\(address):\(boundPort)/")
                while true {
                    try await Task.sleep(for: pollInterval)
                    await studio.reloadIfChanged()
                }
            }
            try await group.next()
            group.cancelAll()
        }
    }

    /// The port asked for is taken by another program (another preview, most likely).
    public struct PortInUse: Error, CustomStringConvertible {
        public let port: UInt16
        /// The system's words: "Address already in use".
        public let reason: String
        public var description: String { "port \(port) is in use (\(reason)); choose another with --port" }
    }

    private static func phrase(_ status: Int) -> String {
        switch status {
        case 200: "OK"
        case 400: "Bad Request"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 409: "Conflict"
        default: "Internal Server Error"
        }
    }
}
