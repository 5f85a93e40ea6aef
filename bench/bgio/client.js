// `node client.js PORT ROUNDS PACE_MS [PLAYERS]` - against server.js: makes a match of PLAYERS seats
// (default 4), seats 1.. in a second Node process (`watch`: they get every update, as the other
// players do), seat 0 here; then ROUNDS times seat 0 places one army on a territory of its own,
// timed from the move until its own client holds the new state from the server, PACE_MS of quiet
// before each move. Prints one JSON line: {"rounds", "p50_us", "p99_us", "samples_us"}.
// `node client.js watch PORT MATCH_ID CREDENTIALS_JSON` is the second process: it prints `ready`
// once its clients hold the match, and stops when its stdin closes.
// Every wait is bounded (WAIT_MS); on a failure the exit code is 1.
process.env.NODE_ENV = process.env.NODE_ENV || 'production';
const { spawn } = require('child_process');
const readline = require('readline');
const { Client } = require('boardgame.io/client');
const { SocketIO } = require('boardgame.io/multiplayer');
const { Risk42, TERRITORIES } = require('./game');

const WAIT_MS = 10000;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const serverOf = (port) => `http://127.0.0.1:${port}`;

async function post(server, url, body) {
  const reply = await fetch(server + url, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body),
  });
  if (!reply.ok) throw new Error(`${url}: HTTP ${reply.status}`);
  return reply.json();
}

function seat(server, matchID, playerID, credentials) {
  const client = Client({
    game: Risk42, matchID, playerID, credentials, debug: false,
    multiplayer: SocketIO({ server, socketOpts: { transports: ['websocket'] } }),
  });
  client.start();
  return client;
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

async function watch(port, matchID, credentialsJson) {
  const clients = Object.entries(JSON.parse(credentialsJson))
    .map(([playerID, credentials]) => seat(serverOf(port), matchID, playerID, credentials));
  for (const client of clients) await until(client, 0);
  console.log('ready');
  process.stdin.resume();
  await new Promise((resolve) => process.stdin.on('end', resolve).on('close', resolve));
  for (const client of clients) client.stop();
}

// The watcher process, started and waited for (bounded): it says `ready` once its seats are held.
function startWatcher(port, matchID, credentials) {
  const child = spawn(process.execPath, [__filename, 'watch', String(port), matchID, JSON.stringify(credentials)],
    { stdio: ['pipe', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => { child.kill(); reject(new Error('the watcher did not start')); }, WAIT_MS);
    readline.createInterface({ input: child.stdout }).once('line', (line) => {
      clearTimeout(timer);
      if (line === 'ready') resolve(child); else { child.kill(); reject(new Error(`watcher: ${line}`)); }
    });
    child.once('exit', (code) => { clearTimeout(timer); reject(new Error(`the watcher exited (${code})`)); });
  });
}

async function measure(port, rounds, paceMs, players) {
  const server = serverOf(port);
  const { matchID } = await post(server, '/games/risk42/create', { numPlayers: players });
  const credentials = {};
  for (let id = 0; id < players; id++) {
    credentials[id] = (await post(server, `/games/risk42/${matchID}/join`,
      { playerID: String(id), playerName: `p${id}` })).playerCredentials;
  }
  const { 0: mine, ...theirs } = credentials;
  const watcher = await startWatcher(port, matchID, theirs);
  const mover = seat(server, matchID, '0', mine);
  let stateID = (await until(mover, 0))._stateID;
  const samples = [];
  try {
    for (let i = 0; i < rounds; i++) {
      const territory = TERRITORIES.find((id) => mover.getState().G.territories[id].owner === 0);
      await sleep(paceMs);
      const t0 = process.hrtime.bigint();
      const seen = until(mover, stateID + 1);
      mover.moves.place(territory);
      stateID = (await seen)._stateID;
      samples.push(Number(process.hrtime.bigint() - t0) / 1000);
    }
  } finally {
    mover.stop();
    watcher.stdin.end();
  }
  const sorted = [...samples].sort((a, b) => a - b);
  console.log(JSON.stringify({ rounds: samples.length, p50_us: pct(sorted, 50), p99_us: pct(sorted, 99),
    samples_us: samples.map(Math.round) }));
}

const args = process.argv.slice(2);
const run = args[0] === 'watch'
  ? watch(Number(args[1]), args[2], args[3])
  : measure(Number(args[0]), Number(args[1]), Number(args[2]), Number(args[3] || 4));
run.then(() => process.exit(0), (e) => { console.error(String((e && e.stack) || e)); process.exit(1); });
