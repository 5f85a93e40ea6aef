// `node seat.js PORT MATCH_ID PLAYER_ID CREDENTIALS` - one seat of Risk42 (game.js) held by a
// boardgame.io Client over its SocketIO transport (websocket only), in a process of its own:
// bench/bgio.py starts one per seat, as bench/risk_seat.py is started for each Sandtable seat.
// It prints `{"ready": STATE_ID}` once its client holds the match, then obeys lines on stdin:
//   play TARGET PACE_MS   make this seat's moves (game.js `nextMove`) until the match's state
//                         reaches TARGET, each PACE_MS after this client saw its turn come, timed
//                         from the move until this client holds the state the server sent back;
//                         then print {"state": STATE_ID, "samples_us": [...], "kinds": [...]}
// and stops when its stdin closes. Every update is read as it arrives, whoever moved. Every wait
// is bounded (WAIT_MS); on a failure the exit code is 1.
process.env.NODE_ENV = process.env.NODE_ENV || 'production';
const readline = require('readline');
const { Client } = require('boardgame.io/client');
const { SocketIO } = require('boardgame.io/multiplayer');
const { Risk42, nextMove } = require('./game');

const WAIT_MS = 10000;
const [port, matchID, playerID, credentials] = process.argv.slice(2);

function fail(message) {
  console.error(message);
  process.exit(1);
}

const client = Client({
  game: Risk42, matchID, playerID, credentials, debug: false,
  multiplayer: SocketIO({ server: `http://127.0.0.1:${port}`, socketOpts: { transports: ['websocket'] } }),
});

let ready = false;
let round = null;      // {target, paceMs, samples, kinds} while a `play` runs
let timer = null;      // the paced move, waiting for its quiet to pass
let inFlight = null;   // {stateID, t0, kind} of the move sent, until its state arrives
let watchdog = null;

function onState(state) {
  if (!state) return;
  if (!ready) {
    ready = true;
    console.log(JSON.stringify({ ready: state._stateID }));
  }
  if (inFlight && state._stateID > inFlight.stateID) {
    round.samples.push(Number(process.hrtime.bigint() - inFlight.t0) / 1000);
    round.kinds.push(inFlight.kind);
    inFlight = null;
  }
  step(state);
}

function step(state) {
  if (!round || inFlight || timer) return;
  if (state._stateID >= round.target) {
    clearTimeout(watchdog);
    console.log(JSON.stringify({ state: state._stateID, samples_us: round.samples.map(Math.round),
      kinds: round.kinds }));
    round = null;
    return;
  }
  if (state.ctx.currentPlayer !== playerID) return;
  timer = setTimeout(() => {
    timer = null;
    const now = client.getState();
    const [move, args] = nextMove(now, playerID);
    inFlight = { stateID: now._stateID, t0: process.hrtime.bigint(), kind: move };
    client.moves[move](...args);
  }, round.paceMs);
}

client.subscribe(onState);
client.start();
const startWatch = setTimeout(() => { if (!ready) fail('the match was not joined in time'); }, WAIT_MS);

readline.createInterface({ input: process.stdin }).on('line', (line) => {
  const [command, target, paceMs] = line.trim().split(/\s+/);
  if (command !== 'play') fail(`unknown command ${JSON.stringify(line)}`);
  round = { target: Number(target), paceMs: Number(paceMs), samples: [], kinds: [] };
  // bounded: the whole round may take at most WAIT_MS a move still to make, and then some
  const state = client.getState();
  watchdog = setTimeout(() => fail(`state ${target} not reached`),
    WAIT_MS + (Number(target) - state._stateID) * (Number(paceMs) + 50));
  step(state);
}).on('close', () => {
  clearTimeout(startWatch);
  clearTimeout(watchdog);
  client.stop();
  process.exit(0);
});
