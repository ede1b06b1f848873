import { subscribe } from "node:diagnostics_channel";
import { Server } from "node:http";
import { Socket } from "node:net";
import { answerClientError, type ClientErrorAnswers } from "./client-error";

export interface ConnectionEdgeSettings {
  /** How long an idle kept-alive connection stays open (Node's default, 5 s, is below load balancers'). */
  keepAliveTimeoutMs: number;
  /** Longest wait for a request's headers; then 408. */
  headersTimeoutMs: number;
  /**
   * How long a connection with a request in flight may make no progress (nothing read, nothing
   * written: an answer the client does not read) before it is destroyed and its answer freed.
   */
  responseIdleTimeoutMs: number;
  /** The bodies of the refusals Node makes itself (400, 408, 413, 431). */
  clientErrorAnswers: ClientErrorAnswers;
}

/**
 * Puts the timeouts and problem+json refusals on the HTTP server that `next start` creates, which
 * the app's code cannot reach otherwise (installed by instrumentation.ts). Node publishes every
 * accepted connection (`net.server.socket`, its `socket.server` the server) and every request
 * (`http.server.request.start`); the server is set up the first time either shows it, before it
 * reads that connection's first request. Node reads these settings when it uses them, except a
 * connection's idle timeout, set from `server.timeout` when the connection is accepted and again
 * before each further request on it: the connection the server was first seen with is given its
 * idle timeout here. Connections accepted before `register()` ran keep Node's defaults for their
 * first request.
 *
 * The idle timeout is Node's `server.timeout`: a socket that neither reads nor writes for that
 * long is destroyed (nothing in Next listens for 'timeout', which would keep it).
 */
export function installConnectionEdge(settings: ConnectionEdgeSettings): void {
  const configured = new WeakSet<Server>();
  const configure = (server: unknown, socket: Socket) => {
    if (!(server instanceof Server) || configured.has(server)) return;
    configured.add(server);
    server.keepAliveTimeout = settings.keepAliveTimeoutMs;
    server.headersTimeout = settings.headersTimeoutMs;
    server.timeout = settings.responseIdleTimeoutMs;
    socket.setTimeout(server.timeout);
    // Next registers no listener of its own today; if it ever does, its answers stand.
    if (server.listenerCount("clientError") === 0) server.on("clientError", answerClientError(settings.clientErrorAnswers));
  };
  subscribe("net.server.socket", (message) => {
    if (typeof message !== "object" || message === null || !("socket" in message) || !(message.socket instanceof Socket)) return;
    // Set by net on every accepted socket (and again by http), though @types/node does not declare it.
    if ("server" in message.socket) configure(message.socket.server, message.socket);
  });
  subscribe("http.server.request.start", (message) => {
    if (typeof message === "object" && message !== null && "server" in message && "socket" in message && message.socket instanceof Socket) configure(message.server, message.socket);
  });
}
