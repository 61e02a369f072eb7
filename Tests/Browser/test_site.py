"""The behaviours on a built site (VANTAGE_SITE=<public folder>): every page kind
loads without console errors and without serious accessibility violations;
search finds what the viewer sees and never what they do not; the triage
gestures on both kinds of review page; idea paging across pages; first-visit
screens in the viewer's language. Skipped when VANTAGE_SITE is not set."""

import json
import re
import unittest

import test_detail
import test_triage
from support import REPO, BrowserTest, read_json, site_dir

SITE = site_dir()
SKIP = "set VANTAGE_SITE to a built public/ folder"
INDEX_PREFIX = "window.VANTAGE_SEARCH="


def manifest():
    return read_json(SITE / "manifest.json")["pages"]


def pages_of(kind, viewer=None):
    return [p for p in manifest() if p["kind"] == kind and (viewer is None or p.get("viewer") == viewer)]


def search_index(viewer):
    """A viewer's search index, as the search page loads it (a script assigning JSON)."""
    text = (SITE / viewer / "search-index.js").read_text(encoding="utf-8")
    if not text.startswith(INDEX_PREFIX):
        raise AssertionError("%s/search-index.js does not start with %s" % (viewer, INDEX_PREFIX))
    return json.loads(text[len(INDEX_PREFIX):].rstrip().rstrip(";"))


def uri(path):
    return (SITE / path).as_uri()


def first_item_page(kind, path_part=""):
    """The first page of `kind` (whose path contains `path_part`) that holds reviewable items."""
    for page in pages_of(kind):
        if path_part not in page["path"]:
            continue
        if 'data-triage=""' in (SITE / page["path"]).read_text(encoding="utf-8"):
            return page["path"]
    raise AssertionError("no %s page with items" % kind)


@unittest.skipUnless(SITE, SKIP)
class EveryPageKind(BrowserTest):
    """One page of every kind (and a right-to-left one where there is one)."""

    OUTPUT_KINDS = {"index", "home", "ideas-new", "ideas-mine", "ideas-all", "ideas-browse", "quotes-feed",
                    "quotes-said", "quotes-heard", "quotes-by", "search", "settings", "triage-ideas",
                    "triage-quotes", "submit-idea", "compose-quote"}

    def samples(self):
        pages = manifest()
        kinds = sorted({p["kind"] for p in pages})
        missing = self.OUTPUT_KINDS - set(kinds)
        self.assertEqual(missing, set(), "page kinds the site must have")
        rtl_viewers = set()
        for page in pages_of("home"):
            head = (SITE / page["path"]).read_text(encoding="utf-8")[:600]
            if 'dir="rtl"' in head:
                rtl_viewers.add(page["viewer"])
        chosen = []
        for kind in kinds:
            of_kind = [p for p in pages if p["kind"] == kind]
            chosen.append(of_kind[0]["path"])
            rtl = [p for p in of_kind if p.get("viewer") in rtl_viewers]
            if rtl and rtl[0]["path"] != of_kind[0]["path"]:
                chosen.append(rtl[0]["path"])
        return chosen

    def test_no_console_errors_and_no_serious_axe_violations(self):
        """In light and in dark mode (prefers-color-scheme emulated through the DevTools protocol)."""
        try:
            for scheme in ("light", "dark"):
                self.color_scheme(scheme)
                for path in self.samples():
                    with self.subTest(scheme=scheme, page=path):
                        self.open(uri(path))
                        self.frames(3)
                        self.assertTrue(self.js("return matchMedia('(prefers-color-scheme: %s)').matches" % scheme))
                        # First visits: whatever opening screen or coach mark shows must pass too.
                        self.assertAccessible()
                        self.js("document.querySelectorAll('dialog[data-first-visit]').forEach(function (d) {"
                                " d.close(); d.remove(); })")
                        self.assertAccessible()
                        self.assertNoConsoleErrors()
        finally:
            self.color_scheme("")

    def test_scripts_are_relative_deferred_and_present(self):
        for path in self.samples():
            with self.subTest(page=path):
                html = (SITE / path).read_text(encoding="utf-8")
                for src in re.findall(r'<script src="([^"]+)"', html):
                    self.assertFalse(re.match(r"^[a-z]+:|^/", src), "relative: " + src)
                    self.assertTrue((SITE / path).parent.joinpath(src).resolve().is_file(), src)
                for tag in re.findall(r"<script [^>]*>", html):
                    if "src=" in tag:
                        self.assertIn('defer="defer"', tag)

    def test_text_js_comes_before_every_script_that_uses_it(self):
        # compose.js, review.js, search.js and coach.js take their shared rules (and the download
        # helpers: instant, fileStamp, saveJSON) from window.VantageText, so text.js, deferred
        # too, must come first on every page of the site that loads one of them.
        users = ("compose.js", "review.js", "search.js", "coach.js")
        seen = set()
        for page in json.loads((SITE / "manifest.json").read_text(encoding="utf-8"))["pages"]:
            html = (SITE / page["path"]).read_text(encoding="utf-8")
            names = [src.rsplit("/", 1)[-1] for src in re.findall(r'<script src="([^"]+)"', html)]
            for name in names:
                if name in users:
                    seen.add(name)
                    self.assertIn("text.js", names, page["path"])
                    self.assertLess(names.index("text.js"), names.index(name), page["path"])
        self.assertEqual(seen, set(users))

    def test_the_download_helpers_have_one_copy(self):
        # The instant, the file's time stamp and the save by a link live in text.js alone.
        assets = REPO / "templates" / "assets"
        for name in ("compose.js", "review.js"):
            script = (assets / name).read_text(encoding="utf-8")
            for copied in ("new Blob(", "createObjectURL", "toISOString", "replace(/[-:]/g"):
                self.assertNotIn(copied, script, "%s keeps its own %s" % (name, copied))
        text = (assets / "text.js").read_text(encoding="utf-8")
        for helper in ("function instant(", "function fileStamp(", "function saveJSON("):
            self.assertIn(helper, text)


@unittest.skipUnless(SITE, SKIP)
class SearchOnTheSite(BrowserTest):

    def search(self, viewer, query):
        self.open(uri(viewer + "/search.html"))
        field = self.css('input[type="search"]')
        field.send_keys(query)
        return [r.get_attribute("data-id") for r in self.all("[data-search-results] [data-id]")]

    def test_a_visible_quote_is_found_and_an_invisible_one_never(self):
        viewers = sorted(p["viewer"] for p in pages_of("search"))
        indexes = {v: search_index(v) for v in viewers}
        quote_ids = {v: {q["id"] for q in indexes[v]["quotes"]} for v in viewers}
        chosen = None
        for seer in viewers:
            for quote in indexes[seer]["quotes"]:
                text = quote["text"]
                words = re.findall(r"\w{4,}", text)
                if len(words) < 2 or any(ord(c) > 0xFFFF for c in text):
                    continue
                blind = [v for v in viewers if quote["id"] not in quote_ids[v]]
                if blind:
                    chosen = (seer, blind[0], quote, " ".join(words[:2]))
                    break
            if chosen:
                break
        self.assertIsNotNone(chosen, "some quote is seen by one viewer and not by another")
        seer, blind, quote, query = chosen
        found = self.search(seer, query)
        self.assertIn(quote["id"], found, "%s finds %r" % (seer, query))
        found = self.search(blind, query)
        self.assertNotIn(quote["id"], found, "%s must not find %s" % (blind, quote["id"]))
        ids = {i["id"] for i in indexes[blind]["ideas"]} | quote_ids[blind]
        self.assertLessEqual(set(found), ids, "results come from the viewer's own index only")
        self.assertNotIn(quote["text"], self.css("[data-search-results]").text)
        self.assertNoConsoleErrors()

    def test_the_status_says_the_count_in_the_pages_language(self):
        """The status region (role=status) says how many were found, in the viewer's language
        with its plural forms (the catalog's search.count), or "Nothing found."; the results
        list is no live region."""
        catalog = read_json(REPO / "templates" / "Localizable.xcstrings")["strings"]
        languages = {}
        for page in pages_of("search"):
            head = (SITE / page["path"]).read_text(encoding="utf-8")[:600]
            lang = re.search(r'<html[^>]* lang="([^"]+)"', head).group(1)
            languages.setdefault(lang, page["viewer"])
        self.assertGreaterEqual(len(languages), 3, languages)
        for lang, viewer in sorted(languages.items()):
            with self.subTest(lang=lang):
                words = {}
                for entry in search_index(viewer)["quotes"] + search_index(viewer)["ideas"]:
                    for word in re.findall(r"\w{3,}", entry["text"]):
                        words.setdefault(word.lower(), set()).add(entry["id"])
                tried = 0
                for word, _ in sorted(words.items(), key=lambda w: (-len(w[1]), w[0]))[:3]:
                    found = self.search(viewer, word)
                    self.assertIsNone(self.css("[data-search-results]").get_attribute("aria-live"))
                    if not found or self.css("[data-search-more]").is_displayed():
                        continue
                    tried += 1
                    status = self.css("[data-search-status]").get_attribute("textContent")
                    self.assertEqual(status, self.count_text(catalog, lang, len(found)), word)
                self.assertGreater(tried, 0)
                self.search(viewer, "zzqqzzqq")
                self.assertEqual(self.css("[data-search-status]").get_attribute("textContent"),
                                 self.css("[data-search-empty]").get_attribute("textContent"))

    def count_text(self, catalog, lang, n):
        """search.count for n, by CLDR's integer rules of the shipped languages."""
        language = "pt-BR" if lang.startswith("pt") else lang.split("-")[0]
        if language == "en":
            category = "one" if n == 1 else "other"
        elif language in ("fr", "pt-BR"):
            category = "one" if n in (0, 1) else "many" if n % 1000000 == 0 else "other"
        elif language == "ru":
            category = ("one" if n % 10 == 1 and n % 100 != 11 else
                        "few" if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14 else "many")
        elif language == "ar":
            category = ("zero" if n == 0 else "one" if n == 1 else "two" if n == 2 else
                        "few" if 3 <= n % 100 <= 10 else "many" if 11 <= n % 100 <= 99 else "other")
        else:
            category = "other"
        cases = catalog["search.count"]["localizations"][language]["variations"]["plural"]
        value = cases.get(category, cases["other"])["stringUnit"]["value"]
        number = self.js("return new Intl.NumberFormat(VantageText.pageLocale()).format(arguments[0])", n)
        return value.replace("%lld", number)

    def test_line_breaks_show_as_written_in_results_and_on_review_pages(self):
        """A text written on several lines shows them in the lists, and so in a search result
        and on the review pages, which ran them together."""
        for viewer in sorted(p["viewer"] for p in pages_of("search")):
            entry = next((e for e in search_index(viewer)["quotes"] + search_index(viewer)["ideas"]
                          if "\n" in e["text"] and re.search(r"\w{5,}", e["text"])), None)
            if entry:
                break
        else:
            self.skipTest("no text on several lines in the sample")
        lines = [line for line in entry["text"].split("\n") if line.strip()]
        self.search(viewer, re.search(r"\w{5,}", entry["text"]).group(0))
        shown = self.driver.execute_script(
            "return [...document.querySelectorAll('[data-search-results] [data-id]')]"
            ".find(r => r.dataset.id === arguments[0]).querySelector('.result-text').innerText", entry["id"])
        self.assertEqual([line for line in shown.split("\n") if line.strip()], lines)
        kind = "triage-quotes" if entry["id"] in {q["id"] for q in search_index(viewer)["quotes"]} else "triage-ideas"
        for page in pages_of(kind):
            if 'data-id="%s"' % entry["id"] in (SITE / page["path"]).read_text(encoding="utf-8"):
                self.open(uri(page["path"]))
                shown = self.driver.execute_script(
                    "return document.querySelector('[data-triage][data-id=\"' + arguments[0] + '\"] .review-text, "
                    "[data-triage][data-id=\"' + arguments[0] + '\"] blockquote').innerText", entry["id"])
                self.assertEqual([line for line in shown.split("\n") if line.strip()], lines)
                return
        self.fail("%s is on no review page" % entry["id"])

    def test_folding_finds_accented_text_typed_without_accents(self):
        for viewer in sorted(p["viewer"] for p in pages_of("search")):
            for entry in search_index(viewer)["quotes"] + search_index(viewer)["ideas"]:
                word = next((w for w in re.findall(r"\w{5,}", entry["text"]) if re.search("[à-ÿ]", w)), None)
                if not word:
                    continue
                plain = "".join(c for c in __import__("unicodedata").normalize("NFD", word)
                                if not __import__("unicodedata").combining(c)).upper()
                self.assertIn(entry["id"], self.search(viewer, plain))
                return
        self.skipTest("no accented word in the sample")


class SiteReviewItems:
    """The site's review items hold no links (the fixture page's do, and TriageGestures drags
    over one there): on the site the check is that there is none a drag could follow, instead of
    a skip that would pass on nothing."""

    def test_a_drag_that_starts_on_a_link_does_not_follow_it(self):
        self.open(self.page_url())
        self.assertTrue(self.all("[data-triage][data-id]"), "the page has reviewable items")
        self.assertEqual([a.get_attribute("href") for a in self.all("[data-triage] a[href]")], [])


@unittest.skipUnless(SITE, SKIP)
class TriageOnTheQuoteReview(SiteReviewItems, test_triage.TriageGestures):
    def page_url(self):
        return uri(first_item_page("triage-quotes", "/review/quotes"))


@unittest.skipUnless(SITE, SKIP)
class TriageOnTheIdeaReview(SiteReviewItems, test_triage.TriageGestures):
    def page_url(self):
        return uri(first_item_page("triage-ideas", "review/ideas"))


@unittest.skipUnless(SITE, SKIP)
class IdeaPagingOnTheSite(BrowserTest):

    def test_the_overlay_pages_across_the_lists_pages_and_closes_to_the_list(self):
        pages = [p["path"] for p in pages_of("ideas-all")]
        first = pages_of("ideas-all")[0]
        viewer_pages = [p for p in pages if p.startswith(first["viewer"] + "/")]
        self.assertGreater(len(viewer_pages), 1, "the All list has more than one page")
        self.open(uri(viewer_pages[0]))
        self.js("localStorage.setItem('vantage.seen.idea', '1')")
        entries = self.all("[id^='idea-'][data-id]")
        last = entries[-1]
        last_id = last.get_attribute("data-id")
        card = last.find_element("css selector", "a[href^='#idea-']")
        self.js("arguments[0].scrollIntoView({block: 'center'})", card)
        scroll = self.js("return window.scrollY")
        card.click()
        shown = lambda d: d.execute_script(
            "var e = document.querySelector('[data-overlay-open]'); return e && e.getAttribute('data-id');")
        self.wait(lambda d: shown(d) == last_id, message="the overlay opens on the last idea of page 1")
        body = self.css("[data-overlay-body]")
        self.assertTrue(body.find_elements("css selector", "details"), "the full detail is in the overlay")
        rtl = self.js("return getComputedStyle(document.documentElement).direction") == "rtl"
        # Swiping towards the start of the line shows the next idea (mirrored in RTL).
        self.drag_to(body, 150 if rtl else -150, kind="touch", release=True)
        self.wait(lambda d: "page-2.html#idea-" in d.current_url, message="page 2")
        self.wait_ready()
        self.wait(lambda d: shown(d) is not None, message="the overlay on page 2")
        second = shown(self.driver)
        self.assertNotEqual(second, last_id)
        self.assertEqual(self.all("[id^='idea-'][data-id]")[0].get_attribute("data-id"), second)
        self.actions().send_keys("\ue014" if rtl else "\ue012").perform()  # the previous idea: page 1's last
        self.wait(lambda d: shown(d) == last_id and "page-2" not in d.current_url, message="back on page 1")
        self.actions().send_keys("\ue00c").perform()
        self.wait(lambda d: shown(d) is None, message="Escape closes")
        self.assertEqual(self.js("return document.querySelector(':target')"), None)
        self.assertNoConsoleErrors()


@unittest.skipUnless(SITE, SKIP)
class FirstVisitsOnTheSite(BrowserTest):

    def test_home_coach_marks_once_in_the_viewers_language(self):
        homes = pages_of("home")
        arabic = next((p for p in homes if 'lang="ar' in (SITE / p["path"]).read_text(encoding="utf-8")[:400]), None)
        for page in [homes[0]] + ([arabic] if arabic else []):
            with self.subTest(page=page["path"]):
                self.open(uri(page["path"]))
                self.wait(lambda d: d.execute_script(
                    "return !!document.querySelector('dialog[data-first-visit=\"home\"]')"), message="coach marks")
                text = self.css("dialog[data-first-visit] [data-coach-step]").text
                self.assertTrue(text.strip())
                if page is arabic:
                    self.assertRegex(text, "[\u0600-\u06ff]", "the coach marks speak the page's language")
                while True:
                    # Described by the step shown, in a polite live region (read out as Next shows it).
                    described = self.js(
                        "var d = document.querySelector('dialog[data-first-visit]');"
                        " var e = document.getElementById(d.getAttribute('aria-describedby'));"
                        " return e && d.contains(e) ? [e.textContent, (e.closest('[aria-live]') || {}).ariaLive] : null;")
                    shown = [s for s in self.all("dialog[data-first-visit] [data-coach-step]") if s.is_displayed()]
                    self.assertEqual(described, [shown[0].get_attribute("textContent"), "polite"])
                    if not self.css("[data-coach-next]").is_displayed():
                        break
                    self.css("[data-coach-next]").click()
                self.css("[data-coach-finish]").click()
                self.open(uri(page["path"]), fresh=False)
                self.frames(5)
                self.assertEqual(self.js("return document.querySelectorAll('dialog[data-first-visit]').length"), 0)

    def test_every_coach_mark_spotlights_something_on_screen(self):
        """At 390×844 Home's third step is about the Quotes menu, below the fold; at 844×390
        the second too. The page scrolls so that each step's spotlight is on screen."""
        home = pages_of("home")[0]["path"]
        try:
            for width, height in ((390, 844), (844, 390)):
                self.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                                            {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False})
                with self.subTest(size="%dx%d" % (width, height)):
                    self.open(uri(home))
                    self.wait(lambda d: d.execute_script(
                        "return !!document.querySelector('dialog[data-first-visit=\"home\"]')"), message="coach marks")
                    steps = self.all("dialog[data-first-visit] [data-coach-step]")
                    for index, step in enumerate(steps):
                        target = step.get_attribute("data-target")
                        spot, bubble, box = self.js("""
                            function rect(e) { var r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; }
                            var d = document.querySelector('dialog[data-first-visit]');
                            return [rect(d.querySelector('[data-coach-spot]')), rect(d.querySelector('[data-coach-bubble]')),
                                    rect(document.querySelector(arguments[0]))];""", target)
                        where = "step %d (%s)" % (index + 1, target)
                        self.assertTrue(spot[0] < width and spot[2] > 0 and spot[1] < height and spot[3] > 0,
                                        "%s: the spotlight %s is on screen" % (where, spot))
                        self.assertTrue(spot[0] <= box[0] and spot[1] <= box[1] and spot[2] >= box[2] and spot[3] >= box[3],
                                        "%s: the spotlight surrounds its target" % where)
                        self.assertGreaterEqual(box[1], 0, "%s: the target's top is on screen" % where)
                        self.assertTrue(bubble[1] >= 0 and bubble[3] <= height, "%s: the bubble is on screen" % where)
                        if index < len(steps) - 1:
                            self.css("[data-coach-next]").click()
                    self.css("[data-coach-finish]").click()
        finally:
            self.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                                        {"width": self.width, "height": self.height, "deviceScaleFactor": 1, "mobile": False})

    def test_the_index_opens_with_three_panels_once(self):
        self.open(uri("index.html"))
        self.wait(lambda d: d.execute_script(
            "return !!document.querySelector('dialog[data-first-visit=\"opening\"]')"), message="opening screens")
        self.assertEqual(len(self.all("[data-opening-panel]")), 3)
        for _ in range(2):
            self.drag_to(self.css("[data-opening-viewport]"), -160, kind="touch", release=True)
        self.wait(lambda d: self.css("[data-opening-start]").is_displayed(), message="the last panel")
        self.css("[data-opening-start]").click()
        self.open(uri("index.html"), fresh=False)
        self.frames(5)
        self.assertEqual(self.js("return document.querySelectorAll('dialog[data-first-visit]').length"), 0)


if __name__ == "__main__":
    unittest.main()
