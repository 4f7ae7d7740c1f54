"""A forum game at the laptop (``wakkerdam play --edition forum``), the real
command in a terminal (pexpect): every question of the edition put at the
laptop passed round (the forms of several parts: the gambler's bets and
stakes, the hunter's list; the day's round of one turn each), to the end."""

from __future__ import annotations

from pathlib import Path

from tests.test_laptop import Table

ROLES = "werewolf,werewolf,seer,witch,hunter,hangman,gambler,mirror"


def test_a_forum_game_is_played_to_the_end_at_the_laptop(tmp_path: Path) -> None:
    table = Table("nl", 3, tmp_path / "forum.journal", roles=ROLES, call_seconds="0.6,0.8",
                  extra=("--edition", "forum", "--extra", "noble,cupid"))
    for menu, numbers in table.choices():
        if numbers:
            table.pick(numbers)
        else:  # a turn with nothing to choose: "nobody / nothing"
            assert "0" in menu, menu
            table.send("0")
    out = table.output()
    assert "Traceback" not in out, out[-3000:]
    assert table.pack.line("announce.game_over", winner="").split("{")[0].strip() in out
    assert "jij bent aan de beurt" in out  # the day's round, a turn each
    assert "Traceback" not in out
    table.child.close()
    assert table.child.exitstatus == 0, out[-2000:]
