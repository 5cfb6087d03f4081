"""Call Break rules engine: pure Python, no Django.

Rules and scoring (``Rules``, ``score_hand``), the play obligations (``legal_plays``,
``trick_winner``), the match state machine (``new_match``, ``deal_cards``, ``apply_action``,
``legal_actions``), per-seat views (``view_for``) and the match record (``match_record``,
``replay_record``). The mask-level fast path for bots is in ``games.engine.fast``.
"""

from .ending import places
from .errors import EngineError
from .play import legal_plays, trick_winner
from .record import match_record, record_steps, replay_record, upgrade_record
from .rules import OPEN_ENDED_MAX_HANDS, PLAY_OFF_MAX_HANDS, Rules, score_hand
from .state import MatchState, apply_action, deal_cards, new_match
from .view import legal_actions, view_for

__all__ = [
    "OPEN_ENDED_MAX_HANDS",
    "PLAY_OFF_MAX_HANDS",
    "EngineError",
    "MatchState",
    "Rules",
    "apply_action",
    "deal_cards",
    "legal_actions",
    "legal_plays",
    "match_record",
    "new_match",
    "places",
    "record_steps",
    "replay_record",
    "score_hand",
    "trick_winner",
    "upgrade_record",
    "view_for",
]
