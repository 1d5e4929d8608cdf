"""The production profile: ``DJANGO_SETTINGS_MODULE=config.production``.

Everything in ``config.settings``, plus what a public site behind a TLS proxy needs, so that
``manage.py check --deploy`` is clean without remembering a dozen variables:

- HTTPS only: plain HTTP is redirected (``/healthz`` excepted, so a load balancer may probe the
  process directly), HSTS for a year with subdomains and preload, Secure cookies. The proxy
  must set ``X-Forwarded-Proto`` (and overwrite any a client sent), as SECURE_PROXY_SSL_HEADER
  trusts it; never expose the web processes without the proxy.
- The Content-Security-Policy is always enforced, debug or not.
- /healthz shows its details only to those who see everything (``accounts.access``: superusers
  and those granted the power, not staff as such; the proxy's requests come from this machine
  too).
- It refuses to start without the settings that must not be left to a default: SECRET_KEY
  (every web process must share it, so a key generated per machine would not do),
  DJANGO_ALLOWED_HOSTS, and debug off.

Why a module rather than a variable: every entry point (manage.py, daphne, celery) already
reads ``DJANGO_SETTINGS_MODULE``, so choosing the profile needs nothing new, and what
production adds can be read in one place. See README ("Production layout") and
docs/operations.md.
"""

from __future__ import annotations

from .env import ConfigError
from .settings import *  # noqa: F403
from .settings import ENV, security

if DEBUG:  # noqa: F405
    raise ConfigError("DJANGO_DEBUG must be off in the production profile")
if not ENV.get("SECRET_KEY"):
    raise ConfigError("the production profile needs SECRET_KEY (the same for every process)")
if not ENV.get("DJANGO_ALLOWED_HOSTS"):
    raise ConfigError("the production profile needs DJANGO_ALLOWED_HOSTS (the site's host names)")

SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SECURE_SSL_REDIRECT = True
SECURE_REDIRECT_EXEMPT = [r"^healthz$"]
SECURE_HSTS_SECONDS = int(ENV.get("DJANGO_HSTS_SECONDS", str(365 * 24 * 3600)))
SECURE_HSTS_INCLUDE_SUBDOMAINS = True
SECURE_HSTS_PRELOAD = True
SESSION_COOKIE_SECURE = True
CSRF_COOKIE_SECURE = True

CONTENT_SECURITY_POLICY = security.content_security_policy()
CONTENT_SECURITY_POLICY_REPORT_ONLY = None

HEALTHZ_LOCAL_DETAILS = False
