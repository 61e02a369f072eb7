"""Screenshots of triage drags in progress (green, red, yellow, brown) for the README.

    python3 Tests/Browser/screenshots.py [REVIEW_PAGE_URL_OR_PATH] [--out docs]

Without a page it uses the fixture review page; give a built site's review
page (public/<viewer>/review/ideas.html, say) for the real look. Each shot is
taken at 390×844 with a touch still pressed on the second item.
"""

import argparse
import pathlib
import sys
import unittest

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from support import BrowserTest, REPO, fixture_url  # noqa: E402

SHOTS = [("green", 120), ("red", 290), ("yellow", -120), ("brown", -290)]


class Shooter(BrowserTest):
    url = fixture_url("review.html")
    out = REPO / "docs"

    def runTest(self):
        self.out.mkdir(parents=True, exist_ok=True)
        for name, dx in SHOTS:
            self.open(self.url)
            self.js("document.querySelectorAll('[data-first-visit]').forEach(function (d) { d.remove(); })")
            items = [i for i in self.all("[data-triage][data-id]") if i.is_displayed()]
            item = items[1] if len(items) > 1 else items[0]
            self.js("arguments[0].scrollIntoView({block: 'center'})", item)
            self.drag_to(item, dx, kind="touch")
            path = self.out / ("triage-%s.png" % name)
            self.driver.save_screenshot(str(path))
            self.release_pointer()
            print(path)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("page", nargs="?", help="review page URL or file path")
    parser.add_argument("--out", default=str(REPO / "docs"))
    args = parser.parse_args()
    if args.page:
        Shooter.url = args.page if "://" in args.page else pathlib.Path(args.page).resolve().as_uri()
    Shooter.out = pathlib.Path(args.out)
    result = unittest.TextTestRunner(verbosity=0).run(unittest.defaultTestLoader.loadTestsFromTestCase(Shooter))
    sys.exit(0 if result.wasSuccessful() else 1)


if __name__ == "__main__":
    main()
