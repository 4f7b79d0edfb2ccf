"""The Textual app: a domino table over the engine, played with keys and mouse."""
