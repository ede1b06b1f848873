import { describe, expect, it } from "vitest";
import { NEVER_ANSWER, edgeServers } from "@/test/support/http/edge-servers";

// Its own file: the edge is installed once per file, and the other tests need a headers timeout no loaded machine reaches.
const { serve, refusal } = edgeServers(200);

describe("installConnectionEdge: the headers timeout", () => {
  it("answers headers that do not arrive within the headers timeout with 408", async () => {
    const { origin } = await serve(NEVER_ANSWER);
    const response = await refusal(origin, "GET / HTTP/1.1\r\nHost: x\r\n");
    expect(response).toMatchObject({ status: 408, headers: { connection: "close" } });
    expect(JSON.parse(response.body)).toEqual({ status: 408 });
  });
});
