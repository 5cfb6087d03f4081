"""Friends and blocks (from accounts), ratings and reactions (from games) move here, rows and all."""


import django.db.models.deletion
import django.db.models.functions.comparison
from django.conf import settings
from django.db import migrations, models


# Each model's content type (and so its permissions) moves with it from its old app.
MOVED = {'playerrating': 'games', 'block': 'accounts', 'friendship': 'accounts', 'ratingchange': 'games', 'reaction': 'games'}


def content_types_follow(apps, schema_editor):
    content_types = apps.get_model("contenttypes", "ContentType")
    for model, old_app in MOVED.items():
        content_types.objects.filter(app_label=old_app, model=model).update(app_label="social")


class Migration(migrations.Migration):

    initial = True

    dependencies = [
        ('accounts', '0006_friends_blocks_and_push_move_out'),
        ('games', '0010_ratings_and_reactions_move_out'),
        ('contenttypes', '0002_remove_content_type_name'),
        ('auth', '0012_alter_user_first_name_max_length'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        # The tables are the ones the models had in their old apps, with their rows: first
        # this app takes the models over as they are, then renames their tables.
        migrations.SeparateDatabaseAndState(state_operations=[
            migrations.CreateModel(
                name='PlayerRating',
                fields=[
                    ('user', models.OneToOneField(on_delete=django.db.models.deletion.CASCADE, primary_key=True, related_name='rating', serialize=False, to=settings.AUTH_USER_MODEL)),
                    ('mu', models.FloatField()),
                    ('sigma', models.FloatField()),
                    ('rating', models.IntegerField()),
                    ('matches', models.PositiveIntegerField(default=0)),
                    ('on_global_leaderboard', models.BooleanField(default=True)),
                    ('updated_at', models.DateTimeField(auto_now=True)),
                ],
                options={
                    'db_table': 'games_playerrating',
                    'indexes': [models.Index(fields=['-rating', 'user'], name='rating_board')],
                },
            ),
            migrations.CreateModel(
                name='Block',
                fields=[
                    ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                    ('created_at', models.DateTimeField(auto_now_add=True)),
                    ('blocked', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='blocks_received', to=settings.AUTH_USER_MODEL)),
                    ('blocker', models.ForeignKey(db_index=False, on_delete=django.db.models.deletion.CASCADE, related_name='blocks_made', to=settings.AUTH_USER_MODEL)),
                ],
                options={
                    'db_table': 'accounts_block',
                    'constraints': [models.UniqueConstraint(fields=('blocker', 'blocked'), name='block_unique_pair'), models.CheckConstraint(condition=models.Q(('blocker', models.F('blocked')), _negated=True), name='block_not_self')],
                },
            ),
            migrations.CreateModel(
                name='Friendship',
                fields=[
                    ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                    ('status', models.CharField(choices=[('requested', 'Requested'), ('accepted', 'Accepted')], default='requested', max_length=10)),
                    ('created_at', models.DateTimeField(auto_now_add=True)),
                    ('accepted_at', models.DateTimeField(blank=True, null=True)),
                    ('from_user', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='friend_requests_sent', to=settings.AUTH_USER_MODEL)),
                    ('to_user', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='friend_requests_received', to=settings.AUTH_USER_MODEL)),
                ],
                options={
                    'db_table': 'accounts_friendship',
                    'constraints': [models.UniqueConstraint(django.db.models.functions.comparison.Least('from_user', 'to_user'), django.db.models.functions.comparison.Greatest('from_user', 'to_user'), name='friendship_unique_pair'), models.CheckConstraint(condition=models.Q(('from_user', models.F('to_user')), _negated=True), name='friendship_not_self')],
                },
            ),
            migrations.CreateModel(
                name='RatingChange',
                fields=[
                    ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                    ('match_id', models.BigIntegerField()),
                    ('seat', models.PositiveSmallIntegerField()),
                    ('place', models.PositiveSmallIntegerField()),
                    ('before', models.IntegerField()),
                    ('after', models.IntegerField()),
                    ('mu', models.FloatField()),
                    ('sigma', models.FloatField()),
                    ('matches', models.PositiveIntegerField()),
                    ('created_at', models.DateTimeField(auto_now_add=True)),
                    ('user', models.ForeignKey(db_index=False, on_delete=django.db.models.deletion.CASCADE, related_name='rating_changes', to=settings.AUTH_USER_MODEL)),
                ],
                options={
                    'db_table': 'games_ratingchange',
                    'indexes': [models.Index(fields=['user', 'created_at'], name='rating_change_user_time')],
                    'constraints': [models.UniqueConstraint(fields=('match_id', 'user'), name='rating_change_unique')],
                },
            ),
            migrations.CreateModel(
                name='Reaction',
                fields=[
                    ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                    ('match_id', models.BigIntegerField()),
                    ('seat', models.PositiveSmallIntegerField()),
                    ('reaction', models.CharField(max_length=12)),
                    ('seq', models.PositiveIntegerField()),
                    ('created_at', models.DateTimeField(auto_now_add=True)),
                    ('user', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='reactions', to=settings.AUTH_USER_MODEL)),
                ],
                options={
                    'db_table': 'games_reaction',
                    'indexes': [models.Index(fields=['match_id', 'seq'], name='reaction_match_seq')],
                },
            ),
        ]),
        migrations.RunPython(content_types_follow, migrations.RunPython.noop),
        migrations.AlterModelTable(name='playerrating', table=None),
        migrations.AlterModelTable(name='block', table=None),
        migrations.AlterModelTable(name='friendship', table=None),
        migrations.AlterModelTable(name='ratingchange', table=None),
        migrations.AlterModelTable(name='reaction', table=None),
    ]
