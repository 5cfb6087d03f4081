"""Drop the single-column indexes of foreign keys whose column leads a unique constraint (the
constraint's index serves the same look-ups). Only the indexes go: the foreign-key constraints
stay as they are, so nothing is revalidated."""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models

# (model, field, related_name, target, index as Django named it when the table was created);
# the table is games_<model> and the column <field>_id.
COVERED = [
    ("analysis", "match", "analyses", "games.match", "games_analysis_match_id_0ded0ddd"),
    ("hand", "match", "hand_rows", "games.match", "games_hand_match_id_1fddcc5c"),
    ("idempotentresponse", "user", None, settings.AUTH_USER_MODEL,
     "games_idempotentresponse_user_id_bb145a4e"),
    ("move", "hand", "moves", "games.hand", "games_move_hand_id_520c78d4"),
    ("move", "match", "moves", "games.match", "games_move_match_id_b9c0e951"),
    ("seat", "match", "seats", "games.match", "games_seat_match_id_72fea2e9"),
]


class Migration(migrations.Migration):

    dependencies = [
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
        ("games", "0003_match_warn_at"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.AlterField(
                    model_name=model, name=field,
                    field=models.ForeignKey(
                        db_index=False, on_delete=django.db.models.deletion.CASCADE,
                        related_name=related_name, to=target),
                )
                for model, field, related_name, target, _ in COVERED
            ],
            database_operations=[
                migrations.RunSQL(
                    f'DROP INDEX IF EXISTS "{index}"',
                    reverse_sql=f'CREATE INDEX IF NOT EXISTS "{index}" '
                                f'ON "games_{model}" ("{field}_id")',
                )
                for model, field, _, _, index in COVERED
            ],
        ),
    ]
