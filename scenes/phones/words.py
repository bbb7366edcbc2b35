"""The words of the phone page, in the language the app shows: the page's own (`PAGE_WORDS`) and
its game's (`PhoneSpec.words`), each a key -> English msgid. The host sends them translated with
every message it writes for a page (`words`) and serves them as `/words.js` for the moment before
the page has connected, so a phone follows a switch of language at once. The page fills `{name}`
fields itself (`Phone.t(key, {name: ...})`)."""

from __future__ import annotations

import json
from collections.abc import Mapping

from scenes.kit.i18n import LP_, N_, Message, gettext, language

PAGE_WORDS: dict[str, str | Message] = {
    "title": N_("Tabletop Trio: your hand"),
    "connecting": N_("connecting…"),
    "reconnecting": N_("reconnecting…"),
    "connected": N_("connected"),
    "let_go": N_("let go"),
    "connecting_long": N_("Connecting to the big screen…"),
    "not_connected": N_("Not connected to the big screen: reconnecting…"),
    "closed": N_("The big screen closed this page: scan your seat's code again to rejoin."),
    "scan": N_("Scan your seat's code on the big screen to open your hand here."),
    "lobby": N_("You are {name}. The game starts on the big screen soon."),
    "keep_open": N_("Keep this page open: your hand appears here when the game starts."),
    "players": N_("Players"),
    "moves": N_("Moves"),
    "you": N_("{name} (you)"),
    "computer": N_("computer"),
    "on_phone": N_("on a phone"),
    "wait_turn": N_("Wait for your turn."),
    "back": N_("Back"),
    "hand_empty": N_("Your hand is empty."),
    "allow": LP_("undo request", "Allow"),
    "refuse": N_("Refuse"),
    "last_move": N_("Last move:"),
    "points": N_("Points"),
    "total": N_("Total"),
    "winner": N_("winner"),
    "decided_start": N_("colour decided at the start"),
}


def page_words(game_words: Mapping[str, str | Message] | None = None) -> dict[str, str]:
    """Every word of the page (and of its game's script, which may say a page word in its own
    terms) in the current language."""
    words = {**PAGE_WORDS, **(game_words or {})}
    return {
        key: str(msgid) if isinstance(msgid, Message) else gettext(msgid)
        for key, msgid in words.items()
    }


def words_script(game_words: Mapping[str, str | Message] | None = None) -> bytes:
    """`/words.js`: the words and the language, for the page before its first message."""
    data = json.dumps({"lang": language(), "words": page_words(game_words)}, ensure_ascii=False)
    return f"var PHONE_WORDS = {data};\n".encode()
