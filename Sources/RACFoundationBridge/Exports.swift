// What `import RACFoundationBridge` brings along: the whole framework (RACOperators and the
// modules below it), and what the bridge's public API is made of, so that importing the bridge
// alone is enough to call it (Docs/FoundationBridge.md, "Imports"): Foundation (`URL`, `Data`,
// `NotificationCenter`, `FileHandle`, `UserDefaults`), Observation (`@Observable`, which
// `object.rac.observe(_:)` observes), and FoundationNetworking where `URLSession` and
// `URLRequest` live apart from Foundation (Linux).
@_exported import Foundation
@_exported import Observation
@_exported import RACOperators

#if canImport(FoundationNetworking)
    @_exported import FoundationNetworking
#endif
