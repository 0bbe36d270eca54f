"""players' summaries: each player's whole record folded once

Revision ID: f1a3c5e7b9d2
Revises: e5f2a7c9b3d1
Create Date: 2026-12-01 11:40:00

A player's page read every line of his history and folded it on each first
view; the summary row keeps that fold (written whenever one of his lines
changes), so the page reads one row. Derived here for the games already
stored, from the players' lines (no engine run).
"""
import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = 'f1a3c5e7b9d2'
down_revision = 'e5f2a7c9b3d1'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        'player_summary',
        sa.Column('player_id', sa.Integer(), nullable=False),
        sa.Column('data', sa.JSON(), nullable=False),
        sa.ForeignKeyConstraint(['player_id'], ['player.id'], name=op.f('fk_player_summary_player_id_player'),
                                ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('player_id', name=op.f('pk_player_summary')),
    )
    _backfill(op.get_bind())


def _backfill(bind):
    """Every player's summary from his stored lines."""
    from companion.players.lines import choices_of, summary_json
    from companion.rules.stats.records import PlayerGame, player_stats

    meta = sa.MetaData()
    line = sa.Table('player_game', meta, autoload_with=bind)
    player = sa.Table('player', meta, autoload_with=bind)
    summary = sa.Table('player_summary', meta, autoload_with=bind)
    names = dict(bind.execute(sa.select(player.c.id, player.c.name)).all())
    by_player = {}
    for r in bind.execute(sa.select(line).where(line.c.finished.is_(True))):
        by_player.setdefault(r.player_id, []).append(PlayerGame(
            player=names.get(r.player_id, r.name), game_id=r.game_id, kind=r.kind, set_n=r.set_n,
            rule_set=r.rule_set, played_on=r.played_on, finished=True, total=r.total, rank=r.rank,
            ranked=r.ranked, firsts=r.firsts, rounds_played=r.rounds_played, points=r.points,
            rounds_out=r.rounds_out, rounds_blocked=r.rounds_blocked, double_blank=r.double_blank,
            engines=tuple((int(e[0]), int(e[1])) for e in (r.engines or ())), event_id=r.event_id))
    rows = [{"player_id": pid, "data": summary_json(player_stats(lines[0].player, lines), choices_of(lines))}
            for pid, lines in sorted(by_player.items())]
    for i in range(0, len(rows), 500):
        bind.execute(summary.insert(), rows[i:i + 500])


def downgrade():
    op.drop_table('player_summary')
