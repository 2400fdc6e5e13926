/**
 * Every table, in drizzle's typed schema: a file per table, or per feature where its tables go
 * together. This index is the schema's one entry: the code imports `db/schema`, and drizzle-kit
 * generates the migrations from it (drizzle.config.ts).
 */
export * from './organisations';
export * from './registry';
export * from './sign-in';
export * from './audit-log';
export * from './events';
export * from './tickets';
export * from './companion-declarations';
export * from './suspensions';
export * from './transfers';
export * from './rate-limits';
export * from './gate';
export * from './wallet-credentials';
export * from './eu-wallet';
export * from './notifications';
export * from './gate-manifests';
