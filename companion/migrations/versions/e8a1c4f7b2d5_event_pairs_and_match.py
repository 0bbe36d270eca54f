"""club nights: doubles of Fives and Threes or All Fives, and league matches

Revision ID: e8a1c4f7b2d5
Revises: d3f5b7a9c1e2
Create Date: 2026-12-07 22:00:00

A night of a game four may play in two pairs (Fives and Threes, All Fives)
says whether its tables are doubles (``pairs``; false for every night already
stored, whose games were single players or a game always in pairs). A night
run as a league match between two teams keeps the match (``match``: the
league's format, the two teams and their players; none for the nights
already stored).
"""
import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = 'e8a1c4f7b2d5'
down_revision = 'd3f5b7a9c1e2'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('event', schema=None) as batch_op:
        batch_op.add_column(sa.Column('pairs', sa.Boolean(), nullable=False, server_default=sa.false()))
        batch_op.add_column(sa.Column('match', sa.JSON(), nullable=True))


def downgrade():
    with op.batch_alter_table('event', schema=None) as batch_op:
        batch_op.drop_column('match')
        batch_op.drop_column('pairs')
