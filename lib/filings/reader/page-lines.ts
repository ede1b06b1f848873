/** A line of a page's text, located by offsets in that text (trimmed of surrounding spaces). Pure. */
export interface Line {
  start: number;
  end: number;
  text: string;
}

/** The lines of a page; `start`..`end` covers the line without its leading and trailing spaces. */
export function pageLines(text: string): Line[] {
  const lines: Line[] = [];
  let at = 0;
  for (const raw of text.split("\n")) {
    const lead = raw.length - raw.trimStart().length;
    const trimmed = raw.trim();
    lines.push({ start: at + lead, end: at + lead + trimmed.length, text: trimmed });
    at += raw.length + 1;
  }
  return lines;
}

/** A line's text as a running head or foot compares it: case, spacing and numbers ignored ("Page 15" = "Page 16"). */
export const lineShape = (text: string) => text.toLowerCase().replace(/\d+/g, "#").replace(/\s+/g, " ").trim();
