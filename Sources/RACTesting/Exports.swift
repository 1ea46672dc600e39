// RACTesting builds on RACOperators; importing it brings the whole framework along.
@_exported import RACOperators
