"""What the table must show on every frame, checked on the terminal's text
(what a player sees), and every line checked as the real widgets render it.

``check_table``: every zone with its label; every card on the table by name
(whole from the roomy size up; on a compact table either shown or one key
away, in the dialog ``o`` opens, and a Creeper always shown); every Goal's
have/need whole; no run of 4 or more empty rows inside a box.

``check_lines``: each line of the tutor's panels and the hand, rendered by
the widget that shows it (its own wrapping and width), reads as the line's
plain text: nothing read as markup, nothing lost.
"""
from __future__ import annotations

from typing import Any

from engine.game import Game

from .helpers import screen_lines


def squash(s: str) -> str:
    """Text with all white space taken out (a name wrapped across lines reads the same)."""
    return "".join(s.split())


def region_text(lines: list[str], r) -> list[str]:
    return [ln[r.x:r.x + r.width] for ln in lines[r.y:r.y + r.height]]


def inner_rows(lines: list[str], r) -> list[str]:
    """A box's rows inside its border."""
    rows = region_text(lines, r)
    return [row[1:-1] for row in rows[1:-1]]


def zone(lines: list[str], r) -> str:
    return squash("".join(row for row in inner_rows(lines, r)))


def empty_runs(rows: list[str]) -> int:
    """The longest run of empty rows."""
    best = run = 0
    for row in rows:
        if row.strip(" ▁▂▃▄▅▆▇█") == "":
            run += 1
            best = max(best, run)
        else:
            run = 0
    return best


def table_dialog_text(scr) -> str:
    """What the dialog of the whole table (o) would show: the one key away."""
    from solo.app.screens.modals import TableScreen
    from solo.app.widgets import BoxRows
    boxes = scr.query_one("#boxes", BoxRows)
    return TableScreen(scr.g, boxes.panes(), scr.info).body().plain


def check_table(app) -> None:
    from solo.app.widgets import BoxRows, creeper_units, goal_progress, keeper_units

    scr = app.screen
    g: Game = scr.g
    lines = screen_lines(app)
    text = "\n".join(lines)
    w, h = app.size
    layout = scr.table_layout
    assert layout == ("wide" if w >= 160 and h >= 45 else "roomy" if w >= 120 and h >= 36 else "compact"), (layout, w, h)
    boxes = scr.query_one("#boxes", BoxRows)
    solo = g.variant.spots(g) is not None
    seat = scr.info.seat if not scr.seats else scr.me
    labels = ["Rules", "Draw", "Play", "Limit", "Other", "Main", "Scored (", "Keepers and Creepers", "Goal"] if solo \
        else ["Piles", "New Rules", "Goal", "Tables"]
    for label in labels:
        assert f"─ {label}" in text, f"the label {label!r} is not on screen at {w}x{h}:\n{text}"
    assert "─ Hand" in text or "─ Temporary hand" in text or "'s hand (" in text or "Lesson complete" in text
    assert "─ Just happened" in text or "─ Log" in text
    assert lines[0].startswith(f"Turn {g.turn}")
    whole = layout != "compact"
    dialog: str | None = None

    def one_key_away(name: str) -> bool:
        nonlocal dialog
        if dialog is None:
            dialog = squash(table_dialog_text(scr))
        return squash(name) in dialog

    # the spots, whole from roomy up
    if solo:
        for spot, c in g.variant.spots(g).items():
            if c >= 0:
                shown = zone(lines, boxes.region_of(f"spot-{spot}"))
                assert squash(g.name(c)) in shown or (not whole and one_key_away(g.name(c))), \
                    f"{g.name(c)} is not readable in the {spot} spot at {w}x{h}: {shown!r}"
    else:
        shown = zone(lines, boxes.region_of("new-rules"))
        for c in g.rules:
            assert squash(g.name(c)) in shown or one_key_away(g.name(c)), f"{g.name(c)} not in New Rules: {shown!r}"
    # the Goals: the name and what you have and lack, whole
    goals = zone(lines, boxes.region_of("goals"))
    for c in g.goals:
        assert squash(g.name(c)) in goals, f"the Goal {g.name(c)} is not on screen at {w}x{h}: {goals!r}"
        progress = squash(goal_progress(g, c, seat))
        assert progress in goals, f"{g.name(c)}'s have/need {progress!r} is cut at {w}x{h}: {goals!r}"
    # your Keepers and Creepers: Creepers always shown; the rest shown, or one key away on a compact table
    mine = zone(lines, boxes.region_of("table" if solo else "others"))
    creepers = {c for c in g.tables[seat] if g.db.cards[c].type == "creeper"}
    for c in g.tables[seat]:
        name = squash(g.name(c))
        if c in creepers or whole:
            assert name in mine, f"{g.name(c)} is not on screen at {w}x{h}: {mine!r}"
        else:
            assert name in mine or one_key_away(g.name(c)), \
                f"{g.name(c)} is neither on screen nor one key away at {w}x{h}: {mine!r}"
    if not solo:  # the other seats: hand size and table, every Creeper shown
        others = zone(lines, boxes.region_of("others"))
        for q in range(g.nplayers):
            if q == seat:
                continue
            assert squash(f"hand {len(g.hands[q])} · table:") in others, f"seat {q}'s row is cut at {w}x{h}:\n{text}"
            for i, u in enumerate(keeper_units(g, q)):
                # wide: every card of every seat; roomy: every Creeper; compact: shown, or one key away
                if layout == "wide" or (layout == "roomy" and i < creeper_units(g, q)):
                    assert squash(u.plain) in others, f"seat {q}'s {u.plain} is not on screen at {w}x{h}: {others!r}"
                else:
                    for part in u.plain.split("+"):
                        assert squash(part) in others or one_key_away(part[2:]), \
                            f"seat {q}'s {part} is neither on screen nor one key away at {w}x{h}"
    # no band of empty rows inside a box (but beside a Goal box grown to keep every Goal's have/need whole)
    goal_rows = boxes.region_of("goals")
    goal_grew = empty_runs(inner_rows(lines, goal_rows)) == 0 and goal_rows.height > 6
    for pane in boxes.panes():
        r = boxes.region_of(pane.key)
        if goal_grew and r.y == goal_rows.y and pane.key != "goals":
            continue
        assert empty_runs(inner_rows(lines, r)) < 4, f"4 empty rows in the {pane.key} box at {w}x{h}:\n{text}"
    for wid in ("#moves", "#log", "#full-log"):
        found = scr.query(wid)
        if found:
            r = found.first().region
            assert empty_runs(inner_rows(lines, r)) < 4, f"4 empty rows in {wid} at {w}x{h}:\n{text}"


def rendered(widget, option) -> str:
    """An option as its OptionList renders it (its width, its wrapping)."""
    strips = widget._get_option_render(option, widget.get_visual_style("option-list--option"))
    return "".join(strip.text for strip in strips)


CHECKED: set[tuple[int, str]] = set()


def check_lines(scr, lines: list[Any] | None = None) -> int:
    """Every option of the tutor's panels and the hand, as rendered, reads
    as its plain text (white space aside: wrapping). Returns how many."""
    from textual.widgets import OptionList
    n = 0
    for wid in ("#log", "#full-log", "#moves"):
        found = scr.query(wid)
        if not found:
            continue
        ol = found.first(OptionList)
        width = ol.scrollable_content_region.width
        for option in ol.options:
            plain = option.prompt.plain if hasattr(option.prompt, "plain") else str(option.prompt)
            if (width, plain) in CHECKED:  # the same text at the same width renders the same
                continue
            CHECKED.add((width, plain))
            got = rendered(ol, option)
            assert squash(got) == squash(plain), f"{wid} shows {got!r} for the line {plain!r}"
            n += 1
    if lines is not None:  # and every line of the log is its own plain text
        for ln in lines:
            assert ln.content.plain == str(ln)
    return n
