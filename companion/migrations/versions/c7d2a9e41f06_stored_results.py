"""stored results: what the engine derived, kept beside each game and round;
archive and trash

Revision ID: c7d2a9e41f06
Revises: d7e9f1a3b5c2
Create Date: 2026-12-01 05:00:00

Each round keeps its points, running totals and starter (``round.result``);
each game its status, standings, winners, next round and the engine's scoring
version (``game.summary`` and columns the list filters on), the players' names
for the search, and its shelf (listed, archived, in the trash). Every game
already stored is derived here by the current engine; a game the engine
refuses keeps no results and gets the reason in ``recheck_problem``.
"""
import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = 'c7d2a9e41f06'
down_revision = 'd7e9f1a3b5c2'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('game', schema=None) as batch_op:
        batch_op.add_column(sa.Column('status', sa.String(length=12), server_default='in_progress', nullable=False))
        batch_op.add_column(sa.Column('rounds_played', sa.Integer(), server_default='0', nullable=False))
        batch_op.add_column(sa.Column('rounds_total', sa.Integer(), nullable=True))
        batch_op.add_column(sa.Column('summary', sa.JSON(), nullable=True))
        batch_op.add_column(sa.Column('engine_version', sa.Integer(), nullable=True))
        batch_op.add_column(sa.Column('recheck_problem', sa.Text(), nullable=True))
        batch_op.add_column(sa.Column('names', sa.Text(), server_default='', nullable=False))
        batch_op.add_column(sa.Column('shelf', sa.String(length=8), server_default='games', nullable=False))
        batch_op.add_column(sa.Column('shelved_at', sa.DateTime(timezone=True), nullable=True))
        batch_op.create_index('ix_game_shelf_status', ['shelf', 'status'], unique=False)
    with op.batch_alter_table('round', schema=None) as batch_op:
        batch_op.add_column(sa.Column('result', sa.JSON(), nullable=True))
    derive_every_game(op.get_bind())


def derive_every_game(bind) -> None:
    """Derive and store the results of every stored game with the current engine."""
    from companion.rules import RecordError, read_game
    from companion.rules.state import SCORING_VERSION, derive_all

    game = sa.table(
        'game', sa.column('id', sa.Integer), sa.column('kind', sa.String),
        sa.column('set_n', sa.Integer), sa.column('rules', sa.JSON),
        sa.column('players', sa.JSON), sa.column('first_starter', sa.String),
        sa.column('status', sa.String), sa.column('rounds_played', sa.Integer),
        sa.column('rounds_total', sa.Integer), sa.column('summary', sa.JSON),
        sa.column('engine_version', sa.Integer), sa.column('recheck_problem', sa.Text),
        sa.column('names', sa.Text),
    )
    rnd = sa.table('round', sa.column('id', sa.Integer), sa.column('game_id', sa.Integer),
                   sa.column('number', sa.Integer), sa.column('data', sa.JSON),
                   sa.column('result', sa.JSON))
    for g in bind.execute(sa.select(game).order_by(game.c.id)).mappings().all():
        rows = bind.execute(sa.select(rnd.c.id, rnd.c.number, rnd.c.data)
                            .where(rnd.c.game_id == g['id']).order_by(rnd.c.number)).all()
        names = "\n" + "\n".join(p.casefold() for p in g['players']) + "\n"
        record = {"kind": g['kind'], "set": g['set_n'], "rules": g['rules'] or {},
                  "players": g['players'], "first_starter": g['first_starter'],
                  "rounds": [r.data for r in rows]}
        try:
            checked = read_game(record, confirm=True)
        except RecordError as exc:
            first = (exc.errors or exc.warnings)[0]
            bind.execute(game.update().where(game.c.id == g['id']).values(
                names=names, recheck_problem=f"{first.path}: {first.code}: {first.message}"))
            continue
        state, results = derive_all(checked.table, checked.rounds)
        for r, res in zip(rows, results):
            bind.execute(rnd.update().where(rnd.c.id == r.id).values(result=res.as_dict()))
        summary = state.summary()
        bind.execute(game.update().where(game.c.id == g['id']).values(
            status=summary["status"], rounds_played=state.played,
            rounds_total=checked.table.round_count, summary=summary,
            engine_version=SCORING_VERSION, recheck_problem=None, names=names))


def downgrade():
    with op.batch_alter_table('round', schema=None) as batch_op:
        batch_op.drop_column('result')
    with op.batch_alter_table('game', schema=None) as batch_op:
        batch_op.drop_index('ix_game_shelf_status')
        batch_op.drop_column('shelved_at')
        batch_op.drop_column('shelf')
        batch_op.drop_column('names')
        batch_op.drop_column('recheck_problem')
        batch_op.drop_column('engine_version')
        batch_op.drop_column('summary')
        batch_op.drop_column('rounds_total')
        batch_op.drop_column('rounds_played')
        batch_op.drop_column('status')
