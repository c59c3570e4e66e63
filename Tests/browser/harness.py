"""Shared helpers for the browser tests and the screenshot script: serve a built site on
loopback and drive headless Chromium through Selenium."""
import functools
import http.server
import os
import shutil
import threading


def serve(site_dir):
    """Serve site_dir on 127.0.0.1 (free port) in a thread, as a static host would:
    404 for a folder without index.html, no directory listings."""

    class Handler(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *args):
            pass

        def list_directory(self, path):
            self.send_error(404, "No index.html")

    httpd = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(Handler, directory=str(site_dir)))
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    return httpd, "http://127.0.0.1:%d" % httpd.server_address[1]


def start_browser(prefs=None):
    """Headless Chromium; prefs are Chrome preferences, e.g. to turn JavaScript off."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    opts = webdriver.ChromeOptions()
    chromium = os.environ.get("CHROMIUM") or shutil.which("chromium") or shutil.which("chromium-browser")
    if chromium:
        opts.binary_location = chromium
    for arg in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                "--hide-scrollbars", "--force-device-scale-factor=1", "--lang=en-US"):
        opts.add_argument(arg)
    opts.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    if prefs:
        opts.add_experimental_option("prefs", prefs)
    driver_path = os.environ.get("CHROMEDRIVER") or shutil.which("chromedriver")
    service = Service(driver_path) if driver_path else Service()
    driver = webdriver.Chrome(service=service, options=opts)
    driver.set_page_load_timeout(60)
    driver.set_script_timeout(60)
    return driver


def set_viewport(driver, width, height, dark=False):
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 600})
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {
        "features": [{"name": "prefers-color-scheme", "value": "dark" if dark else "light"}]})


def no_restore(driver):
    """The page a test opens is the page it checks: home's restore of the last opened note
    (once per session; test_restore_last_note_only_when_it_still_exists tests it) must not
    move it elsewhere in the middle of a check. On a slow machine the restore's navigation
    came while `settle` waited, which then timed out. Marks the session as restored."""
    try:
        driver.execute_script(
            "sessionStorage.setItem('notes-site:restored:' + "
            "((document.body && document.body.dataset.base) || '/'), '1')")
    except Exception:  # about:blank, before the first page, has no storage
        pass


def settle(driver):
    """Wait for fonts and two frames after a load or a swap. A headless renderer on a busy
    machine sometimes draws no frame for a while (one CI run timed out after 60 s waiting
    for one): after 3 s the page counts as settled anyway."""
    driver.execute_async_script(
        "const cb = arguments[arguments.length - 1];"
        "let done = false; const finish = () => { if (!done) { done = true; cb(); } };"
        "setTimeout(finish, 3000);"
        "(document.fonts ? document.fonts.ready : Promise.resolve())"
        ".then(() => requestAnimationFrame(() => requestAnimationFrame(finish)));")
