"""Wire names of spec 000's signalling tools.

They live in core because two layers must agree on them: the delegation pattern (which owns their
behaviour) and the embedded offline model (which emits them from policies).
"""

REQUEST_TOOL = "request_specialist_sub_conversation"
"""The tool a coordinator calls to hand the conversation to a specialist (spec 000)."""
END_TOOL = "end_specialist_sub_conversation"
"""The tool a specialist calls to end its sub-conversation and report back (spec 000)."""
