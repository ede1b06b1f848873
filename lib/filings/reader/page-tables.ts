import type { Line } from "./page-lines";

/**
 * Financial tables in a page's text, rebuilt as rows and columns. Pure. Two layouts occur:
 * - PDF text (FinanceBench) flattens a table column by column: the row labels as a run of lines,
 *   then each column's numbers as a run ("Net sales / Cost of sales // 2021 / 12,861 $ / (10,129)
 *   // 2020 / 12,468 $ / (9,932)"). Columns are runs of equal length; the rows are the labels.
 * - HTML-derived text (EDGAR) keeps each row on a line: "Total net sales 94,036 85,777".
 * A run is only made a table when its counts reconcile (labels = rows, every column the same
 * length); anything else stays text.
 */

export interface Cell {
  /** Offsets of the cell's text in the page text. */
  start: number;
  end: number;
  /** A currency sign printed apart from the number ("$" on its own line, or "$ 23,434"). */
  currency: string | null;
}

export interface TableRow {
  label: Cell | null;
  /** One per column; null where the row has no value in that column. */
  cells: (Cell | null)[];
  /** A row that only heads the rows below it ("Operating expenses:"). */
  heading: boolean;
}

export interface Table {
  /** Offsets of the page text the table stands for. */
  start: number;
  end: number;
  columns: number;
  /** Column headings (fiscal years) where the text names one per column. */
  header: Cell[] | null;
  /**
   * Years printed with the table that do not name one per column (the PDF put the others elsewhere):
   * shown as printed, never assigned to a column, since which column each heads is not known.
   */
  caption: Cell[];
  rows: TableRow[];
}

/**
 * A number as statements print it: a closing parenthesis may stand apart ("(1,666 )": Coca-Cola
 * 2017), and a negative amount may hold its currency sign ("($636)": Boeing 2019).
 */
const NUMBER = String.raw`\(?-?\d[\d,]*(?:\.\d+)?(?: ?\))?%?|\([$€£]\d[\d,]*(?:\.\d+)?\)|[—–-]`;
/** A line holding one value: "32,765", "(126)", "9.09", "—", "$ 14", "86,392 $" (a sign that belongs to the next column). */
const VALUE_LINE = new RegExp(String.raw`^([$€£]\s*)?(${NUMBER})(?:\s*[$€£])?$`);
const CURRENCY_LINE = /^[$€£]$/;
const YEAR_LINE = /^(?:19|20)\d{2}$/;
/** Labels are headings, not prose: a longer line is a sentence. */
const MAX_LABEL = 130;
/**
 * Columns a PDF table may have. One column is not enough: a single run of numbers after a run of
 * labels matches by chance too often (cash flow pages whose runs the PDF printed out of order).
 */
const MIN_COLUMNS = 2;
const MAX_COLUMNS = 8;

type Kind = "blank" | "currency" | "year" | "value" | "label";

function kindOf(text: string): Kind {
  if (text === "") return "blank";
  if (CURRENCY_LINE.test(text)) return "currency";
  if (YEAR_LINE.test(text)) return "year";
  if (VALUE_LINE.test(text)) return "value";
  return "label";
}

function valueCell(line: Line): Cell {
  const match = VALUE_LINE.exec(line.text)!;
  const offset = line.text.indexOf(match[2]!, match[1]?.length ?? 0);
  return { start: line.start + offset, end: line.start + offset + match[2]!.length, currency: match[1]?.trim() ?? null };
}

const lineCell = (line: Line): Cell => ({ start: line.start, end: line.end, currency: null });

/** A label run, the value lines after it (grouped into runs split by blank, "$" and year lines), and the years among them. */
interface Segment {
  /** Paragraphs of label lines (split by blank lines). */
  labels: Line[][];
  /**
   * Values after a "$" line. The PDF prints the sign before a column's run, so which row it
   * belongs to is only sure for a table's first row ("Net sales $ 32,765"); further down it may
   * belong to the second value of the run (shares, then "$ 9.09" per share).
   */
  signed: Map<Cell, string>;
  groups: Cell[][];
  years: Line[];
  end: number;
}

/**
 * Labels that only head the rows below them: "Operating expenses:"; "Operating expenses" when
 * "Total operating expenses" follows; the label above a repeated set of rows ("... per Common
 * Share" above "Basic", "Diluted", when "Basic" recurs).
 */
function headingLabels(labels: Line[], pageLabels: ReadonlySet<string>): Set<Line> {
  const recurs = (text: string | undefined) => text !== undefined && labels.filter((l) => l.text === text).length > 1;
  return new Set(labels.filter((l, i) => l.text.endsWith(":") || pageLabels.has(`total ${l.text.toLowerCase()}`) || (recurs(labels[i + 1]?.text) && !recurs(l.text))));
}

/**
 * Labels continued on the next line read as one: the next line starts in lower case ("... to net
 * cash / provided by operating activities"), and with `unfinished`, also after a line ending on a
 * word no label ends with ("NET INCOME ATTRIBUTABLE TO SHAREOWNERS OF / THE COCA-COLA COMPANY").
 */
const UNFINISHED = /\b(?:of|and|to|for|the)$/i;

function joinContinuations(labels: Line[], unfinished: boolean): Line[] {
  const out: Line[] = [];
  for (const line of labels) {
    const last = out.at(-1);
    if (last && (/^[a-z]/.test(line.text) || (unfinished && UNFINISHED.test(last.text)))) out[out.length - 1] = { start: last.start, end: line.end, text: `${last.text} ${line.text}` };
    else out.push(line);
  }
  return out;
}

/** Rows of `columns` columns from value runs: each band is `columns` runs of one length. */
function bands(groups: Cell[][], columns: number): Cell[][][] | null {
  const out: Cell[][][] = [];
  for (let i = 0; i < groups.length; i += columns) {
    const band = groups.slice(i, i + columns);
    if (band.length < columns || band.some((g) => g.length !== band[0]!.length)) return null;
    out.push(band[0]!.map((_, r) => band.map((g) => g[r]!)));
  }
  return out;
}

/** Labels and values fitted: the rows, given which labels head rows and how many columns there are. */
function fitLabels(labels: Line[], groups: Cell[][], counts: number[], pageLabels: ReadonlySet<string>): { columns: number; rows: TableRow[] } | null {
  if (labels.some((l) => l.text.length > MAX_LABEL)) return null;
  const headings = headingLabels(labels, pageLabels);
  const attempts = [headings];
  // A first label with nothing beside it heads the run ("Cash Flows from Operating Activities").
  if (!headings.has(labels[0]!) && labels.length > 2) attempts.push(new Set([...headings, labels[0]!]));
  for (const heads of attempts) {
    const valued = labels.filter((l) => !heads.has(l));
    for (const columns of counts) {
      const rows = bands(groups, columns)?.flat();
      if (!rows || rows.length !== valued.length) continue;
      let next = 0;
      return {
        columns,
        rows: labels.map((label) => (heads.has(label) ? { label: lineCell(label), cells: [], heading: true } : { label: lineCell(label), cells: rows[next++]!, heading: false })),
      };
    }
  }
  return null;
}

/**
 * The segment as table rows, or null when its labels and values do not reconcile. Paragraphs of
 * labels (split by blank lines) at the top may be the statement's title ("Consolidated Statement
 * of Income / (in millions)"): they are left out, one at a time, until the rest fits.
 */
function fitSegment(segment: Segment, years: number, pageLabels: ReadonlySet<string>): { columns: number; rows: TableRow[]; skipped: boolean } | null {
  if (segment.groups.length === 0) return null;
  // Years over the columns ("2021 ... 2020") say how many there are.
  const counts = years >= MIN_COLUMNS ? [years] : Array.from({ length: MAX_COLUMNS - MIN_COLUMNS + 1 }, (_, i) => i + MIN_COLUMNS);
  // Lines ending on "of" are joined to the next only where the labels do not fit otherwise.
  for (const unfinished of [false, true]) {
    for (let skip = 0; skip < segment.labels.length; skip++) {
      const fit = fitLabels(joinContinuations(segment.labels.slice(skip).flat(), unfinished), segment.groups, counts, pageLabels);
      if (fit) return { ...fit, skipped: skip > 0 };
    }
  }
  return null;
}

/** PDF layout: segments of label runs and the value runs after them. */
function segments(lines: readonly Line[]): { start: number; segment: Segment; leadingYears: Line[] }[] {
  const out: { start: number; segment: Segment; leadingYears: Line[] }[] = [];
  let i = 0;
  let leadingYears: Line[] = [];
  while (i < lines.length) {
    const kind = kindOf(lines[i]!.text);
    if (kind !== "label") {
      if (kind === "year") leadingYears.push(lines[i]!);
      else if (kind === "value") leadingYears = [];
      i++;
      continue;
    }
    const labels: Line[][] = [[]];
    while (i < lines.length && ["label", "blank"].includes(kindOf(lines[i]!.text))) {
      if (lines[i]!.text !== "") labels.at(-1)!.push(lines[i]!);
      else if (labels.at(-1)!.length > 0) labels.push([]);
      i++;
    }
    if (labels.at(-1)!.length === 0) labels.pop();
    const groups: Cell[][] = [];
    const signed = new Map<Cell, string>();
    const years: Line[] = [];
    let group: Cell[] = [];
    let currency: string | null = null;
    let end = labels.at(-1)!.at(-1)!.end;
    const close = () => {
      if (group.length > 0) groups.push(group);
      group = [];
    };
    while (i < lines.length && kindOf(lines[i]!.text) !== "label") {
      const line = lines[i]!;
      const k = kindOf(line.text);
      if (k === "value") {
        const cell = valueCell(line);
        if (currency) signed.set(cell, currency);
        group.push(cell);
        currency = null;
        end = line.end;
      } else {
        close();
        if (k === "currency") currency = line.text;
        if (k === "year") {
          years.push(line);
          end = line.end;
        }
      }
      i++;
    }
    close();
    out.push({ start: (leadingYears[0] ?? labels[0]![0]!).start, segment: { labels, signed, groups, years, end }, leadingYears });
    leadingYears = groups.length === 0 ? years : [];
  }
  return out;
}

/**
 * The years printed with a table as its column headings when they name every column (the last
 * `columns` of them: a title may print another before), else as its caption. Fewer years than
 * columns cannot be placed: Apple's 2021 statement of operations prints only "2021" among its
 * three columns' headings, and "2019 2018 % change" tables leave the last column without one.
 */
function yearHeadings(years: Line[], columns: number): Pick<Table, "header" | "caption"> {
  const cells = years.map(lineCell);
  return cells.length >= columns ? { header: cells.slice(-columns), caption: [] } : { header: null, caption: cells };
}

function columnTables(lines: readonly Line[]): Table[] {
  const pageLabels = new Set(lines.filter((l) => kindOf(l.text) === "label").map((l) => l.text.toLowerCase()));
  const tables: Table[] = [];
  let open: (Table & { years: Line[] }) | null = null;
  const flush = () => {
    if (open && open.rows.filter((r) => !r.heading).length >= 2) {
      tables.push({ start: open.start, end: open.end, columns: open.columns, ...yearHeadings(open.years, open.columns), rows: open.rows });
    }
    open = null;
  };
  for (const { start, segment, leadingYears } of segments(lines)) {
    const fit = fitSegment(segment, leadingYears.length + segment.years.length, pageLabels);
    if (!fit) {
      flush();
      continue;
    }
    if (open && open.columns === fit.columns && !fit.skipped) {
      open.rows.push(...fit.rows);
      open.years.push(...segment.years);
      open.end = segment.end;
    } else {
      flush();
      const firstRow = fit.rows.find((r) => !r.heading)!;
      firstRow.cells = firstRow.cells.map((c) => (c && !c.currency && segment.signed.has(c) ? { ...c, currency: segment.signed.get(c)! } : c));
      // Title lines left out of the rows stay text before the table (and the years above them with it).
      const first = fit.rows[0]!.label!.start;
      open = { start: fit.skipped ? first : start, end: segment.end, columns: fit.columns, header: null, caption: [], rows: fit.rows, years: [...(fit.skipped ? [] : leadingYears), ...segment.years] };
    }
  }
  flush();
  return tables;
}

/** One row on one line: a label, then two or more values ("Net income $ 23,434 $ 21,448"). */
const INLINE_ROW = new RegExp(String.raw`^(.*?[A-Za-z].*?)((?:\s+(?:[$€£]\s*)?(?:${NUMBER}))+)$`);
const INLINE_CELL = new RegExp(String.raw`([$€£]\s*)?(${NUMBER})`, "g");

function inlineRow(line: Line): TableRow | null {
  const match = INLINE_ROW.exec(line.text);
  if (!match || match[1]!.length > MAX_LABEL) return null;
  const tailAt = match[1]!.length;
  const cells = [...match[2]!.matchAll(INLINE_CELL)].map((m) => {
    const offset = line.start + tailAt + m.index + (m[1]?.length ?? 0);
    return { start: offset, end: offset + m[2]!.length, currency: m[1]?.trim() ?? null };
  });
  if (cells.length < 2) return null;
  return { label: { start: line.start, end: line.start + match[1]!.trimEnd().length, currency: null }, cells, heading: false };
}

/** Runs of one-line rows with the same number of values; blank lines and "Heading:" lines may stand between them. */
function inlineTables(lines: readonly Line[]): Table[] {
  const tables: Table[] = [];
  let rows: TableRow[] = [];
  let pending: TableRow[] = [];
  let start = 0;
  let end = 0;
  const flush = () => {
    if (rows.filter((r) => !r.heading).length >= 2) tables.push({ start, end, columns: rows[0]!.cells.length, header: null, caption: [], rows });
    rows = [];
    pending = [];
  };
  for (const line of lines) {
    if (line.text === "") continue;
    const row = inlineRow(line);
    if (row && (rows.length === 0 || row.cells.length === rows[0]!.cells.length)) {
      if (rows.length === 0) start = line.start;
      rows.push(...pending, row);
      pending = [];
      end = line.end;
      continue;
    }
    if (rows.length > 0 && line.text.endsWith(":") && line.text.length <= MAX_LABEL) {
      pending.push({ label: lineCell(line), cells: [], heading: true });
      continue;
    }
    flush();
    if (row) {
      start = line.start;
      rows.push(row);
      end = line.end;
    }
  }
  flush();
  return tables;
}

/** The tables of a page (its lines, furniture already blanked), in page order, not overlapping. */
export function pageTables(lines: readonly Line[]): Table[] {
  const inline = inlineTables(lines);
  const taken = (l: Line) => inline.some((t) => l.start < t.end && l.end > t.start);
  // The PDF layout is looked for in what the one-line rows leave: such lines read as blank there.
  const rest = lines.map((l) => (taken(l) ? { ...l, text: "" } : l));
  return [...inline, ...columnTables(rest)].sort((a, b) => a.start - b.start);
}
