/**
 * `client-boundary/no-server-imports`: a module marked "use client" runs in the browser, so it may
 * not import server-only code (the databases, the query workers, ingest, Node-only drivers).
 * Type-only imports are erased and allowed.
 */
const SERVER_ONLY = [/^better-sqlite3$/, /^sqlite-vec$/, /^ioredis$/, /^@\/lib\/(db|work|ingest)(\/|$)/];

const isClientModule = (program) =>
  program.body.some((node) => node.type === "ExpressionStatement" && node.directive === "use client");

const noServerImports = {
  meta: {
    type: "problem",
    docs: { description: 'Disallow server-only imports in "use client" modules' },
    schema: [],
    messages: { serverOnly: '"{{source}}" is server-only and may not be imported by a "use client" module.' },
  },
  create(context) {
    if (!isClientModule(context.sourceCode.ast)) return {};
    const check = (node) => {
      if (node.importKind === "type" || node.exportKind === "type") return;
      const source = node.source;
      if (source?.type === "Literal" && typeof source.value === "string" && SERVER_ONLY.some((re) => re.test(source.value))) {
        context.report({ node: source, messageId: "serverOnly", data: { source: source.value } });
      }
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};

const clientBoundary = { rules: { "no-server-imports": noServerImports } };
export default clientBoundary;
