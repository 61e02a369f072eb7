// swift-tools-version:6.0
import PackageDescription

/// Vantage: a static-site generator and reporting tool over Change Jar and Quotes exports.
///
/// Dependencies point one way:
/// VantageCore ◄─ Store ◄─ Import (CPhoneNumber)
///            ◄─ Template
///            ◄─ Render (Store, Template, Validate)
///            ◄─ Validate (CLibXML2)
///            ◄─ Diff
/// VantageCLI (all) ◄─ vantage
///
/// Linux only (Debian): the code calls Glibc (`write`, `renameat2`, `st_mtim`), reads
/// `/proc/self/exe` and links the system's SQLite, libxml2 and Foundation's ICU. No other
/// platform is declared, because none is built or tested.
let package = Package(
    name: "Vantage",
    products: [
        .executable(name: "vantage", targets: ["vantage"]),
        .executable(name: "vantage-bench", targets: ["vantage-bench"]),
    ],
    targets: [
        .systemLibrary(name: "CSQLite", path: "Sources/CSQLite"),
        .systemLibrary(name: "CLibXML2", path: "Sources/CLibXML2", pkgConfig: "libxml-2.0"),
        .target(name: "VantageCore"),
        .target(name: "Store", dependencies: ["CSQLite", "VantageCore"]),
        // libphonenumber (Debian's libphonenumber-dev) behind a small C interface.
        .target(
            name: "CPhoneNumber",
            linkerSettings: [.linkedLibrary("phonenumber"), .linkedLibrary("protobuf"), .linkedLibrary("stdc++")]),
        .target(name: "Import", dependencies: ["Store", "VantageCore", "CPhoneNumber"]),
        .target(
            name: "Template", dependencies: ["CLibXML2", "VantageCore"],
            linkerSettings: [.linkedLibrary("_FoundationICU")]),
        .target(
            name: "Validate", dependencies: ["CLibXML2", "VantageCore"],
            resources: [.embedInCode("Schema/vantage-html.rng")]),
        .target(name: "Render", dependencies: ["Store", "Template", "Validate", "VantageCore"]),
        .target(name: "Diff", dependencies: ["VantageCore"]),
        .target(
            name: "VantageCLI",
            dependencies: ["VantageCore", "Store", "Import", "Template", "Render", "Validate", "Diff"]),
        .executableTarget(name: "vantage", dependencies: ["VantageCLI"]),
        .executableTarget(
            name: "vantage-bench",
            dependencies: ["VantageCore", "Store", "Import", "Template", "Render", "Validate", "Diff"]),
        .testTarget(name: "CoreTests", dependencies: ["VantageCore"]),
        .testTarget(name: "ImportTests", dependencies: ["Import", "Store", "VantageCore", "VantageCLI", "CPhoneNumber"]),
        .testTarget(name: "TemplateTests", dependencies: ["Template", "VantageCore"], exclude: ["mustache-spec"]),
        .testTarget(
            name: "RenderTests", dependencies: ["Render", "Store", "Import", "Template", "VantageCore", "VantageCLI"],
            exclude: ["Fixtures"]),
        .testTarget(name: "ValidateTests", dependencies: ["Validate", "VantageCore"], exclude: ["Fixtures"]),
        .testTarget(name: "DiffTests", dependencies: ["Diff", "VantageCore", "VantageCLI"], exclude: ["Fixtures"]),
        .testTarget(name: "CLITests", dependencies: ["VantageCLI"]),
    ],
    swiftLanguageModes: [.v6],
    cxxLanguageStandard: .cxx17
)
