"""Tables being played: the Table and its collaborators, connections, the clock, chat, bots."""
