"""game ended by the players: the table ended it where it stood

Revision ID: a9c3e5f7b1d4
Revises: b2d4f6a8c0e3
Create Date: 2026-12-03 19:20:00

A game keeps whether the table ended it before its own end (``POST
/api/games/<id>/finish``); none of the games already stored was.
"""
import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = 'a9c3e5f7b1d4'
down_revision = 'b2d4f6a8c0e3'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('game', schema=None) as batch_op:
        batch_op.add_column(sa.Column('ended_by_players', sa.Boolean(), nullable=False,
                                      server_default=sa.false()))


def downgrade():
    with op.batch_alter_table('game', schema=None) as batch_op:
        batch_op.drop_column('ended_by_players')
