"""``engine.datafile.write_text``, called directly: each refusal says what
is in the way, the file lands with the mode and encoding it should on any
machine, and a failed write leaves nothing behind and still ends in a
sentence (``DataFileError``), never a traceback. (The command-line paths
that use it are in test_reliability3.py.)"""
from __future__ import annotations

import json
import os
import socket
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from engine.datafile import DataFileError, write_text

ROOT = Path(__file__).resolve().parents[1]
posix_only = pytest.mark.skipif(os.name != "posix", reason="links, FIFOs and sockets as POSIX has them")


def _leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".tmp"))


@posix_only
def test_a_link_names_what_it_points_to(tmp_path):
    there = tmp_path / "there.json"
    there.write_text("keep me")
    (tmp_path / "to-file.json").symlink_to(there)
    (tmp_path / "to-nothing.json").symlink_to(tmp_path / "gone.json")
    with pytest.raises(DataFileError) as e:
        write_text(tmp_path / "to-file.json", "x", False, "a run file")
    assert str(e.value).endswith("to-file.json is a link to another file; give --force to replace the link "
                                 "with a run file (its target is left alone), or another name")
    assert str(tmp_path) in str(e.value)
    with pytest.raises(DataFileError) as e:
        write_text(tmp_path / "to-nothing.json", "x", False, "a run file")
    assert "to-nothing.json is a link to nothing; give --force" in str(e.value)
    assert there.read_text() == "keep me" and not (tmp_path / "gone.json").exists()


@posix_only
def test_a_socket_is_named_as_one_and_never_written(tmp_path):
    path = tmp_path / "s.json"
    s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        s.bind(str(path))
        with pytest.raises(DataFileError) as e:
            write_text(path, "x", True, "a run file")
    finally:
        s.close()
    assert str(e.value) == f"{path} is a socket, not a file; give another name for a run file"


@posix_only
def test_the_file_is_readable_by_all_and_writable_by_its_owner(tmp_path):
    old = os.umask(0)
    try:
        write_text(tmp_path / "run.json", "{}", False, "a run file")
    finally:
        os.umask(old)
    assert stat.S_IMODE(os.stat(tmp_path / "run.json").st_mode) == 0o644
    assert _leftovers(tmp_path) == []


@posix_only
def test_a_link_at_the_scratch_name_is_never_written_through(tmp_path):
    """The file is first written beside its place under a scratch name; a
    link planted at that name is not followed (the open fails, and the
    sentence says so), so nothing outside the folder is written."""
    outside = tmp_path / "outside"
    outside.mkdir()
    victim = outside / "victim.json"
    victim.write_text("keep me")
    folder = tmp_path / "out"
    folder.mkdir()
    (folder / f".run.json.{os.getpid()}.tmp").symlink_to(victim)
    with pytest.raises(DataFileError, match=r"^cannot write .*run\.json: File exists$"):
        write_text(folder / "run.json", "{}", False, "a run file")
    assert victim.read_text() == "keep me" and not (folder / "run.json").exists()


def test_a_folder_that_is_not_there_is_a_sentence(tmp_path):
    path = tmp_path / "no-such-folder" / "run.json"
    with pytest.raises(DataFileError) as e:
        write_text(path, "{}", False, "a run file")
    assert str(e.value) == f"cannot write {path}: No such file or directory"


@posix_only
def test_a_file_where_a_folder_goes_is_a_sentence(tmp_path):
    (tmp_path / "plain").write_text("")
    path = tmp_path / "plain" / "run.json"
    with pytest.raises(DataFileError) as e:
        write_text(path, "{}", True, "a run file")
    assert str(e.value) == f"cannot write {path}: Not a directory"


def test_a_name_with_a_control_character_is_shown_visibly(tmp_path):
    path = tmp_path / "no-such-folder" / "run\x1b[2J.json"
    with pytest.raises(DataFileError) as e:
        write_text(path, "{}", False, "a run file")
    assert "\x1b" not in str(e.value) and "run\\e[2J.json" in str(e.value)


def test_a_text_that_cannot_be_written_leaves_no_scratch_file(tmp_path):
    with pytest.raises(UnicodeEncodeError):
        write_text(tmp_path / "run.json", "\udc80", False, "a run file")
    assert list(tmp_path.iterdir()) == []


@posix_only
def test_the_file_is_utf8_whatever_the_locale(tmp_path):
    """Run files are the same bytes on every machine: written as UTF-8
    even where the locale's encoding is ASCII (the C locale with Python's
    UTF-8 mode and locale coercion turned off)."""
    path = tmp_path / "run.json"
    env = {k: v for k, v in os.environ.items() if not k.startswith(("LC_", "LANG"))}
    env.update(LC_ALL="C", PYTHONUTF8="0", PYTHONCOERCECLOCALE="0", PYTHONPATH=os.getcwd())
    code = ("import sys; from engine.datafile import write_text; "
            "write_text(sys.argv[1], '{\"name\": \"Caf\\u00e9 \\u2014 \\u2665\"}', False, 'a run file')")
    r = subprocess.run([sys.executable, "-c", code, str(path)], env=env, capture_output=True, text=True,
                       cwd=os.getcwd(), timeout=60)
    assert r.returncode == 0, r.stderr
    assert path.read_bytes() == '{"name": "Café — ♥"}'.encode()
    assert json.loads(path.read_text(encoding="utf-8"))["name"] == "Café — ♥"
