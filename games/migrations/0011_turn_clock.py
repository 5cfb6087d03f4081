"""A match's deadline moves to a row of its own (``TurnClock``), copied for every match, so that
the match row's updates touch no indexed column and stay HOT. On PostgreSQL the match table
keeps room in each page for those in-place updates (fillfactor 70)."""

import django.db.models.deletion
from django.db import migrations, models


def clocks_from_matches(apps, schema_editor):
    matches = apps.get_model("games", "Match")
    clocks = apps.get_model("games", "TurnClock")
    rows = matches.objects.values_list("id", "deadline", "warn_at", "warned_seq")
    clocks.objects.bulk_create(
        [clocks(match_id=i, deadline=d, warn_at=w, warned_seq=s) for i, d, w, s in rows.iterator()],
        batch_size=1000)


def matches_from_clocks(apps, schema_editor):
    matches = apps.get_model("games", "Match")
    for clock in apps.get_model("games", "TurnClock").objects.iterator():
        matches.objects.filter(pk=clock.match_id).update(
            deadline=clock.deadline, warn_at=clock.warn_at, warned_seq=clock.warned_seq)


def room_for_in_place_updates(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute("ALTER TABLE games_match SET (fillfactor = 70)")


def no_room_kept(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute("ALTER TABLE games_match RESET (fillfactor)")


class Migration(migrations.Migration):

    dependencies = [
        ("games", "0010_ratings_and_reactions_move_out"),
    ]

    operations = [
        migrations.CreateModel(
            name="TurnClock",
            fields=[
                ("match", models.OneToOneField(on_delete=django.db.models.deletion.CASCADE, primary_key=True, related_name="clock", serialize=False, to="games.match")),
                ("deadline", models.DateTimeField(blank=True, null=True)),
                ("warn_at", models.DateTimeField(blank=True, null=True)),
                ("warned_seq", models.PositiveIntegerField(blank=True, null=True)),
            ],
        ),
        migrations.RunPython(clocks_from_matches, matches_from_clocks),
        migrations.RemoveIndex(model_name="match", name="match_active_deadline"),
        migrations.RemoveIndex(model_name="match", name="match_active_warn_at"),
        migrations.RemoveField(model_name="match", name="deadline"),
        migrations.RemoveField(model_name="match", name="warn_at"),
        migrations.RemoveField(model_name="match", name="warned_seq"),
        migrations.AddIndex(
            model_name="turnclock",
            index=models.Index(condition=models.Q(("deadline__isnull", False)), fields=["deadline"], name="clock_deadline"),
        ),
        migrations.AddIndex(
            model_name="turnclock",
            index=models.Index(condition=models.Q(("warn_at__isnull", False)), fields=["warn_at"], name="clock_warn_at"),
        ),
        migrations.RunPython(room_for_in_place_updates, no_room_kept),
    ]
