import { ValidationError } from "@/lib/errors";
import type { AnswerBound } from "./worker-protocol";

const MB = 1_000_000;
const megabytes = (bytes: number) => `${(bytes / MB).toFixed(1)} MB`;

/**
 * A task's value as the JSON bytes of its HTTP answer, serialised in the query worker (within the
 * deadline, off the thread that answers requests) into a buffer of its own, so that the pool can
 * transfer it rather than copy it. An answer over the operation's bound is refused with a 400
 * naming the request member that makes it smaller: the request bounds should keep every answer
 * under it, and this is where a gap between them would show, never in a larger answer.
 */
export function encodeAnswer(value: unknown, { maxBytes, narrow }: AnswerBound): Uint8Array<ArrayBuffer> {
  const bytes = new TextEncoder().encode(JSON.stringify(value));
  if (bytes.byteLength <= maxBytes) return bytes;
  throw new ValidationError([{ pointer: narrow.pointer, message: `the answer would be ${megabytes(bytes.byteLength)}, over this operation's bound of ${megabytes(maxBytes)}: ${narrow.message}` }]);
}
