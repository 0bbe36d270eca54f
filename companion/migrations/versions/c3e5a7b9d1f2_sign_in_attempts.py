"""sign-in attempts: the sign-in limit counted in the database

Revision ID: c3e5a7b9d1f2
Revises: b2c4e6a8d0f3
Create Date: 2026-12-05 10:00:00

Flask-Limiter counted wrong tokens per process (gunicorn's four workers let
four times the limit through). ``sign_in_attempt`` holds one row per wrong
token (the limiter's key and the time), shared by every worker
(``companion.web.signin_count``).
"""
import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = 'c3e5a7b9d1f2'
down_revision = 'b2c4e6a8d0f3'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table('sign_in_attempt',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('key', sa.String(length=200), nullable=False),
    sa.Column('at', sa.Float(), nullable=False),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_sign_in_attempt'))
    )
    with op.batch_alter_table('sign_in_attempt', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_sign_in_attempt_key'), ['key'], unique=False)


def downgrade():
    with op.batch_alter_table('sign_in_attempt', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_sign_in_attempt_key'))
    op.drop_table('sign_in_attempt')
