/**
 * An answer already serialised to JSON (by a query worker, lib/work/answer-bytes.ts), which the
 * route sends as it is. `T` is the type of the value it encodes, so that a route handler returning
 * it is checked against its operation's response schema like one returning the value.
 */
export class JsonAnswer<T> {
  declare readonly encodes?: T;
  constructor(readonly bytes: Uint8Array<ArrayBuffer>) {}
}
