import django.utils.timezone
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('games', '0012_offline_matches'),
    ]

    operations = [
        migrations.AddField(
            model_name='turnclock',
            name='hand_break_until',
            field=models.DateTimeField(blank=True, null=True),
        ),
        migrations.AlterField(
            model_name='move',
            name='created_at',
            field=models.DateTimeField(default=django.utils.timezone.now),
        ),
    ]
