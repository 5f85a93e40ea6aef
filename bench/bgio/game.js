// The boardgame.io side's game: Risk's 42 territories (read from assets/boards/risk.json), each with
// an owner and armies, played the way bench/bgio.py plays Sandtable's Risk (`serve --game risk`,
// seed 1, first_player=first_seat) so both sides make the same moves at the same table ages:
// - `setup`: 30 armies a seat at 4 seats, one army dealt to each territory; the rest placed one a
//   turn, seat after seat, a seat with none left passed over (78 placements, as Sandtable's setup);
// - `main`: each turn REINFORCEMENTS placements (`place`, the turn goes on), then `endTurn` (the
//   turn passes to the next seat): Sandtable's reinforce phase of 3 armies and `end_turn`.
// Every move is `client: false`: it runs on the server only, so a client sees the new state when
// the server's update arrives (no optimistic local copy), as a Sandtable client does.
const fs = require('fs');
const path = require('path');
const { INVALID_MOVE } = require('boardgame.io/core');

const BOARD = path.join(__dirname, '..', '..', 'assets', 'boards', 'risk.json');
const TERRITORIES = JSON.parse(fs.readFileSync(BOARD, 'utf8')).territories.map((t) => t.id);
const STARTING_ARMIES = 30;   // a seat's at 4 seats (engine/risk/setup.py STARTING_ARMIES)
const REINFORCEMENTS = 3;     // fewer than 12 territories and no continent: 3 a turn (engine/risk/turns.py)

// The move's own check, as Sandtable's rules check a placement: a territory of the mover's.
function placeOne(G, playerID, territory) {
  const cell = G.territories[territory];
  if (!cell || cell.owner !== Number(playerID)) return false;
  cell.armies += 1;
  return true;
}

const nextWithArmies = ({ G, ctx }) => {
  for (let step = 1; step <= ctx.numPlayers; step++) {
    const pos = (ctx.playOrderPos + step) % ctx.numPlayers;
    if (G.pools[Number(ctx.playOrder[pos])] > 0) return pos;
  }
  return undefined;   // nobody has armies left: the phase ends (its endIf says so first)
};

const Risk42 = {
  name: 'risk42',
  setup: ({ ctx }) => {
    const territories = Object.fromEntries(
      TERRITORIES.map((id, i) => [id, { owner: i % ctx.numPlayers, armies: 1 }]));
    const pools = Array.from({ length: ctx.numPlayers },
      (_, seat) => STARTING_ARMIES - TERRITORIES.filter((_, i) => i % ctx.numPlayers === seat).length);
    return { territories, pools, toPlace: 0 };
  },
  phases: {
    setup: {
      start: true,
      next: 'main',
      endIf: ({ G }) => G.pools.every((left) => left === 0),
      turn: { minMoves: 1, maxMoves: 1, order: { first: () => 0, next: nextWithArmies } },
      moves: {
        place: {
          client: false,
          move: ({ G, playerID }, territory) => {
            if (G.pools[Number(playerID)] < 1 || !placeOne(G, playerID, territory)) return INVALID_MOVE;
            G.pools[Number(playerID)] -= 1;
          },
        },
      },
    },
    main: {
      turn: {
        order: { first: () => 0, next: ({ ctx }) => (ctx.playOrderPos + 1) % ctx.numPlayers },
        onBegin: ({ G }) => { G.toPlace = REINFORCEMENTS; },
      },
      moves: {
        place: {
          client: false,
          move: ({ G, playerID }, territory) => {
            if (G.toPlace < 1 || !placeOne(G, playerID, territory)) return INVALID_MOVE;
            G.toPlace -= 1;
          },
        },
        endTurn: {
          client: false,
          move: ({ G, events }) => {
            if (G.toPlace > 0) return INVALID_MOVE;   // as Sandtable's: every army placed first
            events.endTurn();
          },
        },
      },
    },
  },
};

// What the seat to move does next, the same rule bench/risk_seat.py follows on Sandtable's view:
// place one army on its first territory in board order while it has armies to place, else end the turn.
function nextMove(state, playerID) {
  const { G, ctx } = state;
  if (ctx.phase === 'main' && G.toPlace === 0) return ['endTurn', []];
  const mine = TERRITORIES.find((id) => G.territories[id].owner === Number(playerID));
  return ['place', [mine]];
}

module.exports = { Risk42, TERRITORIES, nextMove };
