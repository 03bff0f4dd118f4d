export * from './text';
export * from './roles';
export * from './envelope';
export * from './auth';
export * from './accounts';
export * from './operation-log';
