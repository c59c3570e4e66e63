import Foundation

/// Dates as people write them in front matter, parsed by hand rather than with `DateFormatter`
/// so the result never depends on the machine's locale or time zone.
public enum YAMLTimestamp {
  /// Accepts `YYYY-MM-DD`, optionally followed by `T` or spaces and `HH:MM`, `:SS`, a fraction
  /// of a second, and a zone (`Z`, `+09:00`, `+0900`, `-5`, optionally after spaces). No zone
  /// means UTC. Nil for anything else, including impossible dates like `2026-02-30`.
  /// `text` without the spaces and tabs (Unicode's too) around it; front matter dates rarely
  /// have any, and Foundation's trimming showed in profiles.
  private static func trimmed(_ text: String) -> String {
    func plain(_ byte: UInt8?) -> Bool {
      guard let byte else { return true }
      return byte < 0x80 && byte != 0x20 && byte != 0x09
    }
    if plain(text.utf8.first) && plain(text.utf8.last) { return text }
    return text.trimmingCharacters(in: .whitespaces)
  }

  public static func parse(_ text: String) -> Date? { parts(text)?.date }

  /// The zone a timestamp was written in, as seconds east of UTC (`+08:00` is 28,800): nil
  /// without one, or for `Z`, or for text that is no timestamp.
  public static func writtenZoneOffset(_ text: String) -> Int? { parts(text)?.zone }

  private static func parts(_ text: String) -> (date: Date, zone: Int?)? {
    var scanner = Scanner(Self.trimmed(text))
    guard let year = scanner.number(digits: 4...4), scanner.skip("-"),
      let month = scanner.number(digits: 1...2), scanner.skip("-"),
      let day = scanner.number(digits: 1...2),
      (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day)
    else { return nil }
    var seconds = Double(daysFromCivil(year: year, month: month, day: day)) * 86_400
    if scanner.atEnd { return (Date(timeIntervalSince1970: seconds), nil) }

    // Time: separated by `T`/`t` or by spaces.
    if !scanner.skip("T") && !scanner.skip("t") {
      guard scanner.skipSpaces() else { return nil }
    }
    guard let hour = scanner.number(digits: 1...2), hour < 24, scanner.skip(":"),
      let minute = scanner.number(digits: 2...2), minute < 60
    else { return nil }
    var second = 0
    var fraction = 0.0
    if scanner.skip(":") {
      guard let s = scanner.number(digits: 2...2), s < 61 else { return nil }
      second = s
      if scanner.skip(".") {
        guard let digits = scanner.digitString(), !digits.isEmpty else { return nil }
        fraction = Double("0." + digits) ?? 0
      }
    }
    seconds += Double(hour * 3600 + minute * 60 + second) + fraction

    _ = scanner.skipSpaces()
    if scanner.atEnd || scanner.skip("Z") || scanner.skip("z") {
      return scanner.atEnd ? (Date(timeIntervalSince1970: seconds), nil) : nil
    }
    let sign: Double
    if scanner.skip("+") {
      sign = 1
    } else if scanner.skip("-") {
      sign = -1
    } else {
      return nil
    }
    guard let zoneHours = scanner.number(digits: 1...2), zoneHours <= 14 else { return nil }
    var zoneMinutes = 0
    if scanner.skip(":") || !scanner.atEnd {
      guard let m = scanner.number(digits: 2...2), m < 60 else { return nil }
      zoneMinutes = m
    }
    guard scanner.atEnd else { return nil }
    // 14:05+09:00 is 05:05 UTC: subtract the offset.
    let zone = Int(sign) * (zoneHours * 3600 + zoneMinutes * 60)
    seconds -= Double(zone)
    return (Date(timeIntervalSince1970: seconds), zone)
  }

  /// Days since 1970-01-01 in the proleptic Gregorian calendar (Howard Hinnant's algorithm).
  static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yearOfEra = y - era * 400
    let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  static func daysIn(month: Int, year: Int) -> Int {
    switch month {
    case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
    case 4, 6, 9, 11: return 30
    default: return 31
    }
  }

  /// A cursor over ASCII characters.
  private struct Scanner {
    private let bytes: [UInt8]
    private var index = 0

    init(_ text: String) { bytes = Array(text.utf8) }

    var atEnd: Bool { index == bytes.count }

    mutating func skip(_ character: Character) -> Bool {
      guard !atEnd, let ascii = character.asciiValue, bytes[index] == ascii else { return false }
      index += 1
      return true
    }

    /// Skips one or more spaces or tabs; false if there were none.
    mutating func skipSpaces() -> Bool {
      let start = index
      while !atEnd && (bytes[index] == 0x20 || bytes[index] == 0x09) { index += 1 }
      return index > start
    }

    mutating func digitString() -> String? {
      let start = index
      while !atEnd && (0x30...0x39).contains(bytes[index]) { index += 1 }
      return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    /// A run of digits whose length is in `digits`; nothing is consumed on failure.
    mutating func number(digits: ClosedRange<Int>) -> Int? {
      let start = index
      while !atEnd && index - start < digits.upperBound && (0x30...0x39).contains(bytes[index]) {
        index += 1
      }
      guard digits.contains(index - start) else {
        index = start
        return nil
      }
      return Int(String(decoding: bytes[start..<index], as: UTF8.self))
    }
  }
}
