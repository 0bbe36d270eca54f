"""round requests: a hash of the body kept with each Idempotency-Key

Revision ID: a9c1e3f5b7d0
Revises: a9c3e5f7b1d4
Create Date: 2026-12-05 09:00:00

``round_request.body_hash`` is the SHA-256 of the request's body (canonical
JSON): the same key sent with another body answers 422
``idempotency_key_reused`` instead of replaying the first round. Requests
stored before have none (``NULL``) and replay as before.
"""
import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = 'a9c1e3f5b7d0'
down_revision = 'a9c3e5f7b1d4'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('round_request', schema=None) as batch_op:
        batch_op.add_column(sa.Column('body_hash', sa.String(length=64), nullable=True))


def downgrade():
    with op.batch_alter_table('round_request', schema=None) as batch_op:
        batch_op.drop_column('body_hash')
