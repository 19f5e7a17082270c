/** Contracts shared by every app and the API: isomorphic, no runtime dependencies. */
export * from './api';
export * from './errors';
export * from './events';
export * from './limits';
export * from './messages';
export * from './roles';
export * from './routes';
export * from './socket';
export * from './clients';
export * from './sports';
export * from './payments';
export * from './bets';
export * from './casino';
