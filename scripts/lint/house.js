// The house's own ESLint rules, for the layers of eslint.config.js (docs/architecture.md §2):
// `layer` fails a file that no layer holds, `folders` keeps a layer's relative imports inside the
// places it may reach, `areas` keeps the counter core's areas to the uses its table allows and to
// each other's index, `tables` keeps each table's SQL inside the area that owns it, `packages` keeps
// forbidden npm and Node modules out. Plain JS: ESLint loads it with its config, before anything is
// compiled.
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

/**
 * The tables a piece of SQL names, each with whether it writes it: after DELETE FROM, INTO (INSERT,
 * INSERT OR REPLACE), UPDATE or TABLE (CREATE, ALTER, DROP) it writes, after FROM or JOIN it reads.
 * The house writes its SQL's keywords in capitals, so English prose ("from the outbox") is not read
 * as SQL.
 */
const SQL_TABLE = /\b(DELETE\s+FROM|FROM|JOIN|INTO|UPDATE|TABLE)\s+([A-Za-z_][A-Za-z0-9_]*)/g;

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

      areas: {
        meta: {
          type: 'problem',
          docs: {
            description:
              "Inside a host's core, an area imports another area only if the table lets it, and only through that area's index.",
          },
          schema: [
            {
              type: 'object',
              properties: {
                base: { type: 'string' },
                areas: { type: 'object', additionalProperties: places },
                open: places,
              },
              required: ['base', 'areas'],
              additionalProperties: false,
            },
          ],
        },
        create(context) {
          const [{ base, areas, open = [] }] = context.options;
          const file = fromRoot(context.physicalFilename);
          if (!file.startsWith(base)) return {};
          const areaOf = (path) => {
            const rest = path.slice(base.length).split('/');
            return rest.length > 1 ? rest[0] : null;
          };
          // A file directly in the base composes the areas: it may use each, through its index. A
          // folder the table does not list is in no layer either (the rule `layer` says so).
          const own = areaOf(file);
          if (own !== null && !Object.hasOwn(areas, own)) return {};
          return eachImport((node, text) => {
            if (!text.startsWith('.')) return;
            const target = posix.normalize(posix.join(dirname(file), text)).replace(CODE, '');
            if (!target.startsWith(base)) return;
            const name = target.slice(base.length).split('/')[0];
            const other = areaOf(target) ?? (Object.hasOwn(areas, name) ? name : null);
            if (other === own || open.includes(other)) return;
            if (other === null) {
              // The composition's own files (counter.ts, dispatch.ts, types.ts): no area depends on them.
              if (own !== null)
                context.report({ node, message: `'${text}': an area does not import ${target}, the composition of the areas.` });
              return;
            }
            if (own !== null && !areas[own].includes(other)) {
              context.report({
                node,
                message: `'${text}': the ${own} area may not use the ${other} area (eslint.config.js's table: ${own} uses ${areas[own].join(', ') || 'no other area'}).`,
              });
            } else if (target !== `${base}${other}` && target !== `${base}${other}/index`) {
              context.report({
                node,
                message: `'${text}' reaches inside the ${other} area: import it through its index ('${posix.relative(dirname(file), `${base}${other}`)}').`,
              });
            }
          });
        },
      },

      tables: {
        meta: {
          type: 'problem',
          docs: {
            description:
              "Inside a host's core, a table is named in SQL only by the area that owns it; the others go through that area's index.",
          },
          schema: [
            {
              type: 'object',
              properties: {
                base: { type: 'string' },
                owners: { type: 'object', additionalProperties: places },
                open: places,
                except: { type: 'object', additionalProperties: places },
              },
              required: ['base', 'owners'],
              additionalProperties: false,
            },
          ],
        },
        create(context) {
          const [{ base, owners, open = [], except = {} }] = context.options;
          const file = fromRoot(context.physicalFilename);
          if (!file.startsWith(base)) return {};
          const rest = file.slice(base.length).split('/');
          // A file directly in the base composes the areas: it owns no table.
          const own = rest.length > 1 ? rest[0] : null;
          const who = own === null ? 'the composition' : `${own}/`;
          const ownerOf = new Map(Object.entries(owners).flatMap(([owner, tables]) => tables.map((table) => [table, owner])));
          const excepted = new Set(except[file] ?? []);
          const check = (node, sql) => {
            /** Each table the SQL names, and whether it writes it anywhere. */
            const named = new Map();
            for (const [, keyword, table] of sql.matchAll(SQL_TABLE))
              named.set(table, named.get(table) === true || !/^(?:FROM|JOIN)$/.test(keyword));
            for (const [table, writes] of named) {
              const owner = ownerOf.get(table);
              if (owner === undefined || owner === own || excepted.has(table)) continue;
              if (open.includes(owner) && !writes) continue;
              const how = open.includes(owner)
                ? `${who} reads it, and writes it only through what ${owner}/ offers`
                : `${who} uses it only through what ${owner}/ offers, never in SQL of its own`;
              context.report({ node, message: `${table} is a table of ${owner}/ (eslint.config.js's coreTables): ${how}.` });
            }
          };
          return {
            Literal: (node) => {
              if (typeof node.value === 'string') check(node, node.value);
            },
            // An interpolation stands for a value or a piece of SQL that is judged where it is written.
            TemplateLiteral: (node) => check(node, node.quasis.map((quasi) => quasi.value.cooked ?? quasi.value.raw).join(' ? ')),
          };
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
