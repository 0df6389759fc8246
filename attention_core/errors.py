"""Errors raised for bad input, carrying a translation key so the UI can speak Korean or English."""

from __future__ import annotations


class InputError(ValueError):
    """A ValueError whose message a student can act on.

    `key` names the message in the translation catalogue; `params` fill its blanks. `str(err)` is
    the English message, so code that calls the math directly reads it without the UI.
    """

    def __init__(self, key: str, message: str, **params: object) -> None:
        super().__init__(message)
        self.key = key
        self.params = params
