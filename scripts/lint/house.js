// The house's own ESLint rules, for the layers of eslint.config.js (docs/architecture.md §2):
// `layer` fails a file that no layer holds, `folders` keeps a layer's relative imports inside the
// places it may reach, `packages` keeps forbidden npm and Node modules out. Plain JS: ESLint loads
// it with its config, before anything is compiled.
import { dirname, posix, relative, sep } from 'node:path';

/**
 * Calls `check(node, text)` for every module a file names literally: import and export-from
 * declarations, `import('…')` (the renderer's lazy screens, the counter's embedded central),
 * TypeScript's `import('…').Type` and `import x = require('…')`. An import whose path is computed
 * at run time cannot be judged here; the house uses those only to load a worker's or a tool's entry.
 */
function eachImport(check) {
  const literal = (node) => {
    if (node?.type === 'Literal' && typeof node.value === 'string') return node.value;
    if (node?.type === 'TemplateLiteral' && node.expressions.length === 0) return node.quasis[0].value.cooked;
    return null;
  };
  const visit = (node, source) => {
    const text = literal(source);
    if (text !== null) check(source, text);
  };
  return {
    ImportDeclaration: (node) => visit(node, node.source),
    ExportNamedDeclaration: (node) => visit(node, node.source),
    ExportAllDeclaration: (node) => visit(node, node.source),
    ImportExpression: (node) => visit(node, node.source),
    // typescript-eslint 8 names the literal `source`; earlier versions wrapped it in `argument`.
    TSImportType: (node) => visit(node, node.source ?? node.argument?.literal),
    TSExternalModuleReference: (node) => visit(node, node.expression),
  };
}

const places = { type: 'array', items: { type: 'string' } };
const CODE = /\.(?:[cm]?[jt]sx?|json)$/;
/** A test or a test helper: named *.test.*, or inside a folder named testing/. */
const TEST_CODE = /(?:^|\/)testing\/|\.test(?:\.[cm]?[jt]sx?)?$/;

/** The plugin, with the repository's root: every path in the rules' options is relative to it. */
export function housePlugin(root) {
  const fromRoot = (file) => relative(root, file).split(sep).join('/');
  return {
    meta: { name: 'house' },
    rules: {
      layer: {
        meta: {
          type: 'problem',
          docs: { description: 'Every source file belongs to one of the layers listed in eslint.config.js.' },
          schema: [],
        },
        create: (context) => ({
          Program: (node) =>
            context.report({
              node,
              message: `${fromRoot(context.physicalFilename)} is in no layer: every file belongs to a layer; add it to eslint.config.js's layers (docs/architecture.md §2).`,
            }),
        }),
      },

      folders: {
        meta: {
          type: 'problem',
          docs: { description: "Relative imports lead only to the places the file's layer may reach." },
          schema: [
            {
              type: 'object',
              properties: { may: places, message: { type: 'string' }, product: { type: 'boolean' } },
              required: ['may', 'message'],
              additionalProperties: false,
            },
          ],
        },
        create(context) {
          const [{ may, message, product = false }] = context.options;
          const file = fromRoot(context.physicalFilename);
          /** A place is a folder ('shared/') or one module without its extension ('electron/core/counter'). */
          const reaches = (target) =>
            may.some((place) => (place.endsWith('/') ? `${target}/`.startsWith(place) : target.replace(CODE, '') === place));
          return eachImport((node, text) => {
            if (!text.startsWith('./') && !text.startsWith('../') && text !== '.' && text !== '..') return;
            const target = posix.normalize(posix.join(dirname(file), text));
            if (product && TEST_CODE.test(target)) {
              context.report({
                node,
                message: `'${text}' leads to ${target}, a test or test helper: only tests, test helpers and the harnesses (e2e/, bench/, scripts/) import them.`,
              });
            } else if (target.startsWith('../') || !reaches(target)) {
              context.report({ node, message: `'${text}' leads to ${target}: ${message}` });
            }
          });
        },
      },

      packages: {
        meta: {
          type: 'problem',
          docs: { description: 'npm and Node modules a layer must not import.' },
          schema: [
            {
              type: 'object',
              properties: {
                forbidden: {
                  type: 'array',
                  items: {
                    type: 'object',
                    properties: { regex: { type: 'string' }, message: { type: 'string' } },
                    required: ['regex', 'message'],
                    additionalProperties: false,
                  },
                },
              },
              required: ['forbidden'],
              additionalProperties: false,
            },
          ],
        },
        create(context) {
          const forbidden = context.options[0].forbidden.map(({ regex, message }) => ({ pattern: new RegExp(regex), message }));
          return eachImport((node, text) => {
            if (text.startsWith('.') || text.startsWith('/')) return;
            const found = forbidden.find(({ pattern }) => pattern.test(text));
            if (found) context.report({ node, message: `'${text}': ${found.message}` });
          });
        },
      },
    },
  };
}
