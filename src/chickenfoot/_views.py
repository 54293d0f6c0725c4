"""Where the views lived before they joined their rounds: the names pickles refer to.

:class:`~chickenfoot.RoundView` is defined with :class:`~chickenfoot.Round` in ``_round``
and :class:`~chickenfoot.MatchView` with :class:`~chickenfoot.Match` in ``_match``; a view
pickled by an earlier build names ``chickenfoot._views.view_of`` (a round view) or
``chickenfoot._views.MatchView``, which load through these names.
"""

from __future__ import annotations

from ._match import MatchView
from ._round import RoundView, view_of

__all__ = ["MatchView", "RoundView", "view_of"]
