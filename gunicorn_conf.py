"""gunicorn settings for Referee (used by scripts/serve).

The referee is CPU-bound and stateless: sync workers, one per core (REFEREE_WORKERS overrides),
short timeouts, and recycled workers to contain any leak.
"""
import multiprocessing
import os

bind = os.environ.get("REFEREE_BIND", "127.0.0.1:8000")
workers = int(os.environ.get("REFEREE_WORKERS", multiprocessing.cpu_count()))
worker_class = "sync"
timeout = 30
graceful_timeout = 20
keepalive = 2
max_requests = 1000
max_requests_jitter = 100
preload_app = True
limit_request_line = 8190  # the longest request line gunicorn allows
accesslog = "-"
errorlog = "-"
# gunicorn 25+ opens a control socket at one fixed path per user; two servers on a machine would share it, and
# the service has no use for it (older gunicorn ignores the setting)
control_socket_disable = True
