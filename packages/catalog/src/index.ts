export * from './types';
export { buildCatalog, catalog, type CatalogOptions } from './routes';
export * from './rules';
export * from './screens';
