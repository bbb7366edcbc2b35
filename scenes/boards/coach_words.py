"""The coach's words: what a hint says and what a review's moment says, made from the game's
events (`game.ai.coach`'s `Hint.events`, `Moment.events` / `reply` / `better_events` /
`threat`, already redacted for the seat) told in the game's own words (its `BoardSpec.tell`,
the captions each board package writes for its events), never guessed.

A teller never names a face-down symbol or a hidden card (it speaks to spectators), so nothing
here can say what the seat did not see."""

from __future__ import annotations

from collections.abc import Sequence

from game.ai.coach import Grade, Hint, Moment
from game.core.events import Event
from scenes.boards.spec import BoardSpec
from scenes.kit.i18n import _, ngettext, pgettext
from scenes.kit.seat_names import Called

#: the most things told of one list of events (the weightiest, in the order they happened)
MOST_TOLD = 2
#: under this many tries, a share is told as a count
FEW_TRIES = 20
#: the ends of a sentence after which no space is written
FULL_WIDTH_ENDS = ("\u3002", "\uff01", "\uff1f", "\u300d", "\uff09")


def told(spec: BoardSpec, events: Sequence[Event], names: Sequence[Called]) -> str:
    """The events in the game's words, as one list ("Bo puts a can on c3; Bo captures 2
    pieces"), the weightiest `MOST_TOLD` in the order they happened; "" when none is told."""
    said = spec.tell(events, names)
    if len(said) > MOST_TOLD:
        keep = sorted(range(len(said)), key=lambda i: (-said[i][0], i))[:MOST_TOLD]
        said = [said[i] for i in sorted(keep)]
    words: list[str] = []
    for _weight, told_clause in said:
        clause = told_clause.rstrip(".!\u3002\uff01")  # (the sentence's own stop ends it)
        if clause not in words:  # (two of the same: "a tile slides" twice)
            words.append(clause)
    # TRANSLATORS: between two things that happened in a game, told one after the other
    return pgettext("coach: between two things that happened", "; ").join(words)


def sentences(*parts: str) -> str:
    """Sentences in a row: a space after one that ends in a Latin stop, none after a
    full-width one (Japanese)."""
    text = ""
    for part in filter(None, parts):
        text += part if not text or text.endswith(FULL_WIDTH_ENDS) else " " + part
    return text


def share_words(share: float, tries: int) -> str:
    """How often a move won in the coach's search ("It wins 64% of the coach's tries.")."""
    if 0 < tries < FEW_TRIES:
        won = round(share * tries)
        text = ngettext(
            "It won {won} of the coach's {count} try.",
            "It won {won} of the coach's {count} tries.",
            tries,
        )
        return text.format(won=won, count=tries)
    return _("It wins {share}% of the coach's tries.").format(share=round(100 * share))


def hint_words(spec: BoardSpec, hint: Hint, names: Sequence[Called]) -> str:
    """A hint's few plain words: what the glowing move does for sure, and how often it won."""
    what = told(spec, hint.events, names)
    if hint.wins:
        if what:
            return _("The glowing move wins on the spot: {events}.").format(events=what)
        return _("The glowing move wins on the spot.")
    first = _("The glowing move: {events}.").format(events=what) if what else ""
    return sentences(first, share_words(hint.share, hint.tries))


def moment_heading(moment: Moment, number: int) -> str:
    """A moment's heading: the seat's move number (1 for its first) and the coach's verdict."""
    grade = _(moment.grade.label) if moment.grade is not None else _("Good move")
    # TRANSLATORS: the heading of a moment in the game review: "Your move 7: Blunder"
    return _("Your move {number}: {grade}").format(number=number, grade=grade)


def moment_words(spec: BoardSpec, moment: Moment, names: Sequence[Called]) -> str:
    """What a moment says: what the played move did and what it allowed (the winning reply it
    let in, or what followed it until the seat's next turn, from the game's events) and what
    the better (glowing) move does, with the shares of the coach's tries each won."""
    parts: list[str] = []
    played = told(spec, moment.events, names)
    if played:
        parts.append(_("Played: {events}.").format(events=played))
    threat = told(spec, moment.threat, names)
    followed = told(spec, moment.reply, names)
    if moment.grade is Grade.GAVE_WIN and threat:
        parts.append(_("It let the next player win at once: {events}.").format(events=threat))
    elif followed:
        parts.append(_("What followed: {events}.").format(events=followed))
    better = told(spec, moment.better_events, names)
    if moment.played == moment.better:
        parts.append(_("The coach would play it too."))
    elif moment.grade is Grade.MISSED_WIN and moment.at_once:
        if better:
            parts.append(_("The glowing move won on the spot: {events}.").format(events=better))
        else:
            parts.append(_("The glowing move won on the spot."))
    else:
        if better:
            parts.append(_("Better, the glowing move: {events}.").format(events=better))
        parts.append(
            _("It wins {better}% of the coach's tries; the move played, {played}%.").format(
                better=round(100 * moment.better_share), played=round(100 * moment.played_share)
            )
        )
    return sentences(*parts)
