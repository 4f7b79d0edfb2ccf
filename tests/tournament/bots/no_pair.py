"""Looks like a pair module but has no create_pair()."""


def pair_name():
    return "Nobody"
