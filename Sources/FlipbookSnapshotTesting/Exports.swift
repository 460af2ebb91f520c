// The image strategies take a tolerance: importing the strategies imports its type.
@_exported import struct FlipbookGolden.GoldenTolerance
