import Foundation

/// Hugo's `{{< ref "post.md" >}}` and `{{< relref "post.md" >}}` shortcodes, which Hugo
/// replaces by the page's URL: here by the path they name, so the link around them resolves
/// like any other (`[x]({{< ref "b.md" >}})` is `[x](b.md)`). Hugo replaces them in code
/// too; so does this. The replacement is padded with spaces to the shortcode's length, so
/// positions after it on the line stay the note's (CommonMark allows spaces before a link
/// destination's `)`).
enum HugoRefs {
  static func resolvingRefs(_ body: String) -> String {
    guard body.utf8.count >= 12 else { return body }
    // One `memchr` pass for `{{<` or `{{%`, which few notes have.
    let opens = body.utf8.withContiguousStorageIfAvailable { b in
      b.containsByte(UInt8(ascii: "{")) { i in
        i + 2 < b.count && b[i + 1] == UInt8(ascii: "{") && (b[i + 2] == UInt8(ascii: "<") || b[i + 2] == UInt8(ascii: "%"))
      }
    }
    guard opens ?? true, body.containsBytes("ref") else { return body }
    // The path is the first argument, or named (`path="b.md"`); other named arguments
    // (`lang`, `outputFormat`) choose among a page's versions, which a notes site has one of.
    let pattern =
      #/\{\{([<%])\s*(?:rel)?ref\s+(?:path\s*=\s*)?(?:"([^"\n]*)"|'([^'\n]*)'|([^\s"'>%=]+))(?:\s+\w+\s*=\s*(?:"[^"\n]*"|'[^'\n]*'|[^\s"'>%]+))*\s*([>%])\}\}/#
    var out = ""
    var rest = Substring(body)
    var changed = false
    while let match = rest.firstMatch(of: pattern) {
      // `{{< … >}}` or `{{% … %}}`.
      guard (match.output.1 == "<") == (match.output.5 == ">") else {
        out += rest[..<match.range.upperBound]
        rest = rest[match.range.upperBound...]
        continue
      }
      out += rest[..<match.range.lowerBound]
      let path = String(match.output.2 ?? match.output.3 ?? match.output.4 ?? "")
      var written = path.markdownDestination
      let length = rest[match.range].count
      if written.count < length { written += String(repeating: " ", count: length - written.count) }
      out += written
      rest = rest[match.range.upperBound...]
      changed = true
    }
    guard changed else { return body }
    return out + rest
  }
}
