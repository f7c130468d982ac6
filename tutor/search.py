"""Search the rules reference the way a learner asks: "why can't I win",
"what ends the game", "how many cards do I draw".

One search serves ``solo-fluxx rules --search`` and the palette's "Rules:"
entries. It is SQLite's FTS5 (in the standard library's ``sqlite3``), in
memory, built from the reference the first time it is asked: BM25 ranking
(an entry's title weighs most, then the words of its id, then its text), the
Porter stemmer (draw, draws, drawing are one word), and a small table of
synonyms for game terms (won is win, throw away is discard, held is hand).
The synonyms are single words and short phrases of the game, never whole
questions. Where FTS5 is missing from the Python build, a plain ranked word
match with the same interface does the work.
"""
from __future__ import annotations

import difflib
import math
import re
import sqlite3
from collections.abc import Iterable
from dataclasses import dataclass

from .reference import REFERENCE, Entry

# Words that carry no meaning for the rules ("how many cards do I draw": cards, draw).
STOP = frozenset("""
a about after all am an and any are as at be been before being but by can can't cannot could did do does
doing don't for from get gets got had has have having he her his how i if in into is it it's its just me
mean means might more most must my no not of on once one only or other our out own same she should so
some such than that the their them then there these they this those to too very was we were what
when where which while who why will with would you your yours game fluxx card cards happen happens
happened work works thing things rule rules
""".split())
# Kept although common: they are game words (most, more, other, out, first, end, play, all, no).
STOP = STOP - {"most", "more", "other", "out", "no", "all", "first", "one", "rule", "rules", "play", "card"}

# Game terms a learner uses for the words the reference uses: each key stands for
# itself and its alternatives. Single words or two-word phrases; no questions.
SYNONYMS: dict[str, tuple[str, ...]] = {
    "win": ("won", "winning", "wins", "winner", "victory", "meet", "meets"),
    "discard": ("throw away", "toss", "get rid", "lose", "discarded"),
    "hand": ("held", "hold", "holding"),
    "draw": ("drew", "drawn", "pick up"),
    "end": ("ends", "over", "finish", "finished", "stalemate"),
    "cancel": ("canceled", "cancelled", "counter"),
    "first": ("start", "begin", "starting", "opening"),
    "score": ("scored", "scoring", "points", "point"),
    "extra": ("bonus", "again", "row"),
    "attach": ("attached", "stuck", "attaches"),
    "pile": ("deck", "runs out", "run out", "ran out"),
    "go": ("goes", "going"),
    "deal": ("dealt", "starting hand"),
    "goal": ("goals", "objective", "target"),
    "keeper": ("keepers",),
    "creeper": ("creepers",),
    "limit": ("limits", "maximum", "max", "down to"),
    "many": ("number", "count", "much"),
    "steal": ("take", "took", "stolen"),
    "replace": ("replaces", "replaced"),
    "television": ("tv",),
    "stop": ("stops", "block", "blocks", "prevent"),
    "temporary": ("temp",),
    "free": ("freely", "costs"),
    "random": ("randomly", "chance"),
    "tie": ("tied", "both", "two players"),
    "nobody": ("no one", "noone"),
}
# every alternative back to its key
_ALIAS: dict[str, str] = {}


def register_synonyms(table: dict[str, tuple[str, ...]]) -> None:
    """A variant adds the words a learner uses for its own terms (Solo Fluxx:
    alone, solitaire); a key already there gains the new alternatives."""
    for key, alts in table.items():
        SYNONYMS[key] = tuple(dict.fromkeys(SYNONYMS.get(key, ()) + tuple(alts)))
        for alt in alts:
            _ALIAS.setdefault(alt, key)


register_synonyms(dict(SYNONYMS))


def words(text: str) -> list[str]:
    """The words of a query or an entry, lower case (apostrophes kept inside a word)."""
    return re.findall(r"[a-z0-9]+(?:'[a-z]+)?", text.lower())


def terms(query: str) -> list[tuple[str, ...]]:
    """The query as groups of alternatives: each meaningful word (or known
    two-word phrase) with its synonyms; stop words dropped."""
    ws = words(query)
    out: list[tuple[str, ...]] = []
    i = 0
    while i < len(ws):
        pair = " ".join(ws[i:i + 2])
        if pair in _ALIAS or pair in SYNONYMS:
            key = _ALIAS.get(pair, pair)
            i += 2
        else:
            w = ws[i]
            i += 1
            if w in STOP:
                continue
            key = _ALIAS.get(w, w)
        group = (key, *SYNONYMS.get(key, ()))
        if group not in out:
            out.append(group)
    return out


@dataclass(frozen=True)
class Hit:
    entry: Entry
    score: float  # higher is better (comparable within one query only)


def _doc(e: Entry) -> tuple[str, str, str]:
    """What an entry is searched by: its title, the words of its id, its text and source."""
    return e.title, " ".join(e.id.replace(".", " ").replace("-", " ").split()), f"{e.text} {e.source}"


class FtsIndex:
    """The reference in an FTS5 table in memory: BM25, Porter stemming."""

    WEIGHTS = (6.0, 3.0, 1.0)  # title, id words, text

    def __init__(self, entries: Iterable[Entry]):
        self.entries = list(entries)
        self.db = sqlite3.connect(":memory:", check_same_thread=False)
        self.db.execute("CREATE VIRTUAL TABLE ref USING fts5(title, idwords, body, "
                        "tokenize = 'porter unicode61 remove_diacritics 2')")
        self.db.executemany("INSERT INTO ref(rowid, title, idwords, body) VALUES (?, ?, ?, ?)",
                            [(i, *_doc(e)) for i, e in enumerate(self.entries)])

    def search(self, query: str, limit: int = 10) -> list[Hit]:
        groups = terms(query)
        if not groups:
            return []
        match = " OR ".join("(" + " OR ".join(_fts_phrase(t) for t in g) + ")" for g in groups)
        rows = self.db.execute(f"SELECT rowid, bm25(ref, {', '.join(map(str, self.WEIGHTS))}) AS r "
                               "FROM ref WHERE ref MATCH ? ORDER BY r LIMIT ?", (match, limit * 4)).fetchall()
        # BM25 is smaller for better matches
        return ranked([(self.entries[i], -r) for i, r in rows], groups, query, limit)


def _fts_phrase(term: str) -> str:
    return '"' + term.replace('"', "") + '"'


_STEMS = ("ing", "ed", "es", "s")


def stem(w: str) -> str:
    """A plain stemmer for the fallback (the FTS5 index uses Porter's)."""
    for suffix in _STEMS:
        if len(w) > len(suffix) + 2 and w.endswith(suffix):
            return w[: -len(suffix)]
    return w


HEAD_COLS, TEXT_COLS = slice(0, 2), slice(2, 3)  # an entry's title and id words; its text


def _coverage(e: Entry, groups: list[tuple[str, ...]], col: slice = HEAD_COLS) -> float:
    """How many of the query's groups the entry mentions (0 to 1): in its
    title and id (``col`` 0-2), or in its text (2-3)."""
    head = {stem(w) for w in words(" ".join(_doc(e)[col]))}
    got = sum(1 for g in groups if any(all(stem(x) in head for x in words(t)) for t in g))
    return got / len(groups)


CARD_ENTRY_WEIGHT = 0.5  # a card's own entry, when the question does not name the card: rules answer first


def ranked(scored: list[tuple[Entry, float]], groups: list[tuple[str, ...]], query: str,
           limit: int) -> list[Hit]:
    """The final order, the same for both indexes: the text score, raised by
    how much of the question the entry's title and id cover, and a card's own
    entry after the rules unless the question names that card."""
    asked = set(words(query))
    keys = {stem(g[0]) for g in groups}
    out = []
    for e, score in scored:
        # an entry that covers more of the question ranks higher: in its title and id most, in its text too
        score *= 1 + 2 * _coverage(e, groups) + _coverage(e, groups, TEXT_COLS)
        if {stem(w) for w in words(e.id.rsplit(".", 1)[-1])} <= keys:  # the entry of the very thing asked about
            score *= 1.3
        if e.id.startswith("cards.") and not set(words(e.title.split(" (")[0])) <= asked:
            score *= CARD_ENTRY_WEIGHT
        out.append(Hit(e, score))
    out.sort(key=lambda h: -h.score)
    return out[:limit]


class PlainIndex:
    """The same search without FTS5: words stemmed plainly, ranked by a
    BM25-like sum over the query's groups with the same column weights."""

    def __init__(self, entries: Iterable[Entry]):
        self.entries = list(entries)
        self.docs = []
        df: dict[str, int] = {}
        for e in self.entries:
            cols = [[stem(w) for w in words(c)] for c in _doc(e)]
            self.docs.append(cols)
            for w in set(w for c in cols for w in c):
                df[w] = df.get(w, 0) + 1
        n = len(self.entries)
        self.idf = {w: math.log(1 + (n - d + 0.5) / (d + 0.5)) for w, d in df.items()}

    def search(self, query: str, limit: int = 10) -> list[Hit]:
        groups = terms(query)
        if not groups:
            return []
        hits: list[tuple[Entry, float]] = []
        for e, cols in zip(self.entries, self.docs, strict=True):
            score = 0.0
            for g in groups:
                best = 0.0
                for t in g:
                    ws = [stem(w) for w in words(t)]
                    for weight, col in zip(FtsIndex.WEIGHTS, cols, strict=True):
                        if ws and all(w in col for w in ws):
                            tf = min(col.count(w) for w in ws)
                            best = max(best, weight * sum(self.idf.get(w, 0.0) for w in ws) * tf / (tf + 1.2))
                score += best
            if score > 0:
                hits.append((e, score))
        return ranked(hits, groups, query, limit)


def fts5_available() -> bool:
    try:
        sqlite3.connect(":memory:").execute("CREATE VIRTUAL TABLE t USING fts5(x)")
    except sqlite3.Error:
        return False
    return True


_INDEX: FtsIndex | PlainIndex | None = None
_SIZE = -1


def index(plain: bool = False) -> FtsIndex | PlainIndex:
    """The index of the whole reference (made at first use, and again when a
    variant has registered entries since)."""
    global _INDEX, _SIZE
    if plain:
        return PlainIndex(REFERENCE.values())
    if _INDEX is None or _SIZE != len(REFERENCE):
        entries = list(REFERENCE.values())
        _INDEX = FtsIndex(entries) if fts5_available() else PlainIndex(entries)
        _SIZE = len(entries)
    return _INDEX


def search(query: str, limit: int = 10) -> list[Hit]:
    """The entries that answer a question, best first."""
    return index().search(query, limit)


def closest(query: str, n: int = 3) -> list[Entry]:
    """For a query with no hit: the entries whose titles read most like it."""
    titles = {e.title.lower(): e for e in REFERENCE.values()}
    names = difflib.get_close_matches(query.lower(), list(titles), n=n, cutoff=0.0)
    return [titles[t] for t in names]
