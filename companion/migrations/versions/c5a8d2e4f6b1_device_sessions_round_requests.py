"""device sessions on the server; Idempotency-Key of API rounds

Revision ID: c5a8d2e4f6b1
Revises: b3e1f0c2d4a7
Create Date: 2026-12-01 05:00:00

``device_session``: one row per signed-in device (companion/web/sessions.py), so
signing out and a new access token end sessions. ``round_request``: the
``Idempotency-Key`` of a round added through the API and the round it added.
Devices signed in before this revision sign in once more.
"""
import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = 'c5a8d2e4f6b1'
down_revision = 'b3e1f0c2d4a7'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table('device_session',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('key_hash', sa.String(length=64), nullable=False),
    sa.Column('token_mark', sa.String(length=64), nullable=False),
    sa.Column('label', sa.String(length=120), nullable=False),
    sa.Column('address', sa.String(length=64), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('last_seen', sa.DateTime(timezone=True), nullable=False),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_device_session')),
    sa.UniqueConstraint('key_hash', name=op.f('uq_device_session_key_hash'))
    )
    op.create_table('round_request',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('game_id', sa.Integer(), nullable=False),
    sa.Column('key', sa.String(length=200), nullable=False),
    sa.Column('number', sa.Integer(), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['game_id'], ['game.id'], name=op.f('fk_round_request_game_id_game'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_round_request')),
    sa.UniqueConstraint('game_id', 'key', name='uq_round_request_game_key')
    )
    with op.batch_alter_table('round_request', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_round_request_game_id'), ['game_id'], unique=False)


def downgrade():
    with op.batch_alter_table('round_request', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_round_request_game_id'))
    op.drop_table('round_request')
    op.drop_table('device_session')
