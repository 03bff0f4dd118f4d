export * from './types';
export { buildCatalog, catalog, optionalModules, OPTIONAL_MODULES, type CatalogOptions } from './routes';
export * from './rules';
export * from './screens';
