"""One source per fact: a move names its hand by number, the per-hand rows go (the match
state already holds every deal and result), and ``Match.hands`` is named for what it holds,
the number of hands to play."""

from django.db import migrations, models
from django.db.models import OuterRef, Subquery


def hand_numbers_from_rows(apps, schema_editor):
    Move = apps.get_model("games", "Move")
    Hand = apps.get_model("games", "Hand")
    number = Hand.objects.filter(pk=OuterRef("hand_id")).values("number")[:1]
    Move.objects.update(hand_number=Subquery(number))


class Migration(migrations.Migration):

    dependencies = [
        ("games", "0004_fk_indexes_covered_by_unique"),
    ]

    operations = [
        migrations.RenameField("match", "hands", "hands_to_play"),
        migrations.AddField(
            model_name="move", name="hand_number",
            field=models.PositiveSmallIntegerField(default=1), preserve_default=False,
        ),
        migrations.RunPython(hand_numbers_from_rows, migrations.RunPython.noop, elidable=True),
        migrations.RemoveConstraint(model_name="move", name="move_unique_hand_seq"),
        migrations.RemoveField(model_name="move", name="hand"),
        migrations.RemoveField(model_name="match", name="current_hand"),
        migrations.DeleteModel(name="Hand"),
    ]
