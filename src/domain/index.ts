// Public API of the domain layer.
export * from './aggregate';
export * from './airIndex';
export * from './cards';
export * from './catalogue';
export * from './codec';
export * from './countries';
export * from './deviceTypes';
export * from './exports';
export * from './formulas';
export * from './hash';
export * from './levels';
export * from './periods';
export * from './timeZones';
export type * from './types';
export * from './unitPrefs';
export * from './units';
export * from './unitTables';
export * from './validate';
