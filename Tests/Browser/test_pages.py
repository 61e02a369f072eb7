"""The pages of a built site, in a real browser: the review pages without scripts (the items
are padded cards, a note says that reviewing needs JavaScript, no swipe instructions), the
later / list sheets' words kept whole in every language, the review bar's count and Undo
concerning only this page's items, the "view as" index's lang on the names only, the site icon
(no request for the host's /favicon.ico), the report's tally colours in contrast.

Runs on VANTAGE_SITE when given, else on a build of the sample content of its own (the built
`vantage`: VANTAGE_BIN, else .build/debug/vantage); skipped without either."""

import functools
import http.server
import json
import pathlib
import re
import shutil
import tempfile
import threading
import unittest

from support import BIN, REPO, BrowserTest, build_site, read_json, site_dir

READY = bool(site_dir()) or (BIN.is_file() and (REPO / "content").is_dir())
LANGUAGES = ["en", "fr", "ru", "ar", "ja", "pt-BR"]
_SITE = {}


def public():
    """The built site under test (built once for the module when VANTAGE_SITE is not set)."""
    if "public" not in _SITE:
        given = site_dir()
        if given:
            _SITE["public"] = given
        else:
            work = pathlib.Path(tempfile.mkdtemp(prefix="vantage-pages-"))
            _SITE["work"] = work
            shutil.copytree(REPO / "content", work / "content")
            build_site(work / "content", work / "public", work / "store.sqlite")
            _SITE["public"] = work / "public"
    return _SITE["public"]


def tearDownModule():
    if "work" in _SITE:
        shutil.rmtree(_SITE["work"], ignore_errors=True)


def pages(kind=None):
    return [p for p in read_json(public() / "manifest.json")["pages"] if kind is None or p["kind"] == kind]


def page_lang(path):
    head = (public() / path).read_text(encoding="utf-8")[:400]
    match = re.search(r'<html[^>]* lang="([^"]+)"', head)
    return match.group(1) if match else ""


def review_pages():
    """The site-wide idea review page and one quotes review page per shipped language."""
    found = {"site": "review/ideas.html"}
    for page in pages("triage-quotes"):
        lang = page_lang(page["path"])
        for language in LANGUAGES:
            if language not in found and (lang == language or lang.split("-")[0] == language and language != "pt-BR"):
                found[language] = page["path"]
    return found


def ids_on(path):
    return re.findall(r'data-triage="" data-id="([^"]+)"', (public() / path).read_text(encoding="utf-8"))


def uri(path):
    return (public() / path).as_uri()


SEEN = ("localStorage.setItem('vantage.seen.opening', '1'); localStorage.setItem('vantage.seen.home', '1');"
        "localStorage.setItem('vantage.seen.idea', '1');")


@unittest.skipUnless(READY, "set VANTAGE_SITE, or build vantage (swift build)")
class ReviewPagesWithoutScripts(BrowserTest):
    javascript = False

    def test_items_are_padded_cards_and_a_note_replaces_the_swipe_instructions(self):
        for language, path in sorted(review_pages().items()):
            with self.subTest(language=language, page=path):
                self.open(uri(path))
                self.assertFalse(self.js("return !!window.VantageTriage"), "scripts are off")
                insets = self.js("""
                    return Array.prototype.slice.call(document.querySelectorAll('[data-triage]'), 0, 5).map(function (item) {
                      var box = item.getBoundingClientRect(), range = document.createRange();
                      range.selectNodeContents(item);
                      var text = range.getBoundingClientRect();
                      return [text.left - box.left, box.right - text.right, text.top - box.top, box.bottom - text.bottom];
                    });""")
                self.assertTrue(insets)
                for left, right, top, bottom in insets:
                    # the rounded corners (14 px) clip nothing: the text keeps 12 px from each edge
                    self.assertGreaterEqual(min(left, right, top, bottom), 12, insets)
                note = self.css("[data-review-noscript]")
                self.assertTrue(note.is_displayed(), "the page says that reviewing needs JavaScript")
                self.assertIn("JavaScript", note.text)
                self.assertFalse(self.css("[data-review-intro]").is_displayed(), "no swipe instructions")
                self.assertFalse(self.css("[data-review-bar]").is_displayed())
                # Nor the visually hidden ones a screen reader would read: keys that do nothing.
                self.assertEqual(self.js("return getComputedStyle(document.querySelector('[data-triage-help]')).display"), "none")


@unittest.skipUnless(READY, "set VANTAGE_SITE, or build vantage (swift build)")
class ReviewPagesWithScripts(BrowserTest):

    def test_the_swipe_instructions_show_and_the_note_hides(self):
        for language, path in sorted(review_pages().items()):
            with self.subTest(language=language, page=path):
                self.open(uri(path))
                self.assertTrue(self.css("[data-review-intro]").is_displayed())
                self.assertFalse(self.css("[data-review-noscript]").is_displayed())
                # The instructions each item is described by are in the page for a screen reader.
                help_id = self.js("return document.querySelector('[data-triage]').getAttribute('aria-describedby')")
                self.assertEqual(self.js("return getComputedStyle(document.getElementById(arguments[0])).display", help_id), "block")
                # the face fills the item: no padding of the item's around it
                self.assertEqual(self.js("return getComputedStyle(document.querySelector('[data-triage]')).paddingLeft"), "0px")

    def test_sheet_buttons_keep_their_words_whole_in_every_language(self):
        """At 390 and 320 px, no word of an option breaks across lines ("Tomorro|w"): lines
        break between words (and after a hyphen); a CJK label breaks between its characters."""
        for width in (390, 320):
            self.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                                        {"width": width, "height": 844, "deviceScaleFactor": 1, "mobile": False})
            for language, path in sorted(review_pages().items()):
                with self.subTest(width=width, language=language, page=path):
                    self.open(uri(path))
                    self.js("document.querySelectorAll('[data-sheet]').forEach(function (s) { s.hidden = false; })")
                    broken = self.broken_words("[data-sheet] button")
                    broken += ["overflows: " + text for text in self.js("""
                        return Array.prototype.filter.call(document.querySelectorAll('[data-sheet] button'), function (button) {
                          return button.scrollWidth > button.clientWidth;
                        }).map(function (button) { return button.textContent; });""")]
                    self.js("document.querySelectorAll('[data-sheet]').forEach(function (s) { s.hidden = true; })")
                    self.assertEqual(broken, [], "words broken across lines")
        self.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                                    {"width": self.width, "height": self.height, "deviceScaleFactor": 1, "mobile": False})


@unittest.skipUnless(READY, "set VANTAGE_SITE, or build vantage (swift build)")
class ReviewCountOfThisPage(BrowserTest):
    """Decisions are kept per item for the whole site (one key per site); the review bar's
    count and Undo concern the items of the page it is on."""

    def stored(self):
        raw = self.js("return localStorage.getItem(VantageReview.storageKey)")
        return json.loads(raw)["decisions"] if raw else {}

    def test_a_decision_elsewhere_is_neither_counted_nor_undone_here(self):
        quote_pages = [p["path"] for p in pages("triage-quotes")]
        by_viewer = {}
        for path in quote_pages:
            by_viewer.setdefault(path.split("/")[0], set()).update(ids_on(path))
        mine = [p for p in quote_pages if p.startswith("ana-lima/")][0]
        others = [(viewer, sorted(ids - by_viewer["ana-lima"])) for viewer, ids in sorted(by_viewer.items())
                  if viewer != "ana-lima" and ids - by_viewer["ana-lima"]]
        self.assertTrue(others, "someone sees a quote Ana does not")
        viewer, hidden_from_ana = others[0]
        theirs = [p for p in quote_pages if p.startswith(viewer + "/") and hidden_from_ana[0] in ids_on(p)][0]
        # Another viewer's page: decide a quote Ana does not see.
        self.open(uri(theirs))
        item = self.css('[data-triage][data-id="%s"]' % hidden_from_ana[0])
        self.drag_to(item, 120, release=True)
        self.wait(lambda d: not item.is_displayed(), message="archived on %s" % theirs)
        self.assertEqual(self.css("[data-review-count]").get_attribute("textContent").strip(),
                         self.js("return new Intl.NumberFormat(document.documentElement.lang).format(1)"))
        # Ana's page: nothing of hers is decided.
        self.open(uri(mine), fresh=False)
        self.js(SEEN)
        self.assertEqual(self.css("[data-review-count]").text, "0")
        self.assertFalse(self.css("[data-review-undo]").is_enabled(), "nothing of this page to undo")
        self.assertTrue(self.css("[data-review-download]").is_enabled(), "the download holds every decision")
        first = [i for i in self.all("[data-triage][data-id]") if i.is_displayed()][0]
        first_id = first.get_attribute("data-id")
        self.drag_to(first, 120, release=True)
        self.wait(lambda d: not first.is_displayed(), message="archived on Ana's page")
        self.assertEqual(self.css("[data-review-count]").text, "1")
        # Undo here brings back Ana's item and keeps the other decision, however recent.
        self.js("var s = JSON.parse(localStorage.getItem(VantageReview.storageKey));"
                "s.decisions[arguments[0]].seq = s.next++; localStorage.setItem(VantageReview.storageKey, JSON.stringify(s));",
                hidden_from_ana[0])
        self.css("[data-review-undo]").click()
        self.wait(lambda d: first.is_displayed(), message="Undo brings Ana's item back")
        self.assertEqual(list(self.stored()), [hidden_from_ana[0]])
        self.assertEqual(self.css("[data-review-count]").text, "0")
        self.assertFalse(self.css("[data-review-undo]").is_enabled())
        self.assertNoConsoleErrors()


@unittest.skipUnless(READY, "set VANTAGE_SITE, or build vantage (swift build)")
class ViewAsIndex(BrowserTest):

    def test_the_locale_is_on_each_name_not_on_the_badges(self):
        self.open(uri("index.html"))
        self.js(SEEN)
        people = self.all(".people .person")
        self.assertTrue(people)
        page_lang = self.js("return document.documentElement.lang")
        for person in people:
            self.assertIsNone(person.get_dom_attribute("lang"), "no lang on the whole link")
            name = person.find_element("css selector", ".person-name")
            # The sample's names are each in a script of their person's language.
            self.assertTrue(name.get_dom_attribute("lang"), "the name carries its person's locale")
            for badge in person.find_elements("css selector", ".badge, .avatar"):
                self.assertEqual(self.js("return arguments[0].closest('[lang]').lang", badge), page_lang)


class _Quiet(http.server.SimpleHTTPRequestHandler):
    """Serves the site under /sub/ (a host's sub-path) and records every request."""

    requests = None

    def translate_path(self, path):
        return super().translate_path(path[len("/sub"):] if path.startswith("/sub/") else "/.not-the-site" + path)

    def log_message(self, *args):
        self.requests.append(self.path)


@unittest.skipUnless(READY, "set VANTAGE_SITE, or build vantage (swift build)")
class SiteIcon(BrowserTest):

    def test_every_page_links_an_icon_file_of_the_site(self):
        missing, absolute, broken = [], [], []
        for page in pages():
            if not page["path"].endswith(".html"):
                continue
            match = re.search(r'<link rel="icon" href="([^"]+)"', (public() / page["path"]).read_text(encoding="utf-8"))
            if not match:
                missing.append(page["path"])
            elif re.match(r"^[a-z]+:|^/", match.group(1)):
                absolute.append(page["path"])
            elif not (public() / page["path"]).parent.joinpath(match.group(1)).resolve().is_file():
                broken.append(page["path"])
        self.assertEqual(missing[:5], [], "%d pages without <link rel=\"icon\">" % len(missing))
        self.assertEqual(absolute[:5], [], "the icon's link is relative")
        self.assertEqual(broken[:5], [], "the icon's link names a file of the site")

    def test_no_request_for_the_hosts_favicon_on_a_sub_path(self):
        requests = []
        handler = type("Handler", (_Quiet,), {"requests": requests})
        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(handler, directory=str(public())))
        threading.Thread(target=server.serve_forever, daemon=True).start()
        try:
            for path in ("index.html", "ana-lima/index.html", "review/ideas.html"):
                with self.subTest(page=path):
                    self.open("http://127.0.0.1:%d/sub/%s" % (server.server_port, path))
                    if path == "index.html":  # later pages may take it from the cache
                        self.wait(lambda d: "/sub/assets/icon.svg" in requests, message="the icon is fetched")
                    self.pause_for_motion(0.5)
                    self.assertNotIn("/favicon.ico", requests)
                    self.assertTrue(all(r.startswith("/sub/") for r in requests), requests)
                    self.assertNoConsoleErrors()
        finally:
            server.shutdown()
            server.server_close()


@unittest.skipUnless(READY, "set VANTAGE_SITE, or build vantage (swift build)")
class ReportColours(BrowserTest):

    def test_tally_numbers_are_in_contrast_in_light_and_dark(self):
        if not (public() / "reviews.html").is_file():
            self.skipTest("the site has no review report")
        self.open(uri("reviews.html"))
        for scheme in ("light", "dark"):
            self.color_scheme(scheme)
            found = self.js("""
                function rgb(css) { return (css.match(/[\\d.]+/g) || []).slice(0, 4).map(Number); }
                function lum(c) {
                  return [0, 1, 2].map(function (i) { var v = c[i] / 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); })
                    .reduce(function (sum, v, i) { return sum + v * [0.2126, 0.7152, 0.0722][i]; }, 0);
                }
                function background(el) {
                  for (; el; el = el.parentElement) {
                    var c = rgb(getComputedStyle(el).backgroundColor);
                    if (c.length === 3 || c[3] > 0) return c;
                  }
                  return [255, 255, 255];
                }
                return Array.prototype.map.call(document.querySelectorAll('.tally dd'), function (dd) {
                  var style = getComputedStyle(dd), a = lum(rgb(style.color)), b = lum(background(dd));
                  var size = parseFloat(style.fontSize), bold = parseInt(style.fontWeight, 10) >= 700;
                  var large = size >= 24 || bold && size >= 18.66;
                  return [dd.parentElement.className, (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05), large ? 3 : 4.5];
                });""")
            self.assertTrue(found)
            for name, ratio, needed in found:
                with self.subTest(scheme=scheme, tally=name):
                    self.assertGreaterEqual(ratio, needed, "%s: %.2f:1" % (name, ratio))
        self.color_scheme("")


if __name__ == "__main__":
    unittest.main()


@unittest.skipUnless(READY, "set VANTAGE_SITE, or build vantage (swift build)")
class PagersOnASmallScreen(BrowserTest):
    """A list's pager in Russian ("Предыдущая страница · Страница 2 из 8 · Следующая страница")
    was one row wider than a 320 px screen: the page scrolled sideways and "next" was off it.
    Every middle page of a paginated list, in every language of the sample, fits."""
    width, height = 320, 640

    def test_the_middle_pages_of_lists_fit_the_screen(self):
        middles = [p for p in pages() if p.get("viewer") and re.search(r"/page-2\.html$", p["path"])]
        by_language = {}
        for page in middles:
            if re.search(r'rel="next"', (public() / page["path"]).read_text(encoding="utf-8")):
                by_language.setdefault(page_lang(page["path"]).split("-")[0], page)
        self.assertGreaterEqual(set(by_language), {"ru", "en", "ar"}, "a middle page in each of these languages")
        for language, page in sorted(by_language.items()):
            with self.subTest(language=language, page=page["path"]):
                self.open(uri(page["path"]))
                self.js(SEEN)
                self.open(uri(page["path"]))
                self.assertTrue(self.all(".pager a[rel=next]"), "a middle page has a next link")
                self.assertNoSidewaysScroll(page["path"])


@unittest.skipUnless(READY, "set VANTAGE_SITE, or build vantage (swift build)")
class TabsOnASmallScreen(BrowserTest):
    """The tab strips scrolled sideways inside themselves at 320 px: in Russian the quotes
    strip's last two tabs ("Услышанное", "Поиск") were past its edge, with nothing to say
    they were there (15 of the sample's 16 strips cut a tab). The strips now wrap: every tab
    of both apps' strips lies whole inside the screen and inside its strip, in every language
    of the sample."""
    width, height = 320, 640

    def test_every_tab_is_on_the_screen(self):
        chosen = {}
        for page in pages():
            if page.get("kind") in ("ideas-all", "quotes-said"):
                chosen.setdefault((page["kind"], page_lang(page["path"])), page["path"])
        self.assertGreaterEqual({lang.split("-")[0] for _, lang in chosen}, {"ru", "fr", "en", "ar"})
        for (kind, lang), path in sorted(chosen.items()):
            with self.subTest(kind=kind, lang=lang, page=path):
                self.open(uri(path))
                self.js(SEEN)
                self.open(uri(path))
                outside = self.js("""
                    var strip = document.querySelector('.tabs').getBoundingClientRect();
                    var right = document.documentElement.clientWidth;
                    return Array.prototype.filter.call(document.querySelectorAll('.tabs a'), function (a) {
                      var box = a.getBoundingClientRect();
                      return box.left < Math.max(0, strip.left) - 0.5 || box.right > Math.min(right, strip.right) + 0.5
                        || box.top < strip.top - 0.5 || box.bottom > strip.bottom + 0.5;
                    }).map(function (a) { return a.textContent; });""")
                self.assertEqual(outside, [], "tabs past the edge")
                self.assertEqual(len(self.all(".tabs a")), 4)


@unittest.skipUnless(READY, "set VANTAGE_SITE, or build vantage (swift build)")
class IdeaStepsOnASmallScreen(BrowserTest):
    """The idea overlay's step bar ("Предыдущая идея · Назад к списку · Следующая идея") was
    wider than a 320 or 360 px screen in Russian, French and Portuguese: "next" was off the
    screen and the overlay scrolled sideways. Each label now wraps within its share of the row."""
    height = 640

    def test_the_step_links_stay_on_the_screen(self):
        chosen = {}
        for page in pages("ideas-all"):
            chosen.setdefault(page_lang(page["path"]).split("-")[0], page["path"])
        self.assertGreaterEqual(set(chosen), {"ru", "fr", "pt", "en", "ar"})
        for width in (320, 360):
            self.driver.set_window_size(width, self.height)
            for lang, path in sorted(chosen.items()):
                with self.subTest(width=width, lang=lang, page=path):
                    ids = re.findall(r'<li class="idea[^"]*" id="idea-[^"]+" data-id="([^"]+)"', (public() / path).read_text(encoding="utf-8"))
                    if len(ids) < 2:
                        ids = re.findall(r' data-id="([^"]+)"', (public() / path).read_text(encoding="utf-8"))
                    self.open(uri(path))
                    self.js(SEEN)
                    self.open(uri(path) + "#idea-" + ids[1])
                    self.wait(lambda d: self.all(".idea-overlay-body .idea-steps a[rel=next]"), message="the overlay's step bar")
                    self.frames(3)
                    found = self.js("""
                        var right = document.documentElement.clientWidth;
                        var body = document.querySelector('.idea-overlay-body');
                        return Array.prototype.map.call(body.querySelectorAll('.idea-steps a'), function (a) {
                          var box = a.getBoundingClientRect();
                          return [a.textContent, box.left >= -0.5 && box.right <= right + 0.5];
                        }).concat([['overflow', body.scrollWidth <= body.clientWidth + 1]]);""")
                    self.assertEqual([name for name, inside in found if not inside], [], found)


@unittest.skipUnless(READY, "set VANTAGE_SITE, or build vantage (swift build)")
class SearchMarksContrast(BrowserTest):

    def test_marked_words_keep_their_contrast_in_both_schemes(self):
        """The mark's translucent yellow over a dark card left the text on it at 4.4:1 (axe 4:
        color-contrast); each scheme's mark keeps 4.5:1."""
        def luminance(rgb):
            channels = [c / 255 for c in rgb]
            channels = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
            return 0.2126 * channels[0] + 0.7152 * channels[1] + 0.0722 * channels[2]

        def parse(color):
            parts = [float(x) for x in re.findall(r"[\d.]+", color)]
            return parts[:3], (parts[3] if len(parts) > 3 else 1.0)

        try:
            for scheme in ("light", "dark"):
                with self.subTest(scheme=scheme):
                    self.color_scheme(scheme)
                    self.open(uri("ana-lima/search.html") + "?q=walk")
                    self.wait(lambda d: self.all("[data-search-results] mark"), message="a marked result")
                    mark = self.css("[data-search-results] mark")
                    colors = self.js("""
                        var m = arguments[0], card = m.parentElement, bg = getComputedStyle(card).backgroundColor;
                        for (var el = card; el && /rgba\(0, 0, 0, 0\)|transparent/.test(bg); el = el.parentElement) bg = getComputedStyle(el).backgroundColor;
                        if (/rgba\(0, 0, 0, 0\)|transparent/.test(bg)) bg = 'rgb(255, 255, 255)';
                        return [getComputedStyle(m).color, getComputedStyle(m).backgroundColor, bg];""", mark)
                    text, _ = parse(colors[0])
                    (mark_rgb, alpha), (under, _) = parse(colors[1]), parse(colors[2])
                    shown = [alpha * m + (1 - alpha) * u for m, u in zip(mark_rgb, under)]
                    high, low = sorted([luminance(text), luminance(shown)], reverse=True)
                    self.assertGreaterEqual((high + 0.05) / (low + 0.05), 4.5, colors)
        finally:
            self.color_scheme("")
