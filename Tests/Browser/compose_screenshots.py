"""Screenshots of the compose screens for the README: Submit Idea and Add Quote, in English
and in Arabic (right to left), at 390×844.

    python3 Tests/Browser/compose_screenshots.py PUBLIC_DIR [--out docs]

PUBLIC_DIR is a site built from the sample content (`vantage build --out PUBLIC_DIR`).
Written: compose-idea.png, compose-quote.png, compose-idea-ar.png, compose-quote-ar.png.
"""

import argparse
import pathlib
import sys
import unittest

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from selenium.webdriver.common.keys import Keys  # noqa: E402

from support import BrowserTest, REPO  # noqa: E402

SHOTS = [
    # viewer, suffix, idea text, quote text, SAID typed, HEARD typed
    ("ana-lima", "", "Walk to work on Fridays, and take the long way round the park",
     "The build is green. Ship it before lunch!", "lea", ["ben", "ma"]),
    ("ahmd-hsn", "-ar", "أمشي إلى العمل كل يوم جمعة", "القهوة أولاً، ثم العالم.", "", [""]),
]


class Shooter(BrowserTest):
    reduced_motion = True
    site = None
    out = REPO / "docs"

    def page(self, path):
        return (self.site / path).as_uri()

    def runTest(self):
        self.out.mkdir(parents=True, exist_ok=True)
        for viewer, suffix, idea, quote, said, heard in SHOTS:
            self.open(self.page(viewer + "/ideas/submit.html"))
            self.css("#idea-text").send_keys(idea)
            self.css('input[name="for"][value="someone"]').click()
            self.js("window.scrollTo(0, 0)")
            path = self.out / ("compose-idea%s.png" % suffix)
            self.driver.save_screenshot(str(path))
            print(path)

            self.open(self.page(viewer + "/quotes/add.html"))
            self.css("#quote-text").send_keys(quote)
            self.css("[data-quote-it]").click()
            field = self.css("#said-input")
            field.send_keys(said)
            field.send_keys(Keys.ARROW_DOWN, Keys.ENTER)
            field = self.css("#heard-input")
            for typed in heard[:-1]:
                field.send_keys(typed)
                field.send_keys(Keys.ARROW_DOWN, Keys.ENTER)
            field.send_keys(heard[-1])
            if not heard[-1]:
                field.send_keys(Keys.ARROW_DOWN, Keys.ENTER)
                field.send_keys(Keys.ARROW_DOWN)
            self.js("document.querySelector('[data-compose-step=review]').scrollIntoView({block: 'start'});"
                    "window.scrollBy(0, -60)")
            path = self.out / ("compose-quote%s.png" % suffix)
            self.driver.save_screenshot(str(path))
            print(path)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("site", help="a built site (public/)")
    parser.add_argument("--out", default=str(REPO / "docs"))
    args = parser.parse_args()
    Shooter.site = pathlib.Path(args.site).resolve()
    Shooter.out = pathlib.Path(args.out)
    result = unittest.TextTestRunner(verbosity=0).run(unittest.defaultTestLoader.loadTestsFromTestCase(Shooter))
    sys.exit(0 if result.wasSuccessful() else 1)


if __name__ == "__main__":
    main()
