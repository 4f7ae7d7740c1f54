"""The box's set-up and story page (``wakkerdam serve``).

Sits on top of ``narrator/``: the set-up a phone sends becomes an engine
``Setup`` played by the real moderator; during the game the page shows only
what the whole table may know; afterwards the story of the game is kept.
Nothing in ``engine``, ``hardware`` or ``narrator`` imports this package.
"""
