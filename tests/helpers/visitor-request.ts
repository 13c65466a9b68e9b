import http from 'node:http';

export interface VisitorAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * A request sent from a loopback address of the visitor's own (`127.0.0.N`): Linux routes all of
 * 127.0.0.0/8 to this machine, so a proxy on 127.0.0.1 sees each visitor at a different address.
 */
export function visit(
  base: string,
  url: string,
  options: { from: string; method?: string; json?: unknown; headers?: Record<string, string> },
): Promise<VisitorAnswer> {
  const body = options.json === undefined ? undefined : JSON.stringify(options.json);
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: hostname,
        port: Number(port),
        path: url,
        method: options.method ?? (body === undefined ? 'GET' : 'POST'),
        localAddress: options.from,
        agent: false,
        headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...options.headers },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

let visitorCount = 0;

/** A loopback address no earlier call returned (127.1.1.3, 127.1.1.4, …; never 127.0.0.1). */
export function newVisitor(): string {
  visitorCount += 1;
  const [high, low] = [Math.floor(visitorCount / 250), visitorCount % 250];
  return `127.${1 + Math.floor(high / 250)}.${1 + (high % 250)}.${2 + low}`;
}
