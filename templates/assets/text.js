/* Vantage rules the page scripts share, one copy each: how a name or a text is folded
 * for matching (search.js searches with it, compose.js matches names in the To: fields), the
 * locale a page formats numbers and text segments in (compose.js, review.js), which site the
 * page belongs to, for what is kept in localStorage (compose.js, review.js, coach.js), and what
 * a downloaded file may hold as a text or a name, by the import's rules (compose.js, review.js).
 * Loaded before them on every page that uses them.
 * How names are listed ("A, B and C") in the page's language (search.js, compose.js).
 * How a file is downloaded: its instants, the time and the person's name in its name, and the
 * save itself (compose.js, review.js).
 * API: window.VantageText = { fold, pageLocale, listParts, siteRoot, siteKey, adopt, cleaned, showsSomething,
 *   fileNamePart, instant, fileStamp, saveJSON }. */
(function () {
  'use strict';

  /** The site's root folder, resolved: this script is `<root>/assets/text.js`, whatever page
   *  loads it (pages link it relatively). Every site opened from file:// shares one storage
   *  origin, and so do sites on sub-paths of one host: the root tells them apart. */
  var script = document.currentScript;
  var siteRoot = (function () {
    var candidates = [script && script.src, (document.querySelector('link[rel~="icon"]') || {}).href];
    for (var i = 0; i < candidates.length; i++) {
      if (!candidates[i]) continue;
      try { return new URL('../', candidates[i]).href; } catch (e) { /* the next one */ }
    }
    return new URL('./', window.location.href).href;
  })();

  /** The localStorage key of `name` for this site: `name.<site root URL><path>`
   *  (`vantage.reviews.v1.file:///home/me/public/`, `vantage.submissions.v1.…/public/ana-lima/`),
   *  so two sites in one browser never see each other's state. */
  function siteKey(name, path) { return name + '.' + siteRoot + (path || ''); }

  /** Takes over, once, what an earlier version kept under `legacy` (one key for every site of
   *  the origin) into this site's `key`: `merge(current, old)` gets both stored strings (current
   *  null when this site has none yet) and returns the string to keep (null: nothing there to
   *  take over, left alone); the old key is removed, so no other site sees it again. Returns
   *  what `key` holds afterwards (null: nothing); storage that refuses changes nothing. */
  function adopt(legacy, key, merge) {
    var current = null;
    try {
      current = window.localStorage.getItem(key);
      var old = window.localStorage.getItem(legacy);
      if (old === null) return current;
      var merged = merge(current, old);
      if (merged === null || merged === undefined) return current; // nothing to take over
      window.localStorage.setItem(key, merged);
      window.localStorage.removeItem(legacy);
      current = merged;
    } catch (e) { /* blocked or full: kept where it was */ }
    return current;
  }

  // The combining diacritical marks: accents where they follow a Latin, Greek or Cyrillic
  // letter (é, ö, й, ά, and the dot NFKD takes off Turkish İ); Arabic's optional marks after an
  // Arabic letter (the harakat, and the hamza that NFKD takes off أ and إ: احمد finds أحمد);
  // Hebrew's vowel points and cantillation marks after a Hebrew letter (שלום finds שָׁלוֹם).
  // Every other mark is part of its word and stays: a Devanagari or Thai vowel sign (काम is
  // not कम), a virama, a mark after a letter of another script.
  var ACCENTS = /[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f]/gu;
  var HARAKAT = /[\u064b-\u065f\u0670]/gu;
  var POINTS = /[\u0591-\u05c7]/gu;
  var MARKED = /([\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}])(\p{M}+)|(\p{Script=Arabic})(\p{M}+)|(\p{Script=Hebrew})(\p{M}+)/gu;
  // Letters NFKD leaves whole that a reader types as their base letters (lower case, after
  // lower-casing): Turkish dotless ı (ISIK, ışık and Işık meet), đ (Vietnamese, Croatian), ħ
  // (Maltese), ł (Polish), ø (Danish, Norwegian), the ligatures æ and œ, ß (and ẞ) as ss, and
  // final sigma as sigma (lower-casing a whole word gives ς at its end, one letter at a time
  // σ, and a reader types either).
  var LETTERS = { 'ı': 'i', 'đ': 'd', 'ħ': 'h', 'ł': 'l', 'ø': 'o', 'æ': 'ae', 'œ': 'oe', 'ß': 'ss', 'ς': 'σ' };
  var UNDECOMPOSED = /[ıđħłøæœßς]/g;
  // Characters that show nothing (a zero-width space, a soft hyphen, a joiner, a variation
  // selector, a bidi control): `co\u00ADoperate` is found by "cooperate", ❤️ by ❤, and a query
  // of them alone is empty. And the punctuation a phone's keyboard types for the ASCII one:
  // curly quotes and apostrophes, dashes and the minus sign (O’Brien is found by O'Brien).
  var INVISIBLE = /\p{Default_Ignorable_Code_Point}/gu;
  // Arabic's tatweel (the stretching stroke, كتـــاب is كتاب), and the letter forms a reader
  // types one for the other: alef maksura and yeh (على, علي), teh marbuta and heh (مدرسة,
  // مدرسه), alef wasla and alef, as Arabic search engines fold them.
  var TATWEEL = /\u0640/g;
  var ARABIC_FORMS = /[\u0649\u0629\u0671]/g;
  var ARABIC_BASE = { '\u0649': '\u064a', '\u0629': '\u0647', '\u0671': '\u0627' };
  // Katakana as hiragana (カタカナ finds かたかな and the other way round; NFKD has already
  // made half-width katakana full-width): the same syllables, written for loanwords or emphasis.
  var KATAKANA = /[\u30a1-\u30f6\u30fd\u30fe]/g;
  var APOSTROPHES = /[\u2018\u2019\u201a\u201b\u02bc\u2032]/g;
  var QUOTES = /[\u201c\u201d\u201e\u201f\u2033]/g;
  var DASHES = /[\u2010-\u2015\u2212]/g;

  /** Accents and case folded away: compatibility decomposition (ﬁ is fi, ² is 2), what shows
   *  nothing dropped, the optional marks dropped, lower case, then the letters, the Arabic
   *  forms, katakana and the punctuation above. search.js (what is searched) and compose.js (names in the To: fields)
   *  fold by it. */
  function fold(text) {
    return String(text).normalize('NFKD').replace(INVISIBLE, '')
      .replace(MARKED, function (all, letter, accents, arabic, harakat, hebrew, points) {
        if (letter) return letter + accents.replace(ACCENTS, '');
        if (arabic) return arabic + harakat.replace(HARAKAT, '');
        return hebrew + points.replace(POINTS, '');
      })
      .toLowerCase().replace(UNDECOMPOSED, function (c) { return LETTERS[c]; })
      .replace(TATWEEL, '').replace(ARABIC_FORMS, function (c) { return ARABIC_BASE[c]; })
      .replace(KATAKANA, function (c) { return String.fromCharCode(c.charCodeAt(0) - 0x60); })
      .replace(APOSTROPHES, "'").replace(QUOTES, '"').replace(DASHES, '-');
  }

  /** The locale the page formats in: the root's data-locale, the viewer's whole formatting
   *  locale with its Unicode extensions (-u-nu-arab: the digits), which `lang` leaves out since
   *  HTML checkers reject them there; else `lang`; else the browser's (undefined). A tag Intl
   *  does not accept is passed over. */
  function pageLocale() {
    var root = document.documentElement;
    var tags = [root.getAttribute('data-locale'), root.getAttribute('lang')];
    for (var i = 0; i < tags.length; i++) {
      if (!tags[i]) continue;
      try { return Intl.getCanonicalLocales(tags[i])[0]; } catch (e) { /* not a locale: the next one */ }
    }
    return undefined;
  }

  /** A text as a downloaded file saves it (a submission's text, a reviewer's name): without
   *  NUL characters (the import refuses them), a lone surrogate (half of a character, from a
   *  broken paste) as U+FFFD (a JSON file may not hold one), and trimmed. */
  function cleaned(value) {
    var text = String(value || '').replace(/\u0000/g, '');
    text = typeof text.toWellFormed === 'function' ? text.toWellFormed()
      : text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(^|[^\uD800-\uDBFF])[\uDC00-\uDFFF]/g, function (m, before) {
        return (before || '') + '\uFFFD';
      });
    return text.trim();
  }

  /** An instant as DATA.md wants it: ISO 8601, whole seconds, `Z` (a submission's time, a
   *  decision's, a file's exportedAt). */
  function instant(date) { return date.toISOString().replace(/\.\d{3}Z$/, 'Z'); }

  /** A downloaded file's time, from its `exportedAt`: the date's and the time's digits each run
   *  together, joined by a hyphen, the zone's Z kept. */
  function fileStamp(exportedAt) { return String(exportedAt).replace(/[-:]/g, '').replace('T', '-'); }

  /** Saves `doc` as the JSON file `name` through the browser's download (a link to a blob,
   *  clicked; the blob's address freed once the download has it). */
  function saveJSON(name, doc) {
    var blob = new Blob([JSON.stringify(doc, null, 2) + '\n'], { type: 'application/json' });
    var link = document.createElement('a');
    link.href = URL.createObjectURL(blob);
    link.download = name;
    link.hidden = true;
    document.body.appendChild(link);
    link.click();
    link.remove();
    window.setTimeout(function () { URL.revokeObjectURL(link.href); }, 10000);
  }

  /** A name as part of a downloaded file's name (review.js: `reviews-<name>-<time>.json`): lower
   *  case, in any script (`søren-ærø`, `أحمد-حسن`), apostrophes dropped (`obrien`, as the site's
   *  slugs join them), every other run of what is not a letter, a mark or a digit one hyphen,
   *  at most 40 characters; `fallback` when nothing is left. Only a label for the person who
   *  saves the file: the import reads the name inside it, never this one. */
  var APOSTROPHE = /['\u2018\u2019\u02bc]/g;
  var NOT_A_WORD = /[^\p{L}\p{M}\p{N}]+/gu;
  function fileNamePart(name, fallback) {
    var part = cleaned(name).normalize('NFC').toLowerCase().replace(APOSTROPHE, '')
      .replace(NOT_A_WORD, '-').replace(/^-+|-+$/g, '');
    // Whole characters (a letter with its marks, never half of a surrogate pair).
    var kept = Array.from(part).slice(0, 40).join('').replace(/-+$/, '');
    return kept || fallback;
  }

  /** Whether anything in `text` shows: the import's rule (VantageCore's `VisibleText`), in the
   *  same Unicode terms. White space, default-ignorable characters (U+200B, U+2060, the Hangul
   *  fillers, bidi controls), controls, format characters, marks without a letter before them,
   *  separators, unassigned code points and the blank Braille pattern show nothing. */
  var VISIBLE = /[^\p{White_Space}\p{Default_Ignorable_Code_Point}\u2800\p{Cc}\p{Cf}\p{Mn}\p{Me}\p{Zs}\p{Zl}\p{Zp}\p{Cn}\p{Cs}]/u;
  function showsSomething(text) { return VISIBLE.test(text); }

  /** `names` as the page's locale lists them ("A, B and C", "A et B"), as parts:
   *  {type: 'element' or 'literal', value}, joined as the build joins them on the pages. The
   *  build writes what its locale data puts between names (`data-list-pattern`: between two,
   *  then after the first, the middle and the next-to-last of more); the browser's
   *  Intl.ListFormat is used where it agrees with that (it also knows the forms that follow a
   *  name, Spanish "y" / "e"), the build's own separators where it does not (plain CLDR and the
   *  build's ICU differ: "A, B and C" against "A, B, and C" in en-IN). Joined by ", " where
   *  neither is there. */
  var listFormat = null;
  function listFormatter() {
    var holder = document.querySelector('[data-list-pattern]');
    var key = pageLocale() + '\n' + (holder ? holder.getAttribute('data-list-pattern') : '');
    if (listFormat && listFormat.key === key) return listFormat;
    var pattern = null;
    try {
      var given = holder && JSON.parse(holder.getAttribute('data-list-pattern'));
      if (Array.isArray(given) && given.length === 4 && given.every(function (s) { return typeof s === 'string'; })) pattern = given;
    } catch (e) { /* no pattern: Intl's, or commas */ }
    var intl = null;
    try { intl = new Intl.ListFormat(pageLocale(), { type: 'conjunction' }); } catch (e) { /* none */ }
    var literals = function (names) {
      return intl.formatToParts(names).filter(function (part) { return part.type === 'literal'; })
        .map(function (part) { return part.value; });
    };
    var agrees = intl && pattern && JSON.stringify(literals(['a', 'b']).concat(literals(['a', 'b', 'c', 'd']))) ===
      JSON.stringify(pattern);
    listFormat = intl && (agrees || !pattern) ? { key: key, intl: intl } : { key: key, pattern: pattern || [', ', ', ', ', ', ', '] };
    return listFormat;
  }
  function listParts(names) {
    var format = listFormatter();
    if (format.intl) return format.intl.formatToParts(names);
    var parts = [];
    names.forEach(function (name, i) {
      if (i > 0) {
        var p = format.pattern;
        var separator = names.length === 2 ? p[0] : i === 1 ? p[1] : i === names.length - 1 ? p[3] : p[2];
        if (separator) parts.push({ type: 'literal', value: separator });
      }
      parts.push({ type: 'element', value: name });
    });
    return parts;
  }

  window.VantageText = {
    fold: fold, pageLocale: pageLocale, listParts: listParts, siteRoot: siteRoot, siteKey: siteKey, adopt: adopt,
    cleaned: cleaned, showsSomething: showsSomething, fileNamePart: fileNamePart,
    instant: instant, fileStamp: fileStamp, saveJSON: saveJSON
  };
})();
