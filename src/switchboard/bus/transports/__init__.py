"""How messages move between agents: in memory (default) or over Redis Streams."""

from switchboard.bus.transports.base import Host, Link, Transport
from switchboard.bus.transports.in_process import InProcessTransport

__all__ = ["Host", "InProcessTransport", "Link", "Transport"]
