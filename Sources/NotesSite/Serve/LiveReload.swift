/// The live-reload endpoints `serve` adds under the base path: a script every page loads,
/// and a version the script long-polls, reloading the page when the version changes.
enum LiveReload {
  static let directory = "_notes-site"
  static let scriptName = "live-reload.js"
  static let versionName = "version"

  static func scriptPath(basePath: String) -> String {
    basePath + directory + "/" + scriptName
  }

  static func versionPath(basePath: String) -> String {
    basePath + directory + "/" + versionName
  }

  /// The script, knowing the version current when it was fetched, so a rebuild that lands
  /// between the page load and the first poll still reloads the page.
  static func script(basePath: String, version: Int) -> String {
    """
    // notes-site serve: reload this page when the site is rebuilt.
    (() => {
      const endpoint = \(javaScriptString(versionPath(basePath: basePath)));
      let current = "\(version)";
      const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
      async function watch() {
        for (;;) {
          try {
            const response = await fetch(endpoint + "?since=" + encodeURIComponent(current), { cache: "no-store" });
            if (!response.ok) throw new Error("HTTP " + response.status);
            const version = (await response.text()).trim();
            if (version !== current) {
              location.reload();
              return;
            }
          } catch (error) {
            // The server is restarting or gone: try again shortly.
            await pause(1000);
          }
        }
      }
      watch();
    })();

    """
  }

  /// A JavaScript string literal for a path, safe inside a script.
  private static func javaScriptString(_ value: String) -> String {
    var result = "\""
    for scalar in value.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "<": result += "\\u003c"
      default:
        // Control characters cannot occur in a base path; drop rather than escape them.
        if scalar.value >= 0x20 { result.unicodeScalars.append(scalar) }
      }
    }
    return result + "\""
  }
}
