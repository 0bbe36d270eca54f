"""club nights: a season of several evenings

Revision ID: a2b4c6d8e0f1
Revises: f1a3c5e7b9d2
Create Date: 2026-12-01 12:00:00

An event may span several evenings: the days after the first are kept on the
event, and each table's game says which evening it was played on (1 for the
events already stored).
"""
import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = 'a2b4c6d8e0f1'
down_revision = 'f1a3c5e7b9d2'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('event', schema=None) as batch_op:
        batch_op.add_column(sa.Column('evenings', sa.JSON(), nullable=True))
    with op.batch_alter_table('event_game', schema=None) as batch_op:
        batch_op.add_column(sa.Column('evening', sa.Integer(), server_default='1', nullable=False))


def downgrade():
    with op.batch_alter_table('event_game', schema=None) as batch_op:
        batch_op.drop_column('evening')
    with op.batch_alter_table('event', schema=None) as batch_op:
        batch_op.drop_column('evenings')
