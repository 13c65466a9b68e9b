import net from 'node:net';

export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

function readAnswer(socket: net.Socket): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    let received = Buffer.alloc(0);
    socket.on('error', reject);
    socket.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      const headEnd = received.indexOf('\r\n\r\n');
      if (headEnd < 0) return;
      const [statusLine, ...lines] = received.subarray(0, headEnd).toString('latin1').split('\r\n');
      const headers = Object.fromEntries(
        lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
      );
      const length = Number(headers['content-length'] ?? 0);
      if (received.length < headEnd + 4 + length) return;
      resolve({ status: Number(statusLine!.split(' ')[1]), headers, body: received.subarray(headEnd + 4, headEnd + 4 + length).toString() });
    });
  });
}

/**
 * `count` connections opened first, then one request written on each in the same synchronous stretch:
 * the server finds them all readable at once and reads them in one turn of its event loop, as it does
 * a spike's. Resolves to each connection's answer.
 */
export async function requestsInOneTurn(port: number, count: number, request: string): Promise<RawAnswer[]> {
  const sockets = await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<net.Socket>((resolve, reject) => {
          const socket = net.connect(port, '127.0.0.1', () => resolve(socket));
          socket.on('error', reject);
        }),
    ),
  );
  // Let the server accept every connection before any request arrives.
  await new Promise((resolve) => setTimeout(resolve, 100));
  try {
    const answers = sockets.map(readAnswer);
    for (const socket of sockets) socket.write(request);
    return await Promise.all(answers);
  } finally {
    for (const socket of sockets) socket.destroy();
  }
}

/** A raw HTTP/1.1 POST with a JSON body. */
export function rawJsonPost(path: string, body: unknown): string {
  const json = JSON.stringify(body);
  return `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(json)}\r\n\r\n${json}`;
}
