import Foundation

/// `notes-site serve`: placeholder until the preview server lands.
enum ServeCommand {
  static func run(_ arguments: [String]) async -> Int32 {
    CommandLineTool.printError("notes-site: error: serve is not available yet; use `notes-site build` and any static server")
    return 2
  }
}
