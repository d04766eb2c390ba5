"""Delegated specialist sub-conversations (spec 000)."""

from switchboard.patterns.delegation.manager import RoutingChatManager
from switchboard.patterns.delegation.signals import END_TOOL, REQUEST_TOOL

__all__ = ["END_TOOL", "REQUEST_TOOL", "RoutingChatManager"]
