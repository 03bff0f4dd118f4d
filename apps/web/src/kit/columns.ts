import type { CellFormat, ColumnDeclaration } from './types';

/**
 * The column maker of a module whose headers are its strings under one prefix:
 * `const col = columnMaker('agents.f.')`, then `col<Item>('uid', 'uid', true)` is the column
 * of `uid`, titled by the string `agents.f.uid`, shown as a uid, sortable on the server.
 * A module over one item type may fix it: `const col: ColumnMaker<Item> = columnMaker(…)`.
 */
export const columnMaker =
  (prefix: string) =>
  <Row>(key: keyof Row & string, format?: CellFormat, sortable = false): ColumnDeclaration<Row> => ({ key, title: `${prefix}${key}`, format, sortable });

export type ColumnMaker<Row> = (key: keyof Row & string, format?: CellFormat, sortable?: boolean) => ColumnDeclaration<Row>;
