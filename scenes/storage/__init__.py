"""The files the app keeps in the user data folder: bounded and validated reading, atomic and
exclusive writing, setting bad files aside, and locks between two copies of the app."""
