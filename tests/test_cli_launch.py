"""What the app commands start, without a terminal: ``play``, ``learn`` and
``daily`` build the app with the right game and run it; ``_run`` turns its end
into an exit status. The app is replaced by a recorder (the app itself is
tested by Pilot in the app tests); everything up to its constructor is the
real code. Also the small pieces of the command line those tests lean on:
``--version``, the star glyphs of ``learn --list``, the bounds of run ids and
lesson numbers, ``serve``'s defaults."""
from __future__ import annotations

import sys
import types

import pytest

from solo import cli
from solo.store import Store


class Recorder:
    """Stands in for SoloFluxxApp: keeps what it was built with, runs at once."""
    built: list[Recorder] = []

    def __init__(self, store, **kw):
        self.store, self.kw = store, kw
        self.failure: str | None = None
        self.return_code: int | None = None
        self.ran = False
        Recorder.built.append(self)

    def run(self):
        self.ran = True


@pytest.fixture
def app(monkeypatch, tmp_path):
    """The recorder in the app's place, a terminal present, a fresh home."""
    import solo.app
    monkeypatch.setenv("SOLO_FLUXX_HOME", str(tmp_path / "home"))
    monkeypatch.setattr(solo.app, "SoloFluxxApp", Recorder)
    monkeypatch.setattr(cli, "has_terminal", lambda *a, **k: True)
    Recorder.built = []
    return Recorder


def started(capsys, *argv: str) -> tuple[int, dict, str]:
    code = cli.main(list(argv))
    err = capsys.readouterr().err
    (one,) = Recorder.built
    assert one.ran and isinstance(one.store, Store)
    Recorder.built = []
    return code, one.kw, err


NOTHING = {"new": None, "daily": None, "learn": False, "lesson": None, "seats": None, "variant": None}


def test_play_starts_the_named_game(app, capsys):
    code, kw, _ = started(capsys, "play", "--seed", "7")
    assert code == 0 and kw == dict(NOTHING, new=(7, ["fluxx5"]))
    code, kw, _ = started(capsys, "play", "--seed", "7", "--players", "1")  # one player is Solo's own count
    assert code == 0 and kw == dict(NOTHING, new=(7, ["fluxx5"]))
    code, kw, _ = started(capsys, "play", "--variant", "standard", "--seed", "3", "--players", "3", "--bot", "random")
    assert code == 0 and kw == dict(NOTHING, new=(3, ["fluxx5"]), seats=["human", "random", "random"])
    code, kw, _ = started(capsys, "play", "--variant", "standard")  # four at the table, greedy bots
    assert kw["seats"] == ["human", "greedy", "greedy", "greedy"] and kw["variant"] is None
    # another variant plays in a slot named as it
    code, kw, _ = started(capsys, "play", "--variant", "test-turn-limit", "--players", "2", "--seed", "1")
    assert code == 0 and kw == dict(NOTHING, new=(1, ["fluxx5"]), seats=["human", "greedy"], variant="test-turn-limit")


def test_play_takes_the_variants_players_at_both_ends(app, capsys):
    for n, ok in ((1, False), (2, True), (6, True), (7, False)):
        code = cli.main(["play", "--variant", "standard", "--players", str(n)])
        err = capsys.readouterr().err
        if ok:
            assert code == 0 and len(Recorder.built.pop().kw["seats"]) == n
        else:
            assert code == 2 and not Recorder.built
            assert "Fluxx takes 2 to 6 players (you and 1 to 5 bots), not" in err
    assert cli.main(["play", "--players", "2"]) == 2 and not Recorder.built
    assert "--players and --bot are for a game against bots; Solo Fluxx has one player" in capsys.readouterr().err


def test_play_seats_at_most_the_bots_there_are_names_for(app, capsys, monkeypatch):
    """A variant for up to ten still seats you and at most five bots."""
    big = types.SimpleNamespace(name="big", title="Big Fluxx", min_players=2, max_players=10)
    monkeypatch.setattr(cli, "get_variant", lambda name: big)
    assert cli.main(["play", "--variant", "big", "--players", "6"]) == 0
    assert len(Recorder.built.pop().kw["seats"]) == 6
    assert cli.main(["play", "--variant", "big", "--players", "7"]) == 2
    assert "Big Fluxx takes 2 to 6 players (you and 1 to 5 bots), not 7" in capsys.readouterr().err
    # a one-player variant of its own plays in its own slot, as every variant but Solo and the standard game
    alone = types.SimpleNamespace(name="alone", title="Alone Fluxx", min_players=1, max_players=1)
    monkeypatch.setattr(cli, "get_variant", lambda name: alone)
    assert cli.main(["play", "--variant", "alone", "--seed", "4"]) == 0
    assert Recorder.built.pop().kw == dict(NOTHING, new=(4, ["fluxx5"]), variant="alone")


def test_learn_opens_the_lesson_of_its_number_and_the_coached_game_after_them(app, capsys):
    from scenarios.lessons import lessons
    found = lessons()
    code, kw, _ = started(capsys, "learn")
    assert code == 0 and kw == dict(NOTHING, learn=True)
    for n in (1, 2, len(found)):
        code, kw, _ = started(capsys, "learn", str(n))
        assert code == 0 and kw == dict(NOTHING, learn=True, lesson=found[n - 1].id)
    code, kw, _ = started(capsys, "learn", str(len(found) + 1))
    assert code == 0 and kw == dict(NOTHING, learn=True, lesson=cli.COACHED)
    assert cli.main(["learn", str(len(found) + 2)]) == 2 and not Recorder.built
    assert capsys.readouterr().err.strip() == (
        f"solo-fluxx learn: there is no lesson {len(found) + 2}; there are {len(found)} lessons and the coached "
        f"game, {len(found) + 1} (solo-fluxx learn --list)")


def test_daily_starts_the_dates_deal(app, capsys):
    code, kw, _ = started(capsys, "daily", "--date", "2026-02-03")
    assert code == 0 and kw == dict(NOTHING, daily="2026-02-03")


def test_run_turns_the_apps_end_into_a_status(app, capsys):
    one = Recorder(None)
    assert cli._run(one) == 0 and one.ran
    one.return_code = 3
    assert cli._run(one) == 3
    one.failure = "the save folder \x1b[31mis not writable"
    assert cli._run(one) == 1
    # the one sentence, on standard error, a terminal's control sequence shown as text
    assert capsys.readouterr() == ("", "solo-fluxx: the save folder \\e[31mis not writable\n")


def test_no_terminal_is_one_sentence(monkeypatch, capsys, tmp_path):
    monkeypatch.setenv("SOLO_FLUXX_HOME", str(tmp_path / "home"))
    monkeypatch.setattr(cli, "has_terminal", lambda *a, **k: False)
    assert cli.main(["play"]) == 1
    assert capsys.readouterr().err.strip() == cli.NO_TERMINAL


# ------------------------------------------------------------ learn --list
def test_learn_list_stars_and_ascii_stars(monkeypatch, capsys, tmp_path):
    from scenarios.lessons import lessons
    home = tmp_path / "home"
    monkeypatch.setenv("SOLO_FLUXX_HOME", str(home))
    first = lessons()[:3]
    s = Store()
    s.lesson_done(first[0].id, 3)
    s.lesson_done(first[1].id, 1)
    s.close()
    capsys.readouterr()
    assert cli.main(["learn", "--list"]) == 0
    rows = capsys.readouterr().out.splitlines()
    assert rows[0] == f"  1. ★★★  {first[0].title}  [{first[0].rule}]"
    assert rows[1] == f"  2. ★☆☆  {first[1].title}  [{first[1].rule}]"
    assert rows[2] == f"  3.      {first[2].title}  [{first[2].rule}]"
    monkeypatch.setattr(cli, "_prints", lambda text: False)  # an ASCII-only terminal
    assert cli.main(["learn", "--list"]) == 0
    rows = capsys.readouterr().out.splitlines()
    assert rows[0].startswith("  1. ***  ") and rows[1].startswith("  2. *..  ") and rows[2].startswith("  3.     ")


def test_prints_asks_standard_outputs_encoding(monkeypatch):
    monkeypatch.setattr(sys, "stdout", types.SimpleNamespace(encoding="ascii"))
    assert cli._prints("plain") and not cli._prints("★☆")
    monkeypatch.setattr(sys, "stdout", types.SimpleNamespace(encoding="utf-8"))
    assert cli._prints("★☆")
    monkeypatch.setattr(sys, "stdout", types.SimpleNamespace(encoding=None))  # no encoding said: UTF-8
    assert cli._prints("★☆")
    monkeypatch.setattr(sys, "stdout", types.SimpleNamespace())  # a stream with no encoding at all
    assert cli._prints("★☆")
    monkeypatch.setattr(sys, "stdout", types.SimpleNamespace(encoding="no-such-codec"))
    assert not cli._prints("x")


# ------------------------------------------------------------ the small parsers
def test_version_is_the_installed_packages(monkeypatch):
    import importlib.metadata as md

    from engine.runfile import ENGINE_VERSION
    assert cli._version() == f"solo-fluxx {md.version('solo-fluxx')} (engine {ENGINE_VERSION})"

    def missing(name):
        raise md.PackageNotFoundError(name)
    monkeypatch.setattr(md, "version", missing)
    assert cli._version() == f"solo-fluxx unknown (not installed) (engine {ENGINE_VERSION})"


def test_run_ids_and_lesson_numbers_have_their_bounds():
    import argparse
    assert cli._run_id("1") == 1 and cli._run_id(str(2**63 - 1)) == 2**63 - 1  # SQLite's largest row id
    for bad in ("0", str(2**63)):
        with pytest.raises(argparse.ArgumentTypeError, match="a run id is a whole number"):
            cli._run_id(bad)
    assert cli._lesson_number("1") == 1 and cli._lesson_number("10000") == 10_000
    for bad in ("0", "10001"):
        with pytest.raises(argparse.ArgumentTypeError, match="lessons are numbered from 1"):
            cli._lesson_number(bad)
    p = cli.build_parser()
    assert p.parse_args(["replay", "--run", "12"]).run_id == 12
    with pytest.raises(cli.UsageError, match="'x' is not a whole number"):
        p.parse_args(["replay", "--run", "x"])


def test_serve_passes_its_options_to_the_server(monkeypatch):
    got = []
    fake = types.ModuleType("solo.web")
    fake.ServeError = type("ServeError", (Exception,), {})
    fake.serve = lambda host, port, tabs, public, allow: got.append((host, port, tabs, public, allow)) or 0
    monkeypatch.setitem(sys.modules, "solo.web", fake)
    assert cli.main(["serve"]) == 0
    assert cli.main(["serve", "--host", "0.0.0.0", "--port", "9001", "--max-tabs", "2", "--public",
                     "--allow-host", "fluxx.test", "--allow-host", "b.test:9"]) == 0
    assert got == [("127.0.0.1", 8000, 4, False, []), ("0.0.0.0", 9001, 2, True, ["fluxx.test", "b.test:9"])]
    with pytest.raises(cli.UsageError, match="--max-tabs takes 1 to 64 tabs"):
        cli.build_parser().parse_args(["serve", "--max-tabs", "65"])
