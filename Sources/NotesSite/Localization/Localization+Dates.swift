import Foundation

extension Localization {
  /// `Nov 29, 2026` / `2026年11月29日`, in UTC so output is deterministic, or in the zone
  /// `zone` seconds east of UTC (the one a note's front matter wrote its dates in).
  public func date(_ date: Date, zone: Int? = nil) -> String {
    let civil = CivilDate(date.addingTimeInterval(TimeInterval(zone ?? 0)))
    return Self.fill(strings["date_format"] ?? "{year}-{month_padded}-{day_padded}") { field($0, of: civil) }
  }

  /// A date and time, for revision lists: `Nov 29, 2026 at 14:05`.
  public func dateTime(_ date: Date) -> String {
    Self.fill(
      strings["datetime_format"] ?? "{date} {time}",
      ["date": self.date(date), "time": time(date)])
  }

  /// The time of day: `14:05`.
  public func time(_ date: Date) -> String {
    let civil = CivilDate(date)
    return Self.fill(strings["time_format"] ?? "{hour_padded}:{minute}") { field($0, of: civil) }
  }

  /// What the browser needs to label notes-list dates relative to the reader's day (see
  /// `site.js`), as JSON: the time format and its AM/PM words, `Yesterday` and the weekday
  /// names from Sunday.
  public var relativeDateStrings: String {
    let quoted = SiteBuilder.jsonString
    let weekdays = (1...7).map { quoted(strings["weekdays.\($0)"] ?? "") }.joined(separator: ",")
    return "{\"time\":\(quoted(strings["time_format"] ?? "{hour_padded}:{minute}")),\"am\":\(quoted(strings["am"] ?? "AM")),"
      + "\"pm\":\(quoted(strings["pm"] ?? "PM")),\"yesterday\":\(quoted(strings["yesterday"] ?? "")),\"weekdays\":[\(weekdays)]}"
  }

  /// The notes-list label, like Apple Notes: a time for the reference day, the weekday within
  /// the week before it, else the date.
  ///
  /// Days are UTC calendar days: the day before the reference reads `Yesterday`, the five days
  /// before that their weekday (`Monday`), anything older or in the future the full date.
  public func listDate(_ date: Date, reference: Date) -> String {
    let daysBefore = CivilDate(reference).dayNumber - CivilDate(date).dayNumber
    switch daysBefore {
    case 0: return time(date)
    case 1: return strings["yesterday"] ?? self.date(date)
    case 2...6: return strings["weekdays.\(CivilDate(date).weekday)"] ?? self.date(date)
    default: return self.date(date)
    }
  }

  /// The value of the placeholder `name` for one instant, names taken from the table; one
  /// at a time, since every list entry of every build formats a date.
  private func field(_ name: Substring, of civil: CivilDate) -> String? {
    switch name {
    case "year": String(civil.year)
    case "month": String(civil.month)
    case "month_padded": padded(civil.month)
    case "month_name": strings["months.\(civil.month)"] ?? String(civil.month)
    case "month_short": strings["months_short.\(civil.month)"] ?? String(civil.month)
    case "day": String(civil.day)
    case "day_padded": padded(civil.day)
    case "weekday": strings["weekdays.\(civil.weekday)"] ?? ""
    case "hour": String(civil.hour)
    case "hour_padded": padded(civil.hour)
    case "hour12": String(civil.hour % 12 == 0 ? 12 : civil.hour % 12)
    case "minute": padded(civil.minute)
    case "ampm": civil.hour < 12 ? (strings["am"] ?? "AM") : (strings["pm"] ?? "PM")
    default: nil
    }
  }

  private func padded(_ value: Int) -> String {
    value < 10 ? "0\(value)" : String(value)
  }
}

/// An instant broken down into the UTC Gregorian calendar, without `Calendar`, whose behaviour
/// depends on the platform's ICU data.
struct CivilDate {
  /// Days since 1970-01-01.
  var dayNumber: Int
  var year: Int
  var month: Int
  var day: Int
  /// 1 is Sunday, 7 is Saturday.
  var weekday: Int
  var hour: Int
  var minute: Int
  var second: Int

  /// `2026-11-29T14:05:09Z`
  var iso8601: String {
    func two(_ v: Int) -> String { v < 10 ? "0\(v)" : String(v) }
    let y = String(year)
    let year4 = y.count >= 4 ? y : String(repeating: "0", count: 4 - y.count) + y
    return "\(year4)-\(two(month))-\(two(day))T\(two(hour)):\(two(minute)):\(two(second))Z"
  }

  /// The instant of a UTC date and time, read as the Gregorian calendar reads it (a day past
  /// the month's end runs on into the next, as `Calendar` does): Howard Hinnant's
  /// days_from_civil.
  static func date(year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0) -> Date {
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yearOfEra = y - era * 400
    let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    let days = era * 146_097 + dayOfEra - 719_468
    return Date(timeIntervalSince1970: TimeInterval(days * 86_400 + hour * 3600 + minute * 60 + second))
  }

  init(_ date: Date) {
    let seconds = Int(date.timeIntervalSince1970.rounded(.down))
    dayNumber = Int((Double(seconds) / 86_400).rounded(.down))
    let secondOfDay = seconds - dayNumber * 86_400
    hour = secondOfDay / 3600
    minute = secondOfDay % 3600 / 60
    second = secondOfDay % 60
    // 1970-01-01 was a Thursday (weekday 5).
    weekday = ((dayNumber + 4) % 7 + 7) % 7 + 1

    // Howard Hinnant's civil_from_days.
    let z = dayNumber + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let dayOfEra = z - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let monthIndex = (5 * dayOfYear + 2) / 153
    day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
    month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
    year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
  }
}
