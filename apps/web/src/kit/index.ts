/** The screen kit: declare a screen, render it with one of these. See README.md. */
export { ListScreen } from './list/ListScreen';
export { ConfigScreen } from './config/ConfigScreen';
export { DashboardScreen } from './dashboard/DashboardScreen';
export { TabsScreen, type TabDeclaration } from './tabs/TabsScreen';
export { fieldsFromSchema } from './config/schemaFields';
export { cellText, renderCell } from './cells';
export { columnMaker, type ColumnMaker } from './columns';
export { useKitMutation, usePreviewSend, type KitMutation, type KitMutationSpec, type PreviewSend, type PreviewSendSpec } from './mutation';
export { ROLE_OPTIONS } from './roles';
export { EXPORT_PAGE_SIZE, EXPORT_ROW_CAP } from './list/exportCsv';
export type * from './types';
