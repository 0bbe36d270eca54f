"""event partners: who checked in as a pair at a club night in pairs

Revision ID: d3f5b7a9c1e2
Revises: c3e5a7b9d1f2
Create Date: 2026-12-07 19:00:00

A club night of a game in pairs (partnership dominoes) seats fixed pairs:
each of two players checked in together names the other as partner. Players
checked in alone (no partner) are drawn into pairs at every game. ``None``
for everyone already stored (no night in pairs existed).
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


def downgrade():
    with op.batch_alter_table('event_player', schema=None) as batch_op:
        batch_op.drop_constraint('fk_event_player_partner_id_player', type_='foreignkey')
        batch_op.drop_column('partner_id')
