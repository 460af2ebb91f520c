// Like UIKit, FlipbookUIKit brings Foundation (CGFloat, CGRect …) and the Core Animation
// layer (FlipbookQuartz) with it, so ported code needs one import.
@_exported import FlipbookQuartz
@_exported import Foundation
