"""A bot seat may keep a name from elsewhere: the offline match it was played in, or the match
a rematch repeats. Empty for every seat so far: their names still come from the match's id."""

from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ("games", "0015_finished_hands_out_of_the_match_row"),
    ]

    operations = [
        migrations.AddField(
            model_name="seat",
            name="fixed_name",
            field=models.CharField(blank=True, default="", max_length=40),
        ),
    ]
