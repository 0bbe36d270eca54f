"""How the partnership pages name the rules, their choices and a hand's items.

English templates marked with ``N_``, translated where shown (``translated``).
The rules are those of ``rules-families.md`` section 1 (sources in
``docs/sources.md``, "Latin partnership dominoes").
"""

from __future__ import annotations

from collections.abc import Mapping

from companion.rules.errors import N_

RULE_LABELS: Mapping[str, str] = {
    "direction": N_("Play goes"),
    "first_lead": N_("Who leads the first hand"),
    "next_leader": N_("Who leads the next hands"),
    "hand_points": N_("The pair that wins a hand scores"),
    "blocked_winner": N_("Who wins a blocked hand"),
    "blocked_points": N_("A blocked hand scores"),
    "blocked_tie": N_("A blocked hand with equal pips"),
    "target_score": N_("Game to (points)"),
    "hand_bonuses": N_("Bonus for winning the first hands (points, in order)"),
    "capicua_points": N_("Capicúa: going out with a tile that fits both ends (points; 0 not played)"),
    "chuchazo_points": N_("Chuchazo: going out with the 0-0 (points; 0 not played)"),
    "pass_bonus": N_("Pass bonuses"),
    "blocked_bonus": N_("Bonus for winning a blocked hand (points)"),
}
"""Each rule key's label on the start form and in "Rules in play"."""

CHOICE_LABELS: Mapping[str, Mapping[str, str]] = {
    "direction": {"counterclockwise": N_("counter-clockwise"), "clockwise": N_("clockwise")},
    "first_lead": {"six_six": N_("whoever holds the 6-6"),
                   "six_six_every_hand": N_("the 6-6 leads every hand"),
                   "drawn": N_("the pairs draw; the higher pair chooses")},
    "next_leader": {"right": N_("the next player in turn"),
                    "winning_team": N_("the pair that won the last hand")},
    "hand_points": {"losing_team": N_("the pips left in the losing pair's hands"),
                    "all_hands": N_("the pips left in all hands"),
                    "difference": N_("the losers' pips less their own")},
    "blocked_winner": {"team_total": N_("the pair with fewer pips together"),
                       "lowest_player": N_("the pair of the player with fewest pips"),
                       "locker_vs_next": N_("the player who blocked it against the next player")},
    "blocked_points": {"same": N_("as a hand gone out"),
                       "losing_team": N_("the pips left in the losing pair's hands"),
                       "all_hands": N_("the pips left in all hands"),
                       "difference": N_("the losers' pips less their own")},
    "blocked_tie": {"nobody": N_("nobody scores"), "leader_team": N_("the pair that led wins"),
                    "replay": N_("the hand is played again")},
    "pass_bonus": {"none": N_("none"), "dominican": N_("Dominican: 25 for a pass round, 25 or 50 for a lead not answered")},
}
"""Each choice's words, by rule key and value."""

ITEM_LABELS: Mapping[str, str] = {
    "pips": N_("pips"),
    "hand_bonus": N_("hand bonus"),
    "blocked_bonus": N_("blocked bonus"),
    "capicua": N_("capicúa"),
    "chuchazo": N_("chuchazo"),
    "pass": N_("pass bonus"),
    "lead_pass": N_("lead not answered"),
}
"""The items of a hand's points (:class:`~companion.rules.families.partnership.ItemKind`)."""
