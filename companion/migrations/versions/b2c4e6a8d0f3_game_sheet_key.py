"""game sheet key: a random name for the game's kept score sheets

Revision ID: b2c4e6a8d0f3
Revises: a9c1e3f5b7d0
Create Date: 2026-12-05 09:30:00

Kept sheets were named by game id and revision only, so a second database
on the same ``instance/`` served the first one's "game 1, revision 1".
``game.sheet_key`` (32 hex digits, random) joins the name; every game
already stored gets its own here.
"""
import secrets

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = 'b2c4e6a8d0f3'
down_revision = 'a9c1e3f5b7d0'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('game', schema=None) as batch_op:
        batch_op.add_column(sa.Column('sheet_key', sa.String(length=32), nullable=True))
    bind = op.get_bind()
    game = sa.table('game', sa.column('id', sa.Integer), sa.column('sheet_key', sa.String))
    for (gid,) in bind.execute(sa.select(game.c.id).order_by(game.c.id)).all():
        bind.execute(game.update().where(game.c.id == gid).values(sheet_key=secrets.token_hex(16)))
    with op.batch_alter_table('game', schema=None) as batch_op:
        batch_op.alter_column('sheet_key', existing_type=sa.String(length=32), nullable=False)


def downgrade():
    with op.batch_alter_table('game', schema=None) as batch_op:
        batch_op.drop_column('sheet_key')
