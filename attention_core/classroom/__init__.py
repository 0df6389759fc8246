"""The class: students answer the lecturer's question together from their phones (no Streamlit here).

`model` holds the rules (codes, tokens, ids, limits, what a question freezes, what is right), `store` the
one SQL schema and its two homes (SQLite by default, PostgreSQL with `ATTENTION_CLASS_DB=postgresql://…`),
`service` the class's operations on top of a store: every lecturer action checks the host token, every
student request is validated before anything is written, and only counts ever leave it.
"""

from __future__ import annotations

from .model import (
    CODE_ALPHABET,
    MAX_PARTICIPANTS,
    ClassError,
    Question,
    Tally,
    normalise_code,
    question_from_matrix,
    valid_pid,
)
from .service import Classroom, Hosted, open_store

__all__ = ["CODE_ALPHABET", "MAX_PARTICIPANTS", "ClassError", "Classroom", "Hosted", "Question", "Tally",
           "normalise_code", "open_store", "question_from_matrix", "valid_pid"]
