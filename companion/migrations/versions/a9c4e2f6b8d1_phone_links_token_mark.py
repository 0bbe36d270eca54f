"""phone links belong to the token: seat links and QR codes end with the access token

Revision ID: a9c4e2f6b8d1
Revises: e7b3c1d9f2a4
Create Date: 2026-12-03 19:00:00

Issue 25, item 4. Each game's QR secret (``phone_access``) and each seat
link (``seat_link``) keep the fingerprint of the access token in force when
they were made (``token_mark``, :func:`companion.web.access.token_mark`); a
new token (``flask --app companion token --rotate``) ends them. A seat link
keeps why it ended (``ended_by``: the tablet, a new QR code, another phone
taking the seat over, a new token), so the phone's page says which.

Links and QR codes made before this revision have no fingerprint: they end
once (the players scan the tablet's new QR code).
"""
import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = 'a9c4e2f6b8d1'
down_revision = 'e7b3c1d9f2a4'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('phone_access', schema=None) as batch_op:
        batch_op.add_column(sa.Column('token_mark', sa.String(length=64), nullable=True))
    with op.batch_alter_table('seat_link', schema=None) as batch_op:
        batch_op.add_column(sa.Column('ended_by', sa.String(length=16), nullable=True))
        batch_op.add_column(sa.Column('token_mark', sa.String(length=64), nullable=True))


def downgrade():
    with op.batch_alter_table('seat_link', schema=None) as batch_op:
        batch_op.drop_column('token_mark')
        batch_op.drop_column('ended_by')
    with op.batch_alter_table('phone_access', schema=None) as batch_op:
        batch_op.drop_column('token_mark')
