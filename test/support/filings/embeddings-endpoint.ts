import { type ServerResponse, createServer } from "node:http";
import type { AddressInfo } from "node:net";

/** How the endpoint answers: `slow` answers `{}` after 2 s, `hang` never answers. */
export type EndpointBehaviour = "ok" | "error" | "wrong-size" | "not-json" | "slow" | "hang";

export interface EmbeddingsEndpoint {
  /** The base URL to configure (`EMBEDDINGS_URL`); clients append `/embeddings`. */
  url: string;
  /** Switchable while the endpoint runs. */
  behaviour: EndpointBehaviour;
  /** Every request received, in order. */
  requests: { auth?: string; body: { input: string[]; model: string } }[];
  close(): Promise<void>;
}

/**
 * A real OpenAI-compatible embeddings endpoint on loopback (the provider's outside boundary), for
 * unit and HTTP tests. `ok` answers `width` numbers per text, out of order: clients must order by
 * `index`.
 */
export async function startEmbeddingsEndpoint(width: number): Promise<EmbeddingsEndpoint> {
  const server = createServer((request, response) => {
    let raw = "";
    request.on("data", (chunk: Buffer) => (raw += chunk.toString()));
    request.on("end", () => {
      const body = JSON.parse(raw) as EmbeddingsEndpoint["requests"][number]["body"];
      endpoint.requests.push({ auth: request.headers.authorization, body });
      if (request.url !== "/v1/embeddings") return void response.writeHead(404).end();
      answer(endpoint.behaviour, body, width, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const endpoint: EmbeddingsEndpoint = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    behaviour: "ok",
    requests: [],
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
  return endpoint;
}

function answer(behaviour: EndpointBehaviour, body: { input: string[]; model: string }, width: number, response: ServerResponse): void {
  if (behaviour === "hang") return;
  if (behaviour === "error") return void response.writeHead(500).end("boom");
  if (behaviour === "not-json") return void response.writeHead(200, { "content-type": "text/plain" }).end("nope");
  if (behaviour === "slow") return void setTimeout(() => response.writeHead(200).end("{}"), 2000);
  const size = behaviour === "wrong-size" ? width - 1 : width;
  const data = body.input.map((text, index) => ({ index, embedding: Array.from({ length: size }, (_, j) => text.length + j) })).reverse();
  response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ object: "list", data, model: body.model }));
}
