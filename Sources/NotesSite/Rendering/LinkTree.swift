import NotesMustache

/// A tree of links in the folders column: the folder tree, or the tags with nested tags below
/// their parents. Entries are made once per build as reusable values (see `RenderCache`);
/// marking the selected entry rebuilds only the chain from it up to its top-level entry, so a
/// page costs O(depth × siblings), not O(entries).
struct LinkTree: Sendable {
  var rootIDs: [String] = []
  var parentIDs: [String: String] = [:]
  var childIDs: [String: [String]] = [:]
  /// Each entry's template data without a selection, its `children` the reusable values.
  var items: [String: [String: TemplateValue]] = [:]
  var values: [String: TemplateValue] = [:]
  /// Ids of the reusable whole trees, by selected entry ("" for none): every page with the
  /// same selection shows the same tree.
  var treeIDs: [String: Int] = [:]

  init() {}

  /// - Parameters:
  ///   - item: an entry's own keys (`name`, `url`, `count`…); the tree adds `current`,
  ///     `has_children` and `children`, so a child never inherits its parent's.
  ///   - nextID: the build's counter of reusable value ids.
  init(
    rootIDs: [String], childIDs: [String: [String]], nextID: inout Int,
    item: (String) -> [String: TemplateValue]
  ) {
    self.rootIDs = rootIDs
    self.childIDs = childIDs
    // Children first, so each parent's list holds its children's reusable values.
    func build(_ id: String, parent: String?) {
      let children = childIDs[id] ?? []
      for child in children { build(child, parent: id) }
      var entry = item(id)
      entry["current"] = .bool(false)
      entry["has_children"] = .bool(!children.isEmpty)
      entry["children"] = .list(children.map { values[$0]! })
      items[id] = entry
      parentIDs[id] = parent
      nextID += 1
      values[id] = .reusable(id: nextID, .object(entry))
    }
    for id in rootIDs { build(id, parent: nil) }
    for id in [""] + items.keys.sorted() {
      nextID += 1
      treeIDs[id] = nextID
    }
  }

  /// The tree with `selected` marked `current`; the same value for every page that asks.
  /// `memo` keeps the trees made, by selected entry, for the pages after this one.
  func tree(selected: String?, memo: inout [String: TemplateValue]) -> TemplateValue {
    let key = selected.flatMap { items[$0] == nil ? nil : $0 } ?? ""
    if let made = memo[key] { return made }
    let made = TemplateValue.reusable(id: treeIDs[key]!, makeTree(selected: key))
    memo[key] = made
    return made
  }

  private func makeTree(selected: String) -> TemplateValue {
    guard !selected.isEmpty else { return .list(rootIDs.map { values[$0]! }) }
    var replacement: (id: String, value: TemplateValue)?
    var id: String? = selected
    while let current = id {
      var item = items[current]!
      if current == selected { item["current"] = .bool(true) }
      if let r = replacement {
        item["children"] = .list(childIDs[current]!.map { $0 == r.id ? r.value : values[$0]! })
      }
      replacement = (current, .object(item))
      id = parentIDs[current]
    }
    return .list(rootIDs.map { $0 == replacement?.id ? replacement!.value : values[$0]! })
  }
}
