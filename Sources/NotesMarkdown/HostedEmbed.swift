/// Links to what another host's embed shows (a page of notes-site embeds nothing from other
/// hosts), for the embeds of Hugo's shortcodes, Zola's, HackMD's and Jekyll plugins' alike.
enum HostedEmbed {
  /// Each host this knows: the address of an ID there, and what a link to it reads.
  private static let hosts: [String: (address: String, label: String)] = [
    "youtube": ("https://www.youtube.com/watch?v=", "YouTube video"),
    "vimeo": ("https://vimeo.com/", "Vimeo video"),
    "streamable": ("https://streamable.com/", "Streamable video"),
    "gist": ("https://gist.github.com/", "Gist"),
    "slideshare": ("https://www.slideshare.net/", "SlideShare slides"),
    "speakerdeck": ("https://speakerdeck.com/", "Speaker Deck slides"),
  ]

  /// `[YouTube video](https://www.youtube.com/watch?v=ID)` for `youtube` and an ID (or a whole
  /// address), reading as `title` when given; a gist by ID reads as it (`Gist user/id`). Nil
  /// for a host not known here, or an ID or address that cannot stand in a link.
  static func link(_ host: String, _ idOrAddress: String, title: String? = nil) -> String? {
    guard let known = hosts[host], !idOrAddress.isEmpty,
      !idOrAddress.contains(where: { $0.isWhitespace || "()<>".contains($0) })
    else { return nil }
    let isAddress = idOrAddress.hasPrefix("https://") || idOrAddress.hasPrefix("http://")
    let label = title ?? (host == "gist" && !isAddress ? "Gist \(idOrAddress)" : known.label)
    return "[\(label.markdownLabel)](\(isAddress ? idOrAddress : known.address + idOrAddress))"
  }
}
