"""The forum edition: the online game's rulebook (seed 004) at the table.

Its own roles, and its own text for the roles it shares a name with, on
seams of its own: every night action is an act folded in one ordered pass
(``fold``), a player has a card, a side and extra roles apart
(``state``, ``sides``), the day has a private round of fixed shape and
public actions (``day``). ``ForumGame`` has the surface of ``engine.Game``.

Where a rule lives: a role in ``roles/<id>.py`` (extra roles too); the
procedure in ``night`` (the spoken night), ``fold`` (the pass), ``day``
(dawn, the round, the lynch), ``deaths``, ``changes`` (who becomes what,
recorded for the story), ``outcome``; the edition's own rules in ``base``;
the deal in ``deck``.
"""
