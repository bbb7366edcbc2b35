"""Game controllers: each pad plugged in (or in at start) is opened through SDL's
game-controller API, whose mapping database names the buttons of any common pad, so its
presses arrive as controller events (`scenes.kit.keymap` reads them)."""

from __future__ import annotations

import logging
from typing import Any

import pygame

log = logging.getLogger(__name__)


class Pads:
    """The pads open now, by SDL's instance id."""

    def __init__(self) -> None:
        self.open: dict[int, Any] = {}
        self._api: Any = None
        try:
            from pygame._sdl2 import controller

            controller.init()
            self._api = controller
        except (ImportError, pygame.error) as error:  # a build without it: keys still work
            log.info("no game controllers: %s", error)

    def handle(self, event: pygame.event.Event) -> None:
        """Open a pad that came, forget one that went."""
        if self._api is None:
            return
        if event.type == pygame.CONTROLLERDEVICEADDED:
            try:
                pad = self._api.Controller(event.device_index)
            except pygame.error as error:
                log.info("a pad could not be opened: %s", error)
                return
            self.open[pad.as_joystick().get_instance_id()] = pad
            log.info("pad opened: %s", pad.name)
        elif event.type == pygame.CONTROLLERDEVICEREMOVED:
            pad = self.open.pop(getattr(event, "instance_id", -1), None)
            if pad is not None:
                pad.quit()
