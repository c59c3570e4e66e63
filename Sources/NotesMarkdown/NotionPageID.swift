extension String {
  /// Without the page id a Notion export ends every page's and folder's name with, a space and
  /// 32 lowercase hex digits (`Meeting notes 2e36286fa4b680b2805ecb642295eb1b`).
  public var withoutNotionPageID: String {
    let u = utf8
    guard u.count > 33 else { return self }
    let idStart = u.index(u.endIndex, offsetBy: -32)
    let hexDigits = u[idStart...].allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x61 && $0 <= 0x66) }
    guard hexDigits, u[u.index(before: idStart)] == 0x20 else { return self }
    return String(self[..<u.index(before: idStart)])
  }
}
