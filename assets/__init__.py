"""Data the program loads (boards, art, sounds, ...): a package only so its files install as package data.

Read them through engine.resources, never by path from here."""
