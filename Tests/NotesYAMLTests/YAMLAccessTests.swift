import Foundation
import Testing

@testable import NotesYAML

@Suite struct YAMLAccessTests {
  private func value(_ yaml: String) throws -> YAMLNode {
    try #require(try YAML.parse("v: \(yaml)\n")?["v"])
  }

  @Test(arguments: [
    ("true", true), ("false", false), ("yes", true), ("no", false), ("True", true), ("NO", false),
  ])
  func plainBooleans(yaml: String, expected: Bool) throws {
    #expect(try value(yaml).bool == expected)
  }

  @Test(arguments: ["\"true\"", "'yes'", "maybe", "1", "[true]"])
  func notBooleans(yaml: String) throws {
    #expect(try value(yaml).bool == nil)
  }

  @Test(arguments: [("20", 20), ("-3", -3), ("+7", 7), ("0", 0)])
  func integers(yaml: String, expected: Int) throws {
    #expect(try value(yaml).int == expected)
  }

  @Test(arguments: ["\"20\"", "2.5", "twenty", "1e3", ""])
  func notIntegers(yaml: String) throws {
    #expect(try value(yaml).int == nil)
  }

  @Test(arguments: [
    ("[swift, linux]", ["swift", "linux"]),
    ("\n  - swift\n  - linux", ["swift", "linux"]),
    ("swift", ["swift"]),
    ("swift, linux ,  notes", ["swift", "linux", "notes"]),
    ("\"one, two\"", ["one", "two"]),
    ("", []),
    ("[]", []),
    ("[a, '', b]", ["a", "b"]),
    ("[2026, true]", ["2026", "true"]),
  ])
  func stringLists(yaml: String, expected: [String]) throws {
    #expect(try value(yaml).stringList == expected)
  }

  @Test(arguments: ["{a: 1}", "[[a, b]]", "[{a: 1}]"])
  func notStringLists(yaml: String) throws {
    #expect(try value(yaml).stringList == nil)
  }

  @Test func nullScalars() throws {
    #expect(try value("").isNull)
    #expect(try value("~").isNull)
    #expect(try value("null").isNull)
    #expect(try !value("\"\"").isNull)
    #expect(try !value("none").isNull)
  }

  @Test func subscriptFindsKeysOnlyInMappings() throws {
    let node = try #require(try YAML.parse("a: 1\nb: [x]\n"))
    #expect(node["a"]?.int == 1)
    #expect(node["missing"] == nil)
    #expect(node["b"]?["x"] == nil)
  }
}

@Suite struct YAMLTimestampTests {
  private static func utc(
    _ y: Int, _ mo: Int, _ d: Int, _ h: Int = 0, _ mi: Int = 0, _ s: Int = 0
  ) -> Date {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    return calendar.date(
      from: DateComponents(year: y, month: mo, day: d, hour: h, minute: mi, second: s))!
  }

  @Test(arguments: [
    ("2026-11-29", utc(2026, 11, 29)),
    ("2026-11-29 14:05", utc(2026, 11, 29, 14, 5)),
    ("2026-11-29T14:05:00Z", utc(2026, 11, 29, 14, 5)),
    ("2026-11-29T14:05:00+09:00", utc(2026, 11, 29, 5, 5)),
    ("2026-11-29T14:05:00-0130", utc(2026, 11, 29, 15, 35)),
    ("2026-11-29 14:05 +09:00", utc(2026, 11, 29, 5, 5)),
    ("2001-12-14 21:59:43.10 -5", utc(2001, 12, 15, 2, 59, 43).addingTimeInterval(0.1)),
    ("2001-12-14t21:59:43.10-05:00", utc(2001, 12, 15, 2, 59, 43).addingTimeInterval(0.1)),
    ("2024-02-29", utc(2024, 2, 29)),
    ("1969-07-20 20:17", utc(1969, 7, 20, 20, 17)),
    ("2026-1-2", utc(2026, 1, 2)),
  ])
  func acceptedDates(text: String, expected: Date) {
    let parsed = YAMLTimestamp.parse(text)
    #expect(parsed.map { abs($0.timeIntervalSince(expected)) < 0.001 } == true, "\(text)")
  }

  @Test func theZoneADateWasWrittenIn() {
    #expect(YAMLTimestamp.writtenZoneOffset("2026-11-29T14:05:00+09:00") == 9 * 3600)
    #expect(YAMLTimestamp.writtenZoneOffset("2026-11-29T14:05:00-0130") == -(3600 + 1800))
    #expect(YAMLTimestamp.writtenZoneOffset("2001-12-14 21:59:43.10 -5") == -5 * 3600)
    for none in ["2026-11-29", "2026-11-29 14:05", "2026-11-29T14:05:00Z", "not a date"] {
      #expect(YAMLTimestamp.writtenZoneOffset(none) == nil, "\(none)")
    }
  }

  @Test(arguments: [
    "not a date", "2026-13-01", "2026-02-30", "2025-02-29", "2026-11-29 25:00", "2026-11-29T14",
    "2026-11-29 14:05 PST", "26-11-29", "2026/11/29", "2026-11-29x", "",
  ])
  func rejectedDates(text: String) {
    #expect(YAMLTimestamp.parse(text) == nil)
  }

  @Test func quotedDatesAreAcceptedToo() throws {
    let node = try #require(try YAML.parse("date: \"2026-11-29\"\n"))
    #expect(node["date"]?.date == Self.utc(2026, 11, 29))
  }
}
