"""Shared fixtures: where the Pons test sets are."""

import os
import pathlib

import pytest

ROOT = pathlib.Path(os.environ.get("BITGAMES_ROOT", pathlib.Path(__file__).resolve().parents[3]))


def pons_dir():
    """The repository's copy of Pons' test sets (data/connect4); fails (does
    not skip) without it."""
    d = ROOT / "data" / "connect4"
    if not (d / "Test_L3_R1").is_file():
        pytest.fail(f"Pons' test sets not found in {d}")
    return d


@pytest.fixture(scope="session")
def pons():
    """pons(name) -> [(moves, score)] of a test set."""
    d = pons_dir()

    def read(name):
        rows = []
        for line in (d / name).read_text().splitlines():
            if line.strip():
                moves, score = line.split()
                rows.append((moves, int(score)))
        return rows

    return read
