"""The ``/docs`` page: Swagger UI served from this server, with no CDN and no inline script.

FastAPI's own page loads Swagger UI from a CDN (blank without internet) and starts it with an
inline script (which the Content-Security-Policy forbids). Here the two files come from the
``swagger-ui-bundle-v2`` package (the server extra) under ``/docs/assets/``, and the page starts
them with ``/docs/init.js``. ReDoc is not served. Without the package ``/docs`` is absent; the
OpenAPI description stays at ``/openapi.json``.

>>> "<script>" in page("/openapi.json")
False
"""

from __future__ import annotations

import html
import importlib
import logging
from pathlib import Path

from fastapi import FastAPI
from fastapi.responses import HTMLResponse, Response
from fastapi.staticfiles import StaticFiles

log = logging.getLogger(__name__)

ASSETS = "/docs/assets"


def swagger_ui_folder() -> Path | None:
    """The folder of Swagger UI's files in the installed package, or ``None`` without it."""
    try:
        bundle = importlib.import_module("swagger_ui_bundle")
    except ImportError:
        return None
    folder = Path(str(bundle.swagger_ui_path))
    return folder if (folder / "swagger-ui-bundle.js").is_file() else None


def page(openapi_url: str, title: str = "solocards API") -> str:
    """The HTML of the ``/docs`` page (scripts as files only)."""
    return f"""<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>{title}</title>
  <link rel="icon" href="data:,">
  <link rel="stylesheet" href="{ASSETS}/swagger-ui.css">
</head>
<body>
  <div id="swagger-ui" data-openapi-url="{openapi_url}"></div>
  <script src="{ASSETS}/swagger-ui-bundle.js"></script>
  <script src="/docs/init.js"></script>
</body>
</html>
"""


INIT_SCRIPT = """\
const root = document.getElementById("swagger-ui");
window.ui = SwaggerUIBundle({
  url: root.dataset.openapiUrl,
  dom_id: "#swagger-ui",
  deepLinking: true,
  validatorUrl: null,
  presets: [SwaggerUIBundle.presets.apis],
  layout: "BaseLayout",
});
"""


def install_docs(app: FastAPI) -> bool:
    """Serve ``/docs`` (and its assets) on ``app``; ``False`` where Swagger UI is missing."""
    folder = swagger_ui_folder()
    if folder is None or app.openapi_url is None:
        log.warning("swagger-ui-bundle-v2 is not installed: no /docs page (see /openapi.json)")
        return False
    text = page(html.escape(app.openapi_url))

    @app.get("/docs", include_in_schema=False)
    async def docs() -> HTMLResponse:
        """The interactive API documentation."""
        return HTMLResponse(text)

    @app.get("/docs/init.js", include_in_schema=False)
    async def docs_init() -> Response:
        """The script that starts Swagger UI on the ``/docs`` page."""
        return Response(INIT_SCRIPT, media_type="text/javascript")

    app.mount(ASSETS, StaticFiles(directory=folder), name="docs-assets")
    return True
