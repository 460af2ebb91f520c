// Tests name the tolerance and the record mode, and drive a Recorder: importing
// FlipbookTesting brings them.
@_exported import struct FlipbookGolden.GoldenTolerance
@_exported import enum FlipbookGolden.GoldenRecordMode
@_exported import FlipbookRecorder
