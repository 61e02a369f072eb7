"""The review round trip, end to end: gestures on a site built from the sample
content, the downloaded reviews file put in content/reviews/, `vantage build`
again, and the review report showing every decision.

Needs the built `vantage` (VANTAGE_BIN, else .build/debug/vantage, which
scripts/test builds first); skipped without it."""

import json
import pathlib
import shutil
import tempfile
import time
import unittest

from support import BIN, REPO, BrowserTest, build_site

READY = BIN.is_file() and (REPO / "content").is_dir() and (REPO / "templates").is_dir()
REVIEWER = "Browser round trip"


@unittest.skipUnless(READY, "needs the built vantage binary and the sample content")
class ReviewRoundTrip(BrowserTest):

    def setUp(self):
        super().setUp()
        self.work = pathlib.Path(tempfile.mkdtemp(prefix="vantage-roundtrip-"))
        shutil.copytree(REPO / "content", self.work / "content")
        self.addCleanup(shutil.rmtree, self.work, True)
        for stale in self.downloads.glob("*"):
            stale.unlink()

    def build(self):
        build_site(self.work / "content", self.work / "public", self.work / "store.sqlite")

    def page(self, path):
        return (self.work / "public" / path).as_uri()

    def open_sheets(self):
        return [s.get_attribute("data-sheet") for s in self.all('[role="dialog"]') if s.is_displayed()]

    def triage(self, dx, option=None):
        """Triages the first item still showing; returns its id."""
        item = [i for i in self.all("[data-triage][data-id]") if i.is_displayed()][0]
        item_id = item.get_attribute("data-id")
        self.drag_to(item, dx, kind="touch", release=True)
        if option:
            self.wait(lambda d: self.open_sheets(), message="a sheet")
            self.css('[role="dialog"]:not([hidden]) ' + option).click()
        self.wait(lambda d: not item.is_displayed(), message="%s hides" % item_id)
        return item_id

    def test_gestures_download_build_report(self):
        self.build()
        report_before = (self.work / "public" / "reviews.html").read_text(encoding="utf-8") \
            if (self.work / "public" / "reviews.html").exists() else ""
        self.assertNotIn(REVIEWER, report_before)

        self.open(self.page("review/ideas.html"))
        self.css("[data-reviewer]").send_keys(REVIEWER)
        expected = {
            self.triage(120): ("archive", None),
            self.triage(-120, '[data-until="+1m"]'): ("later", None),
            self.triage(300): ("delete", None),
        }
        manifest = json.loads((self.work / "public" / "manifest.json").read_text(encoding="utf-8"))
        quote_pages = [p["path"] for p in manifest["pages"] if p["kind"] == "triage-quotes" and "/review/quotes" in p["path"]]
        quote_page = next(p for p in quote_pages
                          if 'data-triage=""' in (self.work / "public" / p).read_text(encoding="utf-8"))
        self.open(self.page(quote_page), fresh=False)
        self.assertEqual(self.css("[data-reviewer]").get_attribute("value"), REVIEWER, "the name is remembered")
        expected[self.triage(-300, '[data-list="Q3 roadmap"]')] = ("list", "Q3 roadmap")

        self.css("[data-review-download]").click()
        self.wait(lambda d: [p for p in self.downloads.glob("*.json")], message="the reviews file")
        time.sleep(0.3)
        downloaded = next(self.downloads.glob("*.json"))
        document = json.loads(downloaded.read_text(encoding="utf-8"))
        self.assertEqual(document["reviewer"], REVIEWER)
        self.assertEqual({d["item"]: d["action"] for d in document["decisions"]},
                         {item: action for item, (action, _) in expected.items()})
        shutil.move(str(downloaded), str(self.work / "content" / "reviews" / downloaded.name))

        self.build()
        self.open(self.page("reviews.html"), fresh=False)
        for item, (action, list_name) in expected.items():
            with self.subTest(item=item):
                entry = self.css('.reviewed-item[data-id="%s"]' % item)
                mine = [d for d in entry.find_elements("css selector", ".decision")
                        if d.find_element("css selector", ".reviewer").text == REVIEWER]
                self.assertEqual(len(mine), 1, "one decision of this reviewer")
                self.assertIn("decision-" + action, mine[0].get_attribute("class"))
                if list_name:
                    self.assertIn(list_name, mine[0].text)
        self.assertIn("Q3 roadmap", self.css("body").text)
        # Decisions review the data; they do not edit it: the items are still listed.
        site = (self.work / "public" / "review" / "ideas.html").read_text(encoding="utf-8")
        for item, (action, _) in expected.items():
            if action != "list":
                self.assertIn('data-id="%s"' % item, site)
        self.assertNoConsoleErrors()


if __name__ == "__main__":
    unittest.main()
