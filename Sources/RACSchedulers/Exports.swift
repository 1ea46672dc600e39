// RACSchedulers builds on RACCore; importing it brings RACCore's names along.
@_exported import RACCore
