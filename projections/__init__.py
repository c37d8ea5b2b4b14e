"""Projections: rebuild any game's state and scores at any point of its history.

``project(entries, upto)`` folds a game's events (:mod:`projections.fold`) into a
:class:`~projections.state.GameState`; views, the timeline and the score sheet
read that state. Snapshots (:mod:`projections.snapshots`) make on-demand replays
of long games cheap.
"""
