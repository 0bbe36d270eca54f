"""spectator link: a random view key per game

Revision ID: b3e1f0c2d4a7
Revises: 71adc67a48fe
Create Date: 2026-11-29 17:20:00

Every game gets a secret for its read-only spectator link; games stored before
this revision are given one here, so none is left without.
"""
import secrets

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = 'b3e1f0c2d4a7'
down_revision = '71adc67a48fe'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('game', schema=None) as batch_op:
        batch_op.add_column(sa.Column('view_key', sa.String(length=64), nullable=True))

    bind = op.get_bind()
    game = sa.table('game', sa.column('id', sa.Integer), sa.column('view_key', sa.String))
    ids = [row[0] for row in bind.execute(sa.select(game.c.id).where(game.c.view_key.is_(None)))]
    for game_id in ids:
        bind.execute(
            game.update().where(game.c.id == game_id).values(view_key=secrets.token_urlsafe(16))
        )

    with op.batch_alter_table('game', schema=None) as batch_op:
        batch_op.alter_column('view_key', existing_type=sa.String(length=64), nullable=False)


def downgrade():
    with op.batch_alter_table('game', schema=None) as batch_op:
        batch_op.drop_column('view_key')
