/// The compact text form of posting lists: numbers as base64url variable-length quantities.
///
/// Each number is written 5 bits at a time, lowest bits first; a character's value is those
/// 5 bits plus 32 when more characters of the same number follow. Values are indexes into
/// `alphabet`, which needs no escaping in JSON. Numbers below 32 take one character.
enum PostingCode {
  static let alphabet = Array(
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

  static func append(_ number: Int, to out: inout [UInt8]) {
    precondition(number >= 0, "posting numbers are never negative")
    var rest = number
    repeat {
      var digit = rest & 31
      rest >>= 5
      if rest > 0 { digit |= 32 }
      out.append(alphabet[digit])
    } while rest > 0
  }

  /// Reads numbers back; used by tests and by anyone checking the format from Swift.
  static func decode(_ text: some StringProtocol) -> [Int]? {
    var numbers: [Int] = []
    var value = 0
    var shift = 0
    for byte in text.utf8 {
      guard let digit = alphabet.firstIndex(of: byte) else { return nil }
      value |= (digit & 31) << shift
      if digit & 32 != 0 {
        shift += 5
      } else {
        numbers.append(value)
        value = 0
        shift = 0
      }
    }
    return shift == 0 ? numbers : nil
  }
}
