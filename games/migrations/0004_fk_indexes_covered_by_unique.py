"""Drop the single-column indexes of foreign keys whose column leads a unique constraint (the
constraint's index serves the same look-ups). Only the indexes go: the foreign-key constraints
stay as they are, so nothing is revalidated."""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models

# (table, column, index) as Django named them when the tables were created.
COVERED = [
    ("games_analysis", "match_id", "games_analysis_match_id_0ded0ddd"),
    ("games_hand", "match_id", "games_hand_match_id_1fddcc5c"),
    ("games_idempotentresponse", "user_id", "games_idempotentresponse_user_id_bb145a4e"),
    ("games_move", "hand_id", "games_move_hand_id_520c78d4"),
    ("games_move", "match_id", "games_move_match_id_b9c0e951"),
    ("games_seat", "match_id", "games_seat_match_id_72fea2e9"),
]


def _without_index(model_name, name, related_name, to):
    return migrations.AlterField(
        model_name=model_name, name=name,
        field=models.ForeignKey(db_index=False, on_delete=django.db.models.deletion.CASCADE,
                                related_name=related_name, to=to),
    )


class Migration(migrations.Migration):

    dependencies = [
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
        ("games", "0003_match_warn_at"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                _without_index("analysis", "match", "analyses", "games.match"),
                _without_index("hand", "match", "hand_rows", "games.match"),
                _without_index("idempotentresponse", "user", None, settings.AUTH_USER_MODEL),
                _without_index("move", "hand", "moves", "games.hand"),
                _without_index("move", "match", "moves", "games.match"),
                _without_index("seat", "match", "seats", "games.match"),
            ],
            database_operations=[
                migrations.RunSQL(
                    f'DROP INDEX IF EXISTS "{index}"',
                    reverse_sql=f'CREATE INDEX IF NOT EXISTS "{index}" ON "{table}" ("{column}")',
                )
                for table, column, index in COVERED
            ],
        ),
    ]
