"""Agents that play NetHack through ``protocols.nethack`` (the screen only)."""
