export * from './csv';
export * from './dates';
export * from './exportUrl';
export * from './kinds';
export * from './query';
export * from './rows';
export * from './staffAuth';
export * from './status';
