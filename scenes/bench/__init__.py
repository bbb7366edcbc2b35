"""Benchmarks and the monkey (`python main.py bench ...`), and the machinery they and the tests
share: the board checks, random input, the X server."""
