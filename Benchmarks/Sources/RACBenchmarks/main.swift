import Foundation

// Runs the workloads in release mode and prints one Markdown table. Usage:
//   RACBenchmarks [--repetitions N] [--scale S] [--filter SUBSTRING]... [--only ours,oc,loop] [--list]
// `--scale 0.1` runs a tenth of each workload (a smoke run); `--filter` keeps workloads whose id
// contains one of the substrings; `--only` runs only some implementations (for a profiler).
// `--list` runs nothing and prints, for each selected workload, its id, its number of operations
// at the given scale, its unit and its title, separated by tabs (scripts/instructions.sh divides
// instruction counts by the number of operations).

var repetitions = 5
var scale = 1.0
var filters: [String] = []
var implementations: Set<String> = ["ours", "oc", "loop"]
var listOnly = false
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch argument {
    case "--repetitions":
        repetitions = arguments.popFirst().flatMap { Int($0) } ?? repetitions
    case "--scale":
        scale = arguments.popFirst().flatMap { Double($0) } ?? scale
    case "--only":
        implementations = Set((arguments.popFirst() ?? "").split(separator: ",").map(String.init))
    case "--filter":
        if let filter = arguments.popFirst() { filters.append(filter) }
    case "--list":
        listOnly = true
    default:
        FileHandle.standardError.write(Data("unknown argument \(argument)\n".utf8))
        exit(2)
    }
}

func format(_ value: Double) -> String {
    value >= 100 ? String(format: "%.0f", value) : value >= 10 ? String(format: "%.1f", value) : String(format: "%.2f", value)
}

func cell(_ sample: Sample?) -> String {
    guard let sample else { return "—" }
    return "\(format(sample.median)) ±\(String(format: "%.0f", sample.spread))% (min \(format(sample.minimum)))"
}

func ratio(_ value: Double?) -> String {
    guard let value else { return "—" }
    return String(format: "%.3f", value)
}

func allocations(_ sample: Sample?) -> String {
    guard let sample else { return "—" }
    return sample.allocationsPerOperation >= 10
        ? String(format: "%.0f", sample.allocationsPerOperation)
        : String(format: "%.3f", sample.allocationsPerOperation)
}

func peak(_ sample: Sample?) -> String {
    guard let sample else { return "—" }
    return String(format: "%.0f KiB", Double(sample.peakBytes) / 1024)
}

let workloads = allWorkloads(scale: scale).filter { workload in
    filters.isEmpty || filters.contains { workload.id.contains($0) }
}

if listOnly {
    for workload in workloads { print("\(workload.id)\t\(workload.operations)\t\(workload.unit)\t\(workload.title)") }
    exit(0)
}

print(
    "ns per operation: median of \(repetitions) rounds after one warm-up, ±(max−min)/median, and the fastest round; in each round the "
        + "implementations run once each, in rotating order; ratios: median over the rounds of the ratio within a round; "
        + "allocs per operation from the first round")
print("")
print("| workload | unit | ours ns | OpenCombine ns | loop ns | ours/OC | ours/loop | allocs ours | allocs OC | allocs loop | peak heap ours / OC |")
print("|---|---|---|---|---|---|---|---|---|---|---|")
for workload in workloads {
    let candidates: [(name: String, body: (() -> Void)?)] = [
        ("ours", workload.ours), ("oc", workload.openCombine), ("loop", workload.loop),
    ]
    let chosen = candidates.compactMap { candidate in
        candidate.body.flatMap { implementations.contains(candidate.name) ? (candidate.name, $0) : nil }
    }
    let measured = measureInterleaved(
        operations: workload.operations, repetitions: repetitions, chosen.map(\.1))
    func index(_ name: String) -> Int? { chosen.firstIndex { $0.0 == name } }
    func sample(_ name: String) -> Sample? { index(name).map { measured.samples[$0] } }
    func paired(_ name: String) -> Double? {
        guard let ours = index("ours"), let other = index(name) else { return nil }
        return pairedRatio(measured.rounds, ours, other)
    }
    let ours = sample("ours") ?? Sample(nanoseconds: [0], allocationsPerOperation: 0, peakBytes: 0)
    let openCombine = sample("oc")
    let loop = sample("loop")
    let row = [
        workload.title, workload.unit, cell(ours), cell(openCombine), cell(loop), ratio(paired("oc")),
        ratio(paired("loop")), allocations(ours), allocations(openCombine), allocations(loop),
        "\(peak(ours)) / \(peak(openCombine))",
    ]
    print("| " + row.joined(separator: " | ") + " |")
    fflush(nil)
}
