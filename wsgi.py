"""The WSGI entry point of Referee (``gunicorn wsgi:app``, as ``scripts/serve`` starts it).

The HTTP adapter itself is :mod:`referee.http`; this module makes its app and re-exports its names.
"""
from referee.http import *  # noqa: F401,F403  (create_app, dumps, framing_problem, language, FRAMING, ...)
from referee.http import __all__ as __all__  # `from wsgi import *` gives what referee.http gives
from referee.http import create_app

app = create_app()
