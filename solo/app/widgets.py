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

from typing import Any

from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual.content import Content
from textual.geometry import Region, Size
from textual.strip import Strip
from textual.widget import Widget
from textual.widgets import Static

from engine.game import Game
from engine.goals import has

from .cardtext import GLYPH, card

SPOT_TITLES = {"draw": "Draw", "play": "Play", "limit": "Limit", "other": "Other"}


def plain_len(markup: str) -> int:
    return Text.from_markup(markup).cell_len


def fit(items: list[str], width: int, lines: int = 1, sep: str = "  ") -> str:
    """Join markup items into at most ``lines`` lines of ``width`` cells;
    what does not fit is counted in a closing "+N more"."""
    if width <= 0:
        return sep.join(items)
    budget = width * lines
    out: list[str] = []
    used = 0
    for i, it in enumerate(items):
        n = plain_len(it) + (len(sep) if out else 0)
        rest = len(items) - i - 1
        more = len(f"{sep}+{rest} more") if rest else 0
        if used + n + more > budget:
            left = len(items) - i
            return sep.join(out) + (sep if out else "") + f"[b]+{left} more[/]"
        out.append(it)
        used += n
    return sep.join(out)


def keeper_units(g: Game, p: int) -> list[str]:
    """A seat's Keepers and Creepers, an attached Creeper written with its Keeper."""
    att = g.attached
    out = []
    for c in g.tables[p]:
        if c in att:
            continue
        s = card(g, c, short=True)
        for cr, k in att.items():
            if k == c:
                s += "+" + card(g, cr, short=True)
        out.append(s)
    return out


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
    on its bottom border (or None) and its content (markup)."""

    key = ""  # what it is known by (the screen's tests, ``BoxRows.region_of``)
    label = ""
    width: int | None = None  # cells, or None: an equal share of what the fixed panes leave
    min_width = 0
    wrap = True  # words wrap onto the next line; False: each line is cut with "…"

    def text(self, g: Game, info: dict[str, Any], room: int) -> tuple[str, str | None, str]:
        raise NotImplementedError  # pragma: no cover - interface


class TurnBanner(Static):
    """Whose turn, what is owed (draws, plays), what comes next, the clock."""

    def show(self, g: Game, info: dict[str, Any]) -> None:
        p = g.active
        solo = g.variant.spots(g) is not None
        owed = g.draw_required(p) if g.phase in ("play", "start") else 0
        if g.temp and g.temp[-1].kind == "play":
            fr = g.temp[-1]
            plays = f"play {fr.plays} of these {len(fr.cards)} (temporary hand)"
        else:
            total = g.played + g.plays_left(p) if g.phase == "play" else 0
            plays = f"play {total} ({g.plays_left(p) if g.phase == 'play' else 0} left)"
        names = info.get("names")
        if solo:
            nxt, who = "next: flip", ""
        elif names:  # a game against bots: whose turn, by name
            nxt = f"next: {names[(p + 1) % g.nplayers]}"
            who = "[b reverse] Your turn [/] · " if names[p] == "You" else f"[b]{names[p]}'s turn[/] · "
        else:
            nxt, who = f"next: Player {(p + 1) % g.nplayers}", f"Player {p} · "
        mode = "daily " + info["daily"] if info.get("daily") else f"seed {g.seed}"
        assisted = " · assisted" if info.get("assisted") else ""
        score = f"Score {len(g.scored)} · " if solo else ""
        clock = f"Main {len(g.draw)}" if solo else f"pile {len(g.draw)}"
        # between turns (limits, the flip) nothing is owed: say where the game is instead
        owing = f"draw {owed} ({g.drawn} drawn) · {plays}" if g.phase in ("play", "start") else "the turn has ended"
        if solo:
            self.update(f"[b]Turn {g.turn}[/] · {who}{score}{owing} · {clock} · {nxt} · {mode}{assisted}")
        else:  # whose turn and who is next come first: the rest may be cut at 80 columns
            self.update(f"[b]Turn {g.turn}[/] · {who}{owing} · {nxt} · {clock} · {mode}{assisted}")


def pile_text(g: Game, deck: list[int], discard: list[int], word: str = "deck") -> str:
    """A deck's count and its discard pile's top card, on two lines."""
    top = card(g, discard[-1], short=True) if discard else "-"
    return f"{word} [b]{len(deck)}[/]\ndisc {top}"


class RulesPile(Pane):
    key, label, width, wrap = "rules-pile", "Rules", 13, False

    def text(self, g: Game, info: dict[str, Any], room: int) -> tuple[str, str | None, str]:
        return self.label, None, pile_text(g, g.rules_deck, g.rules_discard)


class MainPile(Pane):
    key, label, width, wrap = "main-pile", "Main", 13, False

    def text(self, g: Game, info: dict[str, Any], room: int) -> tuple[str, str | None, str]:
        return self.label, None, pile_text(g, g.draw, g.discard)


SPOT_WIDTHS = {"draw": 13, "play": 16, "limit": 16, "other": None}


class SpotBox(Pane):
    """One of Solo's four rule spots, with the Basic Rule it stands in for."""

    def __init__(self, spot: str) -> None:
        self.spot = spot
        self.key = f"spot-{spot}"
        self.label = SPOT_TITLES[spot]
        self.width = SPOT_WIDTHS[spot]

    def text(self, g: Game, info: dict[str, Any], room: int) -> tuple[str, str | None, str]:
        sub = f"basic {1 + g.inflation()}" if self.spot in ("draw", "play") else None
        c = (g.variant.spots(g) or {}).get(self.spot, -1)
        if c < 0:
            return self.label, sub, "[dim]empty[/]"
        shown = card(g, c, short=True)
        if room >= 30 and plain_len(shown) <= room:  # a wide box has room for the card's words
            text = g.db.cards[c].text.replace("[", r"\[")
            if len(text) > room:
                text = text[:room - 1] + "…"
            shown += f"\n[dim]{text}[/]"
        return self.label, sub, shown


class NewRules(Pane):
    """The standard game's New Rules area (in place of the spots)."""
    key, label = "new-rules", "New Rules"

    def text(self, g: Game, info: dict[str, Any], room: int) -> tuple[str, str | None, str]:
        items = [card(g, r, short=True) for r in g.rules]
        return (f"New Rules ({len(g.rules)}) · basic: draw 1, play 1", None,
                fit(items, room, 2) if items else "[dim]none: the Basic Rules (draw 1, play 1)[/]")


class DrawPile(Pane):
    key, label, width, wrap = "main-pile", "Piles", 13, False

    def text(self, g: Game, info: dict[str, Any], room: int) -> tuple[str, str | None, str]:
        return self.label, None, pile_text(g, g.draw, g.discard, "draw")


class GoalsBox(Pane):
    key, label, min_width, wrap = "goals", "Goal", 30, False

    def text(self, g: Game, info: dict[str, Any], room: int) -> tuple[str, str | None, str]:
        goals = list(g.goals)
        title = "Goals (Double Agenda)" if len(goals) > 1 else "Goal"
        if not goals:
            return title, None, "[dim]none yet[/]"
        if len(goals) == 1:
            return title, None, f"{card(g, goals[0], short=True)}\n[dim]{goal_progress(g, goals[0])}[/]"
        # two Goals: each on its line, with what you lack (cut at the box's edge, never the name)
        return title, None, "\n".join(f"{card(g, c, short=True)} [dim]· {goal_progress(g, c)}[/]" for c in goals)


class ScoredBox(Pane):
    """The Scored Goals: the count, the latest first, the rest counted."""
    key, label, min_width = "scored", "Scored", 30

    def text(self, g: Game, info: dict[str, Any], room: int) -> tuple[str, str | None, str]:
        items = [g.name(c) for c in reversed(g.scored)]
        return f"Scored ({len(g.scored)})", "p: piles", fit(items, room, 2, " · ") if items else "[dim]none yet[/]"


class KeepersRow(Pane):
    """Your Keepers and Creepers in play (a standard game's other seats are
    lines of ``OthersBox``)."""
    key, label, wrap = "table", "Keepers and Creepers", False

    def text(self, g: Game, info: dict[str, Any], room: int) -> tuple[str, str | None, str]:
        items = keeper_units(g, 0)
        return f"{self.label} ({len(g.tables[0])})", None, fit(items, room) if items else "[dim]none[/]"


class OthersBox(Pane):
    """A standard game's other seats: a line each, with hand size and table."""
    key, label, wrap = "others", "Other players", False

    def text(self, g: Game, info: dict[str, Any], room: int) -> tuple[str, str | None, str]:
        lines = []
        names = info.get("names")
        seats = (info.get("extra") or {}).get("seats") if names else None
        title = "Tables (▶ whose turn)" if seats else self.label  # against bots: every seat, yours first
        for q in range(g.nplayers):
            if q == info.get("seat", 0) and not seats:
                continue
            if seats:
                who = "You" if seats[q] == "human" else f"{names[q]} ({seats[q]})"
                head = f"{'▶' if q == g.active else ' '}{who} · hand {len(g.hands[q])}: "
            else:
                head = f"Player {q} · hand {len(g.hands[q])}: "
            items = keeper_units(g, q)
            lines.append(head + (fit(items, room - plain_len(head)) if items else "[dim]nothing in play[/]"))
        return title, None, "\n".join(lines)


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


class BoxRows(Widget):
    """Rows of labelled boxes (``Pane``), drawn as one widget: the Solo
    table's two rows of piles, spots and Goals and your Keepers, or a
    standard game's piles, Goals and New Rules and the seats. Each box is a
    rounded border with its label on top (and a note at the bottom right),
    as Textual draws a widget's border and titles. The lines are worked out
    when first drawn at a size (so every box knows its width), and again after
    ``show``."""

    COMPONENT_CLASSES = {"boxes--border", "boxes--title"}
    ALLOW_SELECT = False

    def __init__(self, rows: list[tuple[int, list[Pane]]], **kw: Any) -> None:
        super().__init__(**kw)
        self.rows = rows  # (height, panes) from the top
        self.styles.height = sum(h for h, _ in rows)
        self.game: Game | None = None
        self.info: dict[str, Any] = {}
        self._strips: list[Strip] | None = None
        self._drawn_for: Size | None = None

    def show(self, g: Game, info: dict[str, Any]) -> None:
        self.game, self.info = g, info
        self._strips = None
        self.refresh()

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._strips = None  # a new theme: new colours

    def region_of(self, key: str) -> Region:
        """Where the pane known by ``key`` is on the screen."""
        x0, y = self.region.x, self.region.y
        for height, panes in self.rows:
            x = x0
            for pane, w in zip(panes, shares(panes, self.size.width), strict=True):
                if pane.key == key:
                    return Region(x, y, w, height)
                x += w
            y += height
        raise KeyError(key)

    def render_line(self, y: int) -> Strip:
        if self._strips is None or self._drawn_for != self.size:
            self._strips = self._draw()
            self._drawn_for = self.size
        return self._strips[y] if y < len(self._strips) else Strip.blank(self.size.width)

    def _draw(self) -> list[Strip]:
        width = self.size.width
        g = self.game
        if g is None:
            return []
        border = self.get_component_rich_style("boxes--border")
        title_style = self.get_visual_style("boxes--title")
        body_style = self.visual_style
        strips: list[Strip] = []
        for height, panes in self.rows:
            lines: list[list[Segment]] = [[] for _ in range(height)]
            for pane, w in zip(panes, shares(panes, width), strict=True):
                if w < 2:
                    continue
                room = w - 2
                title, sub, markup = pane.text(g, self.info, room)
                body = Content.from_markup(markup)
                if pane.wrap:
                    rows = body.wrap(room) if room > 0 else []
                else:
                    rows = [ln.truncate(room, ellipsis=True) for ln in body.split("\n")]
                lines[0] += _edge("╭", "╮", title, w, border, title_style, top=True)
                for i in range(1, height - 1):
                    text = rows[i - 1] if i - 1 < len(rows) else Content("")
                    if text.cell_length > room:
                        text = text.truncate(room)
                    elif text.cell_length < room:
                        text = text.pad_right(room - text.cell_length)
                    lines[i] += [Segment("│", border), *text.render_segments(body_style), Segment("│", border)]
                lines[height - 1] += _edge("╰", "╯", sub, w, border, body_style, top=False)
            strips += [Strip(ln).adjust_cell_length(width) for ln in lines]
        return strips


def _edge(left: str, right: str, label: str | None, w: int, border: Style, label_style: Any,
          top: bool) -> list[Segment]:
    """A box's top or bottom line: its corners, its label (on top after one
    "─" at the left, at the bottom before one "─" at the right, cut with "…"
    where it is too long), and "─" for the rest."""
    inner = w - 2
    if not label or inner <= 4:
        return [Segment(left + "─" * inner + right, border)]
    shown = Content.from_markup(label).truncate(w - 6, ellipsis=True).pad_left(1).pad_right(1)
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
        toward = ""
        for goal in g.goals:
            gd = g.db.goal_defs[goal]
            if c in gd.required or c in gd.any_cards:
                toward = f" [b]{g.name(goal)} needs it.[/]"
        self.update(f"[b]{cd.name}[/] ({cd.type}): {cd.text}{toward}")


def type_letter(g: Game, c: int) -> str:
    return GLYPH[g.db.cards[c].type]


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
