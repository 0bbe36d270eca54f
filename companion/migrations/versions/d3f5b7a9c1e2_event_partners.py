"""event partners and the phone's lead: who checked in as a pair at a club
night in pairs, and which seat's phone said it led the hand

Revision ID: d3f5b7a9c1e2
Revises: c3e5a7b9d1f2
Create Date: 2026-12-07 19:00:00

A club night of a game in pairs (partnership dominoes) seats fixed pairs:
each of two players checked in together names the other as partner. Players
checked in alone (no partner) are drawn into pairs at every game. ``None``
for everyone already stored (no night in pairs existed).

In a game in pairs a hand's record names who led it (rules-families.md
section 1); the player's own phone says so when the next-hand card cannot
(the first hand: the 6-6 holder). ``seat_entry.led``: false for the hands
already sent.
"""
import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = 'd3f5b7a9c1e2'
down_revision = 'c3e5a7b9d1f2'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('event_player', schema=None) as batch_op:
        batch_op.add_column(sa.Column('partner_id', sa.Integer(), nullable=True))
        batch_op.create_foreign_key('fk_event_player_partner_id_player', 'player', ['partner_id'], ['id'],
                                    ondelete='SET NULL')
    with op.batch_alter_table('seat_entry', schema=None) as batch_op:
        batch_op.add_column(sa.Column('led', sa.Boolean(), nullable=False, server_default=sa.false()))


def downgrade():
    with op.batch_alter_table('seat_entry', schema=None) as batch_op:
        batch_op.drop_column('led')
    with op.batch_alter_table('event_player', schema=None) as batch_op:
        batch_op.drop_constraint('fk_event_player_partner_id_player', type_='foreignkey')
        batch_op.drop_column('partner_id')
