import RACFoundationBridge
import Testing

// This file imports RACFoundationBridge and Testing only, on purpose: it compiles only if the
// bridge re-exports what its public API is made of, as Docs/FoundationBridge.md says: Foundation
// (`URL`, `Data`), FoundationNetworking on Linux (`URLRequest`, `URLSession`, `HTTPURLResponse`)
// and Observation (`@Observable`) (issue 17, item 3). Keep other imports out of it.

/// An `@Observable` class declared with nothing but `import RACFoundationBridge`.
@Observable final class ImportOnlySettings {
    var volume = 1
}

@Suite("import RACFoundationBridge alone is enough for URLRequest, URLSession and @Observable")
struct BridgeImportsTests {
    @Test("a URLRequest is built and sent through URLSession.shared.rac.data(for:)")
    func urlRequestWithTheBridgeImportOnly() throws {
        let server = try HTTPTestServer()
        defer { server.stop() }
        let request = URLRequest(url: server.url("/hello"))
        let response: Signal<(Data, HTTPURLResponse), URLRequestError> = URLSession.shared.rac.data(
            for: request)
        let (body, http) = try #require(try response.first())
        #expect(String(decoding: body, as: UTF8.self) == "hello, world")
        #expect(http.statusCode == 200)
    }

    @Test("an @Observable object declared here is observed through .rac")
    func observableWithTheBridgeImportOnly() {
        let settings = ImportOnlySettings()
        let volumes = settings.rac.observe(\.volume).take(3).replay()
        settings.volume = 2
        settings.volume = 3
        #expect(volumes.toArray() == [1, 2, 3])
    }
}
