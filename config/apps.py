"""Django's admin app with the site's own admin site (``config.admin_site``)."""

from django.contrib.admin.apps import AdminConfig


class SiteAdminConfig(AdminConfig):
    default_site = "config.admin_site.Site"
