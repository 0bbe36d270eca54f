"""every player's own phone: seat links and the hands sent from them

Revision ID: d7e9f1a3b5c2
Revises: c5a8d2e4f6b1
Create Date: 2026-12-01 05:20:00

``phone_access``: a game's QR code secret and its "save when every seat has
entered" setting. ``seat_link``: one phone's link to one seat. ``seat_entry``:
a hand sent from a seat's phone for the round not yet saved.
"""
import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = 'd7e9f1a3b5c2'
down_revision = 'c5a8d2e4f6b1'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table('phone_access',
    sa.Column('game_id', sa.Integer(), nullable=False),
    sa.Column('join_key', sa.String(length=64), nullable=False),
    sa.Column('autosave', sa.Boolean(), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['game_id'], ['game.id'], name=op.f('fk_phone_access_game_id_game'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('game_id', name=op.f('pk_phone_access'))
    )
    op.create_table('seat_link',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('game_id', sa.Integer(), nullable=False),
    sa.Column('seat', sa.Integer(), nullable=False),
    sa.Column('key', sa.String(length=64), nullable=False),
    sa.Column('revoked', sa.Boolean(), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['game_id'], ['game.id'], name=op.f('fk_seat_link_game_id_game'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_seat_link')),
    sa.UniqueConstraint('key', name=op.f('uq_seat_link_key'))
    )
    with op.batch_alter_table('seat_link', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_seat_link_game_id'), ['game_id'], unique=False)
    op.create_table('seat_entry',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('game_id', sa.Integer(), nullable=False),
    sa.Column('number', sa.Integer(), nullable=False),
    sa.Column('seat', sa.Integer(), nullable=False),
    sa.Column('hand', sa.JSON(), nullable=False),
    sa.Column('out', sa.Boolean(), nullable=False),
    sa.Column('updated_at', sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['game_id'], ['game.id'], name=op.f('fk_seat_entry_game_id_game'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_seat_entry')),
    sa.UniqueConstraint('game_id', 'number', 'seat', name='uq_seat_entry_game_number_seat')
    )
    with op.batch_alter_table('seat_entry', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_seat_entry_game_id'), ['game_id'], unique=False)


def downgrade():
    with op.batch_alter_table('seat_entry', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_seat_entry_game_id'))
    op.drop_table('seat_entry')
    with op.batch_alter_table('seat_link', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_seat_link_game_id'))
    op.drop_table('seat_link')
    op.drop_table('phone_access')
