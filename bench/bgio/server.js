// `node server.js` - a boardgame.io 0.50.2 Server (Koa + socket.io) serving Risk42 on 127.0.0.1
// only, on a free port; prints `listening on 127.0.0.1:PORT` once it accepts, serves until killed.
process.env.NODE_ENV = process.env.NODE_ENV || 'production';   // no per-action logging
const { Server } = require('boardgame.io/server');
const { Risk42 } = require('./game');

const LOOPBACK = '127.0.0.1';
const server = Server({ games: [Risk42], origins: [/127\.0\.0\.1:\d+/, /localhost:\d+/] });

// Server.run() calls app.listen(port, callback), which binds every interface; bind loopback only.
const listen = server.app.listen.bind(server.app);
server.app.listen = (port, callback) => listen(port, LOOPBACK, callback);

server.run(0).then(({ appServer }) => {
  console.log(`listening on ${LOOPBACK}:${appServer.address().port}`);
});
