import Foundation
import NotesMustache

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "mustache" {
  exit(MustacheCommand.run(Array(arguments.dropFirst())))
}
print("notes-site")
