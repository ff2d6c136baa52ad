"""gunicorn settings for Referee (used by scripts/serve and scripts/serve-proxied): those the package ships,
:mod:`referee.http.gunicorn_conf`, which an installed server uses as ``-c python:referee.http.gunicorn_conf``."""
from referee.http.gunicorn_conf import *  # noqa: F401,F403
from referee.http.gunicorn_conf import child_exit, on_exit, post_worker_init, pre_fork, pre_request, worker_exit  # noqa: F401
