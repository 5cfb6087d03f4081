"""Friends and blocks move to the social app and push to the notifications app: their tables
stay, and those apps take them over (``social`` and ``notifications`` 0001)."""

from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ("accounts", "0005_friends_and_blocks"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(state_operations=[
            migrations.DeleteModel(name="Block"),
            migrations.DeleteModel(name="Friendship"),
            migrations.DeleteModel(name="NotificationSettings"),
            migrations.DeleteModel(name="PushSubscription"),
        ]),
    ]
