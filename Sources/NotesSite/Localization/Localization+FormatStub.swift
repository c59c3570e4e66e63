// Temporary until Localization lands.
extension Localization {
  public func format(_ key: String, _ args: [String: String]) -> String {
    var s = string(key)
    for (k, v) in args { s = s.replacingOccurrences(of: "{\(k)}", with: v) }
    return s
  }
}
