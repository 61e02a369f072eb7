@preconcurrency import CLibXML2

/// A problem reported by libxml2 (its parser or its RELAX NG validator), copied out of the C
/// struct while the handler runs.
struct LibXMLError {
    /// libxml2's `xmlErrorDomain` (parser, namespace, RELAX NG, …).
    var domain: Int32
    /// libxml2's `xmlParserErrors` code.
    var code: Int32
    /// True for errors and fatal errors, false for warnings.
    var isError: Bool
    /// The message without its trailing newline.
    var message: String
    /// libxml2's line (capped at 65535 by its node struct) and column (0 when unknown).
    var line: Int
    var column: Int
    /// The element concerned, for validation errors.
    var node: xmlNodePtr?
}

/// Collects libxml2's structured errors for one parse or one validation. libxml2 calls the
/// handler on the thread doing the work, with the context pointer registered for that one
/// parser or validation context, so nothing here is shared between threads.
final class ErrorSink {
    var errors: [LibXMLError] = []

    func record(_ error: xmlError) {
        var message = error.message.map { String(cString: $0) } ?? "unknown error"
        while message.last == "\n" || message.last == " " { message.removeLast() }
        let node = error.node?.assumingMemoryBound(to: xmlNode.self)
        errors.append(LibXMLError(
            domain: Int32(error.domain), code: Int32(error.code),
            isError: error.level.rawValue >= XML_ERR_ERROR.rawValue,
            message: message, line: Int(error.line), column: Int(error.int2), node: node))
    }

    /// The C handler: `context` is an unretained `ErrorSink`.
    static let handler: xmlStructuredErrorFunc = { context, error in
        guard let context, let error else { return }
        Unmanaged<ErrorSink>.fromOpaque(context).takeUnretainedValue().record(error.pointee)
    }
}
