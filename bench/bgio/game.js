// The boardgame.io side's game: 42 territories (Risk's own, read from assets/boards/risk.json),
// each with an owner and armies, and one move, `place`, that adds an army to one of the mover's
// territories and ends the turn - the shape of a Sandtable Risk setup placement. Seat 0 moves every
// turn, so the measured client is alone in its Node process (the other seats' clients, which get
// the same updates, run in another: bench/bgio/client.js).
const fs = require('fs');
const path = require('path');
const { INVALID_MOVE } = require('boardgame.io/core');

const BOARD = path.join(__dirname, '..', '..', 'assets', 'boards', 'risk.json');
const TERRITORIES = JSON.parse(fs.readFileSync(BOARD, 'utf8')).territories.map((t) => t.id);

const Risk42 = {
  name: 'risk42',
  setup: ({ ctx }) => ({
    territories: Object.fromEntries(
      TERRITORIES.map((id, i) => [id, { owner: i % ctx.numPlayers, armies: 1 }])),
  }),
  moves: {
    place: {
      // client: false - the move runs on the server only, so the mover's client sees the new
      // state when the server's update arrives (no optimistic local copy), as a Sandtable client does.
      client: false,
      move: ({ G, playerID }, territory) => {
        const cell = G.territories[territory];
        if (!cell || cell.owner !== Number(playerID)) return INVALID_MOVE;
        cell.armies += 1;
      },
    },
  },
  // One placement a turn (the turn ends by itself), and the next turn is seat 0's again.
  turn: { minMoves: 1, maxMoves: 1, order: { first: () => 0, next: () => 0 } },
};

module.exports = { Risk42, TERRITORIES };
