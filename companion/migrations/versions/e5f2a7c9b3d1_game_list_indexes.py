"""the games list: indexes in its order (newest first within a shelf and status)

Revision ID: e5f2a7c9b3d1
Revises: d4e8b1c3a925
Create Date: 2026-12-01 06:30:00

``GET /api/games`` and ``/`` read one page, newest first, of the listed games
(optionally of one status): these indexes give that page without sorting the
whole history.
"""
from alembic import op

# revision identifiers, used by Alembic.
revision = 'e5f2a7c9b3d1'
down_revision = 'd4e8b1c3a925'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('game', schema=None) as batch_op:
        batch_op.drop_index('ix_game_shelf_status')
        batch_op.create_index('ix_game_shelf_status_id', ['shelf', 'status', 'id'], unique=False)
        batch_op.create_index('ix_game_shelf_id', ['shelf', 'id'], unique=False)


def downgrade():
    with op.batch_alter_table('game', schema=None) as batch_op:
        batch_op.drop_index('ix_game_shelf_id')
        batch_op.drop_index('ix_game_shelf_status_id')
        batch_op.create_index('ix_game_shelf_status', ['shelf', 'status'], unique=False)
