/// Compact JSON written by hand, so every byte of the index is under our control and the same
/// input gives the same bytes. Only what the index needs: strings, integers, arrays, objects.
struct JSONWriter {
  private(set) var bytes: [UInt8] = []

  mutating func raw(_ text: StaticString) {
    text.withUTF8Buffer { bytes.append(contentsOf: $0) }
  }

  mutating func raw(_ byte: UInt8) { bytes.append(byte) }

  mutating func integer(_ value: Int) { bytes.append(contentsOf: String(value).utf8) }

  mutating func string(_ value: String) {
    bytes.append(UInt8(ascii: "\""))
    for byte in value.utf8 {
      switch byte {
      case UInt8(ascii: "\""): raw("\\\"")
      case UInt8(ascii: "\\"): raw("\\\\")
      case UInt8(ascii: "\n"): raw("\\n")
      case UInt8(ascii: "\t"): raw("\\t")
      case UInt8(ascii: "\r"): raw("\\r")
      case 0..<0x20:
        raw("\\u00")
        bytes.append(Self.hex[Int(byte >> 4)])
        bytes.append(Self.hex[Int(byte & 15)])
      default:
        bytes.append(byte)
      }
    }
    bytes.append(UInt8(ascii: "\""))
  }

  /// A string whose bytes are already known to need no escaping (posting codes).
  mutating func plainString(_ value: [UInt8]) {
    bytes.append(UInt8(ascii: "\""))
    bytes.append(contentsOf: value)
    bytes.append(UInt8(ascii: "\""))
  }

  private static let hex = Array("0123456789abcdef".utf8)
}
