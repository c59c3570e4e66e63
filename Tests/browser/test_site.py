"""Browser tests of the built-in theme (layout per width, back links, keyboard, column swapping,
restoring the last note). Run through Tests/browser/run.sh, which builds the sites and sets
SITE_DIR (the sample notes) and LONG_SITE_DIR (one folder of 60 notes)."""
import json
import os
import sys
import time
from urllib.parse import urlparse

import pytest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import no_restore, serve, settle, set_viewport, start_browser  # noqa: E402

SITE_DIR = os.environ.get("SITE_DIR")
LONG_SITE_DIR = os.environ.get("LONG_SITE_DIR")
if not SITE_DIR:
    pytest.skip("SITE_DIR is not set: run Tests/browser/run.sh", allow_module_level=True)

WIDTHS = {"phone": (390, 844), "tablet": (820, 1180), "desktop": (1440, 900)}
ALL = ["folders", "notes", "detail"]

# route → (path, parent path, columns on a tablet, compact column)
ROUTES = {
    "home": ("/", None, ["folders", "notes"], "folders"),
    "folder": ("/work/", "/", ["folders", "notes"], "notes"),
    "subfolder": ("/work/projects/", "/work/", ["folders", "notes"], "notes"),
    "tag": ("/_tags/work/", "/", ["folders", "notes"], "notes"),
    "parent tag": ("/_tags/project/", "/", ["folders", "notes"], "notes"),
    "search": ("/_search/", "/", ["folders", "notes"], "notes"),
    "note": ("/work/roadmap/", "/work/", ["notes", "detail"], "detail"),
    "history": ("/work/roadmap/history/", "/work/roadmap/", ["notes", "detail"], "detail"),
}

VISIBLE_COLUMNS = """
const W = innerWidth;
return [...document.querySelectorAll('[data-column]')].filter(el => {
  const cs = getComputedStyle(el), r = el.getBoundingClientRect();
  return r.width > 0 && r.height > 0 && cs.display !== 'none' && cs.visibility !== 'hidden'
    && r.right > 0 && r.left < W;
}).map(el => el.dataset.column);"""

VISIBLE_BACK_LINKS = """
return [...document.querySelectorAll('a.back-link')].filter(el => {
  const cs = getComputedStyle(el), r = el.getBoundingClientRect();
  return r.width > 0 && r.height > 0 && cs.display !== 'none' && cs.visibility !== 'hidden';
}).map(el => new URL(el.href).pathname);"""


def open_page(driver, url, size, dark=False):
    driver.get_log("browser")
    set_viewport(driver, size[0], size[1], dark)
    no_restore(driver)
    driver.get(url)
    settle(driver)


def severe(driver):
    return [e["message"] for e in driver.get_log("browser")
            if e["level"] == "SEVERE" and "favicon.ico" not in e["message"]]


def wait_for(predicate, timeout=5.0, message="condition"):
    end = time.time() + timeout
    while time.time() < end:
        try:
            if predicate():
                return
        except Exception:  # the page may be between two documents
            pass
        time.sleep(0.05)
    raise AssertionError("timed out waiting for " + message)


def path_of(driver):
    return urlparse(driver.current_url).path


@pytest.mark.parametrize("width", list(WIDTHS))
@pytest.mark.parametrize("route", list(ROUTES))
def test_columns_overflow_console(driver, site, route, width):
    path, _, tablet, compact = ROUTES[route]
    open_page(driver, site + path, WIDTHS[width])
    visible = driver.execute_script(VISIBLE_COLUMNS)
    expected = {"desktop": ALL, "tablet": tablet, "phone": [compact]}[width]
    assert visible == expected, "%s at %s: %s" % (route, width, visible)
    assert driver.execute_script("return document.body.dataset.compactColumn") == compact
    scroll_width = driver.execute_script("return document.scrollingElement.scrollWidth")
    assert scroll_width <= WIDTHS[width][0], "horizontal overflow: %d" % scroll_width
    assert severe(driver) == []


@pytest.mark.parametrize("width", [320, 360, 639, 640, 1023, 1024, 2560])
@pytest.mark.parametrize("path", ["/", "/work/", "/work/roadmap/", "/ideas/keyboard-shortcuts/", "/404.html"])
def test_no_horizontal_scrolling(driver, site, path, width):
    open_page(driver, site + path, (width, 800))
    scroll_width = driver.execute_script("return document.scrollingElement.scrollWidth")
    assert scroll_width <= width


def test_one_h1_outside_note_bodies(driver, site):
    for path in ["/", "/work/", "/_tags/work/", "/_search/", "/work/roadmap/", "/work/roadmap/history/",
                 "/404.html"]:
        open_page(driver, site + path, WIDTHS["desktop"])
        count = driver.execute_script(
            "return [...document.querySelectorAll('h1')].filter(h => !h.closest('.note-body')).length")
        assert count == 1, path


@pytest.mark.parametrize("route", ["folder", "subfolder", "tag", "search", "note", "history"])
def test_phone_back_link_goes_to_parent(driver, site, route):
    path, parent, _, _ = ROUTES[route]
    open_page(driver, site + path, WIDTHS["phone"])
    links = driver.execute_script(VISIBLE_BACK_LINKS)
    assert links == [parent]
    link = [a for a in driver.find_elements("css selector", "a.back-link") if a.is_displayed()][0]
    link.click()
    wait_for(lambda: path_of(driver) == parent, message="back link to " + parent)
    settle(driver)
    assert driver.execute_script(VISIBLE_COLUMNS) == [ROUTES_BY_PATH[parent]]


ROUTES_BY_PATH = {v[0]: v[3] for v in ROUTES.values()}


# Boxes of the tag links for `#project/alpha` and `#project/beta` and their parent `#project`.
TAG_ROWS = """
const rows = [...document.querySelectorAll('.tag-list a')];
return ['/_tags/project/', '/_tags/project/alpha/', '/_tags/project/beta/'].map(path => {
  const a = rows.find(a => new URL(a.href).pathname === path);
  const r = a.getBoundingClientRect();
  return {left: r.left, right: r.right, top: r.top, height: r.height,
          nested: a.parentElement.parentElement.closest('li') !== null};
});"""


@pytest.mark.parametrize("width", list(WIDTHS))
def test_nested_tags_are_indented_below_their_parent(driver, site, width):
    # `?folders`: the folders column on a phone, never a restored note.
    open_page(driver, site + "/?folders", WIDTHS[width])
    parent, alpha, beta = driver.execute_script(TAG_ROWS)
    assert [parent["nested"], alpha["nested"], beta["nested"]] == [False, True, True]
    assert alpha["left"] > parent["left"] and beta["left"] == alpha["left"]
    assert parent["top"] < alpha["top"] < beta["top"]
    assert all(row["height"] > 0 and row["right"] <= parent["right"] + 0.5 for row in (alpha, beta))
    scroll_width = driver.execute_script("return document.scrollingElement.scrollWidth")
    assert scroll_width <= WIDTHS[width][0]


def test_home_has_no_back_link(driver, site):
    open_page(driver, site + "/", WIDTHS["phone"])
    assert driver.execute_script(VISIBLE_BACK_LINKS) == []


def test_keyboard_skip_link_then_folders_then_enter_opens_note(driver, site):
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys

    open_page(driver, site + "/work/", WIDTHS["desktop"])
    ActionChains(driver).send_keys(Keys.TAB).perform()
    first = driver.switch_to.active_element
    assert "skip-link" in (first.get_attribute("class") or "")
    assert first.is_displayed()
    assert urlparse(first.get_attribute("href")).fragment == "detail"
    ActionChains(driver).send_keys(Keys.TAB).perform()
    in_folders = driver.execute_script(
        "return !!document.activeElement.closest('[data-column=folders]') && document.activeElement.tagName")
    assert in_folders == "A"
    # Tab on to the first folder link of the tree.
    for _ in range(20):
        if driver.execute_script("return !!document.activeElement.closest('.folder-tree')"):
            break
        ActionChains(driver).send_keys(Keys.TAB).perform()
    assert driver.execute_script("return !!document.activeElement.closest('.folder-tree')")
    # Enter on a note link opens the note.
    note = driver.find_element("css selector", "[data-column=notes] .note-list a")
    target = urlparse(note.get_attribute("href")).path
    driver.execute_script("arguments[0].focus()", note)
    ActionChains(driver).send_keys(Keys.ENTER).perform()
    wait_for(lambda: path_of(driver) == target, message="note opened by Enter")
    wait_for(lambda: driver.execute_script("return document.body.dataset.route") == "note")
    assert driver.execute_script(
        "return document.querySelector('[data-column=notes] [aria-current=page]').pathname") == target
    assert severe(driver) == []


def test_swap_moves_focus_and_handles_history(driver, site):
    open_page(driver, site + "/work/roadmap/", WIDTHS["desktop"])
    driver.execute_script("window.__noReload = true")
    link = driver.find_element("css selector", "[data-column=folders] .folder-tree a[href$='/ideas/']")
    link.click()
    wait_for(lambda: path_of(driver) == "/ideas/", message="folder URL")
    wait_for(lambda: driver.execute_script("return document.body.dataset.route") == "folder")
    assert driver.execute_script("return window.__noReload") is True, "full reload instead of a swap"
    assert driver.execute_script("return document.activeElement.matches('[data-column=notes] h1')")
    assert driver.execute_script(
        "return document.querySelector('[data-column=folders] [aria-current=page]').pathname") == "/ideas/"
    assert "Ideas" in driver.title
    # A note from this list: focus goes to the detail column.
    driver.find_element("css selector", "[data-column=notes] .note-list a").click()
    wait_for(lambda: driver.execute_script("return document.body.dataset.route") == "note")
    assert driver.execute_script("return document.activeElement.id") == "detail"
    assert driver.execute_script("return document.body.dataset.folder") == "ideas"
    # Back and forward swap the columns back.
    driver.back()
    wait_for(lambda: path_of(driver) == "/ideas/" and
             driver.execute_script("return document.body.dataset.route") == "folder", message="back")
    driver.back()
    wait_for(lambda: path_of(driver) == "/work/roadmap/" and
             driver.execute_script("return document.body.dataset.note") == "work/roadmap", message="back")
    assert driver.execute_script("return window.__noReload") is True
    driver.forward()
    wait_for(lambda: driver.execute_script("return document.body.dataset.route") == "folder", message="fwd")
    assert severe(driver) == []


def test_file_links_are_left_to_the_browser(driver, site):
    open_page(driver, site + "/work/roadmap/", WIDTHS["desktop"])
    hrefs = driver.execute_script(
        "return [...document.querySelectorAll('a[href]')].map(a => a.getAttribute('href'))")
    assert all(not h.startswith("javascript:") for h in hrefs)
    # A link to a file (not a page) is left to the browser.
    driver.execute_script("window.__noReload = true")
    driver.execute_script(
        "const a = document.createElement('a'); a.href = document.body.dataset.base + '_assets/notes.json';"
        "a.id = 'filelink'; a.textContent = 'x'; document.getElementById('detail').append(a); a.click();")
    wait_for(lambda: path_of(driver).endswith("notes.json"), message="file navigation")


def test_swap_keeps_list_scroll_position():
    if not LONG_SITE_DIR:
        pytest.skip("LONG_SITE_DIR is not set")
    httpd, root = serve(LONG_SITE_DIR)
    drv = start_browser()
    try:
        open_page(drv, root + "/long/", WIDTHS["desktop"])
        scroll = drv.execute_script(
            "const c = document.querySelector('[data-column=notes]');"
            "c.scrollTop = 600; return [c.scrollTop, c.scrollHeight, c.clientHeight];")
        assert scroll[1] > scroll[2] and scroll[0] > 0, scroll
        drv.execute_script("window.__noReload = true")
        link = drv.execute_script(
            "const c = document.querySelector('[data-column=notes]'), r = c.getBoundingClientRect();"
            "return [...c.querySelectorAll('.note-list a')].find(a => {"
            "  const b = a.getBoundingClientRect(); return b.top > r.top + 150 && b.bottom < r.bottom; });")
        target = urlparse(link.get_attribute("href")).path
        link.click()
        wait_for(lambda: path_of(drv) == target, message="note URL")
        wait_for(lambda: drv.execute_script("return document.body.dataset.route") == "note")
        assert drv.execute_script("return window.__noReload") is True
        top = drv.execute_script("return document.querySelector('[data-column=notes]').scrollTop")
        assert top == scroll[0]
        assert drv.execute_script(
            "return document.querySelector('[data-column=notes] [aria-current=page]').pathname") == target
        assert severe(drv) == []
    finally:
        drv.quit()
        httpd.shutdown()


def test_restore_last_note_only_when_it_still_exists(driver, site):
    manifest = os.path.join(SITE_DIR, "_assets", "notes.json")
    with open(manifest, encoding="utf-8") as f:
        original = f.read()
    try:
        open_page(driver, site + "/work/roadmap/", WIDTHS["desktop"])
        stored = json.loads(driver.execute_script(
            "return Object.entries(localStorage).find(([k]) => k.startsWith('notes-site:last-note'))[1]"))
        assert stored == {"note": "work/roadmap", "folder": "work"}
        driver.execute_script("sessionStorage.clear()")

        # Opening home fresh goes back to the note.
        driver.get(site + "/")
        wait_for(lambda: path_of(driver) == "/work/roadmap/", message="restore to the note")
        # Only once per session: home asked for again stays home.
        driver.get(site + "/")
        settle(driver)
        time.sleep(0.5)
        assert path_of(driver) == "/"

        # Asking for the folder list with a query never restores.
        driver.execute_script("sessionStorage.clear()")
        driver.get(site + "/?folders")
        settle(driver)
        time.sleep(0.5)
        assert path_of(driver) == "/"

        # Reaching home by a link inside the site never restores.
        driver.execute_script("sessionStorage.clear()")
        open_page(driver, site + "/work/roadmap/", WIDTHS["phone"])
        driver.execute_script("sessionStorage.clear()")
        driver.execute_script("location.href = document.body.dataset.base")
        wait_for(lambda: path_of(driver) == "/", message="home")
        settle(driver)
        time.sleep(0.5)
        assert path_of(driver) == "/"

        # The note is gone from the manifest: home stays home.
        data = json.loads(original)
        del data["work/roadmap"]
        with open(manifest, "w", encoding="utf-8") as f:
            json.dump(data, f)
        open_page(driver, site + "/work/roadmap/", WIDTHS["desktop"])
        driver.execute_script("sessionStorage.clear()")
        driver.get(site + "/")
        settle(driver)
        time.sleep(0.8)
        assert path_of(driver) == "/"
        assert driver.execute_script("return document.body.dataset.route") == "home"

        # The note moved to another folder: home stays home too.
        data = json.loads(original)
        data["work/roadmap"] = "ideas"
        with open(manifest, "w", encoding="utf-8") as f:
            json.dump(data, f)
        open_page(driver, site + "/work/roadmap/", WIDTHS["desktop"])
        driver.execute_script("sessionStorage.clear()")
        driver.get(site + "/")
        settle(driver)
        time.sleep(0.8)
        assert path_of(driver) == "/"
        assert severe(driver) == []
    finally:
        with open(manifest, "w", encoding="utf-8") as f:
            f.write(original)
        driver.execute_script("localStorage.clear(); sessionStorage.clear()")


def test_search_form_is_shown_by_script(driver, site):
    open_page(driver, site + "/work/", WIDTHS["desktop"])
    assert driver.execute_script("return document.querySelector('form[data-search]').hidden") is False


def test_dark_mode_changes_colours(driver, site):
    open_page(driver, site + "/work/roadmap/", WIDTHS["desktop"], dark=False)
    light = driver.execute_script("return getComputedStyle(document.getElementById('detail')).backgroundColor")
    open_page(driver, site + "/work/roadmap/", WIDTHS["desktop"], dark=True)
    dark = driver.execute_script("return getComputedStyle(document.getElementById('detail')).backgroundColor")
    assert light != dark
    set_viewport(driver, *WIDTHS["desktop"], dark=False)


def test_print_shows_only_the_note(driver, site):
    open_page(driver, site + "/work/roadmap/", WIDTHS["desktop"])
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "print"})
    try:
        assert driver.execute_script(VISIBLE_COLUMNS) == ["detail"]
    finally:
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": ""})


def test_list_dates_read_against_the_readers_day(driver, site):
    """The page writes list dates as dates (it cannot know the reader's day); the script makes
    a recent one a time, "Yesterday" or a weekday, as Apple Notes does, against the reader's
    clock, here set relative to the newest note's date."""
    open_page(driver, site + "/work/", WIDTHS["desktop"])
    first = driver.execute_script(
        "const t = document.querySelector('[data-column=notes] .note-list time');"
        "return [t.getAttribute('datetime'), t.textContent];")
    newest = driver.execute_script("return Date.parse(arguments[0]);", first[0])
    day = 86400000
    # (reader's clock, expected label of the newest entry): a date stays for an old note.
    when = driver.execute_script(
        "const d = new Date(arguments[0]); return [d.getUTCHours() + ':' + String(d.getUTCMinutes()).padStart(2, '0'),"
        "['Sunday','Monday','Tuesday','Wednesday','Thursday','Friday','Saturday'][d.getUTCDay()]];", newest)
    cases = [(newest + 60000, when[0]), (newest + day, "Yesterday"), (newest + 3 * day, when[1]), (newest + 30 * day, first[1])]
    try:
        for clock, expected in cases:
            script = driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": """
(function () {
  var fixed = %d, RealDate = Date;
  function FakeDate() {
    if (!(this instanceof FakeDate)) return new RealDate(fixed).toString();
    return arguments.length ? new (Function.prototype.bind.apply(RealDate, [null].concat([].slice.call(arguments))))() : new RealDate(fixed);
  }
  FakeDate.UTC = RealDate.UTC; FakeDate.parse = RealDate.parse; FakeDate.now = function () { return fixed; };
  FakeDate.prototype = RealDate.prototype;
  window.Date = FakeDate;
})();""" % clock})
            try:
                open_page(driver, site + "/work/", WIDTHS["desktop"])
                label = driver.execute_script(
                    "return document.querySelector('[data-column=notes] .note-list time').textContent;")
                assert label == expected, (clock, label, expected)
            finally:
                driver.execute_cdp_cmd("Page.removeScriptToEvaluateOnNewDocument", {"identifier": script["identifier"]})
    finally:
        driver.execute_script("localStorage.clear(); sessionStorage.clear()")
