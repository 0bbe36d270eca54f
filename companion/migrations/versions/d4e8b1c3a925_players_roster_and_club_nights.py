"""players: a roster keyed by name (case and Unicode form ignored), players'
lines per game, tallies, club nights

Revision ID: d4e8b1c3a925
Revises: c7d2a9e41f06
Create Date: 2026-12-01 05:00:00

Every player gets a key (the name folded); names that were stored twice with
another case ("Ana", "ana") become one player (the most recently played
spelling stays). Games whose results are already stored get their players'
lines and tallies here, so statistics are there at once.
"""
from datetime import date, datetime

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = 'd4e8b1c3a925'
down_revision = 'c7d2a9e41f06'
branch_labels = None
depends_on = None


def upgrade():
    from companion.rules.stats.records import name_key

    with op.batch_alter_table('player', schema=None) as batch_op:
        batch_op.add_column(sa.Column('key', sa.String(length=160), nullable=True))
        batch_op.add_column(sa.Column('archived', sa.Boolean(), server_default=sa.false(), nullable=False))
        batch_op.add_column(sa.Column('stats_version', sa.Integer(), server_default='0', nullable=False))

    bind = op.get_bind()
    player = sa.table('player', sa.column('id', sa.Integer), sa.column('name', sa.String),
                      sa.column('key', sa.String), sa.column('last_played', sa.DateTime))
    rows = bind.execute(sa.select(player.c.id, player.c.name, player.c.last_played)
                        .order_by(player.c.last_played.desc(), player.c.id)).all()
    seen = set()
    for pid, name, _ in rows:
        key = name_key(name)
        if key in seen:
            bind.execute(player.delete().where(player.c.id == pid))
            continue
        seen.add(key)
        bind.execute(player.update().where(player.c.id == pid).values(key=key))

    with op.batch_alter_table('player', schema=None) as batch_op:
        batch_op.alter_column('key', existing_type=sa.String(length=160), nullable=False)
        batch_op.create_unique_constraint(batch_op.f('uq_player_key'), ['key'])

    op.create_table('event',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('name', sa.String(length=80), nullable=False),
    sa.Column('held_on', sa.Date(), nullable=False),
    sa.Column('kind', sa.String(length=20), nullable=False),
    sa.Column('set_n', sa.Integer(), nullable=False),
    sa.Column('rules', sa.JSON(), nullable=False),
    sa.Column('scoring', sa.String(length=20), nullable=False),
    sa.Column('seating', sa.String(length=12), nullable=False),
    sa.Column('reseat', sa.String(length=12), nullable=False),
    sa.Column('move', sa.Integer(), nullable=False),
    sa.Column('tables', sa.Integer(), nullable=False),
    sa.Column('revision', sa.Integer(), nullable=False),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_event'))
    )
    op.create_table('event_player',
    sa.Column('event_id', sa.Integer(), nullable=False),
    sa.Column('player_id', sa.Integer(), nullable=False),
    sa.Column('arrived_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('present', sa.Boolean(), nullable=False),
    sa.ForeignKeyConstraint(['event_id'], ['event.id'], name=op.f('fk_event_player_event_id_event'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['player_id'], ['player.id'], name=op.f('fk_event_player_player_id_player'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('event_id', 'player_id', name=op.f('pk_event_player'))
    )
    op.create_table('event_game',
    sa.Column('game_id', sa.Integer(), nullable=False),
    sa.Column('event_id', sa.Integer(), nullable=False),
    sa.Column('number', sa.Integer(), nullable=False),
    sa.Column('table_no', sa.Integer(), nullable=False),
    sa.ForeignKeyConstraint(['event_id'], ['event.id'], name=op.f('fk_event_game_event_id_event'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['game_id'], ['game.id'], name=op.f('fk_event_game_game_id_game'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('game_id', name=op.f('pk_event_game'))
    )
    with op.batch_alter_table('event_game', schema=None) as batch_op:
        batch_op.create_index('ix_event_game_event_number', ['event_id', 'number', 'table_no'], unique=False)

    op.create_table('player_game',
    sa.Column('game_id', sa.Integer(), nullable=False),
    sa.Column('player_id', sa.Integer(), nullable=False),
    sa.Column('name', sa.String(length=80), nullable=False),
    sa.Column('kind', sa.String(length=20), nullable=False),
    sa.Column('set_n', sa.Integer(), nullable=False),
    sa.Column('rule_set', sa.String(length=400), nullable=False),
    sa.Column('played_on', sa.Date(), nullable=False),
    sa.Column('finished', sa.Boolean(), nullable=False),
    sa.Column('total', sa.Integer(), nullable=False),
    sa.Column('rank', sa.Integer(), nullable=True),
    sa.Column('ranked', sa.Integer(), nullable=False),
    sa.Column('firsts', sa.Integer(), nullable=False),
    sa.Column('rounds_played', sa.Integer(), nullable=False),
    sa.Column('points', sa.Integer(), nullable=False),
    sa.Column('rounds_out', sa.Integer(), nullable=False),
    sa.Column('rounds_blocked', sa.Integer(), nullable=False),
    sa.Column('double_blank', sa.Integer(), nullable=False),
    sa.Column('engines', sa.JSON(), nullable=False),
    sa.Column('event_id', sa.Integer(), nullable=True),
    sa.Column('revision', sa.Integer(), nullable=False),
    sa.ForeignKeyConstraint(['game_id'], ['game.id'], name=op.f('fk_player_game_game_id_game'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['player_id'], ['player.id'], name=op.f('fk_player_game_player_id_player'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('game_id', 'player_id', name=op.f('pk_player_game'))
    )
    with op.batch_alter_table('player_game', schema=None) as batch_op:
        batch_op.create_index('ix_player_game_event', ['event_id'], unique=False)
        batch_op.create_index('ix_player_game_player_day', ['player_id', 'played_on', 'game_id'], unique=False)

    op.create_table('player_tally',
    sa.Column('player_id', sa.Integer(), nullable=False),
    sa.Column('kind', sa.String(length=20), nullable=False),
    sa.Column('set_n', sa.Integer(), nullable=False),
    sa.Column('rule_set', sa.String(length=400), nullable=False),
    sa.Column('games', sa.Integer(), nullable=False),
    sa.Column('wins', sa.Integer(), nullable=False),
    sa.Column('shared_wins', sa.Integer(), nullable=False),
    sa.Column('place_sum', sa.Integer(), nullable=False),
    sa.Column('placed', sa.Integer(), nullable=False),
    sa.Column('rounds', sa.Integer(), nullable=False),
    sa.Column('rounds_out', sa.Integer(), nullable=False),
    sa.ForeignKeyConstraint(['player_id'], ['player.id'], name=op.f('fk_player_tally_player_id_player'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('player_id', 'kind', 'set_n', 'rule_set', name=op.f('pk_player_tally'))
    )

    _backfill(bind)


def _backfill(bind):
    """Players' lines and tallies of every game whose results are stored."""
    from companion.players.lines import line_values, result_from_stored
    from companion.rules.stats.records import clean_name, name_key, summarize

    columns = {c['name'] for c in sa.inspect(bind).get_columns('game')}
    round_columns = {c['name'] for c in sa.inspect(bind).get_columns('round')}
    if 'summary' not in columns or 'result' not in round_columns:
        return
    meta = sa.MetaData()
    game = sa.Table('game', meta, autoload_with=bind)
    rnd = sa.Table('round', meta, autoload_with=bind)
    player = sa.Table('player', meta, autoload_with=bind)
    line = sa.Table('player_game', meta, autoload_with=bind)
    tally = sa.Table('player_tally', meta, autoload_with=bind)
    ids = {k: pid for pid, k in bind.execute(sa.select(player.c.id, player.c.key))}
    shelf = game.c.shelf if 'shelf' in columns else None
    q = sa.select(game.c.id, game.c.kind, game.c.set_n, game.c.rules, game.c.players,
                  game.c.first_starter, game.c.created_at, game.c.summary, game.c.revision)
    if shelf is not None:
        q = q.where(shelf != 'trash')
    totals = {}
    for g in bind.execute(q).all():
        rounds = [(r.number, r.data, r.result) for r in bind.execute(
            sa.select(rnd.c.number, rnd.c.data, rnd.c.result).where(rnd.c.game_id == g.id))]
        head = {"format": "domino-game-record", "version": 1, "kind": g.kind, "set": g.set_n,
                "rules": g.rules or {}, "players": g.players, "first_starter": g.first_starter}
        created = g.created_at
        if isinstance(created, str):
            created = datetime.fromisoformat(created)
        played_on = created.date() if isinstance(created, datetime) else date.today()
        result = result_from_stored(g.id, head, played_on, g.summary, rounds, None)
        if result is None:
            continue
        for ln in summarize(result):
            key = name_key(ln.player)
            if key not in ids:
                ids[key] = bind.execute(player.insert().values(
                    name=clean_name(ln.player), key=key, last_played=created, archived=False)
                    .returning(player.c.id)).scalar_one()
            bind.execute(line.insert().values(**line_values(ln, ids[key], g.revision or 0)))
            if ln.finished:
                t = totals.setdefault((ids[key], ln.kind, ln.set_n, ln.rule_set), [0] * 7)
                t[0] += 1
                t[1] += int(ln.won)
                t[2] += int(ln.shared_win)
                t[3] += ln.rank or 0
                t[4] += int(ln.rank is not None)
                t[5] += ln.rounds_played
                t[6] += ln.rounds_out
    for (pid, kind, set_n, rule_set), t in totals.items():
        bind.execute(tally.insert().values(
            player_id=pid, kind=kind, set_n=set_n, rule_set=rule_set, games=t[0], wins=t[1],
            shared_wins=t[2], place_sum=t[3], placed=t[4], rounds=t[5], rounds_out=t[6]))


def downgrade():
    op.drop_table('player_tally')
    with op.batch_alter_table('player_game', schema=None) as batch_op:
        batch_op.drop_index('ix_player_game_player_day')
        batch_op.drop_index('ix_player_game_event')
    op.drop_table('player_game')
    with op.batch_alter_table('event_game', schema=None) as batch_op:
        batch_op.drop_index('ix_event_game_event_number')
    op.drop_table('event_game')
    op.drop_table('event_player')
    op.drop_table('event')
    with op.batch_alter_table('player', schema=None) as batch_op:
        batch_op.drop_constraint(batch_op.f('uq_player_key'), type_='unique')
        batch_op.drop_column('stats_version')
        batch_op.drop_column('archived')
        batch_op.drop_column('key')
