// The socket.io floor: what boardgame.io's transport alone costs a round trip, with no game and no
// boardgame.io, beside bench/echo.py's plain TCP echo (the floor of Sandtable's transport).
// `node echo.js serve`        a socket.io Server (the version boardgame.io's server runs) on 127.0.0.1,
//                             a free port; every `update` event it receives is emitted back to its
//                             sender as it came. Prints `listening on 127.0.0.1:PORT`; serves until killed.
// `node echo.js client PORT`  one socket.io client (websocket only, as bench/bgio/seat.js connects)
//                             that obeys lines on stdin: `echo ROUNDS PACE_MS` sends ROUNDS move-sized
//                             `update` events, each after PACE_MS of quiet, each timed until its echo
//                             arrives, then prints {"samples_us": [...]}. Prints `{"ready": true}` once
//                             connected; stops when stdin closes. Bounded waits (WAIT_MS); exit 1 on failure.
const readline = require('readline');

const LOOPBACK = '127.0.0.1';
const WAIT_MS = 10000;
// What a boardgame.io client emits for a move (socketio transport: action, stateID, matchID, playerID),
// with ids as long as the bench's.
const MOVE = [
  { type: 'MAKE_MOVE', payload: { type: 'place', args: ['alaska'], playerID: '0', credentials: 'x'.repeat(21) } },
  100, 'x'.repeat(21), '0',
];

function serve() {
  const { Server } = require('socket.io');
  const http = require('http').createServer();
  const io = new Server(http);
  io.on('connection', (socket) => socket.on('update', (...args) => socket.emit('update', ...args)));
  http.listen(0, LOOPBACK, () => console.log(`listening on ${LOOPBACK}:${http.address().port}`));
}

function client(port) {
  const { io } = require('socket.io-client');
  const socket = io(`http://${LOOPBACK}:${port}`, { transports: ['websocket'] });
  const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
  const fail = (message) => { console.error(message); process.exit(1); };
  const connectWatch = setTimeout(() => fail('no connection'), WAIT_MS);
  socket.once('connect', () => { clearTimeout(connectWatch); console.log(JSON.stringify({ ready: true })); });
  const roundTrip = () => new Promise((resolve) => {
    const timer = setTimeout(() => fail('no echo'), WAIT_MS);
    const t0 = process.hrtime.bigint();
    socket.once('update', () => { clearTimeout(timer); resolve(Number(process.hrtime.bigint() - t0) / 1000); });
    socket.emit('update', ...MOVE);
  });
  let queue = Promise.resolve();
  readline.createInterface({ input: process.stdin }).on('line', (line) => {
    const [command, rounds, paceMs] = line.trim().split(/\s+/);
    if (command !== 'echo') fail(`unknown command ${JSON.stringify(line)}`);
    queue = queue.then(async () => {
      const samples = [];
      for (let i = 0; i < Number(rounds); i++) {
        await sleep(Number(paceMs));
        samples.push(Math.round(await roundTrip()));
      }
      console.log(JSON.stringify({ samples_us: samples }));
    });
  }).on('close', () => { socket.close(); process.exit(0); });
}

if (process.argv[2] === 'serve') serve();
else if (process.argv[2] === 'client') client(Number(process.argv[3]));
else { console.error('usage: node echo.js serve | client PORT'); process.exit(2); }
