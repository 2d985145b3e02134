#!/usr/bin/env python3
"""Writes a WFB New Year event of N players (issue 29's sheet and standings
fixtures): every player plays both games, all results entered, a sled race
of the first 8 players. Deterministic: the same N gives the same file.

    python3 scripts/gen-event.py 120 > /tmp/event-120.json
    python3 scripts/gen-event.py 2000 > /tmp/event-2000.json
"""
import json
import pathlib
import sys

ARMIES = ["Dwarfs", "Empire", "Orcs & Goblins", "High Elves", "Bretonnia", "Skaven"]
CLUBS = ["Zinnsoldaten Ulm", "Tabletop-Club Freiburg", "Würfelrunde Köln", "Игровой клуб"]


def side(i, j):
    return {
        "standards_captured": (i + j) % 2,
        # Raeuber-Warhammer (j 0) has no treasures; 3 at most per table.
        "treasures_recovered": (i * 7 + j) % 2 if j else 0,
        "victory_points": 100 + (i * 37 + j * 11) % 1400,
    }


def pairings(n, shift):
    out = []
    for t in range(n // 2):
        a, b = 2 * t, (2 * t + 1 + 2 * shift) % n
        if shift:
            a, b = t, n - 1 - t
        out.append({
            "player_a": f"p{a}",
            "player_b": f"p{b}",
            "result": {"a": side(a, shift), "b": side(b, shift)},
            "table": t + 1,
        })
    return out


def main():
    n = int(sys.argv[1])
    if n % 2 or not 8 <= n <= 2000:
        sys.exit("N must be even, 8 to 2000")
    base = json.loads((pathlib.Path(__file__).parent.parent
                       / "fixtures/documents/newyear-event.json").read_text())
    ev = base["event"]
    ev["name"] = f"WFB-Neujahrs-Event, {n} Spieler"
    ev["players"] = [{
        "army": ARMIES[i % len(ARMIES)],
        "army_points": 1500,
        "character_on_foot": i % 2 == 0,
        "club": CLUBS[i % len(CLUBS)],
        "id": f"p{i}",
        "name": f"Spieler Größe {i}",
    } for i in range(n)]
    ev["raeuber_warhammer"]["pairings"] = pairings(n, 0)
    ev["new_year_scenario"]["pairings"] = pairings(n, 1)
    # 16 players with a character on foot race (N6, PN6): one of them
    # does not finish; everybody else does not start.
    racers = [i for i in range(n) if i % 2 == 0][:16]
    ev["sled_race"] = {
        "did_not_finish": [f"p{racers[-1]}"],
        "did_not_start": [f"p{i}" for i in range(n) if i not in racers],
        "finishers": [{"player": f"p{i}", "round": 5 + k // 12}
                      for k, i in enumerate(racers[:-1])],
    }
    json.dump(base, sys.stdout, indent=1, ensure_ascii=False)
    print()


if __name__ == "__main__":
    main()
