"""Settings for Call Break online.

Everything comes from the environment (12-factor) with an embedded default: with no
environment at all the site runs on one machine with nothing else installed (SQLite under
``var/``, the in-memory channel layer and a Celery worker inside the server process).
``DATABASE_URL=postgres://…`` switches to PostgreSQL through psycopg 3 with a connection pool;
``REDIS_URL=redis://…`` switches to channels-redis, the Redis cache and the Redis Celery broker
with separate worker processes.
"""

from __future__ import annotations

import os
import secrets
from datetime import timedelta
from pathlib import Path
from urllib.parse import unquote, urlsplit

import dj_database_url
from django.core.exceptions import ImproperlyConfigured

BASE_DIR = Path(__file__).resolve().parent.parent
VAR_DIR = Path(os.environ.get("VAR_DIR", BASE_DIR / "var"))
VAR_DIR.mkdir(parents=True, exist_ok=True)


def env_bool(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    if value is None or value == "":
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def env_list(name: str, default: str) -> list[str]:
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


def email_settings(url: str) -> dict[str, object]:
    """Django's EMAIL_* settings from one URL (see EMAIL_URL below)."""
    parts = urlsplit(url)
    if parts.scheme == "console":
        return {"BACKEND": "django.core.mail.backends.console.EmailBackend", "HOST": "",
                "PORT": 25, "USER": "", "PASSWORD": "", "SSL": False, "TLS": False}
    if parts.scheme not in ("smtp", "smtps") or not parts.hostname:
        raise ImproperlyConfigured("EMAIL_URL is smtp://…, smtps://… or console://.")
    secure = parts.scheme == "smtps"
    return {
        "BACKEND": "django.core.mail.backends.smtp.EmailBackend",
        "HOST": parts.hostname,
        "PORT": parts.port or (465 if secure else 587),
        "USER": unquote(parts.username or ""),
        "PASSWORD": unquote(parts.password or ""),
        "SSL": secure,
        # Port 25 is a relay on the same network, usually without STARTTLS.
        "TLS": not secure and parts.port != 25,
    }


def env_int(name: str, default: int) -> int:
    return int(os.environ.get(name, default))


DEBUG = env_bool("DEBUG", False)
PRODUCTION = env_bool("PRODUCTION", False)


def _secret_key() -> str:
    """The configured secret, or one generated once and kept under ``var/`` for local runs."""
    configured = os.environ.get("SECRET_KEY", "")
    if configured:
        if PRODUCTION and (len(configured) < 50 or len(set(configured)) < 5):
            raise ImproperlyConfigured("SECRET_KEY must be at least 50 varied characters.")
        return configured
    if PRODUCTION:
        raise ImproperlyConfigured("SECRET_KEY must be set when PRODUCTION is on.")
    key_file = VAR_DIR / "secret_key"
    if not key_file.exists():
        key_file.write_text(secrets.token_urlsafe(64))
        key_file.chmod(0o600)
    return key_file.read_text().strip()


SECRET_KEY = _secret_key()
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", "localhost,127.0.0.1,[::1]")
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", "")
CSRF_FAILURE_VIEW = "core.api.csrf_failure"
# The proxies in front of the site (addresses or networks, "*" for any): only a request from one
# of them has its X-Forwarded-For and X-Forwarded-Proto believed (callbreak_site.asgi). Empty,
# the default, believes no one: the address a request comes from is the client's.
FORWARDED_ALLOW_IPS = env_list("FORWARDED_ALLOW_IPS", "")
PORT = env_int("PORT", 8000)

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "rest_framework",
    "knox",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "channels",
    "core",
    "accounts",
    "games",
    "social",
    "matchmaking",
    "notifications",
    "frontend",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "csp.middleware.CSPMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "accounts.middleware.LastSeenMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
]

ROOT_URLCONF = "callbreak_site.urls"
ASGI_APPLICATION = "callbreak_site.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

# --- Database -----------------------------------------------------------------------------
DATABASE_URL = os.environ.get("DATABASE_URL", "")
if DATABASE_URL:
    # Health checks: a pooled connection that PostgreSQL dropped (restart, failover,
    # pg_terminate_backend) is replaced when taken from the pool instead of failing a request.
    _db = dj_database_url.parse(DATABASE_URL, conn_max_age=0, conn_health_checks=True)
    if _db["ENGINE"] != "django.db.backends.postgresql":
        raise ImproperlyConfigured("DATABASE_URL must be a postgres:// URL.")
    _db["OPTIONS"] = _options = {}
    if env_bool("DB_POOL", True):
        _options["pool"] = {
            "min_size": env_int("DB_POOL_MIN", 1),
            "max_size": env_int("DB_POOL_MAX", 10),
            "timeout": env_int("DB_POOL_TIMEOUT", 10),
        }
    # Parameters sent apart from the statement, and each statement a connection has run
    # DB_PREPARE_THRESHOLD times prepared once: PostgreSQL then skips parsing and planning the
    # statements of a move (a third of its CPU per move). "off" for a pooler in transaction
    # mode that cannot keep prepared statements (pgbouncer before 1.21 or without
    # max_prepared_statements).
    _options["server_side_binding"] = True
    _prepare = os.environ.get("DB_PREPARE_THRESHOLD", "5").strip().lower()
    if _prepare != "off" and not _prepare.isdigit():
        raise ImproperlyConfigured("DB_PREPARE_THRESHOLD must be a whole number or off.")
    _options["prepare_threshold"] = None if _prepare == "off" else int(_prepare)
    DATABASES = {"default": _db}
else:
    # SQLite shared by the server and a worker: WAL lets readers run beside the writer and
    # IMMEDIATE makes writers queue for the lock instead of failing with "database is locked".
    DATABASES = {
        "default": {
            "ENGINE": "django.db.backends.sqlite3",
            "NAME": VAR_DIR / "callbreak.sqlite3",
            "OPTIONS": {
                "transaction_mode": "IMMEDIATE",
                "timeout": 20,
                "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
            },
        }
    }

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# --- Redis: channel layer, cache, Celery broker --------------------------------------------
REDIS_URL = os.environ.get("REDIS_URL", "")
if REDIS_URL:
    # Redis Pub/Sub: a view is one PUBLISH, pushed to every server process with a socket of
    # that user, with no per-process backlog to overflow. A view missed in a reconnect is
    # recovered by the client (seq gap → refetch).
    CHANNEL_LAYERS = {
        "default": {
            "BACKEND": "channels_redis.pubsub.RedisPubSubChannelLayer",
            "CONFIG": {"hosts": [REDIS_URL], "prefix": os.environ.get("CHANNELS_PREFIX", "cb")},
        }
    }
    CACHES = {
        "default": {
            # django-redis keeps one client per cache and one connection pool per server;
            # Django's own Redis backend builds a client for every call.
            "BACKEND": "django_redis.cache.RedisCache",
            "LOCATION": REDIS_URL,
            "KEY_PREFIX": os.environ.get("CACHE_PREFIX", "cb"),
        }
    }
    CELERY_BROKER_URL = REDIS_URL
else:
    CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
    # No broker server: the worker runs inside the server process and shares its memory.
    CELERY_BROKER_URL = "memory://"
# The embedded run (see callbreak_site/embedded.py): no Redis, so the worker, beat and channel
# layer live inside the server process.
EMBEDDED = not REDIS_URL

CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TASK_IGNORE_RESULT = True
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
CELERY_BROKER_TRANSPORT_OPTIONS = {"visibility_timeout": env_int("CELERY_VISIBILITY_TIMEOUT", 3600)}
CELERY_TASK_DEFAULT_QUEUE = os.environ.get("CELERY_QUEUE", "callbreak")
CELERY_BEAT_SCHEDULE = {
    "sweep-overdue-turns": {
        "task": "games.tasks.deadlines_sweep",
        "schedule": float(os.environ.get("DEADLINE_SWEEP_SECONDS", "2")),
    },
    "pair-seeks": {
        "task": "matchmaking.tasks.seeks_pair",
        "schedule": float(os.environ.get("SEEK_PAIR_SECONDS", "2")),
    },
    "ask-about-bots": {
        "task": "matchmaking.tasks.seeks_remind",
        "schedule": 5 * 60,
    },
    "remove-unused-guests": {
        "task": "accounts.tasks.guests_remove_unused",
        "schedule": 60 * 60,
    },
}

# --- Play ----------------------------------------------------------------------------------
# A bot's think time per decision, and how long a bot turn may wait for a worker before the
# deadline sweeper plays it instead.
BOT_BUDGET_MS = env_int("BOT_BUDGET_MS", 150)
# The expert bot's longest think time (its cards usually stop sooner, at a fixed number of
# iterations); it is offered only with turns of an hour or more.
EXPERT_BUDGET_MS = env_int("EXPERT_BUDGET_MS", 1500)
BOT_TURN_GRACE_SECONDS = env_int("BOT_TURN_GRACE_SECONDS", 30)
# The pause between hands, while the hand's scoreboard shows: no clock runs and no bot plays
# (half of it in matches at the fastest turn time).
HAND_BREAK_SECONDS = float(os.environ.get("HAND_BREAK_SECONDS", "4"))
# Think time per reviewed decision in post-match analysis: the expert bot's (nobody waits).
ANALYSIS_BUDGET_MS = env_int("ANALYSIS_BUDGET_MS", EXPERT_BUDGET_MS)
# When set, a reviewed decision also stops at this many rollouts, whichever comes first.
ANALYSIS_ROLLOUTS = env_int("ANALYSIS_ROLLOUTS", 0) or None
# Threads per server process for HTTP requests (each holds a database connection while busy).
HTTP_THREADS = env_int("HTTP_THREADS", 4)
# Turn times up to this get a task due at the deadline; longer ones rely on the sweeper alone
# (a broker may redeliver long-delayed tasks).
LIVE_DEADLINE_ETA_MAX_SECONDS = env_int("LIVE_DEADLINE_ETA_MAX_SECONDS", 300)
DEADLINE_WARNING_FRACTION = 0.8
PRESENCE_TTL_SECONDS = env_int("PRESENCE_TTL_SECONDS", 75)
# A live search (15-60 s a turn) goes on while its player's screen asks for it (every 2 s):
# one not asked for in this long is ended at the next pairing instead of being seated.
LIVE_SEEK_SEEN_SECONDS = env_int("LIVE_SEEK_SEEN_SECONDS", 45)
# Reactions a player may send, across tables, in each window of so many seconds.
REACTIONS_PER_WINDOW = env_int("REACTIONS_PER_WINDOW", 4)
REACTION_WINDOW_SECONDS = env_int("REACTION_WINDOW_SECONDS", 10)
# Websocket bounds: open sockets per user (tabs and devices together), and the messages one
# socket may send: a burst, then a steady rate (the app sends a heartbeat every 25 s).
WEBSOCKET_MAX_PER_USER = env_int("WEBSOCKET_MAX_PER_USER", 10)
WEBSOCKET_MESSAGE_BURST = env_int("WEBSOCKET_MESSAGE_BURST", 20)
WEBSOCKET_MESSAGES_PER_MINUTE = env_int("WEBSOCKET_MESSAGES_PER_MINUTE", 60)
# Where external bot seats may be reached: host names, addresses or networks ("*" for any
# host name). A private, loopback or link-local address is reached only when the address or
# its network is listed itself. Empty switches external seats off, the default in production.
EXTERNAL_BOT_HOSTS = env_list("EXTERNAL_BOT_HOSTS", "" if PRODUCTION else "127.0.0.1,localhost,::1")
EXTERNAL_BOT_TIMEOUT_SECONDS = float(os.environ.get("EXTERNAL_BOT_TIMEOUT_SECONDS", "2"))

# --- Auth ----------------------------------------------------------------------------------
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
    {"NAME": "accounts.services.passwords.NotOnlyWhitespaceValidator"},
]
SESSION_COOKIE_AGE = 60 * 60 * 24 * 60
# A guest account nobody has used for this many days is removed (its matches keep their records).
GUEST_UNUSED_DAYS = env_int("GUEST_UNUSED_DAYS", 30)
# Usernames that would pass for a bot at the table are refused (accounts.services.usernames).
RESERVED_PLAYER_NAMES = "games.bot_names.ALL_BOT_NAMES"
# The site's address as players reach it: links in mail start with it (never with the Host a
# request named).
SITE_URL = os.environ.get("SITE_URL", "http://localhost:8000")
# Mail sent on request is bounded per receiving address and per sender (an account, or the
# client's address for a request from nobody signed in), each over a day.
MAIL_PER_ADDRESS_PER_DAY = env_int("MAIL_PER_ADDRESS_PER_DAY", 3)
MAIL_PER_SENDER_PER_DAY = env_int("MAIL_PER_SENDER_PER_DAY", 10)
# How long an email confirmation link and a password reset link work.
EMAIL_CONFIRM_MAX_AGE = env_int("EMAIL_CONFIRM_MAX_AGE", 60 * 60 * 24 * 3)
PASSWORD_RESET_TIMEOUT = env_int("PASSWORD_RESET_TIMEOUT", 60 * 60 * 3)
# API tokens: one per device (each sign-in at /api/auth/token/ makes one), stored as a hash,
# valid for AUTH_TOKEN_TTL_HOURS unless revoked first.
AUTH_TOKEN_TTL_HOURS = env_int("AUTH_TOKEN_TTL_HOURS", 24 * 30)
if AUTH_TOKEN_TTL_HOURS < 1:
    raise ImproperlyConfigured("AUTH_TOKEN_TTL_HOURS must be at least 1.")
REST_KNOX = {
    "TOKEN_TTL": timedelta(hours=AUTH_TOKEN_TTL_HOURS),
    "AUTH_HEADER_PREFIX": "Token",
}

REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "accounts.api.authentication.TokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticated"],
    "DEFAULT_SCHEMA_CLASS": "core.schema.ApiSchema",
    # The API speaks JSON only: a form body is 415, like any other unsupported type.
    "DEFAULT_PARSER_CLASSES": ["core.parsers.BoundedJSONParser"],
    "DEFAULT_THROTTLE_RATES": {
        "auth": os.environ.get("THROTTLE_AUTH", "30/min"),
        # Sign-in tries at one username, from any number of addresses.
        "sign_in_account": os.environ.get("THROTTLE_SIGN_IN_ACCOUNT", "20/hour"),
        "move": os.environ.get("THROTTLE_MOVE", "240/min"),
        "create": os.environ.get("THROTTLE_CREATE", "20/min"),
        "join": os.environ.get("THROTTLE_JOIN", "30/min"),
        "rematch": os.environ.get("THROTTLE_REMATCH", "10/min"),
        "guest": os.environ.get("THROTTLE_GUEST", "60/hour"),
        "account": os.environ.get("THROTTLE_ACCOUNT", "10/hour"),
        "invite": os.environ.get("THROTTLE_INVITE", "60/min"),
        "friends": os.environ.get("THROTTLE_FRIENDS", "30/min"),
    },
    "DEFAULT_PAGINATION_CLASS": "core.api.Pages",
    "PAGE_SIZE": 20,
    "EXCEPTION_HANDLER": "core.api.exception_handler",
    # Throttles count REMOTE_ADDR, which is the client's own address: the ASGI application
    # sets it from X-Forwarded-For only for a request from FORWARDED_ALLOW_IPS (see above).
    "NUM_PROXIES": 0,
    "UNAUTHENTICATED_USER": "django.contrib.auth.models.AnonymousUser",
}
DATA_UPLOAD_MAX_MEMORY_SIZE = 64 * 1024

SPECTACULAR_SETTINGS = {
    "TITLE": "Call Break online API",
    "DESCRIPTION": "Per-player views and actions for asynchronous Call Break matches.",
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    "COMPONENT_SPLIT_REQUEST": True,
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    # Several answers have a field called "status", each with its own values.
    "ENUM_NAME_OVERRIDES": {
        "MatchStatusEnum": ["waiting", "bidding", "playing", "finished"],
        "AnalysisStatusEnum": ["pending", "ready", "failed"],
        "FriendshipStatusEnum": ["requested", "accepted"],
    },
    # Ids in paths (core.paths): a positive signed 64-bit integer.
    "PATH_CONVERTER_OVERRIDES": {
        "id": {"type": "integer", "format": "int64", "minimum": 1, "maximum": 2**63 - 1},
    },
}

# --- Content-Security-Policy ----------------------------------------------------------------
# Everything from the site itself and nothing inline. The app shell adds the hash of its one
# inline script (the import map) and its socket's ws(s):// origin to this, per response.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        "style-src": ["'self'"],
        "img-src": ["'self'"],
        "connect-src": ["'self'"],
        "object-src": ["'none'"],
        "base-uri": ["'none'"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
    },
}

# --- Static files (the PWA) ----------------------------------------------------------------
STATIC_URL = "/static/"
STATIC_ROOT = VAR_DIR / "static"
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": os.environ.get(
            "STATICFILES_BACKEND",
            "whitenoise.storage.CompressedManifestStaticFilesStorage",
        )
    },
}
WHITENOISE_MAX_AGE = 60 * 60 * 24 * 365
# The PWA's own files, and what offline play downloads (Pyodide and the engine bundle).
STATICFILES_FINDERS = [
    "django.contrib.staticfiles.finders.FileSystemFinder",
    "django.contrib.staticfiles.finders.AppDirectoriesFinder",
    "frontend.offline_files.OfflineFilesFinder",
]

# --- Languages ---------------------------------------------------------------------------------
# One gettext catalogue per language under locale/ serves the server ("django" domain) and the
# PWA ("djangojs", sent as JSON by frontend.views.CatalogView). A new language is one
# locale/<code>/LC_MESSAGES/*.po and one line here.
LANGUAGE_CODE = "en"
LANGUAGES = [
    ("en", "English"),
    ("ne", "नेपाली"),
    ("hi", "हिन्दी"),
    ("bn", "বাংলা"),
]
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

# --- Email ------------------------------------------------------------------------------------
# EMAIL_URL: smtp://user:password@host:587 (STARTTLS), smtps://…:465 (TLS) or console:// (the
# default: mail is written to the server's output). Tests use Django's in-memory outbox.
EMAIL_URL = os.environ.get("EMAIL_URL", "console://")
_email = email_settings(EMAIL_URL)
EMAIL_BACKEND = _email["BACKEND"]
EMAIL_HOST = _email["HOST"]
EMAIL_PORT = _email["PORT"]
EMAIL_HOST_USER = _email["USER"]
EMAIL_HOST_PASSWORD = _email["PASSWORD"]
EMAIL_USE_SSL = _email["SSL"]
EMAIL_USE_TLS = _email["TLS"]
EMAIL_TIMEOUT = 10
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "Call Break <noreply@localhost>")

# --- Production hardening (PRODUCTION=1, behind a TLS-terminating proxy) ---------------------
if PRODUCTION:
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", True)
    SECURE_HSTS_SECONDS = env_int("SECURE_HSTS_SECONDS", 60 * 60 * 24 * 365)
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {"plain": {"format": "%(asctime)s %(levelname)s %(name)s %(message)s"}},
    "handlers": {"console": {"class": "logging.StreamHandler", "formatter": "plain"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "INFO")},
    "loggers": {
        "django.db.backends": {"level": "INFO"},
        # One line per task (the sweeper runs every 2 s) is noise unless asked for.
        "celery.app.trace": {"level": os.environ.get("LOG_LEVEL_TASKS", "WARNING")},
        "celery.worker.strategy": {"level": os.environ.get("LOG_LEVEL_TASKS", "WARNING")},
        "celery.beat": {"level": os.environ.get("LOG_LEVEL_TASKS", "WARNING")},
    },
}

# --- Web Push ------------------------------------------------------------------------------
# VAPID_PRIVATE_KEY: a base64url raw P-256 key or a PEM. Without it a key is generated once and
# kept in var/vapid_private.pem (``manage.py vapid_keys``); every host serving the site must sign
# with the same key, so set it explicitly when there is more than one.
VAPID_PRIVATE_KEY = os.environ.get("VAPID_PRIVATE_KEY", "")
VAPID_SUBJECT = os.environ.get("VAPID_SUBJECT", "mailto:admin@localhost")
PUSH_TTL = env_int("PUSH_TTL", 12 * 60 * 60)
PUSH_TIMEOUT = float(os.environ.get("PUSH_TIMEOUT", "10"))
# Plain-http endpoints on this machine only ever belong to a local stand-in push service; in
# production every endpoint is https on a public address.
PUSH_ALLOW_INSECURE_ENDPOINTS = not PRODUCTION and env_bool(
    "PUSH_ALLOW_INSECURE_ENDPOINTS", set(ALLOWED_HOSTS) <= {"localhost", "127.0.0.1", "[::1]"},
)
# --- end of Web Push -----------------------------------------------------------------------
