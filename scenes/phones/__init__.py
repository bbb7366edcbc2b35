"""Hands on phones: the players of a hidden-information game hold their hands on their own phones.

The desktop app is the host and the only authority. While a game with "Hands on phones" is set up
or played, a small server (`server`) in a thread beside the pygame loop serves one page and one
websocket on the local network. Each seat joins by a QR code (`qr`) holding a random token
(`tokens`); the page sends moves in the game's notation and receives only its own seat's view,
serialised by the game's own board package (its `PhoneSpec`, `spec`), as messages of
`protocol`. `host` is the main loop's side: it drains the server's queue, hands moves to the
board (checked like clicks) and sends each phone its view. Seats without a phone keep the
hand-over screen.

Nothing here names a game: what a phone shows of a game comes from `scenes/boards/<game>/phone.py`
(named by the game's `BoardSpec`: `phone="scenes.boards.<game>.phone:PHONE"`) and the page script
next to it.
"""
