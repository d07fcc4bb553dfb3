// Public API of the domain layer.
export * from './aggregate';
export * from './cards';
export * from './catalogue';
export * from './codec';
export * from './deviceTypes';
export * from './formulas';
export * from './hash';
export * from './levels';
export * from './periods';
export type * from './types';
export * from './units';
export * from './unitTables';
export * from './validate';
