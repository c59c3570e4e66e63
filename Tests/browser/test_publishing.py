"""Publishing must-shows, end to end with the built binary (Tests/browser/run.sh sets
NOTES_SITE_BIN and SAMPLE_ROOT):

- the sample site built with --base-url http://127.0.0.1:PORT/sub/ and served only under /sub/
  has no broken links (every href/src/action and CSS url(), fragments checked against ids),
  a sitemap and an Atom feed that a real XML parser accepts, and working alias redirects;
- `notes-site serve` reloads an open note within 2 seconds of an edit, never serves a file
  outside its output for traversal attempts, and answers 200 concurrent connections.

Focused run: NOTES_SITE_BIN=.build/debug/notes-site SAMPLE_ROOT=. \
  python3 -m pytest -q -p no:cacheprovider Tests/browser/test_publishing.py
"""
import html.parser
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time
import http.server
import urllib.error
import urllib.request
import xml.etree.ElementTree as ET
from datetime import datetime
from urllib.parse import quote, unquote, urljoin, urldefrag, urlparse

import pytest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import settle, start_browser  # noqa: E402

BIN = os.environ.get("NOTES_SITE_BIN")
SAMPLE = os.environ.get("SAMPLE_ROOT")
if not BIN or not SAMPLE:
    pytest.skip("NOTES_SITE_BIN / SAMPLE_ROOT are not set: run Tests/browser/run.sh",
                allow_module_level=True)

ATOM = "{http://www.w3.org/2005/Atom}"
SITEMAP = "{http://www.sitemaps.org/schemas/sitemap/0.9}"
ALIAS_NOTE = """---
title: Moved note
date: 2026-02-01
aliases: [/old/path/]
---
# Moved note

This note used to live at /old/path/. See [[Product Roadmap 2026]].
"""


def copy_sample(dest):
    """The sample site's inputs: content/ and notes-site.yml (the repo's Templates/ is the
    built-in theme, already compiled into the binary)."""
    os.makedirs(dest, exist_ok=True)
    shutil.copytree(os.path.join(SAMPLE, "content"), os.path.join(dest, "content"))
    config = os.path.join(SAMPLE, "notes-site.yml")
    if os.path.exists(config):
        shutil.copy2(config, os.path.join(dest, "notes-site.yml"))


def git(cwd, *args):
    env = dict(os.environ, GIT_AUTHOR_NAME="Ada", GIT_AUTHOR_EMAIL="ada@example.org",
               GIT_COMMITTER_NAME="Ada", GIT_COMMITTER_EMAIL="ada@example.org",
               GIT_AUTHOR_DATE="2026-03-01T10:00:00Z", GIT_COMMITTER_DATE="2026-03-01T10:00:00Z")
    subprocess.run(["git", *args], cwd=cwd, env=env, check=True, capture_output=True)


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


# ---------------------------------------------------------------------------------------------
# Sub-path hosting


class SubPathHandler(http.server.SimpleHTTPRequestHandler):
    """Serves the output folder at /sub/ and nothing anywhere else, like a host that puts the
    site in a sub-directory; 404s (with the site's 404.html) elsewhere."""

    def log_message(self, *args):
        pass

    def list_directory(self, path):
        self.send_error(404, "No index.html")

    def translate_path(self, path):
        clean = path.split("?", 1)[0].split("#", 1)[0]
        if not clean.startswith("/sub/"):
            return os.path.join(self.directory, ".not-under-sub", "missing")
        return super().translate_path(clean[len("/sub"):])


@pytest.fixture(scope="module")
def subsite():
    tmp = tempfile.mkdtemp(prefix="notes-site-publishing-")
    src = os.path.join(tmp, "src")
    copy_sample(src)
    with open(os.path.join(src, "content", "Work", "Moved note.md"), "w") as f:
        f.write(ALIAS_NOTE)
    # A git history, so history and revision pages exist and are crawled too.
    git(src, "init", "-q")
    git(src, "add", "-A")
    git(src, "commit", "-q", "-m", "Sample notes")
    out = os.path.join(tmp, "out")

    import functools
    httpd = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(SubPathHandler, directory=out))
    root = "http://127.0.0.1:%d" % httpd.server_address[1]
    base = root + "/sub/"
    build = subprocess.run([BIN, "build", "--source", src, "--output", out, "--base-url", base,
                            "--quiet"], capture_output=True, text=True)
    assert build.returncode == 0, build.stderr
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    yield {"root": root, "base": base, "out": out}
    httpd.shutdown()
    httpd.server_close()
    shutil.rmtree(tmp, ignore_errors=True)


class LinkParser(html.parser.HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.links, self.ids, self.styles = [], set(), []
        self._in_style = False
        self.meta_refresh = None
        self.canonical = None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        for name in ("href", "src", "action", "poster"):
            if a.get(name) is not None:
                self.links.append(a[name])
        if a.get("srcset"):
            self.links += [part.strip().split(" ")[0] for part in a["srcset"].split(",") if part.strip()]
        for name in ("id", "name"):
            if a.get(name):
                self.ids.add(a[name])
        if a.get("style"):
            self.styles.append(a["style"])
        if tag == "style":
            self._in_style = True
        if tag == "meta" and (a.get("http-equiv") or "").lower() == "refresh":
            self.meta_refresh = a.get("content")
        if tag == "link" and a.get("rel") == "canonical":
            self.canonical = a.get("href")

    def handle_endtag(self, tag):
        if tag == "style":
            self._in_style = False

    def handle_data(self, data):
        if self._in_style:
            self.styles.append(data)


CSS_URL = re.compile(r"""url\(\s*(['"]?)([^'")]+)\1\s*\)""")


def as_uri(url):
    """An IRI as a browser sends it: non-ASCII percent-encoded, existing escapes kept."""
    return quote(url, safe=":/?#[]@!$&'()*+,;=%~")


def fetch(url):
    """(status, content type, body, final URL) without raising on 4xx/5xx."""
    url = as_uri(url)
    try:
        with urllib.request.urlopen(url, timeout=30) as r:
            return r.status, r.headers.get("Content-Type", ""), r.read(), r.geturl()
    except urllib.error.HTTPError as e:
        return e.code, e.headers.get("Content-Type", ""), e.read(), url


def crawl(start, root):
    """Follows every same-origin link from start; returns (pages, broken, fragments)."""
    start = as_uri(start)
    seen, queue = {start}, [start]
    pages = {}  # url → LinkParser for HTML pages
    bodies = {}
    broken = []
    wanted_fragments = []  # (from, url, fragment)
    while queue:
        url = queue.pop(0)
        status, ctype, body, final = fetch(url)
        if status != 200:
            broken.append((url, status))
            continue
        bodies[url] = (ctype, body)
        found = []
        if "text/html" in ctype:
            p = LinkParser()
            p.feed(body.decode("utf-8"))
            pages[url] = p
            found = p.links + [m.group(2) for s in p.styles for m in CSS_URL.finditer(s)]
        elif "css" in ctype or url.endswith(".css"):
            found = [m.group(2) for m in CSS_URL.finditer(body.decode("utf-8"))]
        elif url.endswith(".xml"):
            tree = ET.fromstring(body)
            found = [e.text for e in tree.iter(SITEMAP + "loc")]
            found += [e.get("href") for e in tree.iter(ATOM + "link")]
        for link in found:
            if not link or link.startswith(("data:", "mailto:", "tel:")):
                continue
            assert not link.lower().startswith("javascript:"), "%s has %s" % (url, link)
            absolute = as_uri(urljoin(final, link))
            if not absolute.startswith(root + "/"):
                continue  # another site
            target, fragment = urldefrag(absolute)
            if fragment:
                wanted_fragments.append((url, target, unquote(fragment)))
            if target not in seen:
                seen.add(target)
                queue.append(target)
    missing_fragments = [(src, target, frag) for src, target, frag in wanted_fragments
                         if target in pages and frag not in pages[target].ids]
    return pages, bodies, broken, missing_fragments


@pytest.fixture(scope="module")
def crawled(subsite):
    return crawl(subsite["base"], subsite["root"])


def test_sub_path_site_has_no_broken_links(subsite, crawled):
    pages, bodies, broken, missing_fragments = crawled
    assert not broken, "broken links: %s" % broken[:20]
    assert not missing_fragments, "fragments without a matching id: %s" % missing_fragments[:20]
    # It really crawled the site: notes, folders, tags, history, a revision, assets, feed.
    paths = {urlparse(u).path for u in bodies}
    assert len(pages) > 60, len(pages)
    assert all(p.startswith("/sub/") for p in paths), [p for p in paths if not p.startswith("/sub/")]
    for expected in ("/sub/work/roadmap/", "/sub/work/", "/sub/_tags/planning/",
                     "/sub/work/roadmap/history/", "/sub/feed.xml", "/sub/_search/"):
        assert expected in paths, expected
    assert any(re.fullmatch(r"/sub/_assets/site\.[0-9a-f]+\.css", p) for p in paths)
    assert any(re.fullmatch(r"/sub/work/roadmap/history/[0-9a-f]+/", p) for p in paths)
    assert any(p.endswith(".png") for p in paths)
    # What the scripts fetch is there too.
    assert fetch(subsite["base"] + "_assets/notes.json")[0] == 200
    assert fetch(subsite["base"] + "_search/")[0] == 200
    # And nothing of the site answers outside /sub/.
    assert fetch(subsite["root"] + "/work/roadmap/")[0] == 404


def test_sitemap_is_valid_and_under_the_sub_path(subsite, crawled):
    status, _, body, _ = fetch(subsite["base"] + "sitemap.xml")
    assert status == 200
    tree = ET.fromstring(body)
    assert tree.tag == SITEMAP + "urlset"
    locs = [u.findtext(SITEMAP + "loc") for u in tree.findall(SITEMAP + "url")]
    assert len(locs) > 20 and len(set(locs)) == len(locs)
    assert subsite["base"] in locs
    assert subsite["base"] + "work/roadmap/" in locs
    for loc in locs:
        assert loc.startswith(subsite["base"]), loc
        assert loc.isascii(), loc
        assert fetch(loc)[0] == 200, loc
    for url in tree.findall(SITEMAP + "url"):
        lastmod = url.findtext(SITEMAP + "lastmod")
        if lastmod:
            datetime.fromisoformat(lastmod.replace("Z", "+00:00"))
    # robots.txt names it.
    robots = fetch(subsite["base"] + "robots.txt")[2].decode()
    assert "Sitemap: %ssitemap.xml" % subsite["base"] in robots.splitlines()


def test_atom_feed_is_valid_and_under_the_sub_path(subsite):
    status, ctype, body, _ = fetch(subsite["base"] + "feed.xml")
    assert status == 200
    feed = ET.fromstring(body)
    assert feed.tag == ATOM + "feed"
    for required in ("id", "title", "updated"):
        assert (feed.findtext(ATOM + required) or "").strip(), required
    assert (feed.findtext(ATOM + "author/" + ATOM + "name") or "").strip()
    assert feed.findtext(ATOM + "id").startswith(subsite["base"])
    datetime.fromisoformat(feed.findtext(ATOM + "updated").replace("Z", "+00:00"))
    links = {(l.get("rel"), l.get("href")) for l in feed.findall(ATOM + "link")}
    assert ("self", subsite["base"] + "feed.xml") in links
    assert ("alternate", subsite["base"]) in links
    entries = feed.findall(ATOM + "entry")
    assert entries
    for entry in entries:
        for required in ("id", "title", "updated"):
            assert (entry.findtext(ATOM + required) or "").strip(), required
        datetime.fromisoformat(entry.findtext(ATOM + "updated").replace("Z", "+00:00"))
        assert entry.findtext(ATOM + "id").startswith(subsite["base"])
        hrefs = [l.get("href") for l in entry.findall(ATOM + "link") if l.get("rel", "alternate") == "alternate"]
        assert hrefs and all(h.startswith(subsite["base"]) for h in hrefs), hrefs
        assert fetch(hrefs[0])[0] == 200, hrefs[0]
    # Newest first.
    dates = [entry.findtext(ATOM + "updated") for entry in entries]
    assert dates == sorted(dates, reverse=True)
    # Also the same with minidom, a second parser.
    import xml.dom.minidom
    assert xml.dom.minidom.parseString(body).documentElement.tagName == "feed"


def test_alias_redirects_to_the_note(subsite):
    note = subsite["base"] + "work/moved-note/"
    status, _, body, _ = fetch(note)
    assert status == 200
    status, ctype, body, _ = fetch(subsite["base"] + "old/path/")
    assert status == 200 and "text/html" in ctype
    p = LinkParser()
    p.feed(body.decode())
    assert p.canonical == note
    delay, _, target = (p.meta_refresh or "").partition(";")
    assert delay.strip() == "0"
    assert target.strip().lower().startswith("url=") and target.strip()[4:] == note
    # The alias is not at the server root.
    assert fetch(subsite["root"] + "/old/path/")[0] == 404


def test_alias_lands_on_the_note_in_a_browser(subsite):
    driver = start_browser()
    try:
        driver.get(subsite["base"] + "old/path/")
        end = time.time() + 5
        while time.time() < end and driver.current_url != subsite["base"] + "work/moved-note/":
            time.sleep(0.05)
        assert driver.current_url == subsite["base"] + "work/moved-note/"
        settle(driver)
        assert driver.find_element("css selector", "main h1").text == "Moved note"
        assert driver.execute_script("return document.body.dataset.route") == "note"
    finally:
        driver.quit()


# ---------------------------------------------------------------------------------------------
# serve


@pytest.fixture(scope="module")
def served():
    tmp = tempfile.mkdtemp(prefix="notes-site-serve-")
    src = os.path.join(tmp, "src")
    copy_sample(src)
    # Files that must never be served: beside the output and above the source.
    secret = "SECRET-%d-NOT-FOR-THE-WEB" % os.getpid()
    for path in (os.path.join(tmp, "secret.txt"), os.path.join(src, "secret.txt")):
        with open(path, "w") as f:
            f.write(secret)
    out = os.path.join(src, "_site")
    port = free_port()
    log = open(os.path.join(tmp, "serve.log"), "w+")
    proc = subprocess.Popen([BIN, "serve", "--source", src, "--output", out, "--port", str(port)],
                            stdout=log, stderr=subprocess.STDOUT)
    root = "http://127.0.0.1:%d" % port
    try:
        end = time.time() + 120
        while True:
            assert proc.poll() is None, open(log.name).read()
            try:
                if fetch(root + "/")[0] == 200:
                    break
            except OSError:
                pass
            assert time.time() < end, "serve did not come up"
            time.sleep(0.2)
        yield {"root": root, "port": port, "src": src, "secret": secret, "proc": proc}
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        log.close()
        shutil.rmtree(tmp, ignore_errors=True)


def test_serve_reloads_an_open_note_within_two_seconds(served):
    driver = start_browser()
    try:
        driver.get(served["root"] + "/work/roadmap/")
        settle(driver)
        assert "Product Roadmap 2026" in driver.find_element("css selector", "main h1").text
        # The page is watching: the live-reload script is loaded.
        assert driver.execute_script(
            "return [...document.scripts].some(s => s.src.includes('/_notes-site/live-reload.js'))")
        time.sleep(0.5)  # let the first long poll start
        marker = "Edited-%d" % time.time_ns()
        path = os.path.join(served["src"], "content", "Work", "Roadmap.md")
        with open(path, encoding="utf-8") as f:
            text = f.read()
        with open(path, "w", encoding="utf-8") as f:
            f.write(text + "\n\n%s was written while the page was open.\n" % marker)
        start = time.time()
        shown = False
        while time.time() - start < 2.0:
            try:
                if marker in driver.find_element("css selector", "main").text:
                    shown = True
                    break
            except Exception:  # between two documents
                pass
            time.sleep(0.05)
        elapsed = time.time() - start
        assert shown, "the edit did not show within 2 s (no manual reload)"
        print("live reload showed the edit after %.2f s" % elapsed)
    finally:
        driver.quit()


def raw_request(port, data, timeout=10):
    with socket.create_connection(("127.0.0.1", port), timeout=timeout) as s:
        s.sendall(data)
        chunks = []
        try:
            while True:
                chunk = s.recv(65536)
                if not chunk:
                    break
                chunks.append(chunk)
        except socket.timeout:
            pass
        return b"".join(chunks)


TRAVERSALS = [
    b"/../secret.txt", b"/../../secret.txt", b"/../../../../../../etc/passwd",
    b"/%2e%2e/secret.txt", b"/%2e%2e/%2e%2e/secret.txt", b"/%2E%2E/%2E%2E/%2E%2E/%2E%2E/etc/passwd",
    b"/..%2fsecret.txt", b"/..%2f..%2fsecret.txt", b"/..%2F..%2F..%2F..%2Fetc%2Fpasswd",
    b"/%2e%2e%2f%2e%2e%2fsecret.txt", b"/work/../../secret.txt", b"/work/%2e%2e/%2e%2e/secret.txt",
    b"/..\\..\\secret.txt", b"/%5c..%5c..%5csecret.txt", b"//etc/passwd", b"/.%2e/.%2e/secret.txt",
    b"/%252e%252e/secret.txt", b"/%c0%ae%c0%ae/secret.txt",
    b"/secret.txt%00.html", b"/%00/../secret.txt", b"/\x00/../secret.txt", b"/index.html\x00.txt",
    b"http://127.0.0.1/../secret.txt", b"http://127.0.0.1/%2e%2e/%2e%2e/etc/passwd",
    b"http://evil.example/../../secret.txt", b"file:///etc/passwd", b"../secret.txt", b"*",
]


@pytest.mark.parametrize("target", TRAVERSALS, ids=lambda t: t.decode("latin-1").replace("\x00", "NUL"))
def test_serve_never_serves_files_outside_the_output(served, target):
    response = raw_request(served["port"], b"GET " + target + b" HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
    assert response.startswith(b"HTTP/1."), response[:200]
    status = int(response.split(b" ", 2)[1])
    assert served["secret"].encode() not in response
    assert b"root:x:0:0" not in response
    assert status in (301, 302, 400, 403, 404, 405, 414), (status, response[:300])


def test_serve_still_serves_the_site_after_the_attacks(served):
    status, _, body, _ = fetch(served["root"] + "/work/roadmap/")
    assert status == 200 and b"Roadmap" in body


def test_serve_answers_200_concurrent_connections(served):
    n = 200
    barrier = threading.Barrier(n)
    results = [None] * n

    def client(i):
        try:
            with socket.create_connection(("127.0.0.1", served["port"]), timeout=60) as s:
                barrier.wait(timeout=60)  # all 200 are connected before any request is sent
                path = ["/", "/work/", "/work/roadmap/", "/_search/"][i % 4]
                s.sendall(b"GET " + path.encode() + b" HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
                chunks = []
                while True:
                    chunk = s.recv(65536)
                    if not chunk:
                        break
                    chunks.append(chunk)
                results[i] = b"".join(chunks)
        except Exception as e:  # recorded, asserted below
            results[i] = repr(e).encode()

    threads = [threading.Thread(target=client, args=(i,)) for i in range(n)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(120)
    statuses = [r.split(b"\r\n", 1)[0] if r else b"none" for r in results]
    bad = [(i, s) for i, s in enumerate(statuses) if not s.startswith(b"HTTP/1.1 200")]
    assert not bad, "%d of %d not answered 200: %s" % (len(bad), n, bad[:10])
    # Each answer is complete: the declared length arrived.
    for r in results:
        head, _, body = r.partition(b"\r\n\r\n")
        m = re.search(rb"(?i)content-length:\s*(\d+)", head)
        if m:
            assert len(body) == int(m.group(1))
