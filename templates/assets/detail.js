/* Vantage idea detail: with scripts, an idea of a list opens as an overlay
 * (without them, the entry is a `:target` screen: OUTPUT.md, "Idea detail").
 *   swipe left / right (or the arrow keys)  next / previous idea of the list,
 *                                           following the data-step links, so
 *                                           across pages too
 *   swipe up (ArrowUp)                      opens the full detail (<details>),
 *                                           scrolled into view; once open, a
 *                                           body taller than the screen scrolls
 *                                           by touch
 *   swipe down (ArrowDown)                  back to the summary; with the
 *                                           summary showing, closes
 *   Escape, the close button                back to the list, same scroll
 * A step to another page of the list replaces the history entry, as a step within the page
 * does: Back from the overlay returns to the list as it was before the overlay opened.
 * In right-to-left pages the horizontal directions are mirrored.
 *
 * Page hooks: entries `[id^="idea-"][data-id]` (not [data-triage]) whose
 * links `[data-step=prev|next]` name the neighbours; template#idea-overlay,
 * whose first element is a <dialog> holding [data-overlay-body] (the entry's
 * content moves there while it is open) and [data-overlay-close]. Fires
 * "vantage:overlay-open" (detail.screen = "idea") on document when it opens. */
(function () {
  'use strict';

  var template = document.getElementById('idea-overlay');
  if (!template) return;

  var SLOP = 10;
  var PAGE = 60;
  var REVEAL = 50;
  var motion = window.matchMedia ? window.matchMedia('(prefers-reduced-motion: reduce)') : null;
  var dialog = template.content.firstElementChild.cloneNode(true);
  var body = dialog.querySelector('[data-overlay-body]');
  document.body.appendChild(dialog);
  body.tabIndex = -1;

  var current = null;
  var pushed = false;
  var ignorePop = false;
  var listScroll = 0;
  var drag = null;
  var swallowClick = false;
  var clearing = false;
  var waiting = null; // the page turn (or spring back) in progress: { finish, cancel }

  function reduced() { return !!(motion && motion.matches); }
  function rtl() { return getComputedStyle(document.documentElement).direction === 'rtl'; }

  function entryById(id) {
    var el = id ? document.getElementById(id) : null;
    return el && el.id.indexOf('idea-') === 0 && el.hasAttribute('data-id') && !el.hasAttribute('data-triage') ? el : null;
  }

  function entryForHash(hash) {
    if (!hash || hash.length < 2) return null;
    try { return entryById(decodeURIComponent(hash.slice(1))); } catch (e) { return null; }
  }

  /** The hash a link points to when it stays on this page, else null. */
  function samePageHash(link) {
    if (!link.hasAttribute('href')) return null;
    var url = new URL(link.href, window.location.href);
    var here = window.location;
    if (url.protocol !== here.protocol || url.host !== here.host || url.pathname !== here.pathname || url.search !== here.search) return null;
    return url.hash || null;
  }

  function restore() {
    if (!current) return;
    while (body.firstChild) current.appendChild(body.firstChild);
    current.removeAttribute('data-overlay-open');
    current.style.minHeight = '';
    current = null;
    body.removeAttribute('data-pan');
  }

  function show(entry) {
    restore();
    current = entry;
    // Keep the entry's place in the list so that nothing under the overlay moves.
    entry.style.minHeight = entry.offsetHeight + 'px';
    while (entry.firstChild) body.appendChild(entry.firstChild);
    entry.setAttribute('data-overlay-open', '');
    body.scrollTop = 0;
    updatePan();
  }

  function open(entry, historyMode) {
    var wasOpen = !!current;
    if (!wasOpen) listScroll = window.scrollY;
    show(entry);
    if (!dialog.open) dialog.showModal();
    if (historyMode === 'push') {
      history.pushState({ idea: entry.id }, '', '#' + entry.id);
      pushed = true;
    } else if (historyMode === 'replace') {
      history.replaceState({ idea: entry.id }, '', '#' + entry.id);
    }
    body.focus({ preventScroll: true });
    if (!wasOpen) document.dispatchEvent(new CustomEvent('vantage:overlay-open', { detail: { screen: 'idea', dialog: dialog } }));
  }

  function close(fromHistory) {
    if (!current) return;
    halt();
    var entry = current;
    restore();
    if (dialog.open) dialog.close();
    if (!fromHistory) {
      if (pushed) {
        ignorePop = true;
        history.back();
      } else {
        history.replaceState(null, '', window.location.pathname + window.location.search);
      }
    }
    pushed = false;
    window.scrollTo(0, listScroll);
    var focusable = entry.querySelector('a[href], button, summary');
    if (focusable) focusable.focus({ preventScroll: true });
  }

  /** Runs `done` once the body's transition ends (at once with reduced motion). What waits
   *  is `waiting` until then: `hurry` runs it now, `halt` drops it. */
  function settle(done) {
    var handle = {};
    waiting = handle;
    if (reduced()) { waiting = null; done(); return; }
    var finished = false;
    var timer = null;
    function cancel() {
      finished = true;
      body.removeEventListener('transitionend', onEnd);
      window.clearTimeout(timer);
      if (waiting === handle) waiting = null;
    }
    function finish() {
      if (finished) return;
      cancel();
      done();
    }
    function onEnd(e) { if (e.target === body) finish(); }
    handle.finish = finish;
    handle.cancel = cancel;
    body.addEventListener('transitionend', onEnd);
    timer = window.setTimeout(finish, 400);
  }

  /** Completes the turn in progress at once (a page turn's second half included), so that
   *  the next gesture starts from the idea the turn was going to: three quick presses of
   *  ArrowRight move three ideas. */
  function hurry() {
    while (waiting) waiting.finish();
  }

  /** Drops the turn in progress without completing it: closing the overlay mid-turn must
   *  not have it open the next idea afterwards. */
  function halt() {
    if (waiting) waiting.cancel();
    body.classList.remove('is-paging', 'is-entering');
    body.style.transform = '';
  }

  function moveBack() {
    hurry();
    body.classList.add('is-paging');
    body.style.transform = '';
    settle(function () { body.classList.remove('is-paging'); });
  }

  /** Goes to the previous or next idea; returns false when there is none. */
  function step(which) {
    hurry();
    var link = body.querySelector('[data-step="' + which + '"]');
    if (!link) { moveBack(); return false; }
    var hash = samePageHash(link);
    var target = hash ? entryForHash(hash) : null;
    if (!target) {
      // On another page of the list: that page opens the overlay from the fragment. It takes
      // the place of this idea's history entry, as a step within the page does, so that Back
      // closes the overlay (to where the list was before it opened) rather than walking back
      // through the ideas seen.
      window.location.replace(link.href);
      return true;
    }
    var away = (which === 'next') !== rtl() ? -1 : 1;
    body.classList.add('is-paging', 'is-entering');
    body.style.transform = 'translateX(' + (away * 40) + '%)';
    settle(function () {
      body.classList.remove('is-paging');
      open(target, 'replace');
      body.style.transform = 'translateX(' + (-away * 40) + '%)';
      void body.offsetWidth; // start the entry from the other side
      body.classList.add('is-paging');
      body.classList.remove('is-entering');
      body.style.transform = '';
      settle(function () { body.classList.remove('is-paging'); });
    });
    return true;
  }

  function details(openIt) {
    var el = body.querySelector('details');
    if (!el) return false;
    if (el.open === openIt) return false;
    el.open = openIt;
    return true;
  }

  /* ---- the full detail on a small screen ----
   * The overlay takes every touch gesture itself (touch-action: none), so a finger could not
   * scroll the body to a detail that opens below its fold (a 320 x 568 phone, a phone held
   * sideways). Once the detail is open and the body overflows, the body scrolls by touch:
   * `data-pan="down"` at the top (touch-action: pan-down: a finger moving up scrolls, one moving
   * down is still the swipe back to the summary), `data-pan="y"` once scrolled (both ways; back
   * at the top, down is the swipe again). Horizontal swipes stay the overlay's. */

  function overflows() { return body.scrollHeight > body.clientHeight + 1; }

  function updatePan() {
    var el = body.querySelector('details');
    if (!current || !el || !el.open || !overflows()) body.removeAttribute('data-pan');
    else body.setAttribute('data-pan', body.scrollTop > 0 ? 'y' : 'down');
  }

  /** Scrolls the opened detail into the body's view, above the sticky previous / next bar:
   *  its end when it fits, else its start. */
  function reveal() {
    var el = body.querySelector('details');
    if (!el || !el.open || !overflows()) return;
    var box = body.getBoundingClientRect();
    var steps = body.querySelector('.idea-steps');
    var bottom = box.bottom - parseFloat(getComputedStyle(body).paddingBottom || '0');
    if (steps && getComputedStyle(steps).position === 'sticky') bottom = Math.min(bottom, steps.getBoundingClientRect().top);
    var rect = el.getBoundingClientRect();
    var by = Math.min(rect.bottom - bottom, rect.top - box.top);
    if (by <= 0) return;
    body.scrollTo({ top: body.scrollTop + by, behavior: reduced() ? 'auto' : 'smooth' });
  }

  body.addEventListener('toggle', function (e) {
    if (e.target.tagName !== 'DETAILS') return;
    if (e.target.open) reveal();
    updatePan();
  }, true);
  body.addEventListener('scroll', updatePan);
  window.addEventListener('resize', updatePan);

  /* ---- pointer gestures on the overlay ----
   * On the dialog, which stays put, not on the body, which a page turn slides 40 % sideways:
   * a quick second swipe that lands where the card has just moved away from still counts. */

  dialog.addEventListener('pointerdown', function (e) {
    if (e.pointerType === 'mouse' && e.button !== 0) return;
    hurry();
    swallowClick = false;
    drag = { id: e.pointerId, x0: e.clientX, y0: e.clientY, axis: null };
  });

  dialog.addEventListener('pointermove', function (e) {
    if (!drag || e.pointerId !== drag.id) return;
    var dx = e.clientX - drag.x0;
    var dy = e.clientY - drag.y0;
    if (!drag.axis) {
      if (Math.max(Math.abs(dx), Math.abs(dy)) <= SLOP) return;
      drag.axis = Math.abs(dx) > Math.abs(dy) ? 'x' : 'y';
      dialog.setPointerCapture(e.pointerId);
    }
    e.preventDefault();
    body.style.transform = drag.axis === 'x' ? 'translateX(' + dx + 'px)' : 'translateY(' + dy / 3 + 'px)';
  });

  function endDrag(e, cancelled) {
    if (!drag || e.pointerId !== drag.id) return;
    var d = drag;
    drag = null;
    if (!d.axis) return;
    swallowClick = true;
    var dx = e.clientX - d.x0;
    var dy = e.clientY - d.y0;
    if (cancelled) { moveBack(); return; }
    if (d.axis === 'x' && Math.abs(dx) >= PAGE) {
      var forward = (dx < 0) !== rtl();
      step(forward ? 'next' : 'prev');
      return;
    }
    moveBack();
    if (d.axis === 'y' && dy <= -REVEAL) details(true);
    else if (d.axis === 'y' && dy >= REVEAL && !details(false)) close(false);
  }

  // The card is a link, and a mouse drag that starts on a link is the browser's own drag of
  // the link (it cancels the pointer): on the overlay a drag is a swipe.
  dialog.addEventListener('dragstart', function (e) { e.preventDefault(); });

  dialog.addEventListener('pointerup', function (e) { endDrag(e, false); });
  dialog.addEventListener('pointercancel', function (e) { endDrag(e, true); });

  dialog.addEventListener('click', function (e) {
    if (swallowClick) {
      swallowClick = false;
      e.preventDefault();
      e.stopPropagation();
      return;
    }
    if (e.target.closest('[data-overlay-close]')) { e.preventDefault(); close(false); return; }
    var link = e.target.closest('a[href]');
    if (!link) return;
    var stepName = link.getAttribute('data-step');
    if (stepName) { e.preventDefault(); step(stepName); return; }
    var hash = samePageHash(link);
    if (hash) {
      // Any other link within this page (the summary card, "back to the list"): the list.
      e.preventDefault();
      if (!entryForHash(hash)) close(false);
    }
  });

  // On the document, not the dialog: after a page load focus may still be on <body>.
  document.addEventListener('keydown', function (e) {
    if (!current || e.altKey || e.ctrlKey || e.metaKey || e.defaultPrevented) return;
    if (document.querySelector('dialog[data-first-visit]')) return; // a coach mark is on top
    var handled = true;
    if (e.key === 'ArrowRight' || e.key === 'ArrowLeft') {
      var forward = (e.key === 'ArrowRight') !== rtl();
      step(forward ? 'next' : 'prev');
    } else if (e.key === 'ArrowUp') {
      hurry();
      handled = details(true);
    } else if (e.key === 'ArrowDown') {
      // As swiping down: back to the summary, and with the summary showing, to the list.
      hurry();
      if (!details(false)) close(false);
    } else if (e.key === 'Escape') {
      close(false);
    } else {
      handled = false;
    }
    if (handled) e.preventDefault();
  });

  // An Escape while the idea tips (coach.js, a dialog above this one) are open is theirs. On a
  // page opened at an idea's address both dialogs were shown without a user's gesture, and
  // Chrome closes such dialogs together on one Escape: this one stays (opened again).
  var tipsTakeEscape = false;
  document.addEventListener('keydown', function (e) {
    if (e.key !== 'Escape' || !document.querySelector('dialog[data-first-visit][open]')) return;
    tipsTakeEscape = true;
    setTimeout(function () { tipsTakeEscape = false; }, 0);
  }, true);
  dialog.addEventListener('cancel', function (e) {
    e.preventDefault();
    if (!tipsTakeEscape) close(false);
  });
  dialog.addEventListener('close', function () {
    if (current && tipsTakeEscape) { dialog.showModal(); return; }
    if (current) close(false);
  });

  /* ---- opening: taps on the list, the address, history ---- */

  document.addEventListener('click', function (e) {
    if (current || e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    var link = e.target.closest && e.target.closest('a[href]');
    if (!link || dialog.contains(link)) return;
    var target = entryForHash(samePageHash(link));
    if (!target) return;
    e.preventDefault();
    open(target, 'push');
  });

  window.addEventListener('popstate', function () {
    if (clearing) return;
    if (ignorePop) {
      ignorePop = false;
      window.scrollTo(0, listScroll);
      return;
    }
    var target = entryForHash(window.location.hash);
    if (target === current) return;
    if (target) {
      pushed = false;
      halt();
      open(target, null);
      clearTarget();
    } else if (current) {
      close(true);
    }
  });

  /** With scripts the overlay stands in for :target; a :target entry would stay a
   *  full-screen screen once the overlay closes, so the target is cleared. Chrome
   *  applies the address's fragment when loading finishes, hence again on load. */
  function clearTarget() {
    if (!document.querySelector(':target')) return;
    var y = window.scrollY;
    var state = history.state;
    var url = window.location.href;
    clearing = true;
    try {
      window.location.replace('#');
      history.replaceState(state, '', url);
    } finally {
      clearing = false;
    }
    window.scrollTo(0, y);
  }

  /** Chrome's own handling of a fragment (at the end of loading, or on a step to one of this
   *  page's fragments from the address bar) takes focus out of the overlay, to the page: it is
   *  put back, unless something else (a coach mark) has it. */
  function refocus() {
    if (current && (document.activeElement === document.body || !document.activeElement)) body.focus({ preventScroll: true });
  }

  var initial = entryForHash(window.location.hash);
  if (initial) {
    initial.scrollIntoView({ block: 'center' });
    open(initial, 'replace');
    clearTarget();
    window.addEventListener('load', function () {
      window.requestAnimationFrame(function () {
        clearTarget();
        refocus();
      });
    });
  }
  window.addEventListener('pageshow', function (e) {
    if (!e.persisted) return;
    // Back from the back/forward cache to an address that no longer names the idea shown
    // (a step to another page of the list took this page's entry): the list.
    if (current && entryForHash(window.location.hash) !== current) close(true);
    clearTarget();
  });
  window.addEventListener('hashchange', function () {
    if (!current) return;
    clearTarget();
    window.requestAnimationFrame(refocus);
  });

  window.VantageDetail = { open: function (id) { var e = entryById(id); if (e) open(e, 'push'); }, close: function () { close(false); } };
}());
