"""The ``solo-fluxx`` command line (see shared/CLI.md).

Bad arguments exit 2 with one sentence; any other failure exits 1 with one
sentence; never a traceback. ``--json`` prints one JSON document on stdout.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path
from typing import Any, NoReturn

from engine.decks import DeckError, shipped_decks
from engine.registry import VariantError, get_variant, variant_names


class UsageError(Exception):
    pass


class Visible:
    """An output stream that shows terminal control characters as \\e, \\xNN:
    what the command line prints back from a file (a card name, a scenario
    name, an answer) can never drive the terminal."""

    def __init__(self, stream: Any):
        self.stream = stream

    def write(self, text: str) -> int:
        from engine.datafile import visible_lines
        written: int = self.stream.write(visible_lines(text))
        return written

    def __getattr__(self, name: str) -> Any:
        return getattr(self.stream, name)


class Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:  # one clear sentence, exit 2
        raise UsageError(f"{self.prog}: {message} (see '{self.prog} --help')")


def _decks(text: str) -> list[str]:
    ids = [d.strip() for d in text.split(",") if d.strip()]
    if not ids:
        raise argparse.ArgumentTypeError("give at least one deck id, e.g. fluxx5,creeper-pack")
    twice = sorted({d for d in ids if ids.count(d) > 1})
    if twice:
        raise argparse.ArgumentTypeError(f"the deck '{twice[0]}' is named twice; name each deck once")
    known = shipped_decks()
    for d in ids:
        if d not in known:
            raise argparse.ArgumentTypeError(f"there is no deck '{d}' (the decks are: {', '.join(known)})")
    from engine.cards import card_db
    try:
        card_db(tuple(ids))
    except DeckError as e:
        raise argparse.ArgumentTypeError(
            f"the decks {', '.join(ids)} cannot be played together ({e.problems[0]}); "
            "play Voyager on its own, or fluxx5 with creeper-pack") from None
    return ids


def _folder(text: str) -> str:
    if not text.strip():
        raise argparse.ArgumentTypeError("give a folder name (an empty one would write into the current folder)")
    return text


def _whole(text: str, lo: int, hi: int, what: str) -> int:
    try:
        v = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{text}' is not a whole number") from None
    if not lo <= v <= hi:
        raise argparse.ArgumentTypeError(f"{v} is out of range; {what}")
    return v


def _jobs(text: str) -> int:
    return _whole(text, 1, 256, "--jobs takes 1 to 256 processes")


def _positive(text: str) -> int:
    return _whole(text, 1, 10**9, "it must be from 1 to 1000000000")


def _int(text: str) -> int:
    return _whole(text, 0, 2**63 - 1, "a seed is a whole number from 0 to 2^63-1")


def _lesson_number(text: str) -> int:
    return _whole(text, 1, 10_000, "lessons are numbered from 1 (solo-fluxx learn --list numbers them)")


def _run_id(text: str) -> int:
    return _whole(text, 1, 2**63 - 1, "a run id is a whole number (solo-fluxx history lists them)")


def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    from engine.runfile import ENGINE_VERSION
    try:
        mine = version("solo-fluxx")
    except PackageNotFoundError:
        mine = "unknown (not installed)"
    return f"solo-fluxx {mine} (engine {ENGINE_VERSION})"


class _VersionAction(argparse.Action):
    """--version, worked out only when asked (reading the installed metadata
    costs tens of milliseconds on every start otherwise)."""

    def __init__(self, option_strings: list[str], dest: str = argparse.SUPPRESS, default: Any = argparse.SUPPRESS,
                 help: str | None = None):
        super().__init__(option_strings=option_strings, dest=dest, default=default, nargs=0, help=help)

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace, values: Any,
                 _option_string: str | None = None) -> None:
        parser._print_message(_version() + "\n", sys.stdout)
        parser.exit()


def _date(text: str) -> str:
    import datetime
    try:
        return datetime.date.fromisoformat(text).isoformat()
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{text}' is not a date of the form YYYY-MM-DD") from None


def build_parser(only: str | None = None) -> Parser:
    """The command line's parser; with ``only``, a command's name, the
    parser of that command alone (the same parse, help and errors for it),
    which is all a start needs: building all twelve takes milliseconds."""
    p = Parser(prog="solo-fluxx", description="Solo Fluxx: the solitaire Fluxx, on a complete rules engine.")
    p.add_argument("--version", action=_VersionAction,
                   help="the program's version and the engine version that run files record")
    sub = p.add_subparsers(dest="cmd")  # sub-parsers are of the parent's class: Parser

    seed_help = "the deal's seed, a whole number from 0 to 2^63-1 (default: a random one)"
    decks_help = "comma-separated deck ids (default: fluxx5)"
    if only in (None, "play"):
        from engine.bots import BOTS
        sp = sub.add_parser("play", help="start a new game in the app: Solo Fluxx, or Fluxx against bots")
        sp.add_argument("--seed", type=_int, help=seed_help)
        sp.add_argument("--decks", type=_decks, default=["fluxx5"], help=decks_help)
        # checked in cmd_play, not by choices: listing the variants reads every installed entry point,
        # a look the first frame would wait for (README "First frame")
        sp.add_argument("--variant", default="solo", metavar="NAME",
                        help="solo (default): Solo Fluxx; standard: Fluxx against bots, you at the first seat; "
                             "any other installed variant, against bots when it has more than one seat")
        sp.add_argument("--players", type=_positive,
                        help="a game against bots: the seats, as many as the variant takes (default 4)")
        sp.add_argument("--bot", choices=sorted(BOTS), help="a game against bots: the bots' strength (default greedy)")

    if only in (None, "text"):
        sp = sub.add_parser("text", help="play Solo Fluxx in plain text, one numbered question at a time")
        sp.add_argument("--seed", type=_int, help=seed_help)
        sp.add_argument("--decks", type=_decks, default=["fluxx5"], help=decks_help)

    if only in (None, "learn"):
        sp = sub.add_parser("learn", help="open the step-by-step lessons in the app (lesson N directly)")
        sp.add_argument("n", nargs="?", type=_lesson_number, metavar="N", help="the lesson to open (learn --list numbers them)")
        sp.add_argument("--list", action="store_true", help="list the lessons: number, title, rule id, stars earned")
        sp.add_argument("--json", action="store_true", help="with --list: as JSON")

    if only in (None, "daily"):
        sp = sub.add_parser("daily", help="open today's (or that date's) daily challenge in the app")
        sp.add_argument("--date", type=_date, help="YYYY-MM-DD (default: today)")

    if only in (None, "history"):
        sp = sub.add_parser("history", help="past runs")
        sp.add_argument("--json", action="store_true", help="one JSON document: the runs and the statistics")

    if only in (None, "sim"):
        from engine.bots import BOTS
        sp = sub.add_parser("sim", help="play complete games with bots, no screen")
        sp.add_argument("--variant", choices=variant_names(), default="solo",
                        help="solo (default), standard, or another installed variant (or one named in "
                             "SOLO_FLUXX_VARIANTS)")
        sp.add_argument("--players", type=_positive, help="seats for the standard game (2-6)")
        sp.add_argument("--decks", type=_decks, default=["fluxx5"], help=decks_help)
        sp.add_argument("--games", type=_positive, default=100, help="how many games (default: 100)")
        g = sp.add_mutually_exclusive_group()
        g.add_argument("--seed", type=_int, default=0, help="the first game's seed; game k uses seed+k")
        g.add_argument("--daily", type=_date, help="play that date's daily deal")
        sp.add_argument("--bot", choices=sorted(BOTS), default="random",
                        help="random, greedy, or search (rollouts; slower, stronger)")
        where = sp.add_mutually_exclusive_group()
        where.add_argument("--jobs", type=_jobs, default=None, metavar="N",
                           help="play the games in N processes (default: every core); the results are the same "
                                "for any N")
        where.add_argument("--cluster", metavar="ADDRESS",
                           help="play the games on an existing Dask cluster (tcp://HOST:PORT; the extra "
                                '".[cluster]"); the results are the same as with --jobs')
        sp.add_argument("--save-runs", metavar="DIR", type=_folder, help="write each finished game as a run file")
        sp.add_argument("--force", action="store_true", help="overwrite run files already in the --save-runs folder")
        sp.add_argument("--json", action="store_true", help="one JSON document instead of key: value lines")

    if only in (None, "scenario"):
        sp = sub.add_parser("scenario", help="run rules scenarios")
        sp.add_argument("paths", nargs="+", metavar="PATH", help="scenario files, or folders of them")

    if only in (None, "deck"):
        sp = sub.add_parser("deck", help="check a deck file, or show a shipped deck")
        dsub = sp.add_subparsers(dest="deck_cmd")
        dc = dsub.add_parser("check", help="validate a deck file; list every problem")
        dc.add_argument("file", metavar="FILE", help="the deck file (TOML)")
        ds = dsub.add_parser("show", help="the cards of a shipped deck")
        ds.add_argument("id", metavar="ID", help="a shipped deck: " + ", ".join(shipped_decks()))
        ds.add_argument("--json", action="store_true", help="the cards as one JSON document")

    if only in (None, "replay"):
        sp = sub.add_parser("replay", help="print a run move by move")
        sp.add_argument("run", metavar="RUN", nargs="?", help="a run file (or --run ID for a run of the history)")
        sp.add_argument("--run", dest="run_id", metavar="ID", type=_run_id, help="run ID of the history (solo-fluxx history)")
        sp.add_argument("--explain", action="store_true", help="the tutor's explanation of every event")
        sp.add_argument("--json", action="store_true", help="one JSON line per step")

    if only in (None, "rules"):
        sp = sub.add_parser("rules", help="the tutor's rules reference")
        sp.add_argument("id", metavar="ID", nargs="?", help="a rule id such as solo.score (default: list them all)")
        sp.add_argument("--json", action="store_true", help="as JSON")
        sp.add_argument("--search", metavar="TEXT", help="the entries that answer TEXT, best first: a question, a card name or a topic")

    if only in (None, "export"):
        sp = sub.add_parser("export", help="write a run of the history as a run file")
        sp.add_argument("id", metavar="ID", type=_run_id, help="the run's id (solo-fluxx history lists them)")
        sp.add_argument("file", metavar="FILE", help="where to write the run file (JSON)")
        sp.add_argument("--force", action="store_true", help="overwrite FILE if it exists")

    if only in (None, "verify"):
        sp = sub.add_parser("verify", help="replay a run and confirm its recorded result")
        sp.add_argument("run", metavar="RUN", help="a run file")

    if only in (None, "serve"):
        sp = sub.add_parser("serve", help="serve the app to a browser (needs the web extra: pip install -e '.[web]')")
        sp.add_argument("--host", default="127.0.0.1", help="the address to listen on (default 127.0.0.1: this "
                        "machine only; any other needs --public)")
        sp.add_argument("--port", type=_port, default=8000, help="the port (default 8000)")
        sp.add_argument("--max-tabs", type=_tabs, default=4,
                        help="the most browser tabs playing at once, each an app process (default 4)")
        sp.add_argument("--public", action="store_true",
                        help="allow a --host other machines can reach: they play with this data folder, "
                        "given the address with its token that the server prints")
        sp.add_argument("--allow-host", action="append", default=[], metavar="NAME[:PORT]",
                        help="with --public: another name the browser may reach the server by (repeatable; "
                        "the address and this machine's names are accepted already)")
    return p


def _port(text: str) -> int:
    return _whole(text, 1, 65535, "a port is a whole number from 1 to 65535")


def _tabs(text: str) -> int:
    return _whole(text, 1, 64, "--max-tabs takes 1 to 64 tabs")


def cmd_serve(a: argparse.Namespace) -> int:
    host = a.host.strip()  # " localhost" is localhost: the check and the server see the same name
    if host.lower() not in ("127.0.0.1", "localhost", "::1") and not a.public:
        raise UsageError(f"solo-fluxx serve: --host {host} lets other machines play with this data folder; "
                         "add --public to mean it, or leave --host out (127.0.0.1, this machine only)")
    import importlib
    try:
        web = importlib.import_module("solo.web")
    except ImportError as e:
        raise UsageError("solo-fluxx serve: the browser server is an optional extra that is not installed "
                         f"({(e.name or 'textual_serve').split('.')[0]} is missing); install it with pip install -e '.[web]' "
                         "(or pip install 'solo-fluxx[web]')") from None
    try:
        code: int = web.serve(host, a.port, a.max_tabs, a.public, a.allow_host)
        return code
    except web.ServeError as e:
        print(str(e), file=sys.stderr)
        return 1


def cmd_sim(a: argparse.Namespace) -> int:
    from engine.sim import run_sim
    v = get_variant(a.variant)  # the registry's: seats and title come from the variant
    if v.max_players == 1:
        if a.players not in (None, 1):
            raise UsageError(f"solo-fluxx sim: --players is for a game of several players; {v.title} has 1 player")
        players = 1
    else:
        players = a.players or max(2, v.min_players)
        if not v.min_players <= players <= v.max_players:
            raise UsageError(f"solo-fluxx sim: the {v.name} game takes {v.min_players} to {v.max_players} "
                             f"players, not {players}")
    seed = a.seed
    if a.daily:
        from solo.variant.daily import daily_seed
        seed = daily_seed(a.daily)
    if a.save_runs is not None:
        from engine.datafile import visible
        folder = Path(a.save_runs)
        if folder.exists() and not folder.is_dir():
            print(f"solo-fluxx sim: --save-runs {visible(a.save_runs)} is a file, not a folder", file=sys.stderr)
            return 1
        names = [folder / f"run-{a.variant}-{seed + k}.json" for k in range(a.games)]
        # a FIFO, a device or a folder where a run file goes is never written to, --force or not (a
        # FIFO would hang the write); a name taken by a file or a link (even a link to nothing) needs --force
        odd = [f for f in names if os.path.lexists(f) and not f.is_symlink() and not f.is_file()]
        if odd:
            print(f"solo-fluxx sim: {visible(str(odd[0]))} is not a file (a folder, FIFO or device); give "
                  f"another --save-runs folder", file=sys.stderr)
            return 1
        taken = [f for f in names if os.path.lexists(f)] if not a.force else []
        if taken:
            more = f" and {len(taken) - 1} more" if len(taken) > 1 else ""
            print(f"solo-fluxx sim: {visible(str(taken[0]))}{more} already exist(s); give --force to overwrite "
                  "(a link is replaced, never written through), or another --save-runs folder", file=sys.stderr)
            return 1
    from engine.sim import default_jobs
    source = None
    if a.cluster:
        from solo.tools.cluster import ClusterSource, ClusterUnavailable

        def told(done: int, total: int, workers: int) -> None:
            print(f"solo-fluxx sim: {done} of {total} games played on {a.cluster} ({workers} workers)",
                  file=sys.stderr, flush=True)
        try:
            source = ClusterSource(a.cluster, told)
        except ClusterUnavailable as e:
            print(f"solo-fluxx sim: --cluster {a.cluster}: {e}", file=sys.stderr)
            return 2
    from engine.datafile import DataFileError
    try:
        res = run_sim(a.decks, players, a.variant, a.games, seed, a.bot, save_runs=a.save_runs,
                      err=lambda m: print(m, file=sys.stderr), daily=a.daily,
                      jobs=a.jobs if a.jobs is not None else default_jobs(), source=source)
    except DataFileError as e:  # a run file's place changed under the run (checked above before it began)
        print(f"solo-fluxx sim: {e}", file=sys.stderr)
        return 1
    finally:
        if source is not None:
            source.close()
    if a.daily:
        res["daily"] = a.daily
    if a.json:
        print(json.dumps(res))
    else:
        for k, v in res.items():
            print(f"{k:22} {v}")
    return 0


def cmd_deck(a: argparse.Namespace) -> int:
    from engine.deckfile import check_file, load_deck  # the schema library: only for the deck commands
    if a.deck_cmd == "check":
        problems = check_file(a.file)
        if problems:
            for pr in problems:
                print(f"{a.file}: {pr}")
            print(f"{len(problems)} problem(s) found")
            return 1
        print(f"{a.file}: ok")
        return 0
    if a.deck_cmd == "show":
        try:
            deck = load_deck(a.id)
        except DeckError as e:
            print(f"solo-fluxx deck show: {e.problems[0]}", file=sys.stderr)
            return 1
        if a.json:
            print(json.dumps(deck.model_dump(exclude_none=True)))
            return 0
        print(f"{deck.name} ({deck.id}), {len(deck.cards)} cards")
        for c in deck.cards:
            extra = ""
            if c.confidence:
                extra = f"  [{c.confidence}: {c.source or 'no source given'}]"
            marks = [f"icons: {', '.join(c.icons)}"] if c.icons else []
            if c.counts_as:
                marks.append(f"counts as {', '.join(c.counts_as)}")
            if c.counters:
                marks.append(f"cancels out of turn: {c.counters}")
            mark = f" <{'; '.join(marks)}>" if marks else ""
            print(f"  {c.type:8} {c.name}{mark}: {c.text}{extra}")
        if deck.solo_set_aside:
            print("Set aside for Solo Fluxx: " + ", ".join(deck.solo_set_aside))
        conf: list[str] = [c.confidence for c in deck.cards if c.confidence]
        if conf:
            print("Confidence: " + ", ".join(f"{n} {k}" for k in ("verified", "likely", "reconstructed")
                                            if (n := conf.count(k))))
        return 0
    raise UsageError("solo-fluxx deck: say 'check FILE' or 'show ID'")


def _history_run(run_id: int, prog: str) -> tuple[dict[str, Any] | None, str]:
    """Run ``run_id`` of the history as run-file data, or None and why not."""
    from solo.store import Store
    data = Store(reading=True).run_file(run_id)
    if data is None:
        return None, f"solo-fluxx {prog}: there is no run {run_id} in the history (solo-fluxx history lists them)"
    if not isinstance(data.get("answers"), list):
        return None, f"solo-fluxx {prog}: run {run_id} kept no readable answers, so it cannot be replayed"
    return data, ""


def cmd_export(a: argparse.Namespace) -> int:
    data, why = _history_run(a.id, "export")
    if data is None:
        print(why, file=sys.stderr)
        return 1
    from solo.store import Store
    status = Store(reading=True).run_status(a.id) or "finished"
    if status != "finished":  # a run file claims a whole game, which verify checks to its end
        print(f"solo-fluxx export: run {a.id} was {status} before the game ended, so it has no result to verify; "
              f"solo-fluxx replay --run {a.id} shows it step by step", file=sys.stderr)
        return 1
    # what is written is what verify accepts: a run whose record does not replay to what it claims
    # (a damaged row, a run of an engine whose rules differ) is refused, in one sentence
    from engine.runfile import RunError, run_from_data
    try:
        why, _result, _g = check_run(run_from_data(data, f"run {a.id}"))
    except RunError as e:
        why = str(e)
    if why:
        print(f"solo-fluxx export: run {a.id} does not verify, so it is not exported: {why}", file=sys.stderr)
        return 1
    from engine.datafile import DataFileError, visible, write_text
    try:
        write_text(a.file, json.dumps(data, indent=1) + "\n", a.force, "the run file")
    except DataFileError as e:
        print(f"solo-fluxx export: {e}", file=sys.stderr)
        return 1
    print(f"wrote run {a.id} to {visible(a.file)} (solo-fluxx verify {visible(a.file)} checks it)")
    return 0


def cmd_replay(a: argparse.Namespace) -> int:
    from engine.answers import json_words
    from engine.runfile import RunError, load_run, replay, run_from_data
    if (a.run is None) == (a.run_id is None):
        raise UsageError("solo-fluxx replay: give a run file or --run ID (not both)")
    if a.run_id is not None:
        data, why = _history_run(a.run_id, "replay")
        if data is None:
            print(why, file=sys.stderr)
            return 1
        run = run_from_data(data, f"run {a.run_id}")
        a.run = f"run {a.run_id}"
    else:
        run = load_run(a.run)
    explainer = None
    if a.explain:
        from solo.store.seats import seat_names
        from tutor.explain import Explainer
        # a game against bots played in the app: its seats by name ("You", "Ada", ...)
        explainer = Explainer("brief", names=seat_names(run.seats) if run.seats else None)

    asked: list[str] = [""]  # the question pending before each answer

    def show(i: int, j: Any, events: list[Any], g: Any) -> None:
        if explainer is not None:
            if j is not None and not a.json:
                print(f"{i + 1:4}. answer: {json_words(j)}")
            for t in explainer.explain_all(g, events):
                x = t.x
                if a.json:
                    row = {"step": i + 1, "question": asked[0] if j is not None else None, "answer": j,
                           "group": t.group, "group_head": t.head, **x.to_dict()}
                    if row.get("event") == "game_over" and not g.variant.scores:  # the result: a seat, or null and why
                        row.update(winner=g.winner if g.winner >= 0 else None, end=g.end)
                    print(json.dumps(row))
                elif t.head:
                    print(f"{'':6}{x.quoted()}" + (f"\n{'':8}[{x.rule}] {x.more}" if x.more else ""))
            asked[0] = g.prompt.ask if g.prompt is not None else ""
            return
        if a.json:
            print(json.dumps({"step": i + 1, "answer": j,
                              "events": [{"event": e.kind, "rule": e.rule, "player": e.player,
                                          "card": g.name(e.card) if e.card >= 0 else None,
                                          **({"winner": e.player if e.player >= 0 else None, "end": e.rule}
                                             if e.kind == "game_over" and not g.variant.scores else {})}
                                         for e in events]}))
        elif j is not None:
            print(f"{i + 1:4}. {json_words(j)}")
    try:
        g = replay(run, on_step=show)
    except RunError as e:
        print(f"solo-fluxx replay: {a.run}: {e}{_engine_note(run.engine)}", file=sys.stderr)
        return 1
    if not a.json:
        if g.variant.scores:
            print(f"result: score {len(g.scored)}")
        else:
            from solo.store.seats import seat_label
            if g.winner < 0:
                print(f"result: no winner ({g.end or 'the run stops before the game ends'})")
            else:
                who = f" ({seat_label(run.seats, g.winner)})" if run.seats else ""
                print(f"result: winner p{g.winner}{who}")
    return 0


def cmd_rules(a: argparse.Namespace) -> int:
    from tutor.reference import REFERENCE, entry, search
    if a.search is not None:
        entries = search(a.search)
        if not entries:
            from tutor.search import closest
            near = "; ".join(f"{e.id} ({e.title})" for e in closest(a.search))
            print(f"solo-fluxx rules: no entry answers '{a.search}'. The closest: {near}", file=sys.stderr)
            return 1
        if a.json:
            print(json.dumps([e.to_dict() for e in entries]))
            return 0
        for e in entries:
            print(f"{e.id}  {e.title}  [{e.kind}; {e.source}]")
            print(f"    {e.text}")
        return 0
    if a.id:
        hit = entry(a.id)
        if hit is None:
            alike = [k for k in REFERENCE if a.id.lower() in k.lower()]
            hint = f" (did you mean {', '.join(alike[:5])}?)" if alike else " (run 'solo-fluxx rules' for the list)"
            print(f"solo-fluxx rules: there is no rule '{a.id}'{hint}", file=sys.stderr)
            return 1
        entries = [hit]
    else:
        entries = list(REFERENCE.values())
    if a.json:
        print(json.dumps([e.to_dict() for e in entries] if not a.id else entries[0].to_dict()))
        return 0
    for e in entries:
        print(f"{e.id}  {e.title}  [{e.kind}; {e.source}]")
        print(f"    {e.text}")
    return 0


def _engine_note(engine: str) -> str:
    """For a run recorded by another engine than this one: the words that say
    so and what changed ('' for a run of this engine)."""
    from engine.runfile import ENGINE_VERSION
    from engine.version import ENGINE_CHANGES
    if engine == ENGINE_VERSION:
        return ""
    return (f" (the run was recorded by engine {engine} and this is engine {ENGINE_VERSION}, "
            f"whose rules differ: {ENGINE_CHANGES.get(engine, 'see the README, Engine versions')})")


def check_run(run: Any) -> tuple[str, str, object]:
    """A run replayed and checked against what it claims: (why it does not
    verify, or ''; what it shows: "score 5", "winner p1", "a draw, ..."; the
    replayed game, or None). What ``verify`` prints and what ``export``
    checks before it writes a file."""
    from engine.runfile import RunError, replay
    from engine.sim import DECISION_CAP, TURN_CAP

    def fail(why: str) -> tuple[str, str, object]:
        return why + _engine_note(run.engine), "", None
    if run.daily is not None:  # a daily claim: the date's deal, and only it
        from solo.variant.daily import DAILY_DECKS, daily_seed
        try:
            seed = daily_seed(_date(run.daily))
        except argparse.ArgumentTypeError:
            return fail(f"'daily' is {run.daily!r}, which is not a date")
        if run.seed != seed:
            return fail(f"it claims the daily of {run.daily}, whose seed is {seed}, but its seed is {run.seed}")
        if (run.variant, run.players, tuple(run.decks)) != ("solo", 1, DAILY_DECKS):
            return fail(f"it claims the daily of {run.daily}, which is Solo Fluxx with {', '.join(DAILY_DECKS)}")
    try:
        g = replay(run, record=False)
    except RunError as e:
        return fail(str(e))
    # every game ends by the rules (a win, a deck run out, a told draw): a run that stops short
    # is not a result, not even one stopped at the sim's old turn cap
    if not g.over:
        at = (f" (it stops at turn {g.turn}, where the sim's guard of {TURN_CAP} turns cut games short "
              "before engine 0.2.0 ended them drawn)" if g.turn > TURN_CAP or g.decisions >= DECISION_CAP else "")
        return fail(f"step {len(run.answers) + 1}: the run ends before the game does{at}")
    outcome = g.variant.outcome(g)
    if outcome.score is not None:
        if run.score != outcome.score:
            return fail(f"the recorded score is {run.score}, the replay scores {outcome.score}")
    else:
        recorded = -1 if run.winner is None else run.winner
        if recorded != g.winner:
            said = "no winner (a draw)" if run.winner is None else f"p{run.winner}"
            got = f"no winner ({g.end})" if g.winner < 0 else f"p{g.winner}"
            return fail(f"the recorded winner is {said}, the replay's is {got}")
        if run.end is not None and run.end != g.end:
            return fail(f"the recorded end is {run.end}, the replay ends by {g.end}")
    if run.turns is not None and run.turns != g.turn:
        return fail(f"the recorded turns are {run.turns}, the replay takes {g.turn}")
    bots = ""
    if run.seats is not None:  # a game against bots: the bots' moves are theirs
        from engine.runfile import check_bots
        checked, why = check_bots(run)
        if why:
            return fail(why)
        bots = f", {checked} bot answers are the bots' own"
    return "", outcome.words() + bots, g


def _version_key(text: str) -> tuple[int, ...]:
    """An engine version (0.2.0) as numbers to compare; a part that is not a number counts as 0."""
    return tuple(int(p) if p.isdigit() else 0 for p in text.split("."))


def cmd_verify(a: argparse.Namespace) -> int:
    from engine.runfile import ENGINE_VERSION, load_run
    run = load_run(a.run)
    name = a.run
    why, result, _g = check_run(run)
    if why:
        print(f"solo-fluxx verify: {name}: {why}")
        return 1
    if run.engine != ENGINE_VERSION:
        newer = _version_key(run.engine) > _version_key(ENGINE_VERSION)
        print(f"{name}: recorded by engine {run.engine}{', newer than this one' if newer else ''}; replayed on "
              f"engine {ENGINE_VERSION}" + ("; it replays the same here, but the newer engine's rules may differ: "
                                            "verify it with that release too" if newer else ""))
    print(f"{name}: verified ({result})")
    return 0


def cmd_play(a: argparse.Namespace) -> int:
    v = get_variant(a.variant)  # an unknown name: VariantError, one sentence naming the variants there are
    # Solo and the standard game keep their own slots; another variant plays in the slot named as it
    other = {} if a.variant in ("solo", "standard") else {"variant": a.variant}
    if v.max_players == 1:
        if a.players not in (None, 1) or a.bot is not None:
            raise UsageError(f"solo-fluxx play: --players and --bot are for a game against bots; {v.title} has "
                             "one player and no bots")
        return _run(_app(new=(a.seed, a.decks), **other))
    from solo.store.seats import MAX_BOTS, new_seats
    most = min(v.max_players, MAX_BOTS + 1)
    players = max(v.min_players, min(4, most)) if a.players is None else a.players
    if not v.min_players <= players <= most:
        raise UsageError(f"solo-fluxx play: {v.title} takes {v.min_players} to {most} players (you and "
                         f"{v.min_players - 1} to {most - 1} bots), not {players}")
    return _run(_app(new=(a.seed, a.decks), seats=new_seats(players - 1, a.bot or "greedy"), **other))


def _run(app: Any) -> int:
    """Run the app; an error inside it ends in one sentence and exit 1."""
    import gc
    try:
        if not has_terminal():  # the app would wait for keys that never come
            raise NoTerminal(NO_TERMINAL)
        app.run()
    finally:
        gc.enable()  # if the app ended before its first frame (see _app)
    if app.failure:
        from engine.datafile import visible_lines
        try:
            print(visible_lines(f"solo-fluxx: {app.failure}"), file=sys.stderr)
        except OSError:  # the terminal is gone (its window closed): nobody is left to read the sentence
            pass
        return 1
    return app.return_code or 0


class NoTerminal(Exception):
    """An app command started where no terminal is (input from a file or
    /dev/null, the screen into a pipe): the app would wait for keys that
    never come."""


def has_terminal(stdin: Any = None, screen: Any = None, environ: Any = None) -> bool:
    """Whether the app can be drawn and answered here: its keys come from
    standard input and Textual draws on standard error, so both must be a
    terminal, unless a Textual driver is named in the environment
    (TEXTUAL_DRIVER: a browser server runs the app through pipes that way)."""
    environ = os.environ if environ is None else environ
    if environ.get("TEXTUAL_DRIVER"):
        return True
    stdin = sys.__stdin__ if stdin is None else stdin
    screen = sys.__stderr__ if screen is None else screen
    try:
        return bool(stdin is not None and screen is not None and stdin.isatty() and screen.isatty())
    except (OSError, ValueError):  # a closed stream
        return False


NO_TERMINAL = ("solo-fluxx: the game is drawn in a terminal, and there is none here (standard input and "
               "error are not a terminal); run it in a terminal, or play by lines of text with "
               "`solo-fluxx text`")


def _app(new: Any = None, daily: str | None = None, learn: bool = False, lesson: str | None = None,
         seats: list[str] | None = None, variant: str | None = None) -> Any:
    # The start (Textual's import, the screens built, the first frame) makes
    # some 90,000 objects and frees few: the cycle collector, run every few
    # hundred of them, only costs time (about a tenth of the first frame).
    # The app turns it back on once its first frame is drawn
    # (SoloFluxxApp.start_done).
    import gc
    gc.disable()
    from solo.app import SoloFluxxApp
    from solo.store import Store
    return SoloFluxxApp(Store(), new=new, daily=daily, learn=learn, lesson=lesson, seats=seats, variant=variant)


def _prints(text: str) -> bool:
    """Whether standard output's encoding can show ``text`` (an ASCII-only terminal cannot show a star)."""
    try:
        text.encode(getattr(sys.stdout, "encoding", None) or "utf-8")
        return True
    except (UnicodeEncodeError, LookupError):
        return False


COACHED = "coached"  # learn N past the lessons: the coached game, the last line of the app's list


def cmd_learn(a: argparse.Namespace) -> int:
    from scenarios.lessons import lessons
    if a.json and not a.list:
        print("solo-fluxx learn: --json goes with --list (solo-fluxx learn --list --json)", file=sys.stderr)
        return 2
    if a.list:
        if a.n is not None:
            print("solo-fluxx learn: give either N (to open a lesson) or --list, not both", file=sys.stderr)
            return 2
        from solo.store import Store
        stars = Store(reading=True).lesson_stars()
        rows = [{"number": k + 1, "id": ls.id, "title": ls.title, "rule": ls.rule, "stars": stars.get(ls.id, 0)}
                for k, ls in enumerate(lessons())]
        from scenarios.lessons import COACHED_TITLE
        coached = {"number": len(rows) + 1, "title": COACHED_TITLE}
        if a.json:
            print(json.dumps({"lessons": rows, "coached": coached}))
        else:
            full, empty = ("★", "☆") if _prints("★☆") else ("*", ".")  # an ASCII-only terminal gets ASCII stars
            for r in rows:
                n = int(str(r["stars"]))
                earned = full * n + empty * (3 - n) if n else "   "
                print(f"{r['number']:3}. {earned}  {r['title']}  [{r['rule']}]")
            print(f"{coached['number']:3}.       {coached['title']}")
        return 0
    if a.n is not None:
        found = lessons()
        if a.n == len(found) + 1:  # the list's last line: the coached game
            return _run(_app(learn=True, lesson=COACHED))
        if a.n > len(found):
            print(f"solo-fluxx learn: there is no lesson {a.n}; there are {len(found)} lessons and the coached "
                  f"game, {len(found) + 1} (solo-fluxx learn --list)", file=sys.stderr)
            return 2
        return _run(_app(learn=True, lesson=found[a.n - 1].id))
    return _run(_app(learn=True))


def cmd_daily(a: argparse.Namespace) -> int:
    from solo.variant.daily import today
    return _run(_app(daily=a.date or today()))


def cmd_text(a: argparse.Namespace) -> int:
    from solo.app.textplay import play_text
    return play_text(a.decks, a.seed)


def cmd_history(a: argparse.Namespace) -> int:
    from solo.store import Store
    store = Store(reading=True)
    if store.notice:
        print(store.notice, file=sys.stderr)
    runs = store.runs()
    for note in store.skipped:
        print(note, file=sys.stderr)
    from solo.store import aside_words, set_aside_files
    aside = set_aside_files(store.path)
    for info in aside:  # a save set aside (by this release or another): where, what it holds, how to restore
        print(aside_words(info, store.path), file=sys.stderr)
    if a.json:
        best, mean = store.best_and_mean()
        print(json.dumps({"runs": runs, "best": best, "mean": mean, "stats": store.stats(),
                          "set_aside": [dict(info, restore=aside_words(info, store.path)) for info in aside]}))
        return 0
    from solo.store import local_time
    from solo.store.seats import run_result
    if not runs and not store.unreadable:
        print("No runs yet.")
    else:  # the run's ID is what export, replay --run and the app's history take
        print(f"{'run':>5}  {'when':16}  {'seed':>17}  {'decks':22} {'result':20}  {'mode':25} {'':9} status")
    lines = [(rid, f"{rid:>5}  unreadable: {why}") for rid, why in store.unreadable.items()]
    for r in runs:
        mode = "daily " + r["daily"] if r["daily"] else "free play" if r["variant"] == "solo" else "against bots"
        if r["practice"]:
            mode += " (practice)"
        lines.append((r["id"], f"{r['id']:>5}  {local_time(r['finished'] or r['started'])}  seed {r['seed']:>12}  "
                      f"{','.join(r['decks']):22} {run_result(r):20}  {mode:25} "
                      f"{'assisted' if r['assisted'] else '':9} {r['status']}"))
    for _rid, line in sorted(lines, key=lambda x: x[0]):  # an unreadable row in its place, the rest as usual
        print(line)
    return 0


COMMANDS = ("play", "text", "learn", "daily", "history", "sim", "scenario", "deck", "replay", "rules", "export",
            "verify", "serve")
APP_COMMANDS = (None, "play", "daily", "learn")  # Textual draws these screens itself


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    for stream in (sys.stdout, sys.stderr):
        try:  # a character the terminal's encoding lacks is shown as '?', never an error
            stream.reconfigure(errors="replace")  # type: ignore[union-attr]
        except (AttributeError, ValueError, OSError):
            pass
    out, err = sys.stdout, sys.stderr
    sys.stderr = Visible(err)
    try:
        return _main(argv, out, err)
    finally:
        sys.stdout, sys.stderr = out, err


def _main(argv: list[str], out: Any, err: Any) -> int:
    try:
        a = build_parser(argv[0] if argv and argv[0] in COMMANDS else None).parse_args(argv)
        if a.cmd not in APP_COMMANDS:
            sys.stdout = Visible(out)
        else:
            sys.stderr = err
        if a.cmd is None:
            return _run(_app())
        if a.cmd == "scenario":
            from scenarios.runner import run_paths
            _, failed = run_paths(a.paths)
            return 1 if failed else 0
        if a.cmd == "serve":
            return cmd_serve(a)
        return {"sim": cmd_sim, "deck": cmd_deck, "replay": cmd_replay, "verify": cmd_verify,
                "play": cmd_play, "text": cmd_text, "history": cmd_history, "daily": cmd_daily,
                "rules": cmd_rules, "learn": cmd_learn, "export": cmd_export}[a.cmd](a)
    except UsageError as e:
        print(str(e), file=sys.stderr)
        return 2
    except VariantError as e:  # a variant named in SOLO_FLUXX_VARIANTS, or installed, that does not load
        print(f"solo-fluxx: {e}", file=sys.stderr)
        return 2
    except NoTerminal as e:
        print(str(e), file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("solo-fluxx: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:  # output piped into a program that stopped reading (| head): end quietly
        return 0
    except Exception as e:  # the last net: one sentence, never a traceback
        import sqlite3

        from engine.runfile import RunError
        from solo.store import DB_NAME, StoreError, data_dir, store_error
        if isinstance(e, sqlite3.Error):
            e = store_error(data_dir() / DB_NAME, e)
        if isinstance(e, StoreError):
            print(f"solo-fluxx: {e}", file=sys.stderr)
        elif isinstance(e, RunError):
            print(f"solo-fluxx: {e}", file=sys.stderr)
        else:
            print(f"solo-fluxx: unexpected {type(e).__name__}: {e}", file=sys.stderr)
        return 1


