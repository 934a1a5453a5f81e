export * from './codes.ts';
export * from './roles.ts';
export * from './paging.ts';
export * from './limits.ts';
export * from './permissions.ts';
export * from './format.ts';
export * from './validators.ts';
export * from './api-types.ts';
