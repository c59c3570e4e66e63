// notes-site search: loads only the parts of the index a query needs. No dependencies.
//
// Markup contract with the theme
// -------------------------------
// Every page, in the notes column header (hidden until this script shows it, so a browser
// without JavaScript never sees a field that cannot work):
//
//   <form class="search" role="search" action="{{base}}_search/" method="get" hidden
//         data-search data-index="{{base}}_search/">
//     <label for="q" class="visually-hidden">Search</label>
//     <input id="q" type="search" name="q" placeholder="Search">
//   </form>
//
// On other pages submitting the form simply navigates to `_search/?q=…`.
// The search page `_search/index.html` also has, inside <section data-column="notes">:
//
//   <ol class="note-list" data-search-results></ol>
//   <p data-search-status aria-live="polite"
//      data-label-results="results" data-label-result="result" data-label-none="No results"
//      data-label-error="Search is unavailable" data-label-more="More results"></p>
//   <noscript>…</noscript>
//
// Labels are optional (English defaults). A label containing `{n}` gets the count put there
// ("{n}件"); otherwise the count goes in front ("3 results"). `data-label-result` is the
// singular.
//
// Each result is rendered as
//   <li><a href="URL"><span class="title">Title</span> <span class="folder">Folder</span>
//       <span class="snippet">…<mark>hit</mark>…</span></a></li>
// with DOM APIs only: titles and snippets come from notes and are never parsed as HTML.
//
// Timing (User Timing API, for tests and the curious): each query leaves, with
// `detail: { query }`, the marks `search:data` (the last index file it needed has been
// fetched and parsed) and `search:shown` (results in the page, after the next frame), and the
// measures `search:rank` (ranking the fetched posting lists), `search:after-data` (from
// `search:data` to `search:shown`) and `search:total` (query start to `search:shown`). The
// previous query's entries are cleared when a new query starts.
//
// Index format: see `Sources/NotesSearch/SearchIndex.swift`. Tokenisation mirrors
// `Sources/NotesSearch/SearchText.swift` step for step; change both together.

'use strict';

(function () {
  const FORMAT_VERSION = 1;
  const MAX_TERM_LENGTH = 40;
  const PAGE_SIZE = 20;
  const DEBOUNCE_MS = 200;

  // ---------------------------------------------------------------------------------------
  // Text → terms (mirror of SearchText.swift)

  // Combining marks, except the kana voicing marks that NFC puts back on their kana.
  const STRIPPED_MARK = /(?![\u3099\u309A])\p{M}/gu;
  const LETTER_OR_NUMBER = /[\p{L}\p{N}]/u;
  // Han, Hiragana, Katakana, Hangul: the same explicit ranges as SearchText.isCJK.
  const CJK =
    /[\u3005-\u3007\u303B\u3040-\u30FF\u3131-\u318E\u31F0-\u31FF\u3400-\u4DBF\u4E00-\u9FFF\uAC00-\uD7A3\uF900-\uFAFF\u{20000}-\u{3FFFF}]/u;

  function normalize(text) {
    return text
      .normalize('NFKD')
      .replace(STRIPPED_MARK, '')
      .toLowerCase()
      .normalize('NFC')
      .replace(/ς/g, 'σ');
  }

  // Calls onWord(word, start, end) and onRun(characters, start, end) for the word runs and the
  // CJK runs of already normalised text; positions are UTF-16 indexes into `text`.
  function scan(text, onWord, onRun) {
    let word = [];
    let wordStart = 0;
    let run = [];
    let runStart = 0;
    const endWord = (end) => {
      if (word.length) onWord(word.join(''), wordStart, end);
      word = [];
    };
    const endRun = (end) => {
      if (run.length) onRun(run, runStart, end);
      run = [];
    };
    for (let i = 0; i < text.length; ) {
      const ch = String.fromCodePoint(text.codePointAt(i));
      if (!LETTER_OR_NUMBER.test(ch)) {
        endWord(i);
        endRun(i);
      } else if (CJK.test(ch)) {
        endWord(i);
        if (!run.length) runStart = i;
        run.push(ch);
      } else {
        endRun(i);
        if (!word.length) wordStart = i;
        if (word.length < MAX_TERM_LENGTH) word.push(ch);
      }
      i += ch.length;
    }
    endWord(text.length);
    endRun(text.length);
  }

  // Words as they are; CJK runs as overlapping bigrams, or the character alone.
  function termsOf(text) {
    const terms = [];
    scan(
      normalize(text),
      (word) => terms.push(word),
      (run) => {
        if (run.length === 1) terms.push(run[0]);
        for (let i = 1; i < run.length; i++) terms.push(run[i - 1] + run[i]);
      }
    );
    return terms;
  }

  // ---------------------------------------------------------------------------------------
  // Timing

  const timing = typeof performance !== 'undefined' && typeof performance.mark === 'function';
  const TIMING_NAMES = ['search:data', 'search:shown'];
  const MEASURE_NAMES = ['search:rank', 'search:after-data', 'search:total'];

  function now() {
    return typeof performance !== 'undefined' ? performance.now() : Date.now();
  }

  function clearTimings() {
    if (!timing) return;
    for (const name of TIMING_NAMES) performance.clearMarks(name);
    for (const name of MEASURE_NAMES) performance.clearMeasures(name);
  }

  // Timing must never break search.
  function mark(name, detail) {
    if (!timing) return now();
    try {
      return performance.mark(name, { detail }).startTime;
    } catch (error) {
      return now();
    }
  }

  function measure(name, start, end, detail) {
    if (!timing) return;
    try {
      performance.measure(name, { start, end, detail });
    } catch (error) {
      // An old browser without User Timing level 3: no measures.
    }
  }

  // After the browser has had a frame to lay out and paint what was just put in the page.
  function afterFrame() {
    return new Promise((resolve) => {
      if (typeof requestAnimationFrame !== 'function') return setTimeout(resolve, 0);
      requestAnimationFrame(() => setTimeout(resolve, 0));
    });
  }

  // ---------------------------------------------------------------------------------------
  // Index files (format in SearchIndex.swift)

  const encoder = new TextEncoder();

  // 32-bit FNV-1a of the UTF-8 bytes, as TermHash.fnv1a.
  function fnv1a(term) {
    let hash = 0x811c9dc5;
    for (const byte of encoder.encode(term)) {
      hash ^= byte;
      hash = Math.imul(hash, 0x01000193);
    }
    return hash >>> 0;
  }

  const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
  const DIGITS = new Map([...ALPHABET].map((c, i) => [c.charCodeAt(0), i]));

  // Calls visit(document, frequency, inTitle) for each posting of a PostingCode string.
  function decodePostings(code, visit) {
    const numbers = [];
    let value = 0;
    let scale = 1;
    for (let i = 0; i < code.length; i++) {
      const digit = DIGITS.get(code.charCodeAt(i));
      if (digit === undefined) throw new Error('bad posting code');
      value += (digit & 31) * scale;
      if (digit & 32) {
        scale *= 32;
      } else {
        numbers.push(value);
        value = 0;
        scale = 1;
      }
    }
    if (scale !== 1 || numbers.length % 2) throw new Error('bad posting code');
    let document = -1;
    for (let i = 0; i < numbers.length; i += 2) {
      document += numbers[i] + 1;
      visit(document, Math.floor(numbers[i + 1] / 2), numbers[i + 1] % 2);
    }
  }

  function createIndex(baseURL) {
    const files = new Map();

    // Each file is fetched once per page; a failed fetch is forgotten so a later query retries.
    function load(path) {
      if (!files.has(path)) {
        const request = fetch(new URL(path, baseURL)).then((response) => {
          if (!response.ok) throw new Error(response.status + ' ' + path);
          return response.json();
        });
        request.catch(() => files.delete(path));
        files.set(path, request);
      }
      return files.get(path);
    }

    async function manifest() {
      const m = await load('manifest.json');
      if (m.version !== FORMAT_VERSION || m.hash !== 'fnv1a32') throw new Error('index format');
      return m;
    }

    // The term's posting code, '' when no note has it.
    async function postingsOf(term, m) {
      const shard = fnv1a(term) % m.shards;
      const entries = await load('shards/' + shard + '.json');
      const entry = Object.prototype.hasOwnProperty.call(entries, term) ? entries[term] : '';
      if (typeof entry === 'number') return load('shards/' + shard + '-' + entry + '.json');
      return typeof entry === 'string' ? entry : '';
    }

    // All documents holding every term, best first: more terms in the title, then higher body
    // frequency, then the newer note (documents are numbered newest first).
    async function rank(terms) {
      const m = await manifest();
      const codes = await Promise.all(terms.map((term) => postingsOf(term, m)));
      const fetched = now();
      const scores = new Map();
      for (const code of codes) {
        decodePostings(code, (document, frequency, inTitle) => {
          const score = scores.get(document);
          if (score) {
            score.title += inTitle;
            score.frequency += frequency;
            score.matched += 1;
          } else {
            scores.set(document, { document, title: inTitle, frequency, matched: 1 });
          }
        });
      }
      const ranked = [];
      for (const score of scores.values()) if (score.matched === terms.length) ranked.push(score);
      ranked.sort(
        (a, b) => b.title - a.title || b.frequency - a.frequency || a.document - b.document
      );
      return {
        ranked: ranked.map((s) => s.document),
        chunkSize: m.chunkSize,
        fetched,
        rankedAt: now(),
      };
    }

    // [title, folder, url, updated, excerpt] of each document, in the given order.
    async function documents(numbers, chunkSize) {
      const chunks = await Promise.all(
        numbers.map((n) => load('docs/' + Math.floor(n / chunkSize) + '.json'))
      );
      return numbers.map((n, i) => chunks[i][n % chunkSize]);
    }

    return { rank, documents };
  }

  // ---------------------------------------------------------------------------------------
  // Highlighting

  // What to mark: the query's words and its CJK runs (whole, not as bigrams).
  function queryUnits(query) {
    const words = new Set();
    const runs = [];
    scan(normalize(query), (word) => words.add(word), (run) => runs.push(run.join('')));
    return { words, runs };
  }

  function rangesIn(normalized, units, ranges) {
    scan(
      normalized,
      (word, start, end) => {
        if (units.words.has(word)) ranges.push([start, end]);
      },
      (run, start, end) => {
        const text = normalized.slice(start, end);
        for (const unit of units.runs) {
          for (let at = text.indexOf(unit); at >= 0; at = text.indexOf(unit, at + 1)) {
            ranges.push([start + at, start + at + unit.length]);
          }
        }
      }
    );
  }

  // `text` as text nodes, with the query's hits wrapped in <mark>.
  function marked(text, units) {
    const ranges = [];
    // Stretch by stretch, so that where normalising changes the length (ligatures, "…")
    // positions are only lost inside that stretch, which is then marked whole.
    for (const match of text.matchAll(/[\p{L}\p{N}\p{M}]+/gu)) {
      const stretch = match[0];
      const normalized = normalize(stretch);
      const inner = [];
      rangesIn(normalized, units, inner);
      if (!inner.length) continue;
      if (normalized.length === stretch.length) {
        for (const [start, end] of inner) ranges.push([match.index + start, match.index + end]);
      } else {
        ranges.push([match.index, match.index + stretch.length]);
      }
    }
    ranges.sort((a, b) => a[0] - b[0]);
    const fragment = document.createDocumentFragment();
    let at = 0;
    for (const [start, end] of ranges) {
      if (end <= at) continue;
      const from = Math.max(start, at);
      if (from > at) fragment.append(text.slice(at, from));
      const mark = document.createElement('mark');
      mark.textContent = text.slice(from, end);
      fragment.append(mark);
      at = end;
    }
    if (at < text.length) fragment.append(text.slice(at));
    return fragment;
  }

  // ---------------------------------------------------------------------------------------
  // The page

  function span(className, content) {
    const element = document.createElement('span');
    element.className = className;
    element.append(content);
    return element;
  }

  function resultItem(fields, units) {
    const [title, folder, url, , excerpt] = fields;
    const link = document.createElement('a');
    link.href = url;
    link.append(
      span('title', marked(title, units)),
      ' ',
      span('folder', folder),
      ' ',
      span('snippet', marked(excerpt, units))
    );
    const item = document.createElement('li');
    item.append(link);
    return item;
  }

  function label(status, name, fallback) {
    const value = status && status.getAttribute('data-label-' + name);
    return value === null || value === undefined ? fallback : value;
  }

  // "3 results". The singular falls back to the plural label when only that one is given,
  // which is right for languages without plurals ("{n}件").
  function countText(status, n) {
    const plural = label(status, 'results', 'results');
    const text = n === 1 ? label(status, 'result', plural === 'results' ? 'result' : plural) : plural;
    return text.includes('{n}') ? text.replace('{n}', String(n)) : n + ' ' + text;
  }

  function setUpSearchPage(form, input, list, status) {
    const index = createIndex(new URL(form.getAttribute('data-index') || './', document.baseURI));
    const more = document.createElement('button');
    more.type = 'button';
    more.className = 'search-more';
    more.hidden = true;
    more.textContent = label(status, 'more', 'More results');
    list.after(more);

    let latest = 0; // only the newest query may touch the page
    let current = null; // { ranked, chunkSize, shown, units, id }

    function say(text) {
      if (status) status.textContent = text;
    }

    // The next page of `page`'s results: fetched, then appended by `render`.
    async function nextPage(page) {
      const numbers = page.ranked.slice(page.shown, page.shown + PAGE_SIZE);
      return { numbers, fields: await index.documents(numbers, page.chunkSize) };
    }

    function render(page, { numbers, fields }) {
      for (const f of fields) list.append(resultItem(f, page.units));
      page.shown += numbers.length;
      more.hidden = page.shown >= page.ranked.length;
    }

    async function showMore() {
      const page = current;
      const next = await nextPage(page);
      if (page.id !== latest) return;
      render(page, next);
    }

    async function search(query) {
      const id = ++latest;
      const started = now();
      clearTimings();
      const terms = [...new Set(termsOf(query))];
      if (!terms.length) {
        current = null;
        list.replaceChildren();
        more.hidden = true;
        say('');
        return;
      }
      const detail = { query };
      try {
        const { ranked, chunkSize, fetched, rankedAt } = await index.rank(terms);
        if (id !== latest) return;
        const page = { ranked, chunkSize, shown: 0, units: queryUnits(query), id };
        const next = await nextPage(page);
        if (id !== latest) return;
        const dataAt = mark('search:data', detail);
        current = page;
        list.replaceChildren();
        render(page, next);
        say(ranked.length ? countText(status, ranked.length) : label(status, 'none', 'No results'));
        await afterFrame();
        if (id !== latest) return;
        const shownAt = mark('search:shown', { query, results: ranked.length });
        measure('search:rank', fetched, rankedAt, detail);
        measure('search:after-data', dataAt, shownAt, detail);
        measure('search:total', started, shownAt, detail);
      } catch (error) {
        if (id !== latest) return;
        current = null;
        list.replaceChildren();
        more.hidden = true;
        say(label(status, 'error', 'Search is unavailable'));
      }
    }

    function remember(query) {
      const url = new URL(location.href);
      if (query) url.searchParams.set('q', query);
      else url.searchParams.delete('q');
      history.replaceState(history.state, '', url);
    }

    let timer = 0;
    input.addEventListener('input', () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        remember(input.value);
        search(input.value);
      }, DEBOUNCE_MS);
    });
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      clearTimeout(timer);
      remember(input.value);
      search(input.value);
    });
    more.addEventListener('click', () => {
      if (!current) return;
      showMore().catch(() => say(label(status, 'error', 'Search is unavailable')));
    });

    // Results are links: ArrowDown from the field enters the list, arrows move through it,
    // ArrowUp from the first result returns to the field.
    input.addEventListener('keydown', (event) => {
      if (event.key !== 'ArrowDown') return;
      const first = list.querySelector('a');
      if (first) {
        event.preventDefault();
        first.focus();
      }
    });
    list.addEventListener('keydown', (event) => {
      if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
      const links = [...list.querySelectorAll('a')];
      const at = links.indexOf(document.activeElement);
      if (at < 0) return;
      event.preventDefault();
      const next = at + (event.key === 'ArrowDown' ? 1 : -1);
      if (next < 0) input.focus();
      else if (next < links.length) links[next].focus();
    });

    const query = new URLSearchParams(location.search).get('q') || '';
    input.value = query;
    search(query);
  }

  function start() {
    const form = document.querySelector('form[data-search]');
    if (!form) return;
    const input = form.querySelector('input[name="q"]');
    if (!input) return;
    form.hidden = false;
    const list = document.querySelector('[data-search-results]');
    if (list) setUpSearchPage(form, input, list, document.querySelector('[data-search-status]'));
  }

  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
  else start();
})();
