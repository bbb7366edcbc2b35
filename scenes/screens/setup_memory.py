"""The table a game's setup screen opens with: the one last played or set up (seats, names,
colours, options, who starts), remembered in the settings."""

from __future__ import annotations

from scenes.kit.palette import seat_colours
from scenes.kit.seats import MAX_SEATS, GameSetup, Seat, bot_name
from scenes.services import AppServices
from scenes.storage.settings import RememberedSetup


def remembered_from(setup: GameSetup, scheme: str, before: RememberedSetup) -> RememberedSetup:
    """What the setup scene remembers of a table that played `setup` (`before`: what it
    remembered until now, kept where the setup says nothing, such as a random first player)."""
    palette = seat_colours(scheme)
    colours: list[int] = []
    for name, rgb, mark in setup.colours:
        match = [i for i, (n, c, m) in enumerate(palette) if (n, tuple(c)) == (name, tuple(rgb))]
        match = match or [i for i, colour in enumerate(palette) if colour.mark == mark]
        colours.append(match[0] if match and match[0] not in colours else -1)
    free = [i for i in range(MAX_SEATS) if i not in colours]
    colours = [c if c >= 0 else free.pop(0) for c in colours] + free
    seats = [str(seat) for seat in setup.seats]
    names = list(setup.names)
    for seat in range(setup.players, MAX_SEATS):
        seats.append(str(Seat.computer()))
        names.append(bot_name(seat))
    first = before.get("first")
    return {
        "players": setup.players,
        "seats": seats,
        "names": names,
        "colours": colours,
        "options": dict(setup.options),
        "first": "random" if first == "random" else setup.first_player,
    }


def remember_setup(app: AppServices, setup: GameSetup) -> None:
    """Make `setup` the table this game's setup scene opens with next (and save it)."""
    before = app.settings.last_setup.get(setup.game, {})
    scheme = app.settings.colour_scheme
    app.settings.last_setup[setup.game] = remembered_from(setup, scheme, before)
    app.store.save(app.settings)
