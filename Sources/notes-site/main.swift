import Foundation
import NotesSite

// All logic lives in NotesSite so tests can call it directly.
exit(await CommandLineTool.run(Array(CommandLine.arguments.dropFirst())))
