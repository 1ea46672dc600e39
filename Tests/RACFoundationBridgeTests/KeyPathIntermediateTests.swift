import Foundation
import Observation
import RACFoundationBridge
import RACTestSupport
import Testing

@Observable
private final class Office: @unchecked Sendable {
    var city: String

    init(city: String) {
        self.city = city
    }
}

@Observable
private final class Employee: @unchecked Sendable {
    /// Held strongly, may be `nil`.
    var office: Office?
    /// Held weakly: goes `nil` when the office is deallocated, without a setter call.
    weak var visiting: Office?

    init(office: Office?) {
        self.office = office
    }
}

@Suite("Key paths through optional and weakly held intermediate objects", .checksRelease)
struct KeyPathIntermediateTests {
    @Test("observe(_:_:nilValue:): a nil intermediate reads as the value given for nil")
    func nilIntermediate() {
        let employee = Employee(office: nil)
        let log = EventLog<String, Never>()
        employee.rac.observe(\.office, \.city, nilValue: "none").subscribe(log.subscriber())
        let oslo = Office(city: "oslo")
        employee.office = oslo
        oslo.city = "bergen"
        employee.office = nil
        oslo.city = "ignored"  // no longer on the path
        #expect(log.values == ["none", "oslo", "bergen", "none"])
    }

    @Test("the deallocation of a weakly held intermediate is reported as a change")
    func weakIntermediateDeallocated() {
        let employee = Employee(office: nil)
        let log = EventLog<String, Never>()
        var office: Office? = Office(city: "rome")
        employee.visiting = office
        employee.rac.observe(\.visiting, \.city, nilValue: "gone").subscribe(log.subscriber())
        office?.city = "milan"
        office = nil  // the only strong reference: `visiting` becomes nil without a setter
        #expect(employee.visiting == nil)
        #expect(log.values == ["rome", "milan", "gone"])
        let replacement = Office(city: "turin")
        employee.visiting = replacement
        #expect(log.values == ["rome", "milan", "gone", "turin"])
    }

    @Test("the terminal reads through the intermediate, writes to it, and drops writes while it is nil")
    func channelTerminal() {
        let office = Office(city: "oslo")
        let employee = Employee(office: office)
        let terminal = employee.rac.channelTerminal(\.office, \.city, nilValue: "")
        let log = EventLog<String, Never>()
        terminal.subscribe(log.subscriber())
        terminal.sendNext("bergen")  // written, not echoed back
        #expect(office.city == "bergen")
        employee.office = nil
        terminal.sendNext("dropped")
        #expect(office.city == "bergen")
        let rome = Office(city: "rome")
        employee.office = rome
        terminal.sendNext("naples")
        #expect(rome.city == "naples")
        rome.city = "venice"  // a write by anything else is delivered
        #expect(log.values == ["oslo", "", "rome", "venice"])
        terminal.sendCompleted()
    }

    @Test("the signal completes when the root object goes, and holds neither it nor the intermediate")
    func completesWithRoot() {
        weak var weakEmployee: Employee?
        weak var weakOffice: Office?
        let log = EventLog<String, Never>()
        do {
            let office = Office(city: "oslo")
            let employee = Employee(office: office)
            weakEmployee = employee
            weakOffice = office
            employee.rac.observe(\.office, \.city, nilValue: "").subscribe(log.subscriber())
        }
        #expect(weakEmployee == nil)
        #expect(weakOffice == nil)
        #expect(log.descriptions == ["oslo", "|"])
    }
}
