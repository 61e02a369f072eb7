#!/usr/bin/env python3
"""Generate Vantage's sample content (content/**) as the two apps would export it.

The people, phrases, circles and hand-placed records are data, in scripts/sample-data/; this
script deals them out with a fixed seed (no network, no wall clock) and writes pretty-printed
JSON (2-space indent, UTF-8, not ASCII-escaped), then content/README.md.

    swift build && python3 scripts/make-sample-content.py            # write content/
    python3 scripts/make-sample-content.py --out DIR --vantage BIN     # write DIR/ instead

The written files are checked by the real importer, not a re-implementation: the script runs
`vantage import` on them (any error or warning fails), then reads the store it made and holds it
to what the data says (the people with a home, who sees which quote, the idea lengths). The
README's figures come from the same two sources. Python's standard library only.
"""
from __future__ import annotations

import argparse
import collections
import datetime as dt
import json
import random
import shutil
import sqlite3
import string
import subprocess
import sys
import tempfile
from pathlib import Path
from zoneinfo import ZoneInfo

from sample_model import Model, e164, iso, parse_iso, phone_styles

SEED = 20260510
ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "scripts" / "sample-data"
UTC = dt.timezone.utc
START = dt.datetime(2025, 1, 4, 8, 0, tzinfo=UTC)
END = dt.datetime(2026, 5, 10, 9, 0, tzinfo=UTC)  # the last generated item; build is at 12:00Z


def stable_index(*parts: str, modulo: int) -> int:
    """An index that depends only on the parts (not on Python's per-run string hashing)."""
    h = 0
    for ch in "\x1f".join(parts):
        h = (h * 131 + ord(ch)) % 1_000_000_007
    return h % modulo


def random_instant(rng: random.Random, tz: str | None, recent_share: float = 0.25) -> dt.datetime:
    """Spread over 2025-2026, with a share in the last 60 days so that "new" counts vary; at a
    waking hour (7:00 to 23:59) in the writer's zone."""
    lo = START if rng.random() >= recent_share else END - dt.timedelta(days=60)
    while True:
        day = lo + dt.timedelta(seconds=rng.randrange(int((END - lo).total_seconds())))
        local = day.astimezone(ZoneInfo(tz or "UTC"))
        local = local.replace(hour=rng.randrange(7, 24), minute=rng.randrange(60),
                              second=rng.choice([0, 0, 0, rng.randrange(60)]))
        t = local.astimezone(UTC)
        if START <= t <= END:
            return t


class Pool:
    """Draws lines in a shuffled order, reshuffling when exhausted (so repeats are rare)."""

    def __init__(self, items, rng):
        self.items, self.rng, self.queue = list(items), rng, []

    def draw(self) -> str:
        if not self.queue:
            self.queue = self.items[:]
            self.rng.shuffle(self.queue)
        return self.queue.pop()


class Generator:
    """Deals the data out into export records. The order of the random draws is the sample:
    changing it changes every file."""

    def __init__(self, m: Model):
        self.m, self.rng = m, random.Random(SEED)
        special = {q["text"] for q in m.special_quotes}
        self.pools = {k: Pool([t for t in v if t not in special], self.rng) for k, v in m.pools.items()}

    # -- phones and names --------------------------------------------------------------------
    def write_phone(self, p, writer) -> str:
        """Person p's number as `writer` (a person) would type it."""
        styles = phone_styles(p, writer["country"])
        if self.rng.random() < 0.25:
            return self.rng.choice(styles)
        return styles[stable_index(writer["key"], p["key"], modulo=len(styles))]

    def own_phone(self, p) -> str:
        styles = phone_styles(p, p["country"])
        return p["q"]["phoneAsTyped"] or styles[stable_index(p["key"], modulo=len(styles))]

    def submitter_phone(self, p) -> str:
        # The app sends E.164 mostly; older builds sent what the user typed.
        return e164(p) if self.rng.random() < 0.7 else self.write_phone(p, p)

    def name_for(self, writer_key: str, p) -> str:
        if (writer_key, p["key"]) in self.m.nicknames:
            return self.m.nicknames[(writer_key, p["key"])]
        return p["name"] if writer_key == p["key"] else p["knownAs"]

    # -- quotes --------------------------------------------------------------------------------
    def pool_for(self, circle, speaker: str) -> str:
        c = self.m.circles
        if circle["key"] == "work":
            if speaker in c["workLapse"] and self.rng.random() < 0.3:
                return c["workLapse"][speaker]
            return "en_boss" if speaker == "linda" else "en_work"
        if speaker in c["speakerPool"]:
            return c["speakerPool"][speaker]
        if circle["key"] == "carter":
            return c["carterPool"]
        if circle["key"] == "brasil" or (speaker == "ana" and circle["lang"] == "pt"):
            return "pt"
        return c["circlePool"][circle["lang"]]

    def quote_record(self, text, said, heard, by, instant, zone):
        who, byp = self.m.by_key, self.m.by_key[by]
        return dict(
            _instant=instant, text=text,
            saidBy={"phone": self.write_phone(who[said], byp), "name": self.name_for(by, who[said])},
            heardBy=[{"phone": self.write_phone(who[h], byp), "name": self.name_for(by, who[h])} for h in heard],
            when=iso(instant, zone), submittedBy=self.submitter_phone(byp),
            _said=said, _heard=list(heard), _by=by)

    def random_quote(self, circle):
        rng, who = self.rng, self.m.by_key
        members, hub = circle["members"], circle["hub"]
        weights = [circle["speakerWeight"].get(m, 2 if m == hub else 1) for m in members]
        said = rng.choices(members, weights)[0]
        others = [m for m in members if m != said]
        k = min(len(others), rng.choice([1, 1, 1, 2, 2, 2, 3, 4]))
        heard = rng.sample(others, k)
        if hub and hub != said and hub not in heard and rng.random() < 0.85:
            heard.insert(rng.randrange(len(heard) + 1), hub)
        in_quote = [said] + heard
        registered = [m for m in in_quote if who[m]["q"]]
        outside = [m for m in members if who[m]["q"] and m not in in_quote]
        if registered and (rng.random() < 0.93 or not outside):
            heard_reg = [h for h in heard if who[h]["q"]]
            by = rng.choice(heard_reg) if heard_reg and rng.random() < 0.85 else rng.choice(registered)
        else:
            by = rng.choice(outside)
        text = self.pools[self.pool_for(circle, said)].draw()
        instant = random_instant(rng, who[by]["timeZone"])
        r = rng.random()
        zone = who[by]["timeZone"] if r < 0.65 else (None if r < 0.9 else who[said]["timeZone"])
        return self.quote_record(text, said, heard, by, instant, zone)

    def quotes(self):
        out = [self.random_quote(c) for c in self.m.circles["circles"] for _ in range(c["n"])]
        for s in self.m.special_quotes:
            out.append(self.quote_record(s["text"], s["said"], s["heard"], s["by"], parse_iso(s["at"]), s["writtenIn"]))
        return self.assign_ids(out, "q-{:04d}")

    def assign_ids(self, items, pattern):
        """Ids follow submission order, except a few late arrivals (ids out of time order)."""
        order = sorted(range(len(items)), key=lambda i: (items[i]["_instant"], i))
        ids = [pattern.format(n + 1) for n in range(len(items))]
        for _ in range(6):
            a = self.rng.randrange(len(ids) - 6)
            b = a + self.rng.randrange(1, 6)
            ids[a], ids[b] = ids[b], ids[a]
        for rank, i in enumerate(order):
            items[i]["id"] = ids[rank]
        items.sort(key=lambda it: it["id"])
        return items

    def contacts(self, quotes):
        """Address books: some of the people each submitter recorded, plus the fixed entries."""
        pairs = list(dict.fromkeys((q["_by"], p) for q in quotes for p in [q["_said"]] + q["_heard"] if p != q["_by"]))
        entries = {}
        for owner, p in pairs:
            if self.rng.random() < 0.45:
                entries[(owner, p)] = self.name_for(owner, self.m.by_key[p])
        for e in self.m.address_book:
            entries[(e["owner"], e["person"])] = e["name"]
        order = {p["key"]: i for i, p in enumerate(self.m.people)}
        out = []
        for (owner, p), name in sorted(entries.items(), key=lambda kv: (order[kv[0][0]], kv[1], order[kv[0][1]])):
            o = self.m.by_key[owner]
            out.append({"owner": e164(o) if self.rng.random() < 0.6 else self.own_phone(o),
                        "phone": self.write_phone(self.m.by_key[p], o), "name": name})
        return out

    # -- ideas -----------------------------------------------------------------------------------
    def ideas(self):
        rng, spec = self.rng, self.m.ideas
        drafts = []
        for lang, lists in spec["ideas"].items():
            left = dict(spec["quotas"][lang]["authors"])
            pinned, free = [], []
            for for_ in ("self", "someone"):
                for text in lists[for_]:
                    author = spec["authorPins"].get(text)
                    if author is None:
                        free.append((for_, text))
                        continue
                    if left.get(author, 0) > 0:
                        left[author] -= 1
                    pinned.append((author, for_, text))
            authors = [a for a, n in left.items() for _ in range(n)]
            while len(authors) < len(free):
                authors.append(rng.choice(spec["quotas"][lang]["fillers"]))
            authors = authors[:len(free)]
            rng.shuffle(authors)
            drafts += pinned + [(a, f, t) for a, (f, t) in zip(authors, free)]
        drafts += [(s["author"], s["for"], s["text"], s["showName"]) for s in spec["special"]]
        out = []
        for d in drafts:
            key, for_, text = d[:3]
            show = d[3] if len(d) > 3 else rng.random() < spec["showName"].get(key, 0.6)
            a = self.m.author(key)
            instant = random_instant(rng, a["timeZone"], recent_share=0.3)
            zone = None if rng.random() < 0.65 else a["timeZone"]
            email = a["email"].lower() if rng.random() < 0.2 else a["email"]
            # Ben's ideas from before June 2025 carry the name he had in Settings back then.
            name = "Ben C." if key == "ben" and instant < dt.datetime(2025, 6, 1, tzinfo=UTC) else a["name"]
            out.append(dict(_instant=instant, _author=key, text=text, submittedAt=iso(instant, zone),
                            author={"email": email, "name": name}, showName=show, **{"for": for_}))
        self.pin_idea_times(out)
        return self.assign_ids(out, "idea-{:04d}")

    @staticmethod
    def pin_idea_times(ideas):
        def pin(key, at, zone):
            idea = next(i for i in ideas if i["_author"] == key)
            idea["_instant"] = parse_iso(at)
            idea["submittedAt"] = at if zone is None else iso(idea["_instant"], zone)
        # Emily's lastVisitAt is exactly this instant (written with another offset): not new to her.
        pin("kate", "2026-04-20T16:15:00Z", None)
        # Two ideas at the same instant, on different calendar days in their writers' zones.
        pin("sean", "2026-03-14T15:09:26Z", "Europe/London")
        pin("yuki", "2026-03-14T15:09:26Z", "Asia/Tokyo")
        # The newest idea, a little before Tom's last visit (he has nothing new).
        pin("joao", "2026-05-10T08:45:00Z", "America/Sao_Paulo")

    # -- users and reviews -----------------------------------------------------------------------
    def changejar_users(self):
        fields = ("email", "name", "lastVisitAt", "locale", "timeZone", "phone")
        return [{f: p["cj"][f] for f in fields if p["cj"][f] is not None} for p in self.m.people if p["cj"]]

    def quotes_users(self):
        out = []
        for p in (p for p in self.m.people if p["q"]):
            if p["cj"] and p["cj"]["phone"] == self.own_phone(p):
                sys.exit(f"{p['key']}: write the two apps' phones differently")
            q = p["q"]
            u = {"phone": self.own_phone(p), **{f: q[f] for f in ("firstName", "lastName", "locale", "timeZone")}}
            if q["email"]:
                u["email"] = q["email"]
            out.append(u)
        return out

    def review(self, ideas, quotes):
        """The review file, each item's text replaced by the id it got."""
        spec = self.m.review
        decisions = []
        for d in spec["decisions"]:
            kind = "idea" if "idea" in d else "quote"
            items = ideas if kind == "idea" else quotes
            found = next((i["id"] for i in items if i["text"] == d[kind]), None)
            if found is None:
                sys.exit(f"review.json: no {kind} with the text {d[kind]!r}")
            decisions.append({"item": found, **{k: v for k, v in d.items() if k != kind}})
        return {"reviewer": spec["reviewer"], "exportedAt": spec["exportedAt"], "decisions": decisions}


def exported(items):
    """The export's records: `id` first, then the fields in DATA.md's order, no private keys."""
    return [{"id": it["id"], **{k: v for k, v in it.items() if not k.startswith("_") and k != "id"}} for it in items]


def write_json(path: Path, value) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(value, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")


def generate(m: Model, out: Path):
    g = Generator(m)
    quotes = g.quotes()
    ideas = g.ideas()
    contacts = g.contacts(quotes)
    files = {
        "site.json": m.site,
        "changejar/users.json": {"users": g.changejar_users()},
        "changejar/ideas.json": {"ideas": exported(ideas)},
        "quotes/export.json": {"users": g.quotes_users(), "quotes": exported(quotes), "contacts": contacts},
        "reviews/board-may.json": g.review(ideas, quotes),
    }
    for name, value in files.items():
        write_json(out / name, value)
    return quotes, ideas, files


def import_with_vantage(vantage: Path, content: Path, store: Path) -> None:
    """The real importer is the validator: it must accept every file without a warning."""
    if not vantage.is_file():
        sys.exit(f"{vantage} not found: run swift build first (or pass --vantage)")
    run = subprocess.run([str(vantage), "import", "--content", str(content), "--db", str(store)],
                         capture_output=True, text=True)
    if run.returncode != 0 or run.stderr.strip():
        sys.exit(f"vantage import rejected the sample (exit {run.returncode}):\n{run.stderr}")


def stored(store: Path) -> dict:
    """What the importer made of the sample: each person with a home (by phone or email) and the
    quotes they see, the contacts in quotes, and the ideas' lengths in grapheme clusters."""
    db = sqlite3.connect(f"file:{store}?mode=ro", uri=True)
    homes = {}
    for phone, email, seen in db.execute(
            "SELECT phone, email, (SELECT count(*) FROM visible_quote v WHERE v.viewer_id = p.id) FROM person p "
            "WHERE quotes_user OR changejar_user"):
        homes[phone or email] = seen
    contacts = db.execute(
        "SELECT count(*) FROM person p WHERE NOT (quotes_user OR changejar_user) AND (p.id IN "
        "(SELECT said_by FROM quote) OR p.id IN (SELECT person_id FROM hearer))").fetchone()[0]
    lengths = db.execute("SELECT min(text_length), max(text_length) FROM idea").fetchone()
    counts = {t: db.execute(f"SELECT count(*) FROM {t}").fetchone()[0] for t in ("quote", "idea", "review")}
    db.close()
    return dict(homes=homes, contact_only=contacts, shortest=lengths[0], longest=lengths[1], counts=counts)


def compare(homes, contact_only, quotes, ideas, reviews, store: dict) -> None:
    """The store must hold what the data means: a mismatch is a mistake in the data (a phone
    that links the wrong person, a quote shown to the wrong viewer)."""
    wanted = {h["phone"] or h["email"]: h["visible"] for h in homes}
    problems = [f"{k}: the data says {wanted.get(k)} visible quotes, the store {store['homes'].get(k)}"
                for k in sorted(set(wanted) | set(store["homes"]), key=str) if wanted.get(k) != store["homes"].get(k)]
    if len(contact_only) != store["contact_only"]:
        problems.append(f"{len(contact_only)} contact-only people in the data, {store['contact_only']} in the store")
    decided = len({d["item"] for d in reviews["decisions"]})  # the latest decision per item is kept
    if store["counts"] != {"quote": len(quotes), "idea": len(ideas), "review": decided}:
        problems.append(f"stored {store['counts']}, generated {len(quotes)} quotes, {len(ideas)} ideas and "
                        f"decisions on {decided} items")
    if problems:
        sys.exit("the store differs from the data:\n  " + "\n  ".join(problems))


def write_readme(m: Model, out: Path, files, homes, contact_only, quotes, ideas, store) -> None:
    page = m.site["pageSize"]
    both = [h for h in homes if h["quotes"] and h["cj"]]
    links = collections.Counter(h["link"] for h in both)
    export = files["quotes/export.json"]

    def row(h):
        apps = "both" if h["quotes"] and h["cj"] else ("Quotes" if h["quotes"] else "Change Jar")
        return (f"| {h['name']} | {apps} | {h['link'] or '—'} | {h['locale'] or '(default)'} | {h['tz'] or '(default)'} "
                f"| {h['visible']} ({h['said']}/{h['heard']}) | {h['mine']} | {h['new']} | "
                f"{'never' if h['last_visit'] is None else 'yes'} |")

    for_someone = sum(1 for i in ideas if i["for"] == "someone")
    values = dict(
        region=m.site["defaultRegion"], page_size=page, build_date=m.site["buildDate"],
        cj_users=len(files["changejar/users.json"]["users"]), ideas=len(ideas),
        anonymous=sum(1 for i in ideas if not i["showName"]), for_someone=for_someone,
        for_self=len(ideas) - for_someone, shortest=store["shortest"], longest=store["longest"],
        quotes_users=len(export["users"]), quotes=len(quotes), contacts=len(export["contacts"]),
        decisions=len(files["reviews/board-may.json"]["decisions"]), homes=len(homes), both=len(both),
        links=", ".join(f"{k}: {v}" for k, v in sorted(links.items())),
        quotes_only=sum(1 for h in homes if h["quotes"] and not h["cj"]),
        changejar_only=sum(1 for h in homes if h["cj"] and not h["quotes"]),
        contact_only=len(contact_only),
        locales=", ".join(sorted({h["locale"] for h in homes if h["locale"]})),
        zones=", ".join(sorted({h["tz"] for h in homes if h["tz"]})),
        multi_page=sum(1 for h in homes if h["visible"] > page), many=sum(1 for h in homes if h["visible"] >= 45),
        home_rows="\n".join(row(h) for h in homes),
        contact_only_rows="\n".join("- " + ", ".join(dict.fromkeys(n)) + f" ({len(n)} mentions)"
                                    for n in contact_only.values()))
    template = string.Template((DATA / "README.template.md").read_text(encoding="utf-8"))
    (out / "README.md").write_text(template.substitute(values), encoding="utf-8")


def main(argv) -> None:
    args = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    args.add_argument("--out", type=Path, default=ROOT / "content", help="the content folder to write (default: content)")
    args.add_argument("--vantage", type=Path, default=ROOT / ".build" / "debug" / "vantage",
                      help="the vantage executable that checks the result (default: .build/debug/vantage)")
    options = args.parse_args(argv)
    m = Model.load(DATA)
    with tempfile.TemporaryDirectory() as scratch:
        # Written and checked in a scratch folder: the output changes only once all is well, and
        # the importer sees the generated files alone (not what else is in content/).
        content, store_path = Path(scratch) / "content", Path(scratch) / "store.sqlite"
        quotes, ideas, files = generate(m, content)
        homes, contact_only = m.homes(quotes, ideas)
        import_with_vantage(options.vantage, content, store_path)
        store = stored(store_path)
        compare(homes, contact_only, quotes, ideas, files["reviews/board-may.json"], store)
        m.require(homes, contact_only, quotes, ideas, store)
        write_readme(m, content, files, homes, contact_only, quotes, ideas, store)
        for name in [*files, "README.md"]:
            target = options.out / name
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(content / name, target)
    print(f"ok: {len(homes)} homes, {len(contact_only)} contact-only, {len(quotes)} quotes, {len(ideas)} ideas")


if __name__ == "__main__":
    main(sys.argv[1:])
