// Words read outside the app's screens (e-mails, pushes, exports, MQTT): one place, translated by the catalogs.
export * from './alerts';
export * from './cards';
export * from './mails';
export * from './metrics';
export * from './plans';
export * from './types';
