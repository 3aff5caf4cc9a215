"""The commands of ``solocards``, one module each; :mod:`..app` adds them to the app in order."""
