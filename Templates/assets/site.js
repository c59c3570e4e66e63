// notes-site: small, optional enhancements. The site works fully without this file.
// - swaps the three columns from the fetched page instead of a full reload;
// - remembers the last opened note and, on opening home fresh, goes back to it after checking
//   that it still exists in the same folder;
// - shows the search form (search needs JavaScript).
// Nothing here may throw: every entry point is guarded, and any failure falls back to the
// browser's own navigation.
(function () {
  "use strict";

  var KEY_LAST = "notes-site:last-note:";
  var KEY_RESTORED = "notes-site:restored:";
  var COLUMNS = ["folders", "notes", "detail"];
  var body = document.body;
  var base = (body && body.getAttribute("data-base")) || "/";
  var navigated = false; // set by any in-site navigation, so a late restore never overrides it
  var currentPath = location.pathname + location.search;
  var pending = null;
  var seq = 0;

  function guard(fn) {
    return function () {
      try { return fn.apply(this, arguments); } catch (e) { return undefined; }
    };
  }

  function storage(kind) {
    try {
      var s = window[kind];
      var probe = "notes-site:probe";
      s.setItem(probe, "1");
      s.removeItem(probe);
      return s;
    } catch (e) {
      return null;
    }
  }

  function column(doc, name) {
    return doc.querySelector('body > [data-column="' + name + '"]') || doc.querySelector('[data-column="' + name + '"]');
  }

  /* ---------------- Page set-up, run on load and after every swap ---------------- */

  function showSearch(root) {
    var forms = root.querySelectorAll("form[data-search]");
    for (var i = 0; i < forms.length; i++) forms[i].hidden = false;
  }

  function listKey(notes) {
    // Two notes columns show the same list page when they list the same links in order.
    if (!notes) return "";
    var links = notes.querySelectorAll(".note-list a[href]");
    var parts = [];
    for (var i = 0; i < links.length; i++) parts.push(links[i].getAttribute("href"));
    var heading = notes.querySelector(".column-title");
    return (heading ? heading.textContent : "") + "\n" + parts.join("\n");
  }

  function revealCurrentNote() {
    var notes = column(document, "notes");
    if (!notes) return;
    var current = notes.querySelector('.note-list [aria-current="page"]');
    if (!current || notes.scrollHeight <= notes.clientHeight) return;
    var header = notes.querySelector(".column-header");
    var top = 0;
    for (var el = current; el && el !== notes; el = el.offsetParent) top += el.offsetTop;
    var headerHeight = header ? header.offsetHeight : 0;
    var visibleTop = notes.scrollTop + headerHeight;
    var visibleBottom = notes.scrollTop + notes.clientHeight;
    if (top < visibleTop || top + current.offsetHeight > visibleBottom) {
      notes.scrollTop = Math.max(0, top - headerHeight - (notes.clientHeight - headerHeight) / 3);
    }
  }

  function rememberNote() {
    if (body.getAttribute("data-route") !== "note") return;
    var note = body.getAttribute("data-note");
    var folder = body.getAttribute("data-folder");
    if (!note || !folder) return;
    var local = storage("localStorage");
    if (local) local.setItem(KEY_LAST + base, JSON.stringify({ note: note, folder: folder }));
  }

  // The notes list's dates, written as dates, read like Apple Notes' against the reader's
  // day (UTC, as the pages write times): a time today, "Yesterday", a weekday within the week.
  function relabelDates(root) {
    var notes = column(root, "notes");
    var strings;
    try { strings = JSON.parse(notes.getAttribute("data-dates")); } catch (e) { return; }
    if (!strings) return;
    var now = new Date();
    var today = Math.floor(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) / 864e5);
    var times = notes.querySelectorAll(".note-list time[datetime]");
    for (var i = 0; i < times.length; i++) {
      var when = new Date(times[i].getAttribute("datetime"));
      if (isNaN(when.getTime())) continue;
      var days = today - Math.floor(when.getTime() / 864e5);
      var label = "";
      if (days === 0) label = timeLabel(strings, when);
      else if (days === 1) label = strings.yesterday;
      else if (days >= 2 && days <= 6) label = strings.weekdays[when.getUTCDay()];
      if (label) times[i].textContent = label;
    }
  }

  function timeLabel(strings, when) {
    var h = when.getUTCHours();
    var m = when.getUTCMinutes();
    var pad = function (n) { return (n < 10 ? "0" : "") + n; };
    var fields = { hour: String(h), hour_padded: pad(h), hour12: String(h % 12 === 0 ? 12 : h % 12),
      minute: pad(m), ampm: h < 12 ? strings.am : strings.pm };
    return String(strings.time).replace(/\{(\w+)\}/g, function (all, name) {
      return Object.prototype.hasOwnProperty.call(fields, name) ? fields[name] : "";
    });
  }

  var setUp = guard(function (root) {
    showSearch(root || document);
    rememberNote();
    relabelDates(root || document);
  });

  /* ---------------- Column swapping ---------------- */

  function isPageURL(url) {
    if (url.origin !== location.origin) return false;
    if (url.pathname.indexOf(base) !== 0) return false;
    var rest = url.pathname.slice(base.length);
    if (rest.indexOf("_assets/") === 0 || rest.indexOf("_search/") === 0) return false;
    // Pages are folders with an index.html; anything with an extension is a file.
    return /\/$/.test(url.pathname) || /\/index\.html?$/.test(url.pathname);
  }

  function linkTarget(event) {
    if (event.defaultPrevented || event.button !== 0) return null;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
    var a = event.target && event.target.closest ? event.target.closest("a[href]") : null;
    if (!a || !a.closest("[data-column]")) return null;
    if (a.hasAttribute("download") || (a.target && a.target !== "_self")) return null;
    var rel = (a.getAttribute("rel") || "").split(/\s+/);
    if (rel.indexOf("external") >= 0) return null;
    var url = new URL(a.href, location.href);
    if (!isPageURL(url)) return null;
    // A jump inside the current page is the browser's job.
    if (url.pathname + url.search === location.pathname + location.search && url.hash) return null;
    return url;
  }

  function scriptsOf(doc) {
    var list = [];
    var scripts = doc.querySelectorAll("script[src]");
    for (var i = 0; i < scripts.length; i++) list.push(new URL(scripts[i].getAttribute("src"), location.href).href);
    return list;
  }

  function sameScripts(doc) {
    var have = scriptsOf(document);
    var need = scriptsOf(doc);
    for (var i = 0; i < need.length; i++) if (have.indexOf(need[i]) < 0) return false;
    return true;
  }

  function swap(doc, url) {
    var fresh = {};
    for (var i = 0; i < COLUMNS.length; i++) {
      fresh[COLUMNS[i]] = column(doc, COLUMNS[i]);
      if (!fresh[COLUMNS[i]] || !column(document, COLUMNS[i])) return false;
    }
    if (!sameScripts(doc) || !doc.body) return false;

    var oldFolders = column(document, "folders");
    var oldNotes = column(document, "notes");
    var sameList = listKey(oldNotes) === listKey(fresh.notes);
    var foldersTop = oldFolders.scrollTop;
    var notesTop = oldNotes.scrollTop;

    // Finish the new columns before they are measured, so nothing moves after the scroll
    // positions are set.
    for (i = 0; i < COLUMNS.length; i++) showSearch(fresh[COLUMNS[i]]);
    for (i = 0; i < COLUMNS.length; i++) {
      var old = column(document, COLUMNS[i]);
      old.parentNode.replaceChild(document.adoptNode(fresh[COLUMNS[i]]), old);
    }
    document.title = doc.title;
    var attrs = [];
    for (i = 0; i < body.attributes.length; i++) attrs.push(body.attributes[i].name);
    for (i = 0; i < attrs.length; i++) if (attrs[i].indexOf("data-") === 0) body.removeAttribute(attrs[i]);
    for (i = 0; i < doc.body.attributes.length; i++) {
      var attr = doc.body.attributes[i];
      if (attr.name.indexOf("data-") === 0) body.setAttribute(attr.name, attr.value);
    }
    var lang = doc.documentElement.getAttribute("lang");
    if (lang) document.documentElement.setAttribute("lang", lang);

    column(document, "folders").scrollTop = foldersTop;
    var notes = column(document, "notes");
    if (sameList) notes.scrollTop = notesTop;
    else revealCurrentNote();
    var detail = column(document, "detail");
    detail.scrollTop = 0;
    var target = url.hash ? document.getElementById(decodeURIComponent(url.hash.slice(1))) : null;
    if (target && target.scrollIntoView) target.scrollIntoView();
    else window.scrollTo(0, 0);
    return true;
  }

  function moveFocus() {
    var compact = body.getAttribute("data-compact-column");
    var target = null;
    if (compact === "detail") {
      target = document.getElementById("detail");
    } else {
      var col = column(document, compact === "folders" ? "folders" : "notes");
      target = col && (col.querySelector("h1") || col.querySelector(".column-title"));
      if (target && !target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
    }
    if (target && target.focus) {
      try { target.focus({ preventScroll: true }); } catch (e) { target.focus(); }
    }
  }

  function load(url, push) {
    navigated = true;
    var id = ++seq;
    if (pending && pending.abort) pending.abort();
    pending = window.AbortController ? new AbortController() : null;
    body.setAttribute("aria-busy", "true");
    var done = function () { if (id === seq) body.removeAttribute("aria-busy"); };
    return fetch(url.href, {
      credentials: "same-origin",
      headers: { Accept: "text/html" },
      signal: pending ? pending.signal : undefined
    }).then(function (response) {
      var type = response.headers.get("Content-Type") || "";
      if (!response.ok || type.indexOf("text/html") < 0) throw new Error("not a page");
      return response.text().then(function (text) { return { text: text, url: response.url || url.href }; });
    }).then(function (result) {
      if (id !== seq) return;
      var finalURL = new URL(result.url, location.href);
      if (url.hash && !finalURL.hash) finalURL.hash = url.hash;
      var doc = new DOMParser().parseFromString(result.text, "text/html");
      if (!swap(doc, finalURL)) throw new Error("not a notes-site page");
      if (push) {
        if (finalURL.href === location.href) history.replaceState({ notesSite: true }, "", finalURL.href);
        else history.pushState({ notesSite: true }, "", finalURL.href);
      } else if (finalURL.href !== location.href) {
        history.replaceState({ notesSite: true }, "", finalURL.href);
      }
      currentPath = location.pathname + location.search;
      setUp(document);
      moveFocus();
      done();
    }).catch(function (error) {
      done();
      if (id !== seq || (error && error.name === "AbortError")) return;
      // Fall back to the browser's own navigation.
      if (push) location.assign(url.href);
      else location.reload();
    });
  }

  var onClick = guard(function (event) {
    var url = linkTarget(event);
    if (!url) return;
    event.preventDefault();
    load(url, true);
  });

  var onPopState = guard(function () {
    // Only the path matters: a history entry that differs by its #fragment is the same page.
    if (location.pathname + location.search === currentPath) return;
    load(new URL(location.href), false);
  });

  var canSwap = !!(window.fetch && window.DOMParser && window.URL && window.Promise &&
    history.pushState && document.adoptNode && Element.prototype.closest);

  /* ---------------- Restoring the last note ---------------- */

  function navigationType() {
    try {
      var entries = performance.getEntriesByType("navigation");
      if (entries && entries.length) return entries[0].type;
      if (performance.navigation) {
        return ["navigate", "reload", "back_forward"][performance.navigation.type] || "navigate";
      }
    } catch (e) { /* fall through */ }
    return "navigate";
  }

  function cameFromThisSite() {
    if (!document.referrer) return false;
    try {
      var from = new URL(document.referrer);
      return from.origin === location.origin && from.pathname.indexOf(base) === 0;
    } catch (e) {
      return false;
    }
  }

  var restore = guard(function () {
    if (body.getAttribute("data-route") !== "home") return;
    if (body.getAttribute("data-restore") === "false") return;
    if (location.search || navigationType() !== "navigate" || cameFromThisSite()) return;
    var local = storage("localStorage");
    var session = storage("sessionStorage");
    if (!local || !session || !window.fetch) return;
    if (session.getItem(KEY_RESTORED + base)) return;
    var last = null;
    try { last = JSON.parse(local.getItem(KEY_LAST + base) || "null"); } catch (e) { last = null; }
    if (!last || typeof last.note !== "string" || typeof last.folder !== "string") return;
    // One restore per session, whatever happens next: the folder list is never out of reach.
    session.setItem(KEY_RESTORED + base, "1");
    fetch(base + "_assets/notes.json", { credentials: "same-origin", cache: "no-cache" })
      .then(function (response) {
        if (!response.ok) throw new Error("no manifest");
        return response.json();
      })
      .then(function (notes) {
        if (navigated || !notes || typeof notes !== "object") return;
        if (!Object.prototype.hasOwnProperty.call(notes, last.note) || notes[last.note] !== last.folder) {
          local.removeItem(KEY_LAST + base);
          return;
        }
        if (body.getAttribute("data-route") !== "home" || location.search) return;
        location.replace(base + encodeURI(last.note) + "/");
      })
      .catch(function () { /* stay on home */ });
  });

  /* ---------------- Start ---------------- */

  guard(function () {
    if (!body) return;
    setUp(document);
    revealCurrentNote();
    restore();
    if (canSwap) {
      history.replaceState({ notesSite: true }, "", location.href);
      document.addEventListener("click", onClick);
      window.addEventListener("popstate", onPopState);
    }
  })();
})();
