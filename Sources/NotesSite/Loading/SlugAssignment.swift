import NotesCore

/// Gives each sibling in one URL namespace a distinct slug, deterministically: siblings are
/// ordered (folders, then notes, then files; then by name) and the first keeps its slug. A later
/// one that collides gets the characters the slug dropped spelled out (`clang++` →
/// `clang-plus-sign-plus-sign`), or else a number (`-2`, `-3`). Every collision is reported.
struct SlugAssignment {
  struct Candidate {
    /// What the caller identifies the sibling by (its source path).
    var key: String
    /// The name the slug came from, used to spell out dropped characters.
    var name: String
    var slug: String
    /// Folders 0, notes 1, files 2: who keeps the plain slug on a tie.
    var rank: Int
    /// Appended after the slug (a file's `.ext`); part of what must be unique.
    var suffix: String = ""
    /// A folder with no notes below it (Bear's and Obsidian's attachment folder named after
    /// its note: `Trip Plan.md` and `Trip Plan/photo.png`). It has no page, so it may share
    /// its slug with one note, whose page sits beside its files.
    var sharesWithANote = false
  }

  struct Collision {
    var winner: String
    var loser: String
    var slug: String
  }

  static func assign(_ candidates: [Candidate]) -> (slugs: PathMap<String>, collisions: [Collision]) {
    let ordered = candidates.sorted {
      if ($0.rank, $0.name, $0.key) != ($1.rank, $1.name, $1.key) {
        return ($0.rank, $0.name, $0.key) < ($1.rank, $1.name, $1.key)
      }
      // Canonically equivalent names (NFC and NFD) are equal strings; order them by bytes.
      return $0.key.utf8.lexicographicallyPrecedes($1.key.utf8)
    }
    var taken: [String: String] = [:]  // full segment → key
    var sharable: Set<String> = []  // full segments a note may still share
    var slugs = PathMap<String>()
    var collisions: [Collision] = []
    for candidate in ordered {
      var slug = candidate.slug
      if candidate.rank == 1, sharable.remove(slug + candidate.suffix) != nil {
        taken[slug + candidate.suffix] = candidate.key
        slugs[candidate.key] = slug
        continue
      }
      if let owner = taken[slug + candidate.suffix] {
        let spelled = Slug.spelledOut(candidate.name)
        var alternative = spelled.isEmpty ? "" : slug + "-" + spelled
        if alternative.isEmpty || taken[alternative + candidate.suffix] != nil {
          var n = 2
          while taken["\(slug)-\(n)" + candidate.suffix] != nil { n += 1 }
          alternative = "\(slug)-\(n)"
        }
        collisions.append(Collision(winner: owner, loser: candidate.key, slug: slug + candidate.suffix))
        slug = alternative
      }
      taken[slug + candidate.suffix] = candidate.key
      if candidate.sharesWithANote { sharable.insert(slug + candidate.suffix) }
      slugs[candidate.key] = slug
    }
    return (slugs, collisions)
  }
}

/// A dictionary keyed by file paths compared byte for byte. Swift compares strings by canonical
/// equivalence, so `Café.md` in NFC and in NFD — two files on Linux — would share one entry and
/// one note would silently replace the other.
struct PathMap<Value> {
  private struct Key: Hashable {
    var path: String
    static func == (a: Key, b: Key) -> Bool { a.path.utf8.elementsEqual(b.path.utf8) }
    func hash(into hasher: inout Hasher) {
      // All the bytes in one call: combining them one by one cost more than the lookups.
      var path = path
      path.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }
  }
  private var storage: [Key: Value] = [:]

  subscript(path: String) -> Value? {
    get { storage[Key(path: path)] }
    set { storage[Key(path: path)] = newValue }
  }

  subscript(path: String, default value: @autoclosure () -> Value) -> Value {
    get { storage[Key(path: path)] ?? value() }
    _modify { yield &storage[Key(path: path), default: value()] }
  }
}
