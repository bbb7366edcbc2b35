"""The Beginner level's model of a person in their first game, shared by every game's
`BeginnerBot` (in the game's own bots module, which says what each odd means there).

A newcomer knows the rules and looks at the move in front of them: they see what their own
move takes at once (a capture, a pair, a card to score) and take it most of the time, and they
see the move that wins the game on the spot nearly always. They rarely ask what the opponent
threatens next, they do not follow a chain reaction (or a push, or a land card laid for later)
to its end, and they never make a move a person would call absurd while another is there: a
move that loses by itself (a losing pattern of their own), breaking their own pairs, throwing
away a card they could score now. Everything else is
chosen at random among the sensible moves, so each game's Beginner is `choose(view, rng)`,
deterministic for a given rng, and answers at once (no search).

The odds below are the model's; docs/ai-strength.md says what they give against `random` and
`greedy`.
"""

from __future__ import annotations

#: How often a Beginner sees a move that wins the game at once (its own, without chains).
SEES_WIN = 0.95
#: How often it takes the best thing its own move captures or scores at once.
SEES_GAIN = 0.85
#: How often it checks whether its move lets the next player win at once.
SEES_THREAT = 0.4
#: How often it looks for a move that prepares a gain for its next turn (a card laid now to
#: make another scorable later).
SEES_SETUP = 0.3
#: How often it tries a move whose effect it cannot read (a push that moves other pieces), at
#: random.
TRIES_ODD_MOVE = 0.05
