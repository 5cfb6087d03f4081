"""The websocket's messages, typed (documented in docs/WEBSOCKET.md and checked by tests): a
``match.view`` frame carries the same ``MatchView`` the HTTP API answers with."""

from typing import Literal, NotRequired, TypedDict

from games.view_shape import MatchView


class HelloMessage(TypedDict):
    type: Literal["hello"]
    username: str


class MatchViewMessage(TypedDict):
    type: Literal["match.view"]
    match: MatchView


class ReactionMessage(TypedDict):
    type: Literal["match.reaction"]
    match: int
    seat: int
    reaction: str
    seq: int  # the match's seq when it was sent


class PongMessage(TypedDict):
    type: Literal["pong"]
    # Only while a match is watched: its latest seq, to notice a missed view.
    match: NotRequired[int]
    seq: NotRequired[int]


class WatchingMessage(TypedDict):
    type: Literal["watching"]
    # The watched match's latest seq when the watch began, to notice a view never sent.
    match: int
    seq: int


class ErrorMessage(TypedDict):
    type: Literal["error"]
    code: str
    detail: str


class InvitationMessage(TypedDict):
    type: Literal["invitation"]
    match: int
    invited_by: str
    rematch: bool


class InvitationDeclinedMessage(TypedDict):
    type: Literal["invitation.declined"]
    match: int
    declined_by: str


class TurnMessage(TypedDict):
    type: Literal["turn"]
    match: int


class FriendsMessage(TypedDict):
    type: Literal["friends"]
    event: Literal["request", "accepted"]
    by: str


class SeekMatchedMessage(TypedDict):
    type: Literal["seek.matched"]
    match: int


SERVER_MESSAGES = {
    "invitation": InvitationMessage,
    "seek.matched": SeekMatchedMessage,
    "invitation.declined": InvitationDeclinedMessage,
    "friends": FriendsMessage,
    "turn": TurnMessage,
    "hello": HelloMessage,
    "match.view": MatchViewMessage,
    "match.reaction": ReactionMessage,
    "pong": PongMessage,
    "watching": WatchingMessage,
    "error": ErrorMessage,
}


class WatchMessage(TypedDict):
    type: Literal["watch"]
    match: int


class ReactMessage(TypedDict):
    type: Literal["react"]
    match: int
    reaction: str


CLIENT_MESSAGES = {"watch": WatchMessage, "react": ReactMessage, "unwatch": None, "ping": None}
