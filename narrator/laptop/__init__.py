"""``wakkerdam play``: the laptop kit, a real group around one laptop and
nobody leading.

The laptop deals the cards by being passed round, then runs the game with the
:class:`~narrator.moderator.Moderator`. Night questions are answered at the
laptop by whoever was woken: the screen first says whom it is for, shows the
question only after that person pressed Enter, and is wiped after the answer
(and after every private line), so the next person sees nothing. Day questions
are typed openly. Every question has its time-out (the moderator's): the line
reader uses ``select()`` and never waits forever. The lovers and the charmed,
who are told while they sleep, read their news in a morning round in which
everybody takes the laptop.

Keys at any prompt (each followed by Enter): ``u`` undo (day questions; a
night choice is taken back at its confirmation instead), ``r`` repeat the
last line, ``p`` pause, ``+``/``-`` louder/softer, ``n`` ends the discussion.

The modules, one job each:

- :mod:`~narrator.laptop.terminal`: the keyboard (a line reader with a
  deadline) and the screen (that can be wiped);
- :mod:`~narrator.laptop.session`: the laptop itself — who holds it, handing
  it over, the table keys, the morning round;
- :mod:`~narrator.laptop.answers`: typed text to an answer (menu numbers,
  names, yes/no), or the reason it cannot be taken;
- :mod:`~narrator.laptop.input`, :mod:`~narrator.laptop.private`,
  :mod:`~narrator.laptop.controls`: the moderator's three ports on the laptop;
- :mod:`~narrator.laptop.setup`: names, the deck, handing out the cards;
- :mod:`~narrator.laptop.game`: a game (new or resumed) run with the moderator;
- :mod:`~narrator.laptop.cli`: the ``wakkerdam play`` command line.
"""



