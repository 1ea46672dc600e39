// The release check (`.checksRelease`, `expectReleased`) lives in RACTesting; every test target
// that uses the support helpers gets it with them.
@_exported import RACTesting
