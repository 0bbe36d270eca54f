"""game teams: the pairs of a game played in pairs

Revision ID: b2d4f6a8c0e3
Revises: a9c4e2f6b8d1
Create Date: 2026-12-03 20:00:00

A game in pairs (Latin partnership dominoes) keeps its record's ``teams``:
two lists of two names (docs/design.md, "Teams"); none for the games already
stored, which are all of single players.
"""
import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = 'b2d4f6a8c0e3'
down_revision = 'a9c4e2f6b8d1'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('game', schema=None) as batch_op:
        batch_op.add_column(sa.Column('teams', sa.JSON(), nullable=True))


def downgrade():
    with op.batch_alter_table('game', schema=None) as batch_op:
        batch_op.drop_column('teams')
