"""Agents that play Rogue 5.4.4 through ``protocols.rogue`` (the screen only)."""
