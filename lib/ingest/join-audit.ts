/**
 * Every join between sources that is not made by an identifier (CIK, ISIN) is checked for
 * consistency (country, currency, name); what looks wrong is recorded here with its reason.
 * `suspicious` joins were resolved (a field dropped, the join refused) and are reported by the
 * ingest; `wrong` ones are certainly wrong and make the ingest fail.
 */
export type JoinIssueKind =
  /** A price-file ticker joined to a CIK by its symbol although the names differ. */
  | "price-ticker-by-symbol"
  /** A whole-market (pystock) symbol that the universe carries under another company's name: not joined. */
  | "market-symbol-by-symbol"
  /** A FinanceDatabase profile whose country contradicts the member's headquarters: its fields of place and classification were dropped. */
  | "profile-country-conflict"
  /** A FinanceDatabase profile text that opens with another company's name: dropped. */
  | "profile-description-of-other-issuer"
  /** A 2016 list label or today's industry that neither the GICS 2016 structure nor the curated label table places. */
  | "unplaced-gics-label"
  /** One FinanceDatabase listing lent its profile to two different members. */
  | "profile-shared-by-members"
  /** An S&P 500 membership interval whose ticker a successor carried on: split between the two companies. */
  | "index-interval-split"
  /** An S&P 500 membership interval whose ticker several companies carried with evidence in it: joined to one. */
  | "index-interval-candidates";

const CERTAINLY_WRONG: ReadonlySet<JoinIssueKind> = new Set<JoinIssueKind>([
  "unplaced-gics-label",
  "profile-shared-by-members",
]);

export interface JoinIssue {
  kind: JoinIssueKind;
  /** The company or row concerned, e.g. "NYSE:ZTS Zoetis". */
  subject: string;
  reason: string;
}

export class JoinAudit {
  readonly issues: JoinIssue[] = [];

  record(kind: JoinIssueKind, subject: string, reason: string) {
    this.issues.push({ kind, subject, reason });
  }

  get wrong(): JoinIssue[] {
    return this.issues.filter((issue) => CERTAINLY_WRONG.has(issue.kind));
  }

  get suspicious(): JoinIssue[] {
    return this.issues.filter((issue) => !CERTAINLY_WRONG.has(issue.kind));
  }

  /** Reports every suspicious join with its reason; throws when one is certainly wrong. */
  check(progress: (message: string) => void) {
    const suspicious = this.suspicious;
    progress(`joins by symbol or name that looked wrong and were resolved: ${suspicious.length}${suspicious.map((issue) => `\n  ${line(issue)}`).join("")}`);
    if (this.wrong.length > 0) throw new JoinAuditError(this.wrong);
  }
}

const line = (issue: JoinIssue) => `${issue.kind}: ${issue.subject}: ${issue.reason}`;

/** The ingest found joins that are certainly wrong; the database is not replaced. */
export class JoinAuditError extends Error {
  constructor(readonly issues: readonly JoinIssue[]) {
    super(
      `${issues.length} join(s) between sources are certainly wrong:\n` +
        issues.map((issue) => `  ${line(issue)}`).join("\n"),
    );
    this.name = "JoinAuditError";
  }
}
