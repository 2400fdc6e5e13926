export * from './constants';
export * from './dates';
export * from './errors';
export * from './identifiers';
export * from './messages';
export * from './schemas/auth';
export * from './schemas/fields';
export * from './schemas/companions';
