"""history stamp: a number raised by every change to the games or the roster

Revision ID: c9e1a3b5d7f0
Revises: b8d0f2a4c6e8
Create Date: 2026-12-02 05:00:00

The lists of games are kept per process under this number
(companion/games/services/stamp.py): one row, made here at 0.
"""
import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = 'c9e1a3b5d7f0'
down_revision = 'b8d0f2a4c6e8'
branch_labels = None
depends_on = None


def upgrade():
    stamp = op.create_table(
        'history_stamp',
        sa.Column('id', sa.Integer(), autoincrement=False, nullable=False),
        sa.Column('n', sa.Integer(), server_default='0', nullable=False),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_history_stamp')),
    )
    op.bulk_insert(stamp, [{'id': 1, 'n': 0}])


def downgrade():
    op.drop_table('history_stamp')
