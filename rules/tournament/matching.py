"""A maximum matching in a general graph (Edmonds' blossom algorithm), in polynomial time.

The draw uses it to know whether a round without rematch exists at all (the teams are the
vertices, an edge joins two teams that have not met): a depth-first search alone can take
exponential time to find out that none does, and a request must not hang on it.

The implementation is the classic one (a breadth-first search for an augmenting path
from each free vertex, contracting odd cycles into their base), started from a greedy
matching so that the usual dense case needs few searches.

>>> sorted(maximum_matching(4, [[1, 2], [0], [0, 3], [2]]).items())
[(0, 1), (1, 0), (2, 3), (3, 2)]
>>> len(maximum_matching(3, [[1, 2], [0, 2], [0, 1]]))  # a triangle: one pair
2
"""

from __future__ import annotations

from collections.abc import Sequence


def maximum_matching(n: int, adjacent: Sequence[Sequence[int]]) -> dict[int, int]:
    """``{v: partner}`` for the matched vertices of a maximum matching of the graph on
    ``0 … n-1`` whose neighbours are ``adjacent[v]``."""
    match = [-1] * n
    for v in range(n):  # greedy start
        if match[v] == -1:
            for u in adjacent[v]:
                if match[u] == -1 and u != v:
                    match[v], match[u] = u, v
                    break
    for root in range(n):
        if match[root] == -1:
            _augment(n, adjacent, match, root)
    return {v: m for v, m in enumerate(match) if m != -1}


def _augment(n: int, adjacent: Sequence[Sequence[int]], match: list[int], root: int) -> None:
    used = [False] * n
    parent = [-1] * n
    base = list(range(n))
    used[root] = True
    queue = [root]
    head = 0

    def lca(a: int, b: int) -> int:
        seen = [False] * n
        while True:
            a = base[a]
            seen[a] = True
            if match[a] == -1:
                break
            a = parent[match[a]]
        while True:
            b = base[b]
            if seen[b]:
                return b
            b = parent[match[b]]

    def mark(v: int, b: int, child: int, blossom: list[bool]) -> None:
        while base[v] != b:
            blossom[base[v]] = blossom[base[match[v]]] = True
            parent[v] = child
            child = match[v]
            v = parent[match[v]]

    while head < len(queue):
        v = queue[head]
        head += 1
        for to in adjacent[v]:
            if base[v] == base[to] or match[v] == to:
                continue
            if to == root or (match[to] != -1 and parent[match[to]] != -1):
                current = lca(v, to)
                blossom = [False] * n
                mark(v, current, to, blossom)
                mark(to, current, v, blossom)
                for i in range(n):
                    if blossom[base[i]]:
                        base[i] = current
                        if not used[i]:
                            used[i] = True
                            queue.append(i)
            elif parent[to] == -1:
                parent[to] = v
                if match[to] == -1:
                    _flip(match, parent, to)
                    return
                used[match[to]] = True
                queue.append(match[to])


def _flip(match: list[int], parent: list[int], v: int) -> None:
    """Augment along the path found: every edge of it changes side."""
    while v != -1:
        pv = parent[v]
        next_v = match[pv]
        match[v], match[pv] = pv, v
        v = next_v
