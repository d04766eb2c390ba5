"""What a workflow turn says: text joined per speaker, tagged with its workflow.

Several lines can come out of one turn (a correction's acknowledgement, an action's answer, the
next question, "voltando ao que estávamos fazendo…"). Consecutive lines of the same speaker and
workflow become ONE stored assistant message (paragraphs), so the history reads like a chat and
feedback targets one answer; a change of speaker starts a new message. Every message stored here
carries `META_WORKFLOW` (spec 002 tags messages with their workflow; absent = the root agent).
An interactive component (`ui`) is said as its fallback text and kept, under `META_UI`, on the
message that text went into, so the history can show the component again.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from switchboard.core.events import Event, TextEvent, UiEvent, keep_ui
from switchboard.core.messages import META_WORKFLOW, Message
from switchboard.sessions.turn import Turn

PARAGRAPH = "\n\n"


@dataclass(slots=True, eq=False)
class TurnOutput:
    """One turn's bookkeeping for the workflow pattern."""

    turn: Turn
    steps: int = 0
    """Workflow steps (and frame entries) run so far in this turn (bounded by `max_steps`)."""
    last: Message | None = None
    """The assistant message the next line of the same speaker is appended to."""

    def user(self, speaker: str, workflow: str | None) -> None:
        """Store the user's message, tagged with the workflow that handles it."""
        message = Message.user(self.turn.text, agent=speaker)
        if workflow is not None:
            message.metadata[META_WORKFLOW] = workflow
        self.turn.new_messages.append(message)
        self.turn.speaker = speaker

    def say(self, text: str, speaker: str, workflow: str | None) -> TextEvent | None:
        """Record `text` for the user; the event to yield when the turn streams."""
        if not text:
            return None
        turn = self.turn
        separator = PARAGRAPH if turn.visible else ""
        last = self.last
        if (
            last is not None
            and turn.new_messages
            and turn.new_messages[-1] is last
            and last.agent == speaker
            and last.metadata.get(META_WORKFLOW) == workflow
        ):
            last.content += PARAGRAPH + text
        else:
            message = Message.assistant(text, agent=speaker)
            if workflow is not None:
                message.metadata[META_WORKFLOW] = workflow
            turn.new_messages.append(message)
            self.last = message
        turn.visible.append(separator + text)
        turn.speaker = speaker
        if turn.stream:
            return TextEvent(delta=separator + text, agent=speaker)
        return None

    def ui(
        self,
        component: str,
        props: Mapping[str, Any],
        fallback_text: str,
        speaker: str,
        workflow: str | None,
    ) -> list[Event]:
        """Show a component: its `ui` event when streaming, then its fallback text (said like
        any line); the component is kept on the message the text went into (`META_UI`)."""
        event = UiEvent(component=component, props=dict(props), fallback_text=fallback_text)
        events: list[Event] = [event] if self.turn.stream else []
        said = self.say(fallback_text, speaker, workflow)
        if said is not None:
            events.append(said)
        if fallback_text and self.last is not None:
            keep_ui(self.last.metadata, event)
        return events


__all__ = ["PARAGRAPH", "TurnOutput"]
