/* Vantage triage: the Mailbox gestures on reviewable items (OUTPUT.md, "Triage
 * gestures"). Drag an item sideways with a mouse, finger or pen, or move it with
 * the arrow keys and press Enter:
 *   |dx| < 60     gray, archive (right) / later (left) icon fading in; springs back
 *   60..260 right green, archive icon moving with the item; archived
 *   > 260 right   red, delete icon; deleted
 *   60..260 left  yellow, clock icon; the "later" options sheet
 *   > 260 left    brown, list icon; the "lists" options sheet
 * Tapping a sheet dismisses it and the item finishes hiding; Escape cancels.
 *
 * Page hooks (markup and every label come from the templates):
 *   [data-triage][data-id]        the items
 *   template#triage-backdrop      backdrop with [data-icon=archive|delete|later|list]
 *                                 icons, each with data-label (announced)
 *   [role=dialog][data-sheet=later|list]  the sheets, `hidden`; options are
 *     [data-until] ("+1d", "+1w", "+1m", "sat", "mon", …) or [data-list]
 *   [data-triage-live]            optional polite live region for keyboard moves
 *   [data-review-intro]           the swipe instructions, `hidden` until the items can move
 *   [data-review-noscript]        the note that reviewing needs scripts, hidden then
 * State on the item: data-triage-zone (gray|archive|delete|later|list while
 * moved), data-decision once decided. Needs review.js for keeping decisions. */
(function () {
  'use strict';

  var NEAR = 60;
  var FAR = 260;
  var SLOP = 8;
  var STOPS = [-300, -100, -40, 0, 40, 100, 300];
  var WEEKDAYS = { sun: 0, mon: 1, tue: 2, wed: 3, thu: 4, fri: 5, sat: 6 };
  var TRIAGE_KEYS = { ArrowRight: true, ArrowLeft: true, Enter: true, Escape: true };
  var motion = window.matchMedia ? window.matchMedia('(prefers-reduced-motion: reduce)') : null;
  var activeSheet = null;
  // The item whose release leads to a sheet, from the release until the sheet closes: one
  // sheet at a time, so a second item let go meanwhile springs back instead of opening a
  // sheet over the first one's (which nothing could close then).
  var sheetClaim = null;

  function reduced() { return !!(motion && motion.matches); }

  function zoneOf(dx) {
    if (dx >= NEAR) return dx > FAR ? 'delete' : 'archive';
    if (dx <= -NEAR) return dx < -FAR ? 'list' : 'later';
    return 'gray';
  }

  function iconOf(dx) {
    if (dx > 0) return dx > FAR ? 'delete' : 'archive';
    if (dx < 0) return dx < -FAR ? 'list' : 'later';
    return null;
  }

  /** Calls `done` once `el` has finished its transform/height transition; returns a function
   *  that cancels the call (an undo that brings the item back while it still collapses). */
  function settle(el, done) {
    var finished = false;
    var timer = null;
    function stop() {
      finished = true;
      el.removeEventListener('transitionend', onEnd);
      window.clearTimeout(timer);
    }
    function finish() {
      if (finished) return;
      stop();
      done();
    }
    function onEnd(e) { if (e.target === el) finish(); }
    if (reduced()) { done(); return function () {}; }
    el.addEventListener('transitionend', onEnd);
    timer = window.setTimeout(finish, 450);
    return stop;
  }

  function announce(text) {
    var live = document.querySelector('[data-triage-live]');
    if (live && text) live.textContent = text;
  }

  /** One draggable item: its moving face, its backdrop and its icons. */
  function Item(item, backdropTemplate) {
    this.item = item;
    this.dx = 0;
    this.drag = null;
    this.busy = false;
    this.swallowClick = false;
    this.settling = null;     // the transition wait in progress (see `after`)
    this.stopSettling = null; // and what cancels it
    this.face = document.createElement('div');
    this.face.className = 'triage-face';
    while (item.firstChild) this.face.appendChild(item.firstChild);
    this.backdrop = backdropTemplate.content.firstElementChild.cloneNode(true);
    item.appendChild(this.backdrop);
    item.appendChild(this.face);
    this.icons = {};
    var icons = this.backdrop.querySelectorAll('[data-icon]');
    for (var i = 0; i < icons.length; i++) {
      icons[i].hidden = true;
      this.icons[icons[i].getAttribute('data-icon')] = icons[i];
    }
    item.classList.add('is-draggable');
    if (!item.hasAttribute('tabindex')) item.tabIndex = 0;
    // The gesture and key instructions: hidden in the page, where without this script they
    // would tell a screen reader's user to use keys that do nothing.
    var help = document.querySelector('[data-triage-help][id]');
    if (help) help.hidden = false;
    if (help && !item.hasAttribute('aria-describedby')) item.setAttribute('aria-describedby', help.id);
    this.listen();
  }

  Item.prototype.render = function (dx) {
    this.dx = dx;
    this.face.style.transform = dx ? 'translateX(' + dx + 'px)' : '';
    if (dx === 0) this.item.removeAttribute('data-triage-zone');
    else this.item.setAttribute('data-triage-zone', zoneOf(dx));
    var shown = iconOf(dx);
    for (var name in this.icons) {
      if (Object.prototype.hasOwnProperty.call(this.icons, name)) this.icons[name].hidden = name !== shown;
    }
    if (!shown || !this.icons[shown]) return;
    var icon = this.icons[shown];
    var size = Math.abs(dx);
    if (size < NEAR) {
      icon.style.opacity = String(0.3 + 0.7 * size / NEAR);
      icon.style.transform = '';
    } else {
      icon.style.opacity = '1';
      icon.style.transform = 'translateX(' + (dx > 0 ? dx - NEAR : dx + NEAR) + 'px)';
    }
  };

  /** Keyboard: move to the next stop in a direction, announcing the zone. */
  Item.prototype.step = function (direction) {
    var dx = this.dx;
    var next = direction > 0
      ? STOPS.filter(function (s) { return s > dx; })[0]
      : STOPS.filter(function (s) { return s < dx; }).pop();
    if (next === undefined) return;
    var before = zoneOf(dx);
    this.render(next);
    var zone = zoneOf(next);
    if (zone !== before || next === 0) {
      var icon = this.icons[iconOf(next)];
      announce(zone === 'gray' ? this.backdrop.getAttribute('data-label') : icon && icon.getAttribute('data-label'));
    }
  };

  /** Runs `done` once `el` settles, unless `reset` comes first: an undo that brings the item
   *  back while it still collapses must not have it hidden afterwards. */
  Item.prototype.after = function (el, done) {
    var self = this;
    var token = {};
    if (this.stopSettling) this.stopSettling();
    this.settling = token;
    var stop = settle(el, function () {
      if (self.settling !== token) return;
      self.settling = null;
      self.stopSettling = null;
      done();
    });
    if (this.settling === token) this.stopSettling = stop;
  };

  Item.prototype.springBack = function () {
    var self = this;
    this.busy = true;
    this.item.classList.add('is-settling');
    this.face.style.transform = '';
    var icon = this.icons[iconOf(this.dx)];
    if (icon) icon.style.transform = '';
    this.after(this.face, function () {
      self.item.classList.remove('is-settling');
      self.render(0);
      self.busy = false;
    });
  };

  /** Release: spring back below 60 px, slide out beyond, then decide or ask. While another
   *  item's sheet is reserved or open, every zone springs back undecided (a second finger let
   *  go meanwhile): the reviewer is answering that sheet and sees nothing of this item. */
  Item.prototype.release = function () {
    var zone = zoneOf(this.dx);
    if (zone === 'gray' || (sheetClaim && sheetClaim !== this)) { this.springBack(); return; }
    if (zone === 'later' || zone === 'list') sheetClaim = this;
    var self = this;
    var direction = this.dx > 0 ? 1 : -1;
    var distance = direction * (this.item.offsetWidth + NEAR);
    this.busy = true;
    this.item.classList.add('is-settling');
    this.face.style.transform = 'translateX(' + distance + 'px)';
    var icon = this.icons[zone];
    if (icon) icon.style.transform = 'translateX(' + (distance - direction * NEAR) + 'px)';
    this.after(this.face, function () {
      if (zone === 'archive' || zone === 'delete') self.finish(zone, {});
      else openSheet(self, zone);
    });
  };

  Item.prototype.finish = function (action, extra) {
    var item = this.item;
    var self = this;
    if (window.VantageReview) window.VantageReview.decide(item.getAttribute('data-id'), action, extra, item);
    else item.setAttribute('data-decision', action);
    var following = nextItem(item);
    var hadFocus = item.contains(document.activeElement) || (activeSheet === null && document.activeElement === document.body);
    item.style.height = item.offsetHeight + 'px';
    void item.offsetHeight; // commit the start height so the collapse animates
    item.classList.add('is-collapsing');
    item.style.height = '0px';
    this.after(item, function () {
      item.hidden = true;
      item.classList.remove('is-collapsing', 'is-settling');
      item.style.height = '';
      self.busy = false;
      if (hadFocus) focusAfter(following);
    });
  };

  Item.prototype.reset = function () {
    if (this.stopSettling) this.stopSettling();
    this.stopSettling = null;
    this.settling = null;
    if (sheetClaim === this && !activeSheet) sheetClaim = null;
    this.item.classList.remove('is-collapsing', 'is-settling', 'is-dragging');
    this.item.style.height = '';
    this.drag = null;
    this.busy = false;
    this.render(0);
  };

  Item.prototype.listen = function () {
    var self = this;
    var item = this.item;
    item.addEventListener('pointerdown', function (e) {
      // A second finger on an item being dragged (a pinch, a hand resting on it) is no swipe:
      // the drag is given up, and the item springs back once it had moved.
      if (self.drag && self.drag.id !== e.pointerId) {
        var given = self.drag;
        self.drag = null;
        if (given.active) {
          item.classList.remove('is-dragging');
          try { item.releasePointerCapture(given.id); } catch (err) { /* already released */ }
          self.swallowClick = true;
          self.springBack();
        }
        return;
      }
      if (self.busy || activeSheet || sheetClaim || item.hasAttribute('data-decision')) return;
      if (e.pointerType === 'mouse' && e.button !== 0) return;
      if (e.target.closest && e.target.closest('input, textarea, select')) return;
      self.swallowClick = false;
      self.drag = { id: e.pointerId, x0: e.clientX - self.dx, y0: e.clientY, active: false };
    });
    item.addEventListener('pointermove', function (e) {
      var drag = self.drag;
      if (!drag || e.pointerId !== drag.id) return;
      var dx = e.clientX - drag.x0;
      var dy = e.clientY - drag.y0;
      if (!drag.active) {
        if (Math.abs(dy) > SLOP && Math.abs(dy) > Math.abs(dx)) { self.drag = null; return; }
        if (Math.abs(dx) <= SLOP) return;
        drag.active = true;
        item.setPointerCapture(e.pointerId);
        item.classList.add('is-dragging');
      }
      e.preventDefault();
      self.render(dx);
    });
    function end(e, cancelled) {
      var drag = self.drag;
      if (!drag || e.pointerId !== drag.id) return;
      self.drag = null;
      if (!drag.active) {
        // Pressed and let go without moving: an item left out of place by an earlier drag
        // goes back.
        if (!self.busy && self.dx !== 0) self.springBack();
        return;
      }
      item.classList.remove('is-dragging');
      self.swallowClick = true;
      if (cancelled) self.springBack();
      else self.release();
    }
    item.addEventListener('pointerup', function (e) { end(e, false); });
    item.addEventListener('pointercancel', function (e) { end(e, true); });
    item.addEventListener('lostpointercapture', function (e) { if (e.target === item && self.drag && self.drag.active) end(e, true); });
    // A drag that ends over a link must not follow it.
    item.addEventListener('click', function (e) {
      if (!self.swallowClick) return;
      self.swallowClick = false;
      e.preventDefault();
      e.stopPropagation();
    }, true);
    item.addEventListener('keydown', function (e) {
      if (e.target !== item || self.busy || (sheetClaim && sheetClaim !== self)) return;
      if (!TRIAGE_KEYS[e.key]) return;
      if (self.drag) {
        // A pointer drags the item (pressing it focused it): its release decides, and a key
        // would let go of it a second time (decided twice, or decided and never hidden).
        if (self.drag.active) { e.preventDefault(); return; }
        self.drag = null; // pressed but not moved yet: the keys take over
      }
      if (e.key === 'ArrowRight' || e.key === 'ArrowLeft') {
        e.preventDefault();
        self.step(e.key === 'ArrowRight' ? 1 : -1);
      } else if (e.key === 'Enter' && self.dx !== 0) {
        e.preventDefault();
        self.release();
      } else if (e.key === 'Escape' && self.dx !== 0) {
        e.preventDefault();
        self.springBack();
      }
    });
    item.addEventListener('blur', function () {
      if (!self.busy && !self.drag && self.dx !== 0) self.springBack();
    });
    item.addEventListener('vantage:triage-reset', function () { self.reset(); });
  };

  /** Where focus goes once an item is decided: the next item left to decide (`following`);
   *  when none is left on the page, the review bar's Undo (the one thing left to do there), so
   *  that a keyboard user is not dropped to the top of the page. */
  function focusAfter(following) {
    if (following) { following.focus(); return; }
    var undo = document.querySelector('[data-review-bar]:not([hidden]) [data-review-undo]');
    if (undo && !undo.disabled) undo.focus();
  }

  function nextItem(item) {
    var all = Array.prototype.slice.call(document.querySelectorAll('[data-triage]'));
    var at = all.indexOf(item);
    for (var i = at + 1; i < all.length; i++) if (!all[i].hidden && !all[i].hasAttribute('data-decision')) return all[i];
    for (var j = at - 1; j >= 0; j--) if (!all[j].hidden && !all[j].hasAttribute('data-decision')) return all[j];
    return null;
  }

  /** A date `YYYY-MM-DD` from a sheet option's data-until, counted from today. */
  /** `d` moved `n` calendar months on, its day clamped to the last day of the month it lands
   *  in ("in a month" from Jan 31 is Feb 28, or 29 in a leap year; from Mar 31, Apr 30), where
   *  Date's setMonth would overflow into the month after. */
  function addMonths(d, n) {
    var day = d.getDate();
    d.setDate(1);
    d.setMonth(d.getMonth() + n);
    var last = new Date(d.getFullYear(), d.getMonth() + 1, 0).getDate();
    d.setDate(Math.min(day, last));
  }

  /** The day a "later" option names, as YYYY-MM-DD in local time: "+Nd", "+Nw", "+Nm", "+Ny"
   *  (months and years clamp to the month's last day), or a weekday ("sat": the next one,
   *  never today); anything else is tomorrow. */
  function untilDate(spec, today) {
    var d = new Date(today.getFullYear(), today.getMonth(), today.getDate());
    var m = /^\+(\d+)([dwmy])$/.exec(spec || '');
    if (m) {
      var n = parseInt(m[1], 10);
      if (m[2] === 'd') d.setDate(d.getDate() + n);
      else if (m[2] === 'w') d.setDate(d.getDate() + 7 * n);
      else addMonths(d, m[2] === 'y' ? 12 * n : n);
    } else if (Object.prototype.hasOwnProperty.call(WEEKDAYS, spec)) {
      var ahead = (WEEKDAYS[spec] - d.getDay() + 7) % 7 || 7;
      d.setDate(d.getDate() + ahead);
    } else {
      d.setDate(d.getDate() + 1);
    }
    function two(x) { return (x < 10 ? '0' : '') + x; }
    return d.getFullYear() + '-' + two(d.getMonth() + 1) + '-' + two(d.getDate());
  }

  function options(sheet) {
    return Array.prototype.slice.call(sheet.querySelectorAll('[data-until], [data-list]'));
  }

  function openSheet(entry, kind) {
    var sheet = document.querySelector('[data-sheet="' + kind + '"]');
    if (!sheet) { sheetClaim = null; entry.springBack(); return; }
    activeSheet = { sheet: sheet, entry: entry, kind: kind };
    sheet.hidden = false;
    sheet.setAttribute('aria-modal', 'true');
    sheet.classList.add('is-open');
    var first = sheet.querySelector('[data-default]') || options(sheet)[0];
    if (first) first.focus();
    else { sheet.tabIndex = -1; sheet.focus(); }
  }

  function closeSheet(choice) {
    var open = activeSheet;
    if (!open) return;
    activeSheet = null;
    sheetClaim = null;
    open.sheet.classList.remove('is-open');
    open.sheet.removeAttribute('aria-modal');
    open.sheet.hidden = true;
    if (!choice) {
      open.entry.springBack();
      open.entry.item.focus();
      return;
    }
    var extra = {};
    if (open.kind === 'later') extra.until = untilDate(choice.getAttribute('data-until'), new Date());
    else extra.list = choice.getAttribute('data-list');
    open.entry.finish(open.kind, extra);
    focusAfter(nextItem(open.entry.item));
  }

  function setUpSheet(sheet) {
    sheet.addEventListener('click', function (e) {
      if (!activeSheet || activeSheet.sheet !== sheet) return;
      e.preventDefault();
      var picked = e.target.closest && e.target.closest('[data-until], [data-list]');
      closeSheet(picked || sheet.querySelector('[data-default]') || options(sheet)[0] || null);
    });
    sheet.addEventListener('keydown', function (e) {
      if (!activeSheet || activeSheet.sheet !== sheet) return;
      if (e.key === 'Escape') {
        e.preventDefault();
        closeSheet(null);
      } else if (e.key === 'Tab') {
        // Keep focus inside the open sheet.
        var list = options(sheet);
        if (!list.length) return;
        var at = list.indexOf(document.activeElement);
        var next = e.shiftKey ? (at <= 0 ? list.length - 1 : at - 1) : (at + 1) % list.length;
        e.preventDefault();
        list[next].focus();
      }
    });
  }

  function start() {
    var template = document.getElementById('triage-backdrop');
    if (!template) return;
    var items = document.querySelectorAll('[data-triage]');
    for (var i = 0; i < items.length; i++) new Item(items[i], template);
    var intro = document.querySelector('[data-review-intro]');
    if (intro) intro.hidden = false;
    var noscript = document.querySelector('[data-review-noscript]');
    if (noscript) noscript.hidden = true;
    var sheets = document.querySelectorAll('[data-sheet]');
    for (var j = 0; j < sheets.length; j++) setUpSheet(sheets[j]);
  }

  window.VantageTriage = { zoneOf: zoneOf, untilDate: untilDate };
  start();
}());
