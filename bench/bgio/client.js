// `node client.js PORT ROUNDS PACE_MS [PLAYERS]` - against server.js: makes a match, seats PLAYERS
// boardgame.io clients (SocketIO transport, websocket only), then ROUNDS times: the seat to move
// places one army on a territory of its own, timed from the move until the mover's own client holds
// the new state from the server; PACE_MS of quiet before each move. Prints one JSON line:
// {"rounds", "p50_us", "p99_us", "samples_us"}. Every wait is bounded (5 s), else exit code 1.
process.env.NODE_ENV = process.env.NODE_ENV || 'production';
const { Client } = require('boardgame.io/client');
const { SocketIO } = require('boardgame.io/multiplayer');
const { Risk42, TERRITORIES } = require('./game');

const [port, rounds, paceMs, players] = process.argv.slice(2).map(Number);
const SERVER = `http://127.0.0.1:${port}`;
const WAIT_MS = 5000;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function post(url, body) {
  const reply = await fetch(SERVER + url, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body),
  });
  if (!reply.ok) throw new Error(`${url}: HTTP ${reply.status}`);
  return reply.json();
}

// Resolves once `client` holds a state with _stateID >= `stateID` (bounded).
function until(client, stateID) {
  return new Promise((resolve, reject) => {
    const have = client.getState();
    if (have && have._stateID >= stateID) return resolve(have);
    const timer = setTimeout(() => { stop(); reject(new Error(`state ${stateID} not seen`)); }, WAIT_MS);
    const stop = client.subscribe((state) => {
      if (state && state._stateID >= stateID) { clearTimeout(timer); stop(); resolve(state); }
    });
  });
}

function pct(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.round((p / 100) * (sorted.length - 1)))];
}

async function main() {
  const { matchID } = await post('/games/risk42/create', { numPlayers: players || 4 });
  const clients = [];
  for (let seat = 0; seat < (players || 4); seat++) {
    const { playerCredentials } = await post(`/games/risk42/${matchID}/join`,
      { playerID: String(seat), playerName: `p${seat}` });
    const client = Client({
      game: Risk42, matchID, playerID: String(seat), credentials: playerCredentials, debug: false,
      multiplayer: SocketIO({ server: SERVER, socketOpts: { transports: ['websocket'] } }),
    });
    client.start();
    clients.push(client);
  }
  let stateID = 0;
  for (const client of clients) await until(client, stateID);
  const samples = [];
  for (let i = 0; i < rounds; i++) {
    const seat = Number(clients[0].getState().ctx.currentPlayer);
    const mover = clients[seat];
    await until(mover, stateID);   // the mover knows it is its turn (untimed)
    const territory = TERRITORIES.find((id) => mover.getState().G.territories[id].owner === seat);
    await sleep(paceMs);
    const t0 = process.hrtime.bigint();
    const seen = until(mover, stateID + 1);
    mover.moves.place(territory);
    const state = await seen;
    samples.push(Number(process.hrtime.bigint() - t0) / 1000);
    stateID = state._stateID;
    for (const client of clients) await until(client, stateID);   // every seat caught up (untimed)
  }
  for (const client of clients) client.stop();
  const sorted = [...samples].sort((a, b) => a - b);
  console.log(JSON.stringify({ rounds: samples.length, p50_us: pct(sorted, 50), p99_us: pct(sorted, 99),
    samples_us: samples.map(Math.round) }));
}

main().then(() => process.exit(0), (e) => { console.error(String(e && e.stack || e)); process.exit(1); });
