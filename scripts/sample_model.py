"""The sample's data (scripts/sample-data/) and what it means: who has a home, who sees which
quote. make-sample-content.py deals the data out; this module reads it and describes the result
from the generator's side (who each record is about), never by parsing what was written: phones
and texts are checked by the real `vantage import`.
"""
from __future__ import annotations

import csv
import datetime as dt
import json
import re
from dataclasses import dataclass
from pathlib import Path
from zoneinfo import ZoneInfo

UTC = dt.timezone.utc


def read_tsv(path: Path) -> list[dict]:
    """Rows of a tab-separated file: `#` lines are comments, the first other line names the
    columns, an empty cell is None and `\\uXXXX` writes a character by its code (used for the
    combining accents of decomposed text, which are invisible on their own)."""
    lines = [line for line in path.read_text(encoding="utf-8").splitlines() if not line.startswith("#")]
    decode = lambda cell: re.sub(r"\\u([0-9a-fA-F]{4})", lambda m: chr(int(m.group(1), 16)), cell) if cell else None
    return [{k: decode(v) for k, v in row.items()} for row in csv.DictReader(lines, delimiter="\t", quoting=csv.QUOTE_NONE)]


def e164(p) -> str:
    return "+" + p["cc"] + p["nsn"]


def phone_styles(p, writer_country: str) -> list[str]:
    """Every way a writer in `writer_country` might type person p's number (each one written
    from p's own digits, so all stand for the same E.164 number)."""
    cc, n = p["cc"], p["nsn"]

    def groups(sizes):
        assert sum(sizes) == len(n), (n, sizes)
        starts = [sum(sizes[:i]) for i in range(len(sizes))]
        return [n[s:s + k] for s, k in zip(starts, sizes)]

    country = p["country"]
    if country == "US":
        a, b, c = n[:3], n[3:6], n[6:]
        national = [f"({a}) {b}-{c}", f"{a}.{b}.{c}", f"1-{a}-{b}-{c}", f"{a}-{b}-{c}", f"{a}{b}{c}", f"1 ({a}) {b}-{c}"]
        intl = [f"+1 {a} {b} {c}", f"+1{a}{b}{c}", f"+1 ({a}) {b}-{c}"]
        return national + intl if writer_country == "US" else intl + [f"001 {a} {b} {c}"]
    if country == "FR":
        g = " ".join(groups([1, 2, 2, 2, 2]))
        return [f"+33 {g}", f"+33{n}", f"0033 {g}", f"+33 {n[0]} {n[1:3]}.{n[3:5]}.{n[5:7]}.{n[7:]}"]
    if country == "GB":
        g = " ".join(groups([2, 4, 4] if n.startswith("20") else [4, 6]))
        return [f"+44 {g}", f"+44{n}", f"0044 {g}"]
    if country == "RU":
        a, b, c, d = n[:3], n[3:6], n[6:8], n[8:]
        return [f"+7 {a} {b}-{c}-{d}", f"+7 ({a}) {b}-{c}-{d}", f"+7{n}", f"+7 {a} {b} {c} {d}"]
    if country == "EG":
        return [f"+20 {' '.join(groups([2, 4, 4]))}", f"0020{n}", f"+20 {n[:3]} {n[3:6]} {n[6:]}"]
    if country == "SA":
        return [f"+966 {' '.join(groups([2, 3, 4]))}", f"00966{n}", f"+966{n}"]
    if country == "JP":
        g = groups([1, 4, 4] if len(n) == 9 else [2, 4, 4])
        return [f"+81 {'-'.join(g)}", f"+81 {' '.join(g)}", f"0081-{'-'.join(g)}", f"+81{n}"]
    if country == "BR":
        area, rest = n[:2], n[2:]
        head, tail = rest[:-4], rest[-4:]
        out = [f"+55 {area} {head}-{tail}", f"+55 ({area}) {head}-{tail}", f"0055 {area} {head} {tail}", f"+55{n}"]
        return out + [f"+55 {area} {rest[0]} {rest[1:5]}-{tail}"] if len(rest) == 9 else out
    raise ValueError(f"no phone styles for {country} ({cc})")


def iso(instant: dt.datetime, tz: str | None) -> str:
    """An ISO 8601 timestamp: `Z` when tz is None, else the offset in force in that zone."""
    if tz is None:
        return instant.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
    local = instant.astimezone(ZoneInfo(tz))
    total = int(local.utcoffset().total_seconds()) // 60
    hh, mm = divmod(abs(total), 60)
    return local.strftime("%Y-%m-%dT%H:%M:%S") + f"{'+' if total >= 0 else '-'}{hh:02d}:{mm:02d}"


def parse_iso(s: str) -> dt.datetime:
    """A timestamp of the data files (always with Z or an offset)."""
    return dt.datetime.fromisoformat(s.replace("Z", "+00:00"))


@dataclass
class Model:
    people: list[dict]        # people.tsv rows, each with q (Quotes row or None) and cj (Change Jar row or None)
    by_key: dict[str, dict]
    authors_without_account: dict[str, dict]
    nicknames: dict[tuple[str, str], str]
    address_book: list[dict]
    circles: dict
    pools: dict[str, list[str]]
    special_quotes: list[dict]
    ideas: dict
    review: dict
    site: dict

    @staticmethod
    def load(folder: Path) -> "Model":
        def load_json(name):
            return json.loads((folder / name).read_text(encoding="utf-8"))
        people = read_tsv(folder / "people.tsv")
        by_key = {p["key"]: p for p in people}
        for p in people:
            p["q"] = p["cj"] = None
        for app, file in (("q", "quotes-users.tsv"), ("cj", "changejar-users.tsv")):
            for row in read_tsv(folder / file):
                if row["key"] not in by_key:
                    raise SystemExit(f"{file}: {row['key']} is not in people.tsv")
                by_key[row["key"]][app] = row
        names = load_json("names.json")
        return Model(
            people=people, by_key=by_key,
            authors_without_account={a["key"]: a for a in read_tsv(folder / "idea-authors.tsv")},
            nicknames={(n["writer"], n["person"]): n["name"] for n in names["nicknames"]},
            address_book=names["addressBook"], circles=load_json("circles.json"),
            pools=load_json("quote-lines.json")["pools"], special_quotes=load_json("special-quotes.json")["quotes"],
            ideas=load_json("ideas.json"), review=load_json("review.json"), site=load_json("site.json"))

    def author(self, key: str) -> dict:
        """An idea author's email, name and zone (a Change Jar user, or one without an account)."""
        if key in self.authors_without_account:
            return self.authors_without_account[key]
        p = self.by_key[key]
        return {"email": p["cj"]["email"], "name": p["cj"]["name"], "timeZone": p["timeZone"]}

    def homes(self, quotes, ideas):
        """Everyone with a home, as the data intends them (Quotes users first, then Change Jar
        only, each in people.tsv order), and the contacts named in quotes (key → names recorded)."""
        homes = []
        for p in self.people:
            q, cj = p["q"], p["cj"]
            if not (q or cj):
                continue
            if q:
                by_phone = bool(cj and cj["phone"])
                by_email = bool(cj and q["email"] and cj["email"].lower() == q["email"].lower())
                link = ("phone+email" if by_email else "phone") if by_phone else ("email" if by_email else None)
                home = dict(key=p["key"], name=f"{q['firstName']} {q['lastName']}", phone=e164(p), email=None,
                            quotes=True, cj=bool(cj), locale=q["locale"], tz=q["timeZone"], link=link)
            else:
                home = dict(key=p["key"], name=cj["name"], phone=e164(p) if cj["phone"] else None,
                            email=cj["email"].lower(), quotes=False, cj=True, locale=cj["locale"], tz=cj["timeZone"],
                            link=None)
            home["last_visit"] = parse_iso(cj["lastVisitAt"]) if cj and cj["lastVisitAt"] else None
            homes.append(home)
        order = [h for h in homes if h["quotes"]] + [h for h in homes if not h["quotes"]]
        seen_by = {h["key"] for h in order if h["phone"]}
        contact_only = {}
        for quote in quotes:
            for key, contact in [(quote["_said"], quote["saidBy"])] + list(zip(quote["_heard"], quote["heardBy"])):
                if key not in seen_by:
                    contact_only.setdefault(key, []).append(contact["name"])
        for h in order:
            k = h["key"] if h["phone"] else None
            h["said"] = sum(1 for q in quotes if q["_said"] == k)
            h["heard"] = sum(1 for q in quotes if k in q["_heard"])
            h["visible"] = h["said"] + h["heard"]
            speakers = [q["_said"] for q in quotes if q["_said"] == k or k in q["_heard"]]
            h["top_contact_speaker"] = max([speakers.count(s) for s in set(speakers) if s in contact_only] or [0])
            h["mine"] = sum(1 for i in ideas if h["cj"] and i["_author"] == h["key"])
            h["new"] = sum(1 for i in ideas if not (h["cj"] and i["_author"] == h["key"])
                           and (h["last_visit"] is None or i["_instant"] > h["last_visit"]))
        return order, contact_only

    def require(self, homes, contact_only, quotes, ideas, store) -> None:
        """The brief's minimums, so that a change to the data cannot quietly weaken the sample."""
        page = self.site["pageSize"]
        texts = "".join(q["text"] for q in quotes)
        rules = [
            (len(homes) >= 30, f"{len(homes)} homes, want >= 30"),
            (sum(1 for h in homes if h["quotes"] and h["cj"]) * 2 > len(homes), "most people should be in both apps"),
            (any(h["quotes"] and not h["cj"] for h in homes), "someone only in Quotes"),
            (any(h["cj"] and not h["quotes"] for h in homes), "someone only in Change Jar"),
            (len(contact_only) >= 12, f"{len(contact_only)} contact-only people, want >= 12"),
            (len(quotes) >= 300, "want >= 300 quotes"),
            (len(ideas) >= 120, "want >= 120 ideas"),
            (sum(1 for h in homes if h["visible"] >= 45) >= 3, "want three viewers with 45+ quotes"),
            (sum(1 for h in homes if h["mine"] > page) >= 2, "want two authors with 2+ pages of ideas"),
            (any(h["last_visit"] is None and h["cj"] for h in homes), "want a never-visited Change Jar user"),
            (any(h["top_contact_speaker"] > page for h in homes),
             "want a contact-only speaker with 2+ pages of quotes for one viewer"),
            (any(h["said"] > page for h in homes), "want a viewer with 2+ pages of Said By"),
            (store["shortest"] == 1 and store["longest"] == 160, "want ideas of 1 and of 160 graphemes"),
            (len({i["showName"] for i in ideas}) == 2, "want ideas with and without the author's name"),
            (len({i["for"] for i in ideas}) == 2, "want ideas for self and for someone"),
            ("{{not a template}}" in texts, "want {{not a template}}"),
            (all(ch in texts for ch in "&<>\"'"), "want every character HTML escapes"),
            (len({h["locale"] for h in homes if h["locale"]}) >= 6, "want six locales"),
            (any(h["visible"] == 0 and h["quotes"] for h in homes), "want a Quotes user who sees nothing"),
            (sum(1 for h in homes if h["name"] == "Maria Silva") == 2, "want two Maria Silva"),
        ]
        failed = [msg for ok, msg in rules if not ok]
        if failed:
            raise SystemExit("sample does not meet the brief: " + "; ".join(failed))
