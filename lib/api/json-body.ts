import { FORBIDDEN_KEYS, MAX_BODY_BYTES, MAX_BODY_DEPTH } from "./body-limits";
import { type FieldError, MAX_LISTED_ERRORS, ValidationError } from "@/lib/errors";
import { HttpProblem } from "./problem";
import { jsonPointer } from "@/lib/zod-field-errors";

/** A POST body as received: its bytes, or the fact that it passed the size cap (reading stopped there). */
export type ReceivedBody = { bytes: Uint8Array } | { tooLarge: true };

/**
 * Receives a POST body, at most `MAX_BODY_BYTES` of it (decided from Content-Length when given,
 * else while streaming, so an oversized body is never held whole), within `timeoutMs`: a body
 * that has not arrived by then is a 408 (a stalled client holds nothing for long).
 */
export async function receiveBody(request: Request, timeoutMs: number): Promise<ReceivedBody> {
  const declared = request.headers.get("content-length");
  if (declared !== null && Number(declared) > MAX_BODY_BYTES) return { tooLarge: true };
  if (request.body === null) return { bytes: new Uint8Array(0) };
  const reader = request.body.getReader();
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new HttpProblem("request_timeout", REQUEST_TIMEOUT_DETAIL(timeoutMs))), timeoutMs);
  });
  const chunks: Uint8Array[] = [];
  let size = 0;
  let complete = false;
  try {
    for (;;) {
      const { done, value } = await Promise.race([reader.read(), timedOut]);
      if (done) {
        complete = true;
        return { bytes: Buffer.concat(chunks) };
      }
      size += value.byteLength;
      // Stop reading: the rest of the body is never buffered.
      if (size > MAX_BODY_BYTES) return { tooLarge: true };
      chunks.push(value);
    }
  } catch (error) {
    if (error instanceof HttpProblem) throw error;
    // The client went away mid-body: nothing can be answered to it, and nothing was asked.
    throw new HttpProblem("request_timeout", "The body did not arrive in full.");
  } finally {
    clearTimeout(timer);
    if (!complete) reader.cancel().catch(() => {});
  }
}

export const REQUEST_TIMEOUT_DETAIL = (timeoutMs: number) => `The body did not arrive within ${timeoutMs / 1000} seconds; send it in full with the request.`;

/**
 * A received body as a JSON object, refusing in order: a media type other than UTF-8
 * `application/json` or a compressed body (415); a body over the size cap (413); invalid UTF-8 or
 * JSON, a non-object, too deep nesting, prototype-reaching keys and non-finite numbers (400, with
 * pointers).
 */
export function parseJsonObject(headers: Headers, received: ReceivedBody): Record<string, unknown> {
  assertJsonMediaType(headers);
  if ("tooLarge" in received) throw tooLarge();
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(received.bytes);
  } catch {
    throw new ValidationError([{ pointer: "", message: "The body is not valid UTF-8." }]);
  }
  if (text.trim() === "") throw new ValidationError([{ pointer: "", message: "A JSON object body is required." }]);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new ValidationError([{ pointer: "", message: `The body is not valid JSON: ${(error as Error).message}` }]);
  }
  if (!isJsonObject(value)) throw new ValidationError([{ pointer: "", message: "The body must be a JSON object." }]);
  const problems = structuralProblems(value);
  if (problems.length > 0) throw new ValidationError(problems);
  return value;
}

function assertJsonMediaType(headers: Headers): void {
  const [mediaType = "", ...parameters] = (headers.get("content-type") ?? "").split(";").map((part) => part.trim().toLowerCase());
  const charset = parameters.find((p) => p.startsWith("charset="))?.slice("charset=".length).replaceAll('"', "");
  if (mediaType !== "application/json" || (charset !== undefined && charset !== "utf-8")) {
    throw new HttpProblem("unsupported_media_type", UNSUPPORTED_MEDIA_TYPE_DETAIL);
  }
  const encoding = headers.get("content-encoding");
  if (encoding !== null && encoding.trim().toLowerCase() !== "identity") {
    throw new HttpProblem("unsupported_media_type", "Compressed request bodies are not accepted; send plain JSON.");
  }
}

export const UNSUPPORTED_MEDIA_TYPE_DETAIL = "Send the body as JSON with `Content-Type: application/json` (UTF-8).";
export const TOO_LARGE_DETAIL = `The body must be at most ${MAX_BODY_BYTES} bytes.`;
const tooLarge = () => new HttpProblem("payload_too_large", TOO_LARGE_DETAIL);

function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Depth, prototype-reaching keys and non-finite numbers (JSON.parse turns 1e400 into Infinity). */
function structuralProblems(root: Record<string, unknown>): FieldError[] {
  const problems: FieldError[] = [];
  const pending: { value: unknown; path: string[]; depth: number }[] = [{ value: root, path: [], depth: 1 }];
  while (pending.length > 0 && problems.length < MAX_LISTED_ERRORS) {
    const { value, path, depth } = pending.pop()!;
    if (typeof value === "number" && !Number.isFinite(value)) {
      problems.push({ pointer: jsonPointer(path), message: "Numbers must be finite." });
    }
    if (typeof value !== "object" || value === null) continue;
    if (depth > MAX_BODY_DEPTH) {
      problems.push({ pointer: jsonPointer(path), message: `Nested deeper than ${MAX_BODY_DEPTH} levels.` });
      continue;
    }
    for (const [key, child] of Object.entries(value)) {
      const childPath = [...path, key];
      if (!Array.isArray(value) && FORBIDDEN_KEYS.has(key)) {
        problems.push({ pointer: jsonPointer(childPath), message: `The member name "${key}" is not allowed.` });
        continue;
      }
      pending.push({ value: child, path: childPath, depth: depth + 1 });
    }
  }
  return problems;
}
