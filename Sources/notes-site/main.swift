// Linked for its malloc, which the whole process then uses (Package.swift); nothing here
// calls it by name.
import CJemalloc
import Foundation
import NotesSite

#if canImport(Glibc)
  import Glibc

  // A build allocates and frees hundreds of megabytes on every core. glibc's defaults give
  // freed memory back to the kernel as soon as 128 KB sit at the top of a heap and grow a
  // thread's heap a few pages at a time, so the same memory was unmapped and mapped again
  // thousands of times (about a quarter of a rebuild's system time). Keeping it raises
  // nothing but the floor the heap shrinks to; peak memory stays what the build uses.
  // `mallopt` is in <malloc.h>, which Swift's Glibc module does not import. With jemalloc
  // linked (CJemalloc), the process allocates through jemalloc and this tunes a heap nothing
  // uses; it stays for builds where the C library's malloc is the allocator.
  if let symbol = dlsym(nil /* RTLD_DEFAULT */, "mallopt") {
    typealias MallOpt = @convention(c) (Int32, Int32) -> Int32
    let mallopt = unsafeBitCast(symbol, to: MallOpt.self)
    _ = mallopt(-1 /* M_TRIM_THRESHOLD */, 256 << 20)
    _ = mallopt(-2 /* M_TOP_PAD */, 64 << 20)
  }
#endif

// All logic lives in NotesSite so tests can call it directly.
exit(await CommandLineTool.run(Array(CommandLine.arguments.dropFirst())))
