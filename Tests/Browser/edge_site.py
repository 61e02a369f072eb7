"""A build of the sample content with names that strain the pages: a Quotes user renamed to
a very long word ("Hubert Wolfeschlegelsteinhausenbergerdorff"), another to a 40-letter
token, an address-book name that starts with a right-to-left override (U+202E), and more
with direction controls or right-to-left scripts (CONTROL_NAMES). Built
once per test run with the real `vantage` (VANTAGE_BIN, else .build/debug/vantage) into a
temporary folder, removed at exit."""

import atexit
import json
import pathlib
import shutil
import tempfile

from support import REPO, build_site
from test_compose import READY

LONG_WORD = "Wolfeschlegelsteinhausenbergerdorff"
TOKEN = "Q" * 40
OVERRIDE_NAME = "\u202eDona Cida"  # in Ana Lima's address book
# More of Ana Lima's contacts, named with what the compose script once decided by rules of its
# own (the build's: a stray U+2069 opened, a stray U+202C kept, Yezidi and Old Hungarian right
# to left), each with the form the build writes into an English sentence.
CONTROL_NAMES = {
    "Zoe\u2069 Park": "\u2068Zoe\u2069 Park",
    "x\u202cy": "x\u202cy",
    "\U00010e80\U00010e81\U00010e82": "\u2068\U00010e80\U00010e81\U00010e82\u2069",
    "\U00010c80\U00010c81\U00010c82": "\u2068\U00010c80\U00010c81\U00010c82\u2069",
}

_built = {}


def edge_site():
    """The public/ folder of the edge build (built on first use)."""
    if "public" in _built:
        return _built["public"]
    work = pathlib.Path(tempfile.mkdtemp(prefix="vantage-edge-"))
    atexit.register(shutil.rmtree, work, True)
    shutil.copytree(REPO / "content", work / "content")
    export = work / "content" / "quotes" / "export.json"
    data = json.loads(export.read_text(encoding="utf-8"))
    renamed = {"Ben": ("Hubert", LONG_WORD), "Grace": (TOKEN, "Carter")}
    for user in data["users"]:
        if user["firstName"] in renamed:
            user["firstName"], user["lastName"] = renamed[user["firstName"]]
    for contact in data["contacts"]:
        if contact["name"] == "Dona Cida":
            contact["name"] = OVERRIDE_NAME
    ana = next(user["phone"] for user in data["users"] if (user["firstName"], user["lastName"]) == ("Ana", "Lima"))
    for number, name in enumerate(CONTROL_NAMES):
        data["contacts"].append({"owner": ana, "phone": "+1 415 555 019%d" % number, "name": name})
    export.write_text(json.dumps(data, ensure_ascii=False, indent=2), encoding="utf-8")
    build_site(work / "content", work / "public", work / "store.sqlite", what="vantage build of the edge content")
    _built["public"] = work / "public"
    return _built["public"]


def pages(public):
    return json.loads((public / "manifest.json").read_text(encoding="utf-8"))["pages"]


__all__ = ["READY", "LONG_WORD", "TOKEN", "OVERRIDE_NAME", "CONTROL_NAMES", "edge_site", "pages"]
