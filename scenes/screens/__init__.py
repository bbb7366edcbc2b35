"""The screens around the boards: menu, setup, results, rules, settings, replays, hand-over."""
