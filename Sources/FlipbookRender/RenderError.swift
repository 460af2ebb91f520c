internal import CCairo

/// A failure reported by Cairo, with the operation that reported it.
public struct RenderError: Error, CustomStringConvertible {
    public let operation: String
    public let message: String
    public var description: String { "\(operation): \(message)" }
}

func check(_ status: cairo_status_t, _ operation: @autoclosure () -> String) throws {
    guard status != CAIRO_STATUS_SUCCESS else { return }
    throw RenderError(operation: operation(), message: String(cString: cairo_status_to_string(status)))
}
