import Foundation
import XCTest

/// Text draws the same whatever the machine's locale: Pango and fontconfig would otherwise
/// take the language from `LANG` and draw Han characters in Chinese forms under zh_CN and
/// Japanese ones under ja_JP (R1: the same input gives the same bytes).
final class TextLocaleTests: CLITestCase {
    func testChineseJapaneseAndKoreanTextIsTheSameBytesUnderEveryLocale() throws {
        let scene = try writeScene("cjk.yaml", """
            flipbook: 1
            canvas: {size: [240, 80], background: white}
            views:
              - {class: UILabel, frame: [10, 10, 220, 30], text: "直角 骨 日本語 中文 한국어", font: {size: 20}}
              - {class: UILabel, frame: [10, 44, 220, 30], text: "Hello 写真", font: {size: 20, weight: bold}}
            """)

        let stills = try ["C.UTF-8", "zh_CN.UTF-8", "zh_TW.UTF-8", "ja_JP.UTF-8", "ko_KR.UTF-8"].map { locale in
            environment = ["LANG": locale, "LC_ALL": locale, "LANGUAGE": String(locale.prefix(5))]
            let png = work.appendingPathComponent("\(locale).png")
            let result = try flipbook("render", scene, "--still", "0", "-o", png.path)
            XCTAssertEqual(result.status, 0, result.err)
            return try Data(contentsOf: png)
        }

        for (index, still) in stills.enumerated().dropFirst() {
            XCTAssertEqual(still, stills[0], "locale \(index) draws other bytes than C.UTF-8")
        }
    }
}
