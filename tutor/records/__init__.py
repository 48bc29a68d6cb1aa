"""Hands as data: the record model, reading and writing YAML records, and replaying them."""
