#!/usr/bin/env python3
"""Writes the README screenshots of the built-in theme.

    python3 Tests/browser/screenshots.py SITE_DIR [OUT_DIR]
    python3 Tests/browser/screenshots.py --ja JA_SITE_DIR [OUT_DIR]

SITE_DIR is a site built from the sample notes (`notes-site build --output SITE_DIR`);
OUT_DIR defaults to docs/screenshots. Desktop shots are 1440x900 on a note page, phone
shots 390x844 on the same note page, each in light and dark mode.

With --ja, JA_SITE_DIR is the sample built with `language: ja` in its notes-site.yml, and the
shots are ja-desktop.png and ja-phone.png of a Japanese note (SCREENSHOT_JA_NOTE), light mode.
Japanese text needs a Japanese font installed (Debian: fonts-noto-cjk)."""
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import serve, settle, set_viewport, start_browser  # noqa: E402

NOTE = os.environ.get("SCREENSHOT_NOTE", "work/roadmap/")
JA_NOTE = os.environ.get("SCREENSHOT_JA_NOTE", "個人/レシピ/")


def main(argv):
    japanese = len(argv) > 1 and argv[1] == "--ja"
    if japanese:
        argv = argv[:1] + argv[2:]
    if len(argv) < 2:
        print(__doc__)
        return 2
    site = argv[1]
    out = argv[2] if len(argv) > 2 else os.path.join(
        os.path.dirname(os.path.abspath(__file__)), "..", "..", "docs", "screenshots")
    os.makedirs(out, exist_ok=True)
    httpd, root = serve(site)
    driver = start_browser()
    try:
        for name, (w, h) in (("desktop", (1440, 900)), ("phone", (390, 844))):
            if japanese:
                set_viewport(driver, w, h)
                driver.get(root + "/" + JA_NOTE)
                settle(driver)
                time.sleep(0.2)
                path = os.path.join(out, "ja-%s.png" % name)
                driver.save_screenshot(path)
                print(os.path.relpath(path))
                continue
            for scheme in ("light", "dark"):
                set_viewport(driver, w, h, dark=scheme == "dark")
                driver.get(root + "/" + NOTE)
                settle(driver)
                time.sleep(0.2)
                path = os.path.join(out, "%s-%s.png" % (name, scheme))
                driver.save_screenshot(path)
                print(os.path.relpath(path))
    finally:
        driver.quit()
        httpd.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
