/** The list machinery: declare a list once, get its list operation and its streaming CSV export. */
export { defineList, exportOperation, listOperation, listOperations, MAX_PAGE_SIZE, type List, type ListSpec } from './define';
export { contains, custom, dateRange, eqBool, eqEnum, eqInt, eqText, intRange, minInt, prefix, type FilterBuilder } from './filters';
export { sortBy, type SortOrder } from './keyset';
export { EXPORT_CHUNK } from './export';
