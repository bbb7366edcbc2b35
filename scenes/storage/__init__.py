"""What the app keeps in the user data folder: settings, the unfinished game, replays; and how
it keeps them: bounded and validated reading, atomic and exclusive writing, setting bad files
aside, and locks between two copies of the app."""
