/* Vantage compose screens: Change Jar's Submit Idea and Quotes' Add Quote, offline.
 * What a person composes is validated here, kept in localStorage (the outbox, one per
 * person's part of the site) and downloaded as a submissions file in the format of
 * DATA.md ("Submissions from the site"), which the next `vantage build` imports from
 * content/submissions/. Plain script, no network; every word it shows comes from the
 * page (rendered from the string catalog).
 *
 * Page hooks:
 *   form[data-compose="idea"|"quote"]  data-submitted-by (the part's slug), data-limit,
 *                                      data-time-zone (quote), data-message-* texts
 *   textarea[maxlength]                the text; output[data-remaining] its counter
 *   [data-compose-step="text"|"review"] the two steps of Add Quote; [data-quote-it] advances
 *   .to-field[data-field][data-max]    SAID (max 1) and HEARD (max 0: any): a combobox
 *                                      (div[role=combobox] holding ul[data-chips] and the text
 *                                      input, owning the listbox), ul[role=listbox] of
 *                                      li[data-person="HANDLE"] (only the people this
 *                                      person has reason to see)
 *   [data-thanks]                      the Thank You screen; [data-thanks-close] ("Closed")
 *                                      shows [data-thanks-choices]: back / Home / again
 *   [data-outbox-list], [data-outbox-empty], template#outbox-item, [data-download="submissions"]
 *   [data-compose-unavailable]         the screen is not this person's to use (Add Quote
 *                                      without a phone): the form stays disabled
 * API: window.VantageCompose = { load, exportDocument, download, clear }. */
(function () {
  'use strict';

  var memory = {};

  function storageKey(slug) { return 'vantage.submissions.v1.' + slug; }

  function load(slug) {
    try {
      var raw = window.localStorage.getItem(storageKey(slug));
      if (raw) {
        var state = JSON.parse(raw);
        if (state && Array.isArray(state.quotes) && Array.isArray(state.ideas)) return state;
      }
    } catch (e) { /* unreadable or blocked storage: start empty */ }
    return memory[slug] || { next: 1, quotes: [], ideas: [], names: {} };
  }

  function save(slug, state) {
    memory[slug] = state;
    try { window.localStorage.setItem(storageKey(slug), JSON.stringify(state)); } catch (e) { /* memory only */ }
  }

  /** A local id that stays unique in this browser even if the outbox is cleared: letters
   *  and digits only (the importer derives the stored id from it). */
  function newLocalId(state) {
    var id = Date.now().toString(36) + String(state.next);
    state.next += 1;
    return id;
  }

  /** An instant as DATA.md wants it: ISO 8601, whole seconds, `Z`. */
  function instant(date) { return date.toISOString().replace(/\.\d{3}Z$/, 'Z'); }

  /** Characters as the importer counts them: grapheme clusters. */
  function characterCount(text) {
    if (window.Intl && Intl.Segmenter) {
      var count = 0;
      var segments = new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(text);
      var iterator = segments[Symbol.iterator]();
      while (!iterator.next().done) count += 1;
      return count;
    }
    return Array.from(text).length;
  }

  /** Accents and case folded away, for matching names as a mail client's To: field does. */
  function fold(text) {
    return String(text).normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  }

  function formatNumber(n) {
    try { return new Intl.NumberFormat(document.documentElement.lang || undefined).format(n); } catch (e) { return String(n); }
  }

  /** The offset (minutes east of UTC) of `zone` at the instant `utc` (milliseconds). */
  function zoneOffset(zone, utc) {
    var format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit',
      hour: '2-digit', minute: '2-digit', second: '2-digit'
    });
    var parts = {};
    format.formatToParts(new Date(utc)).forEach(function (part) { parts[part.type] = part.value; });
    var wall = Date.UTC(+parts.year, +parts.month - 1, +parts.day, +parts.hour % 24, +parts.minute, +parts.second);
    return Math.round((wall - utc) / 60000);
  }

  /** A `datetime-local` value read in the person's time zone, as ISO 8601 with its offset
   *  (DATA.md: a timestamp without an offset is an error). */
  function withOffset(value, zone) {
    var m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?/.exec(value || '');
    if (!m) return null;
    var wall = Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], +(m[6] || 0));
    var offset;
    try {
      offset = zoneOffset(zone, wall);
      offset = zoneOffset(zone, wall - offset * 60000);
    } catch (e) {
      offset = -new Date(+m[1], +m[2] - 1, +m[3], +m[4], +m[5]).getTimezoneOffset();
    }
    var sign = offset < 0 ? '-' : '+';
    var abs = Math.abs(offset);
    var pad = function (n) { return (n < 10 ? '0' : '') + n; };
    return m[1] + '-' + m[2] + '-' + m[3] + 'T' + m[4] + ':' + m[5] + ':' + (m[6] || '00') +
      sign + pad(Math.floor(abs / 60)) + ':' + pad(abs % 60);
  }

  /** The submissions file of DATA.md for the part `slug`. */
  function exportDocument(slug) {
    var state = load(slug);
    return {
      submittedBy: slug,
      exportedAt: instant(new Date()),
      quotes: state.quotes.map(function (q) {
        return { localId: q.localId, text: q.text, saidBy: q.saidBy, heardBy: q.heardBy.slice(), when: q.when };
      }),
      ideas: state.ideas.map(function (i) {
        return { localId: i.localId, text: i.text, showName: i.showName, 'for': i['for'], submittedAt: i.submittedAt };
      })
    };
  }

  function download(slug) {
    var doc = exportDocument(slug);
    var blob = new Blob([JSON.stringify(doc, null, 2) + '\n'], { type: 'application/json' });
    var link = document.createElement('a');
    link.href = URL.createObjectURL(blob);
    link.download = 'submissions-' + slug + '-' + doc.exportedAt.replace(/[-:]/g, '').replace('T', '-') + '.json';
    link.hidden = true;
    document.body.appendChild(link);
    link.click();
    link.remove();
    window.setTimeout(function () { URL.revokeObjectURL(link.href); }, 10000);
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
    var nameOf = function (handle) { return names[handle] || handle; };
    list.textContent = '';
    var entries = [];
    state.ideas.forEach(function (idea) {
      entries.push({ kind: 'ideas', item: idea, label: label('idea'),
        detail: idea.showName ? label('named') : label('anonymous') });
    });
    state.quotes.forEach(function (quote) {
      entries.push({ kind: 'quotes', item: quote, label: label('quote'),
        detail: label('said') + ' ' + nameOf(quote.saidBy) + ' · ' + label('heard') + ' ' +
          quote.heardBy.map(nameOf).join(', ') });
    });
    entries.forEach(function (entry) {
      var node = template.content.firstElementChild.cloneNode(true);
      node.setAttribute('data-local-id', entry.item.localId);
      node.querySelector('[data-slot=kind]').textContent = entry.label;
      node.querySelector('[data-slot=text]').textContent = entry.item.text;
      node.querySelector('[data-slot=detail]').textContent = entry.detail;
      var remove = node.querySelector('[data-slot=remove]');
      remove.setAttribute('aria-label', remove.textContent + ': ' + entry.item.text.slice(0, 60));
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
    var update = function () {
      var left = limit - characterCount(textarea.value);
      if (counter) {
        counter.setAttribute('data-remaining', String(left));
        counter.classList.toggle('is-low', left <= 10);
        counter.classList.toggle('is-over', left < 0);
        if (count) count.textContent = formatNumber(left);
      }
      if (onChange) onChange();
    };
    textarea.addEventListener('input', update);
    update();
    return {
      textarea: textarea, update: update,
      problem: function () {
        var text = textarea.value.trim();
        if (!text) return 'empty';
        if (characterCount(text) > limit) return 'long';
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

  function showThanks(form, onAgain) {
    var thanks = document.querySelector('[data-thanks]');
    if (!thanks) return;
    form.hidden = true;
    thanks.hidden = false;
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
        // The previous screen, as the app's "Closed" offers; the list when there is none.
        if (window.history.length > 1 && document.referrer) {
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

  // MARK: - Submit Idea

  function setUpIdea(form, slug) {
    var showName = form.querySelector('[data-show-name]');
    var profile = form.querySelector('[data-profile]');
    var anonymous = form.querySelector('[data-anonymous]');
    var submit = form.querySelector('[data-compose-submit]');
    var text = setUpText(form, function () { showError(form, null); });
    var greyOut = function () {
      var off = !showName.checked;
      profile.classList.toggle('is-anonymous', off);
      if (anonymous) anonymous.hidden = !off;
    };
    showName.addEventListener('change', greyOut);
    greyOut();
    submit.disabled = false;
    form.addEventListener('submit', function (event) {
      event.preventDefault();
      var problem = text.problem();
      if (problem) { showError(form, problem, text.textarea); return; }
      var state = load(slug);
      var forWhom = form.querySelector('input[name="for"]:checked');
      state.ideas.push({
        localId: newLocalId(state), text: text.textarea.value.trim(), showName: showName.checked,
        'for': forWhom ? forWhom.value : 'self', submittedAt: instant(new Date())
      });
      save(slug, state);
      renderOutbox(slug);
      showThanks(form, function () {
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
    this.input.addEventListener('input', function () { self.filter(); });
    this.input.addEventListener('focus', function () { self.filter(); });
    this.input.addEventListener('blur', function () {
      window.setTimeout(function () { if (document.activeElement !== self.input) self.close(); }, 150);
    });
    this.input.addEventListener('keydown', function (event) { self.key(event); });
  }

  ToField.prototype.visible = function () {
    return this.options.filter(function (option) { return !option.hidden; });
  };

  /** Shows the people whose name (or handle) has a word starting with what was typed,
   *  accents and case folded; everyone when nothing is typed. */
  ToField.prototype.filter = function () {
    var typed = fold(this.input.value.trim());
    var words = typed ? typed.split(/\s+/) : [];
    var picked = this.picked;
    this.options.forEach(function (option) {
      var haystack = option.getAttribute('data-fold');
      var tokens = haystack.split(/[\s\-]+/);
      var match = words.every(function (word) {
        return tokens.some(function (token) { return token.indexOf(word) === 0; }) || haystack.indexOf(word) >= 0;
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
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      if (this.listbox.hidden) this.filter();
      shown = this.visible();
      if (shown.length) this.setActive((this.active + 1) % shown.length);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      if (shown.length) this.setActive(this.active <= 0 ? shown.length - 1 : this.active - 1);
    } else if (event.key === 'Enter' || (event.key === 'Tab' && this.input.value.trim() && shown.length)) {
      if (!this.listbox.hidden && shown.length) {
        event.preventDefault();
        this.pick(shown[this.active >= 0 ? this.active : 0]);
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

  ToField.prototype.nameOf = function (handle) {
    var option = this.options.filter(function (o) { return o.getAttribute('data-person') === handle; })[0];
    if (!option) return handle;
    var clone = option.cloneNode(true);
    var small = clone.querySelector('small');
    if (small) small.remove();
    return clone.textContent.trim();
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
    announce(this.addedLabel + ' ' + this.nameOf(handle));
    this.onChange();
  };

  ToField.prototype.remove = function (handle, refocus) {
    this.picked = this.picked.filter(function (h) { return h !== handle; });
    this.renderChips();
    if (refocus) this.input.focus();
    this.onChange();
  };

  ToField.prototype.renderChips = function () {
    var self = this;
    this.chips.textContent = '';
    this.picked.forEach(function (handle) {
      var name = self.nameOf(handle);
      var chip = document.createElement('li');
      chip.className = 'chip';
      chip.setAttribute('data-chip', handle);
      var label = document.createElement('span');
      label.textContent = name;
      var button = document.createElement('button');
      button.type = 'button';
      button.className = 'chip-remove';
      button.setAttribute('aria-label', self.removeLabel + ' ' + name);
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
    var changed = function () { showError(form, null); };
    form.querySelectorAll('.to-field').forEach(function (root) {
      var field = new ToField(root, form, changed);
      fields[root.getAttribute('data-field')] = field;
      field.options.forEach(function (option) { names[option.getAttribute('data-person')] = field.nameOf(option.getAttribute('data-person')); });
    });
    var text = setUpText(form, changed);
    var show = function (name) {
      Object.keys(steps).forEach(function (key) { steps[key].hidden = key !== name; });
      form.setAttribute('data-at', name);
    };
    show('text');
    quoteIt.disabled = false;
    submit.disabled = false;
    quoteIt.addEventListener('click', function () {
      var problem = text.problem();
      if (problem) { showError(form, problem, text.textarea); return; }
      if (preview) preview.textContent = text.textarea.value.trim();
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
      var at = withOffset(when.value, zone);
      if (!at) { showError(form, 'when', when); return; }
      var state = load(slug);
      state.names = state.names || {};
      said.concat(heard).forEach(function (handle) { state.names[handle] = names[handle] || handle; });
      state.quotes.push({
        localId: newLocalId(state), text: text.textarea.value.trim(), saidBy: said[0], heardBy: heard.slice(), when: at
      });
      save(slug, state);
      renderOutbox(slug);
      showThanks(form, function () {
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
    var slug = form.getAttribute('data-submitted-by');
    document.querySelectorAll('[data-compose-noscript]').forEach(function (note) { note.hidden = true; });
    // A screen this person cannot use (Add Quote without a phone) keeps its form disabled;
    // what they composed elsewhere is still listed and can be downloaded.
    var unavailable = document.querySelector('[data-compose-unavailable]');
    if (!unavailable && form.getAttribute('data-compose') === 'idea') setUpIdea(form, slug);
    else if (!unavailable) setUpQuote(form, slug);
    var button = document.querySelector('[data-download="submissions"]');
    if (button) button.addEventListener('click', function () { download(slug); });
    renderOutbox(slug);
    form.setAttribute('data-ready', 'true');
  }

  window.VantageCompose = { load: load, exportDocument: exportDocument, download: download, clear: clear, withOffset: withOffset };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start); else start();
})();
