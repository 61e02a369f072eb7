/* Vantage review decisions: kept in localStorage and downloaded as a reviews
 * file in the format of DATA.md ("Reviews"), which `vantage build` imports
 * from content/reviews/. Plain script, no network; every label it shows comes
 * from the page (the review bar rendered by the templates).
 *
 * Page hooks:
 *   [data-triage][data-id]   reviewable items (triage.js drags them)
 *   [data-review-bar]        toolbar, `hidden` until this script runs; inside it:
 *     [data-reviewer]        text input: the reviewer's name (required to download)
 *     [data-review-count]    how many of this page's items are decided
 *     [data-review-undo]     forgets the most recent decision of an item on this page
 *     [data-review-download] downloads the reviews file: every decision kept in this
 *                            browser, from every review page of the site
 * The count and Undo concern this page only: the decisions are kept per item for the
 * whole site (one key per site, named by its root: VantageText.siteKey), and an Undo of an
 * item on another page, maybe in another person's part of the site, would bring back nothing
 * the reviewer sees.
 * API: window.VantageReview = { decide, undo, get, exportDocument, download, storageKey }.
 * Events on the item: "vantage:triage-reset" when an undo brings it back. */
(function () {
  'use strict';

  /** The decisions of this site: every site opened from file:// shares one storage origin, and
   *  so do sites on sub-paths of one host, so the key names the site by its root
   *  (`vantage.reviews.v1.file:///home/me/public/`). What an earlier version kept under
   *  LEGACY, one key for every site, is taken over by the first site opened, once. */
  var LEGACY = 'vantage.reviews.v1';
  var KEY = window.VantageText.siteKey(LEGACY);
  var ACTIONS = { archive: true, delete: true, later: true, list: true };
  var memory = null; // the state while storage is unavailable or refuses it (some file:// setups)

  function parse(raw) {
    if (!raw) return null;
    try {
      var state = JSON.parse(raw);
      if (state && typeof state === 'object' && state.decisions && typeof state.decisions === 'object') return state;
    } catch (e) { /* unreadable: none */ }
    return null;
  }

  /** This site's decisions with the earlier version's merged in: a decision this site holds
   *  for an item wins, the others come after this site's in the order they were made. */
  function merge(current, old) {
    var legacy = parse(old);
    if (!legacy) return null;
    var state = parse(current);
    if (!state) return old;
    var next = state.next || 1;
    Object.keys(legacy.decisions).sort(function (a, b) {
      return (legacy.decisions[a].seq || 0) - (legacy.decisions[b].seq || 0);
    }).forEach(function (id) {
      if (Object.prototype.hasOwnProperty.call(state.decisions, id)) return;
      state.decisions[id] = legacy.decisions[id];
      state.decisions[id].seq = next++;
    });
    state.next = next;
    if (!state.reviewer && legacy.reviewer) state.reviewer = legacy.reviewer;
    return JSON.stringify(state);
  }

  function load() {
    if (memory) return memory;
    return parse(window.VantageText.adopt(LEGACY, KEY, merge)) || { reviewer: '', next: 1, decisions: {} };
  }

  /** Keeps `state` in storage; only when storage refuses it does this page keep its own copy
   *  (a copy kept otherwise would hide what other pages store meanwhile). */
  function save(state) {
    try {
      window.localStorage.setItem(KEY, JSON.stringify(state));
      memory = null;
    } catch (e) {
      memory = state;
    }
  }

  var instant = window.VantageText.instant;

  function itemsWithId(id) {
    var all = document.querySelectorAll('[data-triage][data-id]');
    var found = [];
    for (var i = 0; i < all.length; i++) {
      if (all[i].getAttribute('data-id') === id) found.push(all[i]);
    }
    return found;
  }

  /** Records a decision; `source` is the item the gesture decided (it hides itself). */
  function decide(id, action, extra, source) {
    if (!ACTIONS[action]) throw new Error('unknown review action ' + action);
    extra = extra || {};
    if (action === 'later' && !extra.until) throw new Error('a later decision needs until');
    if (action === 'list' && !extra.list) throw new Error('a list decision needs list');
    var state = load();
    var entry = { action: action, at: instant(new Date()), seq: state.next || 1 };
    if (action === 'later') entry.until = extra.until;
    if (action === 'list') entry.list = extra.list;
    state.next = entry.seq + 1;
    state.decisions[id] = entry;
    save(state);
    itemsWithId(id).forEach(function (item) {
      item.setAttribute('data-decision', action);
      if (item !== source) item.hidden = true;
    });
    refreshBar();
    return entry;
  }

  /** The ids of the reviewable items on this page that have a decision in `state`. */
  function decidedHere(state) {
    var all = document.querySelectorAll('[data-triage][data-id]');
    var ids = [];
    for (var i = 0; i < all.length; i++) {
      var id = all[i].getAttribute('data-id');
      if (Object.prototype.hasOwnProperty.call(state.decisions, id) && ids.indexOf(id) < 0) ids.push(id);
    }
    return ids;
  }

  /** Forgets the most recent decision of an item on this page and brings it back. */
  function undo() {
    var state = load();
    var latest = null;
    decidedHere(state).forEach(function (id) {
      if (!latest || state.decisions[id].seq > state.decisions[latest].seq) latest = id;
    });
    if (latest === null) {
      // Another page took this page's decisions back meanwhile: show that, rather than a
      // count and an Undo that do nothing.
      sync();
      return null;
    }
    delete state.decisions[latest];
    save(state);
    var items = itemsWithId(latest);
    items.forEach(function (item) {
      item.removeAttribute('data-decision');
      item.hidden = false;
      item.dispatchEvent(new CustomEvent('vantage:triage-reset', { bubbles: true }));
    });
    if (items.length) items[0].focus();
    refreshBar();
    return latest;
  }

  function get(id) {
    var entry = load().decisions[id];
    return entry ? entry.action : null;
  }

  /** The reviews file (DATA.md): decisions in the order they were made. */
  function exportDocument() {
    var state = load();
    var ids = Object.keys(state.decisions).sort(function (a, b) {
      return state.decisions[a].seq - state.decisions[b].seq;
    });
    return {
      reviewer: state.reviewer || '',
      exportedAt: instant(new Date()),
      decisions: ids.map(function (id) {
        var d = state.decisions[id];
        var out = { item: id, action: d.action };
        if (d.action === 'later') out.until = d.until;
        if (d.action === 'list') out.list = d.list;
        out.at = d.at;
        return out;
      })
    };
  }

  function fileName(doc) {
    var who = window.VantageText.fileNamePart(doc.reviewer, 'review');
    return 'reviews-' + who + '-' + window.VantageText.fileStamp(doc.exportedAt) + '.json';
  }

  /** Saves the reviews file through the browser's download. */
  function download() {
    var doc = exportDocument();
    var input = document.querySelector('[data-review-bar] [data-reviewer]');
    if (!window.VantageText.showsSomething(doc.reviewer) && input) {
      // A name that shows nothing (spaces, zero-width or bidi characters, controls: the import
      // refuses it, and with it the whole next build) is no name: cleared, the required field
      // says so (such characters satisfied it).
      input.value = '';
      input.focus();
      if (input.reportValidity) input.reportValidity();
      return null;
    }
    window.VantageText.saveJSON(fileName(doc), doc);
    return doc;
  }

  var pageLocale = window.VantageText.pageLocale;

  function formatCount(n) {
    try { return new Intl.NumberFormat(pageLocale()).format(n); } catch (e) { return String(n); }
  }

  function refreshBar() {
    var bar = document.querySelector('[data-review-bar]');
    if (!bar) return;
    var state = load();
    var count = decidedHere(state).length;
    var output = bar.querySelector('[data-review-count]');
    if (output) output.textContent = formatCount(count);
    var undoButton = bar.querySelector('[data-review-undo]');
    if (undoButton) undoButton.disabled = count === 0;
    var downloadButton = bar.querySelector('[data-review-download]');
    if (downloadButton) downloadButton.disabled = Object.keys(state.decisions).length === 0;
  }

  function setUpBar() {
    var bar = document.querySelector('[data-review-bar]');
    if (!bar) return;
    var input = bar.querySelector('[data-reviewer]');
    if (input) {
      input.required = true;
      input.value = load().reviewer || '';
      input.addEventListener('input', function () {
        var state = load();
        state.reviewer = window.VantageText.cleaned(input.value);
        save(state);
      });
    }
    var undoButton = bar.querySelector('[data-review-undo]');
    if (undoButton) undoButton.addEventListener('click', undo);
    var downloadButton = bar.querySelector('[data-review-download]');
    if (downloadButton) downloadButton.addEventListener('click', download);
    bar.hidden = false;
    refreshBar();
  }

  /** Items decided earlier (on any page of this site) stay out of the way; items whose
   *  decision is gone (undone on another page) come back. */
  function applyStored() {
    var decisions = load().decisions;
    var items = document.querySelectorAll('[data-triage][data-id]');
    for (var i = 0; i < items.length; i++) {
      var item = items[i];
      var id = item.getAttribute('data-id');
      var d = Object.prototype.hasOwnProperty.call(decisions, id) ? decisions[id] : null;
      var shown = item.getAttribute('data-decision');
      if (d && shown !== d.action) {
        if (!shown) item.dispatchEvent(new CustomEvent('vantage:triage-reset', { bubbles: true }));
        item.setAttribute('data-decision', d.action);
        item.hidden = true;
      } else if (!d && shown) {
        item.removeAttribute('data-decision');
        item.hidden = false;
        item.dispatchEvent(new CustomEvent('vantage:triage-reset', { bubbles: true }));
      }
    }
  }

  /** Shows what storage holds now: another page (another tab, or while this one waited in the
   *  back/forward cache) may have decided or undone items of this page since. */
  function sync() {
    applyStored();
    var input = document.querySelector('[data-review-bar] [data-reviewer]');
    if (input && document.activeElement !== input) input.value = load().reviewer || '';
    refreshBar();
  }

  window.VantageReview = { decide: decide, undo: undo, get: get, exportDocument: exportDocument, download: download, storageKey: KEY };
  applyStored();
  setUpBar();
  window.addEventListener('pageshow', function (e) { if (e.persisted) sync(); });
  window.addEventListener('storage', function (e) { if (e.key === KEY || e.key === LEGACY || e.key === null) sync(); });
}());
