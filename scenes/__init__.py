"""The pygame side of Tabletop Trio: the app shell, the scene manager, and every scene."""
