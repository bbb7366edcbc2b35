"""What every game builds on: the engine base, squares, results, events (`engine`) and the
descriptor a game states about itself (`descriptor`)."""
