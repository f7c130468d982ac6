"""The table's parts, one widget each, laid out as the Solo Fluxx diagram.

Every zone is a labelled box (its label is the border title) that draws
itself from the game in ``show``; the game screen asks each to show the game
after every answer and on every resize. A row with more cards than its
width holds says "+N more" instead of pushing another zone away. A standard
game uses the same boxes, with the New Rules area in place of the spots and
a row per other seat.
"""
from __future__ import annotations

from typing import Any

from rich.style import Style
from rich.text import Text
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


class Zone(Static):
    """One labelled part of the table; it redraws itself from the game."""

    label = ""

    def on_mount(self) -> None:
        self.border_title = self.label

    def show(self, g: Game, info: dict[str, Any]) -> None:  # pragma: no cover - interface
        raise NotImplementedError

    @property
    def room(self) -> int:
        """The width the content may use (0 before the first layout)."""
        return self.content_size.width


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


class RulesPile(Zone):
    label = "Rules"

    def show(self, g: Game, info: dict[str, Any]) -> None:
        self.update(pile_text(g, g.rules_deck, g.rules_discard))


class MainPile(Zone):
    label = "Main"

    def show(self, g: Game, info: dict[str, Any]) -> None:
        self.update(pile_text(g, g.draw, g.discard))


class SpotBox(Zone):
    """One of Solo's four rule spots, with the Basic Rule it stands in for."""

    def __init__(self, spot: str, **kw: Any) -> None:
        super().__init__(**kw)
        self.spot = spot
        self.label = SPOT_TITLES[spot]

    def show(self, g: Game, info: dict[str, Any]) -> None:
        c = (g.variant.spots(g) or {}).get(self.spot, -1)
        if self.spot in ("draw", "play"):
            self.border_subtitle = f"basic {1 + g.inflation()}"
        if c < 0:
            self.update("[dim]empty[/]")
            return
        shown = card(g, c, short=True)
        name_len = plain_len(shown)
        if self.room >= 30 and name_len <= self.room:  # a wide box has room for the card's words
            text = g.db.cards[c].text.replace("[", r"\[")
            if len(text) > self.room:
                text = text[:self.room - 1] + "…"
            shown += f"\n[dim]{text}[/]"
        self.update(shown)


class NewRules(Zone):
    """The standard game's New Rules area (in place of the spots)."""
    label = "New Rules"

    def show(self, g: Game, info: dict[str, Any]) -> None:
        items = [card(g, r, short=True) for r in g.rules]
        self.border_title = f"New Rules ({len(g.rules)}) · basic: draw 1, play 1"
        self.update(fit(items, self.room, 2) if items else "[dim]none: the Basic Rules (draw 1, play 1)[/]")


class DrawPile(Zone):
    label = "Piles"

    def show(self, g: Game, info: dict[str, Any]) -> None:
        self.update(pile_text(g, g.draw, g.discard, "draw"))


class GoalsBox(Zone):
    label = "Goal"

    def show(self, g: Game, info: dict[str, Any]) -> None:
        goals = list(g.goals)
        self.border_title = "Goals (Double Agenda)" if len(goals) > 1 else "Goal"
        if not goals:
            self.update("[dim]none yet[/]")
        elif len(goals) == 1:
            self.update(f"{card(g, goals[0], short=True)}\n[dim]{goal_progress(g, goals[0])}[/]")
        else:  # two Goals: each on its line, with what you lack (cut at the box's edge, never the name)
            self.update("\n".join(f"{card(g, c, short=True)} [dim]· {goal_progress(g, c)}[/]" for c in goals))


class ScoredBox(Zone):
    """The Scored Goals: the count, the latest first, the rest counted."""
    label = "Scored"

    def show(self, g: Game, info: dict[str, Any]) -> None:
        self.border_title = f"Scored ({len(g.scored)})"
        self.border_subtitle = "p: piles"
        items = [g.name(c) for c in reversed(g.scored)]
        self.update(fit(items, self.room, 2, " · ") if items else "[dim]none yet[/]")


class KeepersRow(Zone):
    """A seat's Keepers and Creepers in play (the player's own, or another seat's)."""

    def __init__(self, seat: int, **kw: Any) -> None:
        super().__init__(**kw)
        self.seat = seat
        self.label = "Keepers and Creepers" if seat == 0 else f"Player {seat}"

    def show(self, g: Game, info: dict[str, Any]) -> None:
        p = self.seat
        if p:
            self.border_title = f"Player {p} · hand {len(g.hands[p])}"
        else:
            self.border_title = f"Keepers and Creepers ({len(g.tables[0])})"
        items = keeper_units(g, p)
        self.update(fit(items, self.room) if items else "[dim]none[/]")


class OthersBox(Zone):
    """A standard game's other seats: a line each, with hand size and table."""
    label = "Other players"

    def show(self, g: Game, info: dict[str, Any]) -> None:
        lines = []
        names = info.get("names")
        seats = (info.get("extra") or {}).get("seats") if names else None
        if seats:  # against bots: every seat, yours first
            self.border_title = "Tables (▶ whose turn)"
        for q in range(g.nplayers):
            if q == info.get("seat", 0) and not seats:
                continue
            if seats:
                who = "You" if seats[q] == "human" else f"{names[q]} ({seats[q]})"
                head = f"{'▶' if q == g.active else ' '}{who} · hand {len(g.hands[q])}: "
            else:
                head = f"Player {q} · hand {len(g.hands[q])}: "
            items = keeper_units(g, q)
            lines.append(head + (fit(items, self.room - plain_len(head)) if items else "[dim]nothing in play[/]"))
        self.update("\n".join(lines))


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
