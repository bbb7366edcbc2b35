"""What the app keeps in the user data folder: settings, the unfinished game, replays."""
