"""The table's parts, laid out as the Solo Fluxx diagram.

Every zone is a labelled box (``Pane``: its label is on its top border)
that works out its words from the game and its width. The boxes are drawn
by one widget (``BoxRows``), row by row; the banner, the hand, the card
line, the tutor panel and the keys are widgets of their own. The game screen
asks each to show the game after every answer. A row with more cards than
its width holds says "+N more" instead of pushing another zone away. A
standard game uses the same boxes, with the New Rules area in place of the
spots and a row per other seat.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any

from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual.content import Content
from textual.geometry import Region, Size
from textual.strip import Strip
from textual.style import Style as VisualStyle
from textual.visual import Padding, Visual
from textual.widget import Widget
from textual.widgets import OptionList, SelectionList, Static
from textual.widgets.option_list import Option

from engine.game import Game
from engine.goals import has
from engine.records import Frame
from solo.store.info import GameInfo

from .cardtext import card
from .lines import join, styled


class Kept(dict[Any, Any]):
    """What was made once, kept by what it was made from (a line's text and
    width, say): an answer changes a few lines of many. Holds at most
    ``limit`` entries; past that the one used longest ago goes (a dict keeps
    its order of insertion, and a use moves an entry to the end), so what the
    table shows now is always kept, however full the cache was before: what
    is drawn and what is made again never depend on earlier screens."""

    def __init__(self, limit: int) -> None:
        super().__init__()
        self.limit = limit

    def keep(self, key: Any, make: Any, *args: Any) -> Any:
        """What ``make(*args)`` made for ``key``, made now if not kept."""
        got = self.pop(key, None)
        if got is None:
            got = make(*args)
            while len(self) >= self.limit:
                del self[next(iter(self))]  # the least recently used
        self[key] = got  # (back) at the end: the most recently used
        return got

SPOT_TITLES = {"draw": "Draw", "play": "Play", "limit": "Limit", "other": "Other"}


def keeper_units(g: Game, p: int) -> list[Content]:
    """A seat's Keepers and Creepers, the Creepers (and Keepers carrying one)
    first, an attached Creeper written with its Keeper as the one unit it is."""
    att = g.attached
    out: list[tuple[bool, Content]] = []
    for c in g.tables[p]:
        if c in att:
            continue
        s = card(g, c, short=True)
        creepy = g.db.cards[c].type == "creeper"
        for cr, k in att.items():
            if k == c:
                s += Content("+") + card(g, cr, short=True)
                creepy = True
        out.append((creepy, s))
    return [s for creepy, s in out if creepy] + [s for creepy, s in out if not creepy]


def creeper_units(g: Game, p: int) -> int:
    """How many of ``keeper_units`` carry a Creeper (they come first)."""
    att = g.attached
    return sum(1 for c in g.tables[p] if c not in att
               and (g.db.cards[c].type == "creeper" or any(k == c for k in att.values())))


def goal_progress(g: Game, goal: int, p: int = 0) -> str:
    """What p has and lacks toward a Goal, in a few words."""
    gd = g.db.goal_defs[goal]
    infl = g.inflation()
    if gd.most_of:
        have = len(g.hands[p]) if gd.most_of == "hand" else g.keeper_count(p)
        what = "cards in hand" if gd.most_of == "hand" else "Keepers"
        return f"have {have} {what} of {gd.most_count + infl}"
    parts = []
    if gd.required:
        got = [g.name(c) for c in gd.required if has(g, p, c)]
        need = [g.name(c) for c in gd.required if not has(g, p, c)]
        if got:
            parts.append("have " + ", ".join(got))
        parts.append("need " + ", ".join(need) if need else "all there")
    if gd.any_count:
        n = sum(1 for c in gd.any_cards if c in g.tables[p])
        parts.append(f"have {n} of {gd.any_count + infl}")
    bad = [g.name(c) for c in gd.forbidden if g._has_anywhere(c)]
    if bad:
        parts.append("no " + ", ".join(bad) + " allowed")
    return " · ".join(parts)


class Pane:
    """One labelled box of the table (its label is on its top border). A
    pane is not a widget: the row of boxes it sits in (``BoxRows``) draws it,
    since each widget of its own cost the first frame about 4 ms. ``text``
    gives, for the game and the cells inside its border, its title, the label
    on its bottom border (or None) and its content (Content: nothing in it is
    read as markup). ``info.layout`` is the table's layout ("compact",
    "roomy" or "wide"): a roomy box adds the card's words."""

    key = ""  # what it is known by (the screen's tests, ``BoxRows.region_of``)
    label = ""
    width: int | None = None  # cells, or None: an equal share of what the fixed panes leave
    min_width = 0
    wrap = True  # words wrap onto the next line; False: each line is cut with "…"
    whole_lines: Any = None  # (g, info, room) -> how many of its first lines must never be cut, or None

    def text(self, g: Game, info: GameInfo, room: int) -> tuple[str, str | None, Content]:
        raise NotImplementedError  # pragma: no cover - interface

    def whole(self, g: Game, info: GameInfo) -> tuple[str, Content]:
        """The box's title and everything it holds, uncut (the table's zones opened whole: o, or a click)."""
        title, _sub, body = self.text(g, replace(info, layout="wide"), 10_000)
        return title, body


def roomy(info: GameInfo) -> bool:
    return info.layout != "compact"


def dim(text: str) -> Content:
    return Content.styled(text, "dim")


class TurnBanner(Static):
    """Whose turn, what is owed (draws, plays), what comes next, the clock."""

    def show(self, g: Game, info: GameInfo) -> None:
        p = g.active
        solo = g.variant.layout == "spots"
        owed = g.draw_required(p) if g.phase in ("play", "start") else 0
        if g.temp and g.temp[-1].kind == "play":
            fr = g.temp[-1]
            plays = f"play {temp_plays(fr)} of these {len(fr.cards)} (temporary hand)"
        else:
            left = g.plays_left(p) if g.phase == "play" else 0
            allowed = g.play_quantity(p).value if g.phase == "play" else 0  # the number in force (the Play spot's)
            if allowed < 0 or g.played + left == allowed:  # (Play All, All But: the hand says how many)
                plays = f"play {g.played + left} ({left} left)"
            elif g.played >= allowed:  # more played than the rules now allow (Inflation or a bonus gone mid-turn)
                plays = f"play {allowed} ({g.played} played, none left)"
            else:  # fewer left than the rules allow: the hand holds them back
                plays = f"play {allowed} ({left} left, {len(g.hands[p])} in hand)"
        names = info.names
        who: Content | str
        if solo:
            nxt, who = "next: flip", ""
        elif names:  # a game against bots: whose turn, by name
            nxt = f"next: {names[(p + 1) % g.nplayers]}"
            who = styled((" Your turn ", "b reverse"), " · ") if names[p] == "You" else \
                styled((f"{names[p]}'s turn", "b"), " · ")
        else:
            nxt, who = f"next: Player {(p + 1) % g.nplayers}", f"Player {p} · "
        # what kind of run this is comes right after the turn, so an 80-column banner never cuts it
        tags = [t for t in (info.kind or ("daily" if info.daily else ""),
                            "assisted" if info.assisted else "") if t]
        kind = f"{', '.join(tags)} · " if tags else ""
        where = info.daily if info.daily else f"seed {g.seed}"
        score = f"Score {len(g.scored)} · " if solo else ""
        clock = f"Main {len(g.draw)}" if solo else f"pile {len(g.draw)}"
        # between turns (limits, the flip) nothing is owed: say where the game is instead
        owing = f"draw {owed} ({g.drawn} drawn) · {plays}" if g.phase in ("play", "start") else "the turn has ended"
        turn = (f"Turn {g.turn}", "b")
        if solo:
            self.update(styled(turn, " · ", (kind, "b"), f"{score}{owing} · {clock} · {nxt} · {where}"))
        else:  # whose turn and who is next come first: the rest may be cut at 80 columns
            self.update(styled(turn, " · ", (kind, "b"), who, f"{owing} · {nxt} · {clock} · {where}"))


def temp_plays(fr: Frame) -> str:
    """How many of a temporary hand are still to be played, in words (a birthday's Today's Special!: all)."""
    return "all" if fr.plays < 0 else str(fr.plays)


def pile_text(g: Game, deck: list[int], discard: list[int], word: str = "deck", info: GameInfo | None = None) -> Content:
    """A deck's count and its discard pile's top card, on two lines (a roomy
    table gives the top card a line of its own, so its name is whole)."""
    top = card(g, discard[-1], short=True) if discard else Content("-")
    if info is not None and roomy(info):
        return styled(f"{word} ", (str(len(deck)), "b"), f"\ndiscard {len(discard)}, top:\n", top)
    return styled(f"{word} ", (str(len(deck)), "b"), "\ndisc ", top)


class RulesPile(Pane):
    key, label, width, wrap = "rules-pile", "Rules", 13, False

    def text(self, g: Game, info: GameInfo, room: int) -> tuple[str, str | None, Content]:
        return self.label, None, pile_text(g, g.rules_deck, g.rules_discard, info=info)


class MainPile(Pane):
    key, label, width, wrap = "main-pile", "Main", 13, False

    def text(self, g: Game, info: GameInfo, room: int) -> tuple[str, str | None, Content]:
        return self.label, None, pile_text(g, g.draw, g.discard, info=info)


SPOT_WIDTHS = {"draw": 13, "play": 16, "limit": 16, "other": None}


class SpotBox(Pane):
    """One of Solo's four rule spots, with the Basic Rule it stands in for."""

    def __init__(self, spot: str, width: int | None | str = "compact") -> None:
        self.spot = spot
        self.key = f"spot-{spot}"
        self.label = SPOT_TITLES[spot]
        self.width = SPOT_WIDTHS[spot] if width == "compact" else width  # type: ignore[assignment]

    def text(self, g: Game, info: GameInfo, room: int) -> tuple[str, str | None, Content]:
        sub = f"basic {1 + g.inflation()}" if self.spot in ("draw", "play") else None
        c = (g.variant.spots(g) or {}).get(self.spot, -1)
        if c < 0:
            return self.label, sub, dim("empty")
        shown = card(g, c, short=True)
        wide = roomy(info) or room >= 30  # a roomy box (or a wide one) has room for the card's words
        if not wide and shown.cell_length > room:
            # a name that takes both of a compact box's lines: the number in force goes on the bottom
            # border in place of the Basic Rule's (which counts only once the spot is empty)
            now = in_force(g, self.spot, c, room - 4)  # (the border's corners and the label's spaces)
            return self.label, now or sub, shown
        now = in_force(g, self.spot, c, room)
        if now:  # the number in force when more than the printed one counts (Inflation, a bonus), with its terms
            shown += Content("\n") + Content.styled(now, "b")
        if wide:
            shown += Content("\n") + dim(g.db.cards[c].text)
        return self.label, sub, shown


def in_force(g: Game, spot: str, c: int, room: int) -> str:
    """The number the rule in a spot sets now, with the terms that make it,
    when it differs from the card's printed number (Inflation, a bonus):
    the Draw spot "3 + 1 Inflation = 4", the Limit spot "0 → 1 with
    Inflation", the Play spot under Play All But 1 "all but 2 (1 + 1
    Inflation)". The fullest wording that fits ``room`` cells, else the
    shortest; "" when the printed number is the number in force."""
    slot = g.db.cards[c].slot
    if spot not in ("draw", "play", "limit") or slot is None or g.slot_rule(slot) != c:
        return ""
    if spot == "limit":
        q = g.limit_quantity(slot)
        extra = [(x, n) for x, n in q.terms[1:] if n]
        if not extra:
            return ""
        first = q.terms[0][1]
        names = " and ".join(g.name(x) for x, _ in extra)
        ways = [f"{first} → {q.value} with {names}", f"{first} → {q.value} ({names})", f"now {q.value} ({_bare(q)})",
                f"now {q.value}"]
    else:
        q = g.draw_quantity(g.active) if spot == "draw" else g.play_quantity(g.active)
        if q.value < 0:  # a Play rule that counts by the hand: what it leaves in hand
            q = g.kept_quantity(g.active)
            if not any(n for _, n in q.terms[1:]):
                return ""
            ways = [f"all but {q.value} ({_sum(g, q)})", f"all but {q.value}"]
        else:
            if not any(n for _, n in q.terms[1:]):
                return ""
            ways = [f"{_sum(g, q)} = {q.value}", f"{_sum(g, q, short=True)} = {q.value}", f"now {q.value} ({_bare(q)})",
                    f"now {q.value}"]
    return next((w for w in ways if len(w) <= room), ways[-1])


def _bare(q: Any) -> str:
    """A Quantity's terms as bare numbers, for the narrowest box: "3+1"."""
    return str(q.terms[0][1]) + "".join(f"{'+' if n > 0 else '-'}{abs(n)}" for _, n in q.terms[1:] if n)


def _sum(g: Game, q: Any, short: bool = False) -> str:
    """A Quantity's terms as a sum: "3 + 1 Inflation" (short: "3+1 Inflation");
    the first term is the printed number, a term that gives nothing now is left out."""
    sep = "" if short else " "
    parts = [str(q.terms[0][1])]
    parts += [f"{'+' if n > 0 else '-'}{sep}{abs(n)} {g.name(x)}" for x, n in q.terms[1:] if n]
    return sep.join(parts)


class NewRules(Pane):
    """The standard game's New Rules area (in place of the spots)."""
    key, label = "new-rules", "New Rules"

    def text(self, g: Game, info: GameInfo, room: int) -> tuple[str, str | None, Content]:
        items = [card(g, r, short=True) for r in g.rules]
        title = f"New Rules ({len(g.rules)}) · basic: draw 1, play 1"
        if not items:
            return title, None, dim("none: the Basic Rules (draw 1, play 1)")
        if roomy(info):  # a rule a line, with its words
            return title, None, Content("\n").join(card(g, r, short=True) + dim(" " + g.db.cards[r].text)
                                                   for r in g.rules)
        return title, None, join(items, "  ")


class DrawPile(Pane):
    key, label, width, wrap = "main-pile", "Piles", 13, False

    def text(self, g: Game, info: GameInfo, room: int) -> tuple[str, str | None, Content]:
        return self.label, None, pile_text(g, g.draw, g.discard, "draw", info)


class GoalsBox(Pane):
    """The Goal(s): each with what you have and what you lack, whole (the
    box wraps and its row grows); a roomy table adds the Goal's words."""
    key, label, min_width = "goals", "Goal", 30

    def whole_lines(self, g: Game, info: GameInfo, room: int) -> int:
        """The lines of the Goals' names and have/need (never cut; the Goal's own words may be)."""
        _title, _sub, body = self.text(g, replace(info, layout="compact") if len(g.goals) == 1 else info, room)
        return len(body.wrap(room)) if room > 0 else 0

    def text(self, g: Game, info: GameInfo, room: int) -> tuple[str, str | None, Content]:
        goals = list(g.goals)
        title = "Goals (Double Agenda)" if len(goals) > 1 else "Goal"
        if not goals:
            return title, None, dim("none yet")
        seat = info.seat
        out = []
        for c in goals:
            if len(goals) == 1:  # the name, then what you have and lack (never cut), then the Goal's words
                out.append(card(g, c, short=True) + Content("\n") + dim(goal_progress(g, c, seat)))
                if roomy(info):
                    out.append(dim(g.db.cards[c].text))
            else:  # two Goals: each one paragraph, what you have and lack after its name
                out.append(card(g, c, short=True) + dim(" · " + goal_progress(g, c, seat)))
        return title, None, Content("\n").join(out)


class ScoredBox(Pane):
    """The Scored Goals: the count, the latest first, the rest counted."""
    key, label, min_width = "scored", "Scored", 30

    def text(self, g: Game, info: GameInfo, room: int) -> tuple[str, str | None, Content]:
        items = [Content(g.name(c)) for c in reversed(g.scored)]
        title = f"Scored ({len(g.scored)})"
        if not items:
            return title, "p: piles", dim("none yet")
        if roomy(info):
            return title, "p: piles", Content("\n").join(fit_lines(items, room, 4, " · "))
        return title, "p: piles", Content("\n").join(fit_lines(items, room, 2, " · "))


class KeepersRow(Pane):
    """Your Keepers and Creepers in play (a standard game's other seats are
    lines of ``OthersBox``): the Creepers first, never folded into "+N more"
    (the box grows a row for them), the rest counted when they do not fit."""
    key, label, wrap = "table", "Keepers and Creepers", False

    def text(self, g: Game, info: GameInfo, room: int) -> tuple[str, str | None, Content]:
        seat = info.seat
        items = keeper_units(g, seat)
        title = f"{self.label} ({len(g.tables[seat])})"
        if not items:
            return title, None, dim("none")
        out, hidden = lay_out(items, room, 3 if roomy(info) else 1, keep=creeper_units(g, seat))
        return title, ("o: open" if hidden else None), Content("\n").join(out)


class OthersBox(Pane):
    """A standard game's other seats: a line each, with hand size and the
    cards on their table (a wide table gives each seat's cards whole)."""
    key, label, wrap = "others", "Tables", False

    def text(self, g: Game, info: GameInfo, room: int) -> tuple[str, str | None, Content]:
        lines: list[Content] = []
        names = info.names
        extra = info.extra
        seats = extra.get("seats") if names and isinstance(extra, dict) else None
        title = "Tables (▶ whose turn)"  # every seat, yours first
        wide = info.layout == "wide"
        for q in range(g.nplayers):
            if names:  # against bots (with each bot's kind), or a lesson's seats
                who = names[q] if not seats or seats[q] == "human" else f"{names[q]} ({seats[q]})"
                head = f"{'▶' if q == g.active else ' '}{who} · hand {len(g.hands[q])} · table: "
            else:
                head = f"{'▶' if q == g.active else ' '}Player {q} · hand {len(g.hands[q])} · table: "
            items = keeper_units(g, q)
            if not items:
                lines.append(Content(head) + dim("nothing"))
                continue
            got = fit_lines(items, max(1, room - len(head)), 3 if wide else 2 if roomy(info) else 1,
                            keep=creeper_units(g, q))
            lines.append(Content(head) + got[0])
            lines += [Content(" " * len(head)) + more for more in got[1:]]
        return title, None, Content("\n").join(lines)


def fit_lines(items: list[Content], width: int, lines: int, sep: str = "  ", keep: int = 0) -> list[Content]:
    return lay_out(items, width, lines, sep, keep)[0]


def lay_out(items: list[Content], width: int, lines: int, sep: str = "  ",
            keep: int = 0) -> tuple[list[Content], int]:
    """Items laid on at most ``lines`` lines of ``width`` cells, never split
    across lines; what does not fit ends the last line as "+N more". The
    first ``keep`` items are always laid, on more lines if they must be."""
    out: list[list[Content]] = [[]]
    used = 0
    for i, it in enumerate(items):
        n = it.cell_length + (len(sep) if out[-1] else 0)
        rest = len(items) - i - 1
        more = len(f"{sep}+{rest} more") if rest and len(out) >= lines and i >= keep else 0
        if used + n + more <= width or (not out[-1] and i < keep):
            out[-1].append(it)
            used += n
            continue
        if len(out) < lines or i < keep:  # a new line
            out.append([it])
            used = it.cell_length
            continue
        left = len(items) - i
        tail = Content.styled(f"+{left} more", "b")
        while out[-1] and used + len(sep) + tail.cell_length > width and len(out[-1]) > 1 \
                and (sum(len(x) for x in out) > keep):
            dropped = out[-1].pop()
            left += 1
            used -= dropped.cell_length + len(sep)
            tail = Content.styled(f"+{left} more", "b")
        out[-1].append(tail)
        return [Content(sep).join(ln) for ln in out if ln], left
    return [Content(sep).join(ln) for ln in out if ln], 0


def shares(panes: list[Pane], width: int) -> list[int]:
    """Each pane's width in a row ``width`` cells wide: a fixed pane its
    own; the others share what is left equally (the odd cells to the later
    ones, as Textual shares ``1fr``), each at least its ``min_width``."""
    rest = max(0, width - sum(p.width for p in panes if p.width is not None))
    n = sum(1 for p in panes if p.width is None)
    out, k = [], 0
    for p in panes:
        if p.width is not None:
            out.append(p.width)
        else:
            out.append(max(p.min_width, rest * (k + 1) // n - rest * k // n))
            k += 1
    return out


Row = tuple[int, int, list[Pane]]  # (least height, greatest height, the panes) of a row of boxes


class BoxRows(Widget):
    """Rows of labelled boxes (``Pane``), drawn as one widget: the Solo
    table's rows of piles, spots and Goals and your Keepers, or a standard
    game's piles, Goals and New Rules and the seats. Each box is a rounded
    border with its label on top (and a note at the bottom right), as
    Textual draws a widget's border and titles. A row is as tall as its
    fullest box needs, between its least and greatest height (a Goal's
    have/need wraps; a Creeper that would not fit adds a row). The lines are
    worked out in ``show`` for the width the screen lays the table out at."""

    COMPONENT_CLASSES = {"boxes--border", "boxes--title"}
    ALLOW_SELECT = False

    def __init__(self, rows: list[Row], **kw: Any) -> None:
        super().__init__(**kw)
        self.rows = rows
        self.heights = [lo for lo, _hi, _p in rows]
        self.styles.height = sum(self.heights)
        self.game: Game | None = None
        self.info: GameInfo = GameInfo(0, [])
        self.width_hint = 0  # the width the screen lays the table out at (0: this widget's own)
        self.extra = 0  # rows the screen lets the boxes grow by, past each row's least height
        self._cells: list[list[tuple[int, str, str | None, list[Content]]]] | None = None
        self._cells_for = -1
        self._strips: list[Strip] | None = None
        self._drawn_for: Size | None = None
        self._wraps = Kept(200)  # (a box's text, its room) -> its lines
        self._lines_drawn = Kept(600)  # (a box's line, room, cut) -> its segments, in the colours of _lines_style
        self._lines_style: tuple[Any, ...] | None = None

    def show(self, g: Game, info: GameInfo) -> None:
        self.game, self.info = g, info
        old, heights = self._strips, list(self.heights)
        self._strips = None
        self._cells = None
        self._lay(self.width_hint or self.size.width)
        if old is None or self._drawn_for != self.size or self.heights != heights or not self.size.width:
            self.refresh()
            return
        # the same boxes at the same size: only the lines that changed are drawn again (an answer
        # changes a few lines of a few boxes; a whole redraw of every box is most of a frame at 160x50)
        self._strips = new = self._draw()
        changed = [y for y, (a, b) in enumerate(zip(old, new, strict=False)) if a != b]
        if len(old) != len(new):
            self.refresh()
        elif changed:
            self.refresh(*(Region(0, y, self.size.width, 1) for y in changed))

    def _lay(self, width: int) -> None:
        """Each box's lines at this width, and each row's height."""
        g = self.game
        if g is None or width <= 0:
            return
        cells = []
        heights = []
        spare = self.extra
        for lo, hi, panes in self.rows:
            row: list[Any] = []
            need, least, must = lo, hi, lo
            for pane, w in zip(panes, shares(panes, width), strict=True):
                room = w - 2
                if w < 2:
                    row.append((w, "", None, []))
                    continue
                title, sub, body = pane.text(g, self.info, room)
                if pane.wrap:
                    lines = self._wrapped(body, room) if room > 0 else []
                else:
                    lines = [ln.truncate(room, ellipsis=True) for ln in body.split("\n")]
                row.append((w, title, sub, lines))
                need = max(need, len(lines) + 2)
                least = min(least, len(lines) + 2)
                if pane.whole_lines:
                    must = max(must, min(len(lines), pane.whole_lines(g, self.info, room)) + 2)
            # never a band of 4 empty rows in a box: a row grows at most 3 rows past its emptiest box's
            # lines (what a box then cannot show is cut with "…", and o opens it whole), except as far as a
            # box's lines that must never be cut need (a Goal's have/need)
            grow = min(need, hi, max(lo, least + 3, must)) - lo
            if grow > spare:
                grow = spare
            spare -= grow
            heights.append(lo + grow)
            cells.append(row)
        self._cells, self._cells_for = cells, width
        if heights != self.heights:
            self.heights = heights
            self.styles.height = sum(heights)

    def _wrapped(self, body: Content, room: int) -> list[Content]:
        """A box's text wrapped to its room, kept by text: an answer changes a few boxes of many."""
        wrapped: list[Content] = self._wraps.keep((body, room), body.wrap, room)
        return wrapped

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._strips = None  # a new theme: new colours

    def region_of(self, key: str) -> Region:
        """Where the pane known by ``key`` is on the screen."""
        x0, y = self.region.x, self.region.y
        for (_lo, _hi, panes), height in zip(self.rows, self.heights, strict=True):
            x = x0
            for pane, w in zip(panes, shares(panes, self.size.width), strict=True):
                if pane.key == key:
                    return Region(x, y, w, height)
                x += w
            y += height
        raise KeyError(key)

    def pane_at(self, x: int, y: int) -> Pane | None:
        """The box at a point of this widget (a click opens it whole)."""
        top = 0
        for (_lo, _hi, panes), height in zip(self.rows, self.heights, strict=True):
            if top <= y < top + height:
                left = 0
                for pane, w in zip(panes, shares(panes, self.size.width), strict=True):
                    if left <= x < left + w:
                        return pane
                    left += w
            top += height
        return None

    def panes(self) -> list[Pane]:
        return [p for _lo, _hi, panes in self.rows for p in panes]

    def render_line(self, y: int) -> Strip:
        if self._strips is None or self._drawn_for != self.size:
            self._strips = self._draw()
            self._drawn_for = self.size
        return self._strips[y] if y < len(self._strips) else Strip.blank(self.size.width)

    def _draw(self) -> list[Strip]:
        width = self.size.width
        if self.game is None:
            return []
        if self._cells is None or self._cells_for != width:
            before = list(self.heights)
            self._lay(width)
            if self.heights != before:
                self.call_after_refresh(self.refresh, layout=True)
        border = self.get_component_rich_style("boxes--border")
        title_style = self.get_visual_style("boxes--title")
        body_style = self.visual_style
        # a box's line as segments, kept by its text (an answer changes a few lines of a few boxes)
        drawn = self._lines_drawn
        if self._lines_style != (border, body_style):
            drawn.clear()
            self._lines_style = (border, body_style)
        strips: list[Strip] = []
        for row, height in zip(self._cells or [], self.heights, strict=True):
            lines: list[list[Segment]] = [[] for _ in range(height)]
            for w, title, sub, rows in row:
                if w < 2:
                    continue
                room = w - 2
                lines[0] += _edge("╭", "╮", title, w, border, title_style, top=True)
                for i in range(1, height - 1):
                    text = rows[i - 1] if i - 1 < len(rows) else Content("")
                    cut = i == height - 2 and len(rows) > height - 2
                    lines[i] += drawn.keep((text, room, cut), _box_line, text, room, cut, border, body_style)
                lines[height - 1] += _edge("╰", "╯", sub, w, border, body_style, top=False)
            strips += [Strip(ln).adjust_cell_length(width) for ln in lines]
        return strips


def _box_line(text: Content, room: int, cut: bool, border: Style, body_style: Any) -> list[Segment]:
    """A line inside a box: its text cut or filled to the room, between the
    box's sides; a box's last line that is cut says so with "…"."""
    if cut:
        text = text.truncate(max(0, room - 1)) + Content.styled("…", "b")
    if text.cell_length > room:
        text = text.truncate(room)
    elif text.cell_length < room:
        text = text.pad_right(room - text.cell_length)
    return [Segment("│", border), *text.render_segments(body_style), Segment("│", border)]


def _edge(left: str, right: str, label: str | None, w: int, border: Style, label_style: Any,
          top: bool) -> list[Segment]:
    """A box's top or bottom line: its corners, its label (on top after one
    "─" at the left, at the bottom before one "─" at the right, cut with "…"
    where it is too long), and "─" for the rest."""
    inner = w - 2
    if not label or inner <= 4:
        return [Segment(left + "─" * inner + right, border)]
    shown = Content(label).truncate(w - 6, ellipsis=True).pad_left(1).pad_right(1)
    fill = inner - 1 - shown.cell_length
    segs = shown.render_segments(label_style)
    if top:
        return [Segment(left + "─", border), *segs, Segment("─" * fill + right, border)]
    return [Segment(left + "─" * fill, border), *segs, Segment("─" + right, border)]


class Preview(Static):
    """The highlighted move's card, in one line, and what it does toward the Goal."""

    def show_card(self, g: Game, c: int) -> None:
        if c < 0:
            self.update("")
            return
        cd = g.db.cards[c]
        toward: Content | str = ""
        for goal in g.goals:
            gd = g.db.goal_defs[goal]
            if c in gd.required or c in gd.any_cards:
                toward = styled(" ", (f"{g.name(goal)} needs it.", "b"))
        self.update(styled((cd.name, "b"), f" ({cd.type}): {cd.text}", toward))


class KeyBar(Widget):
    """The screen's keys on the bottom line, as Textual's Footer shows them
    (each action once, a disabled one dimmed, the command palette's key at
    the right), drawn as one line of text: the Footer is a widget per key,
    whose styling cost the first frame about 50 ms. A click on a key presses it."""

    COMPONENT_CLASSES = {"keybar--key", "keybar--description", "keybar--palette"}
    ALLOW_SELECT = False

    def __init__(self) -> None:
        super().__init__()
        self._spans: list[tuple[int, int, str, bool]] = []  # (from x, to x, key, enabled)

    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, self._bindings_changed)

    def on_unmount(self) -> None:
        self.screen.bindings_updated_signal.unsubscribe(self)

    def _bindings_changed(self, screen: Any) -> None:
        if self.is_attached and screen is self.screen:
            self.refresh()

    def keys(self) -> list[tuple[str, str, str, bool]]:
        """(key, how it is shown, description, enabled) of each action shown,
        in the screen's order; the command palette's key is not among them."""
        out: list[tuple[str, str, str, bool]] = []
        seen: set[str] = set()
        palette = self.app.COMMAND_PALETTE_BINDING
        for key, (_node, binding, enabled, _tip) in self.screen.active_bindings.items():
            if not binding.show or binding.action in seen or key == palette:
                continue
            seen.add(binding.action)
            out.append((binding.key, self.app.get_key_display(binding), binding.description, enabled))
        return out

    def render(self) -> Text:
        key_style = self.get_component_rich_style("keybar--key")
        text_style = self.get_component_rich_style("keybar--description")
        dim = Style(dim=True)
        line = Text(no_wrap=True, overflow="crop")
        spans = []
        for key, shown, description, enabled in self.keys():  # positions in cells (a key may be shown wide)
            start = line.cell_len
            line.append(f" {shown} ", key_style if enabled else key_style + dim)
            if description:
                line.append(f"{description} ", text_style if enabled else text_style + dim)
            spans.append((start, line.cell_len, key, enabled))
        palette = self.app.COMMAND_PALETTE_BINDING
        known = self.screen.active_bindings.get(palette)
        if self.app.ENABLE_COMMAND_PALETTE and known is not None:
            binding = known[1]
            tail = Text.assemble(("▏", self.get_component_rich_style("keybar--palette")),
                                 (self.app.get_key_display(binding), key_style),
                                 (f" {binding.description} ", text_style))
            room = max(0, self.size.width - tail.cell_len)  # the palette's key keeps the right end; keys beyond it are cut
            if line.cell_len > room:
                line.truncate(room)
                spans = [(a, min(b, room), k, e) for a, b, k, e in spans if a < room]  # a cut key is not clicked
            else:
                line.append(" " * (room - line.cell_len))
            spans.append((room, room + tail.cell_len, binding.key, known[2]))
            line.append_text(tail)
        self._spans = spans
        return line

    def on_click(self, event: Any) -> None:
        for start, end, key, enabled in self._spans:
            if start <= event.x < end:
                if enabled:
                    self.app.simulate_key(key)
                else:
                    self.app.bell()
                return


class MoreCue(Static):
    """Under a list or a text that scrolls: how many lines are above and
    below the view, kept as it scrolls (empty when everything shows)."""

    def __init__(self, target: str, **kw: Any) -> None:
        super().__init__("", **kw)
        self.target = target  # the query of the widget that scrolls

    def on_mount(self) -> None:
        found = self.screen.query(self.target)
        if found:
            w = found.first()
            self.watch(w, "scroll_y", self.cue, init=False)
            self.watch(w, "virtual_size", self.cue, init=False)
        self.call_after_refresh(self.cue)

    def cue(self, *_: Any) -> None:
        found = self.screen.query(self.target)
        if not found:
            return
        w = found.first()
        y, most = round(w.scroll_y), w.max_scroll_y
        parts = []
        if y > 0:
            parts.append(f"{y} more lines above")
        if most > y:
            parts.append(f"{most - y} more lines below (↓ PgDn End)")
        self.update(Content(" · ".join(parts)))


class Numbered(Visual):
    """A line of the hand: its number ("3. ") in a column of its own and the
    card's words wrapped beside it, each further line indented under the
    first word. A card's words are wrapped once: when a play moves the cards
    below it up a number, only the number is new."""

    _wrapped = Kept(400)  # (words, width, style) -> the words' lines, for every hand

    def __init__(self, number: str, body: Content) -> None:
        self.number = number
        self.body = body
        self.plain = number + body.plain

    def __str__(self) -> str:
        return self.plain

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Numbered) and (self.number, self.body) == (other.number, other.body)

    def __hash__(self) -> int:
        return hash((self.number, self.body))

    def get_optimal_width(self, rules: Any, container_width: int) -> int:
        n = len(self.number)
        return n + self.body.get_optimal_width(rules, max(1, container_width - n))

    def get_height(self, rules: Any, width: int) -> int:
        return self.body.get_height(rules, max(1, width - len(self.number)))

    def render_strips(self, width: int, height: int | None, style: Any, options: Any) -> list[Strip]:
        n = len(self.number)
        inner = max(1, width - n)
        lines = self._wrapped.keep((self.body, inner, style, height), self.body.render_strips,
                                   inner, height, style, options)
        first = Strip([Segment(self.number, style.rich_style)], n)
        rest = Strip([Segment(" " * n, style.rich_style)], n)
        return [Strip.join([first if i == 0 else rest, line]) for i, line in enumerate(lines)]


def at_least_a_column(widget: OptionList, width: int) -> int:
    """The width an OptionList's options are measured at: one column at the
    least. At a few columns their words would be wrapped to a width of zero
    or less, which rich's wrapping refuses with a ValueError (a browser
    window narrowed to a sliver once ended the app); what does not fit is
    cut, as anything at that size is."""
    return max(width, widget.get_component_styles("option-list--option").padding.width + 1)


class Choices(OptionList):
    """Textual's OptionList, measured at any width (every list of the app is one)."""

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return super().get_content_height(container, viewport, at_least_a_column(self, width))


class Marks(SelectionList[int]):
    """Textual's SelectionList, measured at any width (the dialog that picks several)."""

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return super().get_content_height(container, viewport, at_least_a_column(self, width))


class KeptLines(Choices):
    """A list of lines (the hand, the tutor's panels) that is often emptied
    and filled again with mostly the lines it had: a line whose text, style
    and width come back is not wrapped and rendered again, only given its
    new place."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._drawn = Kept(400)  # (text, style, padding, width, divider) -> its lines, placeless

    def _get_option_render(self, option: Option, style: VisualStyle) -> list[Strip]:
        """An option's lines: OptionList's own steps (the prompt wrapped to
        the width, each line filled out, its place as meta), with the lines
        before their place kept by text."""
        padding = self.get_component_styles("option-list--option").padding
        key = (option, style, padding)
        if (strips := self._option_render_cache.get(key)) is not None:
            return strips
        width = self.scrollable_content_region.width - self._get_left_gutter_width()
        kept = (option.prompt, style, padding, width, option._divider) \
            if isinstance(option.prompt, (Content, Numbered)) else None
        placeless = self._drawn.keep(kept, self._placeless, option, style, padding, width) \
            if kept is not None else self._placeless(option, style, padding, width)
        meta = {"option": self._option_to_index[option]}
        strips = [strip.apply_meta(meta) for strip in placeless]
        self._option_render_cache[key] = strips
        return strips

    def _placeless(self, option: Option, style: Any, padding: Any, width: int) -> list[Strip]:
        """An option's lines before their place: the prompt wrapped to the width, each line filled out."""
        visual = self._get_visual(option)
        if padding:
            visual = Padding(visual, padding)
        lines = [strip.extend_cell_length(width, style.rich_style)
                 for strip in visual.to_strips(self, visual, width, None, style)]
        if option._divider:
            rule = self.get_visual_style("option-list--separator")
            lines.append(Strip([Segment("─" * width, rule.rich_style)], width))
        return lines


class HandList(KeptLines):
    """The hand's list of moves (numbered lines, ``Numbered``)."""


class LogList(KeptLines):
    """A panel of the tutor's lines (what just happened, the earlier log)."""
