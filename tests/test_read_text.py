"""``engine.datafile.read_text``, called directly: a file up to its cap is
read whole however many reads it takes, one byte more is refused before a
byte is read (or as soon as the cap is passed, for a file whose size is not
known beforehand), and what is not a file is named in the same words a
write uses. (The command-line paths that use it are in
test_data_files_trust.py.)"""
from __future__ import annotations

import os
import socket
import stat
from pathlib import Path

import pytest

from engine.datafile import DataFileError, not_a_file, read_text

posix_only = pytest.mark.skipif(os.name != "posix", reason="FIFOs, devices and sockets as POSIX has them")


def test_a_file_up_to_its_cap_is_read_whole_and_one_byte_more_is_refused(tmp_path):
    f = tmp_path / "d.toml"
    f.write_bytes(b"x" * 100)
    assert read_text(f, 100, "a deck file") == "x" * 100
    with pytest.raises(DataFileError) as e:
        read_text(f, 99, "a deck file")
    assert str(e.value) == "the file is 100 bytes; a deck file may be at most 99 bytes"


def test_a_file_of_several_megabytes_is_read_in_pieces_and_whole(tmp_path):
    """Reads go a mebibyte at a time: the pieces come back in order, with
    nothing between them."""
    f = tmp_path / "big.toml"
    text = "".join(f"line {i:07d}\n" for i in range(250_000))  # 3,250,000 bytes
    f.write_text(text)
    assert read_text(f, len(text), "a deck file") == text


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="a file whose size is 0 until read (Linux /proc)")
def test_a_file_that_claims_no_size_is_still_capped():
    """/proc files say they are 0 bytes: the cap is kept by counting what is read."""
    status = Path("/proc/self/status")
    assert status.stat().st_size == 0
    assert read_text(status, 1 << 20, "a file").startswith("Name:")
    with pytest.raises(DataFileError) as e:
        read_text(status, 64, "a deck file")
    assert str(e.value) == "the file is more than 64 bytes; a deck file may be at most 64 bytes"


def test_a_missing_file_is_one_sentence(tmp_path):
    with pytest.raises(DataFileError) as e:
        read_text(tmp_path / "gone.toml", 100, "a deck file")
    assert str(e.value) == "cannot read the file (No such file or directory); check the path"


def test_text_that_is_not_utf8_is_refused(tmp_path):
    f = tmp_path / "d.toml"
    f.write_bytes(b"name = \"caf\xe9\"\n")
    with pytest.raises(DataFileError, match="the file is not UTF-8 text; save it as UTF-8"):
        read_text(f, 100, "a deck file")


@posix_only
def test_what_is_not_a_file_is_named(tmp_path):
    with pytest.raises(DataFileError) as e:
        read_text(tmp_path, 100, "a deck file")
    assert str(e.value) == "it is a folder, not a file; give the path of a deck file"
    with pytest.raises(DataFileError) as e:
        read_text("/dev/null", 100, "a deck file")
    assert str(e.value) == "it is a device, not a file; give the path of a deck file"
    path = tmp_path / "s.toml"
    s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        s.bind(str(path))
        with pytest.raises(DataFileError) as e:
            read_text(path, 100, "a deck file")
    finally:
        s.close()
    assert str(e.value) == "it is a socket, not a file; give the path of a deck file"  # (it cannot even be opened)


def test_the_words_for_what_is_not_a_file():
    assert not_a_file(stat.S_IFDIR) == "a folder"
    assert not_a_file(stat.S_IFIFO) == "a pipe"
    assert not_a_file(stat.S_IFCHR) == "a device" == not_a_file(stat.S_IFBLK)
    assert not_a_file(stat.S_IFSOCK) == "a socket"
    assert not_a_file(0) == "something other than a file"


def test_a_file_longer_than_it_claims_read_in_short_pieces_is_still_capped(tmp_path, monkeypatch):
    """The count of what is read keeps the cap when the size the file gave
    was wrong (it grew after it was asked) and each read returns less than
    asked (as a slow file system may): the cap's last byte is read, and the
    one after it and no more, so 20 bytes against a cap of 10 are refused,
    not cut to 10."""
    import engine.datafile as datafile
    f = tmp_path / "grows.toml"
    f.write_bytes(b"y" * 20)
    real_read, real_fstat = os.read, os.fstat
    got: list[int] = []

    def short_read(fd: int, n: int) -> bytes:
        b = real_read(fd, min(n, 5))
        got.append(len(b))
        return b

    def claims_five(fd: int) -> os.stat_result:
        st = real_fstat(fd)
        return os.stat_result((st.st_mode, st.st_ino, st.st_dev, st.st_nlink, st.st_uid, st.st_gid, 5,
                               int(st.st_atime), int(st.st_mtime), int(st.st_ctime)))

    monkeypatch.setattr(datafile.os, "read", short_read)
    monkeypatch.setattr(datafile.os, "fstat", claims_five)
    with pytest.raises(DataFileError) as e:
        read_text(f, 10, "a deck file")
    assert str(e.value) == "the file is more than 10 bytes; a deck file may be at most 10 bytes"
    assert got == [5, 5, 1]  # never more than the cap and one byte
    f.write_bytes(b"y" * 10)  # exactly the cap, in two short reads: read whole
    assert read_text(f, 10, "a deck file") == "y" * 10
