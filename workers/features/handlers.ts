// A feature's handler map: DataWorkerApi methods as the feature implements them, each given the started
// runtime first, then the call's own arguments. The engine binds them all (engine.ts).
import type { DataWorkerApi } from '../api';
import type { Runtime } from '../runtime';

export type EngineApi = Omit<DataWorkerApi, 'start'>;

export type Handlers<K extends keyof EngineApi> = {
  [P in K]: EngineApi[P] extends (...args: infer A) => infer R ? (rt: Runtime, ...args: A) => R : never;
};
