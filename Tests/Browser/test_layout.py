"""Layout at a phone's width (390 px) in every shipped language, on a built site
(VANTAGE_SITE): the review bar's labels and buttons keep their words on one line
(issue 11: "決定済み: 0" broke one character per line in Japanese) and nothing in
the bar is wider than the screen. Skipped when VANTAGE_SITE is not set."""

import re
import unittest

from support import BrowserTest, read_json, site_dir

SITE = site_dir()
LANGUAGES = ["en", "fr", "ru", "ar", "ja", "pt-BR"]


def review_page(language):
    """A person's quotes review page in `language` (the page's lang is it or a region of it)."""
    for page in read_json(SITE / "manifest.json")["pages"]:
        if "/review/quotes" not in page["path"]:
            continue
        head = (SITE / page["path"]).read_text(encoding="utf-8")[:400]
        match = re.search(r'<html[^>]* lang="([^"]+)"', head)
        lang = match.group(1) if match else ""
        if lang == language or lang.split("-")[0] == language and language != "pt-BR":
            return page["path"]
    return None


@unittest.skipUnless(SITE, "set VANTAGE_SITE to a built public/ folder")
class PhoneWidthLayout(BrowserTest):
    width = 390

    def lines_of(self, element):
        """How many lines the element's text takes (distinct tops of its text's line boxes)."""
        return self.js("""
            var range = document.createRange(); range.selectNodeContents(arguments[0]);
            var tops = [];
            Array.prototype.forEach.call(range.getClientRects(), function (rect) {
              if (rect.width < 1) return;
              var top = Math.round(rect.top);
              if (tops.every(function (t) { return Math.abs(t - top) > 3; })) tops.push(top);
            });
            return tops.length;""", element)

    def test_review_bar_keeps_its_labels_whole_in_every_language(self):
        for language in LANGUAGES:
            path = review_page(language)
            self.assertIsNotNone(path, "the site has no review page in %s" % language)
            with self.subTest(language=language, page=path):
                self.open((SITE / path).as_uri())
                bar = self.css("[data-review-bar]")
                self.wait(lambda _: bar.is_displayed(), message="the review bar is shown by its script")
                self.assertEqual(self.js("return window.innerWidth"), self.width)
                count = self.css(".review-count")
                self.assertEqual(self.lines_of(count), 1, "%s: '%s' breaks across lines" % (language, count.text))
                for button in bar.find_elements("css selector", "button"):
                    self.assertLessEqual(self.lines_of(button), 2, "%s: button '%s'" % (language, button.text))
                    # No button narrower than its longest word.
                    self.assertLessEqual(
                        self.js("return arguments[0].scrollWidth - arguments[0].clientWidth", button), 0,
                        "%s: button '%s' overflows" % (language, button.text))
                overflow = self.js("""
                    var bar = arguments[0], right = document.documentElement.clientWidth;
                    return Array.prototype.filter.call(bar.querySelectorAll('*'), function (e) {
                      var box = e.getBoundingClientRect(); return box.width > 0 && (box.right > right + 0.5 || box.left < -0.5);
                    }).map(function (e) { return e.className || e.tagName; });""", bar)
                self.assertEqual(overflow, [], "%s: wider than the screen" % language)


if __name__ == "__main__":
    unittest.main()
