#!/usr/bin/env python3
"""Generate Vantage's sample content (content/**) as the two apps would export it.

Deterministic: a fixed seed, hand-written people and phrases, no network, no wall clock.
Every file is pretty-printed JSON (2-space indent, UTF-8, not ASCII-escaped).

    python3 scripts/make-sample-content.py            # write content/ and check it
    python3 scripts/make-sample-content.py --check    # only check what is in content/

The check reads the written files back and validates them against DATA.md's rules:
required fields, timestamps with offsets, idea texts of 1..160 grapheme clusters,
saidBy exactly one contact, heardBy one or more, every phone normalisable (by DATA.md's
rule, cross-checked with the `phonenumbers` package), no two people on one number.

Needs `pip install phonenumbers regex`.
"""
from __future__ import annotations

import datetime as dt
import json
import random
import sys
import unicodedata
from pathlib import Path
from zoneinfo import ZoneInfo

try:
    import phonenumbers
    import regex
except ImportError:  # pragma: no cover - a hint rather than a traceback
    sys.exit("make-sample-content.py needs: pip install phonenumbers regex")

SEED = 20260510
ROOT = Path(__file__).resolve().parent.parent
CONTENT = ROOT / "content"
BUILD_DATE = "2026-05-10T12:00:00Z"
UTC = dt.timezone.utc
START = dt.datetime(2025, 1, 4, 8, 0, tzinfo=UTC)
END = dt.datetime(2026, 5, 10, 9, 0, tzinfo=UTC)  # the last generated item; build is at 12:00Z

# --------------------------------------------------------------------------------------------
# People. `cc`/`nsn`: country calling code and national significant number of the phone.
# `q`: the Quotes registration, `cj`: the Change Jar registration (None when not registered).
# --------------------------------------------------------------------------------------------

def person(key, name, country, cc, nsn, lang, tz, known_as, q=None, cj=None, contact_only=False):
    return dict(key=key, name=name, country=country, cc=cc, nsn=nsn, lang=lang, tz=tz,
                known_as=known_as, q=q, cj=cj, contact_only=contact_only)


def Q(first, last, locale, tz, email=None):
    return dict(firstName=first, lastName=last, locale=locale, timeZone=tz, email=email)


def CJ(email, name, last_visit=None, locale=None, tz=None, phone=None):
    """`phone` is True to write the person's phone (in some style) or a literal written form."""
    return dict(email=email, name=name, lastVisitAt=last_visit, locale=locale, timeZone=tz,
                phone=phone)


LA, NY, CHI = "America/Los_Angeles", "America/New_York", "America/Chicago"
LON, PAR, MOW, YEK = "Europe/London", "Europe/Paris", "Europe/Moscow", "Asia/Yekaterinburg"
CAI, RUH, TYO, SAO, MAO = "Africa/Cairo", "Asia/Riyadh", "Asia/Tokyo", "America/Sao_Paulo", "America/Manaus"

PEOPLE = [
    # --- United States ----------------------------------------------------------------------
    person("ana", "Ana Lima", "US", "1", "4155550100", "en", LA, "Ana",
           q=Q("Ana", "Lima", "en-US", LA, email="ana.lima@example.com"),
           cj=CJ("Ana.Lima@Example.com", "Ana Lima", "2026-05-02T08:10:00-07:00", "pt-BR", SAO)),
    person("ben", "Ben Carter", "US", "1", "2125550147", "en", NY, "Ben",
           q=Q("Ben", "Carter", "en-US", NY),
           cj=CJ("ben.carter@example.com", "Benjamin Carter", "2026-04-28T21:30:00-04:00", "en-US", NY,
                 phone="+1 212 555 0147")),
    person("grace", "Grace Carter", "US", "1", "2125550148", "en", NY, "Grace",
           q=Q("Grace", "Carter", "en-US", NY)),
    person("kate", "Katherine Morgan", "US", "1", "3125550175", "en", CHI, "Kate",
           q=Q("Katherine", "Morgan", "en-US", CHI),
           cj=CJ("kmorgan@example.org", "Kate Morgan", "2026-03-15T18:05:00-05:00", "en-US", CHI,
                 phone="1-312-555-0175")),
    person("daniel", "Daniel Okafor", "US", "1", "2135550162", "en", LA, "Danny O.",
           cj=CJ("daniel.okafor@example.net", "Daniel Okafor", None, "en-US", LA,
                 phone="+1 (213) 555-0162")),
    person("priya", "Priya Raman", "US", "1", "6465550133", "en", NY, "Priya",
           q=Q("Priya", "Raman", "en-US", NY, email="priya.raman@example.com"),
           cj=CJ("PRIYA.RAMAN@EXAMPLE.COM", "Priya Raman", "2026-05-09T07:45:00-04:00", "en-US", NY,
                 phone="6465550133")),
    person("marcus", "Marcus Lee", "US", "1", "4155550188", "en", LA, "Marcus",
           q=Q("Marcus", "Lee", "en-US", LA)),
    person("tom", "Tom Nguyen", "US", "1", None, "en", LA, "Tom",
           cj=CJ("tom.nguyen@example.com", "Tom Nguyen", "2026-05-10T11:30:00Z", "en-US", LA)),
    person("emily", "Emily Chen", "US", "1", "6285550119", "en", LA, "Emily",
           q=Q("Emily", "Chen", "en-US", LA, email="emily.chen@example.com"),
           cj=CJ("emily.chen@example.com", "Emily Chen", "2026-04-20T09:15:00-07:00", "en-US", LA)),
    person("zoe", "Zoë Adams", "US", "1", "4155550142", "en", LA, "Zoë",
           q=Q("Zoë", "Adams", "en-US", LA),
           cj=CJ("zoe.adams@example.org", "Zoe Adams", "2025-11-20T19:00:00-08:00", "en-US", LA,
                 phone="+14155550142")),
    person("samuel", "Samuel Rosen", "US", "1", "9175550110", "en", NY, "Sam Rosen",
           q=Q("Samuel", "Rosen", "en-US", NY),
           cj=CJ("sam.rosen@example.com", "Samuel Rosen", "2026-01-05T06:40:00-05:00", "en-US", NY,
                 phone="+1-917-555-0110")),
    # --- United Kingdom ---------------------------------------------------------------------
    person("sean", "Sean O'Brien", "GB", "44", "7911123456", "en", LON, "Sean",
           q=Q("Sean", "O'Brien", "en-GB", LON, email="sean.obrien@example.org"),
           cj=CJ("Sean.OBrien@example.org", "Sean O'Brien", "2026-05-06T22:10:00+01:00", "en-GB", LON)),
    person("olivia", "Olivia Bennett", "GB", "44", "2079460321", "en", LON, "Liv",
           q=Q("Olivia", "Bennett", "en-GB", LON),
           cj=CJ("olivia.bennett@example.org", "Olivia Bennett", "2026-02-14T20:00:00Z", "en-GB", LON,
                 phone="0044 20 7946 0321")),
    person("harriet", "Harriet Wells", "GB", "44", "7911223344", "en", LON, "Harriet",
           cj=CJ("harriet.wells@example.org", "Harriet Wells", "2025-09-01T07:30:00+01:00", "en-GB", LON,
                 phone="+44 7911 223344")),
    # --- France -----------------------------------------------------------------------------
    person("lea", "Léa Martin", "FR", "33", "612345678", "fr", PAR, "Léa",
           q=Q("Léa", "Martin", "fr-FR", PAR),
           # The Change Jar name is stored decomposed (e + U+0301), as some keyboards send it.
           cj=CJ("lea.martin@example.com", unicodedata.normalize("NFD", "Léa Martin"),
                 "2026-05-01T21:00:00+02:00", "fr-FR", PAR, phone="0033 6 12 34 56 78")),
    person("julien", "Julien Martin", "FR", "33", "781234567", "fr", PAR, "Julien",
           q=Q("Julien", "Martin", "fr-FR", PAR, email="julien.martin@example.com")),
    person("camille", "Camille Dubois", "FR", "33", "698765432", "fr", PAR, "Camille",
           q=Q("Camille", "Dubois", "fr-FR", PAR, email="camille.dubois@example.com"),
           cj=CJ("Camille.Dubois@example.com", "Camille Dubois", "2026-04-10T12:20:00+02:00", "fr-FR", PAR)),
    person("pierre", "Pierre-Louis Garnier", "FR", "33", "645678901", "fr", PAR, "Pierre-Louis",
           q=Q("Pierre-Louis", "Garnier", "fr-FR", PAR),
           cj=CJ("pl.garnier@example.net", "Pierre-Louis Garnier", "2026-03-30T08:00:00Z", "fr-FR", None,
                 phone="+33645678901")),
    person("chloe", "Chloé Lefèvre", "FR", "33", None, "fr", PAR, "Chloé",
           cj=CJ("chloe.lefevre@example.com", "Chloé Lefèvre", None, "fr-FR", PAR)),
    # --- Russia -----------------------------------------------------------------------------
    person("dmitri", "Дмитрий Соколов", "RU", "7", "9123456789", "ru", MOW, "Дима",
           q=Q("Дмитрий", "Соколов", "ru-RU", MOW),
           cj=CJ("d.sokolov@example.com", "Dmitry Sokolov", "2026-05-07T23:50:00+03:00", "en-GB", LON,
                 phone="+7 (912) 345-67-89")),
    person("anna", "Анна Иванова", "RU", "7", "9221112233", "ru", YEK, "Аня",
           q=Q("Анна", "Иванова", "ru-RU", YEK)),
    person("olga", "Ольга Петрова", "RU", "7", "9165551234", "ru", MOW, "Оля",
           q=Q("Ольга", "Петрова", "ru-RU", MOW, email="olga.petrova@example.com"),
           cj=CJ("Olga.Petrova@Example.com", "Ольга Петрова", "2026-04-22T10:00:00+03:00", "ru-RU", MOW)),
    person("igor", "Игорь Смирнов", "RU", "7", "9037654321", "ru", MOW, "Игорь",
           cj=CJ("igor.smirnov@example.com", "Игорь Смирнов", "2025-12-25T15:00:00Z", "ru-RU", MOW,
                 phone="+7 903 765-43-21")),
    # --- Egypt, Saudi Arabia ----------------------------------------------------------------
    person("ahmed", "أحمد حسن", "EG", "20", "1012345678", "ar", CAI, "أحمد",
           q=Q("أحمد", "حسن", "ar-EG", CAI),
           cj=CJ("ahmed.hassan@example.com", "Ahmed Hassan", "2026-05-05T09:30:00+03:00", "ar-EG", CAI,
                 phone="00201012345678")),
    person("fatima", "فاطمة الزهراني", "SA", "966", "501234567", "ar", RUH, "فاطمة",
           q=Q("فاطمة", "الزهراني", "ar-SA", RUH, email="fatima.z@example.com"),
           cj=CJ("Fatima.Z@example.com", "فاطمة الزهراني", "2026-04-30T20:15:00+03:00", "ar-SA", RUH)),
    person("omar", "Omar Khalil", "EG", "20", "1223456789", "ar", CAI, "عمر",
           q=Q("Omar", "Khalil", "ar-EG", CAI)),
    person("layla", "ليلى ناصر", "SA", "966", None, "ar", RUH, "ليلى",
           cj=CJ("layla.nasser@example.com", "ليلى ناصر", "2026-01-20T18:00:00+03:00", "ar-SA", RUH)),
    # --- Japan ------------------------------------------------------------------------------
    person("hanako", "花子 佐藤", "JP", "81", "9012345678", "ja", TYO, "花子",
           q=Q("花子", "佐藤", "ja-JP", TYO),
           cj=CJ("hanako.sato@example.com", "佐藤花子", "2026-05-08T07:00:00+09:00", "ja-JP", TYO,
                 phone="+81 90 1234 5678")),
    person("yuki", "Yuki Tanaka", "JP", "81", "8023456789", "ja", TYO, "Yuki",
           q=Q("Yuki", "Tanaka", "ja-JP", TYO, email="yuki.tanaka@example.com"),
           cj=CJ("Yuki.Tanaka@EXAMPLE.com", "Yuki Tanaka", "2026-04-01T12:00:00Z", "ja-JP", TYO)),
    person("kenta", "健太 鈴木", "JP", "81", "7034567890", "ja", TYO, "健太",
           q=Q("健太", "鈴木", "ja-JP", TYO)),
    # --- Brazil -----------------------------------------------------------------------------
    person("maria_sp", "Maria Silva", "BR", "55", "11912345678", "pt", SAO, "Maria",
           q=Q("Maria", "Silva", "pt-BR", SAO),
           cj=CJ("maria.silva@example.com", "Maria Silva", "2026-03-03T10:00:00-03:00", "pt-BR", SAO,
                 phone="+55 (11) 91234-5678")),
    person("maria_rj", "Maria Silva", "BR", "55", "21987654321", "pt", SAO, "Maria (Rio)",
           q=Q("Maria", "Silva", "pt-BR", SAO)),
    person("joao", "João Pereira", "BR", "55", "31998765432", "pt", SAO, "João",
           q=Q("João", "Pereira", "pt-BR", SAO, email="joao.pereira@example.com"),
           cj=CJ("Joao.Pereira@Example.COM", "Joao Pereira", "2026-05-09T19:00:00-03:00", "pt-BR", SAO)),
    person("lucas", "Lucas Oliveira", "BR", "55", "92988887777", "pt", MAO, "Lucas",
           q=Q("Lucas", "Oliveira", "pt-BR", MAO),
           cj=CJ("lucas.oliveira@example.com", "Lucas Oliveira", "2025-10-10T16:00:00-04:00", "pt-BR", MAO,
                 phone="0055 92 98888 7777")),
    person("beatriz", "Beatriz Costa", "BR", "55", None, "pt", SAO, "Bia",
           cj=CJ("bia.costa@example.com", "Beatriz Costa")),  # no locale, time zone, phone, visit
    # --- Contact-only people (never registered; appear in quotes) -----------------------------
    person("mae", "Rosa Lima", "BR", "55", "11987651234", "pt", SAO, "Mãe", contact_only=True),
    person("robert", "Robert Carter", "US", "1", "2125550190", "en", NY, "Robert Carter", contact_only=True),
    person("mia", "Mia Carter", "US", "1", "2125550191", "en", NY, "Mia", contact_only=True),
    person("linda", "Linda Park", "US", "1", "6465550177", "en", NY, "Linda Park", contact_only=True),
    person("alvarez", "Mrs. Alvarez", "US", "1", "7185550102", "en", NY, "Mrs. Alvarez", contact_only=True),
    person("samgym", "Sam (coach)", "US", "1", "4155550155", "en", LA, "Sam / Gym", contact_only=True),
    person("jess", "Jess", "US", "1", "6465550129", "en", NY, "Jess", contact_only=True),
    person("papa", "Jean-Pierre Martin", "FR", "33", "611223344", "fr", PAR, "Papa", contact_only=True),
    person("mamie", "Josette Martin", "FR", "33", "199001234", "fr", PAR, "Mamie", contact_only=True),
    person("babushka", "Валентина Соколова", "RU", "7", "4951234567", "ru", MOW, "Бабушка",
           contact_only=True),
    person("mahmoud", "محمود حسن", "EG", "20", "1155551234", "ar", CAI, "خالي محمود", contact_only=True),
    person("hala", "هالة", "SA", "966", "552345678", "ar", RUH, "هالة", contact_only=True),
    person("bucho", "山本部長", "JP", "81", "355550101", "ja", TYO, "山本部長", contact_only=True),
    person("miki", "ミキ", "JP", "81", "9087654321", "ja", TYO, "ミキ", contact_only=True),
    person("cida", "Aparecida", "BR", "55", "1134567890", "pt", SAO, "Dona Cida", contact_only=True),
    person("gaz", "Gary Hughes", "GB", "44", "7400123456", "en", LON, "Gaz", contact_only=True),
    # Address-book entries whose numbers never appear in a quote.
    person("pizza", "Pizza Place", "US", "1", "2125550111", "en", NY, "Pizza Place", contact_only=True),
    person("dentist", "Dr Roux", "FR", "33", "199005678", "fr", PAR, "Dentiste Dr Roux", contact_only=True),
]
BY_KEY = {p["key"]: p for p in PEOPLE}

# Idea authors who never registered in Change Jar (left the app, or wrote from the web form).
NON_USER_AUTHORS = {
    "nora": dict(email="nora.fitzgerald@example.net", name="Nora Fitzgerald", tz=LON),
    "rafael": dict(email="Rafael.Gomez@example.org", name="Rafael Gómez", tz=SAO),
}

# How a submitter's address book names someone (what ends up in saidBy/heardBy `name`).
NICKNAMES = {
    ("ben", "robert"): "Dad", ("grace", "robert"): "Bob", ("samuel", "robert"): "Mr. Carter",
    ("ben", "mia"): "Mia 🦄", ("grace", "mia"): "Mimi",
    ("ben", "linda"): "Linda (work)", ("priya", "linda"): "Linda Park", ("kate", "linda"): "Linda P.",
    ("ben", "grace"): "Grace ❤️", ("grace", "ben"): "Benjy",
    ("lea", "papa"): "Papa", ("julien", "papa"): "Papa 👨‍🦳", ("camille", "papa"): "M. Martin",
    ("pierre", "papa"): "Jean-Pierre",
    ("lea", "mamie"): "Mamie", ("julien", "mamie"): "Mamie Jo", ("camille", "mamie"): "La mamie de Léa",
    ("dmitri", "babushka"): "Бабушка", ("anna", "babushka"): "Бабуля", ("olga", "babushka"): "Баба Валя",
    ("ahmed", "mahmoud"): "خالي محمود", ("omar", "mahmoud"): "Uncle Mahmoud",
    ("fatima", "mahmoud"): "عم محمود",
    ("hanako", "bucho"): "部長", ("yuki", "bucho"): "Yamamoto-san", ("kenta", "bucho"): "山本部長",
    ("ana", "mae"): "Mãe", ("maria_sp", "mae"): "Dona Rosa", ("joao", "mae"): "Rosa (mãe da Ana)",
    ("ana", "samgym"): "Sam / Gym", ("marcus", "samgym"): "Coach Sam", ("zoe", "samgym"): "Sam (trainer)",
    ("emily", "samgym"): "Sam the trainer",
    ("sean", "gaz"): "Gaz", ("olivia", "gaz"): "Gary Hughes",
    ("maria_sp", "maria_rj"): "Maria (Rio)", ("maria_rj", "maria_sp"): "Maria SP",
    ("joao", "maria_sp"): "Maria Silva", ("joao", "maria_rj"): "Maria Silva",
    ("lucas", "maria_sp"): "Maria Silva", ("lucas", "maria_rj"): "Maria Silva (RJ)",
    ("ana", "maria_sp"): "Maria Silva",
    ("kate", "ahmed"): "Ahmed Hassan", ("emily", "yuki"): "Yuki T.", ("priya", "lea"): "Léa (Paris)",
    ("ana", "ben"): "Ben C.", ("kate", "sean"): "Sean O'B", ("omar", "ahmed"): "Ahmed",
    ("yuki", "hanako"): "Hanako", ("dmitri", "igor"): "Игорь (работа)",
}

# Address-book entries that deliberately differ from what the owner recorded in quotes
# (rule 2 of Names: the viewer's own contact name wins over the recorded one).
FORCED_CONTACTS = [
    ("ana", "mae", "Mãe 💛"),
    ("ben", "linda", "Boss"),
    ("ben", "grace", "Honey"),          # Grace is a Quotes user: rule 1 shows "Grace Carter" anyway
    ("grace", "robert", "Bob Carter"),
    ("julien", "papa", "Papa"),
    ("kenta", "bucho", "山本部長"),
    ("marcus", "samgym", "Coach Sam"),
    ("priya", "jess", "Jess (roomie)"),
    ("ben", "pizza", "Pizza Place"),    # never in a quote
    ("lea", "dentist", "Dentiste Dr Roux"),  # never in a quote
    ("hanako", "yuki", "ゆきちゃん"),
    ("lea", "julien", "Juju"),
]

# Circles: who is quoted together. hub: in (almost) every quote of the circle.
CIRCLES = [
    dict(key="ana_sf", n=50, hub="ana", lang="en",
         members=["ana", "mae", "samgym", "zoe", "emily", "priya"],
         speaker_weight={"ana": 4, "mae": 3, "samgym": 3}),
    dict(key="carter", n=58, hub="ben", lang="en",
         members=["ben", "grace", "robert", "mia", "linda", "daniel", "alvarez", "samuel"],
         speaker_weight={"robert": 11, "mia": 4, "ben": 3, "grace": 3}),
    dict(key="martin", n=44, hub="lea", lang="fr",
         members=["lea", "julien", "papa", "mamie", "camille", "pierre"],
         speaker_weight={"papa": 5, "mamie": 3, "lea": 3}),
    dict(key="sokolov", n=30, hub="dmitri", lang="ru",
         members=["dmitri", "anna", "olga", "babushka", "igor"],
         speaker_weight={"babushka": 4}),
    dict(key="cairo", n=30, hub="ahmed", lang="ar",
         members=["ahmed", "fatima", "omar", "mahmoud", "hala"],
         speaker_weight={"mahmoud": 2, "fatima": 2}),
    dict(key="tokyo", n=30, hub="hanako", lang="ja",
         members=["hanako", "yuki", "kenta", "bucho", "miki"],
         speaker_weight={"bucho": 2}),
    dict(key="brasil", n=34, hub="maria_sp", lang="pt",
         members=["maria_sp", "maria_rj", "joao", "lucas", "cida", "ana", "mae"],
         speaker_weight={"cida": 2}),
    dict(key="london", n=24, hub="sean", lang="en-gb",
         members=["sean", "olivia", "gaz", "kate"],
         speaker_weight={"gaz": 2}),
    dict(key="work", n=36, hub=None, lang="work",
         members=["ana", "ben", "kate", "emily", "sean", "yuki", "ahmed", "lea", "priya", "jess", "linda"],
         speaker_weight={}),
]

# Which pool a speaker's lines come from, per circle (falls back to the circle's language pool).
SPEAKER_POOL = {
    "mae": "pt_mae", "robert": "en_dad", "mia": "en_teen", "linda": "en_boss", "alvarez": "en_teacher",
    "daniel": "en_remote", "samgym": "en_coach", "gaz": "en_gaz", "papa": "fr_papa",
    "mamie": "fr_mamie", "babushka": "ru_babushka", "mahmoud": "ar_mahmoud", "hala": "ar_hala",
    "bucho": "ja_bucho", "miki": "ja_miki", "cida": "pt_cida", "fatima": "ar_gulf",
}
CIRCLE_POOL = {"en": "en", "fr": "fr", "ru": "ru", "ar": "ar", "ja": "ja", "pt": "pt",
               "en-gb": "en_gb", "work": "en_work"}
CARTER_POOL = "en_carter"
# In the work circle some people lapse into their own language now and then.
WORK_LAPSE = {"lea": "fr_work", "yuki": "ja_work", "ahmed": "ar_work", "ana": "pt_work"}


# --------------------------------------------------------------------------------------------
# Phones: how people type them.
# --------------------------------------------------------------------------------------------

def _groups(nsn: str, sizes) -> list[str]:
    out, i = [], 0
    for s in sizes:
        out.append(nsn[i:i + s])
        i += s
    assert i == len(nsn), (nsn, sizes)
    return out


def phone_styles(p, writer_country: str) -> list[str]:
    """Every way `writer` might type person p's number (all normalise to the same E.164)."""
    cc, n = p["cc"], p["nsn"]
    if p["country"] == "US":
        a, b, c = n[:3], n[3:6], n[6:]
        national = [f"({a}) {b}-{c}", f"{a}.{b}.{c}", f"1-{a}-{b}-{c}", f"{a}-{b}-{c}", f"{a}{b}{c}",
                    f"1 ({a}) {b}-{c}"]
        intl = [f"+1 {a} {b} {c}", f"+1{a}{b}{c}", f"+1 ({a}) {b}-{c}"]
        if writer_country == "US":
            return national + intl
        return intl + [f"001 {a} {b} {c}"]
    if p["country"] == "FR":
        g = _groups(n, [1, 2, 2, 2, 2])
        return [f"+33 {' '.join(g)}", f"+33{n}", f"0033 {' '.join(g)}", f"+33 {n[0]} {n[1:3]}.{n[3:5]}.{n[5:7]}.{n[7:]}"]
    if p["country"] == "GB":
        g = _groups(n, [2, 4, 4]) if n.startswith("20") else _groups(n, [4, 6])
        return [f"+44 {' '.join(g)}", f"+44{n}", f"0044 {' '.join(g)}"]
    if p["country"] == "RU":
        a, b, c, d = n[:3], n[3:6], n[6:8], n[8:]
        return [f"+7 {a} {b}-{c}-{d}", f"+7 ({a}) {b}-{c}-{d}", f"+7{n}", f"+7 {a} {b} {c} {d}"]
    if p["country"] == "EG":
        g = _groups(n, [2, 4, 4])
        return [f"+20 {' '.join(g)}", f"0020{n}", f"+20 {n[:3]} {n[3:6]} {n[6:]}"]
    if p["country"] == "SA":
        g = _groups(n, [2, 3, 4])
        return [f"+966 {' '.join(g)}", f"00966{n}", f"+966{n}"]
    if p["country"] == "JP":
        g = _groups(n, [1, 4, 4]) if len(n) == 9 else _groups(n, [2, 4, 4])
        return [f"+81 {'-'.join(g)}", f"+81 {' '.join(g)}", f"0081-{'-'.join(g)}", f"+81{n}"]
    if p["country"] == "BR":
        area, rest = n[:2], n[2:]
        head, tail = rest[:-4], rest[-4:]
        out = [f"+55 {area} {head}-{tail}", f"+55 ({area}) {head}-{tail}", f"0055 {area} {head} {tail}",
               f"+55{n}"]
        if len(rest) == 9:
            out.append(f"+55 {area} {rest[0]} {rest[1:5]}-{tail}")
        return out
    raise ValueError(p["country"])


def e164(p) -> str:
    return "+" + p["cc"] + p["nsn"]


def normalise(written: str, default_cc: str = "1") -> str:
    """DATA.md's rule: drop spaces . - ( ); `+` or `00` starts the country code; else the
    default region (US): drop the NANP trunk prefix `1`."""
    t = "".join(ch for ch in written if ch not in " .-()")
    if not t:
        raise ValueError(f"empty phone {written!r}")
    if t.startswith("+"):
        digits = t[1:]
    elif t.startswith("00"):
        digits = t[2:]
    else:
        if len(t) == 11 and t.startswith("1"):
            t = t[1:]
        digits = default_cc + t
    if not digits.isdigit():
        raise ValueError(f"not a phone number: {written!r}")
    number = "+" + digits
    parsed = phonenumbers.parse(number, None)
    if not phonenumbers.is_valid_number(parsed):
        raise ValueError(f"invalid phone number: {written!r} ({number})")
    formatted = phonenumbers.format_number(parsed, phonenumbers.PhoneNumberFormat.E164)
    if formatted != number:
        raise ValueError(f"{written!r}: {number} != {formatted}")
    # Numbers without + or 00 must read the same with libphonenumber's US rules.
    if not written.strip().startswith(("+", "00")):
        us = phonenumbers.format_number(phonenumbers.parse(written, "US"), phonenumbers.PhoneNumberFormat.E164)
        if us != number:
            raise ValueError(f"{written!r}: {number} != {us} (US)")
    return number


# --------------------------------------------------------------------------------------------
# Time
# --------------------------------------------------------------------------------------------

def iso(instant: dt.datetime, tz: str | None) -> str:
    """An ISO 8601 timestamp: `Z` when tz is None, else the offset in force in that zone."""
    if tz is None:
        return instant.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
    local = instant.astimezone(ZoneInfo(tz))
    off = local.utcoffset()
    total = int(off.total_seconds()) // 60
    sign = "+" if total >= 0 else "-"
    hh, mm = divmod(abs(total), 60)
    return local.strftime("%Y-%m-%dT%H:%M:%S") + f"{sign}{hh:02d}:{mm:02d}"


def parse_iso(s: str) -> dt.datetime:
    if not (s.endswith("Z") or regex.search(r"[+-]\d\d:\d\d$", s)):
        raise ValueError(f"timestamp without offset: {s}")
    return dt.datetime.fromisoformat(s.replace("Z", "+00:00"))


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


def graphemes(text: str) -> int:
    return len(regex.findall(r"\X", unicodedata.normalize("NFC", text)))


# --------------------------------------------------------------------------------------------
# What people said (Quotes) — hand-written, per voice and language.
# --------------------------------------------------------------------------------------------

QUOTE_POOLS = {
    "en": [
        "I never said I was a morning person.",
        "I'm not lost, I'm exploring with confidence.",
        "The fog is just the city buffering.",
        "Every parking spot in this city is a personal insult.",
        "I didn't forget your birthday, I'm celebrating it slowly.",
        "If the sourdough starter dies, I'm moving out.",
        "I'll be there in five minutes. Leaving now. Well, soon.",
        "That's not a hill, that's a wall with a sidewalk on it.",
        "Decaf is just coffee that gave up.",
        "My plants are thriving because I ignore them. Same as my inbox.",
        "I could never live anywhere without a burrito within walking distance.",
        "We don't talk about the great guacamole incident.",
        "You can't be sad while holding a warm croissant. It's science.",
        "I set three alarms and woke up for the fourth one, which I didn't set.",
        "The group chat is not a calendar, people.",
        "Why is there a line for brunch at 2 pm on a Tuesday?",
        "I brought a jacket. I always bring a jacket. I've lived here eleven years.",
        "Yes, I named the Roomba. No, I won't tell you what.",
        "This is the last time I assemble furniture without reading the instructions. Again.",
        "Honestly the best part of the hike was the sandwich.",
        "I'm just going to say it: cilantro tastes like soap and that's okay.",
        "I didn't choose the karaoke song, the karaoke song chose me.",
        "Can we agree that a \"quick call\" has never once been quick?",
        "I'm not arguing, I'm explaining why I'm right.",
        "My love language is you texting me when you get home.",
        "I tried meditating but I kept thinking about lunch.",
        "Nobody needs that many tote bags, and yet.",
        "The bus was on time and now I don't trust anything.",
        "\"Let's go for a quick walk,\" she said. Nine miles, she meant.",
        "Every time I clean the kitchen, someone makes pancakes.",
        "I'm going to bed early tonight. (It is 1:40 a.m.)",
        "Don't look at me like that, the cookie was already broken.",
        "I speak three languages and none of them work before coffee.",
        "I've decided the weekend starts on Thursday evening.",
        "Tell the cat I said goodnight.",
        "Zoë, the smoke alarm is not a timer.",
        "I'm saving up for a trip. Mostly I'm saving up for snacks for the trip.",
        "Half Moon Bay at sunset, no phones — that's the whole plan.",
    ],
    "en_coach": [
        "Two more reps. I always say two more, I never mean two.",
        "Your knees will thank you. Eventually. Not today.",
        "Rest day doesn't mean couch day.",
        "Good form is free. Bad form costs a physiotherapist.",
        "Squats are just sitting down with ambition.",
        "Don't check your phone between sets, check your posture.",
        "The burpee is nobody's friend. Do ten.",
        "Hydrate. Then hydrate again. Then we talk.",
        "Sore today, strong tomorrow, insufferable by Friday.",
        "New year, same squat rack.",
    ],
    "pt_mae": [
        "Minha filha, leva um casaco que aí faz frio.",
        "Já comeu? Então come de novo.",
        "Quando você vem pra casa? O feijão está esperando.",
        "Não esquece de ligar pra sua avó no domingo.",
        "Eu sei que é longe, mas o coração não sabe medir distância.",
        "Saudade é a única conta que eu pago com prazer.",
        "Você trabalha demais. Dorme, menina!",
        "Manda foto do apartamento novo, com a cozinha arrumada.",
        "Vi no jornal que aí tem terremoto. Você está bem?",
        "Tô com saudade da sua risada, filha.",
        "Comprei a passagem. Não adianta reclamar, chego dia 12.",
        "Reza antes de dormir e desliga esse computador.",
        "Sua tia perguntou de você. Liga pra ela!",
        "Tô mandando um pacote com goiabada e pão de queijo congelado.",
        "Filha, a internet aí é boa? Não estou te ouvindo direito.",
    ],
    "en_dad": [
        "I used to hate facial hair, but then it grew on me.",
        "Did you turn the lights off? Do you own stock in the electric company?",
        "Back in my day, we had to walk to the TV to change the channel.",
        "I'm not sleeping, I'm resting my eyes. There's a difference.",
        "Hi Hungry, I'm Dad.",
        "Why did the scarecrow win an award? Because he was outstanding in his field.",
        "Check the oil. Just once. For me.",
        "That thermostat is set where it is for a reason.",
        "I only know two recipes and one of them is toast.",
        "You don't need a new phone, you need a new attitude.",
        "Your grandmother would have loved this. She'd have complained about the parking, but she'd have loved it.",
        "Don't make me pull this car over. We're in a parking lot. I'll do it anyway.",
        "I don't trust a restaurant with a laminated menu AND a QR code.",
        "When I was your age, I knew everything too.",
        "Measure twice, cut once, swear three times.",
        "I'm retired. Every day is Saturday, except Sunday, which is also Saturday.",
        "Who wants to see the slideshow from the cruise? All 412 photos?",
        "Where's the remote? No, the other remote.",
        "I'm proud of you, kid. Now help me with the printer.",
        "I put the game on for the ambiance.",
        "The Yankees are rebuilding. They've been rebuilding since 2009.",
        "I don't need GPS. I have a sense of direction and a full tank.",
    ],
    "en_teen": [
        "Dad, <3 means a heart, not \"less than three\".",
        "I'm not ignoring you, I'm buffering.",
        "It's giving… homework.",
        "Can I have twenty dollars? It's an investment in my happiness.",
        "I cleaned my room. Define \"clean\".",
        "You wouldn't understand, it's a TikTok thing.",
        "Mom, you can't say 'slay', it's over now.",
        "I have a test tomorrow and I just remembered.",
        "The dog agrees with me.",
        "Why do you text with a period at the end? Are you mad?",
        "k.",
        "Can we get a second dog? For the first dog.",
        "Grandpa told the scarecrow joke again. I laughed. I'm not proud of it.",
    ],
    "en_boss": [
        "Let's take this offline. By which I mean never.",
        "Great question. Let's park it.",
        "I need the deck by Friday. Make it pretty, make it true, in that order.",
        "Who approved this font?",
        "No meetings on Wednesdays. I mean it this time.",
        "If it's not in the tracker, it didn't happen.",
        "I love the energy. Can we get the numbers to match?",
        "Q3 is a marathon. Q4 is a marathon with a deadline.",
    ],
    "en_teacher": [
        "Reading twenty minutes a night is a minimum, not a maximum!",
        "Mia asked great questions today. Mostly about lunch.",
        "Field trip forms are due Monday. Monday, not \"around Monday\".",
        "She's a natural leader. She led half the class out to recess early.",
        "Please label the lunchboxes. We have eleven identical blue ones.",
        "Science fair projects should not be alive. Mostly.",
    ],
    "en_remote": [
        "I'm on Pacific time, so for me this meeting is breakfast.",
        "Ship it, then blog about it.",
        "Can everyone see my screen? No? Good, it's messy.",
        "Sorry, my cat just approved the pull request.",
        "Standup at 6 a.m. Pacific is a hate crime.",
        "My Wi-Fi is powered by hope and a very old router.",
    ],
    "en_carter": [
        "Whoever finishes the milk buys the milk. That's the whole rule.",
        "The dishwasher is not a cupboard, Ben.",
        "I'll fix the fence this weekend. Which weekend is unclear.",
        "Mia reads faster than she walks, which explains the bruises.",
        "She's not stubborn, she's persistent. Like her father.",
        "The Knicks are going to break my heart again and I'm going to let them.",
        "A subway delay is just Manhattan's way of saying slow down.",
        "Pizza counts as a vegetable if you get the one with peppers.",
        "Every parent-teacher conference I learn something new about my own child.",
        "I don't run, I jog with purpose.",
        "I bought a grill. I am now a grill person.",
        "Our kids' soccer team lost 9–0 and celebrated with orange slices like champions.",
        "Let's not make it a thing. It's already a thing.",
        "The laundry is not going to fold itself, and neither am I.",
        "Date night means we both fall asleep during the movie, together.",
        "My whole personality is being tired.",
        "Coffee first, opinions later.",
        "I'm not yelling, I'm from Brooklyn.",
        "We are not getting a second dog.",
        "Fine. We're getting a second dog.",
        "Thanksgiving is at our place this year, God help us.",
    ],
    "en_gb": [
        "Fancy a brew? Silly question, the kettle's already on.",
        "It's not raining, it's just a bit damp.",
        "I'll pop round later, if the trains behave. They won't.",
        "Quick pint turned into a three-hour debate about crisps.",
        "Mustn't grumble. Well, I might grumble a bit.",
        "Sorry — sorry — no, sorry, after you.",
        "That's a bit of a faff, isn't it?",
        "Summer was lovely. It was on a Tuesday.",
        "Don't talk to me about the Northern line.",
        "I'm absolutely knackered and it's only half ten.",
        "Right, who's having what? I'll get this round.",
        "Proper Sunday roast or don't bother.",
        "He's not wrong, but he's not right either, is he?",
        "I've been meaning to ring you for about four months.",
        "The Chicago deep dish was a casserole, Kate, and I'll die on this hill.",
        "£7 for a coffee? In this economy?",
    ],
    "en_gaz": [
        "Five-a-side on Thursday, no excuses, bring shin pads.",
        "I'm not drunk, I'm just very relaxed about everything.",
        "Best kebab in London, mate, trust me.",
        "Leave it, it's not worth it. Actually, it is worth it.",
        "Mate, that's not a shortcut, that's the M25.",
        "Chips are a side, not a personality, Sean.",
        "I'll be there at eight. Pub eight, not real eight.",
        "Rain's only a problem if you're made of sugar.",
    ],
    "en_work": [
        "Let's circle back after we circle back.",
        "It works on my machine. Ship my machine.",
        "The bug is not a bug, it's an undocumented feature with feelings.",
        "Can you hear me? I'm on mute. I mean, I was.",
        "Our roadmap is a list of promises to our future selves.",
        "Naming things is hard. Naming meetings is harder.",
        "I'll send a calendar invite for the calendar invite.",
        "Per my last email, which nobody read.",
        "If it's Friday, don't deploy. If it's Thursday, think about Friday.",
        "The best time to write tests was yesterday. The second best time is before I merge this.",
        "Time zones are a social construct and I hate them.",
        "Good morning to some of you, good night to others, and good luck to Ahmed.",
        "Let's do the standup sitting down this time.",
        "Every spreadsheet is a cry for help.",
        "Who left the meeting recording on during lunch?",
        "We have a process for that. It's called asking Kate.",
        "Nothing is more permanent than a temporary fix.",
        "The customer is always right about the problem and wrong about the solution.",
        "This meeting could have been a sticky note.",
        "I'm not saying it's DNS. I'm saying it's always DNS.",
        "Cheers for that — and by cheers I mean please fix it.",
        "Let's add it to the backlog, where ideas go to retire.",
        "Who owns this? Great, now it's you.",
        "I've been in back-to-backs since 8, my lunch was a granola bar and a prayer.",
        "It's not scope creep if we call it a phase two.",
        "The demo gods were kind today.",
        "We don't have tech debt, we have tech mortgage.",
        "Can someone who isn't me take notes?",
        "Reply-all is a weapon. Use it responsibly.",
        "Let's not boil the ocean. Let's just warm a lake.",
        "The estimate was two days. It was two days, in dog years.",
    ],
    "fr_work": ["C'est la vie, on déploie quand même.", "On fait un point rapide ? Rapide, j'ai dit."],
    "ja_work": ["明日やります。たぶん。", "それ、仕様です。"],
    "ar_work": ["إن شاء الله بكرة نخلص.", "الاجتماع ده كان ممكن يبقى إيميل."],
    "pt_work": ["Bom dia, equipe! Café primeiro, reunião depois.", "Calma, gente, ninguém morreu. Ainda."],
    "fr": [
        "On ne se refait pas.",
        "Qui a fini le pain ? Encore !",
        "Je ne suis pas en retard, les autres sont en avance.",
        "Un petit café et on en parle.",
        "Il pleut à Paris, c'est donc un mardi comme un autre.",
        "Si tu veux un conseil, ne demande pas à Julien.",
        "J'ai réservé pour huit, on sera douze. Comme d'habitude.",
        "Le fromage, ce n'est pas un dessert, c'est un mode de vie.",
        "On dit « pain au chocolat », on ne discute pas.",
        "Je fais un régime : je mange de tout, sauf le lundi.",
        "Ça va, ça vient, mais surtout ça traîne.",
        "J'ai acheté un vélo. Maintenant il faut que je m'en serve.",
        "Métro, boulot, apéro.",
        "Le télétravail, c'est travailler en pyjama avec mauvaise conscience.",
        "Ce n'est pas du désordre, c'est un rangement créatif.",
        "Rendez-vous à 20 h, donc 20 h 30, donc 21 h.",
        "Les vacances, c'est quand on a le temps de s'ennuyer. J'adore.",
        "Julien, range tes chaussures, on dirait un magasin.",
        "On se fait une bouffe samedi ? Chacun ramène un truc.",
        "Le RER B a encore décidé que c'était jour de repos.",
        "Je ne bois pas de café, je bois du courage.",
        "Camille, ta plante est plus grande que toi maintenant.",
        "On part à la montagne ou à la mer ? Les deux, évidemment.",
        "J'ai perdu mes clés. Encore. Elles étaient dans ma main.",
        "C'est pas faux.",
        "La baguette de ce boulanger mérite un prix.",
        "J'arrive dans cinq minutes, je suis dans le métro… enfin, presque.",
        "Pierre-Louis, personne n'a demandé la version longue.",
        "On s'appelle ce week-end, promis juré.",
        "Il fait beau, tout le monde est en terrasse, personne ne travaille.",
    ],
    "fr_papa": [
        "Quand j'avais ton âge, on n'avait pas Internet, et on s'ennuyait très bien.",
        "Éteins la lumière, on ne chauffe pas le quartier !",
        "La pétanque, c'est de la physique appliquée.",
        "Ta mère avait raison. Ne lui dis pas que je l'ai dit.",
        "Un bon repas, c'est trois heures minimum.",
        "Je ne suis pas têtu, j'ai juste raison plus longtemps que les autres.",
        "Le GPS ne connaît pas la région comme moi.",
        "Appelle ta grand-mère, elle s'inquiète.",
        "Je vais faire une petite sieste. Réveillez-moi pour le dîner… ou pas.",
        "Ce vin-là, il faut le laisser respirer. Moi aussi, d'ailleurs.",
        "À mon âge, on ne vieillit plus, on se bonifie.",
    ],
    "fr_mamie": [
        "Mange, tu es toute maigre.",
        "De mon temps, on réparait les choses.",
        "Tu as un amoureux ? Non ? Pourquoi ?",
        "J'ai fait une tarte, juste une petite, pour douze.",
        "Le secret de la confiture, c'est la patience et beaucoup de sucre.",
        "Les portables, ça vous rend sourds, moi je vous le dis.",
        "Viens m'embrasser avant de partir, et prends des pommes.",
        "Mets un pull, il fait frais le soir.",
        "Ton grand-père aurait adoré ce gâteau.",
    ],
    "ru": [
        "В гостях хорошо, а дома лучше.",
        "Я не опаздываю, я задерживаюсь.",
        "Сначала чай, потом разговоры.",
        "Пробки в Москве — это образ жизни.",
        "Мы же договорились: без работы за ужином.",
        "Давай так: я готовлю, ты моешь посуду.",
        "Не надо мне советов, мне надо пельмени.",
        "Понедельник начинается в субботу.",
        "Кто последний ел варенье?",
        "Я просто посмотрю одну серию. Ладно, две.",
        "Всё будет хорошо. Но не сразу.",
        "Опять снег? Это уже не зима, это характер.",
        "На даче нет интернета, зато есть комары.",
        "Ну что, по чаю и за работу?",
        "Главное — не паниковать. Паниковать будем потом.",
        "В Екатеринбурге уже вечер, а у вас всё ещё обед?",
        "Ёлку ставим тридцатого, как все нормальные люди.",
        "Кто-нибудь видел мои ключи? Ах, они в двери.",
        "Шашлыки в субботу, с меня мясо, с вас погода.",
        "Метро закрывают в час, так что у нас ещё целая вечность.",
    ],
    "ru_babushka": [
        "Без труда не выловишь и рыбку из пруда.",
        "Ты поел? Почему так мало?",
        "Надень шапку, на улице минус двадцать!",
        "Когда внуков увижу? Я не молодею.",
        "В моё время телефон был один на весь подъезд.",
        "Бери варенье, я ещё сварю.",
        "Худой какой! Тебя там не кормят?",
        "Позвони, как доедешь. Обязательно.",
        "Огород — лучший доктор.",
        "Не сиди на холодном!",
        "Не ходи с мокрой головой, простудишься.",
        "Я тебе пирожков напекла, забери.",
        "Компьютер выключи, глаза испортишь.",
        "Главное — здоровье, остальное купим.",
    ],
    "ar": [
        "الصبر مفتاح الفرج.",
        "يا جماعة، القهوة الأول وبعدين نتكلم.",
        "الزحمة في القاهرة مش زحمة، دي أسلوب حياة.",
        "مين أكل آخر حتة بسبوسة؟",
        "أنا مش متأخر، أنا جاي على مهلي.",
        "اللي فات مات، خلينا في النهارده.",
        "الحر النهارده مش طبيعي، حتى التكييف تعبان.",
        "كل سنة وانت طيب، وإن شاء الله السنة الجاية تكون أحسن.",
        "هنتقابل الساعة ثمانية، يعني تسعة.",
        "يا ريت نطلع البحر الأسبوع الجاي.",
        "ما تنساش تجيب العيش وانت راجع.",
        "الشاي بالنعناع علاج لكل حاجة.",
        "رمضان كريم! الفطار عندنا السنة دي.",
        "قلتلك خد الشمسية، وما سمعتش الكلام.",
        "أحلى حاجة في الشغل هي البريك.",
        "عملت ٣ فناجين قهوة ولسه ما صحيتش.",
        "النت فصل تاني، شكلنا هنقعد نتكلم مع بعض.",
        "مين جاي الساحل الصيف ده؟",
        "الكشري النهارده عليّا.",
    ],
    "ar_gulf": [
        "الله يعطيك العافية على الطبخة.",
        "يلا نروح الدرعية نهاية الأسبوع.",
        "وش رايكم نطلب مندي الليلة؟",
        "الجو اليوم حلو، نطلع البر؟",
        "لا تنسون القهوة والتمر قبل الضيوف.",
        "الرياض في الصيف فرن، والشتا جنة.",
        "تعالوا نتقهوى عندي بعد المغرب.",
        "والله ما أدري، اسألوا هالة.",
        "خلّصت الدوام، أبي أنام يومين.",
    ],
    "ar_mahmoud": [
        "زمان كنا بنكتب جوابات، ودلوقتي كله على الموبايل.",
        "الأرض دي أرض جدك، حافظ عليها.",
        "أنا مش بنسى، أنا بس بختار أفتكر إيه.",
        "الماتش النهارده مهم، محدش يكلمني.",
        "اتجوز يا ابني، العمر بيجري.",
        "الفول بتاع الصبح ده هو سر الصحة.",
        "فاكر لما كنت صغير وكنت بتخاف من القطة؟",
        "الشاي لازم يبقى تقيل، غير كده ده مية ملونة.",
        "ابعتلي الصور دي على الواتساب، بس كبرها.",
        "العيلة هي اللي بتفضل، كل حاجة تانية بتروح.",
        "أنا لسه شباب، متصدقش البطاقة.",
        "محدش بيعمل محشي زي مراتي، ومتقولوش لأمكم.",
    ],
    "ar_hala": [
        "الحياة قصيرة، خلونا ناكل الحلا أول.",
        "المشوار كان يستاهل والله.",
        "صورتي؟ لا تنشرونها!",
    ],
    "ja": [
        "とりあえずビールで。",
        "駅から徒歩五分って、誰の五分ですか？",
        "今日は早く帰ります。……って昨日も言いました。",
        "雨だから、今日は家でゆっくりしよう。",
        "ラーメンは飲み物じゃないよ。",
        "猫が私のキーボードで会議に参加した。",
        "桜が咲いたら、みんなでお花見しよう！",
        "終電を逃したけど、後悔はしていない。",
        "コンビニのおにぎりは芸術だと思う。",
        "満員電車でも本は読める。たぶん。",
        "週末は何もしないという予定があります。",
        "このケーキ、カロリーはゼロです。気持ち的には。",
        "富士山、今日はきれいに見えるね！",
        "お疲れさまです！今日もよく頑張りました。",
        "傘を持ってくるのを忘れたのは三回目です。",
        "残業しないのが一番の生産性です。",
        "日本語でも英語でも、月曜日はつらい。",
        "I'm fine, 大丈夫, really!",
        "駅前に新しいパン屋ができたよ。",
        "今年こそ富士山に登りたい。",
        "会議が多すぎて、仕事をする時間がない。",
    ],
    "ja_bucho": [
        "報告・連絡・相談を忘れずに。",
        "資料は明日の朝までにお願いします。",
        "今日は飲み会です。強制ではありません。でも来てね。",
        "結論から言ってください。",
        "前例がないなら、作ればいい。",
        "会議は三十分以内に終わらせよう。",
        "来週の会議、朝九時からでいいかな？",
        "失敗してもいい。同じ失敗を二回しなければ。",
        "今日は定時で帰りましょう。私もそうします。",
        "お客様の声が一番の資料です。",
        "忘年会の幹事、誰かお願いできますか？",
    ],
    "ja_miki": [
        "ねえ、今度カラオケ行こうよ！🎤",
        "新しいカフェ見つけた！抹茶ラテが最高。",
        "もう少しだけ寝かせて……",
        "週末、海に行かない？",
        "またスマホの画面割っちゃった……",
    ],
    "pt": [
        "Quem não tem cão caça com gato.",
        "Segunda-feira deveria ser opcional.",
        "O trânsito da Marginal é um teste de paciência.",
        "Bora tomar um açaí depois da praia?",
        "Eu não estou atrasada, estou no horário brasileiro.",
        "Churrasco sem farofa não é churrasco.",
        "Já falei que o Flamengo vai ganhar. Pode anotar.",
        "Se chover, a gente faz o churrasco na garagem mesmo.",
        "Café passado na hora é outra coisa.",
        "Quem casa quer casa, e quem tem casa quer uma maior.",
        "Ô calor! Parece que o sol tá de plantão.",
        "Vamos marcar! (Ninguém nunca marca.)",
        "O pão de queijo acabou e a reunião perdeu o sentido.",
        "Saudade não tem tradução, tem motivo.",
        "Deu ruim, mas deu bom no final.",
        "Fim de semana é sagrado: praia, feijoada e soneca.",
        "Minha planta sobreviveu às férias. Milagre!",
        "Tá tudo certo, só falta tudo.",
        # Decomposed accents (NFD), as some keyboards send them: stored NFC.
        unicodedata.normalize("NFD", "Café com leite e pão na chapa, o resto é detalhe."),
        "Duas Marias Silva no mesmo grupo? Agora eu nunca sei quem respondeu. 😂",
        "Quem chegar primeiro garante a mesa do bar.",
        "Já comprei o ingresso do show, depois a gente vê como paga.",
        "Feijoada no sábado, quem topa?",
        "A chuva chegou bem na hora da saída, clássico.",
        "Manda áudio, que eu não tenho paciência pra ler.",
        "Não sei cozinhar, mas sei pedir muito bem.",
        "Se o Wi-Fi cair, a família volta a conversar.",
        "A vida é curta, come a sobremesa primeiro.",
    ],
    "pt_cida": [
        "Menina, você viu a novela ontem? Que absurdo!",
        "Rega as plantas que eu cuido do seu gato.",
        "Fiz bolo de fubá, passa aqui pra pegar um pedaço.",
        "No meu tempo, a rua era mais tranquila.",
        "O síndico de novo com essa história de reunião.",
        "Toma um cafezinho comigo antes de sair.",
        "Esse menino do 302 cresceu tanto, nem reconheci!",
    ],
}

# Hand-placed quotes that exercise escaping, ties, time zones and long lists of hearers.
# when: an instant and the zone it is written in (None = Z). submitter heard it unless noted.
SPECIAL_QUOTES = [
    dict(circle="work", text="If x < 3 && y > 7, we ship. Don't @ me.",
         said="kate", heard=["ana", "emily", "ben"], by="emily", when=("2026-02-03T17:20:00Z", LA)),
    dict(circle="work", text="\"Tom & Jerry\" is not a business plan, it's a cartoon.",
         said="linda", heard=["ben", "priya"], by="priya", when=("2025-09-18T15:02:00Z", NY)),
    dict(circle="work", text="<script>alert('hi')</script> — that's my entire security review.",
         said="sean", heard=["ana", "kate"], by="kate", when=("2025-11-12T10:45:00Z", CHI)),
    dict(circle="work", text="Put {{not a template}} in the subject line and see what breaks.",
         said="ana", heard=["sean", "yuki", "lea"], by="ana", when=("2026-04-14T16:00:00Z", LA)),
    dict(circle="work", text="&amp; is how you write an ampersand, obviously.",
         said="priya", heard=["jess"], by="priya", when=("2025-06-07T02:10:00Z", NY)),
    dict(circle="work", text="It's 'final_v2_FINAL (1).docx' — don't open the other one.",
         said="emily", heard=["ana", "kate", "sean"], by="sean", when=("2026-03-27T12:00:00Z", LON)),
    # A quote with a line break, as typed in the app.
    dict(circle="ana_sf", text="Grocery list:\nmilk\neggs\nthe will to live",
         said="zoe", heard=["ana"], by="zoe", when=("2025-08-02T18:30:00Z", LA)),
    # New Year's Eve in Los Angeles is already January 1st in UTC, Paris and Tokyo.
    dict(circle="ana_sf", text="New year, same squat rack.",
         said="samgym", heard=["ana", "zoe"], by="ana", when=("2026-01-01T07:45:00Z", LA)),
    # The whole Martin family at Christmas: five hearers.
    dict(circle="martin", text="Joyeux Noël ! Et cette année, personne ne parle de politique à table.",
         said="papa", heard=["lea", "julien", "mamie", "camille", "pierre"], by="julien",
         when=("2025-12-24T19:30:00Z", PAR)),
    # Two quotes at the same instant, written with different offsets (ties sort by id).
    dict(circle="carter", text="Happy birthday to the best dad in Brooklyn. And Queens.",
         said="mia", heard=["robert", "ben", "grace"], by="grace", when=("2026-03-14T23:00:00Z", NY)),
    dict(circle="carter", text="Thank you, thank you. Now who took the last slice of cake?",
         said="robert", heard=["mia", "ben", "grace"], by="ben", when=("2026-03-14T23:00:00Z", None)),
    # Submitted by someone who is neither speaker nor hearer: the submitter does not see it.
    dict(circle="ana_sf", text="Whoever invented 6 a.m. classes owes me an apology.",
         said="samgym", heard=["ana"], by="marcus", when=("2026-04-25T14:10:00Z", LA)),
    dict(circle="ana_sf", text="Ana lifts more than me now. I'm choosing to be proud, not threatened.",
         said="samgym", heard=["ana", "zoe"], by="marcus", when=("2026-05-03T16:40:00Z", LA)),
    # Someone quoting themself.
    dict(circle="london", text="Note to self: never again agree to a 6 a.m. flight after a wedding.",
         said="olivia", heard=["sean"], by="olivia", when=("2025-07-13T05:05:00Z", LON)),
    # Arabic and English in one quote.
    dict(circle="work", text="Yalla, let's ship it — يلا بينا!",
         said="ahmed", heard=["ana", "yuki", "lea"], by="ana", when=("2026-05-06T09:00:00Z", CAI)),
    # João has both Maria Silva in his address book under the same name.
    dict(circle="brasil", text="Maria, não você: a outra Maria! A de São Paulo! 😅",
         said="maria_rj", heard=["maria_sp", "joao"], by="joao", when=("2026-02-21T22:10:00Z", SAO)),
    # The last quote before the build, minutes before it.
    dict(circle="carter", text="Build's at noon? Then I'm quoting this before noon.",
         said="ben", heard=["grace"], by="grace", when=("2026-05-10T11:55:00Z", NY)),
]


# --------------------------------------------------------------------------------------------
# Ideas (Change Jar) — (language, for, text). "S" = for self, "O" = for someone.
# --------------------------------------------------------------------------------------------

IDEAS = [
    ("en", "S", "Walk to work on Fridays"),
    ("en", "S", "Learn to cook one new vegetarian dish every month"),
    ("en", "S", "Put my phone in a drawer after 9 pm"),
    ("en", "S", "Take the stairs, always, even with groceries"),
    ("en", "S", "Start a savings jar for a trip to Lisbon"),
    ("en", "S", "Read one chapter before bed instead of scrolling"),
    ("en", "S", "Say no to one meeting per week"),
    ("en", "S", "Bike to the farmers' market on Saturdays 🚲"),
    ("en", "S", "Drink a glass of water before my first coffee"),
    ("en", "S", "Write three things I'm grateful for every night"),
    ("en", "S", "Learn enough Spanish to order dinner without pointing"),
    ("en", "S", "Stop buying plastic water bottles"),
    ("en", "S", "Unsubscribe from ten newsletters I never read"),
    ("en", "S", "Go to bed at the same time every night, weekends included"),
    ("en", "S", "Volunteer at the food bank once a month"),
    ("en", "S", "Finally fix the squeaky door instead of complaining about it"),
    ("en", "S", "Keep a plant alive for a full year 🌱"),
    ("en", "S", "Meal-prep lunches on Sunday so I stop buying sad sandwiches"),
    ("en", "S", "Learn to swim properly, not just \"not drown\""),
    ("en", "S", "Stretch for ten minutes every morning"),
    ("en", "S", "Take a real lunch break away from my desk"),
    ("en", "S", "Leave work on time at least three days a week"),
    ("en", "S", "Try one new restaurant a month, no chains"),
    ("en", "S", "Journal for five minutes after dinner"),
    ("en", "S", "Learn to play three songs on the ukulele"),
    ("en", "S", "Cancel the gym membership I never use and run outside instead"),
    ("en", "S", "Visit a museum I've never been to each season"),
    ("en", "S", "Turn off notifications for every app except messages"),
    ("en", "S", "Cook dinner at home four nights a week"),
    ("en", "S", "Switch to a reusable coffee cup"),
    ("en", "S", "Practice saying \"I don't know\" out loud at work"),
    ("en", "S", "Sleep 8 hours. Just try it. For science."),
    ("en", "S", "Go one weekend without spending money"),
    ("en", "S", "Learn the names of my neighbors"),
    ("en", "S", "Take a photo a day for a year"),
    ("en", "S", "Finish one book before starting another"),
    ("en", "S", "Spend one evening a week fully offline"),
    ("en", "S", "Plant tomatoes on the balcony 🍅"),
    ("en", "S", "Stop checking email before breakfast"),
    ("en", "S", "Ride the ferry to work once a week & read on the deck"),
    ("en", "O", "Teach my dad how to video-call so he can see the grandkids"),
    ("en", "O", "Get my sister to take a real vacation"),
    ("en", "O", "Help my roommate set up a budget that doesn't make her cry"),
    ("en", "O", "Convince my mom to see a doctor about her knee"),
    ("en", "O", "Take my nephew camping and leave the tablets at home"),
    ("en", "O", "Write a thank-you letter to my high-school chemistry teacher"),
    ("en", "O", "Invite the new coworker to lunch every Thursday"),
    ("en", "O", "Get Grandpa to write down his recipes before they're lost"),
    ("en", "O", "Help my best friend move without bribing everyone with pizza… okay, with pizza"),
    ("en", "O", "Encourage my brother to apply for the job he keeps talking about"),
    ("en", "O", "Remind Dad to take his blood-pressure pills (without nagging)"),
    ("en", "O", "Cook for my neighbor after her surgery"),
    ("en", "O", "Teach Mia to ride a bike before summer"),
    ("en", "O", "Get the team to stop scheduling meetings at lunch"),
    ("en", "O", "Drive Mom to the coast for her birthday"),
    ("en", "O", "Start a book club with my aunt so she gets out more"),
    ("en", "O", "Help my partner find a hobby that isn't work"),
    ("en", "O", "Set up a weekly call with my college friends across three time zones"),
    ("en", "O", "Get my kids to write their grandparents actual letters ✉️"),
    ("en", "O", "Show my grandmother how to send voice messages"),
    ("en", "O", "Walk the neighbor's dog when he works late"),
    ("en", "O", "Teach my son to cook one meal by himself"),
    ("en", "O", "Get my friend to finally see a therapist; she's been meaning to for years"),
    ("en", "O", "Take my parents to Japan before they decide they're too old to travel ✈️"),
    ("en", "O", "Make my <b>boss</b> take the Friday off she keeps postponing"),
    ("fr", "S", "Aller au marché le samedi matin à vélo"),
    ("fr", "S", unicodedata.normalize("NFD", "Arrêter de répondre aux mails après 20 h")),
    ("fr", "S", "Apprendre à faire du pain au levain"),
    ("fr", "S", "Lire un livre par mois, en VO si possible"),
    ("fr", "S", "Prendre l'escalier au bureau : six étages, courage !"),
    ("fr", "S", "Faire une vraie pause déjeuner, loin de l'écran"),
    ("fr", "S", "Ranger la cave avant l'hiver (enfin)"),
    ("fr", "S", "Réduire le café à deux tasses par jour ☕"),
    ("fr", "S", "Marcher 10 000 pas par jour, même quand il pleut"),
    ("fr", "O", "Appeler Mamie tous les dimanches"),
    ("fr", "O", "Aider Julien à préparer son déménagement à Lyon"),
    ("fr", "O", "Apprendre à Papa à utiliser son nouveau téléphone sans crier"),
    ("fr", "O", "Emmener ma nièce voir la mer pour la première fois"),
    ("fr", "O", "Convaincre ma sœur de reprendre le piano"),
    ("fr", "O", "Organiser un pique-nique avec les voisins de l'immeuble"),
    ("fr", "O", "Offrir des cours de cuisine à ma mère pour ses 60 ans 🎂"),
    ("ru", "S", "Бегать по утрам три раза в неделю"),
    ("ru", "S", "Меньше сидеть в телефоне перед сном"),
    ("ru", "S", "Выучить испанский хотя бы до уровня «заказать кофе»"),
    ("ru", "S", "Пить больше воды и меньше сладкого чая"),
    ("ru", "S", "Записаться в бассейн и правда туда ходить"),
    ("ru", "S", "Прочитать «Войну и мир» до конца. В этот раз точно."),
    ("ru", "S", "Ездить на дачу каждые выходные летом 🌻"),
    ("ru", "O", "Звонить бабушке каждое воскресенье"),
    ("ru", "O", "Научить маму пользоваться онлайн-банком"),
    ("ru", "O", "Помочь брату с ремонтом на кухне"),
    ("ru", "O", "Свозить родителей на море в сентябре"),
    ("ru", "O", "Уговорить папу бросить курить"),
    ("ru", "O", "Поздравлять коллег с днём рождения не только в чате"),
    ("ar", "S", "أمشي إلى الشغل كل يوم خميس"),
    ("ar", "S", "أقرأ صفحة من كتاب كل يوم قبل النوم"),
    ("ar", "S", "أقلل السكر في الشاي"),
    ("ar", "S", "أتعلم الطبخ من وصفات جدتي"),
    ("ar", "S", "أقفل الموبايل ساعة قبل النوم"),
    ("ar", "S", "أشرب ٨ أكواب ماء يومياً 💧"),
    ("ar", "S", "أتعلم اللغة اليابانية خطوة بخطوة"),
    ("ar", "O", "أزور خالي محمود مرة كل أسبوع"),
    ("ar", "O", "أعلّم أمي تستخدم الواتساب للمكالمات المرئية"),
    ("ar", "O", "أساعد أخويا الصغير في مذاكرة الرياضيات"),
    ("ar", "O", "أطبخ لجيراننا في رمضان 🌙"),
    ("ar", "O", "أشجع صاحبي يرجع للرياضة"),
    ("ar", "O", "آخد والدي نتمشى على الكورنيش يوم الجمعة"),
    ("ja", "S", "毎朝ラジオ体操をする"),
    ("ja", "S", "一駅手前で降りて歩く"),
    ("ja", "S", "夜十一時以降はスマホを見ない"),
    ("ja", "S", "月に一冊、本を読み切る📚"),
    ("ja", "S", "自炊を週に四回はする"),
    ("ja", "S", "英会話のレッスンを続ける"),
    ("ja", "S", "寝る"),
    ("ja", "O", "母に毎週電話する"),
    ("ja", "O", "祖父の昔話を録音しておく"),
    ("ja", "O", "後輩をランチに誘う"),
    ("ja", "O", "父と一緒に富士山に登る🗻"),
    ("ja", "O", "妹の引っ越しを手伝う"),
    ("ja", "O", "同僚に「ありがとう」をもっと言う"),
    ("pt", "S", "Ir a pé para o trabalho às sextas"),
    ("pt", "S", "Aprender a fazer pão de queijo de verdade"),
    ("pt", "S", "Parar de olhar o celular na hora do almoço"),
    ("pt", "S", "Correr no Ibirapuera aos domingos 🏃‍♀️"),
    ("pt", "S", "Guardar dinheiro para uma viagem ao Nordeste"),
    ("pt", "S", "Dormir antes da meia-noite, pelo menos durante a semana"),
    ("pt", "S", "Fazer aula de forró com a galera"),
    ("pt", "S", "Beber menos refrigerante e mais água de coco 🥥"),
    ("pt", "S", "Voltar a tocar violão"),
    ("pt", "O", "Ligar para minha mãe todo domingo, sem falta"),
    ("pt", "O", "Ajudar a Dona Cida com a horta do prédio"),
    ("pt", "O", "Ensinar meu avô a mandar áudio no WhatsApp"),
    ("pt", "O", "Levar meus sobrinhos ao zoológico"),
    ("pt", "O", "Convencer meu pai a fazer check-up"),
    ("pt", "O", "Visitar minha tia em Belo Horizonte mais vezes"),
    ("pt", "O", "Fazer um almoço surpresa para a minha irmã 🎉"),
    ("pt", "O", "Ajudar meu amigo a montar o currículo"),
    ("pt", "O", "Cozinhar feijoada com a família toda, cada um traz um ingrediente 🇧🇷"),
]

# Length edge cases: exactly 1 and exactly 160 grapheme clusters (more code points than that).
SPECIAL_IDEAS = [
    dict(lang="en", for_="O", author="ben", show=True,
         text="👍🏽"),  # one grapheme cluster, two code points
    dict(lang="en", for_="S", author="ana", show=False,
         text=("Cook dinner with the kids every Sunday 👨‍👩‍👧‍👦 — phones in the basket 📵, "
               "everyone picks one dish, the youngest chooses dessert 🍰, and nobody complains. "
               "Yes, really. 🙂")),
    dict(lang="ja", for_="S", author="hanako", show=True, text="歩"),
]


# --------------------------------------------------------------------------------------------
# Generation
# --------------------------------------------------------------------------------------------

# How some Quotes users typed their own number when they registered (others: a stable style).
OWN_PHONE_AS_TYPED = {
    "ana": "(415) 555-0100", "ben": "212.555.0147", "kate": "(312) 555-0175",
    "lea": "+33 6 12 34 56 78", "dmitri": "+7 912 345-67-89", "ahmed": "+20 10 1234 5678",
    "hanako": "+81 90-1234-5678", "maria_sp": "+55 11 91234-5678", "maria_rj": "+55 (21) 98765-4321",
    "grace": "1-212-555-0148", "zoe": "415 555 0142", "samuel": "1 (917) 555-0110",
    "olivia": "+44 20 7946 0321", "priya": "(646) 555-0133", "pierre": "+33 6 45 67 89 01",
    "lucas": "+55 92 98888-7777",
}

# Pinned idea authors (the text names someone in the author's life).
IDEA_AUTHOR_PINS = {
    "Teach Mia to ride a bike before summer": "ben",
    "Remind Dad to take his blood-pressure pills (without nagging)": "ben",
    "Get the team to stop scheduling meetings at lunch": "kate",
    "Make my <b>boss</b> take the Friday off she keeps postponing": "priya",
    "Appeler Mamie tous les dimanches": "lea",
    "Aider Julien à préparer son déménagement à Lyon": "lea",
    "Apprendre à Papa à utiliser son nouveau téléphone sans crier": "lea",
    "Звонить бабушке каждое воскресенье": "dmitri",
    "أزور خالي محمود مرة كل أسبوع": "ahmed",
    "Ligar para minha mãe todo domingo, sem falta": "ana",
    "Ajudar a Dona Cida com a horta do prédio": "maria_sp",
    "Ride the ferry to work once a week & read on the deck": "zoe",
}
# Ideas per author and language (the rest of a language's ideas go to its fillers).
IDEA_QUOTAS = {
    "en": ({"ana": 15, "ben": 20, "nora": 2, "kate": 3},
           ["priya", "emily", "zoe", "samuel", "tom", "sean", "olivia", "harriet"]),
    "fr": ({"lea": 7, "camille": 4}, ["pierre"]),
    "ru": ({"dmitri": 6, "olga": 4}, ["igor"]),
    "ar": ({"ahmed": 5, "fatima": 5}, ["layla"]),
    "ja": ({"hanako": 7}, ["yuki"]),
    "pt": ({"ana": 6, "maria_sp": 5, "joao": 3, "rafael": 1}, ["lucas"]),
}
# How readily each author shows their name (default 0.6). Harriet never does.
SHOW_NAME = {"harriet": 0.0, "olga": 0.2, "hanako": 0.9, "ben": 0.7, "ana": 0.5, "tom": 1.0,
             "nora": 1.0, "rafael": 0.0, "layla": 0.3}


def stable_index(*parts: str, modulo: int) -> int:
    """An index that depends only on the parts (not on Python's per-run string hashing)."""
    h = 0
    for ch in "\x1f".join(parts):
        h = (h * 131 + ord(ch)) % 1_000_000_007
    return h % modulo


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
    def __init__(self):
        self.rng = random.Random(SEED)
        special_texts = {q["text"] for q in SPECIAL_QUOTES}
        self.pools = {k: Pool([t for t in v if t not in special_texts], self.rng)
                      for k, v in QUOTE_POOLS.items()}

    # -- phones --------------------------------------------------------------------------------
    def write_phone(self, p, writer) -> str:
        """Person p's number as `writer` (a person) would type it."""
        styles = phone_styles(p, writer["country"])
        if self.rng.random() < 0.25:
            return self.rng.choice(styles)
        return styles[stable_index(writer["key"], p["key"], modulo=len(styles))]

    def own_phone(self, p) -> str:
        return OWN_PHONE_AS_TYPED.get(p["key"]) or \
            phone_styles(p, p["country"])[stable_index(p["key"], modulo=len(phone_styles(p, p["country"])))]

    def submitter_phone(self, p) -> str:
        # The app sends E.164 mostly; older builds sent what the user typed.
        return e164(p) if self.rng.random() < 0.7 else self.write_phone(p, p)

    # -- names ---------------------------------------------------------------------------------
    @staticmethod
    def name_for(writer_key: str, p) -> str:
        if (writer_key, p["key"]) in NICKNAMES:
            return NICKNAMES[(writer_key, p["key"])]
        if writer_key == p["key"]:
            return p["name"]
        return p["known_as"]

    # -- quotes --------------------------------------------------------------------------------
    def pool_for(self, circle, speaker: str) -> str:
        if circle["key"] == "work":
            if speaker in WORK_LAPSE and self.rng.random() < 0.3:
                return WORK_LAPSE[speaker]
            return "en_boss" if speaker == "linda" else "en_work"
        if speaker in SPEAKER_POOL:
            return SPEAKER_POOL[speaker]
        if circle["key"] == "carter":
            return CARTER_POOL
        if circle["key"] == "brasil" or (speaker == "ana" and circle["lang"] == "pt"):
            return "pt"
        return CIRCLE_POOL[circle["lang"]]

    def quote_record(self, text, said, heard, by, instant, zone):
        byp = BY_KEY[by]
        return dict(
            _instant=instant,
            text=text,
            saidBy={"phone": self.write_phone(BY_KEY[said], byp), "name": self.name_for(by, BY_KEY[said])},
            heardBy=[{"phone": self.write_phone(BY_KEY[h], byp), "name": self.name_for(by, BY_KEY[h])}
                     for h in heard],
            when=iso(instant, zone),
            submittedBy=self.submitter_phone(byp),
            _said=said, _heard=list(heard), _by=by,
        )

    def random_quote(self, circle):
        rng = self.rng
        members, hub = circle["members"], circle["hub"]
        weights = [circle["speaker_weight"].get(m, 2 if m == hub else 1) for m in members]
        said = rng.choices(members, weights)[0]
        others = [m for m in members if m != said]
        k = min(len(others), rng.choice([1, 1, 1, 2, 2, 2, 3, 4]))
        heard = rng.sample(others, k)
        if hub and hub != said and hub not in heard and rng.random() < 0.85:
            heard.insert(rng.randrange(len(heard) + 1), hub)
        in_quote = [said] + heard
        registered = [m for m in in_quote if BY_KEY[m]["q"]]
        circle_submitters = [m for m in members if BY_KEY[m]["q"]]
        outside = [m for m in circle_submitters if m not in in_quote]
        if registered and (rng.random() < 0.93 or not outside):
            heard_reg = [h for h in heard if BY_KEY[h]["q"]]
            by = rng.choice(heard_reg) if heard_reg and rng.random() < 0.85 else rng.choice(registered)
        else:
            by = rng.choice(outside)
        text = self.pools[self.pool_for(circle, said)].draw()
        instant = random_instant(rng, BY_KEY[by]["tz"])
        r = rng.random()
        zone = BY_KEY[by]["tz"] if r < 0.65 else (None if r < 0.9 else BY_KEY[said]["tz"])
        return self.quote_record(text, said, heard, by, instant, zone)

    def quotes(self):
        out = []
        for circle in CIRCLES:
            for _ in range(circle["n"]):
                out.append(self.random_quote(circle))
        for s in SPECIAL_QUOTES:
            instant = parse_iso(s["when"][0])
            out.append(self.quote_record(s["text"], s["said"], s["heard"], s["by"], instant, s["when"][1]))
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

    # -- contacts --------------------------------------------------------------------------------
    def contacts(self, quotes):
        pairs = []
        seen = set()
        for q in quotes:
            for p in [q["_said"]] + q["_heard"]:
                if p != q["_by"] and (q["_by"], p) not in seen:
                    seen.add((q["_by"], p))
                    pairs.append((q["_by"], p))
        entries = {}
        for owner, p in pairs:
            if self.rng.random() < 0.45:
                entries[(owner, p)] = self.name_for(owner, BY_KEY[p])
        for owner, p, name in FORCED_CONTACTS:
            entries[(owner, p)] = name
        order = {p["key"]: i for i, p in enumerate(PEOPLE)}
        out = []
        for (owner, p), name in sorted(entries.items(), key=lambda kv: (order[kv[0][0]], kv[1], order[kv[0][1]])):
            o = BY_KEY[owner]
            out.append({"owner": e164(o) if self.rng.random() < 0.6 else self.own_phone(o),
                        "phone": self.write_phone(BY_KEY[p], o), "name": name})
        return out

    # -- ideas -----------------------------------------------------------------------------------
    def author(self, key):
        if key in NON_USER_AUTHORS:
            a = NON_USER_AUTHORS[key]
            return dict(email=a["email"], name=a["name"], tz=a["tz"])
        p = BY_KEY[key]
        return dict(email=p["cj"]["email"], name=p["cj"]["name"], tz=p["tz"])

    def ideas(self):
        rng = self.rng
        by_lang = {}
        for lang, for_, text in IDEAS:
            by_lang.setdefault(lang, []).append((for_, text))
        drafts = []
        for lang, items in by_lang.items():
            quotas, fillers = IDEA_QUOTAS[lang]
            left = dict(quotas)
            pinned, free = [], []
            for for_, text in items:
                if text in IDEA_AUTHOR_PINS:
                    a = IDEA_AUTHOR_PINS[text]
                    if left.get(a, 0) > 0:
                        left[a] -= 1
                    pinned.append((a, for_, text))
                else:
                    free.append((for_, text))
            authors = [a for a, n in left.items() for _ in range(n)]
            while len(authors) < len(free):
                authors.append(rng.choice(fillers))
            authors = authors[:len(free)]
            rng.shuffle(authors)
            drafts += pinned + [(a, f, t) for a, (f, t) in zip(authors, free)]
        for s in SPECIAL_IDEAS:
            drafts.append((s["author"], s["for_"], s["text"], s["show"]))
        out = []
        for d in drafts:
            key, for_, text = d[:3]
            show = d[3] if len(d) > 3 else rng.random() < SHOW_NAME.get(key, 0.6)
            a = self.author(key)
            instant = random_instant(rng, a["tz"], recent_share=0.3)
            zone = None if rng.random() < 0.65 else a["tz"]
            email = a["email"].lower() if rng.random() < 0.2 else a["email"]
            name = a["name"]
            if key == "ben" and instant < dt.datetime(2025, 6, 1, tzinfo=UTC):
                name = "Ben C."  # the name he had in Settings back then
            out.append(dict(_instant=instant, _author=key, text=text, submittedAt=iso(instant, zone),
                            author={"email": email, "name": name}, showName=show,
                            **{"for": "self" if for_ == "S" else "someone"}))
        self.pin_idea_times(out)
        return self.assign_ids(out, "idea-{:04d}")

    @staticmethod
    def pin_idea_times(ideas):
        def first_by(key):
            return next(i for i in ideas if i["_author"] == key)
        # Emily's lastVisitAt is exactly this instant (written with another offset): not new to her.
        kate = first_by("kate")
        kate["_instant"] = parse_iso("2026-04-20T16:15:00Z")
        kate["submittedAt"] = "2026-04-20T16:15:00Z"
        # Two ideas at the same instant, on different calendar days in their writers' zones.
        for key, zone in (("sean", LON), ("yuki", TYO)):
            i = first_by(key)
            i["_instant"] = parse_iso("2026-03-14T15:09:26Z")
            i["submittedAt"] = iso(i["_instant"], zone)
        # The newest idea, a little before Tom's last visit (he has nothing new).
        newest = first_by("joao")
        newest["_instant"] = parse_iso("2026-05-10T08:45:00Z")
        newest["submittedAt"] = iso(newest["_instant"], SAO)

    # -- users -----------------------------------------------------------------------------------
    def changejar_users(self):
        out = []
        for p in PEOPLE:
            cj = p["cj"]
            if not cj:
                continue
            u = {"email": cj["email"], "name": cj["name"]}
            for field in ("lastVisitAt", "locale", "timeZone", "phone"):
                if cj[field] is not None:
                    u[field] = cj[field]
            out.append(u)
        return out

    def quotes_users(self):
        out = []
        for p in PEOPLE:
            q = p["q"]
            if not q:
                continue
            if p["cj"] and p["cj"]["phone"] == self.own_phone(p):
                raise SystemExit(f"{p['key']}: write the two apps' phones differently")
            u = {"phone": self.own_phone(p), "firstName": q["firstName"], "lastName": q["lastName"],
                 "locale": q["locale"], "timeZone": q["timeZone"]}
            if q["email"]:
                u["email"] = q["email"]
            out.append(u)
        return out

    # -- reviews ---------------------------------------------------------------------------------
    @staticmethod
    def reviews(ideas, quotes):
        def idea_where(pred):
            return next(i["id"] for i in ideas if pred(i))

        def quote_where(pred):
            return next(q["id"] for q in quotes if pred(q))

        long_idea = idea_where(lambda i: graphemes(i["text"]) == 160)
        ben_idea = idea_where(lambda i: i["_author"] == "ben" and i["text"] != "👍🏽")
        pt_idea = idea_where(lambda i: i["text"].startswith("Cozinhar feijoada"))
        template_q = quote_where(lambda q: "{{not a template}}" in q["text"])
        script_q = quote_where(lambda q: q["text"].startswith("<script>"))
        dad_q = quote_where(lambda q: q["_said"] == "robert")
        ja_q = quote_where(lambda q: q["_said"] == "bucho")
        fr_q = quote_where(lambda q: q["_said"] == "papa" and len(q["_heard"]) == 5)
        decisions = [
            {"item": long_idea, "action": "archive", "at": "2026-05-07T14:02:11Z"},
            {"item": pt_idea, "action": "later", "until": "2026-06-01", "at": "2026-05-07T14:03:40Z"},
            {"item": template_q, "action": "list", "list": "Newsletter", "at": "2026-05-07T14:05:00Z"},
            {"item": script_q, "action": "delete", "at": "2026-05-07T14:06:30Z"},
            {"item": dad_q, "action": "list", "list": "Newsletter", "at": "2026-05-07T14:08:00Z"},
            {"item": ja_q, "action": "later", "until": "2026-05-20", "at": "2026-05-07T14:09:15Z"},
            {"item": ben_idea, "action": "delete", "at": "2026-05-07T14:11:00Z"},
            {"item": fr_q, "action": "archive", "at": "2026-05-07T14:12:45Z"},
            # A second thought on the same items: the latest decision per item wins.
            {"item": pt_idea, "action": "list", "list": "Q3 roadmap", "at": "2026-05-08T09:30:00+02:00"},
            {"item": ben_idea, "action": "archive", "at": "2026-05-08T09:31:20+02:00"},
        ]
        return {"reviewer": "Board review, May", "exportedAt": "2026-05-08T09:45:00+02:00",
                "decisions": decisions}


def strip_private(items):
    """The exported records: `id` first, then the fields in DATA.md's order, no private keys."""
    return [{"id": it["id"], **{k: v for k, v in it.items() if not k.startswith("_") and k != "id"}}
            for it in items]


def write_json(path: Path, value) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(value, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")


def generate() -> None:
    g = Generator()
    quotes = g.quotes()
    ideas = g.ideas()
    contacts = g.contacts(quotes)
    write_json(CONTENT / "site.json", {
        "title": "Vantage sample", "defaultLocale": "en",
        "locales": ["en", "fr", "ru", "ar", "ja", "pt-BR"], "timeZone": "UTC", "defaultRegion": "US",
        "pageSize": 20, "buildDate": BUILD_DATE})
    write_json(CONTENT / "changejar" / "users.json", {"users": g.changejar_users()})
    write_json(CONTENT / "changejar" / "ideas.json", {"ideas": strip_private(ideas)})
    write_json(CONTENT / "quotes" / "export.json", {
        "users": g.quotes_users(), "quotes": strip_private(quotes), "contacts": contacts})
    write_json(CONTENT / "reviews" / "board-may.json", g.reviews(ideas, quotes))


# --------------------------------------------------------------------------------------------
# Check: read the files back and hold them to DATA.md (independently of the generator's state)
# --------------------------------------------------------------------------------------------

ALLOWED = {
    "site": {"title", "defaultLocale", "locales", "timeZone", "defaultRegion", "pageSize", "buildDate"},
    "idea": {"id", "text", "submittedAt", "author", "showName", "for"},
    "author": {"email", "name"},
    "cj_user": {"email", "name", "lastVisitAt", "locale", "timeZone", "phone"},
    "q_user": {"phone", "firstName", "lastName", "locale", "timeZone", "email"},
    "quote": {"id", "text", "saidBy", "heardBy", "when", "submittedBy"},
    "contact": {"phone", "name"},
    "address_book": {"owner", "phone", "name"},
    "review": {"reviewer", "exportedAt", "decisions"},
    "decision": {"item", "action", "until", "list", "at"},
}
REQUIRED = {
    "idea": {"id", "text", "submittedAt", "author", "showName", "for"},
    "cj_user": {"email", "name"},
    "q_user": {"phone", "firstName", "lastName", "locale", "timeZone"},
    "quote": {"id", "text", "saidBy", "heardBy", "when", "submittedBy"},
    "contact": {"phone", "name"},
    "address_book": {"owner", "phone", "name"},
    "decision": {"item", "action", "at"},
}


class Checker:
    def __init__(self):
        self.problems: list[str] = []

    def fail(self, where: str, msg: str) -> None:
        self.problems.append(f"{where}: {msg}")

    def fields(self, where, record, kind):
        if not isinstance(record, dict):
            return self.fail(where, "expected an object")
        for k in REQUIRED.get(kind, ()):
            if record.get(k) is None:
                self.fail(where, f"missing required field {k!r}")
        for k in record:
            if k not in ALLOWED[kind]:
                self.fail(where, f"unknown field {k!r}")
            if "password" in k.lower():
                self.fail(where, f"password field {k!r}")

    def instant(self, where, s, before):
        try:
            t = parse_iso(s)
        except (ValueError, TypeError) as e:
            self.fail(where, str(e))
            return None
        if t >= before:
            self.fail(where, f"{s} is not before the build date")
        return t

    def phone(self, where, s):
        try:
            return normalise(s)
        except (ValueError, phonenumbers.NumberParseException) as e:
            self.fail(where, str(e))
            return None

    def text(self, where, s, max_graphemes=None):
        if not isinstance(s, str) or not s.strip():
            return self.fail(where, "expected non-empty text")
        n = graphemes(s)
        if max_graphemes and not 1 <= n <= max_graphemes:
            self.fail(where, f"{n} grapheme clusters, expected 1..{max_graphemes}")


def load(rel: str):
    return json.loads((CONTENT / rel).read_text(encoding="utf-8"))


def check() -> dict:
    c = Checker()
    site = load("site.json")
    c.fields("site.json", site, "site")
    build = parse_iso(site["buildDate"])
    page = site["pageSize"]
    cj_users = load("changejar/users.json")["users"]
    ideas = load("changejar/ideas.json")["ideas"]
    export = load("quotes/export.json")
    reviews = {p.name: json.loads(p.read_text(encoding="utf-8")) for p in sorted((CONTENT / "reviews").glob("*.json"))}

    # ---- Quotes users
    homes = []                     # merged people with a home
    by_phone, by_email = {}, {}
    for i, u in enumerate(export["users"]):
        w = f"quotes/export.json users[{i}]"
        c.fields(w, u, "q_user")
        ZoneInfo(u["timeZone"])
        ph = c.phone(w + ".phone", u["phone"])
        person_ = dict(name=f'{u["firstName"]} {u["lastName"]}', phone=ph, email=None, quotes=True, cj=False,
                       locale=u["locale"], tz=u["timeZone"], last_visit=None, link=None)
        if u.get("email"):
            person_["email"] = u["email"].lower()
            if person_["email"] in by_email:
                c.fail(w, "email shared with another Quotes user")
            by_email[person_["email"]] = person_
        if ph in by_phone:
            c.fail(w, "phone shared with another Quotes user")
        by_phone[ph] = person_
        homes.append(person_)
    # ---- Change Jar users (merge by phone or lower-cased email)
    cj_emails = set()
    for i, u in enumerate(cj_users):
        w = f"changejar/users.json users[{i}]"
        c.fields(w, u, "cj_user")
        email = u["email"].lower()
        if email in cj_emails:
            c.fail(w, "email shared with another Change Jar user")
        cj_emails.add(email)
        ph = c.phone(w + ".phone", u["phone"]) if u.get("phone") else None
        if u.get("timeZone"):
            ZoneInfo(u["timeZone"])
        last = c.instant(w + ".lastVisitAt", u["lastVisitAt"], build) if u.get("lastVisitAt") else None
        by_ph = by_phone.get(ph) if ph else None
        by_em = by_email.get(email)
        if by_ph and by_em and by_ph is not by_em:
            c.fail(w, "phone and email link to two different Quotes users")
        match = by_ph or by_em
        if match and match["cj"]:
            c.fail(w, "two Change Jar users link to one person")
        if match:
            match.update(cj=True, last_visit=last, cj_name=u["name"], cj_email=email,
                         link="phone+email" if by_ph and by_em else ("phone" if by_ph else "email"),
                         written_email=u["email"], quotes_email=match["email"])
            match["email"] = match["email"] or email
            by_email[email] = match
        else:
            if ph and ph in by_phone:
                c.fail(w, "phone collides")
            person_ = dict(name=u["name"], phone=ph, email=email, cj_email=email, quotes=False, cj=True,
                           locale=u.get("locale"), tz=u.get("timeZone"), last_visit=last, link=None)
            homes.append(person_)
            by_email[email] = person_
            if ph:
                by_phone[ph] = person_

    # ---- Quotes
    quote_ids = set()
    contact_only = {}              # phone -> names recorded for it
    quotes = []
    for i, q in enumerate(export["quotes"]):
        w = f"quotes/export.json quotes[{i}]"
        c.fields(w, q, "quote")
        if q["id"] in quote_ids:
            c.fail(w, "duplicate id")
        quote_ids.add(q["id"])
        c.text(w + ".text", q["text"])
        t = c.instant(w + ".when", q["when"], build)
        if not isinstance(q["saidBy"], dict):
            c.fail(w + ".saidBy", "expected exactly one contact (an object)")
            continue
        c.fields(w + ".saidBy", q["saidBy"], "contact")
        said = c.phone(w + ".saidBy.phone", q["saidBy"]["phone"])
        if not isinstance(q["heardBy"], list) or not q["heardBy"]:
            c.fail(w + ".heardBy", "expected one or more contacts")
            continue
        heard = []
        for j, h in enumerate(q["heardBy"]):
            c.fields(f"{w}.heardBy[{j}]", h, "contact")
            heard.append(c.phone(f"{w}.heardBy[{j}].phone", h["phone"]))
        if len(set(heard)) != len(heard) or said in heard:
            c.fail(w, "a person appears twice in one quote")
        by = c.phone(w + ".submittedBy", q["submittedBy"])
        if by not in by_phone or not by_phone[by]["quotes"]:
            c.fail(w + ".submittedBy", "not a registered Quotes user")
        for ph, contact in [(said, q["saidBy"])] + list(zip(heard, q["heardBy"])):
            if ph not in by_phone:
                contact_only.setdefault(ph, []).append(contact["name"])
        quotes.append(dict(id=q["id"], t=t, said=said, heard=heard, by=by, text=q["text"]))
    # ---- Address books
    for i, e in enumerate(export.get("contacts", [])):
        w = f"quotes/export.json contacts[{i}]"
        c.fields(w, e, "address_book")
        owner = c.phone(w + ".owner", e["owner"])
        c.phone(w + ".phone", e["phone"])
        if owner not in by_phone or not by_phone[owner]["quotes"]:
            c.fail(w + ".owner", "not a registered Quotes user")
    # ---- Ideas
    idea_ids = set()
    lengths = []
    authors = {}
    for i, idea in enumerate(ideas):
        w = f"changejar/ideas.json ideas[{i}]"
        c.fields(w, idea, "idea")
        c.fields(w + ".author", idea["author"], "author")
        if idea["id"] in idea_ids:
            c.fail(w, "duplicate id")
        idea_ids.add(idea["id"])
        c.text(w + ".text", idea["text"], max_graphemes=160)
        lengths.append(graphemes(idea["text"]))
        idea["_t"] = c.instant(w + ".submittedAt", idea["submittedAt"], build)
        if not isinstance(idea["showName"], bool):
            c.fail(w + ".showName", "expected true or false")
        if idea["for"] not in ("self", "someone"):
            c.fail(w + ".for", "expected \"self\" or \"someone\"")
        authors.setdefault(idea["author"]["email"].lower(), []).append(idea)
    # ---- Reviews
    for name, r in reviews.items():
        c.fields(f"reviews/{name}", r, "review")
        c.instant(f"reviews/{name}.exportedAt", r["exportedAt"], build)
        for i, d in enumerate(r["decisions"]):
            w = f"reviews/{name} decisions[{i}]"
            c.fields(w, d, "decision")
            c.instant(w + ".at", d["at"], build)
            if d["item"] not in idea_ids and d["item"] not in quote_ids:
                c.fail(w + ".item", "no such idea or quote")
            if d["action"] not in ("archive", "delete", "later", "list"):
                c.fail(w + ".action", "unknown action")
            if d["action"] == "later":
                dt.date.fromisoformat(d.get("until") or "missing")
            if d["action"] == "list" and not d.get("list"):
                c.fail(w, "list decision without a list")

    # ---- What each home sees
    for h in homes:
        ph = h["phone"]
        vis = [q for q in quotes if ph and (q["said"] == ph or ph in q["heard"])]
        h["visible"] = len(vis)
        h["said"] = sum(1 for q in vis if q["said"] == ph)
        h["heard"] = h["visible"] - h["said"]
        h["submitted_unseen"] = sum(1 for q in quotes if q["by"] == ph and q not in vis)
        speakers = {}
        for q in vis:
            speakers[q["said"]] = speakers.get(q["said"], 0) + 1
        h["top_speaker"] = max(speakers.values()) if speakers else 0
        h["top_contact_speaker"] = max([n for ph_, n in speakers.items() if ph_ in contact_only] or [0])
        mine = authors.get(h.get("cj_email") or "", [])
        h["mine"] = len(mine)
        lv = h["last_visit"] if h["cj"] else None
        h["new"] = sum(1 for i in ideas if i not in mine and (lv is None or i["_t"] > lv))
        h["never_visited"] = lv is None

    if c.problems:
        for p in c.problems:
            print("error:", p, file=sys.stderr)
        sys.exit(1)

    stats = dict(homes=homes, contact_only=contact_only, quotes=quotes, ideas=ideas, lengths=lengths,
                 page=page, authors=authors, cj_users=cj_users, export=export, reviews=reviews)
    require(stats)
    return stats


def require(s) -> None:
    """The brief's minimums, so that a change to the lists cannot quietly weaken the sample."""
    homes = s["homes"]
    both = [h for h in homes if h["quotes"] and h["cj"]]
    rules = [
        (len(homes) >= 30, f"{len(homes)} homes, want >= 30"),
        (len(both) * 2 > len(homes), "most people should be in both apps"),
        (any(h["quotes"] and not h["cj"] for h in homes), "someone only in Quotes"),
        (any(h["cj"] and not h["quotes"] for h in homes), "someone only in Change Jar"),
        (len(s["contact_only"]) >= 12, f"{len(s['contact_only'])} contact-only people, want >= 12"),
        (len(s["quotes"]) >= 300, "want >= 300 quotes"),
        (len(s["ideas"]) >= 120, "want >= 120 ideas"),
        (sum(1 for h in homes if h["visible"] >= 45) >= 3, "want three viewers with 45+ quotes"),
        (sum(1 for h in homes if h["mine"] > s["page"]) >= 2, "want two authors with 2+ pages of ideas"),
        (any(h["never_visited"] and h["cj"] for h in homes), "want a never-visited Change Jar user"),
        (any(h["top_contact_speaker"] > s["page"] for h in homes),
         "want a contact-only speaker with 2+ pages of quotes for one viewer"),
        (any(h["said"] > s["page"] for h in homes), "want a viewer with 2+ pages of Said By"),
        (min(s["lengths"]) == 1 and max(s["lengths"]) == 160, "want ideas of 1 and of 160 graphemes"),
        (any(not i["showName"] for i in s["ideas"]) and any(i["showName"] for i in s["ideas"]), "names"),
        (any(i["for"] == "someone" for i in s["ideas"]) and any(i["for"] == "self" for i in s["ideas"]),
         "for"),
        (any("{{not a template}}" in q["text"] for q in s["quotes"]), "want {{not a template}}"),
        (all(any(ch in "".join(q["text"] for q in s["quotes"]) for ch in x) for x in "&<>\"'"), "escapes"),
        (len({h["locale"] for h in homes if h["locale"]}) >= 6, "want six locales"),
        (any(h["visible"] == 0 and h["quotes"] for h in homes), "want a Quotes user who sees nothing"),
        (len([h for h in homes if h["name"] == "Maria Silva"]) == 2, "want two Maria Silva"),
    ]
    failed = [msg for ok, msg in rules if not ok]
    if failed:
        sys.exit("sample does not meet the brief: " + "; ".join(failed))


def main(argv) -> None:
    if "--check" not in argv:
        generate()
    stats = check()
    if "--check" not in argv:
        write_readme(stats)
    homes = stats["homes"]
    print(f"ok: {len(homes)} homes, {len(stats['contact_only'])} contact-only, "
          f"{len(stats['quotes'])} quotes, {len(stats['ideas'])} ideas")



# --------------------------------------------------------------------------------------------
# content/README.md
# --------------------------------------------------------------------------------------------

PERSONA_NOTES = """\
## Personas worth knowing

- **Ana Lima** — in both apps, linked by **email with a case difference** (`Ana.Lima@Example.com` in
  Change Jar, `ana.lima@example.com` in Quotes; her ideas use either form). Change Jar says pt-BR /
  São Paulo, Quotes says en-US / Los Angeles: **Quotes wins**. Hub of the San Francisco circle and
  member of the Brazil and work circles: **several pages of quotes**; author of 2+ pages of ideas
  ("Mine"), including the anonymous 160-grapheme idea. Her address book calls her mother "Mãe 💛"
  while the quotes she submitted record "Mãe" (rule 2 of Names: her own contact name wins).
- **Ben Carter** — linked by **phone written differently** (`212.555.0147` vs `+1 212 555 0147`);
  Change Jar name "Benjamin Carter", Quotes name "Ben Carter" (Quotes wins); older ideas carry the
  author name "Ben C.". Hub of the Carter family: **several pages of quotes**, 2+ pages of ideas,
  the 1-grapheme idea "👍🏽". His contacts name Grace "Honey" but Grace is a Quotes user, so rule 1
  shows "Grace Carter"; his boss Linda is "Boss" in his address book and "Linda (work)" in his quotes.
- **Robert Carter ("Dad")** — the **contact-only speaker** with the most quotes: Ben records
  him as "Dad", Grace as "Bob" (her address book: "Bob Carter"), Samuel as "Mr. Carter". His
  "quotes said by" page needs more than one page for Ben.
- **Léa Martin** — hub of the Martin family (French, Paris), linked by phone (`+33 6 12 34 56 78` vs
  `0033 6 12 34 56 78`); her Change Jar name is stored **decomposed** (NFD). The Christmas quote has
  five hearers.
- **أحمد حسن (Ahmed Hassan)** — an **Arabic (ar-EG, Cairo) viewer**, right-to-left; Quotes name in
  Arabic script, Change Jar name in Latin script (Quotes wins); linked by phone (`00201012345678`).
  فاطمة الزهراني (ar-SA, Riyadh) is a second Arabic viewer, linked by email.
- **The two Maria Silva** — same name, both Quotes users (São Paulo: both apps; Rio: Quotes only):
  **slug collision**. João Pereira records both of them as "Maria Silva" under different numbers.
- **Never visited Change Jar** — Daniel Okafor, Chloé Lefèvre, Beatriz Costa (no `lastVisitAt`):
  every idea is new to them. Beatriz has no locale, time zone or phone (site defaults). Every
  Quotes-only person also counts as never visited.
- **Daniel Okafor** and **Игорь Смирнов** are Change Jar-only users whose phones appear in quotes:
  they have homes and see those quotes, but are named by contact/recorded names, not as Quotes users.
- **Marcus Lee** — a Quotes user who **submitted two quotes he is in neither side of**: he sees
  **no quotes at all** (submitting does not make a quote visible).
- **Tom Nguyen** visited at 11:30Z on build day: **no new ideas** (bell 0). **Emily Chen**'s
  `lastVisitAt` (`2026-04-20T09:15:00-07:00`) is **the same instant** as an idea's `submittedAt`
  (`2026-04-20T16:15:00Z`): that idea is not new to her (new means strictly after).
- **Harriet Wells** (Change Jar only) never shows her name on ideas: her name must appear nowhere but
  her own pages and the "view as" index. Two ideas by people who never registered (Nora Fitzgerald,
  Rafael Gómez) exercise idea authors without a home.
- **Ties**: two ideas share the instant `2026-03-14T15:09:26Z` (written `+00:00` and `+09:00`, on
  different calendar days); two quotes share `2026-03-14T23:00:00Z` (written `-04:00` and `Z`).
  A few ids are out of time order (late arrivals), so order by time, then id.
- **Escaping**: quotes contain `&`, `<`, `>`, `"`, `'`, a literal `&amp;`, a `<script>` tag and
  `{{not a template}}`; an idea contains `<b>boss</b>`; one quote has line breaks; a Portuguese quote
  and a French idea are decomposed (NFD) and must be stored NFC.
- **Time zones**: the New Year quote is `2025-12-31T23:45:00-08:00` in Los Angeles, already
  1 January in UTC, Paris and Tokyo. The last quote is five minutes before the build.
- **Address book only**: Ben's "Pizza Place" and Léa's "Dentiste Dr Roux" are contacts whose
  numbers are in no quote.
- **Reviews** (`reviews/board-may.json`): all four actions; two items are decided twice
  (later → list "Q3 roadmap", delete → archive) and the later decision wins.
"""


def write_readme(s) -> None:
    homes = s["homes"]
    both = [h for h in homes if h["quotes"] and h["cj"]]
    q_only = [h for h in homes if h["quotes"] and not h["cj"]]
    cj_only = [h for h in homes if h["cj"] and not h["quotes"]]
    links = {}
    for h in both:
        links[h["link"]] = links.get(h["link"], 0) + 1
    ideas = s["ideas"]
    anon = sum(1 for i in ideas if not i["showName"])
    for_someone = sum(1 for i in ideas if i["for"] == "someone")
    decisions = sum(len(r["decisions"]) for r in s["reviews"].values())
    locales = sorted({h["locale"] for h in homes if h["locale"]})
    zones = sorted({h["tz"] for h in homes if h["tz"]})
    multi = [h for h in homes if h["visible"] > s["page"]]

    def row(h):
        apps = "both" if h["quotes"] and h["cj"] else ("Quotes" if h["quotes"] else "Change Jar")
        link = h["link"] or "—"
        visit = "never" if h["never_visited"] else "yes"
        return (f"| {h['name']} | {apps} | {link} | {h['locale'] or '(default)'} | {h['tz'] or '(default)'} "
                f"| {h['visible']} ({h['said']}/{h['heard']}) | {h['mine']} | {h['new']} | {visit} |")

    lines = [
        "# Sample content",
        "",
        "Generated by `scripts/make-sample-content.py` (fixed seed, hand-written names and phrases,",
        "no network). Regenerate with `python3 scripts/make-sample-content.py` (needs",
        "`pip install phonenumbers regex`); `--check` only validates the files against DATA.md.",
        "Do not edit these files by hand: change the script and regenerate.",
        "",
        "| file | what |",
        "| --- | --- |",
        "| `site.json` | title, locales, `defaultRegion` US, `pageSize` 20, `buildDate` 2026-05-10T12:00:00Z |",
        f"| `changejar/users.json` | {len(s['cj_users'])} Change Jar users |",
        f"| `changejar/ideas.json` | {len(ideas)} ideas ({anon} anonymous, {for_someone} for someone, "
        f"{len(ideas) - for_someone} for self; {min(s['lengths'])}..{max(s['lengths'])} graphemes) |",
        f"| `quotes/export.json` | {len(s['export']['users'])} Quotes users, {len(s['quotes'])} quotes, "
        f"{len(s['export']['contacts'])} address-book entries |",
        f"| `reviews/board-may.json` | {decisions} decisions, all four actions |",
        "",
        "## Counts",
        "",
        f"- **{len(homes)} people with a home**: {len(both)} in both apps "
        f"(linked by " + ", ".join(f"{k}: {v}" for k, v in sorted(links.items())) + "), "
        f"{len(q_only)} only in Quotes, {len(cj_only)} only in Change Jar.",
        f"- **{len(s['contact_only'])} contact-only people** (in quotes, never registered).",
        f"- Locales: {', '.join(locales)}. Time zones: {', '.join(zones)}.",
        f"- {len(multi)} viewers see more than one page ({s['page']}) of quotes; "
        f"{sum(1 for h in homes if h['visible'] >= 45)} see 45 or more.",
        "- Phones are written as people type them (`(415) 555-0123`, `415.555.0123`, `1-415-555-0123`,",
        "  `+33 6 12 34 56 78`, `0033 6 12 34 56 78`, `+7 (912) 345-67-89`, `0081-90-1234-5678`, …); every",
        "  foreign number has `+` or `00` (numbers without are read in the default region, US). Each one",
        "  normalises to a valid E.164 number and no two people share one.",
        "- Timestamps span 2025-01 to the build day, written with `Z` or the writer's offset",
        "  (`-07:00`, `+09:00`, `+05:00`, …, daylight saving included).",
        "",
        "## People with a home",
        "",
        "Quotes: visible (said/heard). Ideas: written (Mine), new to them at build time.",
        "",
        "| name | apps | linked by | locale | time zone | quotes | mine | new | visited CJ |",
        "| --- | --- | --- | --- | --- | --- | --- | --- | --- |",
        *[row(h) for h in homes],
        "",
        "## Contact-only people (names as recorded in quotes)",
        "",
        *[f"- " + ", ".join(dict.fromkeys(names)) + f" ({len(names)} mentions)"
          for names in s["contact_only"].values()],
        "",
        PERSONA_NOTES.rstrip(),
        "",
    ]
    (CONTENT / "README.md").write_text("\n".join(lines), encoding="utf-8")


if __name__ == "__main__":
    main(sys.argv[1:])
