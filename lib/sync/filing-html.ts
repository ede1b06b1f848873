import { readHtml } from "./filing-html-reader";

/**
 * An EDGAR primary document (HTML or inline XBRL) as plain text in the convention of the bundled
 * edgartools texts that the filing index reads (lib/ingest/filings): paragraphs separated by a blank
 * line; a heading is a paragraph of its own ("Item 7. Management’s Discussion and Analysis ..."), so
 * `findSections` sees it at the start of a line; each table row is one paragraph of its non-empty
 * cells joined by single spaces ("Total net sales $ 391,035 2 % $ 383,285 (3) % $ 394,328").
 *
 * One streaming pass (filing-html-reader, no DOM), so the work is linear in the document; malformed
 * HTML yields whatever text could be read rather than an error.
 */

/** Elements that end the paragraph before them and start a new one. */
const BLOCK = new Set([
  "address", "article", "aside", "blockquote", "body", "br", "caption", "center", "dd", "details", "dialog", "dir", "div", "dl",
  "dt", "fieldset", "figcaption", "figure", "footer", "form", "h1", "h2", "h3", "h4", "h5", "h6", "header", "hgroup", "hr",
  "html", "li", "main", "menu", "nav", "ol", "p", "pre", "section", "summary", "table", "tbody", "td", "tfoot", "th", "thead",
  "tr", "ul",
  // The SGML wrapper of a document taken from a full submission (<DOCUMENT><TYPE>EX-99.1<SEQUENCE>2 ...).
  "document", "type", "sequence", "filename", "description", "text",
]);

/** Elements whose content is never shown; `ix:header` holds the hidden facts and contexts of inline XBRL. */
const HIDDEN = new Set(["head", "title", "script", "style", "noscript", "template", "ix:header"]);

/** Header fields of the SGML wrapper: their text (the form, sequence, file name) is metadata, not the document. */
const SGML_HEADER = new Set(["type", "sequence", "filename", "description"]);

/**
 * Tables nested deeper than this read as plain blocks: a row passes its text up through every table
 * around it, so the depth bounds the copying (filings nest two or three deep).
 */
const MAX_TABLE_DEPTH = 8;

const DISPLAY_NONE = /(?:^|;)\s*display\s*:\s*none\b/i;

/** Runs of whitespace, non-breaking and zero-width spaces included. */
const SPACES = /[\s\u200b]+/g;

/** A paragraph list: the document itself or one table cell. */
interface Container {
  kind: "container";
  paragraphs: string[];
}

/** A table row being read: the paragraphs of each of its cells. */
interface Row {
  kind: "row";
  cells: string[][];
}

type Frame = Container | Row;

/** What opening an element did, undone when it closes. */
interface OpenElement {
  name: string;
  hides: boolean;
  frame: boolean;
}

function isHidden(name: string, attributes: Readonly<Record<string, string>>): boolean {
  return HIDDEN.has(name) || DISPLAY_NONE.test(attributes.style ?? "");
}

/** A row's paragraphs: a one-cell row keeps the cell's paragraphs (a layout table); otherwise one line of all cells. */
function rowParagraphs(row: Row): string[] {
  const cells = row.cells.filter((cell) => cell.length > 0);
  if (cells.length === 1) return cells[0]!;
  return cells.length === 0 ? [] : [cells.map((cell) => cell.join(" ")).join(" ")];
}

class TextWriter {
  private readonly document: Container = { kind: "container", paragraphs: [] };
  private readonly frames: Frame[] = [this.document];
  private readonly open: OpenElement[] = [];
  private hiddenDepth = 0;
  private rowDepth = 0;
  private inline: string[] = [];

  openTag(name: string, attributes: Readonly<Record<string, string>>): void {
    const hides = this.hiddenDepth === 0 && isHidden(name, attributes);
    const element: OpenElement = { name, hides, frame: false };
    this.open.push(element);
    if (this.hiddenDepth > 0 || hides) {
      if (hides) this.hiddenDepth++;
      return;
    }
    if (name === "tr" && this.rowDepth < MAX_TABLE_DEPTH) {
      this.breakParagraph();
      this.frames.push({ kind: "row", cells: [] });
      this.rowDepth++;
      element.frame = true;
    } else if ((name === "td" || name === "th") && this.top().kind === "row") {
      this.breakParagraph();
      this.frames.push({ kind: "container", paragraphs: [] });
      element.frame = true;
    } else if (BLOCK.has(name)) {
      this.breakParagraph();
    }
  }

  /** The reader closes every element it opened, innermost first, so the top of `open` is this one. */
  closeTag(): void {
    const element = this.open.pop();
    if (!element) return;
    if (element.hides) {
      this.hiddenDepth--;
      return;
    }
    if (this.hiddenDepth > 0) return;
    if (element.frame) {
      this.breakParagraph();
      this.closeFrame();
    } else if (BLOCK.has(element.name)) {
      this.breakParagraph();
    }
  }

  addText(text: string): void {
    if (this.hiddenDepth > 0 || SGML_HEADER.has(this.open.at(-1)?.name ?? "")) return;
    this.inline.push(text);
  }

  result(): string {
    this.breakParagraph();
    // Frames left open by an error mid-document: keep what they read.
    while (this.frames.length > 1) this.closeFrame();
    return this.document.paragraphs.join("\n\n");
  }

  private top(): Frame {
    return this.frames.at(-1) ?? this.document;
  }

  private closeFrame(): void {
    const frame = this.frames.pop();
    if (!frame) return;
    if (frame.kind === "row") {
      this.rowDepth--;
      for (const paragraph of rowParagraphs(frame)) this.emit(paragraph);
    } else {
      const row = this.top();
      if (row.kind === "row") row.cells.push(frame.paragraphs);
      else for (const paragraph of frame.paragraphs) this.emit(paragraph);
    }
  }

  private breakParagraph(): void {
    if (this.inline.length === 0) return;
    const paragraph = this.inline.join("").replace(SPACES, " ").trim();
    this.inline = [];
    if (paragraph !== "") this.emit(paragraph);
  }

  /** Text outside any cell of a row (rare, malformed) counts as a cell of its own. */
  private emit(paragraph: string): void {
    const frame = this.top();
    if (frame.kind === "row") frame.cells.push([paragraph]);
    else frame.paragraphs.push(paragraph);
  }
}

/** The plain text of an EDGAR HTML or inline XBRL document (see the module comment for the convention). */
export function filingHtmlToText(html: string): string {
  const writer = new TextWriter();
  try {
    readHtml(html, { open: (name, attributes) => writer.openTag(name, attributes), close: () => writer.closeTag(), text: (text) => writer.addText(text) });
  } catch {
    // The tokenizer does not reject malformed markup; this only keeps the promise to return what was read.
  }
  return writer.result();
}
