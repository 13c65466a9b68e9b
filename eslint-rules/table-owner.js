import path from 'node:path';
import { tableOwners, wholeDatabaseFiles } from './table-owners.js';

/** Kysely calls whose first argument names a table (or `table as alias`, or a list of them). */
const tableMethods = new Set(['selectFrom', 'insertInto', 'replaceInto', 'updateTable', 'deleteFrom', 'mergeInto', 'innerJoin', 'leftJoin', 'rightJoin', 'fullJoin', 'table']);
const tableNames = Object.keys(tableOwners);
const sqlTable = new RegExp(`\\b(?:from|into|update|join|table)\\s+"?(${tableNames.join('|')})\\b`, 'gi');
const looksLikeSql = /\b(?:select|insert|update|delete|create|drop|alter)\b/i;

/** The known tables a piece of SQL text reads or writes. */
export function tablesInSqlText(text) {
  if (!looksLikeSql.test(text)) return [];
  return [...new Set([...text.matchAll(sqlTable)].map((match) => match[1].toLowerCase()))];
}

const tableOf = (value) => value.trim().split(/\s+as\s+/i)[0].trim();

/**
 * The visitor both the lint rule and the ownership test use: calls `onTable(node, table)` for every
 * table a file runs SQL on, and `onUnnamed(node)` for a table given as a value (not written out).
 */
export function sqlTableVisitor(onTable, onUnnamed) {
  const literalTables = (node) => {
    if (node.type === 'Literal' && typeof node.value === 'string') return [tableOf(node.value)];
    if (node.type === 'TemplateLiteral' && node.expressions.length === 0) return [tableOf(node.quasis[0].value.cooked)];
    if (node.type === 'ArrayExpression') return node.elements.flatMap((element) => (element ? literalTables(element) : [null]));
    return [null];
  };
  return {
    CallExpression(node) {
      const callee = node.callee;
      if (callee.type !== 'MemberExpression' || callee.property.type !== 'Identifier' || !tableMethods.has(callee.property.name)) return;
      // `sql.table(x)` and the query builder's methods; a `.table` of anything else is not SQL.
      if (callee.property.name === 'table' && !(callee.object.type === 'Identifier' && callee.object.name === 'sql')) return;
      const first = node.arguments[0];
      if (!first) return;
      for (const table of literalTables(first)) {
        if (table === null) onUnnamed(node);
        else if (tableNames.includes(table)) onTable(node, table);
      }
    },
    TemplateLiteral(node) {
      for (const table of tablesInSqlText(node.quasis.map((quasi) => quasi.value.cooked).join(' '))) onTable(node, table);
    },
    Literal(node) {
      if (typeof node.value === 'string') for (const table of tablesInSqlText(node.value)) onTable(node, table);
    },
  };
}

/** The server feature a file belongs to, or null for code outside server/features/. */
export const featureOfFile = (relative) => /^server\/features\/([^/]+)\//.exec(relative)?.[1] ?? null;

/** @type {import('eslint').Rule.RuleModule} */
export const tableOwnerRule = {
  meta: {
    type: 'problem',
    docs: { description: 'SQL on a table runs only in the feature that owns it (eslint-rules/table-owners.js).' },
    messages: {
      foreign:
        '"{{table}}" is owned by the {{owner}} feature: call a function exported from server/features/{{owner}}/index.ts instead of running SQL on it here.',
      unnamed:
        'A table given as a value cannot be checked for its owner: write the table name out in the owning feature (only whole-database operations in eslint-rules/table-owners.js may take one).',
    },
    schema: [],
  },
  create(context) {
    const relative = path.relative(context.cwd, context.filename).split(path.sep).join('/');
    if (!/^(server|scripts)\//.test(relative) || wholeDatabaseFiles.includes(relative)) return {};
    const feature = featureOfFile(relative);
    return sqlTableVisitor(
      (node, table) => {
        const owner = tableOwners[table];
        if (owner !== feature) context.report({ node, messageId: 'foreign', data: { table, owner } });
      },
      (node) => context.report({ node, messageId: 'unnamed' }),
    );
  },
};
