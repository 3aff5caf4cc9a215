"""High Card, a fifth game that lives outside solocards: its package and one registration."""
