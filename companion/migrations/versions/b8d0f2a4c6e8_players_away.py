"""players away: who has left the table for now

Revision ID: b8d0f2a4c6e8
Revises: a2b4c6d8e0f1
Create Date: 2026-12-02 01:30:00

A game keeps the players who have left the table (they sit out the rounds to
come until they come back); none for the games already stored.
"""
import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = 'b8d0f2a4c6e8'
down_revision = 'a2b4c6d8e0f1'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('game', schema=None) as batch_op:
        batch_op.add_column(sa.Column('away', sa.JSON(), nullable=True))


def downgrade():
    with op.batch_alter_table('game', schema=None) as batch_op:
        batch_op.drop_column('away')
