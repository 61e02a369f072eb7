/* Vantage search: results as the viewer types, from the viewer's own index
 * only, with accents and case folded. Works from file://, where a page cannot
 * fetch() a JSON file, so the index comes in with the page:
 *   window.VANTAGE_SEARCH     set by the viewer's search-index.js
 *                             (<script src="search-index.js">), or
 *   script#search-index       type="application/json", in the page.
 * Index: {"version": 1, "ideas": [{id, text, by?, new, url}],
 *         "quotes": [{id, text, by, heard: [names], when, url}]}, URLs relative
 * to the viewer's folder (where the search page is).
 *
 * Page hooks: form[role=search] with input[type=search]; [data-search-results]
 * (the list the results go into); template#search-result whose first element
 * is one result, with [data-slot=link] (an <a>), [data-slot=text],
 * [data-slot=by], [data-slot=kind], [data-slot=new] (the NEW tag, kept for an idea new to
 * the viewer, which also gets data-new as in the lists), [data-slot=heard] holding
 * [data-slot=heard-names] (kept for a quote some of whose hearers' names a word of the query
 * is found in, so that a match on a hearer is seen: the names are listed as the page's
 * language lists them, each in its own direction, the words marked) and data-label-idea /
 * data-label-quote on the template for the kind labels; [data-search-empty] (no match);
 * [data-search-status] (role=status: says how many were found, or that nothing was, from
 * template#search-count's forms [data-plural][data-sample], one per plural category);
 * [data-search-more] (holds the button that shows the next results: a query that matches
 * thousands shows them a page at a time, so that typing stays quick);
 * [data-search-noscript] (hidden once this script runs, which also enables the field: the
 * page has it disabled, since without scripts it would take a query and find nothing). Enter
 * blurs the field (dismissing a phone's keyboard); Cancel is a link home in the page. The
 * address keeps the query (?q=), so that a reload or a bookmark finds it again. */
(function () {
  'use strict';

  var fold = window.VantageText.fold;
  /** Results listed at a time: a query that matches tens of thousands of quotes would
   *  otherwise build them all as the viewer types each letter. */
  var PAGE = 100;

  /** Folds `text` keeping, for every folded UTF-16 unit, the part of `text` it came from: a
   *  character with the marks that follow it (folded together, as the marks depend on it). */
  function foldWithMap(text) {
    var folded = '';
    var starts = [];
    var ends = [];
    var cluster = /[\s\S]\p{M}*/gu;
    for (var m = cluster.exec(text); m; m = cluster.exec(text)) {
      var f = fold(m[0]);
      for (var k = 0; k < f.length; k++) {
        var unit = f[k];
        // Spaces as `foldField` has them: a run of them is one space.
        if (SPACE.test(unit)) {
          if (folded[folded.length - 1] === ' ') continue;
          unit = ' ';
        }
        folded += unit;
        starts.push(m.index);
        ends.push(m.index + m[0].length);
      }
    }
    return { text: folded, starts: starts, ends: ends };
  }

  var SPACE = /\s/;
  var SPACES = /\s+/g;

  /** A field of the index as it is searched: folded, each run of spaces or line breaks one
   *  space (so that a phrase finds its words whatever parts them). */
  function foldField(text) {
    return fold(text).replace(SPACES, ' ');
  }

  // The punctuation around a word of the query, which is not searched for: `person?`, `Dad:`,
  // `(poem)` and `"morning` find person, Dad, poem and morning. Punctuation inside a word stays
  // (node.js, don't, co-op), and so does a word of punctuation alone (&).
  var EDGES = /^\p{P}+|\p{P}+$/gu;

  function bare(term) {
    return term.replace(EDGES, '') || term;
  }

  /** The terms of a query, every one of which a result must hold: its words, and each phrase in
   *  quotation marks ("morning person", or “morning person” as a phone's keyboard types them:
   *  the fold makes them ") as one term, its words in that order. */
  function terms(query) {
    var wanted = [];
    var rest = fold(query).replace(/"([^"]*)"/g, function (all, phrase) {
      var words = phrase.split(SPACES).filter(function (w) { return w.length > 0; });
      if (words.length) wanted.push(bare(words.join(' ')));
      return ' ';
    });
    rest.split(SPACES).forEach(function (word) {
      // A quotation mark alone is the start or end of a phrase being typed, not a word.
      if (word.length > 0 && !/^"+$/.test(word)) wanted.push(bare(word));
    });
    return wanted;
  }

  function readIndex() {
    if (window.VANTAGE_SEARCH && typeof window.VANTAGE_SEARCH === 'object') return window.VANTAGE_SEARCH;
    var embedded = document.getElementById('search-index');
    if (embedded) {
      try { return JSON.parse(embedded.textContent); } catch (e) { /* fall through: no index */ }
    }
    return null;
  }

  /** Flattens the index into entries with one folded haystack each. */
  function entries(index) {
    var out = [];
    (index.ideas || []).forEach(function (idea) {
      out.push({ kind: 'idea', id: idea.id, text: idea.text, by: idea.by || '', url: idea.url, isNew: idea['new'] === true,
        haystack: [idea.text, idea.by || ''].map(foldField).join('\n') });
    });
    (index.quotes || []).forEach(function (quote) {
      var heard = (quote.heard || []).map(foldField).join('\n');
      out.push({ kind: 'quote', id: quote.id, text: quote.text, by: quote.by || '', url: quote.url,
        heard: quote.heard || [], heardHaystack: heard,
        haystack: [foldField(quote.text), foldField(quote.by || ''), heard].join('\n') });
    });
    return out;
  }

  /** Writes `text` into `slot` with every occurrence of the terms marked. */
  function fillMarked(slot, text, wanted) {
    slot.textContent = '';
    var mapped = foldWithMap(text);
    var marks = [];
    wanted.forEach(function (term) {
      var from = 0;
      var at;
      while ((at = mapped.text.indexOf(term, from)) !== -1) {
        marks.push([mapped.starts[at], mapped.ends[at + term.length - 1]]);
        from = at + term.length;
      }
    });
    marks.sort(function (a, b) { return a[0] - b[0] || b[1] - a[1]; });
    // Overlapping matches are one mark over all they cover ("caf" and "afe" in "café").
    var merged = [];
    marks.forEach(function (range) {
      var last = merged[merged.length - 1];
      if (last && range[0] < last[1]) { last[1] = Math.max(last[1], range[1]); } else { merged.push(range.slice()); }
    });
    var cursor = 0;
    merged.forEach(function (range) {
      slot.appendChild(document.createTextNode(text.slice(cursor, range[0])));
      var mark = document.createElement('mark');
      mark.textContent = text.slice(range[0], range[1]);
      slot.appendChild(mark);
      cursor = range[1];
    });
    slot.appendChild(document.createTextNode(text.slice(cursor)));
  }

  /** Writes the hearers' names into `slot`, each isolated in its own direction and marked. */
  function fillNames(slot, names, wanted) {
    slot.textContent = '';
    window.VantageText.listParts(names).forEach(function (part) {
      if (part.type !== 'element') {
        slot.appendChild(document.createTextNode(part.value));
        return;
      }
      var name = document.createElement('span');
      name.setAttribute('dir', 'auto');
      fillMarked(name, part.value, wanted);
      slot.appendChild(name);
    });
  }

  function formatNumber(n) {
    try { return new Intl.NumberFormat(window.VantageText.pageLocale()).format(n); } catch (e) { return String(n); }
  }

  /** "12 results" in the page's language: template#search-count holds the count's string once
   *  for each plural category of the language, rendered for the category's smallest count
   *  (`data-plural`, `data-sample`); the one `count` takes is shown with `count` in place of its
   *  sample. */
  function countText(count) {
    var forms = document.getElementById('search-count');
    if (!forms) return formatNumber(count);
    var category = 'other';
    try { category = new Intl.PluralRules(window.VantageText.pageLocale()).select(count); } catch (e) { /* other */ }
    var form = forms.content.querySelector('[data-plural="' + category + '"]') ||
      forms.content.querySelector('[data-plural="other"]');
    if (!form) return formatNumber(count);
    var text = form.textContent;
    var sample = Number(form.getAttribute('data-sample'));
    var shown = formatNumber(sample);
    if (text.indexOf(shown) !== -1) return text.replace(shown, formatNumber(count));
    // The build's digits or separators may not be the browser's (٣ and 3, a thousand grouped
    // with another space): the text's one number, whatever its digits.
    var number = /\p{Nd}(?:[\p{Nd}\s.,'\u2019\u066B\u066C]*\p{Nd})?/u;
    if (number.test(text)) return text.replace(number, formatNumber(count));
    return text; // a form without its number ("نتيجة واحدة"): its category holds that count only
  }

  function start() {
    var form = document.querySelector('form[role="search"]');
    var input = form && form.querySelector('input[type="search"]');
    var results = document.querySelector('[data-search-results]');
    var template = document.getElementById('search-result');
    var index = readIndex();
    if (!input || !results || !template || !index) return;
    var all = entries(index);
    var empty = document.querySelector('[data-search-empty]');
    var status = document.querySelector('[data-search-status]');
    var noscript = document.querySelector('[data-search-noscript]');
    if (noscript) noscript.hidden = true;
    // The field is disabled in the page: without this script it would take a query and find
    // nothing.
    input.disabled = false;
    var labels = { idea: template.getAttribute('data-label-idea') || '', quote: template.getAttribute('data-label-quote') || '' };

    var more = document.querySelector('[data-search-more]');
    var moreButton = more && more.querySelector('button');

    var shownFor = null; // the query the results are for
    var found = [];
    var wanted = [];
    var listed = 0; // how many of `found` are in the list

    /** Keeps the query in the address (replaced, not pushed: Back leaves the page). */
    function remember(query) {
      var url = new URL(window.location.href);
      if (query) url.searchParams.set('q', query); else url.searchParams.delete('q');
      if (url.href === window.location.href) return;
      try { history.replaceState(history.state, '', url.href); } catch (e) { /* an address it may not take */ }
    }

    function show() {
      shownFor = input.value;
      remember(input.value.trim() ? input.value : '');
      wanted = terms(input.value);
      results.textContent = '';
      listed = 0;
      found = !wanted.length ? [] : all.filter(function (entry) {
        return wanted.every(function (term) { return entry.haystack.indexOf(term) !== -1; });
      });
      if (empty) empty.hidden = !wanted.length || found.length > 0;
      // Said by the status region, which is there from the start (a message un-hidden is not
      // announced), not by the list (a live list was read out whole, up to 100 results, at every
      // key): how many were found ("12 results"), or that nothing was.
      if (status) {
        status.textContent = !wanted.length ? '' : found.length ? countText(found.length)
          : empty ? empty.textContent : '';
      }
      listMore();
    }

    /** Adds the next page of results to the list. */
    function listMore() {
      var fragment = document.createDocumentFragment();
      found.slice(listed, listed + PAGE).forEach(function (entry) {
        var node = template.content.firstElementChild.cloneNode(true);
        node.setAttribute('data-id', entry.id);
        node.setAttribute('data-kind', entry.kind);
        var link = node.querySelector('[data-slot="link"]');
        if (link) link.setAttribute('href', entry.url);
        var text = node.querySelector('[data-slot="text"]');
        if (text) fillMarked(text, entry.text, wanted);
        var by = node.querySelector('[data-slot="by"]');
        if (by) {
          if (entry.by) fillMarked(by, entry.by, wanted);
          else by.remove();
        }
        var heard = node.querySelector('[data-slot="heard"]');
        if (heard) {
          var names = heard.querySelector('[data-slot="heard-names"]');
          var matched = entry.heard && entry.heard.length && wanted.some(function (term) {
            return entry.heardHaystack.indexOf(term) !== -1;
          });
          if (matched && names) fillNames(names, entry.heard, wanted);
          else heard.remove();
        }
        var kind = node.querySelector('[data-slot="kind"]');
        if (kind) kind.textContent = labels[entry.kind];
        var tag = node.querySelector('[data-slot="new"]');
        if (entry.isNew) {
          node.setAttribute('data-new', '');
          node.classList.add('is-new');
        } else if (tag) {
          tag.remove();
        }
        fragment.appendChild(node);
      });
      listed = Math.min(found.length, listed + PAGE);
      results.appendChild(fragment);
      if (more) more.hidden = listed >= found.length;
    }

    if (moreButton) {
      moreButton.addEventListener('click', function () {
        var first = listed;
        listMore();
        // On to the first of the results just added, for a keyboard or a screen reader.
        var added = results.children[first];
        var link = added && added.querySelector('a');
        if (link) link.focus();
      });
    }

    input.addEventListener('input', show);
    input.addEventListener('search', show); // the field's own clear button
    input.addEventListener('keydown', function (e) {
      if (e.key === 'Enter') {
        e.preventDefault();
        input.blur();
      }
    });
    form.addEventListener('submit', function (e) {
      e.preventDefault();
      input.blur();
    });
    var query = new URLSearchParams(window.location.search).get('q');
    if (query) input.value = query;
    show();
    // Back to this page, the browser puts the last query back in the box after this script
    // ran, and without an input event (from file:// always): search again for what it holds.
    function again() { if (input.value !== shownFor) show(); }
    window.addEventListener('pageshow', again);
    document.addEventListener('DOMContentLoaded', again);
  }

  window.VantageSearch = { fold: fold };
  start();
}());
