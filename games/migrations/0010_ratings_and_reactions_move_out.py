"""Ratings and reactions move to the social app, which names a match by its id alone: the
columns stay and their foreign keys to the match go, then that app takes the tables over
(``social`` 0001)."""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ("games", "0009_ratings_and_reactions"),
    ]

    operations = [
        migrations.AlterField(
            model_name="ratingchange", name="match",
            field=models.ForeignKey(db_constraint=False, db_index=False,
                                    on_delete=django.db.models.deletion.DO_NOTHING,
                                    related_name="rating_changes", to="games.match"),
        ),
        migrations.AlterField(
            model_name="reaction", name="match",
            field=models.ForeignKey(db_constraint=False, db_index=False,
                                    on_delete=django.db.models.deletion.DO_NOTHING,
                                    related_name="reactions", to="games.match"),
        ),
        migrations.SeparateDatabaseAndState(state_operations=[
            migrations.DeleteModel(name="PlayerRating"),
            migrations.DeleteModel(name="RatingChange"),
            migrations.DeleteModel(name="Reaction"),
        ]),
    ]
