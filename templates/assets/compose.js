/* Vantage compose screens: Change Jar's Submit Idea and Quotes' Add Quote, offline.
 * What a person composes is validated here, kept in localStorage (the outbox, one per
 * person's part of the site) and downloaded as a submissions file in the format of
 * DATA.md ("Submissions from the site"), which the next `vantage build` imports from
 * content/submissions/. Plain script, no network; every word it shows comes from the
 * page (rendered from the string catalog).
 *
 * Page hooks:
 *   form[data-compose="idea"|"quote"]  data-submitted-by (the part's slug), data-limit,
 *                                      data-time-zone (quote), data-message-* texts,
 *                                      data-label-remove|added|removed (quote: the To: fields)
 *   textarea[maxlength]                the text; output[data-remaining] its counter
 *   [data-compose-step="text"|"review"] the two steps of Add Quote; [data-quote-it] advances
 *   .to-field[data-field][data-max]    SAID (max 1) and HEARD (max 0: any): a combobox
 *                                      (div[role=combobox] holding ul[data-chips] and the text
 *                                      input, owning the listbox), ul[role=listbox] of
 *                                      li[data-person="HANDLE"] (only the people this
 *                                      person has reason to see), each with the build's
 *                                      forms of the name where they differ from the one
 *                                      shown: data-name (a chip's) and data-name-in-text
 *                                      (the page's sentences')
 *   [data-thanks]                      the Thank You screen; [data-thanks-close] ("Closed")
 *                                      shows [data-thanks-choices]: back / Home / again
 *   [data-outbox-list], [data-outbox-empty], template#outbox-item, [data-download="submissions"]
 *   fieldset[data-compose-fields]      the form's controls, disabled in the page (without
 *                                      scripts nothing can be composed); enabled here
 *   [data-compose-unavailable]         the screen is not this person's to use (Add Quote
 *                                      without a phone): the form stays disabled
 * API: window.VantageCompose = { load, exportDocument, download, clear }. */
(function () {
  'use strict';

  var memory = {};

  var LEGACY_PREFIX = 'vantage.submissions.v1.';
  var siteRoot = window.VantageText.siteRoot;

  /** The outbox of the person `slug` of this site: the key names the person's part of the site
   *  by its address (`vantage.submissions.v1.file:///…/public/ana-lima/`), so two sites opened
   *  in one browser never see each other's outbox. */
  function storageKey(slug) { return window.VantageText.siteKey('vantage.submissions.v1', slug + '/'); }

  function parse(raw) {
    if (!raw) return null;
    try {
      var state = JSON.parse(raw);
      if (state && Array.isArray(state.quotes) && Array.isArray(state.ideas)) return state;
    } catch (e) { /* unreadable: none */ }
    return null;
  }

  /** What an earlier version kept under `vantage.submissions.v1.<slug>` (one outbox per slug
   *  for every site) moves into the outbox of the first site of that person opened, once, so
   *  nothing composed is lost and no other site sees it again (VantageText.adopt). */
  function adoptLegacy(slug) {
    return parse(window.VantageText.adopt(LEGACY_PREFIX + slug, storageKey(slug), function (current, old) {
      var legacy = parse(old);
      if (!legacy) return null;
      var merged = parse(current) || { next: 1, quotes: [], ideas: [], names: {} };
      ['quotes', 'ideas'].forEach(function (kind) {
        var known = merged[kind].map(function (x) { return x.localId; });
        legacy[kind].forEach(function (x) { if (known.indexOf(x.localId) < 0) merged[kind].push(x); });
      });
      merged.names = merged.names || {};
      Object.keys(legacy.names || {}).forEach(function (h) { if (!(h in merged.names)) merged.names[h] = legacy.names[h]; });
      merged.namesInText = merged.namesInText || {};
      Object.keys(legacy.namesInText || {}).forEach(function (h) {
        if (!(h in merged.namesInText)) merged.namesInText[h] = legacy.namesInText[h];
      });
      merged.next = Math.max(merged.next || 1, legacy.next || 1);
      return JSON.stringify(merged);
    }));
  }

  /** The outbox as kept: in localStorage, or in this page's memory when storage refused it
   *  (blocked, full); empty when there is none. */
  function load(slug) {
    var key = storageKey(slug);
    if (memory[key]) return memory[key];
    var state = adoptLegacy(slug);
    return state || { next: 1, quotes: [], ideas: [], names: {} };
  }

  /** Keeps the outbox; false when the browser refused to store it (blocked, full), and it is
   *  then in this page's memory only, lost when the page closes. */
  function save(slug, state) {
    var key = storageKey(slug);
    try {
      window.localStorage.setItem(key, JSON.stringify(state));
      delete memory[key];
      return true;
    } catch (e) { memory[key] = state; return false; }
  }

  /** A local id that stays unique in this browser even if the outbox is cleared: letters
   *  and digits only (the importer derives the stored id from it). */
  function newLocalId(state) {
    var id = Date.now().toString(36) + String(state.next);
    state.next += 1;
    return id;
  }

  var cleaned = window.VantageText.cleaned;
  var showsSomething = window.VantageText.showsSomething;

  var instant = window.VantageText.instant;

  var pageLocale = window.VantageText.pageLocale;
  var fold = window.VantageText.fold;

  // Chromium's clusters are CLDR's, which keep an aksara whole: a Khmer coeng, a Myanmar,
  // Balinese or Javanese virama joins the next consonant into one cluster (ក្ក, ស្រី). The
  // importer counts Swift's clusters, Unicode's, whose conjunct rule (GB9c) is narrower in its
  // joining sign and wider in its consonants: a consonant joins what comes before it only after
  // one of the six viramas of Devanagari, Bengali, Gujarati, Oriya, Telugu and Malayalam
  // (Indic_Conjunct_Break=Linker), with nothing but extending characters around that virama
  // and a consonant before them; and a consonant is any script's (Indic_Syllabic_Category
  // Consonant: क्က is one to Swift, two to Chromium; क᭄क, after Balinese's virama, two to
  // Swift, one to Chromium). Wherever a letter follows an extending character the segmenter's
  // answer is replaced by that rule, or the screen would save 150 × ស្រី as 150 characters that
  // the import, counting 300, refuses, stopping the whole build. CONSONANT is the set Swift
  // joins (derived from its count, as docs/BROWSER.md says how); the cases of
  // Tests/Browser/fixtures/graphemes.json, counted by Swift in a Swift test, hold both to one
  // count.
  var LINKER = /[\u094D\u09CD\u0ACD\u0B4D\u0C4D\u0D4D]/u;
  var CONSONANT = /[\u0915-\u0939\u0958-\u095F\u0978-\u097F\u0995-\u09A8\u09AA-\u09B0\u09B2\u09B6-\u09B9\u09DC-\u09DD\u09DF\u09F0-\u09F1\u0A95-\u0AA8\u0AAA-\u0AB0\u0AB2-\u0AB3\u0AB5-\u0AB9\u0AF9\u0B15-\u0B28\u0B2A-\u0B30\u0B32-\u0B33\u0B35-\u0B39\u0B5C-\u0B5D\u0B5F\u0B71\u0C15-\u0C28\u0C2A-\u0C39\u0C58-\u0C5A\u0D15-\u0D3A\u1000-\u102A\u103F\u1050-\u1055\u105A-\u105D\u1061\u1065-\u1066\u106E-\u1070\u1075-\u1081\u108E\u1780-\u17B3\u1A20-\u1A54\u1B0B-\u1B0C\u1B13-\u1B33\u1B45-\u1B4C\u1B83-\u1BA0\u1BAE-\u1BAF\u1BBB-\u1BBD\uA989-\uA98B\uA98F-\uA9B2\uA9E0-\uA9E4\uA9E7-\uA9EF\uA9FA-\uA9FE\uAA60-\uAA6F\uAA71-\uAA73\uAA7A\uAA7E-\uAA7F\uAAE0-\uAAEA\uABC0-\uABDA\u{10A00}\u{10A10}-\u{10A13}\u{10A15}-\u{10A17}\u{10A19}-\u{10A35}\u{11103}-\u{11126}\u{11144}\u{11147}\u{11380}-\u{11389}\u{1138B}\u{1138E}\u{11390}-\u{113B5}\u{11900}-\u{11906}\u{11909}\u{1190C}-\u{11913}\u{11915}-\u{11916}\u{11918}-\u{1192F}\u{11A00}\u{11A0B}-\u{11A32}\u{11A50}\u{11A5C}-\u{11A83}\u{11F04}-\u{11F10}\u{11F12}-\u{11F33}]/u;
  // What extends a cluster (a mark, a joiner, an emoji skin tone), and may stand among the
  // signs of a conjunct; not ZWNJ, which keeps the consonants apart.
  var EXTEND = /[\p{Grapheme_Extend}\u200D\u{1F3FB}-\u{1F3FF}]/u;
  var ZWNJ = '\u200C';
  var MARK = /\p{M}/u;
  var LETTER = /\p{L}/u;
  // Thai and Lao AM and the half-width sound marks are letters Unicode clusters as marks.
  var JOINS_ANYTHING = /[\u0E33\u0EB3\uFF9E\uFF9F]/u;

  /** Characters as the importer counts them: grapheme clusters. */
  function characterCount(text) { return graphemes(text).length; }

  /** The characters of what is typed as the import will count them: the text the screen saves
   *  (`cleaned`: trimmed, without NUL), in the import's normal form (NFC), in grapheme clusters.
   *  The counter, the cut at the limit and the refusal count by this one rule, so spaces around
   *  the words, which are never saved, take nothing from the limit. */
  function savedCount(text) {
    var saved = cleaned(text);
    return characterCount(typeof saved.normalize === 'function' ? saved.normalize('NFC') : saved);
  }

  /** The grapheme clusters of `text` as the importer counts them (code points where
   *  Intl.Segmenter is missing). */
  function graphemes(text) {
    if (!(window.Intl && Intl.Segmenter)) return Array.from(text);
    var starts = {};
    var segments = new Intl.Segmenter(pageLocale(), { granularity: 'grapheme' }).segment(text);
    var iterator = segments[Symbol.iterator]();
    for (var step = iterator.next(); !step.done; step = iterator.next()) starts[step.value.index] = true;
    var out = [];
    var current = '';
    var offset = 0;
    var previous = '';
    // 0: no conjunct under way; 1: a consonant, then extending characters; 2: and a linker.
    var conjunct = 0;
    Array.from(text).forEach(function (point) {
      var joins;
      if (!current) joins = false;
      else if (LETTER.test(point) && (MARK.test(previous) || EXTEND.test(previous)) && !JOINS_ANYTHING.test(point)) {
        joins = conjunct === 2 && CONSONANT.test(point);
      } else joins = !starts[offset];
      if (!joins && current) { out.push(current); current = ''; }
      current += point;
      if (CONSONANT.test(point)) conjunct = 1;
      else if (conjunct && LINKER.test(point)) conjunct = 2;
      else if (!(conjunct && point !== ZWNJ && EXTEND.test(point))) conjunct = 0;
      previous = point;
      offset += point.length;
    });
    if (current) out.push(current);
    return out;
  }

  /** How many characters the box holds at most, as typed: the limit's worth of words, and as
   *  much again of spaces and line breaks around them, which are not saved (`savedCount`). Without
   *  a bound, a paste of blank text had no end, and every key after it counted all of it again. */
  function typedBound(limit) { return 2 * limit; }

  /** Whether `text` fits: its saved characters within `limit`, and as typed within `typedBound`. */
  function fits(text, limit) {
    return savedCount(text) <= limit && characterCount(text) <= typedBound(limit);
  }

  /** `after` (what the text holds after an edit of `before`) cut to `limit` characters the way
   *  maxlength cuts, but counting as the import counts (`savedCount`): what was there stays, and
   *  of what was typed or pasted only as much as fits (`fits`). Null when `after` fits. */
  function clip(before, after, limit) {
    if (fits(after, limit)) return null;
    var start = 0;
    var shortest = Math.min(before.length, after.length);
    while (start < shortest && before.charCodeAt(start) === after.charCodeAt(start)) start += 1;
    var endBefore = before.length;
    var endAfter = after.length;
    while (endBefore > start && endAfter > start &&
           before.charCodeAt(endBefore - 1) === after.charCodeAt(endAfter - 1)) { endBefore -= 1; endAfter -= 1; }
    // Never split a surrogate pair between what stays and what was inserted.
    if (start > 0 && /[\uD800-\uDBFF]/.test(after.charAt(start - 1))) start -= 1;
    if (endAfter < after.length && /[\uDC00-\uDFFF]/.test(after.charAt(endAfter))) endAfter += 1;
    var head = after.slice(0, start);
    var tail = after.slice(endAfter);
    var inserted = graphemes(after.slice(start, endAfter));
    var keep = Math.max(0, Math.min(inserted.length, limit - savedCount(head + tail),
                                     typedBound(limit) - characterCount(head + tail)));
    var text = head + inserted.slice(0, keep).join('') + tail;
    // A cluster can join across the seam (a skin tone after an emoji), and spaces at an end of
    // what was there count once something follows them: count again.
    while (keep > 0 && !fits(text, limit)) {
      keep -= 1;
      text = head + inserted.slice(0, keep).join('') + tail;
    }
    return { text: text, caret: head.length + inserted.slice(0, keep).join('').length };
  }

  /** A name an earlier version of this script kept in the outbox, which holds no page's form of
   *  it (`namesInText`): without its explicit direction controls and isolated whole, so that it
   *  cannot reach past its place in the line. Every name offered on this screen comes from the
   *  build in both its forms (`data-name`, `data-name-in-text`), which owns the rule. */
  function keptByAnEarlierVersion(name) {
    return '\u2068' + String(name).replace(/[\u202A-\u202E\u2066-\u2069]/g, '') + '\u2069';
  }

  /** The direction of what is typed, as the published page will show it (`dir="auto"` on a
   *  quote's and an idea's text): the browser's own rule, its first strong character. Unlike
   *  `dir="auto"`, a text without one (empty, digits, an emoji) keeps the page's direction, so
   *  an Arabic page's empty box has its caret on the right. '' for that; else 'ltr' or 'rtl'. */
  var probe = null;
  function typedDirection(text) {
    try {
      if (!probe) { probe = document.createElement('span'); probe.dir = 'auto'; }
      var rtl = function (value) { probe.textContent = value; return probe.matches(':dir(rtl)'); };
      if (rtl(text)) return 'rtl';
      // A strong right-to-left letter after the text decides only when nothing in it does.
      return rtl(text + '\u05D0') ? '' : 'ltr';
    } catch (e) { return 'auto'; }  // no :dir(): the attribute's rule
  }

  /** Points `box` (the textarea, the preview) the way its text runs. */
  function followDirection(box, text) {
    var dir = typedDirection(text);
    if (dir) box.setAttribute('dir', dir); else box.removeAttribute('dir');
  }

  function formatNumber(n) {
    try { return new Intl.NumberFormat(pageLocale()).format(n); } catch (e) { return String(n); }
  }

  /** The offset (seconds east of UTC) of `zone` at the instant `utc` (milliseconds): to the
   *  second, since a zone's local mean time before it took a standard one has seconds (Riyadh
   *  +03:06:52 until 1947). The parts are read back as numbers, so this one format is en-US
   *  (Latin digits) whatever the page's locale: nothing of it is shown. */
  function zoneOffset(zone, utc) {
    var format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit',
      hour: '2-digit', minute: '2-digit', second: '2-digit'
    });
    var parts = {};
    format.formatToParts(new Date(utc)).forEach(function (part) { parts[part.type] = part.value; });
    var year = parts.era && /^B/.test(parts.era) ? 1 - +parts.year : +parts.year;
    var wall = utcOf(year, +parts.month, +parts.day, +parts.hour % 24, +parts.minute, +parts.second);
    return Math.round((wall - utc) / 1000);
  }

  /** Milliseconds of a UTC date and time (Date.UTC, without its reading 0–99 as 1900–1999). */
  function utcOf(year, month, day, hour, minute, second) {
    var date = new Date(Date.UTC(2000, month - 1, day, hour, minute, second));
    date.setUTCFullYear(year, month - 1, day);
    return date.getTime();
  }

  /** A `datetime-local` value as the field writes it: date, time, perhaps seconds. */
  var WALL_TIME = /^(\d{4,})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?/;

  /** A `datetime-local` value read in the person's time zone, as ISO 8601 with its offset
   *  (DATA.md: a timestamp without an offset is an error). One rule wherever the clocks change,
   *  the one JavaScript's Temporal calls 'compatible': a time the clocks skip (02:30 on the
   *  night they go forward) moves forward by the gap (03:30, with the new offset); a time they
   *  show twice (01:30 on the night they go back) is the earlier of the two instants. */
  function withOffset(value, zone) {
    var at = instantOf(value, zone);
    return at ? at.iso : null;
  }

  /** `withOffset` with the instant (milliseconds); null for no wall time, or one past what
   *  JavaScript's dates hold (the arithmetic would throw). */
  function instantOf(value, zone) {
    var m = WALL_TIME.exec(value || '');
    if (!m) return null;
    try { return offsetInstant(m, zone); } catch (e) { return null; }
  }

  /** Whether a wall time, read in `zone`, is an instant the import takes: the field's min and
   *  max, the data's range in the person's zone (the build writes them, from BuildInstant). */
  function withinBounds(value, zone, field) {
    var at = instantOf(value, zone);
    if (!at) return false;
    var first = field.getAttribute('min') ? instantOf(field.getAttribute('min'), zone) : null;
    var last = field.getAttribute('max') ? instantOf(field.getAttribute('max'), zone) : null;
    return !(first && at.instant < first.instant) && !(last && at.instant > last.instant);
  }

  /** `withOffset` of a parsed wall time, with the instant; throws past JavaScript's dates. */
  function offsetInstant(m, zone) {
    var wall = utcOf(+m[1], +m[2], +m[3], +m[4], +m[5], +(m[6] || 0));
    var offsetAt = function (utc) { return zoneOffset(zone, utc); };
    try { offsetAt(wall); } catch (e) {
      // A zone this browser does not know: its own clock's rule.
      offsetAt = function (utc) { return -60 * new Date(utc).getTimezoneOffset(); };
    }
    // The offsets in force around this wall time (a day either side covers every clock change),
    // and the instants at which each of them shows it.
    var day = 24 * 3600 * 1000;
    var before = offsetAt(wall - day);
    var after = offsetAt(wall + day);
    var instants = [];
    [before, after].forEach(function (offset) {
      var utc = wall - offset * 1000;
      if (offsetAt(utc) === offset && instants.indexOf(utc) < 0) instants.push(utc);
    });
    var at, offset;
    if (instants.length) {
      at = Math.min.apply(null, instants);        // shown twice: the earlier instant
      offset = offsetAt(at);
    } else {
      at = wall - before * 1000;                  // skipped: forward by the gap
      offset = offsetAt(at);
    }
    // ISO 8601 writes an offset in whole minutes: the nearest one, with the local time that
    // names the same instant at it (00:00 at +03:06:52 is 00:00:08+03:07), never another instant.
    var minutes = Math.round(offset / 60);
    var local = new Date(at + minutes * 60000);
    var pad = function (n, width) { var t = String(n); while (t.length < (width || 2)) t = '0' + t; return t; };
    var sign = minutes < 0 ? '-' : '+';
    var abs = Math.abs(minutes);
    if (isNaN(local.getTime())) return null;
    return {
      instant: at,
      iso: pad(local.getUTCFullYear(), 4) + '-' + pad(local.getUTCMonth() + 1) + '-' + pad(local.getUTCDate()) +
        'T' + pad(local.getUTCHours()) + ':' + pad(local.getUTCMinutes()) + ':' + pad(local.getUTCSeconds()) +
        sign + pad(Math.floor(abs / 60)) + ':' + pad(abs % 60)
    };
  }

  /** The submissions file of DATA.md for the part `slug`. */
  function exportDocument(slug) {
    var state = load(slug);
    return {
      submittedBy: slug,
      exportedAt: instant(new Date()),
      quotes: state.quotes.map(function (q) {
        var quote = { localId: q.localId, text: q.text, saidBy: q.saidBy, heardBy: q.heardBy.slice(), when: q.when };
        // The part the handles were picked in (the import resolves them there).
        if (q.part) { quote.part = q.part; }
        return quote;
      }),
      ideas: state.ideas.map(function (i) {
        return { localId: i.localId, text: i.text, showName: i.showName, 'for': i['for'], submittedAt: i.submittedAt };
      })
    };
  }

  function download(slug) {
    var doc = exportDocument(slug);
    window.VantageText.saveJSON('submissions-' + slug + '-' + window.VantageText.fileStamp(doc.exportedAt) + '.json', doc);
    return doc;
  }

  function clear(slug) { save(slug, { next: load(slug).next, quotes: [], ideas: [], names: {} }); }

  // MARK: - The outbox

  function renderOutbox(slug) {
    var list = document.querySelector('[data-outbox-list]');
    if (!list) return;
    var template = document.getElementById('outbox-item');
    var labels = document.querySelector('[data-outbox-labels]');
    var label = function (name) { return labels ? labels.getAttribute('data-label-' + name) || '' : ''; };
    var state = load(slug);
    var names = state.names || {};
    var namesInText = state.namesInText || {};
    // As the build wrote the name into the page it was picked on (`data-name-in-text`).
    var nameOf = function (handle) {
      if (Object.prototype.hasOwnProperty.call(namesInText, handle)) return namesInText[handle];
      return Object.prototype.hasOwnProperty.call(names, handle) ? keptByAnEarlierVersion(names[handle]) : handle;
    };
    list.textContent = '';
    var entries = [];
    state.ideas.forEach(function (idea) {
      entries.push({ kind: 'ideas', item: idea, label: label('idea'),
        detail: idea.showName ? label('named') : label('anonymous') });
    });
    state.quotes.forEach(function (quote) {
      entries.push({ kind: 'quotes', item: quote, label: label('quote'),
        detail: label('said') + ' ' + nameOf(quote.saidBy) + ' · ' + label('heard') + ' ' +
          window.VantageText.listParts(quote.heardBy.map(nameOf)).map(function (part) { return part.value; }).join('') });
    });
    entries.forEach(function (entry) {
      var node = template.content.firstElementChild.cloneNode(true);
      node.setAttribute('data-local-id', entry.item.localId);
      node.querySelector('[data-slot=kind]').textContent = entry.label;
      node.querySelector('[data-slot=text]').textContent = entry.item.text;
      node.querySelector('[data-slot=detail]').textContent = entry.detail;
      var remove = node.querySelector('[data-slot=remove]');
      // The first 60 characters (grapheme clusters: never half an emoji or a lone surrogate).
      remove.setAttribute('aria-label', remove.textContent + ': ' + graphemes(entry.item.text).slice(0, 60).join(''));
      remove.addEventListener('click', function () {
        var current = load(slug);
        current[entry.kind] = current[entry.kind].filter(function (x) { return x.localId !== entry.item.localId; });
        save(slug, current);
        renderOutbox(slug);
        announce(label('removed'));
        var next = document.querySelector('[data-outbox-list] [data-slot=remove]') ||
          document.querySelector('[data-compose] textarea');
        if (next) next.focus();
      });
      list.appendChild(node);
    });
    var empty = document.querySelector('[data-outbox-empty]');
    if (empty) empty.hidden = entries.length > 0;
    var button = document.querySelector('[data-download="submissions"]');
    if (button) button.disabled = entries.length === 0;
  }

  /** Says `text` through the page's polite live region (emptied first, so a repeat is heard). */
  function announce(text) {
    var live = document.querySelector('[data-compose-live]');
    if (!live || !text) return;
    live.textContent = '';
    window.setTimeout(function () { live.textContent = text; }, 30);
  }

  // MARK: - The text and its counter

  function setUpText(form, onChange) {
    var textarea = form.querySelector('textarea');
    var counter = form.querySelector('[data-remaining]');
    var count = counter && counter.querySelector('[data-count]');
    var limit = parseInt(form.getAttribute('data-limit'), 10);
    // The page's maxlength (OUTPUT.md's hook, and what holds without scripts) counts UTF-16
    // code units: 40 "👍🏽" fill 160. The limit is in characters as the importer counts them,
    // grapheme clusters, so the script takes it over while keeping the attribute: every insertion
    // the browser would cut for its code units (typing, Enter, a paste, a drop, a replacement),
    // but whose characters fit, is made by the script (maxlength bounds what a person types, not
    // what a script sets); an input method's text, which no script can make, is let in whole by
    // lifting maxlength while it composes, and cut to what fits when it is committed. An edit
    // that would go past the limit keeps only what fits, leaves the caret after it, and says why.
    var accepted = textarea.value;
    var composing = false;
    var lifted = null;  // maxlength while an input method composes
    var lift = function () {
      if (lifted !== null || !textarea.hasAttribute('maxlength')) return;
      lifted = textarea.getAttribute('maxlength');
      textarea.removeAttribute('maxlength');
    };
    var restore = function () {
      if (lifted === null) return;
      textarea.setAttribute('maxlength', lifted);
      lifted = null;
    };
    textarea.addEventListener('beforeinput', function (event) {
      if (!(limit > 0) || composing || event.isComposing || !event.cancelable) return;
      var type = event.inputType || '';
      if (!/^insert/.test(type) || type === 'insertCompositionText') return;
      var data = null;
      if (type === 'insertLineBreak' || type === 'insertParagraph') data = '\n';
      else {
        data = event.data;
        if (data == null && event.dataTransfer) data = event.dataTransfer.getData('text/plain');
      }
      if (data == null || data === '') return;
      data = data.replace(/\r\n?/g, '\n');
      var start = textarea.selectionStart, end = textarea.selectionEnd;
      var before = textarea.value;
      var after = before.slice(0, start) + data + before.slice(end);
      var units = parseInt(textarea.getAttribute('maxlength'), 10);
      if (!(units >= 0) || after.length <= units) return;  // the browser's own edit fits
      event.preventDefault();
      var cut = clip(before, after, limit);
      var text = cut ? cut.text : after;
      var caret = cut ? cut.caret : start + data.length;
      textarea.value = text;
      try { textarea.setSelectionRange(caret, caret); } catch (e) { /* not focused */ }
      accepted = textarea.value;
      update();
      showError(form, cut ? 'long' : null);
    });
    var enforce = function () {
      var cut = limit > 0 ? clip(accepted, textarea.value, limit) : null;
      if (cut) {
        textarea.value = cut.text;
        try { textarea.setSelectionRange(cut.caret, cut.caret); } catch (e) { /* not focused */ }
      }
      accepted = textarea.value;
      return !!cut;
    };
    textarea.addEventListener('compositionstart', function () {
      composing = true;
      if (limit > 0) lift();
    });
    textarea.addEventListener('compositionend', function () {
      composing = false;
      restore();
      var cut = enforce();
      update();
      if (cut) showError(form, 'long');
    });
    textarea.addEventListener('blur', function () {
      // A composition that ended without its event (an element moved, a browser's quirk).
      if (!composing) restore();
      // Left the box: what is left is no longer news (it was said over "Added: …").
      window.clearTimeout(pause);
    });
    var update = function () {
      followDirection(textarea, textarea.value);
      var left = limit - savedCount(textarea.value);
      if (counter) {
        counter.setAttribute('data-remaining', String(left));
        counter.classList.toggle('is-low', left <= 10);
        counter.classList.toggle('is-over', left < 0);
        if (count) count.textContent = formatNumber(left);
      }
      if (onChange) onChange();
    };
    // The counter is no live region (an <output> is one by default): read out at every key, it
    // talked over the typing. What is left is said once typing pauses, as the counter reads, while
    // the person is still in the box: moved on (QUOTE IT, then a pick), it was said a second
    // after the last key, over "Added: …".
    var pause = null;
    var sayRemaining = function () {
      window.clearTimeout(pause);
      pause = window.setTimeout(function () {
        if (counter && document.activeElement === textarea) announce(counter.textContent.replace(/\s+/g, ' ').trim());
      }, 1000);
    };
    textarea.addEventListener('input', function (event) {
      // While an input method composes, its text is left alone; it is cut when it ends.
      var settled = !(composing || event.isComposing);
      if (settled) restore();
      var cut = settled && enforce();
      update();
      if (cut) showError(form, 'long');
      else sayRemaining();
    });
    update();
    return {
      textarea: textarea,
      update: function () { accepted = textarea.value; update(); },
      problem: function () {
        if (!showsSomething(cleaned(textarea.value))) return 'empty';
        if (savedCount(textarea.value) > limit) return 'long';
        return null;
      }
    };
  }

  function showError(form, problem, focus) {
    var error = form.querySelector('[data-error]');
    var message = problem ? form.getAttribute('data-message-' + problem) || '' : '';
    if (error) {
      error.textContent = message;
      error.setAttribute('data-problem', problem || '');
    }
    form.querySelectorAll('[aria-invalid]').forEach(function (el) { el.removeAttribute('aria-invalid'); });
    if (focus) {
      focus.setAttribute('aria-invalid', 'true');
      focus.focus();
    }
  }

  // MARK: - Thank You

  /** `stored` false: the browser would not keep the outbox, and the screen says so. */
  function showThanks(form, stored, onAgain) {
    var thanks = document.querySelector('[data-thanks]');
    if (!thanks) return;
    form.hidden = true;
    thanks.hidden = false;
    var kept = thanks.querySelector('[data-thanks-kept]');
    var unsaved = thanks.querySelector('[data-thanks-unsaved]');
    if (kept && unsaved) { kept.hidden = !stored; unsaved.hidden = stored; }
    var choices = thanks.querySelector('[data-thanks-choices]');
    var close = thanks.querySelector('[data-thanks-close]');
    if (choices) choices.hidden = true;
    if (close) close.hidden = false;
    thanks.focus();
    if (thanks.getAttribute('data-ready')) return;
    thanks.setAttribute('data-ready', 'true');
    if (close) {
      close.addEventListener('click', function () {
        close.hidden = true;
        if (choices) {
          choices.hidden = false;
          var first = choices.querySelector('a, button');
          if (first) first.focus();
        }
      });
    }
    var back = thanks.querySelector('[data-thanks-back]');
    if (back) {
      back.addEventListener('click', function (event) {
        // The previous screen, as the app's "Closed" offers; the list (the link) when there is none.
        if (previousScreen(thanks.querySelector('[data-thanks-home]'))) {
          event.preventDefault();
          window.history.back();
        }
      });
    }
    var again = thanks.querySelector('[data-thanks-again]');
    if (again) {
      again.addEventListener('click', function () {
        thanks.hidden = true;
        form.hidden = false;
        onAgain();
      });
    }
  }

  /** The previous screen, for "Closed" → Back: the entry before this one in this tab's
   *  history when it is a page of this site; else (a tab opened on this page, or from
   *  elsewhere) Back follows its link, the list. document.referrer is empty from file://, so
   *  the history itself is asked: the Navigation API lists the entries (file:// included);
   *  without it, what history.length said when the page was opened (kept in its history
   *  entry, so a reload or a return keeps the answer: right after a navigation this page's
   *  entry is the last one, so any other entry comes before it). */
  function rememberWayBack() {
    var state = window.history.state;
    if (state && typeof state === 'object' && typeof state.vantageBack === 'boolean') return;
    var entry = window.performance && performance.getEntriesByType ? performance.getEntriesByType('navigation')[0] : null;
    var type = entry ? entry.type : 'navigate';
    var previous = window.history.length > 1 && (type !== 'back_forward' || !!document.referrer);
    var next = {};
    if (state && typeof state === 'object') Object.keys(state).forEach(function (key) { next[key] = state[key]; });
    next.vantageBack = previous;
    try { window.history.replaceState(next, ''); } catch (e) { /* unchanged: the link is used */ }
  }

  function previousScreen(home) {
    var root = null;
    try { root = new URL('../', home ? home.href : window.location.href).href; } catch (e) { /* no root: any page */ }
    var within = function (url) { return !!url && (!root || url.indexOf(root) === 0); };
    var nav = window.navigation;
    if (nav && nav.currentEntry && typeof nav.entries === 'function') {
      var index = nav.currentEntry.index;
      var before = index > 0 ? nav.entries()[index - 1] : null;
      return !!before && within(before.url);
    }
    if (document.referrer) return window.history.length > 1 && within(document.referrer);
    var state = window.history.state;
    return !!(state && typeof state === 'object' && state.vantageBack === true && window.history.length > 1);
  }

  // MARK: - The draft

  /** What is being written on a screen, kept for this tab only (sessionStorage), so that Back,
   *  a reload or a return to the screen finds it as it was left; dropped once it is saved to
   *  the outbox, or once the screen holds nothing of it again (the words deleted, the people
   *  taken off). The key names the person's part of this site and the screen
   *  (`vantage.draft.v1.<root><slug>/idea`), so one person's draft never shows on another
   *  person's screen, nor one site's on another's. It never leaves the tab: no file and no
   *  outbox holds it. */
  function Draft(slug, screen) {
    this.key = window.VantageText.siteKey('vantage.draft.v1', slug + '/' + screen);
  }

  /** The draft kept for this screen in this tab, or null. */
  Draft.prototype.read = function () {
    try {
      var value = JSON.parse(window.sessionStorage.getItem(this.key) || 'null');
      return value && typeof value === 'object' && !Array.isArray(value) ? value : null;
    } catch (e) { return null; }
  };

  /** Keeps `value` for this tab; null drops what was kept. */
  Draft.prototype.keep = function (value) {
    try {
      if (value) window.sessionStorage.setItem(this.key, JSON.stringify(value));
      else window.sessionStorage.removeItem(this.key);
    } catch (e) { /* blocked or full: the draft lives in this page only */ }
  };

  // MARK: - Submit Idea

  function setUpIdea(form, slug) {
    var showName = form.querySelector('[data-show-name]');
    var profile = form.querySelector('[data-profile]');
    var anonymous = form.querySelector('[data-anonymous]');
    var submit = form.querySelector('[data-compose-submit]');
    var forInputs = Array.prototype.slice.call(form.querySelectorAll('input[name="for"]'));
    var draft = new Draft(slug, 'idea');
    var kept = draft.read();
    var ready = false;
    // The words and the choices as they stand; kept while any of them differs from the page's.
    var keepDraft = function () {
      if (!ready || form.hidden) return;
      var forWhom = form.querySelector('input[name="for"]:checked');
      var value = { text: text.textarea.value, showName: showName.checked, 'for': forWhom ? forWhom.value : 'self' };
      var chosen = showName.checked !== showName.defaultChecked ||
        forInputs.some(function (input) { return input.checked !== input.defaultChecked; });
      draft.keep(value.text || chosen ? value : null);
    };
    var text = setUpText(form, function () { showError(form, null); keepDraft(); });
    var greyOut = function () {
      var off = !showName.checked;
      profile.classList.toggle('is-anonymous', off);
      if (anonymous) anonymous.hidden = !off;
    };
    showName.addEventListener('change', greyOut);
    if (kept) {
      if (typeof kept.text === 'string') text.textarea.value = kept.text;
      if (typeof kept.showName === 'boolean') showName.checked = kept.showName;
      forInputs.forEach(function (input) { if (input.value === kept['for']) input.checked = true; });
      text.update();
    }
    greyOut();
    ready = true;
    form.addEventListener('change', keepDraft);
    submit.disabled = false;
    form.addEventListener('submit', function (event) {
      event.preventDefault();
      var problem = text.problem();
      if (problem) { showError(form, problem, text.textarea); return; }
      var state = load(slug);
      var forWhom = form.querySelector('input[name="for"]:checked');
      state.ideas.push({
        localId: newLocalId(state), text: cleaned(text.textarea.value), showName: showName.checked,
        'for': forWhom ? forWhom.value : 'self', submittedAt: instant(new Date())
      });
      var stored = save(slug, state);
      draft.keep(null);
      renderOutbox(slug);
      showThanks(form, stored, function () {
        text.textarea.value = '';
        text.update();
        text.textarea.focus();
      });
    });
  }

  // MARK: - Add Quote: the To: fields

  function ToField(root, form, onChange) {
    var self = this;
    this.root = root;
    this.max = parseInt(root.getAttribute('data-max'), 10) || 0;
    this.input = root.querySelector('input[type=text]');
    this.box = root.querySelector('[role=combobox]') || this.input;
    this.listbox = root.querySelector('[role=listbox]');
    this.chips = root.querySelector('[data-chips]');
    this.options = Array.prototype.slice.call(this.listbox.querySelectorAll('[data-person]'));
    this.options.forEach(function (option) {
      option.setAttribute('data-fold', fold(option.textContent + ' ' + option.getAttribute('data-person')));
      option.addEventListener('mousedown', function (event) { event.preventDefault(); });
      option.addEventListener('click', function () { self.pick(option); });
    });
    this.picked = [];
    this.active = -1;
    this.onChange = onChange;
    this.removeLabel = form.getAttribute('data-label-remove') || 'Remove';
    this.addedLabel = form.getAttribute('data-label-added') || '';
    this.removedLabel = form.getAttribute('data-label-removed') || '';
    this.input.addEventListener('input', function () { self.filter(); });
    this.input.addEventListener('focus', function () { self.filter(); });
    // A pick keeps the focus in the field and closes the list: a click there (no new focus
    // event) opens it again for the next person.
    this.input.addEventListener('click', function () { if (self.listbox.hidden) self.filter(); });
    this.input.addEventListener('blur', function () {
      window.setTimeout(function () { if (document.activeElement !== self.input) self.close(); }, 150);
    });
    this.input.addEventListener('keydown', function (event) { self.key(event); });
  }

  /** The words of a folded name, each a place where a match can start: after spaces, hyphens
   *  and punctuation (O'Brien: brien; Sam (trainer): trainer), where Intl.Segmenter finds a
   *  word inside a run without spaces (山本部長: 部長), and an Arabic word after its article
   *  ال (الزهراني: زهراني). A word runs on to the end of the name, so what is typed may cross
   *  such a seam (o'b, 山本部). Never from inside a word: `ima` does not find Ana Lima. */
  function nameWords(folded) {
    var starts = [0];
    var seam = /[\s\p{P}\p{S}]+/gu;
    for (var m = seam.exec(folded); m; m = seam.exec(folded)) starts.push(m.index + m[0].length);
    if (window.Intl && Intl.Segmenter) {
      var segments = new Intl.Segmenter(pageLocale(), { granularity: 'word' }).segment(folded);
      var iterator = segments[Symbol.iterator]();
      for (var step = iterator.next(); !step.done; step = iterator.next()) {
        if (step.value.isWordLike) starts.push(step.value.index);
      }
    }
    starts.slice().forEach(function (start) {
      if (folded.charAt(start) === '\u0627' && folded.charAt(start + 1) === '\u0644' && folded.length > start + 2) starts.push(start + 2);
    });
    var words = [];
    starts.forEach(function (start) {
      var word = folded.slice(start);
      if (word && words.indexOf(word) < 0) words.push(word);
    });
    return words;
  }

  ToField.prototype.visible = function () {
    return this.options.filter(function (option) { return !option.hidden; });
  };

  /** Shows the people whose name (or handle) has a word starting with each word typed,
   *  accents and case folded (`lea` finds Léa, not Ana Lima for `ima`); everyone when nothing
   *  is typed. A name pasted as the list shows it is found too: a typed word's opening
   *  punctuation is passed over as the name's words pass over it (`(nyc)` finds John Smith
   *  (NYC)), and a word of punctuation or symbols alone (`😀`, `&`) is looked for anywhere in
   *  the name. */
  var OPENING = /^[\p{P}\p{S}]+/u;
  ToField.prototype.filter = function () {
    var typed = fold(this.input.value.trim());
    var words = typed ? typed.split(/\s+/) : [];
    var picked = this.picked;
    this.options.forEach(function (option) {
      var folded = option.getAttribute('data-fold');
      var tokens = option.vantageWords || (option.vantageWords = nameWords(folded));
      var match = words.every(function (word) {
        var bare = word.replace(OPENING, '');
        if (!bare) return folded.indexOf(word) >= 0;
        return tokens.some(function (token) { return token.indexOf(bare) === 0; });
      });
      var isPicked = picked.indexOf(option.getAttribute('data-person')) >= 0;
      option.hidden = !match || isPicked;
      option.setAttribute('aria-selected', 'false');
    });
    var shown = this.visible();
    this.listbox.hidden = shown.length === 0;
    this.box.setAttribute('aria-expanded', shown.length ? 'true' : 'false');
    this.setActive(shown.length && typed ? 0 : -1);
  };

  ToField.prototype.close = function () {
    this.listbox.hidden = true;
    this.box.setAttribute('aria-expanded', 'false');
    this.setActive(-1);
  };

  ToField.prototype.setActive = function (index) {
    var shown = this.visible();
    this.options.forEach(function (option) { option.classList.remove('is-active'); option.setAttribute('aria-selected', 'false'); });
    this.active = index;
    if (index >= 0 && index < shown.length) {
      shown[index].classList.add('is-active');
      shown[index].setAttribute('aria-selected', 'true');
      this.input.setAttribute('aria-activedescendant', shown[index].id);
      if (shown[index].scrollIntoView) shown[index].scrollIntoView({ block: 'nearest' });
    } else {
      this.input.removeAttribute('aria-activedescendant');
    }
  };

  ToField.prototype.key = function (event) {
    var shown = this.visible();
    var open = !this.listbox.hidden && shown.length > 0;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      var down = event.key === 'ArrowDown';
      if (!open) {
        // A closed list opens on its first match (ArrowUp: its last), whatever was before.
        this.filter();
        shown = this.visible();
        if (shown.length) this.setActive(down ? 0 : shown.length - 1);
      } else if (down) {
        this.setActive((this.active + 1) % shown.length);
      } else {
        this.setActive(this.active <= 0 ? shown.length - 1 : this.active - 1);
      }
    } else if (event.key === 'Enter' || event.key === 'Tab') {
      // Only a highlighted match is picked: Enter with none does nothing (and does not submit),
      // Tab with none moves on.
      var highlighted = open && this.active >= 0 && this.active < shown.length;
      if (highlighted) {
        event.preventDefault();
        this.pick(shown[this.active]);
      } else if (event.key === 'Enter') {
        event.preventDefault();
      }
    } else if (event.key === 'Escape') {
      if (!this.listbox.hidden) { event.preventDefault(); this.close(); }
    } else if (event.key === 'Backspace' && !this.input.value && this.picked.length) {
      event.preventDefault();
      this.remove(this.picked[this.picked.length - 1], true);
    }
  };

  /** The option of `handle` in this field's list (undefined: none). */
  ToField.prototype.optionOf = function (handle) {
    return this.options.filter(function (o) { return o.getAttribute('data-person') === handle; })[0];
  };

  /** The name of `handle` as a chip shows it, as the build wrote it (`data-name`: its direction
   *  controls balanced; with the handle of a person named like another, Danny danny-2). */
  ToField.prototype.nameOf = function (handle) {
    var option = this.optionOf(handle);
    if (!option) return handle;
    // Written only where it differs from the name the option shows (its first element).
    return option.hasAttribute('data-name') ? option.getAttribute('data-name') : option.firstElementChild.textContent;
  };

  /** The name of `handle` as this page's sentences write it ("Remove …", "Added: …", the
   *  outbox's line), as the build wrote it (`data-name-in-text`: isolated when it runs against
   *  the page's direction, by the rule of every sentence of the site). */
  ToField.prototype.nameInText = function (handle) {
    var option = this.optionOf(handle);
    if (!option) return handle;
    // Written only where it differs from the chip's.
    return option.hasAttribute('data-name-in-text') ? option.getAttribute('data-name-in-text') : this.nameOf(handle);
  };

  /** Adds the person of `option` as a chip; SAID holds one, so a new pick replaces it. */
  ToField.prototype.pick = function (option) {
    if (!option) return;
    var handle = option.getAttribute('data-person');
    if (this.max === 1 && this.picked.length) this.remove(this.picked[0], false);
    if (this.picked.indexOf(handle) < 0) this.picked.push(handle);
    this.renderChips();
    this.input.value = '';
    this.close();
    this.input.focus();
    announce(this.addedLabel + ' ' + this.nameInText(handle));
    this.onChange();
  };

  /** Takes `handle`'s chip away. `refocus`: the person asked for it (the chip's button,
   *  Backspace), so the focus goes back to the field and the removal is said, as a pick is: the
   *  chip and its button are gone, and Backspace in an empty field otherwise removes someone
   *  in silence. A pick that replaces SAID's person says only who was added. */
  ToField.prototype.remove = function (handle, refocus) {
    this.picked = this.picked.filter(function (h) { return h !== handle; });
    this.renderChips();
    if (refocus) {
      this.input.focus();
      announce(this.removedLabel + ' ' + this.nameInText(handle));
    }
    this.onChange();
  };

  ToField.prototype.renderChips = function () {
    var self = this;
    this.chips.textContent = '';
    this.picked.forEach(function (handle) {
      var chip = document.createElement('li');
      chip.className = 'chip';
      chip.setAttribute('data-chip', handle);
      var label = document.createElement('bdi');
      label.textContent = self.nameOf(handle);
      var button = document.createElement('button');
      button.type = 'button';
      button.className = 'chip-remove';
      button.setAttribute('aria-label', self.removeLabel + ' ' + self.nameInText(handle));
      button.textContent = '×';
      button.addEventListener('click', function () { self.remove(handle, true); });
      button.addEventListener('keydown', function (event) {
        if (event.key === 'Backspace' || event.key === 'Delete') { event.preventDefault(); self.remove(handle, true); }
      });
      chip.appendChild(label);
      chip.appendChild(button);
      self.chips.appendChild(chip);
    });
    this.root.classList.toggle('is-full', this.max === 1 && this.picked.length === 1);
  };

  ToField.prototype.clear = function () {
    this.picked = [];
    this.input.value = '';
    this.renderChips();
  };

  // MARK: - Add Quote

  function setUpQuote(form, slug) {
    var steps = {};
    form.querySelectorAll('[data-compose-step]').forEach(function (step) { steps[step.getAttribute('data-compose-step')] = step; });
    var quoteIt = form.querySelector('[data-quote-it]');
    var submit = form.querySelector('[data-compose-submit]');
    var when = form.querySelector('input[name="when"]');
    var preview = form.querySelector('[data-preview-text]');
    var zone = form.getAttribute('data-time-zone') || undefined;
    var fields = {};
    var names = {};
    var namesInText = {};
    var draft = new Draft(slug, 'quote');
    var kept = draft.read();
    var ready = false;
    var part = form.getAttribute('data-part') || '';
    // The words, the step, the people picked (by their handles in this part) and WHEN as they
    // stand; kept while the screen holds any of them.
    var keepDraft = function () {
      if (!ready || form.hidden) return;
      var value = {
        text: text.textarea.value, at: form.getAttribute('data-at') || 'text', part: part,
        said: fields.said ? fields.said.picked.slice() : [], heard: fields.heard ? fields.heard.picked.slice() : [],
        when: when.value
      };
      draft.keep(value.text || value.said.length || value.heard.length || value.when ? value : null);
    };
    var changed = function () { showError(form, null); keepDraft(); };
    form.querySelectorAll('.to-field').forEach(function (root) {
      var field = new ToField(root, form, changed);
      fields[root.getAttribute('data-field')] = field;
      field.options.forEach(function (option) {
        var handle = option.getAttribute('data-person');
        names[handle] = field.nameOf(handle);
        namesInText[handle] = field.nameInText(handle);
      });
    });
    var text = setUpText(form, changed);
    // A message belongs to the step it was given on: moving on (QUOTE IT) or back (Edit) clears
    // it, and whoever moves to show a problem gives it after the move.
    var show = function (name) {
      Object.keys(steps).forEach(function (key) { steps[key].hidden = key !== name; });
      form.setAttribute('data-at', name);
      showError(form, null);
      keepDraft();
    };
    show('text');
    if (kept) {
      if (typeof kept.text === 'string') text.textarea.value = kept.text;
      text.update();
      // The people, by their handles in the part they were picked in: a rebuild that gave the
      // handles to others leaves them out.
      if (kept.part === part) {
        Object.keys(fields).forEach(function (key) {
          var field = fields[key];
          (Array.isArray(kept[key]) ? kept[key] : []).forEach(function (handle) {
            if (!field.optionOf(handle) || field.picked.indexOf(handle) >= 0) return;
            if (field.max === 1 && field.picked.length) return;
            field.picked.push(handle);
          });
          field.renderChips();
        });
      }
      if (typeof kept.when === 'string' && WALL_TIME.test(kept.when)) when.value = kept.when;
      if (kept.at === 'review' && !text.problem()) {
        if (preview) preview.textContent = cleaned(text.textarea.value);
        show('review');
      }
    }
    ready = true;
    form.addEventListener('change', keepDraft);
    when.addEventListener('input', keepDraft);
    quoteIt.disabled = false;
    submit.disabled = false;
    quoteIt.addEventListener('click', function () {
      var problem = text.problem();
      if (problem) { showError(form, problem, text.textarea); return; }
      if (preview) preview.textContent = cleaned(text.textarea.value);
      show('review');
      var first = fields.said ? fields.said.input : when;
      if (first) first.focus();
    });
    form.querySelector('[data-compose-edit]').addEventListener('click', function () {
      show('text');
      text.textarea.focus();
    });
    form.addEventListener('submit', function (event) {
      event.preventDefault();
      if (form.getAttribute('data-at') === 'text') { quoteIt.click(); return; }
      var problem = text.problem();
      if (problem) { show('text'); showError(form, problem, text.textarea); return; }
      var said = fields.said ? fields.said.picked : [];
      var heard = fields.heard ? fields.heard.picked : [];
      if (said.length !== 1) { showError(form, 'said', fields.said && fields.said.input); return; }
      if (heard.length < 1) { showError(form, 'heard', fields.heard && fields.heard.input); return; }
      if (!WALL_TIME.test(when.value)) { showError(form, 'when', when); return; }
      var at = withinBounds(when.value, zone, when) ? withOffset(when.value, zone) : null;
      if (!at) { showError(form, 'when-range', when); return; }
      var state = load(slug);
      state.names = state.names || {};
      state.namesInText = state.namesInText || {};
      // The name as the outbox's line writes it, kept (the Submit Idea screen lists the outbox
      // too, without the options); `names` (the chip's form) for an earlier version's pages.
      said.concat(heard).forEach(function (handle) {
        state.names[handle] = names[handle] || handle;
        state.namesInText[handle] = namesInText[handle] || handle;
      });
      state.quotes.push({
        localId: newLocalId(state), text: cleaned(text.textarea.value), saidBy: said[0], heardBy: heard.slice(), when: at,
        part: form.getAttribute('data-part') || undefined
      });
      var stored = save(slug, state);
      draft.keep(null);
      renderOutbox(slug);
      showThanks(form, stored, function () {
        text.textarea.value = '';
        text.update();
        Object.keys(fields).forEach(function (key) { fields[key].clear(); });
        when.value = '';
        show('text');
        text.textarea.focus();
      });
    });
  }

  function start() {
    var form = document.querySelector('form[data-compose]');
    if (!form) return;
    rememberWayBack();
    var slug = form.getAttribute('data-submitted-by');
    document.querySelectorAll('[data-compose-noscript]').forEach(function (note) { note.hidden = true; });
    // A screen this person cannot use (Add Quote without a phone) keeps its form disabled;
    // what they composed elsewhere is still listed and can be downloaded.
    var unavailable = document.querySelector('[data-compose-unavailable]');
    // Without scripts the form's fieldset keeps every control disabled: composing needs them.
    if (!unavailable) form.querySelectorAll('[data-compose-fields]').forEach(function (fields) { fields.disabled = false; });
    if (!unavailable && form.getAttribute('data-compose') === 'idea') setUpIdea(form, slug);
    else if (!unavailable) setUpQuote(form, slug);
    var button = document.querySelector('[data-download="submissions"]');
    if (button) button.addEventListener('click', function () { download(slug); });
    renderOutbox(slug);
    // Every open page of this person's outbox stays current: another tab or page that saves or
    // removes (the `storage` event; null when storage is cleared), and this page shown again
    // from the back/forward cache after another page changed the outbox (`pageshow`).
    window.addEventListener('storage', function (event) {
      if (event.key === null || event.key === storageKey(slug) || event.key === LEGACY_PREFIX + slug) renderOutbox(slug);
    });
    window.addEventListener('pageshow', function (event) {
      if (event.persisted) renderOutbox(slug);
    });
    form.setAttribute('data-ready', 'true');
  }

  window.VantageCompose = {
    load: load, exportDocument: exportDocument, download: download, clear: clear, withOffset: withOffset,
    storageKey: storageKey, siteRoot: siteRoot,
    characterCount: characterCount, savedCount: savedCount, clip: clip
  };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start); else start();
})();
