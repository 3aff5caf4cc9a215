"""The web server: lobby, tables, the WebSocket protocol, persistence.

>>> from solocards.server import create_app
>>> app = create_app("sqlite://", bot_delay=0)

``serve(host, port, db_url)`` runs it under uvicorn (``solocards serve``). Only this package
depends on FastAPI, SQLAlchemy and friends; nothing below it imports the server.
"""

from .config import Settings
from .http.app import create_app, serve

__all__ = ["Settings", "create_app", "serve"]
