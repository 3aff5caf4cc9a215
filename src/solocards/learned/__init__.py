"""Learned bots: policy models in small numpy files, played without any training framework.

- :mod:`.model`: the model file format and its numpy inference;
- :mod:`.bot`: the ``learned`` bot of the registry (``make_bot("learned", game)``);
- :mod:`.fit` and :mod:`.train`: ``solocards train``, imitation of a teacher bot in numpy.

Importing it needs numpy (the ``rl`` extra); the bot registry reaches it by name only.
"""
