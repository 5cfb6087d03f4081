"""Push subscriptions and notification settings move here from accounts, rows and all."""


import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


# Each model's content type (and so its permissions) moves with it from its old app.
MOVED = {'notificationsettings': 'accounts', 'pushsubscription': 'accounts'}


def content_types_follow(apps, schema_editor):
    content_types = apps.get_model("contenttypes", "ContentType")
    for model, old_app in MOVED.items():
        content_types.objects.filter(app_label=old_app, model=model).update(app_label="notifications")


class Migration(migrations.Migration):

    initial = True

    dependencies = [
        ('accounts', '0006_friends_blocks_and_push_move_out'),
        ('contenttypes', '0002_remove_content_type_name'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        # The tables are the ones the models had in their old apps, with their rows: first
        # this app takes the models over as they are, then renames their tables.
        migrations.SeparateDatabaseAndState(state_operations=[
            migrations.CreateModel(
                name='NotificationSettings',
                fields=[
                    ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                    ('notify_turn', models.BooleanField(default=True)),
                    ('notify_deadline', models.BooleanField(default=True)),
                    ('notify_finished', models.BooleanField(default=True)),
                    ('user', models.OneToOneField(on_delete=django.db.models.deletion.CASCADE, related_name='notification_settings', to=settings.AUTH_USER_MODEL)),
                ],
                options={
                    'db_table': 'accounts_notificationsettings',
                    'verbose_name_plural': 'notification settings',
                },
            ),
            migrations.CreateModel(
                name='PushSubscription',
                fields=[
                    ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                    ('endpoint', models.URLField(max_length=500, unique=True)),
                    ('p256dh', models.CharField(max_length=100)),
                    ('auth', models.CharField(max_length=32)),
                    ('created_at', models.DateTimeField(auto_now_add=True)),
                    ('last_success_at', models.DateTimeField(blank=True, null=True)),
                    ('user_agent', models.CharField(blank=True, max_length=255)),
                    ('user', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='push_subscriptions', to=settings.AUTH_USER_MODEL)),
                ],
                options={
                    'db_table': 'accounts_pushsubscription',
                    'ordering': ['created_at', 'id'],
                },
            ),
        ]),
        migrations.RunPython(content_types_follow, migrations.RunPython.noop),
        migrations.AlterModelTable(name='notificationsettings', table=None),
        migrations.AlterModelTable(name='pushsubscription', table=None),
    ]
