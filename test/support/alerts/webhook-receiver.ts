import { createHmac } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local alert webhook receiver, as a subscriber would run one: it keeps each body with its
 * `X-Screener-Signature` header and checks the signature with its own HMAC (not the product's
 * code). `answer(n)` is the status of the nth request, or "never" for one it leaves unanswered.
 */
export interface Received {
  body: string;
  signature: string;
}

export interface WebhookReceiver {
  url: string;
  received: Received[];
  close(): Promise<void>;
}

export async function startWebhookReceiver(answer: (n: number) => number | "never" = () => 200): Promise<WebhookReceiver> {
  const received: Received[] = [];
  const server = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk));
    request.on("end", () => {
      received.push({ body, signature: String(request.headers["x-screener-signature"]) });
      const status = answer(received.length);
      if (status !== "never") response.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    received,
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

/** Whether a body was signed under `secret` (`t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`), and within 5 minutes of now. */
export function checkSignature({ body, signature }: Received, secret: string): { signed: boolean; fresh: boolean } {
  const [t, v1] = signature.split(",").map((part) => part.split("=")[1]!);
  return { signed: v1 === createHmac("sha256", secret).update(`${t}.${body}`).digest("hex"), fresh: Math.abs(Date.now() / 1000 - Number(t)) < 300 };
}
