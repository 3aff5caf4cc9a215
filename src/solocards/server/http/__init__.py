"""The HTTP side of the server: the FastAPI app, its routes, request checks, limits and headers."""
