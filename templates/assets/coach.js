/* Vantage first visits: the coach marks of the Home and Idea detail screens
 * and the opening screens of the index. Each shows once per site in a browser: a flag in
 * localStorage ("vantage.seen.NAME.<site root URL>", text.js's siteKey) remembers it was
 * dismissed. Every word they show is in the page (rendered from the string catalog).
 *
 * Coach marks: template#coach-NAME whose first element is a <dialog> with
 * steps [data-coach-step] (optional data-target: a CSS selector of what the
 * step is about, which gets a spotlight), [data-coach-spot], a bubble
 * [data-coach-bubble], [data-coach-next] and [data-coach-finish] ("OK, Got
 * it!" / "Done", on the last step). A template with data-coach-auto shows on
 * load; the others show on "vantage:overlay-open" for their screen (detail.js). The dialog's
 * aria-describedby names the step shown (the opening screens' panel too), and the steps'
 * container (the panels' track) is a polite live region: a step Next shows is read out.
 *
 * Opening screens: template#opening, a <dialog> with [data-opening-viewport]
 * holding [data-opening-track] of [data-opening-panel]s (swipe, drag or arrow
 * keys), optional [data-opening-dot]s, [data-opening-next] and
 * [data-opening-start] (the last panel's button, which sets the flag). */
(function () {
  'use strict';

  var PREFIX = 'vantage.seen.';
  var SWIPE = 50;
  var motion = window.matchMedia ? window.matchMedia('(prefers-reduced-motion: reduce)') : null;

  /** The flag of `name` for this site (`vantage.seen.idea.file:///home/me/public/`): every site
   *  opened from file:// shares one storage origin, and so do sites on sub-paths of one host.
   *  A flag an earlier version kept for every site (`vantage.seen.idea`) is taken over by the
   *  first site opened, once. */
  function key(name) { return window.VantageText.siteKey(PREFIX + name); }

  function seen(name) {
    return window.VantageText.adopt(PREFIX + name, key(name), function (current, old) {
      return old === '1' ? '1' : null;
    }) === '1';
  }

  function remember(name) {
    try { window.localStorage.setItem(key(name), '1'); } catch (e) { /* shows again next time */ }
  }

  function rtl() { return getComputedStyle(document.documentElement).direction === 'rtl'; }

  function cloneTemplate(id) {
    var template = document.getElementById(id);
    return template && template.content.firstElementChild ? template.content.firstElementChild.cloneNode(true) : null;
  }

  /** The dialog is described by the step it shows (read with the dialog's name when it opens);
   *  the steps' container is a polite live region, so a step that Next shows is read out while
   *  the focus stays on Next (moving it to the step would take it from the button pressed). */
  function describe(dialog, step, fallbackId) {
    if (!step.id) step.id = 'vantage-' + fallbackId;
    dialog.setAttribute('aria-describedby', step.id);
  }

  function anyOpen() { return !!document.querySelector('dialog[data-first-visit]'); }

  /* ---- coach marks ---- */

  function coach(name) {
    if (seen(name) || anyOpen()) return null;
    var dialog = cloneTemplate('coach-' + name);
    if (!dialog) return null;
    var steps = Array.prototype.slice.call(dialog.querySelectorAll('[data-coach-step]'));
    var spot = dialog.querySelector('[data-coach-spot]');
    var bubble = dialog.querySelector('[data-coach-bubble]');
    var next = dialog.querySelector('[data-coach-next]');
    var finish = dialog.querySelector('[data-coach-finish]');
    if (!steps.length || !bubble || !finish) return null;
    var at = 0;

    /** Brings the step's target on screen, with room for the bubble beside it: on a phone,
     *  Home's Quotes menu is below the fold, and a spotlight off screen shows nothing. The page
     *  under the dialog scrolls so the target's top sits just under the sticky bar (the bubble
     *  then goes below it, or over its lower part when both do not fit); a target inside a
     *  scrolling box (the idea overlay) is scrolled to the nearest edge of its box. */
    function reveal(target) {
      var rect = target.getBoundingClientRect();
      var room = window.innerHeight;
      var margin = 8;
      var bar = document.querySelector('body > .bar, body > header');
      var barStyle = bar ? getComputedStyle(bar).position : '';
      var top = margin + (barStyle === 'sticky' || barStyle === 'fixed' ? bar.offsetHeight : 0);
      var need = bubble.offsetHeight + 18;
      var visible = rect.top >= top && rect.bottom <= room - margin;
      var roomForBubble = rect.bottom + need <= room - margin || rect.top - need >= margin;
      if (visible && roomForBubble) return;
      for (var box = target.parentElement; box && box !== document.body && box !== document.documentElement; box = box.parentElement) {
        var overflow = getComputedStyle(box).overflowY;
        if ((overflow === 'auto' || overflow === 'scroll') && box.scrollHeight > box.clientHeight) {
          target.scrollIntoView({ block: 'nearest', inline: 'nearest' });
          return;
        }
      }
      window.scrollBy(0, rect.top - top);
    }

    /** Shows step `at`: its target revealed and spotlit, the bubble beside it, and the focus
     *  on Next / the last button. `how.quiet` (the page scrolled or resized under the dialog)
     *  leaves the focus alone; `how.still` (it scrolled) leaves the scroll alone too. */
    function place(how) {
      how = how || {};
      steps.forEach(function (step, i) { step.hidden = i !== at; });
      describe(dialog, steps[at], name + '-step-' + (at + 1));
      var last = at === steps.length - 1;
      if (next) next.hidden = last;
      finish.hidden = !last;
      var selector = steps[at].getAttribute('data-target');
      var target = selector ? document.querySelector(selector) : null;
      if (target && !how.still) reveal(target);
      var rect = target ? target.getBoundingClientRect() : null;
      var room = window.innerHeight;
      if (rect && rect.width > 0 && rect.height > 0) {
        var pad = 6;
        spot.hidden = false;
        spot.style.left = (rect.left - pad) + 'px';
        spot.style.top = (rect.top - pad) + 'px';
        spot.style.width = (rect.width + 2 * pad) + 'px';
        spot.style.height = (rect.height + 2 * pad) + 'px';
        // Below the target when it fits, else above it, else over the target's lower part,
        // never off screen.
        var height = bubble.offsetHeight;
        if (rect.bottom + pad + 12 + height <= room - 8) {
          bubble.style.top = (rect.bottom + pad + 12) + 'px';
          bubble.style.bottom = '';
        } else if (rect.top - pad - 12 - height >= 8) {
          bubble.style.top = '';
          bubble.style.bottom = (room - rect.top + pad + 12) + 'px';
        } else {
          bubble.style.top = '';
          bubble.style.bottom = '8px';
        }
      } else {
        spot.hidden = true;
        bubble.style.top = Math.max(8, (room - bubble.offsetHeight) / 2) + 'px';
        bubble.style.bottom = '';
      }
      if (!how.quiet) (last ? finish : next).focus();
    }

    function resized() { place({ quiet: true }); }
    function scrolled() { place({ quiet: true, still: true }); }

    function done() {
      remember(name);
      window.removeEventListener('resize', resized);
      window.removeEventListener('scroll', scrolled, true);
      if (dialog.open) dialog.close();
      dialog.remove();
    }

    if (next) next.addEventListener('click', function () { at = Math.min(at + 1, steps.length - 1); place(); });
    finish.addEventListener('click', done);
    dialog.addEventListener('cancel', function (e) { e.preventDefault(); done(); });
    dialog.setAttribute('data-first-visit', name);
    document.body.appendChild(dialog);
    dialog.showModal();
    window.addEventListener('resize', resized);
    window.addEventListener('scroll', scrolled, true);
    place();
    // Shown while the page still loads (a link straight to an idea): Chrome's handling of the
    // address's fragment at the end of loading takes focus to the page, so it is put back.
    if (document.readyState !== 'complete') {
      window.addEventListener('load', function () {
        window.requestAnimationFrame(function () {
          if (dialog.open && (document.activeElement === document.body || !document.activeElement)) {
            (at === steps.length - 1 ? finish : next).focus();
          }
        });
      });
    }
    return dialog;
  }

  /* ---- opening screens ---- */

  function opening() {
    if (seen('opening') || anyOpen()) return null;
    var dialog = cloneTemplate('opening');
    if (!dialog) return null;
    var viewport = dialog.querySelector('[data-opening-viewport]');
    var track = dialog.querySelector('[data-opening-track]');
    var panels = Array.prototype.slice.call(dialog.querySelectorAll('[data-opening-panel]'));
    var dots = Array.prototype.slice.call(dialog.querySelectorAll('[data-opening-dot]'));
    var next = dialog.querySelector('[data-opening-next]');
    var start = dialog.querySelector('[data-opening-start]');
    if (!viewport || !track || !panels.length || !start) return null;
    var at = 0;
    var drag = null;

    function offset(extra) {
      var sign = rtl() ? 1 : -1;
      track.style.transform = 'translateX(calc(' + (sign * at * 100) + '% + ' + (extra || 0) + 'px))';
    }

    function go(index) {
      at = Math.max(0, Math.min(panels.length - 1, index));
      if (!(motion && motion.matches)) track.classList.add('is-paging');
      offset(0);
      describe(dialog, panels[at], 'opening-panel-' + (at + 1));
      panels.forEach(function (panel, i) {
        panel.inert = i !== at;
        if (i === at) panel.removeAttribute('aria-hidden');
        else panel.setAttribute('aria-hidden', 'true');
      });
      dots.forEach(function (dot, i) {
        if (i === at) dot.setAttribute('aria-current', 'step');
        else dot.removeAttribute('aria-current');
      });
      var last = at === panels.length - 1;
      if (next) next.hidden = last;
      start.hidden = !last;
      (last ? start : next || start).focus();
      dialog.setAttribute('data-panel', String(at + 1));
    }

    function done() {
      remember('opening');
      if (dialog.open) dialog.close();
      dialog.remove();
    }

    viewport.addEventListener('pointerdown', function (e) {
      if (e.pointerType === 'mouse' && e.button !== 0) return;
      drag = { id: e.pointerId, x0: e.clientX, moved: false };
      viewport.setPointerCapture(e.pointerId);
      track.classList.remove('is-paging');
    });
    viewport.addEventListener('pointermove', function (e) {
      if (!drag || e.pointerId !== drag.id) return;
      drag.moved = true;
      offset(e.clientX - drag.x0);
    });
    function end(e) {
      if (!drag || e.pointerId !== drag.id) return;
      var dx = e.clientX - drag.x0;
      drag = null;
      if (Math.abs(dx) < SWIPE) { go(at); return; }
      var forward = (dx < 0) !== rtl();
      go(at + (forward ? 1 : -1));
    }
    viewport.addEventListener('pointerup', end);
    viewport.addEventListener('pointercancel', end);
    dialog.addEventListener('keydown', function (e) {
      if (e.key !== 'ArrowRight' && e.key !== 'ArrowLeft') return;
      e.preventDefault();
      var forward = (e.key === 'ArrowRight') !== rtl();
      go(at + (forward ? 1 : -1));
    });
    if (next) next.addEventListener('click', function () { go(at + 1); });
    start.addEventListener('click', done);
    dialog.addEventListener('cancel', function (e) { e.preventDefault(); done(); });
    dialog.setAttribute('data-first-visit', 'opening');
    document.body.appendChild(dialog);
    dialog.showModal();
    go(0);
    return dialog;
  }

  document.addEventListener('vantage:overlay-open', function (e) {
    if (e.detail && e.detail.screen) coach(e.detail.screen);
  });

  if (!opening()) {
    var auto = document.querySelector('template[data-coach-auto][id^="coach-"]');
    if (auto) coach(auto.id.slice('coach-'.length));
    // An idea opened before this script ran (a link straight to it, or a step from the list's
    // page before): its tips, as when it is opened from the list.
    else if (document.querySelector('[data-overlay-open]')) coach('idea');
  }

  window.VantageCoach = { show: coach, opening: opening, storageKey: key };
}());
