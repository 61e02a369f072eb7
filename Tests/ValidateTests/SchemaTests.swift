import Testing
@testable import Validate
