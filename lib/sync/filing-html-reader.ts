import { Tokenizer, type TokenizerCallbacks } from "htmlparser2";

/**
 * HTML as a stream of element opens, closes and text, every open element closed exactly once and
 * innermost first, in time linear in the document however deep or broken its nesting. It tokenizes
 * with htmlparser2's Tokenizer (entities decoded) but keeps its own element stack: htmlparser2's
 * Parser keeps the stack as an array it unshifts and searches, which costs O(depth) per tag.
 */
export interface HtmlHandler {
  /** Tag names are lower case (`ix:nonfraction`); so are attribute names. */
  open(name: string, attributes: Readonly<Record<string, string>>): void;
  close(name: string): void;
  text(text: string): void;
}

/** Elements that never have content (their end tags are ignored, but for `</br>`). */
const VOID = new Set(["area", "base", "basefont", "br", "col", "command", "embed", "frame", "hr", "img", "input", "isindex", "keygen", "link", "meta", "param", "source", "track", "wbr"]);

const CLOSES_P = new Set(["p"]);
const P_CLOSERS = ["address", "article", "aside", "blockquote", "details", "div", "dl", "fieldset", "figcaption", "figure", "footer", "form", "h1", "h2", "h3", "h4", "h5", "h6", "header", "hr", "main", "nav", "ol", "p", "pre", "section", "table", "ul"];

/** The current elements an opening tag ends (HTML's implied end tags, as htmlparser2 applies them). */
const IMPLIED_ENDS = new Map<string, ReadonlySet<string>>([
  ["tr", new Set(["tr", "td", "th"])],
  ["td", new Set(["td", "th"])],
  ["th", new Set(["td", "th"])],
  ["body", new Set(["head", "link", "script"])],
  ["li", new Set(["li"])],
  ["option", new Set(["option"])],
  ["dd", new Set(["dd", "dt"])],
  ["dt", new Set(["dd", "dt"])],
  ...P_CLOSERS.map((name): [string, ReadonlySet<string>] => [name, CLOSES_P]),
]);

/** The open elements, with a count per name so that an end tag finds its element in O(1). */
class ElementStack {
  private readonly names: string[] = [];
  private readonly counts = new Map<string, number>();

  constructor(private readonly handler: HtmlHandler) {}

  push(name: string, attributes: Readonly<Record<string, string>>): void {
    this.names.push(name);
    this.counts.set(name, (this.counts.get(name) ?? 0) + 1);
    this.handler.open(name, attributes);
  }

  pop(): string | undefined {
    const name = this.names.pop();
    if (name === undefined) return undefined;
    this.counts.set(name, (this.counts.get(name) ?? 1) - 1);
    this.handler.close(name);
    return name;
  }

  top(): string | undefined {
    return this.names.at(-1);
  }

  /** Closes `name` and everything opened inside it; false when no such element is open (a stray end tag). */
  closeThrough(name: string): boolean {
    if ((this.counts.get(name) ?? 0) === 0) return false;
    while (this.pop() !== name);
    return true;
  }

  closeAll(): void {
    while (this.pop() !== undefined);
  }
}

function openElement(stack: ElementStack, name: string, attributes: Record<string, string>, selfClosing: boolean): void {
  const ends = IMPLIED_ENDS.get(name);
  if (ends) while (ends.has(stack.top() ?? "")) stack.pop();
  stack.push(name, attributes);
  if (selfClosing || VOID.has(name)) stack.pop();
}

function closeElement(stack: ElementStack, name: string): void {
  if (VOID.has(name)) {
    if (name === "br") openElement(stack, "br", {}, true);
    return;
  }
  // A stray </p> stands for an empty paragraph, as in browsers.
  if (!stack.closeThrough(name) && name === "p") openElement(stack, "p", {}, true);
}

/** Reads `html` into `handler`; malformed markup is read as browsers would, roughly, and never rejected. */
export function readHtml(html: string, handler: HtmlHandler): void {
  const stack = new ElementStack(handler);
  const slice = (start: number, end: number) => html.slice(start, end);
  let tagName = "";
  let attributes: Record<string, string> = {};
  let attributeName = "";
  let attributeValue = "";
  const callbacks: TokenizerCallbacks = {
    onopentagname: (start, end) => {
      tagName = slice(start, end).toLowerCase();
      attributes = {};
    },
    onattribname: (start, end) => {
      attributeName = slice(start, end).toLowerCase();
    },
    onattribdata: (start, end) => {
      attributeValue += slice(start, end);
    },
    onattribentity: (codePoint) => {
      attributeValue += String.fromCodePoint(codePoint);
    },
    onattribend: () => {
      if (!Object.hasOwn(attributes, attributeName)) attributes[attributeName] = attributeValue;
      attributeValue = "";
    },
    onopentagend: () => openElement(stack, tagName, attributes, false),
    onselfclosingtag: () => openElement(stack, tagName, attributes, true),
    onclosetag: (start, end) => closeElement(stack, slice(start, end).toLowerCase()),
    ontext: (start, end) => handler.text(slice(start, end)),
    ontextentity: (codePoint) => handler.text(String.fromCodePoint(codePoint)),
    oncdata: () => {},
    oncomment: () => {},
    ondeclaration: () => {},
    onprocessinginstruction: () => {},
    onend: () => stack.closeAll(),
  };
  const tokenizer = new Tokenizer({ decodeEntities: true, recognizeSelfClosing: true }, callbacks);
  tokenizer.write(html);
  tokenizer.end();
}
