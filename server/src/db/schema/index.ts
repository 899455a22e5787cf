export * from './users.ts';
export * from './audit.ts';
export * from './tracking.ts';
export * from './labs.ts';
export * from './billing.ts';
export * from './blog.ts';
export * from './assistant.ts';
export * from './shares.ts';
