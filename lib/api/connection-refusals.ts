import { maxHeaderSize } from "node:http";
import type { ClientErrorAnswers } from "@/lib/http/client-error";
import { PROBLEM_CONTENT_TYPE, type ProblemKind, problemBody } from "./problem";

const answer = (kind: ProblemKind, detail: string) => ({ contentType: PROBLEM_CONTENT_TYPE, body: JSON.stringify(problemBody(kind, detail)) });

/**
 * What the server answers, as problem+json, when Node refuses a request before any route sees it
 * (lib/http/client-error.ts): the connection is closed after each.
 */
export const CONNECTION_REFUSALS: ClientErrorAnswers = {
  400: answer("malformed_request", "The request is not valid HTTP/1.1 and cannot be read; the connection is closed."),
  408: answer("request_timeout", "The request's headers did not arrive in time; the connection is closed."),
  413: answer("payload_too_large", "A chunk of the body carries too many extensions; the connection is closed."),
  431: answer("headers_too_large", `The request's headers are too large (${maxHeaderSize / 1024} KiB in all at most); the connection is closed.`),
};
