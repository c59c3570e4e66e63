import Foundation
import PackagePlugin

/// Compiles every file of the repo's `Templates/` folder into the target as base64 text, so
/// the `notes-site` binary carries its built-in theme and runs from any directory.
@main
struct EmbedTheme: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
    let templates = context.package.directoryURL.appending(path: "Templates")
    var inputs: [URL] = []
    if let walker = FileManager.default.enumerator(
      at: templates, includingPropertiesForKeys: [.isRegularFileKey])
    {
      for case let url as URL in walker
      where (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true {
        inputs.append(url)
      }
    }
    inputs.sort { $0.path < $1.path }
    let output = context.pluginWorkDirectoryURL.appending(path: "BuiltinTheme.swift")
    return [
      .buildCommand(
        displayName: "Embedding the built-in theme from Templates/",
        executable: try context.tool(named: "embed-theme").url,
        arguments: [templates.path, output.path],
        inputFiles: inputs,
        outputFiles: [output])
    ]
  }
}
