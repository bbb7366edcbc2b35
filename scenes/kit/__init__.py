"""The app's toolkit: art, palette, sounds and tweens shared by every scene."""
