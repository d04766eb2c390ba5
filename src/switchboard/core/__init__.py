"""Core vocabulary shared by every layer: messages, events, agent specs, errors, clock."""
