// RACOperators builds on RACSchedulers (and so RACCore); importing it brings their names along.
@_exported import RACSchedulers
