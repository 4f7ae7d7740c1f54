"""The box's devices, each behind a small interface with a fake.

Game-facing entry points (nothing above ``hardware/`` imports a GPIO library):

- :func:`hardware.kit.build_kit` — a kit from ``config/kits/<name>.yaml``,
  real or with fakes at the hardware edge; it has ``.input`` (an ``Input``),
  ``.private`` (a ``PrivateChannel``), ``.controls`` (``Controls``),
  ``.candles``, ``.report_missing()`` and ``.check()``;
- :class:`hardware.bothands.BotHands` / :class:`~hardware.bothands.KitBotTable`
  — bots acting on a fake kit's devices;
- :mod:`hardware.flows` — dealing by role cards or by the box,
  ``wakkerdam enroll`` and ``wakkerdam hw-test``.

A whole bot game through a kit is :func:`narrator.kitdemo.play_through_kit`
(above ``hardware/``: nothing here imports the moderator).

See ``docs/pi.md`` for the wiring and how each kit keeps secrets.
"""
