import { createServer, connect, type AddressInfo, type Server, type Socket } from 'node:net';

/**
 * A TCP relay in front of PostgreSQL for one test's app, so the test can take "the database" away
 * from that app alone (other test files share the server): `cut()` drops every connection and
 * refuses new ones, as a restart or failover does; `restore()` listens again on the same port.
 */
export interface TcpProxy {
  /** postgres://… pointing at the relay instead of the server */
  url: string;
  cut(): Promise<void>;
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpProxy(databaseUrl: string): Promise<TcpProxy> {
  const target = new URL(databaseUrl);
  const upstream = { host: target.hostname, port: Number(target.port || 5432) };
  const sockets = new Set<Socket>();

  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    // a cut connection errors on both ends; that is the point, not a test failure
    socket.on('error', () => socket.destroy());
  };
  const newServer = () =>
    createServer((client) => {
      track(client);
      const server = connect(upstream);
      track(server);
      client.pipe(server);
      server.pipe(client);
      client.on('close', () => server.destroy());
      server.on('close', () => client.destroy());
    });

  let server: Server = newServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = new URL(databaseUrl);
  url.hostname = '127.0.0.1';
  url.port = String(port);

  const stopListening = () => new Promise<void>((resolve) => (server.listening ? server.close(() => resolve()) : resolve()));
  return {
    url: url.toString(),
    async cut() {
      const closed = stopListening();
      for (const socket of sockets) socket.destroy();
      await closed;
    },
    async restore() {
      server = newServer();
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, '127.0.0.1', resolve);
      });
    },
    async close() {
      const closed = stopListening();
      for (const socket of sockets) socket.destroy();
      await closed;
    },
  };
}
