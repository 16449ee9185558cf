// CI helper: print the local Redis URL when a Redis answers PING on 127.0.0.1:6379, else nothing.
import net from 'node:net';

const socket = net.connect({ host: '127.0.0.1', port: 6379 });
socket.setTimeout(2000);
socket.on('connect', () => socket.write('PING\r\n'));
socket.on('data', (data) => {
  if (data.toString().startsWith('+PONG')) console.log('redis://127.0.0.1:6379');
  socket.destroy();
});
socket.on('timeout', () => socket.destroy());
socket.on('error', () => socket.destroy());
