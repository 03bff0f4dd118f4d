/** The configuration history kit piece: versions, compare, restore (README.md). */
export { WithHistory, HistoryLink, historyCell } from './WithHistory';
export { HistoryDrawer } from './HistoryDrawer';
export { VersionDiff } from './VersionDiff';
export { diffDocs, valueText } from './diff';
export type { HistoryDeclaration, Version } from './types';
