import CCmark

/// `- [ ] todo` / `- [x] done` become disabled checkboxes with the item's text as their label,
/// in `<li class="task">`.
///
/// cmark cannot put a class on `<li>`, and a list may only hold real items, so a list with
/// tasks is rebuilt from custom blocks: `<ul>` and every `<li>` are written by the generator,
/// the items' content stays cmark's.
enum TaskListPass {
  /// `items`: every list item, in document order.
  static func run(_ items: [CmarkNode]) {
    let tasks = items.compactMap(TaskMarker.find(in:))
    guard !tasks.isEmpty else { return }

    var taskItems: Set<CmarkNode> = []
    var lists: [CmarkNode] = []
    var seenLists: Set<CmarkNode> = []
    for task in tasks {
      guard let paragraph = task.text.parent, let item = paragraph.parent,
        let list = item.parent
      else { continue }
      taskItems.insert(item)
      if seenLists.insert(list).inserted { lists.append(list) }
      makeCheckbox(task, in: paragraph)
    }
    for list in lists { rebuild(list, taskItems: taskItems) }
  }

  /// Moves the paragraph's content into `<label><input type="checkbox" disabled> …</label>`.
  /// An empty task (`- [ ]`, common in templates) has no text to name its checkbox, which axe
  /// counts as a critical fault: its checkbox is hidden from assistive technology, which reads
  /// the item as the empty item it is.
  private static func makeCheckbox(_ task: TaskMarker, in paragraph: CmarkNode) {
    let empty = task.rest.allSatisfy(\.isWhitespace) && task.text.next == nil && task.text.previous == nil
    if task.rest.isEmpty { task.text.remove() } else { task.text.setLiteral(task.rest) }
    let checked = task.isDone ? " checked" : ""
    let hidden = empty ? " aria-hidden=\"true\"" : ""
    let label = CmarkNode.customInline(
      enter: "<label><input type=\"checkbox\"\(checked) disabled\(hidden)> ", exit: "</label>")
    paragraph.moveChildren(to: label)
    paragraph.append(label)
  }

  private static func rebuild(_ list: CmarkNode, taskItems: Set<CmarkNode>) {
    let tag = list.isBulletList ? "ul" : "ol"
    let start = !list.isBulletList && list.listStart != 1 ? " start=\"\(list.listStart)\"" : ""
    let newList = CmarkNode.customBlock(
      enter: "<\(tag) class=\"task-list\"\(start)>", exit: "</\(tag)>")
    list.insertBefore(newList)
    let tight = list.isTightList
    for item in list.children {
      let newItem = CmarkNode.customBlock(
        enter: taskItems.contains(item) ? "<li class=\"task\">" : "<li>", exit: "</li>")
      newList.append(newItem)
      item.moveChildren(to: newItem)
      // cmark leaves out `<p>` only for paragraphs whose grandparent is a tight list; here the
      // generator does it by lifting the paragraph's inlines into the item.
      if tight {
        for child in newItem.children where child.isParagraph {
          let inlines = child.children
          for inline in inlines { child.insertBefore(inline) }
          child.remove()
        }
      }
    }
    list.remove()
  }
}
