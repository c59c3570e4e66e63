"""Browser tests of the theme in Japanese: the sample notes built with `language: ja` (plus one
long note that stresses line breaking). Run through Tests/browser/run.sh, which sets JA_SITE_DIR.
Screenshots need a Japanese font (`fonts-noto-cjk`); these checks hold with any font."""
import os
import sys

import pytest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import no_restore, serve, settle, set_viewport  # noqa: E402

JA_SITE_DIR = os.environ.get("JA_SITE_DIR")
if not JA_SITE_DIR:
    pytest.skip("JA_SITE_DIR is not set: run Tests/browser/run.sh", allow_module_level=True)

WIDTHS = {"phone": (390, 844), "desktop": (1440, 900)}
# Japanese notes: (path, its folder)
NOTES = {
    "recipe": ("/個人/レシピ/", "/個人/"),
    "kyoto": ("/personal/travel/kyoto/", "/personal/travel/"),
    "long": ("/個人/長文/", "/個人/"),
}

VISIBLE_COLUMNS = """
const W = innerWidth;
return [...document.querySelectorAll('[data-column]')].filter(el => {
  const cs = getComputedStyle(el), r = el.getBoundingClientRect();
  return r.width > 0 && r.height > 0 && cs.display !== 'none' && cs.visibility !== 'hidden'
    && r.right > 0 && r.left < W;
}).map(el => el.dataset.column);"""

# Elements of the note that stick out of its article (code blocks and tables scroll inside
# themselves, so their own box is what counts, not their content).
OVERFLOWING = """
const article = document.querySelector('article.note');
const limit = article.getBoundingClientRect();
const out = [];
for (const el of article.querySelectorAll('*')) {
  if (el.closest('pre, table') && !el.matches('pre, table')) continue;
  const r = el.getBoundingClientRect();
  if (r.width === 0) continue;
  if (r.right > limit.right + 1 || r.left < limit.left - 1) out.push(el.tagName + ' ' + el.textContent.slice(0, 40));
}
return out;"""

# Characters that Japanese line breaking rules (kinsoku) never put first on a line, found at the
# start of a rendered line.
KINSOKU = """
const forbidden = '、。，．）」』】〉》ッャュョァィゥェォっゃゅょぁぃぅぇぉー！？';
const body = document.querySelector('.note-body');
const walker = document.createTreeWalker(body, NodeFilter.SHOW_TEXT);
const range = document.createRange();
const bad = [];
let lines = 0;
for (let node = walker.nextNode(); node; node = walker.nextNode()) {
  if (node.parentElement.closest('pre, code')) continue;
  const text = node.textContent;
  let previousTop = null;
  for (let i = 0; i < text.length; i++) {
    range.setStart(node, i); range.setEnd(node, i + 1);
    const rects = range.getClientRects();
    if (!rects.length) continue;
    const top = rects[0].top;
    if (previousTop !== null && top > previousTop + 4) {
      lines++;
      if (forbidden.includes(text[i])) bad.push(text.slice(Math.max(0, i - 8), i + 4));
    }
    previousTop = top;
  }
}
return {bad, lines};"""


@pytest.fixture(scope="module")
def site():
    httpd, root = serve(JA_SITE_DIR)
    yield root
    httpd.shutdown()


def open_page(driver, url, size):
    driver.get_log("browser")
    set_viewport(driver, size[0], size[1])
    no_restore(driver)
    driver.get(url)
    settle(driver)


@pytest.mark.parametrize("width", list(WIDTHS))
@pytest.mark.parametrize("note", list(NOTES))
def test_japanese_note_columns_and_overflow(driver, site, note, width):
    path, _ = NOTES[note]
    open_page(driver, site + path, WIDTHS[width])
    assert driver.execute_script("return document.documentElement.lang") == "ja"
    assert driver.execute_script("return document.querySelector('article.note').lang") == "ja"
    visible = driver.execute_script(VISIBLE_COLUMNS)
    assert visible == (["detail"] if width == "phone" else ["folders", "notes", "detail"])
    scroll_width = driver.execute_script("return document.scrollingElement.scrollWidth")
    assert scroll_width <= WIDTHS[width][0], "horizontal overflow: %d" % scroll_width
    assert driver.execute_script(OVERFLOWING) == []
    severe = [e["message"] for e in driver.get_log("browser")
              if e["level"] == "SEVERE" and "favicon.ico" not in e["message"]]
    assert severe == []


@pytest.mark.parametrize("width", list(WIDTHS))
def test_japanese_line_breaking_keeps_kinsoku(driver, site, width):
    open_page(driver, site + NOTES["long"][0], WIDTHS[width])
    result = driver.execute_script(KINSOKU)
    # The long note wraps many times at both widths, so the rule is really exercised.
    assert result["lines"] >= 8, result
    assert result["bad"] == [], result["bad"]


def test_japanese_measure_and_headings(driver, site):
    open_page(driver, site + NOTES["long"][0], WIDTHS["desktop"])
    metrics = driver.execute_script("""
      const a = document.querySelector('article.note'), cs = getComputedStyle(a);
      const h1 = getComputedStyle(document.querySelector('.note-header h1'));
      return {width: a.getBoundingClientRect().width, font: parseFloat(cs.fontSize),
              lineHeight: parseFloat(cs.lineHeight), spacing: h1.letterSpacing,
              features: h1.fontFeatureSettings};""")
    # About 38 full-width characters a line, with taller leading than Latin text.
    assert metrics["width"] <= 38.5 * metrics["font"], metrics
    assert metrics["lineHeight"] >= 1.8 * metrics["font"], metrics
    assert metrics["spacing"] in ("normal", "0px"), metrics
    assert "palt" in metrics["features"], metrics


def test_japanese_folder_list_at_phone_width(driver, site):
    open_page(driver, site + NOTES["recipe"][1], WIDTHS["phone"])
    assert driver.execute_script(VISIBLE_COLUMNS) == ["notes"]
    label = driver.execute_script(
        "return document.querySelector('[data-column=notes]').getAttribute('aria-label')")
    assert label == "個人のメモ"
    assert driver.execute_script("return document.scrollingElement.scrollWidth") <= 390
