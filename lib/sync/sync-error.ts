/** A sync that cannot go on (a setting missing, a server refusing, a corrupt download); the database is left as it was. */
export class SyncError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "SyncError";
  }
}
