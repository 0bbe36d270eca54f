"""search names: the players' names with case and accents ignored, for the
games list's text search

Revision ID: e7b3c1d9f2a4
Revises: c9e1a3b5d7f0
Create Date: 2026-12-03 07:00:00

``game.search_names`` holds every player's name as the search compares it
(``companion.rules.stats.search_key``: "Céline" as "celine"), so ``celine``
and ``CÉLINE`` find her on SQLite and PostgreSQL alike. Derived here for
every game already stored, from its seats.
"""
import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = 'e7b3c1d9f2a4'
down_revision = 'c9e1a3b5d7f0'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('game', schema=None) as batch_op:
        batch_op.add_column(sa.Column('search_names', sa.Text(), server_default='', nullable=False))
    fill_search_names(op.get_bind())


def fill_search_names(bind) -> None:
    """Write ``search_names`` of every stored game from its players."""
    from companion.rules.stats.records import search_key

    game = sa.table('game', sa.column('id', sa.Integer), sa.column('players', sa.JSON),
                    sa.column('search_names', sa.Text))
    for gid, players in bind.execute(sa.select(game.c.id, game.c.players).order_by(game.c.id)).all():
        names = "\n" + "\n".join(search_key(p) for p in players or []) + "\n"
        bind.execute(game.update().where(game.c.id == gid).values(search_names=names))


def downgrade():
    with op.batch_alter_table('game', schema=None) as batch_op:
        batch_op.drop_column('search_names')
