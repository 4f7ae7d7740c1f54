"""``wakkerdam balance``: is this deck fair for this many players with these
variants? Win rates of each side from sensible bot games, the one-card swaps
that bring the deck nearest to even, and plots (docs/balance.md)."""
